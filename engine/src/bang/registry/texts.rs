//! The card game's texts: one line for each kind of card, character, role,
//! equipment card, railcar and station, as `rules/*.md` words it, with the
//! section it comes from. What a client shows beside them (the rules
//! catalog, `GET /v1/rulesets/bang`): the rules' own words, so that no client
//! copies a table by hand.
//!
//! Each expansion keeps its own texts: `base` (`bang.md`) here, Gold Rush's
//! (`gold-rush.md`) in `gold/texts.rs` and the train's (`train-robbery.md`)
//! in `train/texts.rs`; the tables of playing cards and characters join them
//! in the rules' order.

use crate::bang::cards::Kind;
use crate::bang::characters::Character;
use crate::bang::gold::EquipKind;
use crate::bang::train::{RailcarKind, Station};
use crate::core::{Role, Text, text_of};

pub use crate::bang::gold::texts::EQUIPMENT_TEXTS;
use crate::bang::texts::base::{self, ROLE_TEXTS};
use crate::bang::texts::rows::KindText;
pub use crate::bang::train::texts::{LOCOMOTIVE_TEXTS, RAILCAR_TEXTS, STATION_TEXTS};

use crate::bang::dodge::texts as dodge_city;
use crate::bang::gold::texts as gold_rush;
use crate::bang::train::texts as train_robbery;

/// The kinds of playing card (`bang.md` §2.1, `train-robbery.md` §12,
/// `dodge-city.md` §2).
pub const KIND_TEXTS: [KindText; 58] = joined(&[
    &base::KIND_TEXTS,
    &train_robbery::KIND_TEXTS,
    &dodge_city::KIND_TEXTS,
]);

/// The characters (`bang.md` §3, `gold-rush.md` §8, `train-robbery.md` §14,
/// `dodge-city.md` §5).
pub const CHARACTER_TEXTS: [(Character, Text); 47] = joined(&[
    &base::CHARACTER_TEXTS,
    &gold_rush::CHARACTER_TEXTS,
    &train_robbery::CHARACTER_TEXTS,
    &dodge_city::CHARACTER_TEXTS,
]);

/// The rows of `parts` in order, as one table of `N` rows (a build error
/// unless the parts have `N` rows in all).
const fn joined<T: Copy, const N: usize>(parts: &[&[T]]) -> [T; N] {
    let mut all = [parts[0][0]; N];
    let mut filled = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut row = 0;
        while row < parts[part].len() {
            all[filled] = parts[part][row];
            filled += 1;
            row += 1;
        }
        part += 1;
    }
    assert!(filled == N, "the parts fill the table");
    all
}

/// The text of a kind of playing card (none for the railcar kind: each
/// railcar has its own, [`railcar_text`]).
pub fn kind_text(kind: Kind) -> Option<&'static KindText> {
    KIND_TEXTS.iter().find(|k| k.kind == kind)
}

/// The text of a character.
pub fn character_text(character: Character) -> Option<&'static Text> {
    text_of(&CHARACTER_TEXTS, character)
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
        let kinds: Vec<Kind> = KIND_TEXTS.iter().map(|k| k.kind).collect();
        once(
            &kinds,
            KINDS.iter().map(|k| k.kind).filter(|&k| k != Kind::Railcar),
        );
        let keys = |t: &[(Character, Text)]| t.iter().map(|(k, _)| *k).collect::<Vec<_>>();
        once(
            &keys(&CHARACTER_TEXTS),
            CHARACTERS.iter().map(|c| c.character),
        );
        let roles: Vec<Role> = ROLE_TEXTS.iter().map(|(r, _)| *r).collect();
        once(
            &roles,
            [Role::Sheriff, Role::Deputy, Role::Outlaw, Role::Renegade].into_iter(),
        );
        let equipment: Vec<EquipKind> = EQUIPMENT_TEXTS.iter().map(|(k, _)| *k).collect();
        once(&equipment, EQUIP_KINDS.iter().map(|e| e.kind));
        let railcars: Vec<RailcarKind> = RAILCAR_TEXTS.iter().map(|(k, _)| *k).collect();
        once(&railcars, RAILCAR_TABLE.iter().map(|r| r.kind));
        let stations: Vec<Station> = STATION_TEXTS.iter().map(|(k, _)| *k).collect();
        once(&stations, STATION_TABLE.iter().map(|s| s.id));
    }

    #[test]
    fn every_text_says_something_and_names_its_rule() {
        let texts = KIND_TEXTS
            .iter()
            .map(|k| k.text)
            .chain(CHARACTER_TEXTS.iter().map(|(_, t)| *t))
            .chain(ROLE_TEXTS.iter().map(|(_, t)| *t))
            .chain(EQUIPMENT_TEXTS.iter().map(|(_, t)| *t))
            .chain(RAILCAR_TEXTS.iter().map(|(_, t)| *t))
            .chain(STATION_TEXTS.iter().map(|(_, t)| *t))
            .chain(LOCOMOTIVE_TEXTS.iter().map(|(_, t)| *t));
        let rules = [
            include_str!("../../../../docs/rules/bang.md"),
            include_str!("../../../../docs/rules/gold-rush.md"),
            include_str!("../../../../docs/rules/train-robbery.md"),
            include_str!("../../../../docs/rules/dodge-city.md"),
        ];
        for t in texts {
            assert!(t.text.len() > 8 && t.text.ends_with('.'), "{t:?}");
            let (file, section) = t.rule.split_once(' ').expect("file and section");
            assert!(file.ends_with(".md"), "{t:?}");
            let section = section.split(' ').next().unwrap_or_default();
            let heading = format!("## {}", section.trim_start_matches('§'));
            assert!(
                rules
                    .iter()
                    .any(|r| r.contains(&heading) || r.contains(section)),
                "{t:?}: no such section"
            );
        }
    }
}
