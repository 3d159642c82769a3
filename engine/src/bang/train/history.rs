//! Sentences of the Great Train Robbery: the stations, the Locomotive and
//! the train on its way, and the railcars and train cards at work.

use super::EndStage;
use super::TrainEvent;
use super::stations::station;
use crate::bang::history::words::{card_name, cards_told, full, names_of, used_as};
use crate::core::history::{count, label, list, seat_name};

/// The sentence of a Great Train Robbery event, `None` for any other (and
/// for a stage of the train with nothing to show).
pub(crate) fn sentence(event: &TrainEvent, names: &[String]) -> Option<String> {
    the_train(event, names).or_else(|| railcars_and_train_cards(event, names))
}

/// The stations, the Locomotive, the train advancing to the End of the
/// Line, and a railcar joining it or taken from it.
fn the_train(event: &TrainEvent, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        TrainEvent::StationsShuffled { order } => {
            format!("The stations are shuffled ({})", count(order.len(), "tile"))
        }
        TrainEvent::StationsRevealed { row } => {
            let named: Vec<String> = row.iter().map(|&s| station(s).name.to_string()).collect();
            format!("The stations ahead: {}", list(&named))
        }
        TrainEvent::LocomotivePlaced { leland } => format!(
            "The Locomotive shows {}",
            if *leland { "Leland" } else { "Ironhorse" }
        ),
        TrainEvent::RailcarsShuffled { order } => {
            format!(
                "The railcars are shuffled ({})",
                count(order.len(), "railcar")
            )
        }
        TrainEvent::RailcarAdded { railcar } => {
            format!("{} joins the train", card_name(*railcar))
        }
        TrainEvent::TrainAdvanced { how } => {
            format!("The train advances ({})", label(how))
        }
        TrainEvent::TrainStage { stage } => match stage {
            Some(EndStage::Arrival) => "The train reaches the End of the Line".into(),
            Some(EndStage::Chance) => "End of the Line: a last chance to take a railcar".into(),
            Some(EndStage::Locomotive { .. }) => "End of the Line: the Locomotive acts".into(),
            Some(EndStage::Rebuild) => {
                "End of the Line: the stations and the train are rebuilt".into()
            }
            None => return None,
        },
        TrainEvent::RailcarTaken {
            seat,
            railcar,
            to,
            station: st,
            ..
        } => {
            let paid = st.map_or(" for free".to_string(), |s| {
                format!(", paying at {}", station(s).name)
            });
            if to == seat {
                format!("{} takes {}{paid}", n(*seat), card_name(*railcar))
            } else {
                format!(
                    "{} takes {} for {}{paid}",
                    n(*seat),
                    card_name(*railcar),
                    n(*to)
                )
            }
        }
        TrainEvent::FullSteamChosen { double } => format!(
            "Full Steam: the Locomotive's effect is {}",
            if *double { "doubled" } else { "cancelled" }
        ),
        TrainEvent::GhostRose { seat } => {
            format!("{} stays in play as a ghost", n(*seat))
        }
        _ => return None,
    };
    Some(text)
}

/// The railcars, the train cards and the train's characters at work.
fn railcars_and_train_cards(event: &TrainEvent, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        TrainEvent::DiscardRecovered { seat, card } => {
            format!(
                "{} takes {} back from the discard pile",
                n(*seat),
                card_name(*card)
            )
        }
        TrainEvent::MapLooked { seat, cards } => {
            format!(
                "{} looks at {} on top of the deck",
                n(*seat),
                cards_told(cards)
            )
        }
        TrainEvent::MapDone { seat, discarded } => match discarded {
            Some(c) => format!("{} discards {} from the deck", n(*seat), full(*c)),
            None => format!("{} leaves the deck as it is", n(*seat)),
        },
        TrainEvent::RobberyHandled {
            seat,
            card,
            discard,
        } => {
            if *discard {
                format!("{} gives up {}", n(*seat), card_name(*card))
            } else {
                format!(
                    "{} keeps {} and is shot at instead",
                    n(*seat),
                    card_name(*card)
                )
            }
        }
        TrainEvent::CardsSwitched {
            seat,
            mine,
            other,
            theirs,
        } => format!(
            "{} switches {} with {} of {}",
            n(*seat),
            card_name(*mine),
            card_name(*theirs),
            n(*other)
        ),
        TrainEvent::TrainWatched { seat } => {
            format!("{} watches the train go by", n(*seat))
        }
        TrainEvent::ShotRedirected { seat, card, target } => format!(
            "{} discards {} and the shot goes to {}",
            n(*seat),
            full(*card),
            n(*target)
        ),
        TrainEvent::RedirectDeclined { seat } => {
            format!("{} lets the shot come", n(*seat))
        }
        TrainEvent::Exempted { seat, target } => match target {
            Some(t) => format!("{} exempts {} from the Locomotive", n(*seat), n(*t)),
            None => format!("{} exempts nobody from the Locomotive", n(*seat)),
        },
        TrainEvent::RailcarUsed {
            seat,
            railcar,
            mode,
            card,
        } => format!(
            "{} uses {}{}{}",
            n(*seat),
            card_name(*railcar),
            mode.map_or(String::new(), |m| format!(" as {}", used_as(&m))),
            card.map_or(String::new(), |c| format!(" with {}", card_name(c)))
        ),
        TrainEvent::RailcarsDrawn { seat, railcars } => {
            format!("{} draws the railcars {}", n(*seat), names_of(railcars))
        }
        TrainEvent::CardGiven { seat, to, card } => format!(
            "{} gives {} to {}",
            n(*seat),
            card.map_or("a card".to_string(), |c| card_name(c).to_string()),
            n(*to)
        ),
        _ => return None,
    };
    Some(text)
}
