//! Sentences of shots and life: a shot and its answers, life lost and
//! regained, a player saved or eliminated (and Vulture Sam's inheritance),
//! a shadow unhurt and a ghost risen.

use super::words::{cards_told, full, names_of, role};
use crate::bang::events::Event;
use crate::core::history::{count, seat_name};

/// The sentence of a shot or life event, `None` for any other.
pub(super) fn sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        Event::ShotAt {
            source,
            target,
            needed,
            anonymous,
        } => {
            let need = if *needed > 1 {
                format!(" ({} Missed! needed)", needed)
            } else {
                String::new()
            };
            if *anonymous {
                format!("{} is shot at by the Locomotive{need}", n(*target))
            } else {
                format!("{} shoots at {}{need}", n(*source), n(*target))
            }
        }
        Event::TargetSkipped { seat } => format!("{} is no longer a target", n(*seat)),
        Event::MissedPlayed { seat, card } => {
            format!("{} dodges with {}", n(*seat), full(*card))
        }
        Event::BangDiscarded { seat, card } => {
            format!("{} discards {}", n(*seat), full(*card))
        }
        Event::Healed { seat, cards } => {
            format!("{} discards {} to regain 1 life", n(*seat), names_of(cards))
        }
        Event::LifeLost { seat, amount, by } => match by {
            Some(by) if by != seat => {
                format!(
                    "{} loses {} to {}",
                    n(*seat),
                    count(*amount as usize, "life point"),
                    n(*by)
                )
            }
            _ => format!(
                "{} loses {}",
                n(*seat),
                count(*amount as usize, "life point")
            ),
        },
        Event::LifeGained { seat, amount } => {
            format!(
                "{} regains {}",
                n(*seat),
                count(*amount as usize, "life point")
            )
        }
        Event::Saved { seat } => format!("{} is saved", n(*seat)),
        Event::PlayerEliminated { seat, role: r, by } => match by {
            Some(by) if by != seat => format!(
                "{} is eliminated by {}; the role was {}",
                n(*seat),
                n(*by),
                role(*r)
            ),
            _ => format!("{} is eliminated; the role was {}", n(*seat), role(*r)),
        },
        Event::CardsInherited {
            seat,
            from,
            hand,
            in_play,
        } => {
            let mut all = hand.clone();
            all.extend(in_play.iter().map(|&c| Some(c)));
            format!("{} takes {} of {}", n(*seat), cards_told(&all), n(*from))
        }
        Event::Unhurt { seat } => format!("{} cannot lose life", n(*seat)),
        _ => return None,
    };
    Some(text)
}
