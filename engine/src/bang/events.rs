//! The events of a card game: facts, each folded by [`super::apply`].
//!
//! Card ids that some viewer may not know are `Option<Card>`; redaction
//! replaces each hidden one with `null` and keeps every list's length.
//!
//! This file holds the [`Event`] enum and its first event's payload; its
//! folder the tables about events: the rule each applies (`rules.rs`) and
//! which may hide something (`hiding.rs`). The enum stays whole in this
//! file: the history's tests read its `schema(title = ...)` tags here.

mod hiding;
mod rules;

pub use hiding::HIDING_EVENTS;
pub use rules::RULES;

use serde::{Deserialize, Serialize};

use super::actions::Action;
use super::cards::Card;
use super::characters::Character;
use super::dodge::DodgeEvent;
use super::gold::GoldEvent;
use super::options::{Options, SeatSpec};
use super::orders::Orders;
use super::reason::Reason;
use super::state::{CheckKind, Effect, Outcome, Phase, State, WindowKind};
use super::train::TrainEvent;
use crate::core::{Role, Seat, Seed, Team, Viewer};

/// The first event of a game: what was set up, and the commitment to the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::GameCreated))]
pub struct GameCreated {
    /// The ruleset: `bang`.
    pub ruleset: String,
    /// The engine that wrote this log.
    pub engine: String,
    /// Players at the table.
    pub players: u8,
    /// Options in play.
    pub options: Options,
    /// Seat names and bot policies.
    pub seats: Vec<SeatSpec>,
    /// SHA-256 of the game's secret seed (hex).
    pub seed_commitment: String,
}

/// A fact in a card game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Event))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The game was opened.
    #[cfg_attr(feature = "openapi", schema(title = "game_created"))]
    GameCreated(Box<GameCreated>),
    /// A role card was dealt; `role` is hidden from others unless face up.
    #[cfg_attr(feature = "openapi", schema(title = "role_dealt"))]
    RoleDealt {
        /// To whom.
        seat: Seat,
        /// The role, when the viewer may know it.
        role: Option<Role>,
        /// Whether it is face up (the Sheriff; everyone with 3 players).
        face_up: bool,
    },
    /// Option `character_choice: 2`: two characters dealt secretly to a seat.
    #[cfg_attr(feature = "openapi", schema(title = "characters_offered"))]
    CharactersOffered {
        /// To whom.
        seat: Seat,
        /// The two, when the viewer may know them.
        offer: [Option<Character>; 2],
    },
    /// Option `character_choice: 2`: a seat kept one (a decision; secret until all chose).
    #[cfg_attr(feature = "openapi", schema(title = "character_chosen"))]
    CharacterChosen {
        /// Who.
        seat: Seat,
        /// The one kept, when the viewer may know it.
        character: Option<Character>,
    },
    /// A character is in play face up, with its starting life (Sheriff +1).
    #[cfg_attr(feature = "openapi", schema(title = "character_dealt"))]
    CharacterDealt {
        /// Whose.
        seat: Seat,
        /// The character.
        character: Character,
        /// Starting and maximum life.
        life: u8,
    },
    /// The deck was (re)built from shuffled cards (the discard pile, or all 80
    /// at setup). `order` lists the new deck from the top; hidden from every
    /// seat and spectator.
    #[cfg_attr(feature = "openapi", schema(title = "deck_shuffled"))]
    DeckShuffled {
        /// The new deck, top card first (`null` where hidden).
        order: Vec<Option<Card>>,
    },
    /// A seat drew cards from the top of the deck; seen by him only.
    #[cfg_attr(feature = "openapi", schema(title = "cards_drawn"))]
    CardsDrawn {
        /// Who.
        seat: Seat,
        /// The cards in drawing order (`null` where hidden).
        cards: Vec<Option<Card>>,
    },
    /// A player's turn began.
    #[cfg_attr(feature = "openapi", schema(title = "turn_started"))]
    TurnStarted {
        /// The current player.
        seat: Seat,
        /// Gold Rush: an extra turn (the Gold Rush card, Don Bell).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        extra: bool,
        /// Shadow-Gunslingers: an eliminated player's shadow turn (SG-2).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        shadow: bool,
    },
    /// The current turn moved on to another phase.
    #[cfg_attr(feature = "openapi", schema(title = "phase_started"))]
    PhaseStarted {
        /// The phase.
        phase: Phase,
    },
    /// A seat took an action (as posted). An action whose content is private
    /// is recorded by its own event instead, which hides it from those who
    /// may not know it: `orders_set`, `character_chosen`, `kit_kept` (Kit
    /// Carlson's card put back) and `card_given` (a Mail Car gift).
    #[cfg_attr(feature = "openapi", schema(title = "acted"))]
    Acted {
        /// Who.
        seat: Seat,
        /// What.
        action: Action,
    },
    /// Solo: an NPC took a decision by the rules' policy (Part B), recorded
    /// with why. Derived by the rules, never posted: not a decision of the log.
    #[cfg_attr(feature = "openapi", schema(title = "npc_acted"))]
    NpcActed {
        /// The NPC.
        seat: Seat,
        /// What it did (as a seat would post it).
        action: Action,
        /// Why (the rule of `rules/lone-gunslinger.md` that chose it).
        reason: Reason,
    },
    /// A seat set its standing orders; hidden (`null`) from everyone else.
    #[cfg_attr(feature = "openapi", schema(title = "orders_set"))]
    OrdersSet {
        /// Whose.
        seat: Seat,
        /// The orders, when the viewer may know them.
        orders: Option<Orders>,
    },
    /// A reaction window opened: the seat is asked by hand.
    #[cfg_attr(feature = "openapi", schema(title = "window_opened"))]
    WindowOpened {
        /// Who is asked.
        seat: Seat,
        /// What.
        kind: WindowKind,
    },
    /// The live reaction time ran out; the safe default follows.
    #[cfg_attr(feature = "openapi", schema(title = "window_expired"))]
    WindowExpired,
    /// Play-by-post: who plays a seat changed — it missed its move deadline
    /// and a bot played that move, a bot took the seat after too many misses,
    /// or its player took it back.
    #[cfg_attr(feature = "openapi", schema(title = "seat_control"))]
    SeatControl(crate::core::SeatControl),
    /// A card was flipped from the deck for a "draw!" (public).
    #[cfg_attr(feature = "openapi", schema(title = "check_flipped"))]
    CheckFlipped {
        /// Who checks.
        seat: Seat,
        /// What for.
        check: CheckKind,
        /// The card.
        card: Card,
    },
    /// A "draw!" was resolved: the flipped cards are discarded, the result last.
    /// `success` is ♥ for Barrel, Jourdonnais and Jail, and an explosion for Dynamite.
    #[cfg_attr(feature = "openapi", schema(title = "check_resolved"))]
    CheckResolved {
        /// Who checked.
        seat: Seat,
        /// What for.
        check: CheckKind,
        /// The result card (none when no card could be flipped).
        card: Option<Card>,
        /// Whether it succeeded.
        success: bool,
    },
    /// Black Jack showed his second phase-1 card.
    #[cfg_attr(feature = "openapi", schema(title = "card_shown"))]
    CardShown {
        /// Black Jack.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Kit Carlson took the top cards of the deck to look at; seen by him only.
    #[cfg_attr(feature = "openapi", schema(title = "kit_looked"))]
    KitLooked {
        /// Kit Carlson.
        seat: Seat,
        /// The cards (`null` where hidden).
        cards: Vec<Option<Card>>,
    },
    /// Kit Carlson kept his cards and put `back` on top of the deck (a decision
    /// when he saw three; `back` hidden from others).
    #[cfg_attr(feature = "openapi", schema(title = "kit_kept"))]
    KitKept {
        /// Kit Carlson.
        seat: Seat,
        /// The card put back, when the viewer may know it.
        back: Option<Card>,
    },
    /// Pedro Ramirez took the top card of the discard pile.
    #[cfg_attr(feature = "openapi", schema(title = "discard_taken"))]
    DiscardTaken {
        /// Pedro Ramirez.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card moved from one player to another's hand (Panic!, Jesse Jones,
    /// El Gringo). Taken at random from a hand, it is seen by those two only.
    #[cfg_attr(feature = "openapi", schema(title = "card_stolen"))]
    CardStolen {
        /// Whose card.
        from: Seat,
        /// Who took it.
        to: Seat,
        /// The card, when the viewer may know it.
        card: Option<Card>,
        /// Whether it came from the hand (else from in play).
        from_hand: bool,
    },
    /// A card was played from hand: a brown card to the discard pile, a blue
    /// one into play (in front of the target for a Jail).
    #[cfg_attr(feature = "openapi", schema(title = "card_played"))]
    CardPlayed {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// Its target, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
    /// Cards of a player (hand or in play, or the Money Bag he played once
    /// its copied effect has resolved) went to the discard pile, in order.
    #[cfg_attr(feature = "openapi", schema(title = "discarded"))]
    Discarded {
        /// Whose.
        seat: Seat,
        /// The cards.
        cards: Vec<Card>,
    },
    /// A Dynamite that did not explode passed to another player.
    #[cfg_attr(feature = "openapi", schema(title = "dynamite_passed"))]
    DynamitePassed {
        /// From.
        from: Seat,
        /// To.
        to: Seat,
        /// The card.
        card: Card,
    },
    /// A BANG! effect is aimed at a player (§10), who needs `needed` Missed! effects.
    #[cfg_attr(feature = "openapi", schema(title = "shot_at"))]
    ShotAt {
        /// The responsible player (the current player for an anonymous shot).
        source: Seat,
        /// The player shot.
        target: Seat,
        /// Missed! effects needed.
        needed: u8,
        /// Nobody is responsible (the Ironhorse Locomotive, TR §8).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        anonymous: bool,
    },
    /// A target no longer in play was skipped: of a multi-target card, or the
    /// shot or Duel a ghost left by giving up his Ghost Car (TR-11.8.6).
    #[cfg_attr(feature = "openapi", schema(title = "target_skipped"))]
    TargetSkipped {
        /// Who.
        seat: Seat,
    },
    /// The player shot played a Missed! effect from hand.
    #[cfg_attr(feature = "openapi", schema(title = "missed_played"))]
    MissedPlayed {
        /// Who.
        seat: Seat,
        /// The card (a Missed!, or Calamity Janet's BANG!).
        card: Card,
    },
    /// A BANG! card (Calamity Janet: or a Missed!) discarded against Indians! or in a Duel.
    #[cfg_attr(feature = "openapi", schema(title = "bang_discarded"))]
    BangDiscarded {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Sid Ketchum discarded two cards and regained 1 life.
    #[cfg_attr(feature = "openapi", schema(title = "healed"))]
    Healed {
        /// Sid Ketchum.
        seat: Seat,
        /// The two cards.
        cards: [Card; 2],
    },
    /// A player lost life points.
    #[cfg_attr(feature = "openapi", schema(title = "life_lost"))]
    LifeLost {
        /// Who.
        seat: Seat,
        /// How many.
        amount: u8,
        /// The responsible player, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Seat>,
    },
    /// A player regained life points (never above his max).
    #[cfg_attr(feature = "openapi", schema(title = "life_gained"))]
    LifeGained {
        /// Who.
        seat: Seat,
        /// How many.
        amount: u8,
    },
    /// A dying player is back at 1 life or more; his window closes.
    #[cfg_attr(feature = "openapi", schema(title = "saved"))]
    Saved {
        /// Who.
        seat: Seat,
    },
    /// A player was eliminated; his role is revealed.
    #[cfg_attr(feature = "openapi", schema(title = "player_eliminated"))]
    PlayerEliminated {
        /// Who.
        seat: Seat,
        /// His role.
        role: Role,
        /// The responsible player, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Seat>,
    },
    /// Vulture Sam took every card of an eliminated player into his hand; the
    /// hand cards are seen by Sam only.
    #[cfg_attr(feature = "openapi", schema(title = "cards_inherited"))]
    CardsInherited {
        /// Vulture Sam.
        seat: Seat,
        /// The eliminated player.
        from: Seat,
        /// His hand cards (`null` where hidden).
        hand: Vec<Option<Card>>,
        /// His cards in play.
        in_play: Vec<Card>,
    },
    /// General Store: cards revealed from the deck (public).
    #[cfg_attr(feature = "openapi", schema(title = "store_revealed"))]
    StoreRevealed {
        /// Who played it (and picks first).
        seat: Seat,
        /// The cards.
        cards: Vec<Card>,
    },
    /// General Store: a player took a card.
    #[cfg_attr(feature = "openapi", schema(title = "store_picked"))]
    StorePicked {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// An effect without a card began: a Bottle's BANG!, a Pardner's Duel, or
    /// Jacky Murieta's shot.
    #[cfg_attr(feature = "openapi", schema(title = "effect_started"))]
    EffectStarted {
        /// The effect.
        effect: Effect,
    },
    /// Calumet (GR-7.7): a ♦ card played by another player had no effect on
    /// `seat`; Prisoner Car (TR-11.14): nor had a Duel.
    #[cfg_attr(feature = "openapi", schema(title = "unaffected"))]
    Unaffected {
        /// The Calumet's owner.
        seat: Seat,
        /// The ♦ card.
        card: Card,
    },
    /// Gold Rush (or Train Robbery's Express Car): `seat` will play an extra
    /// turn after this one; with `heal` (the Gold Rush card) he first regains
    /// all his life.
    #[cfg_attr(feature = "openapi", schema(title = "extra_turn_granted"))]
    ExtraTurnGranted {
        /// Who.
        seat: Seat,
        /// Whether he regains all his life at the end of this turn.
        heal: bool,
    },
    /// Shadow-Gunslingers (SR-2, SR-3): at the start of his shadow turn the
    /// Shadow-Renegade joins the side with more face-up roles (a tie: the Outlaws).
    #[cfg_attr(feature = "openapi", schema(title = "side_taken"))]
    SideTaken {
        /// The Shadow-Renegade.
        seat: Seat,
        /// His side until the start of his next shadow turn.
        side: Team,
    },
    /// Shadow-Gunslingers (SG-2): a shadow cannot lose life; the loss is
    /// ignored. Train Robbery (TR-11.8.4): nor can a ghost.
    #[cfg_attr(feature = "openapi", schema(title = "unhurt"))]
    Unhurt {
        /// The shadow.
        seat: Seat,
    },
    /// The game is over; the seed is revealed.
    #[cfg_attr(feature = "openapi", schema(title = "game_ended"))]
    GameEnded {
        /// Who won.
        outcome: Outcome,
        /// The game's secret seed.
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        seed: Seed,
    },
    /// Gold Rush's events, each with its own `type` tag: the log reads as
    /// if they were listed here (serde's untagged variant, last as it must
    /// be; the API document lists their schemas among these).
    #[serde(untagged)]
    Gold(GoldEvent),
    /// The Great Train Robbery's events, the same way.
    #[serde(untagged)]
    Train(TrainEvent),
    /// Dodge City's events, the same way.
    #[serde(untagged)]
    Dodge(DodgeEvent),
}

/// What the card game asks of an expansion's own events, nested in
/// [`Event`] (`Event::Gold`, `Event::Train`): the fold, the views, the
/// history and the redaction reach them through these, naming no expansion.
pub trait ExpansionEvent: Sized {
    /// The rule each of its events applies, by its `"type"` tag: the section
    /// of its rules file a game's history cites (every tag has one).
    const RULES: &'static [(&'static str, &'static str)];

    /// Folds the event into the state.
    fn fold(&self, s: &mut State);

    /// The event told as a sentence (`None` for one that shows nothing).
    fn told(&self, names: &[String]) -> Option<String>;

    /// Whether this event may hide something from some viewer.
    fn hides(&self) -> bool;

    /// The event as `viewer` may see it.
    fn redacted(&self, viewer: Viewer) -> Self;

    /// Whether this event hides the order of a deck (which even a solo
    /// game, where every card is face up, keeps hidden: A3.2).
    fn hides_an_order(&self) -> bool;
}
