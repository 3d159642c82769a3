//! Copying a store ([`crate::transfer`]) from and to sled: exports read the
//! trees, imports write them directly, a game's head last (a finished
//! game's folded into its `packed` value, `stored.rs`).

use std::collections::BTreeMap;

use super::codec::{Meta, StoredHead, dedupe_value};
use super::documents::{decode_doc, doc_key, doc_prefix, encode_doc};
use super::index::{created_key, list_keys};
use super::keys::{dedupe_key, event_key, game_key};
use super::pack::{folded_value, packed_value};
use super::{SledStore, io};
use crate::transfer::{DocExport, GameExport, Imported, Transfer, same_or_refuse};
use crate::{GameId, GameStatus, StoreError, packed};

impl SledStore {
    /// The texts of a game's event entries `from..=to`, as stored.
    fn texts(&self, id: GameId, from: u64, to: u64) -> Result<Vec<String>, StoreError> {
        let mut out = Vec::new();
        if from > to {
            return Ok(out);
        }
        for item in self
            .inner
            .trees
            .events
            .range(event_key(id, from)..=event_key(id, to))
        {
            let (_, value) = item.map_err(io)?;
            out.push(
                String::from_utf8(value.to_vec())
                    .map_err(|_| StoreError::Corrupt(format!("envelope of game {id}")))?,
            );
        }
        Ok(out)
    }
}

/// Copying a store ([`crate::transfer`]): exports read the trees; imports
/// write them directly (not through the writer thread), a game's head last
/// (its commit point, as in a batch), then flush. Import only into a store
/// no server is writing to.
impl Transfer for SledStore {
    async fn game_ids(&self) -> Result<Vec<GameId>, StoreError> {
        self.stored_ids()
    }

    async fn export_game(&self, id: GameId) -> Result<Option<GameExport>, StoreError> {
        let Some(record) = self.read_game(id)? else {
            return Ok(None);
        };
        // The dedupe entries before the events: a packing removes the
        // events first, so when every event is there every dedupe entry was.
        let mut dedupe = self.dedupe_entries(id)?;
        let mut envelopes = self.texts(id, 1, record.version)?;
        if envelopes.len() as u64 != record.version
            && let Some(packed) = self.read_packed(id, true)?
        {
            // Packed (or being packed): its record, then what is past it.
            let upto = packed.envelopes.len() as u64;
            envelopes = packed
                .envelopes
                .iter()
                .map(packed::text)
                .collect::<Result<_, _>>()?;
            envelopes.extend(self.texts(id, upto.saturating_add(1), record.version)?);
            dedupe = self.dedupe_entries(id)?;
            dedupe.retain(|d| d.first > upto);
            dedupe.extend(packed.dedupe);
            dedupe.sort();
        }
        Ok(Some(GameExport {
            record,
            envelopes,
            dedupe,
            chain_key: None,
        }))
    }

    async fn write_new_game(&self, game: &GameExport) -> Result<(), StoreError> {
        self.write_bulk(std::slice::from_ref(game), &[]).await
    }

    async fn write_bulk(&self, games: &[GameExport], docs: &[DocExport]) -> Result<(), StoreError> {
        // One batch per tree, the heads (each game's commit point) last, then
        // one flush for all of them.
        let trees = &self.inner.trees;
        let mut events = sled::Batch::default();
        let mut dedupe = sled::Batch::default();
        let mut metas = sled::Batch::default();
        let mut lists = BTreeMap::new();
        let mut heads = sled::Batch::default();
        let mut packed_games = Vec::new();
        for game in games {
            let record = &game.record;
            let id = record.id;
            let created = created_key(record.created_at, id);
            for key in list_keys(record.status, &record.ruleset, &created) {
                lists.insert(key, Some(Vec::new()));
            }
            let head = StoredHead {
                version: record.version,
                generation: record.generation,
                status: record.status,
                updated_at: record.updated_at,
                head_hash: record.head_hash.clone(),
            }
            .encode();
            let meta = Meta {
                generation: record.generation,
                ruleset: record.ruleset.clone(),
                created_at: record.created_at,
                data: record.data.clone(),
            }
            .encode()?;
            let mut dedupe_kept = game.dedupe.as_slice();
            let tail;
            if record.status == GameStatus::Finished {
                // A finished game is written packed: one record, not an
                // entry per envelope and per action. As a packing would, an
                // action that wrote no event at the end keeps its entry.
                // Its head and meta are folded into its `packed` value
                // (`stored.rs`), as the writer thread folds them.
                let mut packed = self.inner.packs.pack_game(game)?;
                tail = std::mem::take(&mut packed.tail);
                dedupe_kept = &tail;
                packed_games.push((id, packed, (head, meta)));
            } else {
                for (seq, envelope) in (1..).zip(&game.envelopes) {
                    events.insert(&event_key(id, seq), envelope.as_bytes());
                }
                metas.insert(&game_key(id), meta);
                heads.insert(&game_key(id), head);
            }
            for entry in dedupe_kept {
                dedupe.insert(
                    dedupe_key(id, &entry.action_id),
                    dedupe_value(entry.first, entry.count, entry.digest.as_ref()),
                );
            }
        }
        let mut documents = BTreeMap::new();
        for doc in docs {
            let value =
                serde_json::to_vec(&doc.value).map_err(|e| StoreError::Io(e.to_string()))?;
            documents.insert(
                doc_key(&doc.collection, &doc.key)?,
                Some(encode_doc(doc.revision, &value)),
            );
        }
        // The packed logs on disk (one sync for all), then where they are.
        let logs: Vec<(GameId, &[u8])> = packed_games
            .iter()
            .map(|(id, packed, _)| (*id, packed.log.as_slice()))
            .collect();
        let locations = self.inner.packfile.append(&logs)?;
        let mut packed_logs = sled::Batch::default();
        for ((id, packed, (head, meta)), at) in packed_games.iter().zip(locations) {
            let unfolded = packed_value(packed.upto, &packed.hash, at)?;
            packed_logs.insert(&game_key(*id), folded_value(&unfolded, head, meta)?);
        }
        trees.events.apply_batch(events).map_err(io)?;
        trees.dedupe.apply_batch(dedupe).map_err(io)?;
        // Only this store's writer thread changes runs while it serves: a
        // bulk load is for a store no server is using (see the trait).
        trees.docs.apply(documents)?;
        trees.games.apply_batch(metas).map_err(io)?;
        trees.lists.apply(lists)?;
        // The commit points last: a packed game's folded value, another's
        // head.
        trees.packed.apply_batch(packed_logs).map_err(io)?;
        trees.heads.apply_batch(heads).map_err(io)?;
        self.inner.db.flush().map_err(io)?;
        Ok(())
    }

    async fn export_docs_after(
        &self,
        after: Option<(&str, &str)>,
        limit: usize,
    ) -> Result<Vec<DocExport>, StoreError> {
        use std::ops::Bound;
        let from = match after {
            Some((collection, key)) => Bound::Excluded(doc_prefix(collection, key)),
            None => Bound::Unbounded,
        };
        let mut out = Vec::with_capacity(limit.min(1_024));
        for item in self.inner.trees.docs.scan(from, Bound::Unbounded, false) {
            if out.len() == limit {
                break;
            }
            let (key, stored) = item?;
            let bad = || StoreError::Corrupt("document key".into());
            let split = key.iter().position(|&b| b == 0).ok_or_else(bad)?;
            let collection = String::from_utf8(key[..split].to_vec()).map_err(|_| bad())?;
            let name = String::from_utf8(key[split + 1..].to_vec()).map_err(|_| bad())?;
            let (revision, value) = decode_doc(&stored)?;
            out.push(DocExport {
                collection,
                key: name,
                revision,
                value,
            });
        }
        Ok(out)
    }

    async fn import_doc(&self, doc: &DocExport) -> Result<Imported, StoreError> {
        let key = doc_key(&doc.collection, &doc.key)?;
        if let Some(stored) = self.inner.trees.docs.get(&key)? {
            let same = decode_doc(&stored)? == (doc.revision, doc.value.clone());
            return same_or_refuse(
                same,
                format_args!("document {}/{}", doc.collection, doc.key),
            );
        }
        self.write_bulk(&[], std::slice::from_ref(doc)).await?;
        Ok(Imported::New)
    }

    async fn export_secrets(&self) -> Result<Vec<(String, String)>, StoreError> {
        let meta = self.inner.db.open_tree("meta").map_err(io)?;
        let mut out = Vec::new();
        for item in meta.scan_prefix(b"secret/") {
            let (key, value) = item.map_err(io)?;
            let bad = || StoreError::Corrupt("secret is not text".into());
            let name = String::from_utf8(key[7..].to_vec()).map_err(|_| bad())?;
            out.push((name, String::from_utf8(value.to_vec()).map_err(|_| bad())?));
        }
        Ok(out)
    }

    async fn import_secret(&self, name: &str, value: &str) -> Result<Imported, StoreError> {
        let meta = self.inner.db.open_tree("meta").map_err(io)?;
        let key = format!("secret/{name}");
        if let Some(stored) = meta.get(key.as_bytes()).map_err(io)? {
            return same_or_refuse(
                stored.as_ref() == value.as_bytes(),
                format_args!("secret {name}"),
            );
        }
        self.read_secret(name, value.to_owned())?;
        Ok(Imported::New)
    }
}
