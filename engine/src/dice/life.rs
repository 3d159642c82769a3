//! Losing and gaining life: the batch procedure (§3.12), gains (§3.13),
//! elimination (§4.1) and victory (§4.2–4.4).

use super::characters::Character;
use super::decisions::{molly_choices, pedro_choice};
use super::events::{Event, Losses};
use super::machine::Machine;
use super::offers::{doomed, window_applies};
use super::roles::{Role, Team, three_player_target};
use super::sources::{GainSource, LossSource};
use super::specials::{Gain, Window, WindowKind};
use super::state::{Batch, BatchStep, Outcome, State};
use crate::core::Seat;

impl Machine<'_, '_> {
    /// Opens a batch of losses; the machine then runs it step by step.
    pub(crate) fn start_batch(&mut self, source: LossSource, losses: Losses) {
        self.emit(Event::BatchStarted { source, losses });
    }

    pub(crate) fn batch_stepped(&mut self, step: BatchStep) {
        self.emit(Event::BatchStepped { step });
    }

    /// Runs the open batch as far as it goes without a decision. A step that
    /// waits for a decision (Bart, Molly, Pedro) is recorded with `batch_stepped`.
    pub(crate) fn batch_step(&mut self) {
        let Some(batch) = self.s.batch else { return };
        match batch.step {
            BatchStep::Bart if molly_choices(self.s).next().is_some() => {
                self.batch_stepped(BatchStep::Molly);
            }
            BatchStep::Bart | BatchStep::Molly | BatchStep::Apply => {
                for seat in 0..self.s.players {
                    let amount = batch.losses[seat as usize];
                    if amount > 0 {
                        self.emit(Event::LifeLost {
                            seat,
                            amount,
                            source: batch.source,
                        });
                    }
                }
                if pedro_choice(self.s).is_some() {
                    self.batch_stepped(BatchStep::Pedro);
                } else {
                    self.aftermath();
                }
            }
            BatchStep::Pedro | BatchStep::Aftermath => self.aftermath(),
            BatchStep::Rescue | BatchStep::Eliminate => self.eliminate(),
            BatchStep::Cleanup => self.cleanup(),
        }
    }

    /// Batch step 7 begins: with players about to be eliminated, The Left Hand's
    /// window (special roles) comes first.
    fn aftermath(&mut self) {
        if doomed(self.s).next().is_some() && window_applies(self.s, WindowKind::Elimination) {
            self.batch_stepped(BatchStep::Eliminate);
            self.offer(Window::new(WindowKind::Elimination));
        } else {
            self.eliminate();
        }
    }

    /// Batch steps 7 to 9: eliminations, the victory check, Vulture Sam; then the
    /// clean-up, unless a window about Vulture's gain must be answered first.
    fn eliminate(&mut self) {
        let Some(batch) = self.s.batch else { return };
        let doomed: Vec<Seat> = doomed(self.s).collect();
        let first = !self.s.first_elimination_done;
        for &seat in &doomed {
            let role = self.s.table[seat as usize].role.unwrap_or(Role::Outlaw);
            self.emit(Event::PlayerEliminated { seat, role });
        }
        if first && !doomed.is_empty() {
            self.maybe_ghost(&doomed);
        }
        if !doomed.is_empty()
            && let Some(outcome) = victory(self.s, &batch, &doomed)
        {
            let seed = self.rng.seed();
            self.emit(Event::GameEnded { outcome, seed });
            return;
        }
        if let Some(vulture) = self.s.living_with(Character::VultureSam)
            && !doomed.is_empty()
        {
            self.gain(vulture, 2 * doomed.len() as u8, GainSource::VultureSam);
        }
        if self.s.window.is_some() {
            self.batch_stepped(BatchStep::Cleanup);
        } else {
            self.cleanup();
        }
    }

    /// Batch steps 10 and 11: the arrows' return after an attack, and El
    /// Gringo's penalty.
    fn cleanup(&mut self) {
        let Some(batch) = self.s.batch else { return };
        let active = self.s.turn.active;
        let n = self.s.players;
        if batch.source == LossSource::Indians {
            self.emit(Event::ArrowsRecalled);
        }
        let gringo_hit = batch.source.shooter() == Some(active)
            && (0..n).any(|s| {
                self.s.table[s as usize].character == Character::ElGringo
                    && batch.lost[s as usize] > 0
            });
        self.emit(Event::BatchEnded);
        if gringo_hit && self.s.is_alive(active) {
            self.owe_token(active);
        }
    }

    /// Ghost: the first non-Sheriff player eliminated becomes the Ghost (4.1.3,
    /// 6.5.2); of several in the game's first eliminations, the first clockwise
    /// from the active player (D-39). `doomed` is in that order. The Sheriff
    /// himself is passed over, but being eliminated with him makes no
    /// difference: the Ghost is made at batch step 7, before the victory check
    /// of step 8, so a Ghost Renegade then wins or loses with his side (V2).
    fn maybe_ghost(&mut self, doomed: &[Seat]) {
        let role = |seat: Seat| self.s.table[seat as usize].role;
        if !self.s.modules.has(super::options::Module::Ghost) {
            return;
        }
        let Some(seat) = doomed
            .iter()
            .copied()
            .find(|&d| role(d) != Some(Role::Sheriff))
        else {
            return;
        };
        let side =
            (role(seat) == Some(Role::Renegade)).then(|| ghost_renegade_side(self.s.players));
        self.emit(Event::BecameGhost { seat, side });
    }

    /// A living player gains up to `amount` LP, capped at his max (§3.13).
    pub(crate) fn gain(&mut self, seat: Seat, amount: u8, source: GainSource) {
        let Some(p) = self.s.player(seat).filter(|p| p.alive) else {
            return;
        };
        let amount = amount.min(p.max_life.saturating_sub(p.life));
        if amount == 0 {
            self.emit(Event::LifeGained {
                seat,
                amount,
                source,
            });
            return;
        }
        // Special roles: The Bad's window comes just before the gain (D-24).
        self.offer(Window {
            gain: Some(Gain {
                seat,
                amount,
                source,
            }),
            ..Window::new(WindowKind::Gain)
        });
    }
}

/// Ghost: the side of the Ghost Renegade card for the number of players at
/// the start (6.5.3).
pub fn ghost_renegade_side(players: u8) -> Team {
    if players % 2 == 1 {
        Team::Outlaws
    } else {
        Team::Law
    }
}

/// The result of the victory check after a batch that eliminated `doomed`, if the
/// game is over.
pub fn victory(s: &State, batch: &Batch, doomed: &[Seat]) -> Option<Outcome> {
    if s.three_player() {
        return three_player_victory(s, batch, doomed);
    }
    let role = |seat: Seat| s.table[seat as usize].role;
    let with_role = |r: Role| (0..s.players).filter(move |&x| role(x) == Some(r));
    let sheriff = with_role(Role::Sheriff).next()?;
    let living: Vec<Seat> = s.ring().collect();
    if !s.is_alive(sheriff) {
        if let [last] = living[..]
            && role(last) == Some(Role::Renegade)
        {
            return Some(Outcome {
                team: Some(Team::Renegade),
                winners: vec![last],
            });
        }
        let mut winners: Vec<Seat> = with_role(Role::Outlaw)
            .chain(ghost_with(s, Team::Outlaws))
            .collect();
        winners.sort_unstable();
        return Some(Outcome {
            team: Some(Team::Outlaws),
            winners,
        });
    }
    let opponents_alive = living
        .iter()
        .any(|&x| matches!(role(x), Some(Role::Outlaw | Role::Renegade)));
    if !opponents_alive {
        let mut winners: Vec<Seat> = with_role(Role::Sheriff)
            .chain(with_role(Role::Deputy))
            .chain(ghost_with(s, Team::Law))
            .collect();
        winners.sort_unstable();
        return Some(Outcome {
            team: Some(Team::Law),
            winners,
        });
    }
    None
}

/// The Ghost Renegade, if he plays on `team`'s side.
fn ghost_with(s: &State, team: Team) -> Option<Seat> {
    s.ghost.filter(|_| s.ghost_side == Some(team))
}

/// The 3-player variant (§4.4): a player wins by making his own target lose its
/// last LP with his Bull's Eyes or Gatling; otherwise the last living player wins,
/// and if nobody is left the game is a draw.
fn three_player_victory(s: &State, batch: &Batch, doomed: &[Seat]) -> Option<Outcome> {
    let role = |seat: Seat| s.table[seat as usize].role;
    let wins = |seat: Seat| {
        let team = match role(seat) {
            Some(Role::Deputy | Role::Sheriff) => Team::Law,
            Some(Role::Outlaw) => Team::Outlaws,
            Some(Role::Renegade) | None => Team::Renegade,
        };
        Some(Outcome {
            team: Some(team),
            winners: vec![seat],
        })
    };
    if let Some(shooter) = batch.source.shooter()
        && let Some(shooter_role) = role(shooter)
        && doomed
            .iter()
            .any(|&d| role(d) == Some(three_player_target(shooter_role)))
    {
        return wins(shooter);
    }
    let living: Vec<Seat> = s.ring().collect();
    match living[..] {
        [] => Some(Outcome {
            team: None,
            winners: Vec::new(),
        }),
        [last] => wins(last),
        _ => None,
    }
}
