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
//! Functions: `bang_append` (migration 2), an append in one statement, and
//! `bang_append_batch` (migration 5), a batch of appends in one call.
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
    r#"
-- A batch of appends in one call (issue 34): what bang_append does for one
-- append, done for every append of a batch by one set of statements, started
-- once per batch rather than once per append. Append i (from 1) is element
-- i of p_games .. p_digests: its game, the version it expects and the hash
-- and generation its events were sealed on, the head after it, its new data
-- (NULL: unchanged), its action id and digest. Its events are the elements
-- of p_seqs and p_envelopes whose p_event_of is i; its documents those of
-- p_doc_collections .. p_doc_values whose p_doc_of is i (a NULL value
-- deletes). A batch names each game and each document once (the caller
-- sends a second append of one in a later call).
--
-- The games are locked first, in id order, so that two batches never wait
-- on each other in a circle and the statement after the lock sees every
-- append committed before it. Answers one row per append, `n` being its i:
-- 'applied'; 'duplicate' (the action id's first append: first_seq, count,
-- digest); 'moved' (the head is not where the events were sealed: nothing
-- written); 'missing'. Every answer carries the head as it is after the call.
CREATE FUNCTION bang_append_batch(
    p_games BIGINT[], p_expected BIGINT[], p_prev_hashes TEXT[], p_prev_generations BIGINT[],
    p_versions BIGINT[], p_head_hashes TEXT[], p_statuses SMALLINT[],
    p_updated_ats TIMESTAMPTZ[], p_generations BIGINT[], p_datas TEXT[],
    p_action_ids BYTEA[], p_digests BYTEA[],
    p_event_of INT[], p_seqs BIGINT[], p_envelopes TEXT[],
    p_doc_of INT[], p_doc_collections TEXT[], p_doc_keys BYTEA[], p_doc_values TEXT[]
) RETURNS TABLE (
    version BIGINT, generation BIGINT, status SMALLINT, head_hash TEXT,
    updated_at TIMESTAMPTZ, outcome TEXT, first_seq BIGINT, count BIGINT, digest BYTEA, n INT
) LANGUAGE plpgsql AS $$
DECLARE
    applied INT[];
    gone RECORD;
BEGIN
    PERFORM 1 FROM games g WHERE g.id = ANY (p_games) ORDER BY g.id FOR UPDATE;
    -- The heads that move: each still where its append was sealed, and its
    -- action id new. Every table is reached by key from the batch's own
    -- values (an index scan per value, the plan being made once for all
    -- sizes: see the settings below).
    WITH moved AS (
        UPDATE games g SET version = t.next_version, head_hash = t.next_hash,
                status = t.next_status, updated_at = t.next_at,
                generation = t.next_generation, data = COALESCE(t.data, g.data)
            FROM UNNEST(p_games, p_expected, p_prev_hashes, p_prev_generations,
                    p_versions, p_head_hashes, p_statuses, p_updated_ats, p_generations,
                    p_datas, p_action_ids)
                WITH ORDINALITY AS t(game, expected, prev_hash, prev_generation, next_version,
                    next_hash, next_status, next_at, next_generation, data, action_id, i)
            LEFT JOIN LATERAL (
                SELECT 1 AS found FROM dedupe x
                    WHERE x.game = t.game AND x.action_id = t.action_id LIMIT 1
            ) x ON true
            WHERE g.id = ANY (p_games) AND g.id = t.game AND g.version = t.expected
                AND g.head_hash = t.prev_hash AND g.generation = t.prev_generation
                AND x.found IS NULL
            RETURNING t.i
    )
    SELECT coalesce(array_agg(m.i::INT), '{}') INTO applied FROM moved m;
    IF cardinality(applied) > 0 THEN
        WITH written AS (
            INSERT INTO events (game, seq, envelope)
            SELECT p_games[e.i], e.seq, e.envelope
                FROM UNNEST(p_event_of, p_seqs, p_envelopes) AS e(i, seq, envelope)
                WHERE e.i = ANY (applied)
        ), deduped AS (
            -- Its events are expected + 1 ..= its new version.
            INSERT INTO dedupe (game, action_id, first_seq, count, digest)
            SELECT p_games[a.i], p_action_ids[a.i], p_expected[a.i] + 1,
                    p_versions[a.i] - p_expected[a.i], p_digests[a.i]
                FROM UNNEST(applied) AS a(i) WHERE p_action_ids[a.i] IS NOT NULL
        )
        INSERT INTO docs (collection, key, revision, value)
        SELECT d.c, d.k, 1, d.v
            FROM UNNEST(p_doc_of, p_doc_collections, p_doc_keys, p_doc_values)
                AS d(i, c, k, v)
            WHERE d.v IS NOT NULL AND d.i = ANY (applied)
        ON CONFLICT (collection, key)
            DO UPDATE SET revision = docs.revision + 1, value = EXCLUDED.value;
        -- Documents deleted (rare): one by one, each by its key.
        FOR gone IN
            SELECT d.c, d.k FROM UNNEST(p_doc_of, p_doc_collections, p_doc_keys, p_doc_values)
                AS d(i, c, k, v)
                WHERE d.v IS NULL AND d.i = ANY (applied)
        LOOP
            DELETE FROM docs x WHERE x.collection = gone.c AND x.key = gone.k;
        END LOOP;
    END IF;
    -- A new statement: it sees the writes above.
    RETURN QUERY
    SELECT t.next_version, t.next_generation, t.next_status, t.next_hash, t.next_at,
            'applied'::TEXT, NULL::BIGINT, NULL::BIGINT, NULL::BYTEA, t.i::INT
        FROM UNNEST(p_versions, p_generations, p_statuses, p_head_hashes, p_updated_ats)
            WITH ORDINALITY AS t(next_version, next_generation, next_status, next_hash,
                next_at, i)
        WHERE t.i = ANY (applied)
    UNION ALL
    SELECT g.version, g.generation, g.status, g.head_hash, g.updated_at,
            CASE WHEN x.first_seq IS NOT NULL THEN 'duplicate'
                WHEN g.version IS NULL THEN 'missing' ELSE 'moved' END,
            x.first_seq, x.count, x.digest, t.i::INT
        FROM UNNEST(p_games, p_action_ids) WITH ORDINALITY AS t(game, action_id, i)
        LEFT JOIN LATERAL (
            SELECT g.version, g.generation, g.status, g.head_hash, g.updated_at
                FROM games g WHERE g.id = t.game LIMIT 1
        ) g ON true
        LEFT JOIN LATERAL (
            SELECT x.first_seq, x.count, x.digest
                FROM dedupe x WHERE x.game = t.game AND x.action_id = t.action_id LIMIT 1
        ) x ON true
        WHERE NOT (t.i = ANY (applied));
END
$$;
-- Its plans are made once, on the tables as they are then, and kept: a
-- custom plan would be made again at each call, for arrays of every size.
-- A plan made while a table was small may scan it whole (cheaper, then);
-- without sequential scans every table is reached through its key.
ALTER FUNCTION bang_append_batch
    SET plan_cache_mode = force_generic_plan SET enable_seqscan = off;
-- bang_append keeps its plans too (after five calls): the same holds.
ALTER FUNCTION bang_append SET enable_seqscan = off;
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
