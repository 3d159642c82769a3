//! The Great Train Robbery's texts (`train-robbery.md`): its playing cards,
//! its 8 characters, the railcars, the stations and the Locomotive.

use super::{RailcarKind, Station};
use crate::bang::cards::Kind;
use crate::bang::characters::Character;
use crate::bang::texts::rows::{KindText, kind};
use crate::core::{Text, text};

/// The Great Train Robbery's kinds of playing card (`train-robbery.md` §12).
pub(crate) const KIND_TEXTS: [KindText; 14] = {
    use Kind::*;
    [
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

/// The Great Train Robbery's characters (`train-robbery.md` §14).
pub(crate) const CHARACTER_TEXTS: [(Character, Text); 8] = {
    use Character::*;
    [
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
