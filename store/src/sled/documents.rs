//! The documents of [`EventStore::put_doc`] (player accounts, memberships) in
//! the `doc_runs` tree (as runs, `runs.rs`): their keys and stored form, their reads, and their writes
//! (submitted to the writer thread, checked there against their revision and
//! written, by `commit.rs`, in one atomic sled batch after the games' writes
//! of the batch).
//!
//! [`EventStore::put_doc`]: crate::EventStore::put_doc

use std::ops::Bound;

use serde_json::Value;

use super::commit::Plan;
use super::runs::Runs;
use super::types::{EncodedPut, Fail, Outcome, Request, unexpected_outcome};
use super::{SledStore, io};
use crate::StoreError;
use crate::shared::{check_collection, check_doc_key};

/// `collection` ++ 0 ++ `rest`: a `docs` key, or the prefix of some.
pub(super) fn doc_prefix(collection: &str, rest: &str) -> Vec<u8> {
    let mut k = Vec::with_capacity(collection.len() + 1 + rest.len());
    k.extend_from_slice(collection.as_bytes());
    k.push(0);
    k.extend_from_slice(rest.as_bytes());
    k
}

/// The `docs` key of the document `key` of `collection`, if both are valid.
pub(super) fn doc_key(collection: &str, key: &str) -> Result<Vec<u8>, StoreError> {
    check_doc_key(collection, key)?;
    Ok(doc_prefix(collection, key))
}

/// The revision of a stored document.
pub(super) fn doc_revision(stored: &[u8]) -> Result<u64, StoreError> {
    let revision: [u8; 8] = stored
        .get(..8)
        .and_then(|r| r.try_into().ok())
        .ok_or_else(|| StoreError::Corrupt("document shorter than its revision".into()))?;
    Ok(u64::from_be_bytes(revision))
}

/// A document as stored: its revision, then its JSON.
pub(super) fn encode_doc(revision: u64, value: &[u8]) -> Vec<u8> {
    let mut stored = Vec::with_capacity(8 + value.len());
    stored.extend_from_slice(&revision.to_be_bytes());
    stored.extend_from_slice(value);
    stored
}

/// A stored document: its revision and its JSON.
pub(super) fn decode_doc(stored: &[u8]) -> Result<(u64, Value), StoreError> {
    let revision = doc_revision(stored)?;
    let value = serde_json::from_slice(&stored[8..])
        .map_err(|e| StoreError::Corrupt(format!("document: {e}")))?;
    Ok((revision, value))
}

/// Moves the documents of a store made before runs (one per sled key, in
/// the tree `docs`) into the runs of `doc_runs`, once: the old tree is
/// dropped only after the copy is flushed, and a copy a crash cut short is
/// made again.
pub(super) fn move_into_runs(db: &sled::Db, trees: &super::Trees) -> Result<(), StoreError> {
    const OLD: &str = "docs";
    if !super::has_tree(db, OLD) {
        return Ok(());
    }
    let old = db.open_tree(OLD).map_err(io)?;
    trees.docs.tree().clear().map_err(io)?;
    let entries = old.iter().map(|item| {
        let (key, value) = item.map_err(io)?;
        Ok(vec![(key.to_vec(), value.to_vec())])
    });
    trees.docs.put_all(entries)?;
    db.flush().map_err(io)?;
    drop(old);
    db.drop_tree(OLD).map_err(io)?;
    db.flush().map_err(io)?;
    Ok(())
}

impl SledStore {
    /// See [`crate::EventStore::put_doc`]: run by the writer thread.
    pub(super) async fn write_doc(
        &self,
        collection: &str,
        key: &str,
        value: Option<Value>,
        expected: u64,
    ) -> Result<u64, StoreError> {
        let key = doc_key(collection, key)?;
        let value = value
            .map(|v| serde_json::to_vec(&v))
            .transpose()
            .map_err(|e| StoreError::Io(format!("encode document: {e}")))?;
        let request = Request::PutDoc {
            key,
            value,
            expected,
        };
        match self.inner.writer.submit(request).await? {
            Outcome::Doc { revision } => Ok(revision),
            _ => Err(unexpected_outcome()),
        }
    }

    /// See [`crate::EventStore::put_docs`]: run by the writer thread.
    pub(super) async fn write_docs(
        &self,
        writes: Vec<crate::DocPut>,
    ) -> Result<Vec<u64>, StoreError> {
        let mut encoded = Vec::with_capacity(writes.len());
        for w in writes {
            let key = doc_key(&w.collection, &w.key)?;
            let value = w
                .value
                .map(|v| serde_json::to_vec(&v))
                .transpose()
                .map_err(|e| StoreError::Io(format!("encode document: {e}")))?;
            encoded.push((key, value, w.expected));
        }
        match self
            .inner
            .writer
            .submit(Request::PutDocs { writes: encoded })
            .await?
        {
            Outcome::Docs { revisions } => Ok(revisions),
            _ => Err(unexpected_outcome()),
        }
    }

    /// See [`crate::EventStore::doc`].
    pub(crate) fn read_doc(
        &self,
        collection: &str,
        key: &str,
    ) -> Result<Option<(u64, Value)>, StoreError> {
        let key = doc_key(collection, key)?;
        match self.inner.trees.docs.get(&key)? {
            Some(stored) => decode_doc(&stored).map(Some),
            None => Ok(None),
        }
    }

    /// See [`crate::EventStore::docs`].
    pub(crate) fn read_docs(
        &self,
        collection: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, u64, Value)>, StoreError> {
        check_collection(collection)?;
        let start = doc_prefix(collection, prefix);
        let from = match after.map(|a| doc_prefix(collection, a)) {
            Some(after) if after >= start => Bound::Excluded(after),
            _ => Bound::Included(start.clone()),
        };
        let mut out = Vec::with_capacity(limit.min(256));
        let upper = super::runs::prefix_end(&start).map_or(Bound::Unbounded, Bound::Excluded);
        for item in self.inner.trees.docs.scan(from, upper, false) {
            if out.len() == limit {
                break;
            }
            let (key, stored) = item?;
            let name = String::from_utf8(key[collection.len() + 1..].to_vec())
                .map_err(|_| StoreError::Corrupt("document key is not UTF-8".into()))?;
            let (revision, value) = decode_doc(&stored)?;
            out.push((name, revision, value));
        }
        Ok(out)
    }
}

/// A document write of a batch, run by the writer thread: checked against
/// the revision the requests before it in the batch left (`plan`), else the
/// one stored in `doc_runs`, and, if accepted, added to `plan`.
/// Deleting a document that does not exist (expecting revision 0) writes nothing.
pub(super) fn put_doc(
    plan: &mut Plan,
    docs: &Runs,
    key: &[u8],
    value: Option<&[u8]>,
    expected: u64,
) -> Result<Outcome, Fail> {
    let current = current_revision(plan, docs, key)?;
    if current != expected {
        return Err(StoreError::Stale {
            generation: current,
        }
        .into());
    }
    let Some(value) = value else {
        if current != 0 {
            plan.docs.insert(key.to_vec(), None);
        }
        return Ok(Outcome::Doc { revision: 0 });
    };
    let revision = current
        .checked_add(1)
        .ok_or_else(|| StoreError::Io("document revision overflow".into()))?;
    plan.docs
        .insert(key.to_vec(), Some(encode_doc(revision, value)));
    Ok(Outcome::Doc { revision })
}

/// The document writes of one `put_docs` request, run by the writer thread:
/// all checked first (each against the revision the batch and the writes
/// before it leave), then all added to `plan`, or none if one is stale.
pub(super) fn put_docs(
    plan: &mut Plan,
    docs: &Runs,
    writes: &[EncodedPut],
) -> Result<Outcome, Fail> {
    let mut after: std::collections::HashMap<&[u8], u64> = std::collections::HashMap::new();
    for (key, value, expected) in writes {
        let current = match after.get(key.as_slice()) {
            Some(&revision) => revision,
            None => current_revision(plan, docs, key)?,
        };
        if current != *expected {
            return Err(StoreError::Stale {
                generation: current,
            }
            .into());
        }
        let next = match value {
            Some(_) => current
                .checked_add(1)
                .ok_or_else(|| StoreError::Io("document revision overflow".into()))?,
            None => 0,
        };
        after.insert(key, next);
    }
    let mut revisions = Vec::with_capacity(writes.len());
    for (key, value, expected) in writes {
        match put_doc(plan, docs, key, value.as_deref(), *expected)? {
            Outcome::Doc { revision } => revisions.push(revision),
            _ => return Err(StoreError::Io("a document write answered a game".into()).into()),
        }
    }
    Ok(Outcome::Docs { revisions })
}

/// A document's revision as the batch so far leaves it (`plan`), else as
/// stored in `doc_runs`; 0 when it does not exist.
fn current_revision(plan: &Plan, docs: &Runs, key: &[u8]) -> Result<u64, Fail> {
    Ok(match plan.docs.get(key) {
        Some(Some(stored)) => doc_revision(stored)?,
        Some(None) => 0,
        None => match docs.get(key)? {
            Some(stored) => doc_revision(&stored)?,
            None => 0,
        },
    })
}

/// Writes the documents of an accepted append to game `game` into `plan`,
/// each at its next revision (as the batch leaves it).
pub(super) fn set_docs(
    plan: &mut Plan,
    docs: &Runs,
    game: crate::GameId,
    written: &[crate::shared::EncodedDoc],
) -> Result<(), Fail> {
    for doc in written {
        let key = doc_key(&doc.collection, &doc.key_of(game))?;
        let current = current_revision(plan, docs, &key)?;
        put_doc(
            plan,
            docs,
            &key,
            doc.value.as_deref().map(str::as_bytes),
            current,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_keys_and_values() {
        assert_eq!(doc_key("acc", "ann"), Ok(b"acc\0ann".to_vec()));
        assert!(doc_key("acc", "").is_err());
        assert!(doc_key("a\0c", "ann").is_err());
        let mut stored = 7u64.to_be_bytes().to_vec();
        stored.extend_from_slice(b"{\"a\":1}");
        assert_eq!(doc_revision(&stored), Ok(7));
        assert_eq!(decode_doc(&stored), Ok((7, serde_json::json!({"a": 1}))));
        assert!(doc_revision(&[0; 7]).is_err());
        assert!(decode_doc(&[0; 9]).is_err());
    }
}
