//! The dice game's rules catalog: its dice and faces, characters, roles,
//! special role cards and Old Saloon modules, with the rules' text of each
//! (from [`super::texts`]), built from the engine's own tables so that a
//! client shows a game without copying a table (`GET /v1/rulesets/dice`).

use serde::Serialize;

use super::characters::{CHARACTERS, Character};
use super::faces::{DieKind, Face};
use super::options::Module;
use super::specials::{SPECIALS, Special};
use super::texts::{character_text, face_text, module_text, role_text, special_text};
use crate::core::{Role, Text};

/// Everything a client needs to show a dice game.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Catalog))]
pub struct Catalog {
    /// The three kinds of die and their six faces.
    pub dice: Vec<DieEntry>,
    /// Every face, once.
    pub faces: Vec<FaceEntry>,
    /// The 16 base characters and the 8 of Old Saloon.
    pub characters: Vec<CharacterEntry>,
    /// The four roles and their goals.
    pub roles: Vec<RoleEntry>,
    /// The nine special role cards of Old Saloon.
    pub special_roles: Vec<SpecialEntry>,
    /// The five Old Saloon modules.
    pub modules: Vec<ModuleEntry>,
}

/// A kind of die.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::DieEntry))]
pub struct DieEntry {
    /// Which die: `base` (five in play), or Old Saloon's `loudmouth` and `coward`.
    pub kind: DieKind,
    /// Its printed name.
    pub name: &'static str,
    /// Its six faces.
    pub faces: [Face; 6],
    /// The module it comes with (`loudmouth_coward`); none for the base die.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub module: Option<Module>,
}

/// A face of a die.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::FaceEntry))]
pub struct FaceEntry {
    /// Its id in the game's views, events and actions.
    pub id: Face,
    /// Its name.
    pub name: &'static str,
    /// What it does.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// A character.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::CharacterEntry))]
pub struct CharacterEntry {
    /// Its id in the game's views and events.
    pub id: Character,
    /// Its printed name.
    pub name: &'static str,
    /// Life points on the card (the Sheriff adds 2).
    pub life: u8,
    /// The module it comes with (`new_characters`); none for the base game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub module: Option<Module>,
    /// Its ability.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// A role.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::RoleEntry))]
pub struct RoleEntry {
    /// Its id in the game's views and events.
    pub id: Role,
    /// Its goal.
    pub goal: &'static str,
    /// The section of `rules/` the goal comes from.
    pub rule: &'static str,
}

/// A special role card of Old Saloon.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::SpecialEntry))]
pub struct SpecialEntry {
    /// Its id in the game's views, events and actions.
    pub id: Special,
    /// Its printed name.
    pub name: &'static str,
    /// The role it stands for.
    pub role: Role,
    /// Its power and when it may be used.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// An Old Saloon module.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::ModuleEntry))]
pub struct ModuleEntry {
    /// Its id in the game's options.
    pub id: Module,
    /// Its name.
    pub name: &'static str,
    /// What it adds.
    pub text: &'static str,
    /// The section of `rules/` the text comes from.
    pub rule: &'static str,
}

/// The faces' names (`rules/dice.md` §1.2).
const FACE_NAMES: [(Face, &str); 12] = {
    use Face::*;
    [
        (Arrow, "Arrow"),
        (Dynamite, "Dynamite"),
        (Bullseye1, "Bull's Eye 1"),
        (Bullseye2, "Bull's Eye 2"),
        (Beer, "Beer"),
        (Gatling, "Gatling"),
        (DoubleBullseye1, "Double Bull's Eye 1"),
        (DoubleBullseye2, "Double Bull's Eye 2"),
        (DoubleGatling, "Double Gatling"),
        (DoubleBeer, "Double Beer"),
        (Bullet, "Bullet"),
        (BrokenArrow, "Broken Arrow"),
    ]
};

/// The special role cards' names (§6.3.6).
const SPECIAL_NAMES: [(Special, &str); 9] = {
    use Special::*;
    [
        (TheBear, "The Bear"),
        (TheGood, "The Good"),
        (TheDoc, "The Doc"),
        (TheJudge, "The Judge"),
        (TheGambler, "The Gambler"),
        (TheBad, "The Bad"),
        (TheUgly, "The Ugly"),
        (RightHand, "The Right Hand of the Devil"),
        (LeftHand, "The Left Hand of the Devil"),
    ]
};

/// The modules' names (§6.0), in module order.
const MODULES: [(Module, &str); 5] = [
    (Module::LoudmouthCoward, "The Loudmouth and the Coward"),
    (Module::ChiefArrow, "The Arrow of the Indian Chief"),
    (Module::SpecialRoles, "Special Roles"),
    (Module::NewCharacters, "A Posse of New Characters"),
    (Module::Ghost, "The Ghost"),
];

fn name_of<T: PartialEq>(table: &[(T, &'static str)], key: T) -> &'static str {
    table.iter().find(|(k, _)| *k == key).map_or("", |(_, n)| n)
}

/// The text of a table, or an empty one (the texts' tests keep them whole).
fn or_empty(text: Option<&'static Text>) -> Text {
    text.copied().unwrap_or(Text { text: "", rule: "" })
}

/// The dice game's catalog.
pub fn catalog() -> Catalog {
    let dice = [
        (DieKind::Base, "Base die", None),
        (
            DieKind::Loudmouth,
            "The Loudmouth",
            Some(Module::LoudmouthCoward),
        ),
        (DieKind::Coward, "The Coward", Some(Module::LoudmouthCoward)),
    ]
    .into_iter()
    .map(|(kind, name, module)| DieEntry {
        kind,
        name,
        faces: kind.faces(),
        module,
    })
    .collect();
    let faces = FACE_NAMES
        .iter()
        .map(|&(id, name)| {
            let text = or_empty(face_text(id));
            FaceEntry {
                id,
                name,
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let characters = CHARACTERS
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let text = or_empty(character_text(c.character));
            CharacterEntry {
                id: c.character,
                name: c.name,
                life: c.life,
                // The table lists the 16 base characters first (§5), then Module 4's (§6.4).
                module: (i >= 16).then_some(Module::NewCharacters),
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let roles = Role::ALL
        .into_iter()
        .map(|id| {
            let text = or_empty(role_text(id));
            RoleEntry {
                id,
                goal: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let special_roles = SPECIALS
        .iter()
        .map(|s| {
            let text = or_empty(special_text(s.card));
            SpecialEntry {
                id: s.card,
                name: name_of(&SPECIAL_NAMES, s.card),
                role: s.role,
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    let modules = MODULES
        .iter()
        .map(|&(id, name)| {
            let text = or_empty(module_text(id));
            ModuleEntry {
                id,
                name,
                text: text.text,
                rule: text.rule,
            }
        })
        .collect();
    Catalog {
        dice,
        faces,
        characters,
        roles,
        special_roles,
        modules,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_has_every_die_face_character_role_special_card_and_module_with_text() {
        let c = catalog();
        assert_eq!(c.dice.len(), 3);
        assert_eq!(c.faces.len(), 12);
        assert_eq!(c.characters.len(), 24);
        assert_eq!(c.roles.len(), 4);
        assert_eq!(c.special_roles.len(), 9);
        assert_eq!(c.modules.len(), 5);
        for die in &c.dice {
            for face in die.faces {
                assert!(c.faces.iter().any(|f| f.id == face), "{face:?}");
            }
        }
        let named = c
            .faces
            .iter()
            .map(|e| (e.name, e.text, e.rule))
            .chain(c.characters.iter().map(|e| (e.name, e.text, e.rule)))
            .chain(c.special_roles.iter().map(|e| (e.name, e.text, e.rule)))
            .chain(c.modules.iter().map(|e| (e.name, e.text, e.rule)));
        for (name, text, rule) in named {
            assert!(
                !name.is_empty() && !text.is_empty() && !rule.is_empty(),
                "{name}"
            );
        }
        let base = c.characters.iter().filter(|e| e.module.is_none()).count();
        assert_eq!(base, 16);
        assert!(
            c.characters
                .iter()
                .filter(|e| e.module.is_some())
                .all(|e| e.rule == "dice.md §6.4")
        );
    }
}
