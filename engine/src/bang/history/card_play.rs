//! Sentences of the base game's cards: drawn, flipped for a "draw!", shown,
//! looked at, taken, played and discarded, the Dynamite passed, the General
//! Store, an effect without a card and a card without effect.

use super::words::{at, card_name, cards_told, full, names_of, suit_value};
use crate::bang::events::Event;
use crate::bang::state::Effect;
use crate::core::history::title;
use crate::core::history::{label, seat_name};

/// The sentence of a card event, `None` for any other.
pub(super) fn sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        Event::CardsDrawn { seat, cards } => {
            format!("{} draws {}", n(*seat), cards_told(cards))
        }
        Event::CheckFlipped { seat, check, card } => format!(
            "{} draws! for {}: {}",
            n(*seat),
            title(&label(check)),
            full(*card)
        ),
        Event::CheckResolved {
            seat,
            check,
            card,
            success,
        } => format!(
            "{}'s draw! for {}{}: {}",
            n(*seat),
            title(&label(check)),
            card.map_or(String::new(), |c| format!(" ({})", suit_value(c))),
            if *success { "success" } else { "failure" }
        ),
        Event::CardShown { seat, card } => format!("{} shows {}", n(*seat), full(*card)),
        Event::KitLooked { seat, cards } => {
            format!("{} looks at {} from the deck", n(*seat), cards_told(cards))
        }
        Event::KitKept { seat, back } => match back {
            Some(c) => format!("{} puts {} back on the deck", n(*seat), card_name(*c)),
            None => format!("{} puts a card back on the deck", n(*seat)),
        },
        Event::DiscardTaken { seat, card } => {
            format!(
                "{} takes {} from the discard pile",
                n(*seat),
                card_name(*card)
            )
        }
        Event::CardStolen {
            from,
            to,
            card,
            from_hand,
        } => format!(
            "{} takes {} from {}{}",
            n(*to),
            card.map_or("a card".to_string(), |c| card_name(c).to_string()),
            n(*from),
            if *from_hand {
                "'s hand"
            } else {
                "'s cards in play"
            }
        ),
        Event::CardPlayed { seat, card, target } => {
            format!("{} plays {}{}", n(*seat), full(*card), at(*target, names))
        }
        Event::Discarded { seat, cards } => format!("{} discards {}", n(*seat), names_of(cards)),
        Event::DynamitePassed { from, to, .. } => {
            format!("The Dynamite passes from {} to {}", n(*from), n(*to))
        }
        Event::StoreRevealed { cards, .. } => {
            format!("The General Store shows {}", names_of(cards))
        }
        Event::StorePicked { seat, card } => {
            format!(
                "{} takes {} from the General Store",
                n(*seat),
                card_name(*card)
            )
        }
        Event::EffectStarted { effect } => match effect {
            Effect::Shots { source, .. } => format!("{} fires a BANG! without a card", n(*source)),
            Effect::Duel {
                challenger, target, ..
            } => format!("{} challenges {} to a Duel", n(*challenger), n(*target)),
            other => format!("An effect begins: {}", label(other)),
        },
        Event::Unaffected { seat, card } => {
            format!("{} is unaffected by {}", n(*seat), full(*card))
        }
        _ => return None,
    };
    Some(text)
}
