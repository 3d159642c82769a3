//! Who plays a seat, when a play-by-post game's deadlines change it: a seat
//! that misses its move deadline has that move played by a bot, and after
//! enough misses in a row a bot keeps the seat until its player takes it back.
//!
//! These are facts of the log like any other ([`SeatControl`] events, one
//! variant in each ruleset's events), decided by the server (a miss, a bot
//! taking the seat) or by the seat itself (taking it back). They never change
//! the rules' state, only who answers for a seat, which every game of every
//! ruleset keeps the same way in [`Controls`].

use super::ruleset::{Decided, PlayError, Ruleset};
use super::seat_control::SeatControl;
use super::{MAX_SEATS, Seat, SeatSet};

/// Who plays each seat, as the [`SeatControl`] events so far say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Controls {
    /// Seats a bot keeps (taken after missed deadlines).
    stand_ins: SeatSet,
    /// The policy keeping each such seat.
    bots: [Option<Box<str>>; MAX_SEATS],
    /// Move deadlines each seat missed in a row.
    misses: [u8; MAX_SEATS],
    /// A bot playing a seat's missed move: its seat and how many of the
    /// seat's decisions it still takes.
    covering: Option<(Seat, u16)>,
}

impl Controls {
    /// Whether a bot keeps `seat` since its player missed too many deadlines.
    pub fn stand_in(&self, seat: Seat) -> Option<&str> {
        self.bots.get(seat as usize)?.as_deref()
    }

    /// The seats a bot keeps.
    pub fn stand_ins(&self) -> SeatSet {
        self.stand_ins
    }

    /// Move deadlines `seat` missed in a row (its own decision resets it).
    pub fn misses(&self, seat: Seat) -> u8 {
        self.misses.get(seat as usize).copied().unwrap_or(0)
    }

    /// Folds the decision an event records, if it is one (see [`Ruleset::decided`]).
    pub fn fold<A>(&mut self, decided: Option<Decided<A>>) {
        match decided {
            Some(Decided::Control(change)) => self.fold_change(&change),
            Some(Decided::Action(seat, _)) => match &mut self.covering {
                Some((covered, moves)) if *covered == seat && *moves > 0 => {
                    *moves -= 1;
                    if *moves == 0 {
                        self.covering = None;
                    }
                }
                _ => {
                    self.covering = None;
                    if let Some(misses) = self.misses.get_mut(seat as usize) {
                        *misses = 0;
                    }
                }
            },
            Some(Decided::Expiry) | None => {}
        }
    }

    fn fold_change(&mut self, change: &SeatControl) {
        let seat = change.seat();
        let at = seat as usize;
        if at >= MAX_SEATS {
            return;
        }
        self.covering = None;
        match change {
            SeatControl::DeadlineMissed { moves, .. } => {
                self.misses[at] = self.misses[at].saturating_add(1);
                self.covering = (*moves > 0).then_some((seat, *moves));
            }
            SeatControl::BotTookSeat { bot, .. } => {
                self.stand_ins = self.stand_ins.with(seat);
                self.bots[at] = Some(bot.as_str().into());
            }
            SeatControl::SeatReclaimed { .. } => {
                self.stand_ins = self.stand_ins.without(seat);
                self.bots[at] = None;
                self.misses[at] = 0;
            }
        }
    }
}

/// Decides a change of who plays a seat in `state` (whose seats are
/// `controls`), moving `state` on: the one `seat_control` event, or why not.
/// A miss needs the seat asked to move (not to answer a reaction window) and
/// played by its person; a bot takes only a seat its person plays; only a
/// seat a bot took may be taken back.
pub fn control<R: Ruleset>(
    state: &mut R::State,
    controls: &Controls,
    change: &SeatControl,
) -> Result<Vec<R::Event>, PlayError> {
    if R::winners(state).is_some() {
        return Err(PlayError::GameOver);
    }
    let seat = change.seat();
    let spec = R::seat_spec(state, seat)
        .ok_or_else(|| PlayError::Invalid(format!("there is no seat {seat}")))?;
    let person = spec.bot.is_none() && controls.stand_in(seat).is_none();
    match change {
        SeatControl::DeadlineMissed { moves, .. } => {
            let asked = R::pending(state)
                .iter()
                .any(|p| R::pending_seat(p) == seat && !R::is_reaction(p));
            if !asked || !person || *moves == 0 {
                return Err(PlayError::Illegal(format!(
                    "seat {seat} is not a person asked to move"
                )));
            }
        }
        SeatControl::BotTookSeat { .. } if !person => {
            return Err(PlayError::Illegal(format!(
                "seat {seat} is already played by a bot"
            )));
        }
        SeatControl::SeatReclaimed { .. } if controls.stand_in(seat).is_none() => {
            return Err(PlayError::Illegal(format!(
                "no bot keeps seat {seat}: there is nothing to take back"
            )));
        }
        _ => {}
    }
    let event = R::control_event(change.clone());
    R::apply(state, &event);
    Ok(vec![event])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misses_count_in_a_row_and_the_covered_moves_do_not_reset_them() {
        let mut c = Controls::default();
        let missed = |moves| {
            Some(Decided::<()>::Control(SeatControl::DeadlineMissed {
                seat: 1,
                moves,
            }))
        };
        c.fold(missed(2));
        c.fold(Some(Decided::Action(1, ())));
        c.fold(Some(Decided::Action(1, ())));
        assert_eq!(c.misses(1), 1, "the bot's two moves are not the person's");
        c.fold(Some(Decided::Action(2, ())));
        c.fold(missed(1));
        c.fold(Some(Decided::Action(1, ())));
        assert_eq!(c.misses(1), 2);
        c.fold(Some(Decided::Action(1, ())));
        assert_eq!(c.misses(1), 0, "the person moved again");
        c.fold(Some(Decided::<()>::Control(SeatControl::BotTookSeat {
            seat: 1,
            bot: "normal".into(),
        })));
        assert_eq!(c.stand_in(1), Some("normal"));
        assert!(c.stand_ins().contains(1));
        c.fold(Some(Decided::<()>::Control(SeatControl::SeatReclaimed {
            seat: 1,
        })));
        assert_eq!(c.stand_in(1), None);
    }
}

#[cfg(test)]
mod audit_tests {
    use serde_json::Value;

    use super::SeatControl;
    use crate::core::{SeatSpec, Seed};
    use crate::{Game, ruleset};

    /// A 3-player dice game of people, opened, and its log.
    fn opened() -> (Box<dyn Game>, Vec<Value>, Seed) {
        let dice = ruleset("dice").expect("dice");
        let seed = Seed::from_u64(5);
        let events = dice
            .start(3, &Value::Null, vec![SeatSpec::default(); 3], seed)
            .expect("a game");
        let mut game = dice.new_game();
        for e in &events {
            game.apply(e).expect("readable");
        }
        (game, events, seed)
    }

    fn verify(game: &dyn Game, log: &[Value], seed: Seed) -> Result<(), usize> {
        game.verify_log(log, &|_| seed)
    }

    #[test]
    fn a_missed_move_a_bot_keeping_the_seat_and_a_reclaim_verify() {
        let (mut game, mut log, seed) = opened();
        let seat = game.waiting()[0];
        let crate::game::Outcome { events, next, .. } = game
            .control(&SeatControl::DeadlineMissed { seat, moves: 1 })
            .expect("the seat is asked to move");
        log.extend(events);
        game = next;
        let action = game.legal(seat)[0].clone();
        let crate::game::Outcome { events, next, .. } =
            game.play(seat, &action, seed).expect("legal");
        log.extend(events);
        game = next;
        assert_eq!(
            game.controls().misses(seat),
            1,
            "the bot's move is not the person's"
        );
        let keep = SeatControl::BotTookSeat {
            seat,
            bot: "normal".into(),
        };
        let crate::game::Outcome { events, next, .. } =
            game.control(&keep).expect("a person's seat");
        log.extend(events);
        game = next;
        assert!(game.control(&keep).is_err(), "a bot keeps it already");
        let crate::game::Outcome { events, next, .. } = game
            .control(&SeatControl::SeatReclaimed { seat })
            .expect("kept by a bot");
        log.extend(events);
        game = next;
        assert_eq!(game.controls().stand_in(seat), None);
        assert_eq!(verify(game.as_ref(), &log, seed), Ok(()));
        // Replayed from the log, the same seats are kept.
        let mut replay = ruleset("dice").expect("dice").new_game();
        for e in &log {
            replay.apply(e).expect("readable");
        }
        assert_eq!(replay.controls(), game.controls());
    }

    #[test]
    fn the_audit_refuses_a_control_the_server_could_not_have_made() {
        let (game, log, seed) = opened();
        let seat = game.waiting()[0];
        let idle = (seat + 1) % 3;
        let bogus = [
            SeatControl::SeatReclaimed { seat },
            SeatControl::DeadlineMissed {
                seat: idle,
                moves: 1,
            },
            SeatControl::DeadlineMissed { seat, moves: 0 },
            SeatControl::BotTookSeat {
                seat: 7,
                bot: "normal".into(),
            },
        ];
        for change in bogus {
            assert!(game.control(&change).is_err(), "{change:?}");
            let mut forged = log.clone();
            forged.push(serde_json::json!({"type": "seat_control"}));
            let mut event = serde_json::to_value(&change).expect("json");
            event["type"] = "seat_control".into();
            *forged.last_mut().expect("pushed") = event;
            assert_eq!(
                verify(game.as_ref(), &forged, seed),
                Err(log.len()),
                "{change:?}"
            );
        }
    }
}
