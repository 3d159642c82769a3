//! The card game's rules catalog: every card, railcar, station, equipment
//! card, character, role and Locomotive side, with the rules' text of each
//! (from [`super::texts`]), built from the engine's own tables so that a
//! client shows a game without copying a table (`GET /v1/rulesets/bang`).

use serde::Serialize;

use super::texts::{
    LOCOMOTIVE_TEXTS, character_text, equipment_text, kind_text, railcar_text, role_text,
    station_text,
};
use crate::bang::cards::{Border, Card, Kind, Suit, all_cards};
use crate::bang::characters::{CHARACTERS, Character};
use crate::bang::expansion::Expansions;
use crate::bang::gold::{self, EquipBorder, EquipKind, all_equipment, equip_kind};
use crate::bang::train::{RAILCAR_TABLE, RailcarKind, RailcarUse, STATION_TABLE, Station};
use crate::core::{Role, Text};

/// Everything a client needs to show a card game.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Catalog))]
pub struct Catalog {
    /// The 136 playing cards (80 of the base game, 16 of the Great Train
    /// Robbery, 40 of Dodge City), by id.
    pub cards: Vec<CardEntry>,
    /// The 16 railcars of the Great Train Robbery, by id (101 to 116).
    pub railcars: Vec<RailcarEntry>,
    /// The 13 stations of the Great Train Robbery, by id.
    pub stations: Vec<StationEntry>,
    /// The two sides of the Locomotive.
    pub locomotive: Vec<SideEntry>,
    /// The 24 equipment cards of Gold Rush, by id.
    pub equipment: Vec<EquipmentEntry>,
    /// The characters of the base game and both expansions.
    pub characters: Vec<CharacterEntry>,
    /// The four roles and when each wins.
    pub roles: Vec<RoleEntry>,
}

/// A playing card.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::CardEntry))]
pub struct CardEntry {
    /// Its id in the game's events, views and actions.
    pub id: Card,
    /// Its printed name.
    pub name: &'static str,
    /// What it is.
    pub kind: Kind,
    /// Its suit.
    pub suit: Suit,
    /// Its value as printed: 2 to 10, J, Q, K or A.
    pub value: &'static str,
    /// Brown (played once) or blue (stays in play).
    pub border: Border,
    /// A weapon's reach.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reach: Option<u8>,
    /// The expansion it comes with (`train_robbery`); none for the base game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expansion: Option<&'static str>,
    /// Whom or what it is played at, as the rules' table says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<&'static str>,
    /// What it does.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// A railcar.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::RailcarEntry))]
pub struct RailcarEntry {
    /// Its id in the game's events, views and actions.
    pub id: Card,
    /// Its printed name.
    pub name: &'static str,
    /// Which railcar.
    pub kind: RailcarKind,
    /// Permanent, or discarded for its effect.
    pub usage: RailcarUse,
    /// What it does.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// A station of the Great Train Robbery.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::StationEntry))]
pub struct StationEntry {
    /// Its id in the train's view.
    pub id: Station,
    /// Its printed name.
    pub name: &'static str,
    /// What taking the railcar beside it costs.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// One side of the Locomotive.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::SideEntry))]
pub struct SideEntry {
    /// Its name: Leland (`leland: true` in the train's view) or Ironhorse.
    pub name: &'static str,
    /// Its effect at the End of the Line.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// An equipment card of Gold Rush.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::EquipmentEntry))]
pub struct EquipmentEntry {
    /// Its id in the game's events, views and actions.
    pub id: gold::Equip,
    /// Its printed name.
    pub name: &'static str,
    /// Which equipment.
    pub kind: EquipKind,
    /// Its cost in nuggets.
    pub cost: u8,
    /// Brown (used at purchase) or black (stays in play).
    pub border: EquipBorder,
    /// What it does.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// A character.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::CharacterEntry))]
pub struct CharacterEntry {
    /// Its id in the game's views and events.
    pub id: Character,
    /// Its printed name.
    pub name: &'static str,
    /// Bullets (life) on the card; the Sheriff has one more.
    pub life: u8,
    /// The expansion it comes with (`gold_rush`, `train_robbery`); none for
    /// the base game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expansion: Option<&'static str>,
    /// Its ability.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// A role.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::RoleEntry))]
pub struct RoleEntry {
    /// Its id in the game's views and events.
    pub id: Role,
    /// When it wins.
    pub goal: &'static str,
    /// The section of `rules/` the goal comes from.
    pub rule: &'static str,
}

/// The printed value of a card: 2 to 10, J, Q, K, A.
fn printed(value: u8) -> &'static str {
    const VALUES: [&str; 13] = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    VALUES
        .get((value as usize).wrapping_sub(2))
        .copied()
        .unwrap_or("?")
}

/// The text of a table, or an empty one (the texts' tests keep them whole).
fn or_empty(text: Option<&'static Text>) -> Text {
    text.copied().unwrap_or(Text { text: "", rule: "" })
}

/// The card game's catalog.
pub fn catalog() -> Catalog {
    // Each card and character is listed with the registered expansion that
    // adds it (none for the base game's).
    let expansions = Expansions::default();
    let cards = all_cards()
        .map(|c| {
            let info = c.kind.info();
            let text = kind_text(c.kind);
            CardEntry {
                id: c.id,
                name: info.name,
                kind: c.kind,
                suit: c.suit,
                value: printed(c.value),
                border: info.border,
                reach: info.reach,
                expansion: expansions
                    .all()
                    .find(|e| e.deck_cards().contains(&c.id))
                    .map(|e| e.id()),
                target: text.and_then(|t| t.target),
                text: text.map_or("", |t| t.text.text),
                rule: text.map_or("", |t| t.text.rule),
            }
        })
        .collect();
    let railcars = RAILCAR_TABLE
        .iter()
        .map(|r| {
            let text = or_empty(railcar_text(r.kind));
            RailcarEntry {
                id: r.id,
                name: r.name,
                kind: r.kind,
                usage: r.usage,
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let stations = STATION_TABLE
        .iter()
        .map(|s| {
            let text = or_empty(station_text(s.id));
            StationEntry {
                id: s.id,
                name: s.name,
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let locomotive = LOCOMOTIVE_TEXTS
        .iter()
        .map(|(name, t)| SideEntry {
            name,
            text: t.text,
            rule: t.rule,
        })
        .collect();
    let equipment = all_equipment()
        .map(|id| {
            let kind = equip_kind(id);
            let info = kind.info();
            let text = or_empty(equipment_text(kind));
            EquipmentEntry {
                id,
                name: info.name,
                kind,
                cost: info.cost,
                border: info.border,
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let characters = CHARACTERS
        .iter()
        .map(|c| {
            let text = or_empty(character_text(c.character));
            CharacterEntry {
                id: c.character,
                name: c.name,
                life: c.life,
                expansion: expansions
                    .all()
                    .find(|e| e.character_set() == Some(c.set))
                    .map(|e| e.id()),
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let roles = Role::ALL
        .into_iter()
        .map(|role| {
            let text = or_empty(role_text(role));
            RoleEntry {
                id: role,
                goal: text.text,
                rule: text.rule,
            }
        })
        .collect();
    Catalog {
        cards,
        railcars,
        stations,
        locomotive,
        equipment,
        characters,
        roles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bang::cards::kind;

    #[test]
    fn the_catalog_has_every_card_railcar_station_equipment_character_and_role_with_text() {
        let c = catalog();
        assert_eq!(c.cards.len(), 136);
        assert_eq!(c.railcars.len(), 16);
        assert_eq!(c.stations.len(), 13);
        assert_eq!(c.equipment.len(), 24);
        assert_eq!(c.characters.len(), 47);
        assert_eq!(c.roles.len(), 4);
        assert_eq!(c.locomotive.len(), 2);
        let texts = c
            .cards
            .iter()
            .map(|e| (e.name, e.text, e.rule))
            .chain(c.railcars.iter().map(|e| (e.name, e.text, e.rule)))
            .chain(c.stations.iter().map(|e| (e.name, e.text, e.rule)))
            .chain(c.equipment.iter().map(|e| (e.name, e.text, e.rule)))
            .chain(c.characters.iter().map(|e| (e.name, e.text, e.rule)))
            .chain(c.locomotive.iter().map(|e| (e.name, e.text, e.rule)));
        for (name, text, rule) in texts {
            assert!(
                !name.is_empty() && !text.is_empty() && !rule.is_empty(),
                "{name}"
            );
        }
        for (i, card) in c.cards.iter().enumerate() {
            let id = if i < 96 { i + 1 } else { i - 96 + 201 };
            assert_eq!(card.id as usize, id);
            assert_eq!(card.kind, kind(card.id));
        }
        // A card as the rules print it: the Winchester is the 8♠, reach 5.
        let winchester = &c.cards[79];
        assert_eq!(
            (
                winchester.name,
                winchester.value,
                winchester.suit,
                winchester.reach
            ),
            ("Winchester", "8", Suit::Spades, Some(5))
        );
        assert_eq!(c.cards[95].expansion, Some("train_robbery"));
        assert_eq!(c.cards[96].expansion, Some("dodge_city"));
        let bible = &c.cards[96 + 26];
        assert_eq!((bible.name, bible.border), ("Bible", Border::Green));
        assert_eq!(c.cards[0].expansion, None);
        // Each card and character is listed with the expansion that adds it.
        let count = |of: &[Option<&str>], e: Option<&str>| of.iter().filter(|x| **x == e).count();
        let cards: Vec<_> = c.cards.iter().map(|c| c.expansion).collect();
        assert_eq!(
            [None, Some("train_robbery"), Some("dodge_city")].map(|e| count(&cards, e)),
            [80, 16, 40]
        );
        let characters: Vec<_> = c.characters.iter().map(|c| c.expansion).collect();
        assert_eq!(
            [
                None,
                Some("gold_rush"),
                Some("train_robbery"),
                Some("dodge_city")
            ]
            .map(|e| count(&characters, e)),
            [16, 8, 8, 15]
        );
    }
}
