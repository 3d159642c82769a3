//! The card game's texts: one line for each kind of card, character, role,
//! equipment card, railcar and station, as `rules/*.md` words it, with the
//! section it comes from. What a client shows beside them (the rules
//! catalog, `GET /v1/rulesets/bang`): the rules' own words, so that no client
//! copies a table by hand.
//!
//! Each expansion keeps its own texts in its folder (`gold/texts.rs`,
//! `train/texts.rs`, …) and hands its kinds of card and its characters over
//! through its registry entry (`Expansion::kind_texts`); the base's
//! (`bang.md`) come first, then the expansions' in the registry's order.

use crate::bang::cards::Kind;
use crate::bang::characters::Character;
use crate::bang::expansion::Expansions;
use crate::bang::gold::EquipKind;
use crate::bang::train::{RailcarKind, Station};
use crate::core::{Role, Text, text_of};

pub use crate::bang::gold::texts::EQUIPMENT_TEXTS;
use crate::bang::texts::base::{self, ROLE_TEXTS};
use crate::bang::texts::rows::KindText;
pub use crate::bang::train::texts::{LOCOMOTIVE_TEXTS, RAILCAR_TEXTS, STATION_TEXTS};

/// The kinds of playing card (`bang.md` §2.1, then each registered
/// expansion's, in the registry's order).
pub fn kind_texts() -> impl Iterator<Item = &'static KindText> {
    base::KIND_TEXTS
        .iter()
        .chain(Expansions::default().all().flat_map(|e| e.kind_texts()))
}

/// The characters (`bang.md` §3, then each registered expansion's).
pub fn character_texts() -> impl Iterator<Item = &'static (Character, Text)> {
    base::CHARACTER_TEXTS.iter().chain(
        Expansions::default()
            .all()
            .flat_map(|e| e.character_texts()),
    )
}

/// The text of a kind of playing card (none for the railcar kind: each
/// railcar has its own, [`railcar_text`]).
pub fn kind_text(kind: Kind) -> Option<&'static KindText> {
    kind_texts().find(|k| k.kind == kind)
}

/// The text of a character.
pub fn character_text(character: Character) -> Option<&'static Text> {
    character_texts()
        .find(|(c, _)| *c == character)
        .map(|(_, text)| text)
}

/// When a role wins.
pub fn role_text(role: Role) -> Option<&'static Text> {
    text_of(&ROLE_TEXTS, role)
}

/// The text of a kind of equipment card.
pub fn equipment_text(kind: EquipKind) -> Option<&'static Text> {
    text_of(&EQUIPMENT_TEXTS, kind)
}

/// The text of a railcar.
pub fn railcar_text(kind: RailcarKind) -> Option<&'static Text> {
    text_of(&RAILCAR_TEXTS, kind)
}

/// The cost of a station.
pub fn station_text(station: Station) -> Option<&'static Text> {
    text_of(&STATION_TEXTS, station)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bang::cards::KINDS;
    use crate::bang::characters::CHARACTERS;
    use crate::bang::gold::EQUIP_KINDS;
    use crate::bang::train::{RAILCAR_TABLE, STATION_TABLE};

    fn once<T: PartialEq + std::fmt::Debug>(keys: &[T], all: impl Iterator<Item = T>) {
        let mut n = 0;
        for key in all {
            assert_eq!(keys.iter().filter(|k| **k == key).count(), 1, "{key:?}");
            n += 1;
        }
        assert_eq!(keys.len(), n, "no text for anything else");
    }

    #[test]
    fn every_card_character_role_equipment_railcar_and_station_has_one_text() {
        let kinds: Vec<Kind> = kind_texts().map(|k| k.kind).collect();
        once(
            &kinds,
            KINDS.iter().map(|k| k.kind).filter(|&k| k != Kind::Railcar),
        );
        once(
            &character_texts().map(|(k, _)| *k).collect::<Vec<_>>(),
            CHARACTERS.iter().map(|c| c.character),
        );
        let roles: Vec<Role> = ROLE_TEXTS.iter().map(|(r, _)| *r).collect();
        once(&roles, Role::ALL.into_iter());
        let equipment: Vec<EquipKind> = EQUIPMENT_TEXTS.iter().map(|(k, _)| *k).collect();
        once(&equipment, EQUIP_KINDS.iter().map(|e| e.kind));
        let railcars: Vec<RailcarKind> = RAILCAR_TEXTS.iter().map(|(k, _)| *k).collect();
        once(&railcars, RAILCAR_TABLE.iter().map(|r| r.kind));
        let stations: Vec<Station> = STATION_TEXTS.iter().map(|(k, _)| *k).collect();
        once(&stations, STATION_TABLE.iter().map(|s| s.id));
    }

    #[test]
    fn every_text_says_something_and_names_its_rule() {
        let texts = kind_texts()
            .map(|k| k.text)
            .chain(character_texts().map(|(_, t)| *t))
            .chain(ROLE_TEXTS.iter().map(|(_, t)| *t))
            .chain(EQUIPMENT_TEXTS.iter().map(|(_, t)| *t))
            .chain(RAILCAR_TEXTS.iter().map(|(_, t)| *t))
            .chain(STATION_TEXTS.iter().map(|(_, t)| *t))
            .chain(LOCOMOTIVE_TEXTS.iter().map(|(_, t)| *t));
        // Each text's rules file, as the project keeps it.
        let rules_file = |file: &str| {
            let path = format!("{}/../docs/rules/{file}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
        };
        for t in texts {
            assert!(t.text.len() > 8 && t.text.ends_with('.'), "{t:?}");
            let (file, section) = t.rule.split_once(' ').expect("file and section");
            assert!(file.ends_with(".md"), "{t:?}");
            let section = section.split(' ').next().unwrap_or_default();
            let heading = format!("## {}", section.trim_start_matches('§'));
            let rules = rules_file(file);
            assert!(
                rules.contains(&heading) || rules.contains(section),
                "{t:?}: no such section"
            );
        }
    }
}
