//! `create` and `append` as their callers run them: the append is encoded on
//! the caller's thread, submitted to the writer thread, and its envelopes are
//! built from the writer's answer (or read back, for a duplicate).

use super::SledStore;
use super::types::{Game, Outcome, Request, unexpected_outcome};
use crate::shared::{Write, random_ids};
use crate::{Append, Appended, Envelope, GameId, GameRecord, GameStatus, NewGame, StoreError};

impl SledStore {
    /// An append, run by the writer thread: the game after it, its envelopes
    /// and whether it was a duplicate.
    async fn append_outcome(
        &self,
        id: GameId,
        expected: u64,
        mut append: Append,
    ) -> Result<(Game, Vec<Envelope>, bool), StoreError> {
        let finishes = append.status == Some(GameStatus::Finished);
        let (write, commitments) = Write::encode(&mut append, expected.saturating_add(1))?;
        let request = Request::Append {
            id,
            expected,
            write,
        };
        match self.inner.writer.submit(request).await? {
            Outcome::Written(written) => {
                let chain_key = append.chain_key;
                let (game, envelopes) = written.envelopes(append, commitments)?;
                if finishes {
                    self.pack_later(id, chain_key);
                }
                Ok((game, envelopes, false))
            }
            Outcome::Duplicate { game, first, count } => {
                Ok((game, self.read_run(id, first, count)?, true))
            }
            Outcome::Doc { .. } | Outcome::Docs { .. } | Outcome::Folded => {
                Err(unexpected_outcome())
            }
        }
    }

    /// See [`crate::EventStore::create`].
    pub(super) async fn write_create(
        &self,
        new: NewGame,
        mut append: Append,
    ) -> Result<(GameRecord, Vec<Envelope>), StoreError> {
        let ids = random_ids()?;
        let (write, commitments) = Write::encode(&mut append, 1)?;
        match self
            .inner
            .writer
            .submit(Request::Create { ids, new, write })
            .await?
        {
            Outcome::Written(written) => {
                let (game, envelopes) = written.envelopes(append, commitments)?;
                Ok((game.record(), envelopes))
            }
            Outcome::Duplicate { game, .. } => Err(StoreError::Corrupt(format!(
                "dedupe entry for new game {}",
                game.id
            ))),
            Outcome::Doc { .. } | Outcome::Docs { .. } | Outcome::Folded => {
                Err(unexpected_outcome())
            }
        }
    }

    /// See [`crate::EventStore::append`].
    pub(super) async fn write_append(
        &self,
        id: GameId,
        expected: u64,
        append: Append,
    ) -> Result<Appended, StoreError> {
        let (game, envelopes, duplicate) = self.append_outcome(id, expected, append).await?;
        Ok(Appended {
            head: game.head(),
            envelopes,
            duplicate,
        })
    }
}
