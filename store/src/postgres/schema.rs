//! The schema of the PostgreSQL backend, as a numbered list of migrations.
//!
//! Each migration runs in its own transaction, under a transaction-scoped
//! advisory lock ([`MIGRATION_LOCK`]), and is recorded in `bang_schema`: several
//! servers starting at once apply each migration exactly once (the others
//! wait on the lock, then find it recorded), and a restart applies nothing twice.
//!
//! Tables:
//!
//! | table     | key                  | holds                                                     |
//! |-----------|----------------------|-----------------------------------------------------------|
//! | `games`   | `id`                 | a game's record; `data` is its JSON text as serialized    |
//! | `events`  | `(game, seq)`        | each envelope, its exact JSON bytes (as sled stores them) |
//! | `dedupe`  | `(game, action_id)`  | the first seq, count and digest of an append's action id  |
//! | `docs`    | `(collection, key)`  | a document's revision and JSON text                       |
//! | `secrets` | `name`               | a server secret                                           |
//!
//! Function: `bang_append` (migration 2), an append in one statement.
//!
//! A [`crate::GameId`] (a `u64`) is stored in a `BIGINT` as the `i64` with the
//! same bits (`id as i64`, read back with `as u64`): ids above `i64::MAX` are
//! negative in SQL. Envelopes and data are `TEXT`, not `jsonb`, so that their
//! bytes round-trip exactly (a `jsonb` reorders keys and rewrites numbers,
//! which would break the hash chain). Document keys are `BYTEA` (their UTF-8
//! bytes): they sort in byte order, as sled's do, and may hold a NUL byte,
//! which `TEXT` cannot.

use deadpool_postgres::Object;

use super::pg;
use crate::StoreError;

/// The advisory lock the migrations are applied under (an arbitrary constant:
/// "bang" in ASCII).
pub(crate) const MIGRATION_LOCK: i64 = 0x6261_6e67;

/// The migrations, in order: migration `n` is `MIGRATIONS[n - 1]`. Never edit
/// one that has shipped; add a new one.
pub(crate) const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE games (
    id BIGINT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    status SMALLINT NOT NULL,
    version BIGINT NOT NULL,
    generation BIGINT NOT NULL,
    head_hash TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX games_by_created ON games (created_at DESC, id DESC);
CREATE INDEX games_by_status ON games (status, created_at DESC, id DESC);
CREATE INDEX games_by_ruleset ON games (ruleset, created_at DESC, id DESC);
CREATE INDEX games_by_both ON games (status, ruleset, created_at DESC, id DESC);
CREATE TABLE events (
    game BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    envelope TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE dedupe (
    game BIGINT NOT NULL,
    action_id BYTEA NOT NULL,
    first_seq BIGINT NOT NULL,
    count BIGINT NOT NULL,
    digest BYTEA,
    PRIMARY KEY (game, action_id)
);
CREATE TABLE docs (
    collection TEXT NOT NULL,
    key BYTEA NOT NULL,
    revision BIGINT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (collection, key)
);
CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"#,
    r#"
-- An append in one statement (one round trip): the action id's dedupe, the
-- head's move from the version, hash and generation the events were sealed on, the
-- events, the dedupe entry and the documents written with them. Answers one row: 'applied'; 'duplicate' (the
-- action id's first append: first_seq, count, digest); 'moved' (the head is
-- not at p_expected, p_prev_hash, p_prev_generation: nothing written; with p_prev_hash NULL
-- nothing is tried, the head is only read); 'missing'. Every answer carries
-- the head as it is after the call.
CREATE FUNCTION bang_append(
    p_game BIGINT, p_expected BIGINT, p_prev_hash TEXT, p_prev_generation BIGINT,
    p_seqs BIGINT[], p_envelopes TEXT[],
    p_version BIGINT, p_head_hash TEXT, p_status SMALLINT, p_updated_at TIMESTAMPTZ,
    p_generation BIGINT, p_data TEXT, p_action_id BYTEA, p_digest BYTEA,
    p_doc_collections TEXT[], p_doc_keys BYTEA[], p_doc_values TEXT[]
) RETURNS TABLE (
    outcome TEXT, version BIGINT, generation BIGINT, status SMALLINT, head_hash TEXT,
    updated_at TIMESTAMPTZ, first_seq BIGINT, count BIGINT, digest BYTEA
) LANGUAGE plpgsql AS $$
DECLARE
    d RECORD;
BEGIN
    -- The action id is checked before the head moves, and again if it did
    -- not: a racing append of the same id may have committed meanwhile
    -- (each statement of the function sees a new snapshot).
    FOR attempt IN 1..2 LOOP
        IF p_action_id IS NOT NULL THEN
            SELECT x.first_seq, x.count, x.digest INTO d FROM dedupe x
                WHERE x.game = p_game AND x.action_id = p_action_id;
            IF FOUND THEN
                RETURN QUERY SELECT 'duplicate'::TEXT, g.version, g.generation, g.status,
                    g.head_hash, g.updated_at, d.first_seq, d.count, d.digest
                    FROM games g WHERE g.id = p_game;
                RETURN;
            END IF;
        END IF;
        EXIT WHEN attempt = 2 OR p_prev_hash IS NULL;
        UPDATE games g SET version = p_version, head_hash = p_head_hash, status = p_status,
                updated_at = p_updated_at, generation = p_generation,
                data = COALESCE(p_data, g.data)
            WHERE g.id = p_game AND g.version = p_expected AND g.head_hash = p_prev_hash
                AND g.generation = p_prev_generation;
        IF FOUND THEN
            INSERT INTO events (game, seq, envelope)
                SELECT p_game, s, e FROM UNNEST(p_seqs, p_envelopes) AS t(s, e);
            IF p_action_id IS NOT NULL THEN
                INSERT INTO dedupe (game, action_id, first_seq, count, digest)
                    VALUES (p_game, p_action_id, p_expected + 1,
                            cardinality(p_seqs), p_digest);
            END IF;
            -- The documents written with the append (a NULL value deletes).
            INSERT INTO docs (collection, key, revision, value)
                SELECT c, k, 1, v FROM UNNEST(p_doc_collections, p_doc_keys, p_doc_values)
                    AS t(c, k, v) WHERE v IS NOT NULL
                ON CONFLICT (collection, key)
                    DO UPDATE SET revision = docs.revision + 1, value = EXCLUDED.value;
            DELETE FROM docs x USING UNNEST(p_doc_collections, p_doc_keys, p_doc_values)
                AS t(c, k, v) WHERE t.v IS NULL AND x.collection = t.c AND x.key = t.k;
            RETURN QUERY SELECT 'applied'::TEXT, p_version, p_generation, p_status,
                p_head_hash, p_updated_at, NULL::BIGINT, NULL::BIGINT, NULL::BYTEA;
            RETURN;
        END IF;
    END LOOP;
    RETURN QUERY SELECT 'moved'::TEXT, g.version, g.generation, g.status, g.head_hash,
        g.updated_at, NULL::BIGINT, NULL::BIGINT, NULL::BYTEA
        FROM games g WHERE g.id = p_game;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'missing'::TEXT, NULL::BIGINT, NULL::BIGINT, NULL::SMALLINT,
            NULL::TEXT, NULL::TIMESTAMPTZ, NULL::BIGINT, NULL::BIGINT, NULL::BYTEA;
    END IF;
END
$$;
"#,
    r#"
-- The rate limits' takes, shared by the servers of this database: each
-- server adds what it took, and reads what the others did past the last
-- number it read.
CREATE TABLE takes (
    seq BIGSERIAL PRIMARY KEY,
    server BIGINT NOT NULL,
    key TEXT NOT NULL,
    n INT NOT NULL,
    at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX takes_at ON takes (at);
"#,
    r#"
-- Finished games' logs packed (issue 34): a game's envelopes 1..=upto and
-- their dedupe entries as one deflated record (store/src/packed.rs) whose
-- recomputed chain ends at `hash`; its events and dedupe rows from upto + 1
-- on stay rows. Already compressed: stored out of line, not compressed again.
CREATE TABLE packed_logs (
    game BIGINT PRIMARY KEY,
    upto BIGINT NOT NULL,
    hash TEXT NOT NULL,
    log BYTEA NOT NULL
);
ALTER TABLE packed_logs ALTER COLUMN log SET STORAGE EXTERNAL;
"#,
];

/// Applies the migrations `client`'s database lacks, in order.
pub(crate) async fn migrate(client: &mut Object) -> Result<(), StoreError> {
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        let version =
            i32::try_from(i + 1).map_err(|_| StoreError::Io("too many migrations".into()))?;
        let tx = client.transaction().await.map_err(pg)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(pg)?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS bang_schema (
                version INTEGER PRIMARY KEY,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )",
        )
        .await
        .map_err(pg)?;
        let applied = tx
            .query_opt("SELECT 1 FROM bang_schema WHERE version = $1", &[&version])
            .await
            .map_err(pg)?
            .is_some();
        if !applied {
            tx.batch_execute(sql).await.map_err(pg)?;
            tx.execute("INSERT INTO bang_schema (version) VALUES ($1)", &[&version])
                .await
                .map_err(pg)?;
        }
        tx.commit().await.map_err(pg)?;
    }
    Ok(())
}
