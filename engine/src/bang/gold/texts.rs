//! Gold Rush's texts (`gold-rush.md`): its 8 characters and its kinds of
//! equipment card.

use super::EquipKind;
use crate::bang::characters::Character;
use crate::core::{Text, text};

/// Gold Rush's characters (`gold-rush.md` §8).
pub(crate) const CHARACTER_TEXTS: [(Character, Text); 8] = {
    use Character::*;
    [
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
