//! The card game's texts: one line for each kind of card, character, role,
//! equipment card, railcar and station, as `rules/*.md` words it, with the
//! section it comes from. What a client shows beside them (the rules
//! catalog, `GET /v1/rulesets/bang`): the rules' own words, so that no client
//! copies a table by hand.

use super::cards::Kind;
use super::characters::Character;
use super::gold::EquipKind;
use super::train::{RailcarKind, Station};
use crate::core::{Role, Text, text, text_of};

/// A kind of playing card: whom it targets (when it says) and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindText {
    /// The kind.
    pub kind: Kind,
    /// Whom or what it is played at, as the rules' table says.
    pub target: Option<&'static str>,
    /// Its effect.
    pub text: Text,
}

const fn kind(
    kind: Kind,
    target: Option<&'static str>,
    text: &'static str,
    rule: &'static str,
) -> KindText {
    KindText {
        kind,
        target,
        text: Text { text, rule },
    }
}

/// The kinds of playing card (`bang.md` §2.1, `train-robbery.md` §12).
pub const KIND_TEXTS: [KindText; 36] = {
    use Kind::*;
    [
        kind(
            Bang,
            Some("one other player in play within your reach"),
            "The target is shot: he must produce one Missed! effect (two against Slab the Killer) or lose 1 life. Counts as your one BANG! card for the turn.",
            "bang.md §2.1",
        ),
        kind(
            Missed,
            None,
            "Cancels one BANG! effect aimed at you. Useless against Indians! and Duel.",
            "bang.md §2.1",
        ),
        kind(
            Beer,
            Some("yourself only"),
            "You regain 1 life (capped at max life). No effect when only 2 players are in play (may still be played).",
            "bang.md §2.1",
        ),
        kind(
            Saloon,
            Some("every player in play"),
            "Every player in play, you included, regains 1 life (capped). Works with 2 players in play.",
            "bang.md §2.1",
        ),
        kind(Stagecoach, None, "Draw 2 cards.", "bang.md §2.1"),
        kind(WellsFargo, None, "Draw 3 cards.", "bang.md §2.1"),
        kind(
            GeneralStore,
            Some("every player in play"),
            "Reveal as many cards from the deck as there are players in play; starting with you and going clockwise, each player takes one of them into his hand.",
            "bang.md §2.1",
        ),
        kind(
            Panic,
            Some("one other player at distance ≤ 1 (distance modifiers apply, weapons do not)"),
            "Take into your hand either a random card from the target's hand or one card of your choice that is in play in front of him.",
            "bang.md §2.1",
        ),
        kind(
            CatBalou,
            Some("any one player, any distance (see B-2.3.6 for yourself)"),
            "The target discards either a random card from his hand or one card in play in front of him chosen by you.",
            "bang.md §2.1",
        ),
        kind(
            Duel,
            Some("any one other player, any distance"),
            "Starting with the target, the two players alternately discard a BANG! card; the first who does not loses 1 life.",
            "bang.md §2.1",
        ),
        kind(
            Indians,
            Some("every other player"),
            "Each other player, in turn clockwise from your left, discards a BANG! card or loses 1 life.",
            "bang.md §2.1",
        ),
        kind(
            Gatling,
            Some("every other player"),
            "Each other player, clockwise from your left, is the target of a BANG! effect. Not a BANG! card: no limit, does not use up your BANG!.",
            "bang.md §2.1",
        ),
        kind(
            Barrel,
            Some("in front of yourself"),
            "Whenever you are the target of a BANG! effect you may \"draw!\": on ♥ the shot counts as missed (one Missed! effect).",
            "bang.md §2.1",
        ),
        kind(
            Scope,
            Some("in front of yourself"),
            "You see every other player at distance −1 (never below 1). 1st-edition name: \"Appaloosa\".",
            "bang.md §2.1",
        ),
        kind(
            Mustang,
            Some("in front of yourself"),
            "Every other player sees you at distance +1.",
            "bang.md §2.1",
        ),
        kind(
            Jail,
            Some("in front of one other player in play, any distance, never the Sheriff"),
            "At the start of his turn the jailed player \"draws!\": ♥ → Jail discarded, he plays normally; otherwise → Jail discarded and his turn is skipped.",
            "bang.md §2.1",
        ),
        kind(
            Dynamite,
            Some("in front of yourself"),
            "At the start of your next turn \"draw!\": ♠2–♠9 → it explodes (discard it, you lose 3 life, nobody responsible); otherwise pass it to the player on your left.",
            "bang.md §2.1",
        ),
        kind(
            Volcanic,
            Some("in front of yourself (weapon)"),
            "Weapon, reach 1. You may play any number of BANG! cards in your turn.",
            "bang.md §2.1",
        ),
        kind(
            Schofield,
            Some("in front of yourself (weapon)"),
            "Weapon, reach 2.",
            "bang.md §2.1",
        ),
        kind(
            Remington,
            Some("in front of yourself (weapon)"),
            "Weapon, reach 3.",
            "bang.md §2.1",
        ),
        kind(
            RevCarabine,
            Some("in front of yourself (weapon)"),
            "Weapon, reach 4.",
            "bang.md §2.1",
        ),
        kind(
            Winchester,
            Some("in front of yourself (weapon)"),
            "Weapon, reach 5.",
            "bang.md §2.1",
        ),
        kind(
            Cactus,
            None,
            "Counts as one Missed!; then \"draw!\": on ♥ or ♦ you regain 1 life.",
            "train-robbery.md §12",
        ),
        kind(
            Dragoon,
            Some("yourself (weapon)"),
            "Weapon, reach 2. While it is in play you may play one additional BANG! card per turn (2 in total).",
            "train-robbery.md §12",
        ),
        kind(
            Evaded,
            None,
            "Counts as one Missed!; then take into your hand the card that shot you.",
            "train-robbery.md §12",
        ),
        kind(
            FullSteam,
            None,
            "Send the train straight to the End of the Line; choose whether its Locomotive effect is cancelled or doubled.",
            "train-robbery.md §12",
        ),
        kind(
            KnifeRevolver,
            Some("one player within reach"),
            "Counts as your BANG! card for the turn: a BANG! effect at the target; you \"draw!\": J, Q, K or A → this card returns to your hand.",
            "train-robbery.md §12",
        ),
        kind(
            Map,
            Some("yourself"),
            "When your turn starts, before you draw, you see the 2 top cards of the deck and may discard one of them.",
            "train-robbery.md §12",
        ),
        kind(
            MoneyBag,
            Some("as the copied card"),
            "If the top card of the discard pile is brown-bordered, you get its effect.",
            "train-robbery.md §12",
        ),
        kind(
            MostWanted,
            Some("every player, you included"),
            "Draw 1 card; then every player \"draws!\": on ♠ that player loses 1 life.",
            "train-robbery.md §12",
        ),
        kind(
            NextStop,
            None,
            "Draw 1 card; then advance the train 1 station.",
            "train-robbery.md §12",
        ),
        kind(
            Refund,
            Some("yourself"),
            "When another player takes or discards one of your other cards, you draw 1 card.",
            "train-robbery.md §12",
        ),
        kind(
            Strongbox,
            Some("yourself"),
            "At the end of your turn, draw 1 card.",
            "train-robbery.md §12",
        ),
        kind(
            Switch,
            Some("one of your cards in play + one card in play in front of another player"),
            "Swap the two cards.",
            "train-robbery.md §12",
        ),
        kind(
            TrainRobbery,
            Some("any other player, any distance"),
            "Counts as your BANG! card for the turn. For each of his cards in play the target chooses: discard it, or be the target of a BANG! effect.",
            "train-robbery.md §12",
        ),
        kind(
            WaterTower,
            None,
            "Take one railcar of your choice from the train for free.",
            "train-robbery.md §12",
        ),
    ]
};

/// The characters (`bang.md` §3, `gold-rush.md` §8, `train-robbery.md` §14).
pub const CHARACTER_TEXTS: [(Character, Text); 32] = {
    use Character::*;
    [
        text(
            BartCassidy,
            "Each time he loses a life point he draws 1 card from the deck (one card per life point lost).",
            "bang.md §3 C01",
        ),
        text(
            BlackJack,
            "In phase 1 he shows the second card he draws; if it is ♥ or ♦ he draws one more card (not shown).",
            "bang.md §3 C02",
        ),
        text(
            CalamityJanet,
            "May play BANG! cards as Missed! and Missed! cards as BANG! cards.",
            "bang.md §3 C03",
        ),
        text(
            ElGringo,
            "Each time he loses a life point to a card played by another player, he takes a random card from that player's hand (one per life point).",
            "bang.md §3 C04",
        ),
        text(
            JesseJones,
            "Phase 1: he may take his first card at random from the hand of another player (any distance, hand not empty) instead of the deck; the second card comes from the deck.",
            "bang.md §3 C05",
        ),
        text(
            Jourdonnais,
            "Always counts as having a Barrel: when targeted by a BANG! effect he may \"draw!\", ♥ = missed.",
            "bang.md §3 C06",
        ),
        text(
            KitCarlson,
            "Phase 1: he looks at the top 3 cards of the deck, takes 2 into his hand and puts the third back on top of the deck face down.",
            "bang.md §3 C07",
        ),
        text(
            LuckyDuke,
            "Whenever he must \"draw!\", he flips the top 2 cards and chooses which one is the result.",
            "bang.md §3 C08",
        ),
        text(
            PaulRegret,
            "Always counts as having a Mustang: others see him at +1.",
            "bang.md §3 C09",
        ),
        text(
            PedroRamirez,
            "Phase 1: he may take his first card from the top of the discard pile instead of the deck; the second comes from the deck.",
            "bang.md §3 C10",
        ),
        text(
            RoseDoolan,
            "Always counts as having a Scope: she sees others at −1.",
            "bang.md §3 C11",
        ),
        text(
            SidKetchum,
            "May discard 2 cards from his hand to regain 1 life; repeatable.",
            "bang.md §3 C12",
        ),
        text(
            SlabTheKiller,
            "A player targeted by one of his BANG! cards needs two Missed! effects to cancel it.",
            "bang.md §3 C13",
        ),
        text(
            SuzyLafayette,
            "As soon as her hand is empty she draws 1 card.",
            "bang.md §3 C14",
        ),
        text(
            VultureSam,
            "When any other player is eliminated, he takes all of that player's cards (hand and in play) into his hand.",
            "bang.md §3 C15",
        ),
        text(
            WillyTheKid,
            "May play any number of BANG! cards in his turn.",
            "bang.md §3 C16",
        ),
        text(
            DonBell,
            "At the end of his turn he \"draws!\": on ♥ or ♦ he plays an extra turn right away.",
            "gold-rush.md §8 GC1",
        ),
        text(
            DutchWill,
            "In phase 1 he draws his cards, then must discard one of the cards just drawn (his choice) and takes 1 nugget.",
            "gold-rush.md §8 GC2",
        ),
        text(
            JackyMurieta,
            "During his turn he may pay 2 nuggets to shoot an extra BANG!.",
            "gold-rush.md §8 GC3",
        ),
        text(
            JoshMcCloud,
            "He may pay 2 nuggets to take the top card of the equipment deck; he must use it at once.",
            "gold-rush.md §8 GC4",
        ),
        text(
            MadamYto,
            "Each time any player plays a Beer card, she draws 1 card.",
            "gold-rush.md §8 GC5",
        ),
        text(
            PrettyLuzena,
            "Once per turn she may buy one equipment card for 1 nugget less.",
            "gold-rush.md §8 GC6",
        ),
        text(
            RaddieSnake,
            "During his turn he may pay 1 nugget to draw 1 card, at most twice per turn.",
            "gold-rush.md §8 GC7",
        ),
        text(
            SimeonPicos,
            "Each time he loses a life point he takes 1 nugget from the heap.",
            "gold-rush.md §8 GC8",
        ),
        text(
            BennyBrawler,
            "During his turn he may take any number of railcars.",
            "train-robbery.md §14 TC1",
        ),
        text(
            EvanBabbit,
            "When he is targeted by a BANG! card he may discard a hand card of the same suit as that BANG! card to make another player at distance 1 from him the new target.",
            "train-robbery.md §14 TC2",
        ),
        text(
            JimmyTexas,
            "At the end of his turn he draws 1 card.",
            "train-robbery.md §14 TC3",
        ),
        text(
            Manuelita,
            "Each time the train reaches the End of the Line she draws 2 cards.",
            "train-robbery.md §14 TC4",
        ),
        text(
            Sancho,
            "Once per turn he may take one railcar of his choice from the train for free.",
            "train-robbery.md §14 TC5",
        ),
        text(
            SgtBlaze,
            "When a card or effect of his targets several players, he may exempt one of them.",
            "train-robbery.md §14 TC6",
        ),
        text(
            ShadeOConnor,
            "Whenever the train advances outside his own turn, he may discard 1 hand card and then draw 1 card.",
            "train-robbery.md §14 TC7",
        ),
        text(
            ZippyRoy,
            "Once per turn he may advance the train 1 station.",
            "train-robbery.md §14 TC8",
        ),
    ]
};

/// The roles: when each wins (`bang.md` §4.2).
pub const ROLE_TEXTS: [(Role, Text); 4] = {
    use Role::*;
    [
        text(
            Sheriff,
            "Every Outlaw and every Renegade has been eliminated while the Sheriff is in play.",
            "bang.md §4.2",
        ),
        text(
            Deputy,
            "The Sheriff wins (dead Deputies win too).",
            "bang.md §4.2",
        ),
        text(
            Outlaw,
            "The Sheriff is eliminated, unless a Renegade is then the only player in play (dead Outlaws win too).",
            "bang.md §4.2",
        ),
        text(
            Renegade,
            "He is the last player in play (the Sheriff must be eliminated while he is the only other player left). With 2 Renegades each plays alone; only the sole survivor can win.",
            "bang.md §4.2",
        ),
    ]
};

/// The kinds of equipment card (`gold-rush.md` §6).
pub const EQUIPMENT_TEXTS: [(EquipKind, Text); 15] = {
    use EquipKind::*;
    [
        text(
            Shot,
            "One player of your choice (any distance, yourself included) regains 1 life.",
            "gold-rush.md §6 E01–E03",
        ),
        text(
            Bottle,
            "Choose one: the effect of a Panic!, of a Beer, or of a BANG!.",
            "gold-rush.md §6 E04–E06",
        ),
        text(
            Pardner,
            "Choose one: the effect of a General Store, of a Duel, or of a Cat Balou.",
            "gold-rush.md §6 E07–E09",
        ),
        text(
            GoldRush,
            "Your turn ends; you regain all your life; then you play another turn.",
            "gold-rush.md §6 E10",
        ),
        text(
            Rhum,
            "\"Draw!\" 4 cards; you regain 1 life for each different suit among them.",
            "gold-rush.md §6 E11–E12",
        ),
        text(UnionPacific, "Draw 4 cards.", "gold-rush.md §6 E13"),
        text(
            Calumet,
            "♦ cards played by other players have no effect on you.",
            "gold-rush.md §6 E14",
        ),
        text(
            GunBelt,
            "Your hand limit at the end of your turn is 8.",
            "gold-rush.md §6 E15",
        ),
        text(
            Horseshoe,
            "Whenever you \"draw!\", flip one extra card and choose which one counts.",
            "gold-rush.md §6 E16",
        ),
        text(
            Pickaxe,
            "In phase 1 you draw one extra card.",
            "gold-rush.md §6 E17",
        ),
        text(
            Wanted,
            "Placed in front of any player: whoever eliminates that player draws 2 cards and takes 1 nugget.",
            "gold-rush.md §6 E18–E20",
        ),
        text(
            GoldPan,
            "Pay 1 nugget to draw 1 card; at most twice per turn.",
            "gold-rush.md §6 E21",
        ),
        text(
            Boots,
            "Each time you lose a life point, draw 1 card.",
            "gold-rush.md §6 E22",
        ),
        text(
            LuckyCharm,
            "Each time you lose a life point, take 1 nugget from the heap.",
            "gold-rush.md §6 E23",
        ),
        text(
            Rucksack,
            "Pay 2 nuggets to regain 1 life.",
            "gold-rush.md §6 E24",
        ),
    ]
};

/// The railcars (`train-robbery.md` §10).
pub const RAILCAR_TEXTS: [(RailcarKind, Text); 16] = {
    use RailcarKind::*;
    [
        text(
            BaggageCar,
            "Discard it for the effect, your choice, of a Missed!, a Panic!, a Cat Balou, or an extra BANG!.",
            "train-robbery.md §10 R01",
        ),
        text(
            Caboose,
            "You may discard one of your other blue-bordered cards (railcars included) as a Missed!.",
            "train-robbery.md §10 R02",
        ),
        text(
            CattleTruck,
            "Look at the top 3 cards of the discard pile and take 1 of them into your hand.",
            "train-robbery.md §10 R03",
        ),
        text(
            CircusWagon,
            "Every other player discards one of his own cards in play.",
            "train-robbery.md §10 R04",
        ),
        text(
            CoalHopper,
            "Draw 1 card, then discard a railcar in play in front of any player.",
            "train-robbery.md §10 R05",
        ),
        text(
            DiningCar,
            "At the start of your turn \"draw!\": on ♥ you regain 1 life.",
            "train-robbery.md §10 R06",
        ),
        text(
            ExpressCar,
            "Your turn ends at once; discard your whole hand; then you play another turn.",
            "train-robbery.md §10 R07",
        ),
        text(
            GhostCar,
            "Placed on any player except the Sheriff (even yourself, even an eliminated player). If that player is eliminated he stays in play at 0 life instead, unable to gain or lose life.",
            "train-robbery.md §10 R08",
        ),
        text(
            LoungeCar,
            "Draw 2 railcars from the railcar deck: put 1 in play in front of you and 1 in front of another player.",
            "train-robbery.md §10 R09",
        ),
        text(
            LumberFlatcar,
            "Placed on any player (yourself included): he sees every other player at distance +1.",
            "train-robbery.md §10 R10",
        ),
        text(
            MailCar,
            "Draw 3 cards, then give 1 of them to another player.",
            "train-robbery.md §10 R11",
        ),
        text(
            ObservationCar,
            "You see the others at distance −1 and they see you at +1.",
            "train-robbery.md §10 R12",
        ),
        text(
            PassengerCar,
            "Take 1 card from any other player, at any distance (random hand card or chosen card in play).",
            "train-robbery.md §10 R13",
        ),
        text(
            PrisonerCar,
            "Duel and Indians! cards played by other players have no effect on you.",
            "train-robbery.md §10 R14",
        ),
        text(
            PrivateCar,
            "While your hand is empty, nobody may target you with a BANG! card.",
            "train-robbery.md §10 R15",
        ),
        text(
            SleeperCar,
            "Once per turn you may discard one of your other blue-bordered cards (railcars included) as an extra BANG!, or as the BANG! card needed against Indians! or in a Duel.",
            "train-robbery.md §10 R16",
        ),
    ]
};

/// The stations: the cost of the railcar beside each (`train-robbery.md` §6).
pub const STATION_TEXTS: [(Station, Text); 13] = [
    text(1, "Discard a BANG!.", "train-robbery.md §6 S01"),
    text(
        2,
        "Discard a Cat Balou or a Panic!.",
        "train-robbery.md §6 S02",
    ),
    text(3, "Discard a ♠ card.", "train-robbery.md §6 S03"),
    text(4, "Discard a Beer.", "train-robbery.md §6 S04"),
    text(
        5,
        "Discard a blue-bordered card.",
        "train-robbery.md §6 S05",
    ),
    text(6, "Discard a Missed!.", "train-robbery.md §6 S06"),
    text(
        7,
        "Discard a card valued 10, J, Q, K or A.",
        "train-robbery.md §6 S07",
    ),
    text(8, "Discard a ♣ card.", "train-robbery.md §6 S08"),
    text(9, "Discard a ♦ card.", "train-robbery.md §6 S09"),
    text(10, "Discard a ♥ card.", "train-robbery.md §6 S10"),
    text(11, "Lose 1 life.", "train-robbery.md §6 S11"),
    text(12, "Discard any two cards.", "train-robbery.md §6 S12"),
    text(
        13,
        "Discard a card valued 2 to 9 inclusive.",
        "train-robbery.md §6 S13",
    ),
];

/// The Locomotive's two sides: its End of the Line effect (`train-robbery.md` §8).
pub const LOCOMOTIVE_TEXTS: [(&str, Text); 2] = [
    text(
        "Ironhorse",
        "Every player in play, including the current player, is the target of a BANG! effect.",
        "train-robbery.md §8",
    ),
    text(
        "Leland",
        "Acts as a General Store; picking starts with the current player, then goes clockwise.",
        "train-robbery.md §8",
    ),
];

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
            include_str!("../../../docs/rules/bang.md"),
            include_str!("../../../docs/rules/gold-rush.md"),
            include_str!("../../../docs/rules/train-robbery.md"),
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
