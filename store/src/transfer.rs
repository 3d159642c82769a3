//! Copying a whole store from one backend to another (`bang-store copy`).
//!
//! Both backends implement [`Transfer`]: they list their games, export a game
//! as it is stored (its record, every envelope's exact bytes, its dedupe
//! entries) and import one, and do the same for documents and secrets. An
//! import never overwrites: a game, document or secret already in the target
//! must be identical to the one imported ([`Imported::Present`]) or the copy
//! stops with [`StoreError::Invalid`]; so a copy can be run again.
//!
//! Imports write around the backends' usual paths (sled's writer thread,
//! PostgreSQL's notifications): copy into a store no server is using.

use std::future::Future;

use serde_json::Value;

use crate::{EventStore, GameId, GameRecord, Store, StoreError};

/// A game as stored: what [`copy`] moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameExport {
    /// Its record (status, version, head hash, generation, times, data).
    pub record: GameRecord,
    /// Its envelopes `1..=version`, each its exact stored JSON.
    pub envelopes: Vec<String>,
    /// Its dedupe entries, by action id.
    pub dedupe: Vec<DedupeExport>,
    /// Its chain key, when the writer knows it and the game is finished
    /// (its seed then public): a store that packs finished games
    /// (PostgreSQL) leaves out the commitments it gives. Exports say `None`.
    pub chain_key: Option<[u8; 32]>,
}

/// One dedupe entry of a game: an action id and where its append's envelopes are.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DedupeExport {
    /// The action id.
    pub action_id: String,
    /// The seq of the append's first envelope.
    pub first: u64,
    /// How many envelopes the append wrote.
    pub count: u64,
    /// The digest the action id was written with, if any.
    pub digest: Option<[u8; 32]>,
}

/// A document as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct DocExport {
    /// Its collection.
    pub collection: String,
    /// Its key.
    pub key: String,
    /// Its revision.
    pub revision: u64,
    /// Its value.
    pub value: Value,
}

/// What an import did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Imported {
    /// Written: the target did not have it.
    New,
    /// The target had it already, identical: nothing written.
    Present,
}

/// A backend a store can be copied from and to.
pub trait Transfer: EventStore {
    /// The ids of every game, in id order.
    fn game_ids(&self) -> impl Future<Output = Result<Vec<GameId>, StoreError>> + Send;

    /// A game as stored, if it exists.
    fn export_game(
        &self,
        id: GameId,
    ) -> impl Future<Output = Result<Option<GameExport>, StoreError>> + Send;

    /// Writes a game as exported, unless the store has it already (identical:
    /// [`Imported::Present`]; different: [`StoreError::Invalid`]).
    fn import_game(
        &self,
        game: &GameExport,
    ) -> impl Future<Output = Result<Imported, StoreError>> + Send {
        async move {
            let record = &game.record;
            let id = record.id;
            if let Some(existing) = self.export_game(id).await? {
                return same_or_refuse(existing == *game, format_args!("game {id}"));
            }
            if game.envelopes.len() as u64 != record.version {
                return Err(StoreError::Invalid(format!(
                    "game {id}: {} envelopes for version {}",
                    game.envelopes.len(),
                    record.version
                )));
            }
            self.write_new_game(game).await?;
            Ok(Imported::New)
        }
    }

    /// Writes `game`, which the store does not have and whose log is
    /// complete ([`Transfer::import_game`] checked both).
    fn write_new_game(
        &self,
        game: &GameExport,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Bulk load: writes `games` and `docs`, which the store does not have
    /// (not checked: ids and keys must be new, each log complete), in one
    /// step per backend (sled: a batch per tree and one flush; PostgreSQL: one
    /// transaction), without notifications. For filling a store no server
    /// is using (the `scale` tool's million games).
    fn write_bulk(
        &self,
        games: &[GameExport],
        docs: &[DocExport],
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Up to `limit` documents after `after` (a collection and a key), in
    /// the store's order of collection and key: a page of them.
    fn export_docs_after(
        &self,
        after: Option<(&str, &str)>,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<DocExport>, StoreError>> + Send;

    /// Every document, by collection and key (all in memory: for tests and
    /// small stores; [`copy`] reads them by pages).
    fn export_docs(&self) -> impl Future<Output = Result<Vec<DocExport>, StoreError>> + Send {
        async move {
            let mut all: Vec<DocExport> = Vec::new();
            loop {
                let after = all.last().map(|d| (d.collection.as_str(), d.key.as_str()));
                let page = self.export_docs_after(after, DOC_PAGE).await?;
                let done = page.len() < DOC_PAGE;
                all.extend(page);
                if done {
                    return Ok(all);
                }
            }
        }
    }

    /// Writes a document as exported, unless the store has it already
    /// (identical: [`Imported::Present`]; different: [`StoreError::Invalid`]).
    fn import_doc(
        &self,
        doc: &DocExport,
    ) -> impl Future<Output = Result<Imported, StoreError>> + Send;

    /// Every server secret, by name.
    fn export_secrets(
        &self,
    ) -> impl Future<Output = Result<Vec<(String, String)>, StoreError>> + Send;

    /// Writes a secret, unless the store has it already (identical:
    /// [`Imported::Present`]; different: [`StoreError::Invalid`]).
    fn import_secret(
        &self,
        name: &str,
        value: &str,
    ) -> impl Future<Output = Result<Imported, StoreError>> + Send;
}

/// Documents read per page by [`copy`].
pub const DOC_PAGE: usize = 1_000;

/// What [`copy`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// Games copied (written to the target).
    pub games: u64,
    /// Games the target had already, identical.
    pub games_present: u64,
    /// Envelopes of the games copied.
    pub events: u64,
    /// Documents copied.
    pub docs: u64,
    /// Documents the target had already, identical.
    pub docs_present: u64,
    /// Secrets copied.
    pub secrets: u64,
    /// Secrets the target had already, identical.
    pub secrets_present: u64,
    /// Games whose chain was verified on both sides (all of them).
    pub verified: u64,
}

/// The answer of an import of something the target has: `Present` if it is
/// the same, else [`StoreError::Invalid`] naming `what`.
pub(crate) fn same_or_refuse(
    same: bool,
    what: impl std::fmt::Display,
) -> Result<Imported, StoreError> {
    if same {
        Ok(Imported::Present)
    } else {
        Err(StoreError::Invalid(format!(
            "{what} exists in the target with different content"
        )))
    }
}

/// Copies every game, document and secret of `from` into `to`, then checks
/// every game's chain on both sides: valid, same version, same head hash.
pub async fn copy<A: Transfer, B: Transfer>(from: &A, to: &B) -> Result<CopyReport, StoreError> {
    let mut report = CopyReport::default();
    let ids = from.game_ids().await?;
    for &id in &ids {
        let Some(game) = from.export_game(id).await? else {
            continue;
        };
        match to.import_game(&game).await? {
            Imported::New => {
                report.games += 1;
                report.events += game.envelopes.len() as u64;
            }
            Imported::Present => report.games_present += 1,
        }
    }
    // Documents by pages: a store's memberships and histories may be many
    // millions, more than a copy should hold at once.
    let mut after: Option<(String, String)> = None;
    loop {
        let page = from
            .export_docs_after(
                after.as_ref().map(|(c, k)| (c.as_str(), k.as_str())),
                DOC_PAGE,
            )
            .await?;
        let done = page.len() < DOC_PAGE;
        for doc in &page {
            match to.import_doc(doc).await? {
                Imported::New => report.docs += 1,
                Imported::Present => report.docs_present += 1,
            }
        }
        match page.into_iter().last() {
            Some(last) if !done => after = Some((last.collection, last.key)),
            _ => break,
        }
    }
    for (name, value) in from.export_secrets().await? {
        match to.import_secret(&name, &value).await? {
            Imported::New => report.secrets += 1,
            Imported::Present => report.secrets_present += 1,
        }
    }
    for &id in &ids {
        let source = from.verify(id).await?;
        let target = to.verify(id).await?;
        if !source.valid
            || !target.valid
            || source.version != target.version
            || source.head_hash != target.head_hash
        {
            return Err(StoreError::Corrupt(format!(
                "game {id}: chain check failed after the copy (source {source:?}, target {target:?})"
            )));
        }
        report.verified += 1;
    }
    Ok(report)
}

/// [`copy`] between two stores named as [`Store::open`] names them (a sled
/// directory or a `postgres://` URL): what `bang-store copy` runs.
/// A source sled directory must exist (opening a missing one would make an
/// empty store and copy nothing); a sled target is settled last
/// ([`crate::settle`]).
pub async fn copy_between(from: &str, to: &str) -> Result<CopyReport, StoreError> {
    if !crate::is_postgres_url(from) && !std::path::Path::new(from).is_dir() {
        return Err(StoreError::Invalid(format!(
            "{from} is neither a sled directory nor a postgres:// URL"
        )));
    }
    let source = Store::open(from, crate::DEFAULT_CACHE_BYTES).await?;
    let target = Store::open(to, crate::DEFAULT_CACHE_BYTES).await?;
    let report = copy(&source, &target).await?;
    drop((source, target));
    crate::settle(to)?;
    Ok(report)
}

/// Calls the same method on whichever backend `$store` is.
macro_rules! on_backend {
    ($store:expr, $backend:ident => $call:expr) => {
        match $store {
            Store::Sled($backend) => $call,
            Store::Postgres($backend) => $call,
        }
    };
}

impl Transfer for Store {
    async fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        on_backend!(self, s => s.game_ids().await)
    }

    async fn export_game(&self, id: GameId) -> Result<Option<GameExport>, StoreError> {
        on_backend!(self, s => s.export_game(id).await)
    }

    async fn write_new_game(&self, game: &GameExport) -> Result<(), StoreError> {
        on_backend!(self, s => s.write_new_game(game).await)
    }

    async fn write_bulk(&self, games: &[GameExport], docs: &[DocExport]) -> Result<(), StoreError> {
        on_backend!(self, s => s.write_bulk(games, docs).await)
    }

    async fn export_docs(&self) -> Result<Vec<DocExport>, StoreError> {
        on_backend!(self, s => s.export_docs().await)
    }

    async fn export_docs_after(
        &self,
        after: Option<(&str, &str)>,
        limit: usize,
    ) -> Result<Vec<DocExport>, StoreError> {
        on_backend!(self, s => s.export_docs_after(after, limit).await)
    }

    async fn import_doc(&self, doc: &DocExport) -> Result<Imported, StoreError> {
        on_backend!(self, s => s.import_doc(doc).await)
    }

    async fn export_secrets(&self) -> Result<Vec<(String, String)>, StoreError> {
        on_backend!(self, s => s.export_secrets().await)
    }

    async fn import_secret(&self, name: &str, value: &str) -> Result<Imported, StoreError> {
        on_backend!(self, s => s.import_secret(name, value).await)
    }
}
