//! The file in a sled store's directory that holds its packed logs
//! (`packs`), so that sled keeps only where each one is: sled 0.34 holds
//! state in memory for every page of its files and replays its log at
//! start-up, so its memory and start-up grow with what it stores, and the
//! packed logs are nine tenths of a store of finished games.
//!
//! The file only grows. A record is the game's id (8 bytes, big-endian)
//! then its packed log; [`Location`] says where one is. Records are
//! written and synced to disk before sled is told where they are, so a
//! location sled recovers always names a whole record; a crash between the
//! two leaves an unnamed record at the end, which is never read.

use std::fs::{File, OpenOptions};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use crate::{GameId, StoreError};

/// The file's name in the store's directory.
const FILE_NAME: &str = "packs";

/// Where a game's record is in the file: 12 bytes in sled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Location {
    /// The offset of its first byte.
    pub(crate) offset: u64,
    /// Its length, the game id included.
    pub(crate) len: u32,
}

impl Location {
    /// Its 12 bytes: offset then length, big-endian.
    pub(crate) fn to_bytes(self) -> [u8; 12] {
        let mut bytes = [0; 12];
        bytes[..8].copy_from_slice(&self.offset.to_be_bytes());
        bytes[8..].copy_from_slice(&self.len.to_be_bytes());
        bytes
    }

    /// The location of its 12 bytes (`None` for any other length).
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Location> {
        let bytes: &[u8; 12] = bytes.try_into().ok()?;
        let (offset, len) = bytes.split_at(8);
        Some(Location {
            offset: u64::from_be_bytes(offset.try_into().ok()?),
            len: u32::from_be_bytes(len.try_into().ok()?),
        })
    }
}

/// A store's file of packed logs (see the module docs).
pub(crate) struct PackFile {
    file: File,
    /// The end of the file, where the next records go; appends hold it.
    end: Mutex<u64>,
}

fn io_error(what: &str, e: std::io::Error) -> StoreError {
    StoreError::Io(format!("the packed logs' file: {what}: {e}"))
}

impl PackFile {
    /// Opens (or creates) the file in the store's directory `dir`.
    pub(crate) fn open(dir: &Path) -> Result<PackFile, StoreError> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(dir.join(FILE_NAME))
            .map_err(|e| io_error("open", e))?;
        let end = file.metadata().map_err(|e| io_error("size", e))?.len();
        Ok(PackFile {
            file,
            end: Mutex::new(end),
        })
    }

    /// Writes the records of `logs` (game, packed log) at the end of the
    /// file and syncs it: their locations, in order, once they are on disk.
    pub(crate) fn append(&self, logs: &[(GameId, &[u8])]) -> Result<Vec<Location>, StoreError> {
        let mut end = self.end.lock().unwrap_or_else(PoisonError::into_inner);
        let mut bytes = Vec::with_capacity(logs.iter().map(|(_, log)| 8 + log.len()).sum());
        let mut locations = Vec::with_capacity(logs.len());
        for (id, log) in logs {
            let len = u32::try_from(8 + log.len())
                .map_err(|_| StoreError::Io(format!("game {id}: a packed log over 4 GiB")))?;
            locations.push(Location {
                offset: *end + bytes.len() as u64,
                len,
            });
            bytes.extend_from_slice(&id.0.to_be_bytes());
            bytes.extend_from_slice(log);
        }
        self.file
            .write_all_at(&bytes, *end)
            .map_err(|e| io_error("write", e))?;
        self.file.sync_data().map_err(|e| io_error("sync", e))?;
        *end += bytes.len() as u64;
        Ok(locations)
    }

    /// The file's size in bytes.
    pub(crate) fn size(&self) -> u64 {
        *self.end.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Game `id`'s packed log at `at`: refused unless the record there is
    /// whole and names the game.
    pub(crate) fn read(&self, id: GameId, at: Location) -> Result<Vec<u8>, StoreError> {
        let bad = || {
            StoreError::Corrupt(format!(
                "game {id}: no record of its packed log at {} ({} bytes)",
                at.offset, at.len
            ))
        };
        let len = usize::try_from(at.len).map_err(|_| bad())?;
        let mut game = [0; 8];
        let mut log = vec![0; len.checked_sub(8).ok_or_else(bad)?];
        let read = |buf: &mut [u8], offset| {
            self.file
                .read_exact_at(buf, offset)
                .map_err(|e| match e.kind() {
                    std::io::ErrorKind::UnexpectedEof => bad(),
                    _ => io_error("read", e),
                })
        };
        read(&mut game, at.offset)?;
        if game != id.0.to_be_bytes() {
            return Err(bad());
        }
        read(&mut log, at.offset + 8)?;
        Ok(log)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_where_they_were_written_and_nowhere_else() {
        let dir = tempfile::tempdir().unwrap();
        let file = PackFile::open(dir.path()).unwrap();
        let at = file
            .append(&[(GameId(1), b"one"), (GameId(2), b"")])
            .unwrap();
        let later = file.append(&[(GameId(3), b"three")]).unwrap()[0];
        assert_eq!(file.read(GameId(1), at[0]).unwrap(), b"one");
        assert_eq!(file.read(GameId(2), at[1]).unwrap(), b"");
        assert_eq!(file.read(GameId(3), later).unwrap(), b"three");
        assert_eq!(Location::from_bytes(&later.to_bytes()), Some(later));
        // Another game's record, a place past the end.
        assert!(file.read(GameId(2), at[0]).is_err());
        let past = Location {
            offset: 1 << 20,
            ..later
        };
        assert!(matches!(
            file.read(GameId(3), past),
            Err(StoreError::Corrupt(_))
        ));
        // Reopened, it goes on at its end.
        drop(file);
        let file = PackFile::open(dir.path()).unwrap();
        let next = file.append(&[(GameId(4), b"four")]).unwrap()[0];
        assert_eq!(next.offset, later.offset + u64::from(later.len));
        assert_eq!(file.read(GameId(3), later).unwrap(), b"three");
    }
}
