//! The dice game's texts: one line for each face, character, role, special
//! role card and Old Saloon module, as `rules/dice.md` words it, with the
//! section it comes from (the rules catalog, `GET /v1/rulesets/dice`).

use super::characters::Character;
use super::faces::Face;
use super::options::Module;
use super::specials::Special;
use crate::core::{Role, Text, text, text_of};

/// What each face does (§1.2).
pub const FACE_TEXTS: [(Face, Text); 12] = {
    use Face::*;
    [
        text(
            Arrow,
            "The active player takes 1 arrow from the pile.",
            "dice.md §1.2",
        ),
        text(
            Dynamite,
            "Cannot be re-rolled; with 3 or more, the active player loses 1 LP.",
            "dice.md §1.2",
        ),
        text(
            Bullseye1,
            "A player at distance 1 loses 1 LP.",
            "dice.md §1.2",
        ),
        text(
            Bullseye2,
            "A player at distance 2 loses 1 LP.",
            "dice.md §1.2",
        ),
        text(Beer, "A living player gains 1 LP.", "dice.md §1.2"),
        text(
            Gatling,
            "3 Gatling results fire the Gatling Gun.",
            "dice.md §1.2",
        ),
        text(
            DoubleBullseye1,
            "Two separate \"1\" results.",
            "dice.md §1.2",
        ),
        text(
            DoubleBullseye2,
            "Two separate \"2\" results.",
            "dice.md §1.2",
        ),
        text(DoubleGatling, "Counts as two Gatlings.", "dice.md §1.2"),
        text(DoubleBeer, "Two separate Beers.", "dice.md §1.2"),
        text(Bullet, "The active player loses 1 LP.", "dice.md §1.2"),
        text(
            BrokenArrow,
            "One regular arrow held by any living player goes back to the pile.",
            "dice.md §1.2",
        ),
    ]
};

/// The characters (§5, §6.4).
pub const CHARACTER_TEXTS: [(Character, Text); 24] = {
    use Character::*;
    [
        text(
            BartCassidy,
            "When he would lose LP to Bull's Eyes or the Gatling Gun, he may take one arrow per LP instead.",
            "dice.md §5",
        ),
        text(
            BlackJack,
            "He may re-roll dice showing Dynamite.",
            "dice.md §5",
        ),
        text(
            CalamityJanet,
            "She may use any \"1\" as a \"2\" and any \"2\" as a \"1\".",
            "dice.md §5",
        ),
        text(
            ElGringo,
            "When the active player's Bull's Eyes or Gatling Gun make him lose LP, that player must take an arrow.",
            "dice.md §5",
        ),
        text(
            JesseJones,
            "If he has 4 LP or less, each Beer he gives himself is worth 2 LP.",
            "dice.md §5",
        ),
        text(
            Jourdonnais,
            "He never loses more than 1 LP in an Indian attack.",
            "dice.md §5",
        ),
        text(
            KitCarlson,
            "For each Gatling result, he may return one arrow held by any player to the pile.",
            "dice.md §5",
        ),
        text(LuckyDuke, "One extra re-roll: up to 4 rolls.", "dice.md §5"),
        text(
            PaulRegret,
            "He never loses LP to the Gatling Gun.",
            "dice.md §5",
        ),
        text(
            PedroRamirez,
            "Each time he loses 1 LP, he may return one of his arrows to the pile.",
            "dice.md §5",
        ),
        text(
            RoseDoolan,
            "Her Bull's Eyes reach one place further.",
            "dice.md §5",
        ),
        text(
            SidKetchum,
            "At the start of his turn, a living player of his choice gains 1 LP.",
            "dice.md §5",
        ),
        text(
            SlabTheKiller,
            "Once per turn he may spend a Beer to make one \"1\" or \"2\" cost 2 LP.",
            "dice.md §5",
        ),
        text(
            SuzyLafayette,
            "If her final dice show no \"1\" and no \"2\", she gains 2 LP.",
            "dice.md §5",
        ),
        text(
            VultureSam,
            "Each time another player is eliminated, he gains 2 LP.",
            "dice.md §5",
        ),
        text(
            WillyTheKid,
            "His Gatling Gun needs only 2 Gatling results.",
            "dice.md §5",
        ),
        text(
            JoseDelgado,
            "He may add the Loudmouth without giving up a base die (6 dice).",
            "dice.md §6.4",
        ),
        text(
            TequilaJoe,
            "He may add the Coward without giving up a base die (6 dice).",
            "dice.md §6.4",
        ),
        text(
            ApacheKid,
            "For an Arrow he rolls, he may take the Chief's Arrow from the player holding it.",
            "dice.md §6.4",
        ),
        text(
            BillNoface,
            "His Arrow results are applied only after his last roll.",
            "dice.md §6.4",
        ),
        text(
            ElenaFuente,
            "Each time she rolls one or more Arrows, she may hand one of those arrows to a player of her choice.",
            "dice.md §6.4",
        ),
        text(
            VeraCuster,
            "Each time she must lose LP to Bull's Eyes, she loses 1 less.",
            "dice.md §6.4",
        ),
        text(
            DocHolyday,
            "Each time he uses 3 or more \"1\" and/or \"2\" results, he also gains 2 LP.",
            "dice.md §6.4",
        ),
        text(
            MollyStark,
            "Each time another player must lose LP, she may lose them instead.",
            "dice.md §6.4",
        ),
    ]
};

/// The roles: their goals (§1.6).
pub const ROLE_TEXTS: [(Role, Text); 4] = {
    use Role::*;
    [
        text(
            Sheriff,
            "Eliminate every Outlaw and Renegade.",
            "dice.md §1.6",
        ),
        text(
            Deputy,
            "On the Sheriff's side; wins whenever the Sheriff wins, even if eliminated.",
            "dice.md §1.6",
        ),
        text(
            Outlaw,
            "Eliminate the Sheriff; all Outlaws win together, eliminated ones included.",
            "dice.md §1.6",
        ),
        text(
            Renegade,
            "Be the last living player; plays alone (with 8 players, each Renegade plays alone).",
            "dice.md §1.6",
        ),
    ]
};

/// The special role cards: their power and window (§6.3.6).
pub const SPECIAL_TEXTS: [(Special, Text); 9] = {
    use Special::*;
    [
        text(
            TheBear,
            "Face up from the start: the Sheriff's maximum LP is his character's LP + 3 instead of + 2.",
            "dice.md §6.3.6",
        ),
        text(
            TheGood,
            "At the start of his own turn he may reveal it: he and the Sheriff swap role cards.",
            "dice.md §6.3.7",
        ),
        text(
            TheDoc,
            "After any roll, before its immediate results, he may reveal it to turn one die to a face of his choice.",
            "dice.md §6.3.8",
        ),
        text(
            TheJudge,
            "Right after another player reveals a card, he may reveal it: that reveal has no effect and its power is used up.",
            "dice.md §6.3.9",
        ),
        text(
            TheGambler,
            "After another player's last roll, he may reveal it: that player re-rolls all his dice and must keep them.",
            "dice.md §6.3.10",
        ),
        text(
            TheBad,
            "Just before another player gains LP, he may reveal it: that gain does not happen.",
            "dice.md §6.3.11",
        ),
        text(
            TheUgly,
            "At the start of his own turn he may reveal it to swap all the arrows held by two living players.",
            "dice.md §6.3.12",
        ),
        text(
            RightHand,
            "At the end of his own turn he may reveal it to play another turn at once.",
            "dice.md §6.3.13",
        ),
        text(
            LeftHand,
            "When players are about to be eliminated, he may reveal it: one of them stays in at 2 LP.",
            "dice.md §6.3.14",
        ),
    ]
};

/// The Old Saloon modules (§6.0).
pub const MODULE_TEXTS: [(Module, Text); 5] = {
    use Module::*;
    [
        text(
            LoudmouthCoward,
            "Adds the Loudmouth and the Coward: two Saloon dice with doubled, Bullet and Broken Arrow faces; each turn a player may roll one in place of a base die.",
            "dice.md §6.1",
        ),
        text(
            ChiefArrow,
            "Adds the Indian Chief's Arrow: it joins the pile, any taker may choose it, and it counts as 2 arrows in an Indian attack.",
            "dice.md §6.2",
        ),
        text(
            SpecialRoles,
            "Deals special role cards: each has a power its holder may use once, by revealing it at the moment it names.",
            "dice.md §6.3",
        ),
        text(
            NewCharacters,
            "Adds 8 characters (José Delgado and Tequila Joe need the Saloon dice, Apache Kid the Chief's Arrow).",
            "dice.md §6.4",
        ),
        text(
            Ghost,
            "The first player eliminated (not the Sheriff) comes back as the Ghost: he keeps playing turns with Ghost tokens and wins with his side (5 to 8 players).",
            "dice.md §6.5",
        ),
    ]
};

/// What a face does.
pub fn face_text(face: Face) -> Option<&'static Text> {
    text_of(&FACE_TEXTS, face)
}

/// A character's ability.
pub fn character_text(character: Character) -> Option<&'static Text> {
    text_of(&CHARACTER_TEXTS, character)
}

/// A role's goal.
pub fn role_text(role: Role) -> Option<&'static Text> {
    text_of(&ROLE_TEXTS, role)
}

/// A special role card's power.
pub fn special_text(special: Special) -> Option<&'static Text> {
    text_of(&SPECIAL_TEXTS, special)
}

/// What a module adds.
pub fn module_text(module: Module) -> Option<&'static Text> {
    text_of(&MODULE_TEXTS, module)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{CHARACTERS, DieKind, SPECIALS};

    #[test]
    fn every_face_character_role_special_card_and_module_has_one_text() {
        let faces = [DieKind::Base, DieKind::Loudmouth, DieKind::Coward]
            .into_iter()
            .flat_map(DieKind::faces);
        for face in faces {
            assert!(face_text(face).is_some(), "{face:?}");
        }
        for c in CHARACTERS {
            assert!(character_text(c.character).is_some(), "{:?}", c.character);
        }
        for s in SPECIALS {
            assert!(special_text(s.card).is_some(), "{:?}", s.card);
        }
        for role in Role::ALL {
            assert!(role_text(role).is_some());
        }
        for m in [
            Module::LoudmouthCoward,
            Module::ChiefArrow,
            Module::SpecialRoles,
            Module::NewCharacters,
            Module::Ghost,
        ] {
            assert!(module_text(m).is_some());
        }
        let rules = include_str!("../../../docs/rules/dice.md");
        for t in FACE_TEXTS
            .iter()
            .map(|(_, t)| t)
            .chain(CHARACTER_TEXTS.iter().map(|(_, t)| t))
            .chain(ROLE_TEXTS.iter().map(|(_, t)| t))
            .chain(SPECIAL_TEXTS.iter().map(|(_, t)| t))
            .chain(MODULE_TEXTS.iter().map(|(_, t)| t))
        {
            assert!(t.text.ends_with('.'), "{t:?}");
            let section = t.rule.strip_prefix("dice.md §").expect("dice.md");
            assert!(
                rules.contains(&format!("## {section}")) || rules.contains(&format!("**{section}")),
                "{t:?}: no such section"
            );
        }
    }
}
