//! Sentences of the table itself: the game opened, roles and characters
//! dealt, turns and phases, posted actions, reaction windows, who plays a
//! seat, extra turns, a shadow's side and the game's end.

use super::words::{action, role, team};
use crate::bang::actions::Action;
use crate::bang::events::Event;
use crate::core::history::{count, label, list, seat_name};

/// The sentence of a table event, `None` for any other (and for a posted
/// action the next events tell better).
pub(super) fn sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        Event::GameCreated(created) => {
            format!("A game of BANG! begins with {} players", created.players)
        }
        Event::RoleDealt {
            seat,
            role: r,
            face_up,
        } => match r {
            Some(r) => format!(
                "{} is dealt the role {}{}",
                n(*seat),
                role(*r),
                if *face_up { ", face up" } else { "" }
            ),
            None => format!("{} is dealt a hidden role", n(*seat)),
        },
        Event::CharactersOffered { seat, offer } => match offer {
            [Some(a), Some(b)] => format!(
                "{} is offered {} and {}",
                n(*seat),
                a.info().name,
                b.info().name
            ),
            _ => format!("{} is offered two hidden characters", n(*seat)),
        },
        Event::CharacterChosen { seat, character } => match character {
            Some(c) => format!("{} keeps {}", n(*seat), c.info().name),
            None => format!("{} keeps a hidden character", n(*seat)),
        },
        Event::CharacterDealt {
            seat,
            character,
            life,
        } => format!(
            "{} plays {} ({} life)",
            n(*seat),
            character.info().name,
            life
        ),
        Event::DeckShuffled { order } => {
            format!("The deck is shuffled ({})", count(order.len(), "card"))
        }
        Event::TurnStarted {
            seat,
            extra,
            shadow,
        } => format!(
            "{}'s {}turn begins",
            n(*seat),
            match (extra, shadow) {
                (_, true) => "shadow ",
                (true, _) => "extra ",
                _ => "",
            }
        ),
        Event::PhaseStarted { phase } => format!("Phase: {}", label(phase)),
        Event::Acted { seat, action: a } => match a {
            Action::Pass | Action::EndTurn => format!("{} {}", n(*seat), action(a, names)),
            _ => return None,
        },
        Event::OrdersSet { seat, .. } => format!("{} sets standing orders", n(*seat)),
        Event::WindowOpened { seat, kind } => {
            format!("{} is asked to answer ({})", n(*seat), label(kind))
        }
        Event::WindowExpired => "Time is up: the safe default is taken".into(),
        Event::SeatControl(change) => change.sentence(names),
        Event::ExtraTurnGranted { seat, heal } => format!(
            "{} will play an extra turn{}",
            n(*seat),
            if *heal { ", back to full life" } else { "" }
        ),
        Event::SideTaken { seat, side } => {
            format!("{} joins the side of the {}", n(*seat), team(*side))
        }
        Event::GameEnded { outcome, .. } => {
            let winners: Vec<String> = outcome.winners.iter().map(|&s| n(s)).collect();
            match outcome.team {
                Some(t) => format!("The game is over: the {} win ({})", team(t), list(&winners)),
                None => "The game is over: a draw".into(),
            }
        }
        _ => return None,
    };
    Some(text)
}
