//! The card game's events told as sentences ([`describe`]), each citing the
//! rule it applied (the table [`super::events::RULES`]): cards, characters,
//! equipment, railcars and stations by the names of the engine's tables.
//! Each family of events has its own room: the table (setup, turns, the
//! end), the cards, shots and life, and the NPC policy's decisions; Gold Rush and the
//! Great Train Robbery tell their own events (`gold/history.rs`,
//! `train/history.rs`). [`describe`] asks them in turn.

mod card_play;
mod life;
mod npc;
mod table;
pub(crate) mod words;

use super::events::{Event, RULES};
use crate::core::history::{Line, tag_of};

pub use words::{card_name, suit_value};

/// How a family of events is told: its own events as a sentence, `None` for
/// the others (and for its own that show nothing).
type Family = fn(&Event, &[String]) -> Option<String>;

/// The families of events; each event belongs to exactly one.
const FAMILIES: [Family; 5] = [
    table::sentence,
    card_play::sentence,
    life::sentence,
    npc::sentence,
    expansions_sentence,
];

/// The expansions' events, each told by its own expansion (which the
/// history reaches through the event, naming none).
fn expansions_sentence(event: &Event, names: &[String]) -> Option<String> {
    event.told_nested(names)
}

/// The event, as the reader may see it (redacted for him), told as one
/// sentence with the rule it applied. `None` for what the next events tell
/// better (most posted actions: the card played, the draw that follows) and
/// for bookkeeping that shows nothing.
pub fn describe(event: &Event, names: &[String]) -> Option<Line> {
    let text = FAMILIES.iter().find_map(|family| family(event, names))?;
    let rules = event.nested_rules().unwrap_or(RULES);
    let mut line = Line::new(text, rules, &tag_of(event));
    match event {
        Event::NpcActed { reason, .. } => line.rule = Some(npc::reason_rule(*reason)),
        // An expansion's own kind of card cites its own rules' table.
        Event::CardPlayed { card, .. } => {
            let text = crate::bang::registry::texts::kind_text(crate::bang::cards::kind(*card));
            if let Some(rule) = text
                .map(|t| t.text.rule)
                .filter(|r| !r.starts_with("bang.md"))
            {
                line.rule = Some(rule);
            }
        }
        _ => {}
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bang::actions::Action;
    use crate::bang::cards::Card;
    use crate::bang::npc::Reason;
    use crate::bang::{Bang, CheckKind, GoldEvent, TrainEvent};
    use crate::core::Role;
    use crate::core::history::testing::{names, random_game, tags_match_rules, tell_all};
    use crate::{Ruleset, Viewer};
    use serde_json::json;

    #[test]
    fn every_event_tag_has_a_rule() {
        let tags = tags_match_rules(
            &[
                include_str!("../events.rs"),
                include_str!("../gold/events.rs"),
                include_str!("../train/events.rs"),
                include_str!("../dodge/events.rs"),
            ]
            .concat(),
            &RULES
                .iter()
                .chain(crate::bang::registry::nested_rule_tables().concat().iter())
                .copied()
                .collect::<Vec<_>>(),
            81,
        );
        for tag in crate::bang::HIDING_EVENTS {
            assert!(tags.iter().any(|t| t == tag), "{tag} is no event");
        }
    }

    /// The cards an event may hide from a viewer (`null` where hidden).
    fn hideable(event: &Event) -> Vec<Option<Card>> {
        match event {
            Event::CardsDrawn { cards, .. }
            | Event::KitLooked { cards, .. }
            | Event::Train(TrainEvent::MapLooked { cards, .. }) => cards.clone(),
            Event::CardsInherited { hand, .. } => hand.clone(),
            Event::KitKept { back, .. } => vec![*back],
            Event::CardStolen { card, .. } | Event::Train(TrainEvent::CardGiven { card, .. }) => {
                vec![*card]
            }
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
    fn random_dodge_city_games_are_told() {
        games_told(5, json!({"expansions": ["dodge_city"]}));
        games_told(
            6,
            json!({"expansions": ["dodge_city", "gold_rush", "train_robbery"]}),
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

    /// Each event of random games with every expansion, the shadows and the
    /// solo mode is told by exactly one family, but a posted action or a stage
    /// of the train with nothing to show, told by none.
    #[test]
    fn each_event_belongs_to_one_family() {
        let games = [
            (5, json!({"expansions": ["gold_rush", "train_robbery"]})),
            (
                6,
                json!({"expansions": ["gold_rush"], "variants": ["shadow_gunslingers"]}),
            ),
            (6, json!({"mode": "lone_gunslinger"})),
        ];
        for (players, options) in games {
            let names = names(players);
            for event in random_game::<Bang>(players, options, 1, 30_000) {
                let told = FAMILIES
                    .iter()
                    .filter(|family| family(&event, &names).is_some())
                    .count();
                let may_be_quiet = matches!(
                    event,
                    Event::Acted { .. } | Event::Train(TrainEvent::TrainStage { .. })
                );
                assert!(told == 1 || (told == 0 && may_be_quiet), "{event:?}");
            }
        }
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
            told(Event::Gold(GoldEvent::EquipmentBought {
                seat: 0,
                slot: 1,
                equipment: 17,
                paid: 4,
                mode: None,
                target: None
            })),
            line("Ann buys Pickaxe for 4 nuggets", "gold-rush.md GR-4.1.1")
        );
        // A railcar taken (108: the Ghost Car) at a station (11: Tombrock).
        assert_eq!(
            told(Event::Train(TrainEvent::RailcarTaken {
                seat: 2,
                railcar: 108,
                to: 2,
                station: Some(11),
                counts: true
            })),
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
