//! What the train asks of the table (the decisions' hooks): its reaction
//! windows, Sgt. Blaze's exemption, the End of the Line's last chance, the
//! Lounge and Mail Cars' choices and the Map, and the actions that answer
//! each of them.

use super::EndStage;
use super::cards::{map_actions, map_pending, robbery_actions, robbery_pending};
use super::characters::{blaze_due, locomotive_targets, redirects};
use super::legal::{railcar_chance, take_actions};
use super::railcar_use::{lounge_actions, mail_actions};
use crate::bang::actions::Action;
use crate::bang::asked::Asked;
use crate::bang::asked::Decision;
use crate::bang::state::State;
use crate::bang::{TrainAction, TrainDecision};
use crate::core::Seat;

/// Whom the train asks before the base looks at a dying player, a shot or
/// an effect (`seat` is the current player).
pub(super) fn asks(s: &State, seat: Seat) -> Option<Asked> {
    let t = &s.train;
    let at_rest = !s.resolving();
    if t.evan.is_some() {
        return Some(Asked::Nobody); // TC2: the machine opens Evan Babbit's window
    }
    if t.shade.is_some() && at_rest {
        return Some(Asked::Nobody); // TC7: the machine opens Shade O'Connor's window
    }
    if blaze_due(s) && at_rest {
        return Some(Asked::Seat(seat, Decision::Train(TrainDecision::SgtBlaze)));
    }
    if t.end == Some(EndStage::Chance) && at_rest {
        return Some(if railcar_chance(s, seat) {
            Asked::Seat(seat, Decision::Train(TrainDecision::RailcarChance))
        } else {
            Asked::Nobody
        });
    }
    if let Some(l) = &t.lounge
        && !l.drawn.is_empty()
    {
        return Some(Asked::Seat(
            l.seat,
            Decision::Train(TrainDecision::LoungeCar),
        ));
    }
    if let Some(m) = &t.mail
        && !m.cards.is_empty()
    {
        return Some(Asked::Seat(m.seat, Decision::Train(TrainDecision::MailCar)));
    }
    if robbery_pending(s).is_some() {
        return Some(Asked::Nobody); // TR-13.13: the machine opens the target's window
    }
    None
}

/// TR-13.6: the current player looks at his Map's cards, at rest.
pub(super) fn asks_at_rest(s: &State) -> Option<Decision> {
    map_pending(s).then_some(Decision::Train(TrainDecision::Map))
}

/// The actions that answer one of the train's decisions; `false` if
/// `decision` is not one.
pub(super) fn decision_actions(
    s: &State,
    seat: Seat,
    decision: Decision,
    out: &mut Vec<Action>,
) -> bool {
    match decision {
        Decision::Train(TrainDecision::RailcarChance) => {
            take_actions(s, seat, false, out);
            out.push(Action::Pass);
        }
        Decision::Train(TrainDecision::Map) => map_actions(s, out),
        Decision::Train(TrainDecision::LoungeCar) => lounge_actions(s, seat, out),
        Decision::Train(TrainDecision::MailCar) => mail_actions(s, seat, out),
        Decision::Train(TrainDecision::Robbery) => robbery_actions(s, out),
        Decision::Train(TrainDecision::EvanBabbit) => {
            redirects(s, seat, out);
            out.push(Action::Pass);
        }
        Decision::Train(TrainDecision::SgtBlaze) => {
            for target in locomotive_targets(s, seat) {
                out.push(Action::Train(TrainAction::Exempt {
                    target: Some(target),
                }));
            }
            out.push(Action::Train(TrainAction::Exempt { target: None }));
        }
        Decision::Train(TrainDecision::ShadeOConnor) => {
            for &card in &s.p(seat).hand {
                out.push(Action::Discard { card });
            }
            out.push(Action::Pass);
        }
        Decision::Train(TrainDecision::CircusWagon) => {
            for &card in &s.p(seat).in_play {
                out.push(Action::Respond { card });
            }
        }
        _ => return false,
    }
    true
}
