//! The base game's texts (`bang.md`): its playing cards, its 16
//! characters and the four roles.

use super::rows::{KindText, kind};
use crate::bang::cards::Kind;
use crate::bang::characters::Character;
use crate::core::{Role, Text, text};

/// The base game's kinds of playing card (`bang.md` §2.1).
pub(crate) const KIND_TEXTS: [KindText; 22] = {
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
    ]
};

/// The base game's characters (`bang.md` §3).
pub(crate) const CHARACTER_TEXTS: [(Character, Text); 16] = {
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
