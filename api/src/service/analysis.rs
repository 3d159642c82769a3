//! The coach (`GET /v1/games/{id}/analysis`): the `strong` bot's search run
//! for a person at one of his seat's decisions, now or at an earlier
//! version, from that seat's own information set — the events it was
//! shown, redacted for it, even once the game is over and everything is
//! public — never from the true state.
//!
//! What a table allows (`analysis`: `after`, `always`, `never`) holds in a
//! game of more than one person; a game of one person may always be
//! analysed. Each seat may ask for so many analyses a minute, each runs in
//! a bounded budget of playouts, and the server runs only so many at once.

use engine::Viewer;
use serde_json::Value;
use sha2::{Digest, Sha256};
use store::{GameId, GameStatus};

use super::cache::read_all;
use super::{Credentials, Service, blocking};
use crate::error::ApiError;
use crate::models::{ActionEstimate, Analysis, AnalysisAccess, PlayedEstimate};
use crate::stored::GameData;

/// The most events after the analysed decision read to find what the seat
/// played there.
const FOLLOWING: usize = 1_000;

impl Service {
    /// The analysis of the decision the caller's seat faces after `at`
    /// events (now without it).
    pub async fn analysis(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
        at: Option<u64>,
    ) -> Result<Analysis, ApiError> {
        let (record, data, caller, snapshot) = {
            let mut entry = self.games.current(id).await?;
            let caller = self.caller(credentials, &entry.data, as_seat).await?;
            if caller.worker {
                return Err(ApiError::forbidden(
                    "worker_not_coached",
                    "the coach analyses a person's decisions: send the seat's token",
                ));
            }
            if caller.seat.is_none() {
                return Err(ApiError::unauthorized(
                    "send your seat's token (or player key) to have its decisions analysed",
                ));
            }
            // The latest state the cache keeps at or before the position:
            // only the events after it are folded.
            let near = at.unwrap_or(u64::MAX).min(entry.live.version());
            let snapshot = self.games.rewound(&mut entry, near).await?;
            (entry.record.clone(), entry.data.clone(), caller, snapshot)
        };
        if record.status == GameStatus::Open {
            return Err(ApiError::conflict(
                "not_started",
                "the table has not started: nothing to analyse yet",
            ));
        }
        allowed(&data, record.status == GameStatus::Finished)?;
        let version = record.version;
        let at = at.unwrap_or(version);
        if at == 0 || at > version {
            return Err(ApiError::bad_request(format!(
                "at: 1 to {version} (the game's version)"
            )));
        }
        // Every request counts, so that no seat can queue more than its
        // quota behind the analyses running.
        // The quota is the person's: counted on the first seat he plays.
        let own = caller.plays.iter().next().or(caller.seat).unwrap_or(0);
        self.analysis_quota.check(id, own)?;
        self.analysis_quota.record(id, own);
        let upto = version.min(at + FOLLOWING as u64);
        let envelopes = read_all(&self.store, id, upto).await?;
        let settings = self.settings.analysis.clone();
        let ruleset = record.ruleset.clone();
        let permit = self
            .analyses
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::internal("the coach has stopped"))?;
        let position = {
            let (from, mut live) = match snapshot {
                found if found.0 <= at => found,
                _ => (0, crate::ruleset::new_game(&ruleset)?),
            };
            for e in envelopes.iter().take(at as usize).skip(from as usize) {
                live.apply(&e.event)?;
            }
            // A person with two seats (solo) is analysed at the one asked.
            let waiting = live.waiting();
            let seat = caller.acting_seat(&waiting).unwrap_or(0);
            if !waiting.contains(&seat) {
                return Err(ApiError::conflict(
                    "not_asked",
                    format!("seat {seat} is not asked anything at version {at}"),
                ));
            }
            let legal = live.legal(seat);
            if legal.is_empty() {
                return Err(ApiError::conflict(
                    "not_asked",
                    format!("seat {seat} has no action at version {at}"),
                ));
            }
            let decision = live
                .pending()
                .into_iter()
                .find(|p| p["seat"] == u64::from(seat))
                .unwrap_or(Value::Null);
            (seat, live.view(Viewer::Seat(seat)), legal, decision)
        };
        let (seat, view, legal, decision) = position;
        let answer = blocking(move || {
            let _permit = permit;
            // What the seat was shown: each event redacted for it, by a game
            // folded to its opening (which fixes what is hidden).
            let mut opening = crate::ruleset::new_game(&ruleset)?;
            if let Some(first) = envelopes.first() {
                opening.apply(&first.event)?;
            }
            let shown: Vec<Value> = envelopes
                .iter()
                .map(|e| opening.redact(&e.event, Viewer::Seat(seat)))
                .collect();
            let (observed, following) = shown.split_at((at as usize).min(shown.len()));
            let bots = bots::players::bots_for(&ruleset)
                .ok_or_else(|| ApiError::internal("no coach for this ruleset"))?;
            (bots.analyse)(&bots::players::AnalysisRequest {
                observed,
                following,
                view: &view,
                legal: &legal,
                budget_ms: settings.budget_ms,
                most: settings.actions,
                seed: analysis_seed(id, at, seat),
            })
            .ok_or_else(|| ApiError::internal("the search found no world to play out"))
        })
        .await?;
        Ok(answer_of(at, seat, decision, settings.budget_ms, answer))
    }
}

/// Whether the table allows an analysis now: always in a game of one
/// person; else as its `analysis` option says.
fn allowed(data: &GameData, over: bool) -> Result<(), ApiError> {
    if data.persons() <= 1 {
        return Ok(());
    }
    match data.analysis {
        AnalysisAccess::Always => Ok(()),
        AnalysisAccess::After if over => Ok(()),
        AnalysisAccess::After => Err(ApiError::forbidden(
            "analysis_after_the_game",
            "this table allows analysis once the game is over (its `analysis` option is `after`)",
        )),
        AnalysisAccess::Never => Err(ApiError::forbidden(
            "analysis_off",
            "this table allows no analysis (its `analysis` option is `never`)",
        )),
    }
}

/// The search's seed for one decision of one seat: from public facts only
/// (never the game's secret seed), so that asking again gives the same
/// answer.
fn analysis_seed(id: GameId, at: u64, seat: u8) -> u64 {
    let mut hasher = Sha256::new();
    hasher.update(b"bang/analysis/v1");
    hasher.update(id.to_string().as_bytes());
    hasher.update(at.to_le_bytes());
    hasher.update([seat]);
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// A win chance as the API shows it: three decimals.
fn chance(win: f64) -> f64 {
    (win * 1000.0).round() / 1000.0
}

/// The answer, from the coach's.
fn answer_of(
    at: u64,
    seat: u8,
    decision: Value,
    budget_ms: u32,
    analysis: bots::players::JsonAnalysis,
) -> Analysis {
    let best = analysis.estimates.first().map_or(0.0, |e| chance(e.win));
    let played = analysis.played.map(|action| {
        let win = analysis
            .estimates
            .iter()
            .find(|e| e.action == action)
            .map(|e| chance(e.win));
        PlayedEstimate {
            loss: win.map(|w| chance(best - w)),
            win_chance: win,
            action,
        }
    });
    Analysis {
        version: at,
        seat,
        decision,
        legal: analysis.legal,
        budget_ms,
        actions: analysis
            .estimates
            .into_iter()
            .map(|e| ActionEstimate {
                normal: e.action == analysis.normal,
                action: e.action,
                win_chance: chance(e.win),
                playouts: e.playouts,
            })
            .collect(),
        played,
    }
}
