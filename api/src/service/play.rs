//! Acting in a game: an action checked against the caller, the version and the
//! limits, decided by the rules, and its events appended to the log
//! ([`Service::commit`], which the reaction-window timer uses too), once per
//! action id.

use std::time::Instant;

use store::{Append, Envelope, EventStore, GameId, GameStatus};

use super::cache::Entry;
use super::views::{events_into, events_out, events_seen};
use super::{Caller, Credentials, Service, seed_of};
use crate::error::ApiError;
use crate::models::{ActionResult, PostAction};
use engine::Outcome;

/// The digest kept with an action id: SHA-256 of the canonical JSON of what
/// was posted with it (the action and the expected version).
fn action_digest(body: &PostAction) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let posted = serde_json::json!({
        "action": body.action,
        "expected_version": body.expected_version,
    });
    Sha256::digest(store::canonical_json(&posted)).into()
}

impl Service {
    /// Takes an action for the caller's seat.
    ///
    /// On a store other servers write too, the game as this server holds it
    /// is tried first, its head not read (one round trip less): the append
    /// expects its version and generation, so an action it takes was decided
    /// on the game as stored. Anything else (a refusal, a conflict, a
    /// retried action id) is decided again on the game caught up with the
    /// store, as if the first try had not been made.
    pub async fn act(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
        body: PostAction,
    ) -> Result<ActionResult, ApiError> {
        let started = Instant::now();
        if let Some(action_id) = &body.action_id
            && (action_id.is_empty()
                || action_id.chars().count() > 128
                || action_id.chars().any(char::is_control))
        {
            return Err(ApiError::bad_request(
                "action_id: 1 to 128 characters, without control characters",
            ));
        }
        let (mut entry, checked) = self.games.for_action(id).await?;
        if !checked {
            let tried = self
                .act_in(&mut entry, credentials, as_seat, &body, started, false)
                .await;
            if let Ok(Some(result)) = tried {
                return Ok(result);
            }
            self.games.catch_up(&mut entry).await?;
        }
        self.act_in(&mut entry, credentials, as_seat, &body, started, true)
            .await?
            .ok_or_else(|| ApiError::internal("an action on a caught-up game went unanswered"))
    }

    /// [`Service::act`] on `entry`: when not `checked` (the entry may be
    /// behind the store), its append expects the entry's generation, and a
    /// retried action id is answered `None` (to be answered from the game
    /// caught up).
    async fn act_in(
        &self,
        entry: &mut Entry,
        credentials: &Credentials,
        as_seat: Option<u8>,
        body: &PostAction,
        started: Instant,
        checked: bool,
    ) -> Result<Option<ActionResult>, ApiError> {
        let id = entry.record.id;
        let mut caller = self.caller(credentials, &entry.data, as_seat).await?;
        if entry.record.status == GameStatus::Open {
            return Err(ApiError::conflict(
                "not_started",
                "this table has not started: nothing is dealt until its seats are taken or \
                 its host starts it",
            ));
        }
        let waiting = entry.live.waiting();
        if caller.several_asked(&waiting) && !entry.live.anytime(&body.action) {
            let asked: Vec<u8> = caller
                .plays
                .iter()
                .filter(|s| waiting.contains(s))
                .collect();
            return Err(ApiError::seat_needed(&asked));
        }
        caller.seat = caller.acting_seat(&waiting);
        let seat = caller
            .seat
            .ok_or_else(|| ApiError::unauthorized("send your seat's token to act"))?;
        if !caller.worker
            && let Some(bot) = entry
                .data
                .seats
                .get(seat as usize)
                .and_then(|s| s.kept_by_bot.as_deref())
        {
            return Err(ApiError::seat_kept_by_bot(id, seat, bot));
        }
        // Action ids are scoped to who sends them: one seat's ids never
        // answer for another's, nor for the bot workers'.
        let digest = action_digest(body);
        let action_key = body
            .action_id
            .as_ref()
            .map(|a| format!("{}/{a}", caller.action_scope()));
        let version = entry.live.version();
        let standing_orders = entry.live.anytime(&body.action);
        let decided = self.decide(entry, seat, body, standing_orders);
        let outcome = match decided {
            Ok(outcome) => outcome,
            // A retry finds its first answer, whatever refuses it now (the
            // version moved on, the game ended, another seat is asked). An
            // action that is not refused needs no lookup: its append finds
            // an action id already used itself.
            Err(refusal) => {
                if checked
                    && let Some(key) = &action_key
                    && let Some(first) = self.store.find_action(id, key, Some(&digest)).await?
                {
                    return Ok(Some(self.repeated(entry, caller, &first)));
                }
                return Err(refusal);
            }
        };
        let viewer = caller.viewer(outcome.next.is_over());
        let seen = outcome.seen_by(viewer);
        let prepared = Instant::now();
        let (envelopes, duplicate) = self
            .commit(
                entry,
                version,
                seat.to_string(),
                action_key.clone().map(|key| (key, digest)),
                outcome,
                (!checked).then_some(entry.record.generation),
            )
            .await?;
        if duplicate {
            return Ok(checked.then(|| self.repeated(entry, caller, &envelopes)));
        }
        let stored = Instant::now();
        if standing_orders {
            self.orders_quota.record(id, seat);
        }
        let result = ActionResult {
            version: entry.live.version(),
            events: events_seen(&*entry.live, envelopes, seen, viewer),
            duplicate: false,
        };
        crate::metrics::action_stages(prepared - started, stored - prepared, stored.elapsed());
        Ok(Some(result))
    }

    /// What the rules decide of `body` for `seat` in `entry`'s game, unless
    /// it is refused: a stale version, a game over, a seat not asked, too
    /// many standing orders, an illegal action or a log grown too long.
    fn decide(
        &self,
        entry: &Entry,
        seat: u8,
        body: &PostAction,
        standing_orders: bool,
    ) -> Result<Outcome, ApiError> {
        let id = entry.record.id;
        let version = entry.live.version();
        if let Some(expected) = body.expected_version
            && expected != version
            && !(expected < version && entry.live.still_asked(seat, expected))
        {
            // Stale, unless only other seats' answers to the window this seat
            // is still asked in came in since.
            return Err(ApiError::stale(expected, version));
        }
        if entry.live.is_over() {
            return Err(ApiError::game_over());
        }
        if !entry.live.waiting().contains(&seat) && !standing_orders {
            return Err(ApiError::not_your_decision(format!(
                "seat {seat} is not asked to decide anything now"
            )));
        }
        if standing_orders {
            self.orders_quota.check(id, seat)?;
        }
        let seed = seed_of(&entry.data.seed)?;
        let outcome = entry.live.play(seat, &body.action, seed)?;
        let limit = self.settings.max_events_per_game;
        if version.saturating_add(outcome.events.len() as u64) > limit {
            return Err(ApiError::game_too_long(version, limit));
        }
        Ok(outcome)
    }

    /// Appends decided events at `version` and moves the entry on to the game
    /// they lead to (unless the store found the action id already used).
    /// `action` is the scoped action id and the digest of what was posted
    /// with it; with `expected_generation`, the append is refused if the
    /// game's data changed since that generation.
    pub(super) async fn commit(
        &self,
        entry: &mut Entry,
        version: u64,
        actor: String,
        action: Option<(String, [u8; 32])>,
        outcome: Outcome,
        expected_generation: Option<u64>,
    ) -> Result<(Vec<Envelope>, bool), ApiError> {
        let Outcome {
            events,
            public,
            next,
            ..
        } = outcome;
        let id = entry.record.id;
        let over = next.is_over();
        // The data changes only when the game ends (its winners) or a bot
        // takes or gives back a person's seat.
        let data = {
            let mut data = entry.data.clone();
            let kept = data.keep_seats(next.controls());
            (over || kept).then(|| {
                if over {
                    data.winners = next.winners().map(Into::into);
                }
                let value = data.to_value();
                (data, value)
            })
        };
        let store::Appended {
            head,
            envelopes,
            duplicate,
        } = self
            .store
            .append(
                id,
                version,
                Append {
                    actor,
                    action_digest: action.as_ref().map(|(_, digest)| *digest),
                    action_id: action.map(|(key, _)| key),
                    public: match entry.chain_key {
                        Some(_) => public,
                        None => Vec::new(),
                    },
                    chain_key: entry.chain_key,
                    events,
                    status: over.then_some(GameStatus::Finished),
                    data: data.as_ref().map(|(_, value)| value.clone()),
                    expected_generation,
                    // The retention's marker and the players' finished
                    // entries land with the game's end.
                    docs: if over {
                        let now = chrono::Utc::now();
                        let seats = data.as_ref().map_or(&entry.data, |(data, _)| data);
                        let mut docs = super::players::finished_docs(
                            seats,
                            id,
                            &entry.record.ruleset,
                            next.roles(),
                            now,
                        );
                        docs.push(super::retention::finished_marker(id, now));
                        let winners = seats.winners.as_ref().map_or(&[][..], |w| &w.seats);
                        let played = super::ratings::match_at_end(
                            seats,
                            &entry.record.ruleset,
                            winners,
                            &next.roles(),
                        );
                        docs.extend(played.and_then(|m| super::ratings::pending_doc(&m, id, now)));
                        docs
                    } else {
                        Vec::new()
                    },
                },
            )
            .await
            .map_err(|e| match e {
                store::StoreError::Conflict { current } => ApiError::stale(version, current),
                other => other.into(),
            })?;
        if duplicate {
            return Ok((envelopes, true));
        }
        entry.live = next;
        entry.keep_snapshot();
        head.apply_to(&mut entry.record);
        if let Some((data, value)) = data {
            entry.data = data;
            entry.record.data = value;
        }
        let new_version = entry.live.version();
        self.games.committed(id, new_version);
        self.versions.publish(id, new_version);
        self.refresh_waiting(entry).await;
        if over && entry.data.rated {
            // Applied before the answer, so that the mover reads the new
            // ratings at once; the rater catches up with any failure.
            if let Err(e) = self.rate_pending().await {
                tracing::warn!(error = %e, "a rated game's end not applied yet");
                self.ratings_wake.notify_one();
            }
        }
        // Webhooks (issue 15): this append's notifications, in the outbox.
        self.notify_webhooks(entry).await;
        Ok((envelopes, false))
    }

    /// Takes the caller's seat back from the bot that keeps it since it
    /// missed its deadlines: a `seat_control` event by the seat.
    pub async fn reclaim(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
    ) -> Result<ActionResult, ApiError> {
        let mut entry = self.games.current(id).await?;
        let caller = self.caller(credentials, &entry.data, as_seat).await?;
        let seat = match caller.seat {
            Some(seat) if !caller.worker => seat,
            _ => {
                return Err(ApiError::unauthorized(
                    "send the token (or player key) of the seat to take back",
                ));
            }
        };
        if entry.live.is_over() {
            return Err(ApiError::game_over());
        }
        let kept = entry
            .data
            .seats
            .get(seat as usize)
            .is_some_and(|s| s.kept_by_bot.is_some());
        if !kept {
            return Err(ApiError::conflict(
                "not_kept_by_bot",
                format!("no bot keeps seat {seat}: it is yours to play"),
            ));
        }
        let version = entry.live.version();
        let outcome = entry
            .live
            .control(&engine::SeatControl::SeatReclaimed { seat })?;
        let (envelopes, _) = self
            .commit(&mut entry, version, seat.to_string(), None, outcome, None)
            .await?;
        let viewer = caller.viewer(entry.live.is_over());
        Ok(ActionResult {
            version: entry.live.version(),
            events: events_into(&*entry.live, envelopes, viewer),
            duplicate: false,
        })
    }

    fn repeated(&self, entry: &Entry, caller: Caller, first: &[Envelope]) -> ActionResult {
        let viewer = caller.viewer(entry.live.is_over());
        ActionResult {
            version: first.last().map_or(entry.live.version(), |e| e.seq),
            events: events_out(&*entry.live, first, viewer),
            duplicate: true,
        }
    }
}
