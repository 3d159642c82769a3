//! Sentences of Gold Rush: the equipment market and its cards, and the
//! nuggets paid and taken.

use super::GoldEvent;
use super::equipment::{Equip, equip_kind};
use crate::bang::history::words::{at, card_name, full, used_as};
use crate::core::history::title;
use crate::core::history::{count, label, list, seat_name};

/// The sentence of a Gold Rush event, `None` for any other.
pub(crate) fn sentence(event: &GoldEvent, names: &[String]) -> Option<String> {
    equipment(event, names).or_else(|| nuggets(event, names))
}

/// The equipment deck, the market and the equipment bought, taken, used,
/// returned or forced away.
fn equipment(event: &GoldEvent, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        GoldEvent::EquipmentShuffled { order } => {
            format!(
                "The equipment deck is shuffled ({})",
                count(order.len(), "card")
            )
        }
        GoldEvent::MarketFilled { slot, equipment } => {
            format!(
                "{} goes on sale in market slot {}",
                equip(*equipment),
                slot + 1
            )
        }
        GoldEvent::EquipmentBought {
            seat,
            equipment,
            paid,
            mode,
            target,
            ..
        } => format!(
            "{} buys {} for {}{}{}",
            n(*seat),
            equip(*equipment),
            count(*paid as usize, "nugget"),
            mode.map_or(String::new(), |m| format!(" as {}", used_as(&m))),
            at(*target, names)
        ),
        GoldEvent::EquipmentTaken { seat, equipment } => {
            format!(
                "{} takes {} from the equipment deck",
                n(*seat),
                equip(*equipment)
            )
        }
        GoldEvent::EquipmentUsed {
            seat,
            equipment,
            mode,
            target,
        } => format!(
            "{} uses {}{}{}",
            n(*seat),
            equip(*equipment),
            mode.map_or(String::new(), |m| format!(" as {}", used_as(&m))),
            at(*target, names)
        ),
        GoldEvent::EquipmentReturned { seat, equipment } => {
            let named: Vec<String> = equipment.iter().map(|&e| equip(e).to_string()).collect();
            format!(
                "{} of {} goes to the bottom of the equipment deck",
                list(&named),
                n(*seat)
            )
        }
        GoldEvent::EquipmentForced {
            seat,
            owner,
            equipment,
            paid,
        } => format!(
            "{} pays {} to make {} discard {}",
            n(*seat),
            count(*paid as usize, "nugget"),
            n(*owner),
            equip(*equipment)
        ),
        _ => return None,
    };
    Some(text)
}

/// Nuggets taken, paid and returned, a Beer sold, Dutch Will's discard.
fn nuggets(event: &GoldEvent, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        GoldEvent::BeerSold { seat, card } => {
            format!("{} sells {} for 1 nugget", n(*seat), full(*card))
        }
        GoldEvent::DutchDiscarded { seat, card } => {
            format!("{} discards {}", n(*seat), card_name(*card))
        }
        GoldEvent::NuggetsGained {
            seat,
            amount,
            source,
        } => format!(
            "{} takes {} ({})",
            n(*seat),
            count(*amount as usize, "nugget"),
            label(source)
        ),
        GoldEvent::NuggetsPaid { seat, amount, used } => format!(
            "{} pays {} for {}",
            n(*seat),
            count(*amount as usize, "nugget"),
            title(&label(used))
        ),
        GoldEvent::NuggetsReturned { seat, amount } => format!(
            "{} returns {} to the heap",
            n(*seat),
            count(*amount as usize, "nugget")
        ),
        _ => return None,
    };
    Some(text)
}

/// An equipment card's name (`Pickaxe`).
fn equip(e: Equip) -> &'static str {
    equip_kind(e).info().name
}
