//! The characters, as a table: life points and the numeric traits of their abilities.
//!
//! Abilities that change a number (roll limit, Gatling threshold, Bull's Eye reach,
//! losses taken from a source) live in [`CharacterInfo`]. Abilities that add a step or a
//! choice are hooks in the turn and batch procedures, each keyed by its character.

use serde::{Deserialize, Serialize};

use super::options::{Module, ModuleSet};

/// A character card.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Character))]
#[serde(rename_all = "snake_case")]
pub enum Character {
    /// May take arrows instead of losing LP to Bull's Eyes or the Gatling Gun.
    #[default]
    BartCassidy,
    /// May re-roll Dynamite.
    BlackJack,
    /// Any "1" may be used as a "2" and vice versa.
    CalamityJanet,
    /// Whoever hits him with Bull's Eyes or the Gatling Gun takes an arrow.
    ElGringo,
    /// At 4 LP or less, each Beer he gives himself is worth 2.
    JesseJones,
    /// Loses at most 1 LP in an Indian attack.
    Jourdonnais,
    /// Returns one arrow per Gatling result.
    KitCarlson,
    /// Has one extra re-roll.
    LuckyDuke,
    /// Never loses LP to the Gatling Gun.
    PaulRegret,
    /// May return one of his arrows for each LP he loses.
    PedroRamirez,
    /// Bull's Eyes reach one place further.
    RoseDoolan,
    /// At the start of his turn, a living player gains 1 LP.
    SidKetchum,
    /// Once per turn, spends a Beer to double a Bull's Eye.
    SlabTheKiller,
    /// Gains 2 LP when her final dice show no Bull's Eye.
    SuzyLafayette,
    /// Gains 2 LP for each other player eliminated.
    VultureSam,
    /// His Gatling Gun needs only 2 Gatling results.
    WillyTheKid,
    /// New character: may add the Loudmouth without giving up a base die.
    JoseDelgado,
    /// New character: may add the Coward without giving up a base die.
    TequilaJoe,
    /// New character: for an Arrow he rolls, may take the Chief's Arrow from
    /// its holder.
    ApacheKid,
    /// New character: his Arrow results are applied only after his last roll.
    BillNoface,
    /// New character: once per roll with Arrows, may hand one of them to
    /// another player.
    ElenaFuente,
    /// New character: loses 1 LP less to each Bull's Eye batch.
    VeraCuster,
    /// New character: gains 2 LP when he uses 3 or more Bull's Eye results.
    DocHolyday,
    /// New character: may lose LP in place of other players.
    MollyStark,
}

/// How far a character's Bull's Eyes reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// "1" reaches distance 1, "2" distance 2.
    Normal,
    /// Calamity Janet: every Bull's Eye reaches distance 1 or 2.
    Either,
    /// Rose Doolan: one place further ("1": 1–2, "2": 2–3).
    Further,
}

/// The printed numbers of a character.
#[derive(Clone, Copy, Debug)]
pub struct CharacterInfo {
    /// The character.
    pub character: Character,
    /// Display name.
    pub name: &'static str,
    /// Life points printed on the card.
    pub life: u8,
    /// Rolls per turn (first roll included).
    pub roll_limit: u8,
    /// Gatling results needed to fire the Gun.
    pub gatling_threshold: u8,
    /// Reach of Bull's Eyes.
    pub reach: Reach,
    /// The most LP lost in one Indian attack.
    pub indian_loss_cap: u8,
    /// Whether the Gatling Gun costs him nothing.
    pub gatling_immune: bool,
    /// LP that a Bull's Eye total loses before it is applied (Vera Custer).
    pub bullseye_reduction: u8,
    /// The Old Saloon module that brings the character, if any.
    pub module: Option<Module>,
    /// Another module the character needs to be dealt, if any.
    pub needs: Option<Module>,
}

const fn info(character: Character, name: &'static str, life: u8) -> CharacterInfo {
    CharacterInfo {
        character,
        name,
        life,
        roll_limit: 3,
        gatling_threshold: 3,
        reach: Reach::Normal,
        indian_loss_cap: u8::MAX,
        gatling_immune: false,
        bullseye_reduction: 0,
        module: None,
        needs: None,
    }
}

const fn new(
    character: Character,
    name: &'static str,
    life: u8,
    needs: Option<Module>,
) -> CharacterInfo {
    CharacterInfo {
        module: Some(Module::NewCharacters),
        needs,
        ..info(character, name, life)
    }
}

/// Every character: the 16 of the base game, then the 8 new characters of Old
/// Saloon, indexed by [`Character`].
pub const CHARACTERS: [CharacterInfo; 24] = {
    use Character::*;
    [
        info(BartCassidy, "Bart Cassidy", 8),
        info(BlackJack, "Black Jack", 8),
        CharacterInfo {
            reach: Reach::Either,
            ..info(CalamityJanet, "Calamity Janet", 8)
        },
        info(ElGringo, "El Gringo", 7),
        info(JesseJones, "Jesse Jones", 9),
        CharacterInfo {
            indian_loss_cap: 1,
            ..info(Jourdonnais, "Jourdonnais", 7)
        },
        info(KitCarlson, "Kit Carlson", 7),
        CharacterInfo {
            roll_limit: 4,
            ..info(LuckyDuke, "Lucky Duke", 8)
        },
        CharacterInfo {
            gatling_immune: true,
            ..info(PaulRegret, "Paul Regret", 9)
        },
        info(PedroRamirez, "Pedro Ramirez", 8),
        CharacterInfo {
            reach: Reach::Further,
            ..info(RoseDoolan, "Rose Doolan", 9)
        },
        info(SidKetchum, "Sid Ketchum", 8),
        info(SlabTheKiller, "Slab the Killer", 8),
        info(SuzyLafayette, "Suzy Lafayette", 8),
        info(VultureSam, "Vulture Sam", 9),
        CharacterInfo {
            gatling_threshold: 2,
            ..info(WillyTheKid, "Willy the Kid", 8)
        },
        new(
            JoseDelgado,
            "José Delgado",
            7,
            Some(Module::LoudmouthCoward),
        ),
        new(TequilaJoe, "Tequila Joe", 7, Some(Module::LoudmouthCoward)),
        new(ApacheKid, "Apache Kid", 9, Some(Module::ChiefArrow)),
        new(BillNoface, "Bill Noface", 9, None),
        new(ElenaFuente, "Elena Fuente", 7, None),
        CharacterInfo {
            bullseye_reduction: 1,
            ..new(VeraCuster, "Vera Custer", 7, None)
        },
        new(DocHolyday, "Doc Holyday", 8, None),
        new(MollyStark, "Molly Stark", 8, None),
    ]
};

impl Character {
    /// The printed numbers of this character.
    pub fn info(self) -> &'static CharacterInfo {
        &CHARACTERS[self as usize]
    }

    /// Every character that can be dealt with these modules (2.3.2).
    pub fn pool(modules: ModuleSet) -> Vec<Character> {
        let on = |m: Option<Module>| m.is_none_or(|m| modules.has(m));
        CHARACTERS
            .iter()
            .filter(|c| on(c.module) && on(c.needs))
            .map(|c| c.character)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_indexed_by_the_enum() {
        for (i, c) in CHARACTERS.iter().enumerate() {
            assert_eq!(c.character as usize, i);
        }
    }
}
