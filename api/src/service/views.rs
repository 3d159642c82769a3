//! Reading a game: its state (now or rewound), the caller's legal actions and
//! its events (long-polled), each redacted for the caller.

use std::time::Duration;

use engine::Viewer;
use store::{Envelope, EventStore, GameId, GameRecord, GameStatus};

use super::cache::fold_into;
use super::{Caller, Credentials, Service};
use crate::error::ApiError;
use crate::models::{EventOut, EventPage, GameState, LegalActions};
use crate::stored::GameData;
use engine::{Game, Seen};

impl Service {
    /// The game as the caller may see it, now or after `at` events.
    pub async fn game(
        &self,
        id: GameId,
        credentials: &Credentials,
        at: Option<u64>,
        as_seat: Option<u8>,
    ) -> Result<GameState, ApiError> {
        match at {
            None => {
                let entry = self.games.current(id).await?;
                let caller = self.caller(credentials, &entry.data, as_seat).await?;
                if entry.record.status == GameStatus::Open {
                    // Nothing is dealt yet: the table's seats, no view.
                    return Ok(GameState {
                        game: entry.data.summary(&entry.record),
                        version: 0,
                        view: serde_json::Value::Null,
                        pending: Vec::new(),
                        your_seat: caller.seat,
                        your_seats: None,
                        your_turn: false,
                        window_closes_at: None,
                        move_due_at: None,
                    });
                }
                let mut state = state_of(
                    &entry.record,
                    &entry.data,
                    &*entry.live,
                    caller,
                    entry.live.is_over(),
                );
                (state.window_closes_at, state.move_due_at) = self.deadlines_of(id);
                Ok(state)
            }
            Some(at) => {
                // From the latest copy of the state at or before `at`: at
                // most SNAPSHOT_EVERY events are read and folded.
                let (record, data, caller, mut live) = {
                    let mut entry = self.games.current(id).await?;
                    let caller = self.caller(credentials, &entry.data, as_seat).await?;
                    let version = entry.live.version();
                    if at == 0 || at > version {
                        return Err(ApiError::bad_request(format!(
                            "at: 1 to {version} (the game's version)"
                        )));
                    }
                    let (_, base) = self.games.rewound(&mut entry, at).await?;
                    (entry.record.clone(), entry.data.clone(), caller, base)
                };
                if live.version() < at {
                    fold_into(&self.store, id, &mut live, at, None).await?;
                }
                let over = record.status == GameStatus::Finished;
                Ok(state_of(&record, &data, &*live, caller, over))
            }
        }
    }

    /// The caller's legal actions.
    pub async fn legal(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
    ) -> Result<LegalActions, ApiError> {
        let entry = self.games.current(id).await?;
        let caller = self.caller(credentials, &entry.data, as_seat).await?;
        if entry.record.status == GameStatus::Open {
            let seat = caller.seat.ok_or_else(|| {
                ApiError::unauthorized("send your seat's token to see its actions")
            })?;
            return Ok(LegalActions {
                version: 0,
                seat,
                actions: Vec::new(),
            });
        }
        let seat = caller
            .acting_seat(&entry.live.waiting())
            .ok_or_else(|| ApiError::unauthorized("send your seat's token to see its actions"))?;
        Ok(LegalActions {
            version: entry.live.version(),
            seat,
            actions: entry.live.legal(seat),
        })
    }

    /// Events after `after`, waiting up to `wait` for some to arrive.
    pub async fn events(
        &self,
        id: GameId,
        credentials: &Credentials,
        after: u64,
        limit: usize,
        wait: Duration,
        as_seat: Option<u8>,
    ) -> Result<EventPage, ApiError> {
        let record = self.record(id).await?;
        let data = GameData::of(&record)?;
        let caller = self.caller(credentials, &data, as_seat).await?;
        let mut signal = self.versions.subscribe(id);
        let deadline = tokio::time::Instant::now() + wait;
        let mut envelopes = self.store.events(id, after, limit).await?;
        // A finished game gets no more events: nothing to wait for.
        let over = record.status == GameStatus::Finished;
        while envelopes.is_empty() && !over {
            match tokio::time::timeout_at(deadline, signal.changed()).await {
                Ok(Ok(())) => envelopes = self.store.events(id, after, limit).await?,
                _ => break,
            }
        }
        let record = self.record(id).await?;
        // What is hidden is fixed by the game's opening (a solo game hides
        // only the deck order): redact with a game folded that far.
        let mut live = crate::ruleset::new_game(&record.ruleset)?;
        if let Some(first) = self.store.events(id, 0, 1).await?.first() {
            live.apply(&first.event)?;
        }
        let viewer = caller.viewer(record.status == GameStatus::Finished);
        Ok(EventPage {
            version: record.version,
            events: events_into(&*live, envelopes, viewer),
        })
    }
}

/// The game as `caller` sees it (everything if `over`).
fn state_of(
    record: &GameRecord,
    data: &GameData,
    live: &dyn Game,
    caller: Caller,
    over: bool,
) -> GameState {
    let waiting = live.waiting();
    GameState {
        game: data.summary(record),
        version: live.version(),
        view: live.view(caller.viewer(over)),
        pending: live.pending(),
        your_seat: caller.seat,
        your_seats: (caller.plays.iter().count() > 1).then(|| caller.plays.iter().collect()),
        your_turn: caller.seat.is_some_and(|s| waiting.contains(&s))
            || caller.plays.iter().any(|s| waiting.contains(&s)),
        window_closes_at: None,
        move_due_at: None,
    }
}

/// Envelopes as `viewer` may see them.
pub(super) fn events_out(live: &dyn Game, envelopes: &[Envelope], viewer: Viewer) -> Vec<EventOut> {
    envelopes
        .iter()
        .map(|e| EventOut {
            seq: e.seq,
            at: e.at,
            actor: e.actor.clone(),
            event: live.redact(&e.event, viewer),
            commitment: e.commitment.clone(),
            hash: e.commitment.is_some().then(|| e.hash.clone()),
        })
        .collect()
}

/// Freshly appended envelopes as `viewer` sees them, with the forms the game
/// made from the typed events when it decided them (see [`engine::Outcome::seen_by`]):
/// an event is parsed back only for a viewer no form was made for.
pub(super) fn events_seen(
    live: &dyn Game,
    envelopes: Vec<Envelope>,
    seen: impl IntoIterator<Item = Seen>,
    viewer: Viewer,
) -> Vec<EventOut> {
    envelopes
        .into_iter()
        .zip(seen)
        .map(|(e, seen)| EventOut {
            seq: e.seq,
            at: e.at,
            actor: e.actor,
            event: seen.form(e.event, |event| live.redact_owned(event, viewer)),
            hash: e.commitment.is_some().then_some(e.hash),
            commitment: e.commitment,
        })
        .collect()
}

/// [`events_out`], taking the envelopes (their events are moved, not
/// copied, when the viewer may see them as they are): no forms were made.
pub(super) fn events_into(
    live: &dyn Game,
    envelopes: Vec<Envelope>,
    viewer: Viewer,
) -> Vec<EventOut> {
    events_seen(live, envelopes, std::iter::repeat(Seen::Unknown), viewer)
}
