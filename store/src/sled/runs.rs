//! Small sorted entries kept many to a sled key ("runs"), for the trees that
//! grow with every game: the documents and the list indexes.
//!
//! sled 0.34 holds about 52 bytes of memory for every key of an open
//! database, whatever the size of its value (a leaf page holds at most 16
//! keys, and every page's state stays in memory). A finished game left eight
//! small entries in those trees, so a million games took about 400 MiB
//! before a single read. Stored as runs, an entry costs a sled key only once
//! every [`RUN_ENTRIES`] / 2 entries (or [`RUN_BYTES`] / 2 bytes) or more.
//!
//! A run is a sled entry whose value holds sorted entries (`key`, `value`),
//! every one at or after the run's own key and before the next run's key: so
//! the run holding `key` is the last one whose key is at or before it. A run
//! with more than [`RUN_ENTRIES`] entries or [`RUN_BYTES`] bytes is split in
//! two; an emptied run is removed; an entry before every run joins the first
//! run, which then takes its key.
//!
//! Only the store's writer thread changes runs: it reads the runs a batch's
//! changes fall in, changes them in memory and writes them back in one sled
//! batch ([`Runs::changes`]), which each reader step sees whole or not at
//! all. A scan reads one run per step, so across a split it may meet an entry
//! twice: it drops any entry not past the last one it gave.

use std::collections::BTreeMap;
use std::ops::Bound;

use sled::IVec;

use super::io;
use crate::StoreError;

/// The most entries a run holds before it is split.
pub(super) const RUN_ENTRIES: usize = 32;

/// The most bytes a run of several entries holds before it is split. Every
/// change rewrites its run in sled's log: with 16 KiB runs, a million-game
/// bulk fill wrote sled's files at 28 KB a game and outran its cleaning.
pub(super) const RUN_BYTES: usize = 4 * 1024;

/// How many entries [`Runs::put_all`] writes in one sled batch.
const PUT_ALL_CHUNK: usize = 20_000;

/// An entry of a run: its key and value.
pub(super) type Entry = (Vec<u8>, Vec<u8>);

/// A sled tree whose entries are stored in runs (see the module docs).
#[derive(Clone)]
pub(super) struct Runs {
    tree: sled::Tree,
}

impl Runs {
    /// The runs stored in `tree`.
    pub(super) fn new(tree: sled::Tree) -> Runs {
        Runs { tree }
    }

    /// The sled tree the runs are stored in (for the writer's transactions).
    pub(super) fn tree(&self) -> &sled::Tree {
        &self.tree
    }

    /// The value of the entry `key`, if there is one.
    pub(super) fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let Some((_, entries)) = self.run_holding(key)? else {
            return Ok(None);
        };
        Ok(entries
            .binary_search_by(|(k, _)| k.as_slice().cmp(key))
            .ok()
            .map(|at| entries[at].1.clone()))
    }

    /// The entries between `lower` and `upper`, ascending or `descending`.
    pub(super) fn scan(
        &self,
        lower: Bound<Vec<u8>>,
        upper: Bound<Vec<u8>>,
        descending: bool,
    ) -> Scan<'_> {
        Scan {
            runs: self,
            lower,
            upper,
            descending,
            at: At::Start,
            pending: Vec::new(),
            last: None,
        }
    }

    /// The entries whose key begins with `prefix`, ascending or `descending`.
    pub(super) fn scan_prefix(&self, prefix: &[u8], descending: bool) -> Scan<'_> {
        let upper = prefix_end(prefix).map_or(Bound::Unbounded, Bound::Excluded);
        self.scan(Bound::Included(prefix.to_vec()), upper, descending)
    }

    /// The sled writes that make `changes` (entries set with `Some`, removed
    /// with `None`) to the runs as stored now: one batch, to be applied whole.
    pub(super) fn changes(
        &self,
        changes: BTreeMap<Vec<u8>, Option<Vec<u8>>>,
    ) -> Result<sled::Batch, StoreError> {
        // The runs the changes fall in, by their key as stored (`None`: a
        // first run, for changes made to an empty tree).
        let mut touched: BTreeMap<Option<IVec>, Vec<Entry>> = BTreeMap::new();
        for (key, change) in changes {
            let run = match self.tree.range(..=key.as_slice()).next_back() {
                Some(item) => Some(item.map_err(io)?),
                // Before every run: it joins the first one.
                None => self.tree.iter().next().transpose().map_err(io)?,
            };
            let entries = match run {
                Some((run_key, value)) => match touched.entry(Some(run_key)) {
                    std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                    std::collections::btree_map::Entry::Vacant(e) => e.insert(decode(&value)?),
                },
                None => touched.entry(None).or_default(),
            };
            match (entries.binary_search_by(|(k, _)| k.cmp(&key)), change) {
                (Ok(at), Some(value)) => entries[at].1 = value,
                (Ok(at), None) => {
                    entries.remove(at);
                }
                (Err(at), Some(value)) => entries.insert(at, (key, value)),
                (Err(_), None) => {}
            }
        }
        let mut batch = sled::Batch::default();
        for (run_key, entries) in touched {
            let Some(first) = entries.first().map(|(k, _)| k.clone()) else {
                if let Some(run_key) = run_key {
                    batch.remove(run_key);
                }
                continue;
            };
            // The first run takes the key of an entry put before it.
            let key = match run_key {
                Some(run_key) if run_key.as_ref() <= first.as_slice() => run_key.to_vec(),
                Some(run_key) => {
                    batch.remove(run_key);
                    first
                }
                None => first,
            };
            let mut pieces = Vec::new();
            split(&entries, &mut pieces);
            for (i, piece) in pieces.into_iter().enumerate() {
                let piece_key = if i == 0 {
                    key.clone()
                } else {
                    piece[0].0.clone()
                };
                batch.insert(piece_key, encode(piece));
            }
        }
        Ok(batch)
    }

    /// Sets every entry of `entries` (groups of them, as a bulk load or a
    /// migration reads them), [`PUT_ALL_CHUNK`] entries to a sled batch.
    pub(super) fn put_all(
        &self,
        entries: impl Iterator<Item = Result<Vec<Entry>, StoreError>>,
    ) -> Result<(), StoreError> {
        let mut changes = BTreeMap::new();
        for group in entries {
            for (key, value) in group? {
                changes.insert(key, Some(value));
            }
            if changes.len() >= PUT_ALL_CHUNK {
                self.apply(std::mem::take(&mut changes))?;
            }
        }
        self.apply(changes)
    }

    /// Makes `changes` (see [`Runs::changes`]) in one sled batch, outside
    /// any transaction.
    pub(super) fn apply(
        &self,
        changes: BTreeMap<Vec<u8>, Option<Vec<u8>>>,
    ) -> Result<(), StoreError> {
        if changes.is_empty() {
            return Ok(());
        }
        let batch = self.changes(changes)?;
        self.tree.apply_batch(batch).map_err(io)
    }

    /// The run that would hold `key`: its key and entries.
    fn run_holding(&self, key: &[u8]) -> Result<Option<(IVec, Vec<Entry>)>, StoreError> {
        match self.tree.range(..=key).next_back() {
            Some(item) => {
                let (run_key, value) = item.map_err(io)?;
                Ok(Some((run_key, decode(&value)?)))
            }
            None => Ok(None),
        }
    }
}

/// Splits `entries` in halves until every piece is within a run's limits.
fn split<'a>(entries: &'a [Entry], pieces: &mut Vec<&'a [Entry]>) {
    let bytes: usize = entries.iter().map(|(k, v)| 6 + k.len() + v.len()).sum();
    if entries.len() > 1 && (entries.len() > RUN_ENTRIES || bytes > RUN_BYTES) {
        let (left, right) = entries.split_at(entries.len() / 2);
        split(left, pieces);
        split(right, pieces);
    } else {
        pieces.push(entries);
    }
}

/// The first key after every key that begins with `prefix` (`None`: there
/// is none, the prefix is all 0xff).
pub(super) fn prefix_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

/// A run as stored: each entry as its key's length (u16), its key, its
/// value's length (u32) and its value, all big-endian.
pub(super) fn encode(entries: &[Entry]) -> Vec<u8> {
    let bytes = entries.iter().map(|(k, v)| 6 + k.len() + v.len()).sum();
    let mut out = Vec::with_capacity(bytes);
    for (key, value) in entries {
        // Keys are at most a few hundred bytes and values a few megabytes
        // (the store's own limits), well within the lengths' widths.
        out.extend_from_slice(&(key.len() as u16).to_be_bytes());
        out.extend_from_slice(key);
        out.extend_from_slice(&(value.len() as u32).to_be_bytes());
        out.extend_from_slice(value);
    }
    out
}

/// The entries of a stored run.
pub(super) fn decode(mut bytes: &[u8]) -> Result<Vec<Entry>, StoreError> {
    fn take<'a>(bytes: &mut &'a [u8], n: usize) -> Result<&'a [u8], StoreError> {
        if bytes.len() < n {
            return Err(StoreError::Corrupt("a run of entries is cut short".into()));
        }
        let (head, rest) = bytes.split_at(n);
        *bytes = rest;
        Ok(head)
    }
    let mut entries = Vec::new();
    while !bytes.is_empty() {
        let key_len = take(&mut bytes, 2)?;
        let key = take(
            &mut bytes,
            usize::from(u16::from_be_bytes([key_len[0], key_len[1]])),
        )?;
        let value_len = take(&mut bytes, 4)?;
        let value_len =
            u32::from_be_bytes([value_len[0], value_len[1], value_len[2], value_len[3]]);
        let value = take(&mut bytes, value_len as usize)?;
        entries.push((key.to_vec(), value.to_vec()));
    }
    Ok(entries)
}

/// Where a [`Scan`] is among the runs.
enum At {
    /// No run read yet.
    Start,
    /// The last run read had this key.
    After(IVec),
    /// No run is left.
    Done,
}

/// The entries of a [`Runs::scan`], read a run at a time.
pub(super) struct Scan<'a> {
    runs: &'a Runs,
    lower: Bound<Vec<u8>>,
    upper: Bound<Vec<u8>>,
    descending: bool,
    at: At,
    /// The entries of the last run read still to give, the next last.
    pending: Vec<Entry>,
    /// The key of the last entry given.
    last: Option<Vec<u8>>,
}

impl Scan<'_> {
    /// Whether `key` is within the scan's bounds.
    fn within(&self, key: &[u8]) -> bool {
        let above = match &self.lower {
            Bound::Included(l) => key >= l.as_slice(),
            Bound::Excluded(l) => key > l.as_slice(),
            Bound::Unbounded => true,
        };
        let below = match &self.upper {
            Bound::Included(u) => key <= u.as_slice(),
            Bound::Excluded(u) => key < u.as_slice(),
            Bound::Unbounded => true,
        };
        above && below
    }

    /// Reads the next run in the scan's direction, if any: its key and value.
    fn next_run(&self) -> Result<Option<(IVec, IVec)>, StoreError> {
        let tree = &self.runs.tree;
        let item = match (&self.at, self.descending) {
            (At::Done, _) => None,
            (At::Start, false) => match bound_key(&self.lower) {
                Some(lower) => match tree.range(..=lower).next_back() {
                    Some(item) => Some(item),
                    None => tree.iter().next(),
                },
                None => tree.iter().next(),
            },
            (At::Start, true) => match bound_key(&self.upper) {
                Some(upper) => tree.range(..=upper).next_back(),
                None => tree.iter().next_back(),
            },
            (At::After(run), false) => tree
                .range::<&[u8], _>((Bound::Excluded(run.as_ref()), Bound::Unbounded))
                .next(),
            (At::After(run), true) => tree.range(..run.as_ref()).next_back(),
        };
        item.transpose().map_err(io)
    }

    /// Reads runs until one has an entry to give, or none is left.
    fn refill(&mut self) -> Result<(), StoreError> {
        while self.pending.is_empty() {
            let Some((run_key, value)) = self.next_run()? else {
                self.at = At::Done;
                return Ok(());
            };
            // The runs beyond this one hold only entries beyond the bounds.
            let last_run = if self.descending {
                bound_key(&self.lower).is_some_and(|l| run_key.as_ref() <= l)
            } else {
                bound_key(&self.upper).is_some_and(|u| run_key.as_ref() > u)
            };
            let mut entries: Vec<Entry> = decode(&value)?
                .into_iter()
                .filter(|(k, _)| self.within(k))
                .filter(|(k, _)| match &self.last {
                    None => true,
                    Some(last) if self.descending => k < last,
                    Some(last) => k > last,
                })
                .collect();
            if !self.descending {
                entries.reverse();
            }
            self.pending = entries;
            self.at = if last_run {
                At::Done
            } else {
                At::After(run_key)
            };
        }
        Ok(())
    }
}

/// The key of a bound, if it has one.
fn bound_key(bound: &Bound<Vec<u8>>) -> Option<&[u8]> {
    match bound {
        Bound::Included(k) | Bound::Excluded(k) => Some(k),
        Bound::Unbounded => None,
    }
}

impl Iterator for Scan<'_> {
    type Item = Result<Entry, StoreError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.pending.is_empty()
            && !matches!(self.at, At::Done)
            && let Err(e) = self.refill()
        {
            self.at = At::Done;
            return Some(Err(e));
        }
        let entry = self.pending.pop()?;
        self.last = Some(entry.0.clone());
        Some(Ok(entry))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs() -> Runs {
        let db = sled::Config::new().temporary(true).open().expect("open");
        Runs::new(db.open_tree("runs").expect("tree"))
    }

    fn apply(runs: &Runs, changes: BTreeMap<Vec<u8>, Option<Vec<u8>>>) {
        let batch = runs.changes(changes).expect("changes");
        runs.tree().apply_batch(batch).expect("apply");
    }

    fn scanned(
        runs: &Runs,
        lower: Bound<Vec<u8>>,
        upper: Bound<Vec<u8>>,
        desc: bool,
    ) -> Vec<Entry> {
        runs.scan(lower, upper, desc)
            .map(|e| e.expect("entry"))
            .collect()
    }

    /// A small deterministic generator (xorshift), enough to scatter keys.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self, below: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % below
        }
    }

    #[test]
    fn runs_answer_as_a_sorted_map_does_through_inserts_removals_and_splits() {
        let runs = runs();
        let mut model: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for round in 0..300 {
            let mut changes = BTreeMap::new();
            for _ in 0..rng.next(20) + 1 {
                let key = rng.next(3000).to_be_bytes()[5..].to_vec();
                let change = (rng.next(4) != 0).then(|| vec![round as u8; rng.next(40) as usize]);
                changes.insert(key, change);
            }
            for (key, change) in &changes {
                match change {
                    Some(v) => model.insert(key.clone(), v.clone()),
                    None => model.remove(key),
                };
            }
            apply(&runs, changes);
            if round % 25 == 0 {
                let all: Vec<Entry> = model.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                assert_eq!(
                    scanned(&runs, Bound::Unbounded, Bound::Unbounded, false),
                    all
                );
                let mut rev = all.clone();
                rev.reverse();
                assert_eq!(
                    scanned(&runs, Bound::Unbounded, Bound::Unbounded, true),
                    rev
                );
                let (lo, hi) = (vec![0, 2, 0], vec![0, 9, 0]);
                let within: Vec<Entry> = model
                    .range(lo.clone()..hi.clone())
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                assert_eq!(
                    scanned(
                        &runs,
                        Bound::Included(lo.clone()),
                        Bound::Excluded(hi.clone()),
                        false
                    ),
                    within
                );
                let mut within_rev = within;
                within_rev.reverse();
                assert_eq!(
                    scanned(&runs, Bound::Included(lo), Bound::Excluded(hi), true),
                    within_rev
                );
            }
            let probe = rng.next(3000).to_be_bytes()[5..].to_vec();
            assert_eq!(runs.get(&probe).expect("get"), model.get(&probe).cloned());
        }
        // Every run is within its limits, and far fewer keys than entries.
        let stored = runs.tree().len();
        assert!(
            stored * 16 < model.len(),
            "{stored} runs for {} entries",
            model.len()
        );
        for item in runs.tree().iter() {
            let (key, value) = item.expect("run");
            let entries = decode(&value).expect("decode");
            assert!(!entries.is_empty() && entries.len() <= RUN_ENTRIES);
            assert!(key.as_ref() <= entries[0].0.as_slice());
        }
    }

    #[test]
    fn an_entry_before_every_run_gives_the_first_run_its_key() {
        let runs = runs();
        apply(
            &runs,
            BTreeMap::from([(b"m".to_vec(), Some(b"1".to_vec()))]),
        );
        apply(
            &runs,
            BTreeMap::from([(b"c".to_vec(), Some(b"2".to_vec()))]),
        );
        let keys: Vec<IVec> = runs.tree().iter().keys().map(|k| k.expect("key")).collect();
        assert_eq!(keys, vec![IVec::from(b"c")]);
        assert_eq!(runs.get(b"c").expect("get"), Some(b"2".to_vec()));
        assert_eq!(runs.get(b"m").expect("get"), Some(b"1".to_vec()));
        assert_eq!(runs.get(b"a").expect("get"), None);
        apply(
            &runs,
            BTreeMap::from([(b"c".to_vec(), None), (b"m".to_vec(), None)]),
        );
        assert_eq!(runs.tree().len(), 0, "an emptied run is removed");
    }

    #[test]
    fn a_run_is_split_by_its_bytes_too() {
        let runs = runs();
        let big = vec![7u8; RUN_BYTES / 2];
        let changes = (0u8..5).map(|i| (vec![i], Some(big.clone()))).collect();
        apply(&runs, changes);
        assert!(runs.tree().len() >= 3, "{} runs", runs.tree().len());
        assert_eq!(
            scanned(&runs, Bound::Unbounded, Bound::Unbounded, false).len(),
            5
        );
    }

    #[test]
    fn a_prefix_scan_stops_at_the_prefix_and_a_cut_run_is_refused() {
        let runs = runs();
        let changes = [b"a1".as_ref(), b"b1", b"b2", b"c1"]
            .into_iter()
            .map(|k| (k.to_vec(), Some(Vec::new())))
            .collect();
        apply(&runs, changes);
        let keys = |desc| -> Vec<Vec<u8>> {
            runs.scan_prefix(b"b", desc)
                .map(|e| e.expect("entry").0)
                .collect()
        };
        assert_eq!(keys(false), vec![b"b1".to_vec(), b"b2".to_vec()]);
        assert_eq!(keys(true), vec![b"b2".to_vec(), b"b1".to_vec()]);
        assert_eq!(prefix_end(&[1, 0xff]), Some(vec![2]));
        assert_eq!(prefix_end(&[0xff]), None);
        let mut stored = encode(&[(b"k".to_vec(), b"value".to_vec())]);
        stored.pop();
        assert!(decode(&stored).is_err());
    }
}
