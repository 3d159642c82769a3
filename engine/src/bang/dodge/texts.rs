//! Dodge City's texts (`dodge-city.md`): its new kinds of playing card and
//! its 15 characters (the reprinted cards keep the base game's texts).

use crate::bang::cards::Kind;
use crate::bang::characters::Character;
use crate::bang::texts::rows::{KindText, kind};
use crate::core::{Text, text};

/// Where the cards' texts come from.
const CARDS: &str = "dodge-city.md §2";

/// Dodge City's new kinds of playing card (§2, §3, §4).
pub(crate) const KIND_TEXTS: [KindText; 22] = {
    use Kind::*;
    [
        kind(
            Punch,
            Some("one other player at distance 1"),
            "A BANG! effect, not a BANG! card: it does not count toward your BANG! limit.",
            CARDS,
        ),
        kind(
            Dodge,
            None,
            "Counts as one Missed!; then you draw 1 card.",
            CARDS,
        ),
        kind(
            Springfield,
            Some("any other player, at any distance"),
            "Discard another card from your hand with it: a BANG! effect, not a BANG! card.",
            CARDS,
        ),
        kind(
            RagTime,
            Some("any other player, at any distance"),
            "Discard another card from your hand with it: a Panic! effect, a random hand card or a chosen card in play.",
            CARDS,
        ),
        kind(
            Brawl,
            Some("every other player"),
            "Discard another card from your hand with it: each other player with a card loses one, a random hand card or one in play of your choice.",
            "dodge-city.md §4",
        ),
        kind(
            Tequila,
            Some("any player, you included"),
            "Discard another card from your hand with it: that player regains 1 life. It is not a Beer.",
            CARDS,
        ),
        kind(
            Whisky,
            Some("yourself"),
            "Discard another card from your hand with it: you regain 2 life. It is not a Beer.",
            CARDS,
        ),
        kind(
            Binocular,
            Some("yourself"),
            "You see the other players at distance −1 (it stacks with a Scope).",
            CARDS,
        ),
        kind(
            Hideout,
            Some("yourself"),
            "The other players see you at distance +1 (it stacks with a Mustang).",
            CARDS,
        ),
        kind(
            Bible,
            Some("yourself (green)"),
            "Green: from your next turn on, discard it from play when shot: a Missed! effect, then you draw 1 card.",
            "dodge-city.md §3",
        ),
        kind(
            Canteen,
            Some("yourself (green)"),
            "Green: from your next turn on, discard it from play in your turn to regain 1 life.",
            "dodge-city.md §3",
        ),
        kind(
            CanCan,
            Some("yourself (green), then any player"),
            "Green: from your next turn on, discard it from play in your turn for a Cat Balou effect.",
            "dodge-city.md §3",
        ),
        kind(
            Conestoga,
            Some("yourself (green), then any other player"),
            "Green: from your next turn on, discard it from play in your turn for a Panic! effect at any distance.",
            "dodge-city.md §3",
        ),
        kind(
            Derringer,
            Some("yourself (green), then a player at distance 1"),
            "Green: from your next turn on, discard it from play in your turn: draw 1 card, then a BANG! effect.",
            "dodge-city.md §3",
        ),
        kind(
            BuffaloRifle,
            Some("yourself (green), then any other player"),
            "Green: from your next turn on, discard it from play in your turn for a BANG! effect at any distance.",
            "dodge-city.md §3",
        ),
        kind(
            Howitzer,
            Some("yourself (green), then every other player"),
            "Green: from your next turn on, discard it from play in your turn for a BANG! effect at every other player, like a Gatling.",
            "dodge-city.md §3",
        ),
        kind(
            IronPlate,
            Some("yourself (green)"),
            "Green: from your next turn on, discard it from play when shot: a Missed! effect.",
            "dodge-city.md §3",
        ),
        kind(
            Knife,
            Some("yourself (green), then a player at distance 1"),
            "Green: from your next turn on, discard it from play in your turn for a BANG! effect.",
            "dodge-city.md §3",
        ),
        kind(
            Pepperbox,
            Some("yourself (green), then a player within reach"),
            "Green: from your next turn on, discard it from play in your turn for a BANG! effect.",
            "dodge-city.md §3",
        ),
        kind(
            PonyExpress,
            Some("yourself (green)"),
            "Green: from your next turn on, discard it from play in your turn to draw 3 cards.",
            "dodge-city.md §3",
        ),
        kind(
            Sombrero,
            Some("yourself (green)"),
            "Green: from your next turn on, discard it from play when shot: a Missed! effect.",
            "dodge-city.md §3",
        ),
        kind(
            TenGallonHat,
            Some("yourself (green)"),
            "Green: from your next turn on, discard it from play when shot: a Missed! effect.",
            "dodge-city.md §3",
        ),
    ]
};

/// Where the characters' texts come from.
const CHARACTERS: &str = "dodge-city.md §5";

/// Dodge City's 15 characters (§5).
pub(crate) const CHARACTER_TEXTS: [(Character, Text); 15] = {
    use Character::*;
    [
        text(
            ApacheKid,
            "Cards of ♦ played by other players have no effect on him (a Duel still does).",
            CHARACTERS,
        ),
        text(
            BelleStar,
            "During her turn the cards in play in front of the other players have no effect.",
            CHARACTERS,
        ),
        text(
            BillNoface,
            "In phase 1 he draws 1 card, plus 1 for each life point he is missing.",
            CHARACTERS,
        ),
        text(
            ChuckWengam,
            "During his turn he may lose 1 life to draw 2 cards, as often as he likes, never his last life point.",
            CHARACTERS,
        ),
        text(
            DocHolyday,
            "Once in his phase 2 he may discard 2 hand cards for a BANG! effect at a player within reach; it is not a BANG! card.",
            CHARACTERS,
        ),
        text(
            ElenaFuente,
            "She may use any card from her hand as a Missed!.",
            CHARACTERS,
        ),
        text(
            GregDigger,
            "Each time another character is eliminated he regains 2 life.",
            CHARACTERS,
        ),
        text(
            HerbHunter,
            "Each time another character is eliminated he draws 2 cards.",
            CHARACTERS,
        ),
        text(
            JoseDelgado,
            "Twice in his turn he may discard a blue card from his hand to draw 2 cards.",
            CHARACTERS,
        ),
        text(
            MollyStark,
            "Each time she uses a card from her hand out of her turn, she draws 1 card.",
            CHARACTERS,
        ),
        text(
            PatBrennan,
            "In phase 1, instead of drawing, he may take one card in play in front of another player.",
            CHARACTERS,
        ),
        text(
            PixiePete,
            "In phase 1 he draws 3 cards instead of 2.",
            CHARACTERS,
        ),
        text(
            SeanMallory,
            "At the end of his turn he may keep up to 10 cards in hand.",
            CHARACTERS,
        ),
        text(
            TequilaJoe,
            "Each Beer he plays gives him 2 life instead of 1.",
            CHARACTERS,
        ),
        text(
            VeraCuster,
            "At the start of her turn she chooses another character in play and has his ability until her next turn.",
            CHARACTERS,
        ),
    ]
};
