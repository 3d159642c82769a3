//! Sentences of the NPC policy's decisions (a solo game's NPCs): a decision
//! told with the rule of `rules/lone-gunslinger.md` its reason comes from.

use super::words::action;
use crate::bang::events::Event;
use crate::bang::reason::Reason;
use crate::core::history::{label, seat_name};

/// The sentence of an NPC's decision, `None` for any other event.
pub(super) fn sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        Event::NpcActed {
            seat,
            action: a,
            reason,
        } => format!(
            "{} (NPC) {}, by its policy: {}",
            n(*seat),
            action(a, names),
            label(reason)
        ),
        _ => return None,
    };
    Some(text)
}

/// The rule of `rules/lone-gunslinger.md` behind an NPC's decision, more
/// precise than the NPC turn (B3) the `npc_acted` tag cites.
pub(super) fn reason_rule(reason: Reason) -> &'static str {
    use Reason::*;
    match reason {
        PreferredTarget => "lone-gunslinger.md B4",
        Heal | DrawCards | HitsEveryone | Equip | LongerReach | VolcanicInReach => {
            "lone-gunslinger.md B5"
        }
        NothingUsable | HandLimit | PhaseOne | Fallback => "lone-gunslinger.md B3",
        Barrel | Missed | TakeHit => "lone-gunslinger.md B7.1",
        DiscardBang | NoBang => "lone-gunslinger.md B7.2",
        Beer | NoSave => "lone-gunslinger.md B7.4",
        StoreTop => "lone-gunslinger.md B7.5",
        FavourableCheck => "lone-gunslinger.md B7.6",
        GiveUpLowest | Rucksack => "lone-gunslinger.md C5",
        SidKetchum | DiscardPileTop | PutBackLowest | Character => "lone-gunslinger.md C7",
        BuyEquipment | NuggetAbility | ForceDiscard | SellBeer | UseTakenCard | DutchWillKeeps => {
            "lone-gunslinger.md D1"
        }
        TakeRailcar | NoSpareRailcar => "lone-gunslinger.md D2.1",
        UseRailcar | RailcarMissed | SleeperCarBang | MailCarGives | LoungeCarPlaces => {
            "lone-gunslinger.md D2.3"
        }
        FullSteam | PlayAtOnce | MoneyBagCopy | SwitchAway | WaterTower | MapDiscard | MapKeep => {
            "lone-gunslinger.md D2.4"
        }
        RobberyDiscard | RobberyShot | CircusWagonDiscard | Redirect | NoRedirect | ShadeSwaps
        | ShadeKeeps | SgtBlazeExempts => "lone-gunslinger.md D2.6",
        UseGreen => "npc-dodge-city.md D3.4",
        GreenMissed => "npc-dodge-city.md D3.5",
        Brawl => "npc-dodge-city.md D3.6",
    }
}
