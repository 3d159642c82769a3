//! The card game's events told as sentences ([`describe`]), each citing the
//! rule it applied (the table [`super::events::RULES`]): cards, characters,
//! equipment, railcars and stations by the names of the engine's tables.

use super::actions::Action;
use super::cards::{self, Card, Suit};
use super::events::{Event, RULES};
use super::gold::equipment::{Equip, equip_kind};
use super::reason::Reason;
use super::state::Effect;
use super::train::EndStage;
use super::train::railcars::railcar;
use super::train::stations::station;
use crate::core::history::{Line, count, label, list, seat_name, tag_of};
use crate::core::{Role, Team};

/// A card's name: `BANG!`, `Barrel`, or a railcar's (`Ghost Car`).
pub fn card_name(card: Card) -> &'static str {
    match railcar(card) {
        Some(r) => r.name,
        None => cards::kind(card).info().name,
    }
}

/// A card's value and suit as printed: `7♥`, `Q♠`, `A♦` (empty for a railcar).
pub fn suit_value(card: Card) -> String {
    let Some(info) = cards::card(card) else {
        return String::new();
    };
    let value = match info.value {
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        14 => "A".to_string(),
        v => v.to_string(),
    };
    let suit = match info.suit {
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
        Suit::Spades => '♠',
    };
    format!("{value}{suit}")
}

/// A card with its value and suit, where the rules read them: `Beer (6♥)`.
fn full(card: Card) -> String {
    let sv = suit_value(card);
    if sv.is_empty() {
        card_name(card).to_string()
    } else {
        format!("{} ({sv})", card_name(card))
    }
}

/// Cards by name, or how many are hidden: `BANG! and Beer`, `2 cards`.
fn cards_told(cards: &[Option<Card>]) -> String {
    if cards.iter().any(Option::is_none) {
        return count(cards.len(), "card");
    }
    let names: Vec<String> = cards
        .iter()
        .flatten()
        .map(|&c| card_name(c).to_string())
        .collect();
    if names.is_empty() {
        "no card".into()
    } else {
        list(&names)
    }
}

/// Cards known to all, by name.
fn names_of(cards: &[Card]) -> String {
    list(
        &cards
            .iter()
            .map(|&c| card_name(c).to_string())
            .collect::<Vec<_>>(),
    )
}

/// An equipment card's name (`Pickaxe`).
fn equip(e: Equip) -> &'static str {
    equip_kind(e).info().name
}

/// How a Bottle, a Pardner or a railcar is used, by the name of the card it
/// stands for (`BANG!`, `Cat Balou`).
fn used_as<T: serde::Serialize>(mode: &T) -> String {
    serde_json::to_value(mode)
        .ok()
        .and_then(|v| serde_json::from_value::<cards::Kind>(v).ok())
        .map_or_else(|| title(&label(mode)), |k| k.info().name.to_string())
}

/// The rule of `rules/lone-gunslinger.md` behind an NPC's decision, more
/// precise than the NPC turn (B3) the `npc_acted` tag cites.
fn reason_rule(reason: Reason) -> &'static str {
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
    }
}

/// A role's name (`Sheriff`).
fn role(r: Role) -> String {
    title(&label(&r))
}

/// A side's name (`Outlaws`).
fn team(t: Team) -> String {
    title(&label(&t))
}

/// Words in title case.
fn title(words: &str) -> String {
    words
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// ` at Bob` for a target, else nothing.
fn at(target: Option<u8>, names: &[String]) -> String {
    target.map_or(String::new(), |t| format!(" at {}", seat_name(names, t)))
}

/// What an action does, told after the name of the seat that took it (for
/// an NPC, whose decision is recorded with its reason).
fn action(a: &Action, names: &[String]) -> String {
    match a {
        Action::Play { card, target, .. } => {
            format!("plays {}{}", card_name(*card), at(*target, names))
        }
        Action::Discard { card } => format!("discards {}", card_name(*card)),
        Action::Respond { card } => format!("answers with {}", card_name(*card)),
        Action::Pick { card } => format!("takes {}", card_name(*card)),
        Action::PutBack { card } => format!("puts {} back", card_name(*card)),
        Action::ChooseCheck { card } => format!("chooses {}", full(*card)),
        Action::Pass => "passes".into(),
        Action::EndTurn => "ends the turn".into(),
        Action::Barrel => "draws! for a Barrel".into(),
        other => label(other),
    }
}

/// The event, as the reader may see it (redacted for him), told as one
/// sentence with the rule it applied. `None` for what the next events tell
/// better (most posted actions: the card played, the draw that follows) and
/// for bookkeeping that shows nothing.
pub fn describe(event: &Event, names: &[String]) -> Option<Line> {
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
        Event::CardsDrawn { seat, cards } => {
            format!("{} draws {}", n(*seat), cards_told(cards))
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
        Event::OrdersSet { seat, .. } => format!("{} sets standing orders", n(*seat)),
        Event::WindowOpened { seat, kind } => {
            format!("{} is asked to answer ({})", n(*seat), label(kind))
        }
        Event::WindowExpired => "Time is up: the safe default is taken".into(),
        Event::SeatControl(change) => change.sentence(names),
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
        Event::EquipmentShuffled { order } => {
            format!(
                "The equipment deck is shuffled ({})",
                count(order.len(), "card")
            )
        }
        Event::MarketFilled { slot, equipment } => {
            format!(
                "{} goes on sale in market slot {}",
                equip(*equipment),
                slot + 1
            )
        }
        Event::EquipmentBought {
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
        Event::EquipmentTaken { seat, equipment } => {
            format!(
                "{} takes {} from the equipment deck",
                n(*seat),
                equip(*equipment)
            )
        }
        Event::EquipmentUsed {
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
        Event::EquipmentReturned { seat, equipment } => {
            let named: Vec<String> = equipment.iter().map(|&e| equip(e).to_string()).collect();
            format!(
                "{} of {} goes to the bottom of the equipment deck",
                list(&named),
                n(*seat)
            )
        }
        Event::EquipmentForced {
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
        Event::NuggetsGained {
            seat,
            amount,
            source,
        } => format!(
            "{} takes {} ({})",
            n(*seat),
            count(*amount as usize, "nugget"),
            label(source)
        ),
        Event::NuggetsPaid { seat, amount, used } => format!(
            "{} pays {} for {}",
            n(*seat),
            count(*amount as usize, "nugget"),
            title(&label(used))
        ),
        Event::NuggetsReturned { seat, amount } => format!(
            "{} returns {} to the heap",
            n(*seat),
            count(*amount as usize, "nugget")
        ),
        Event::BeerSold { seat, card } => {
            format!("{} sells {} for 1 nugget", n(*seat), full(*card))
        }
        Event::DutchDiscarded { seat, card } => {
            format!("{} discards {}", n(*seat), card_name(*card))
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
        Event::ExtraTurnGranted { seat, heal } => format!(
            "{} will play an extra turn{}",
            n(*seat),
            if *heal { ", back to full life" } else { "" }
        ),
        Event::SideTaken { seat, side } => {
            format!("{} joins the side of the {}", n(*seat), team(*side))
        }
        Event::Unhurt { seat } => format!("{} cannot lose life", n(*seat)),
        Event::StationsShuffled { order } => {
            format!("The stations are shuffled ({})", count(order.len(), "tile"))
        }
        Event::StationsRevealed { row } => {
            let named: Vec<String> = row.iter().map(|&s| station(s).name.to_string()).collect();
            format!("The stations ahead: {}", list(&named))
        }
        Event::LocomotivePlaced { leland } => format!(
            "The Locomotive shows {}",
            if *leland { "Leland" } else { "Ironhorse" }
        ),
        Event::RailcarsShuffled { order } => {
            format!(
                "The railcars are shuffled ({})",
                count(order.len(), "railcar")
            )
        }
        Event::RailcarAdded { railcar } => {
            format!("{} joins the train", card_name(*railcar))
        }
        Event::TrainAdvanced { how } => format!("The train advances ({})", label(how)),
        Event::TrainStage { stage } => match stage {
            Some(EndStage::Arrival) => "The train reaches the End of the Line".into(),
            Some(EndStage::Chance) => "End of the Line: a last chance to take a railcar".into(),
            Some(EndStage::Locomotive { .. }) => "End of the Line: the Locomotive acts".into(),
            Some(EndStage::Rebuild) => {
                "End of the Line: the stations and the train are rebuilt".into()
            }
            None => return None,
        },
        Event::RailcarTaken {
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
        Event::DiscardRecovered { seat, card } => {
            format!(
                "{} takes {} back from the discard pile",
                n(*seat),
                card_name(*card)
            )
        }
        Event::FullSteamChosen { double } => format!(
            "Full Steam: the Locomotive's effect is {}",
            if *double { "doubled" } else { "cancelled" }
        ),
        Event::MapLooked { seat, cards } => {
            format!(
                "{} looks at {} on top of the deck",
                n(*seat),
                cards_told(cards)
            )
        }
        Event::MapDone { seat, discarded } => match discarded {
            Some(c) => format!("{} discards {} from the deck", n(*seat), full(*c)),
            None => format!("{} leaves the deck as it is", n(*seat)),
        },
        Event::RobberyHandled {
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
        Event::CardsSwitched {
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
        Event::TrainWatched { seat } => format!("{} watches the train go by", n(*seat)),
        Event::ShotRedirected { seat, card, target } => format!(
            "{} discards {} and the shot goes to {}",
            n(*seat),
            full(*card),
            n(*target)
        ),
        Event::RedirectDeclined { seat } => format!("{} lets the shot come", n(*seat)),
        Event::Exempted { seat, target } => match target {
            Some(t) => format!("{} exempts {} from the Locomotive", n(*seat), n(*t)),
            None => format!("{} exempts nobody from the Locomotive", n(*seat)),
        },
        Event::RailcarUsed {
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
        Event::RailcarsDrawn { seat, railcars } => {
            format!("{} draws the railcars {}", n(*seat), names_of(railcars))
        }
        Event::CardGiven { seat, to, card } => format!(
            "{} gives {} to {}",
            n(*seat),
            card.map_or("a card".to_string(), |c| card_name(c).to_string()),
            n(*to)
        ),
        Event::GhostRose { seat } => format!("{} stays in play as a ghost", n(*seat)),
        Event::GameEnded { outcome, .. } => {
            let winners: Vec<String> = outcome.winners.iter().map(|&s| n(s)).collect();
            match outcome.team {
                Some(t) => format!("The game is over: the {} win ({})", team(t), list(&winners)),
                None => "The game is over: a draw".into(),
            }
        }
    };
    let mut line = Line::new(text, RULES, &tag_of(event));
    if let Event::NpcActed { reason, .. } = event {
        line.rule = Some(reason_rule(*reason));
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bang::npc::Reason;
    use crate::bang::{Bang, CheckKind};
    use crate::core::history::testing::{names, random_game, tags_match_rules, tell_all};
    use crate::{Ruleset, Viewer};
    use serde_json::json;

    #[test]
    fn every_event_tag_has_a_rule() {
        let tags = tags_match_rules(include_str!("events.rs"), RULES, 75);
        for tag in crate::bang::HIDING_EVENTS {
            assert!(tags.iter().any(|t| t == tag), "{tag} is no event");
        }
    }

    /// The cards an event may hide from a viewer (`null` where hidden).
    fn hideable(event: &Event) -> Vec<Option<Card>> {
        match event {
            Event::CardsDrawn { cards, .. }
            | Event::KitLooked { cards, .. }
            | Event::MapLooked { cards, .. } => cards.clone(),
            Event::CardsInherited { hand, .. } => hand.clone(),
            Event::KitKept { back, .. } => vec![*back],
            Event::CardStolen { card, .. } | Event::CardGiven { card, .. } => vec![*card],
            _ => Vec::new(),
        }
    }

    /// Plays random games with these options, tells every event to every
    /// viewer and checks that no sentence names a card its reader may not see.
    fn games_told(players: u8, options: serde_json::Value) -> usize {
        let mut hidden_told = 0;
        for game in 1..=3 {
            let events = random_game::<Bang>(players, options.clone(), game, 30_000);
            assert!(events.last().is_some_and(Bang::ends_game), "the game ends");
            let lines = tell_all::<Bang>(&events, players);
            if std::env::var("SHOW_HISTORY").is_ok() {
                for l in lines.iter().filter_map(|l| l[players as usize].as_ref()) {
                    eprintln!("{} [{}]", l.text, l.rule.unwrap_or_default());
                }
            }
            for (e, told) in events.iter().zip(&lines) {
                let all = hideable(e);
                for (viewer, line) in told.iter().enumerate().take(players as usize + 1) {
                    let v = if viewer == players as usize {
                        Viewer::Spectator
                    } else {
                        Viewer::Seat(viewer as u8)
                    };
                    let seen = hideable(&Bang::redact(e, v));
                    for (card, shown) in all.iter().zip(&seen) {
                        if let (Some(card), None) = (card, shown) {
                            let text = &line.as_ref().expect("a hiding event is told").text;
                            assert!(
                                !text.contains(card_name(*card)),
                                "{text} names a hidden {}",
                                card_name(*card)
                            );
                            hidden_told += 1;
                        }
                    }
                }
            }
        }
        hidden_told
    }

    #[test]
    fn random_base_games_are_told_without_naming_hidden_cards() {
        assert!(games_told(4, serde_json::Value::Null) > 0, "a hidden draw");
        games_told(3, serde_json::Value::Null);
        games_told(5, json!({"character_choice": 2}));
    }

    #[test]
    fn random_gold_rush_and_shadow_games_are_told() {
        games_told(5, json!({"expansions": ["gold_rush"]}));
        games_told(
            6,
            json!({"expansions": ["gold_rush"], "variants": ["shadow_gunslingers"]}),
        );
    }

    #[test]
    fn random_train_robbery_games_are_told() {
        games_told(4, json!({"expansions": ["train_robbery"]}));
        games_told(5, json!({"expansions": ["gold_rush", "train_robbery"]}));
    }

    #[test]
    fn random_solo_games_are_told() {
        games_told(6, json!({"mode": "lone_gunslinger"}));
    }

    /// The sentence of one event, with the names Ann, Bob, Cid, Dee.
    fn told(event: Event) -> Line {
        describe(&event, &names(4)).expect("told")
    }

    #[test]
    fn typical_sentences_are_pinned() {
        let line = |text: &str, rule: &'static str| Line {
            text: text.into(),
            rule: Some(rule),
        };
        // A BANG! (card 1: Q♥) and a Missed! (card 26: 10♣).
        assert_eq!(
            told(Event::CardPlayed {
                seat: 0,
                card: 1,
                target: Some(1)
            }),
            line("Ann plays BANG! (Q♥) at Bob", "bang.md §9")
        );
        assert_eq!(
            told(Event::ShotAt {
                source: 0,
                target: 1,
                needed: 1,
                anonymous: false
            }),
            line("Ann shoots at Bob", "bang.md §10")
        );
        assert_eq!(
            told(Event::MissedPlayed { seat: 1, card: 26 }),
            line("Bob dodges with Missed! (10♣)", "bang.md §10")
        );
        // A Barrel's draw! (card 3: A♥).
        assert_eq!(
            told(Event::CheckFlipped {
                seat: 1,
                check: CheckKind::Barrel,
                card: 3
            }),
            line("Bob draws! for Barrel: BANG! (A♥)", "bang.md §8")
        );
        assert_eq!(
            told(Event::CheckResolved {
                seat: 1,
                check: CheckKind::Barrel,
                card: Some(3),
                success: true
            }),
            line("Bob's draw! for Barrel (A♥): success", "bang.md §8")
        );
        // A purchase in Gold Rush (equipment 17: the Pickaxe).
        assert_eq!(
            told(Event::EquipmentBought {
                seat: 0,
                slot: 1,
                equipment: 17,
                paid: 4,
                mode: None,
                target: None
            }),
            line("Ann buys Pickaxe for 4 nuggets", "gold-rush.md GR-4.1.1")
        );
        // A railcar taken (108: the Ghost Car) at a station (11: Tombrock).
        assert_eq!(
            told(Event::RailcarTaken {
                seat: 2,
                railcar: 108,
                to: 2,
                station: Some(11),
                counts: true
            }),
            line(
                "Cid takes Ghost Car, paying at Tombrock",
                "train-robbery.md TR-5.1"
            )
        );
        assert_eq!(
            told(Event::PlayerEliminated {
                seat: 2,
                role: Role::Outlaw,
                by: Some(0)
            }),
            line(
                "Cid is eliminated by Ann; the role was Outlaw",
                "bang.md §14"
            )
        );
        // Hidden from the reader: told without guessing.
        assert_eq!(
            told(Event::CardsDrawn {
                seat: 1,
                cards: vec![None, None]
            })
            .text,
            "Bob draws 2 cards"
        );
        assert_eq!(
            told(Event::RoleDealt {
                seat: 1,
                role: None,
                face_up: false
            })
            .text,
            "Bob is dealt a hidden role"
        );
        assert_eq!(
            told(Event::NpcActed {
                seat: 3,
                action: Action::Play {
                    card: 1,
                    target: Some(0),
                    in_play: None
                },
                reason: Reason::PreferredTarget
            }),
            line(
                "Dee (NPC) plays BANG! at Ann, by its policy: preferred target",
                "lone-gunslinger.md B4"
            )
        );
    }
}
