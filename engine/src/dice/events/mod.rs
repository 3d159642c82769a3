//! The events of a dice game and [`apply`], which folds them into the state.
//!
//! Events are facts: what was dealt, rolled, chosen, lost and gained. `apply` only
//! moves numbers; every rule that decides *what* happens lives in the turn machine.
//! This file holds the facts themselves and the rule each applies; the fold is in
//! `fold.rs`.

mod fold;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::actions::Action;
use super::characters::Character;
use super::faces::{DieKind, Face, MAX_DICE};
use super::options::{MAX_PLAYERS, Options, SeatSpec};
use super::roles::{Role, Team};
use super::sources::{GainSource, LossSource};
use super::specials::{Gain, Orders, Special, Window};
use super::state::{BatchStep, GhostGift, Outcome, Stage};
use crate::core::{Seat, Seed};

pub use fold::apply;

/// One die's result in a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::RolledDie))]
pub struct RolledDie {
    /// Which die (index into the turn's dice).
    pub die: u8,
    /// The face it landed on.
    pub face: Face,
}

/// One seat's share of a batch of losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Loss))]
pub struct Loss {
    /// Who loses.
    pub seat: Seat,
    /// How many LP, after his own reductions.
    pub amount: u8,
}

/// The shares of one batch of losses: at most one per seat.
pub type Losses = ArrayVec<Loss, MAX_PLAYERS>;

/// The first event of a game: what was set up, and the commitment to the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::GameCreated))]
pub struct GameCreated {
    /// The ruleset: `dice`.
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

/// A fact in a dice game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Event))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The game was opened.
    #[cfg_attr(feature = "openapi", schema(title = "game_created"))]
    GameCreated(Box<GameCreated>),
    /// A role card was dealt; `role` is hidden (`null`) from those who may not see it.
    #[cfg_attr(feature = "openapi", schema(title = "role_dealt"))]
    RoleDealt {
        /// To whom.
        seat: Seat,
        /// The card, when the viewer may know it.
        role: Option<Role>,
        /// Whether it is dealt face up.
        face_up: bool,
        /// Special roles: the special role card, when the role card is one and
        /// the viewer may know it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Special>,
    },
    /// A character card was dealt (public).
    #[cfg_attr(feature = "openapi", schema(title = "character_dealt"))]
    CharacterDealt {
        /// To whom.
        seat: Seat,
        /// The character.
        character: Character,
        /// Starting and maximum LP.
        life: u8,
    },
    /// A player's turn began.
    #[cfg_attr(feature = "openapi", schema(title = "turn_started"))]
    TurnStarted {
        /// The active player.
        seat: Seat,
    },
    /// A seat took an action (the command, as posted).
    #[cfg_attr(feature = "openapi", schema(title = "acted"))]
    Acted {
        /// Who acted.
        seat: Seat,
        /// What he chose.
        action: Action,
    },
    /// The game moved on to another stage.
    #[cfg_attr(feature = "openapi", schema(title = "stage_changed"))]
    StageChanged {
        /// Where it stands now.
        stage: Stage,
    },
    /// The active player threw some dice.
    #[cfg_attr(feature = "openapi", schema(title = "dice_rolled"))]
    DiceRolled {
        /// The dice thrown and their faces.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<RolledDie>))]
        dice: ArrayVec<RolledDie, MAX_DICE>,
    },
    /// A player took one token from the pile.
    #[cfg_attr(feature = "openapi", schema(title = "arrow_taken"))]
    ArrowTaken {
        /// Who took it.
        seat: Seat,
        /// With the Chief's Arrow: whether it was the Chief's Arrow.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chief: bool,
    },
    /// A player's tokens went back to the pile.
    #[cfg_attr(feature = "openapi", schema(title = "arrows_returned"))]
    ArrowsReturned {
        /// Whose tokens.
        seat: Seat,
        /// How many regular arrows.
        count: u8,
        /// With the Chief's Arrow: whether it went back too.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chief: bool,
    },
    /// Loudmouth and Coward: the active player chose the Loudmouth or the
    /// Coward for this turn.
    #[cfg_attr(feature = "openapi", schema(title = "saloon_die_taken"))]
    SaloonDieTaken {
        /// Which die.
        die: DieKind,
        /// Whether it comes on top of the 5 base dice (José Delgado, Tequila Joe)
        /// rather than in place of one.
        extra: bool,
    },
    /// New characters: Apache Kid took the Chief's Arrow from its holder for an
    /// Arrow result.
    #[cfg_attr(feature = "openapi", schema(title = "chief_grabbed"))]
    ChiefGrabbed {
        /// Apache Kid.
        seat: Seat,
        /// Who held it.
        from: Seat,
    },
    /// New characters: Molly Stark took over another player's loss in the open
    /// batch.
    #[cfg_attr(feature = "openapi", schema(title = "loss_taken_over"))]
    LossTakenOver {
        /// Whose loss.
        from: Seat,
        /// Molly Stark.
        by: Seat,
    },
    /// Ghost: the first non-Sheriff player eliminated became the Ghost.
    #[cfg_attr(feature = "openapi", schema(title = "became_ghost"))]
    BecameGhost {
        /// His seat.
        seat: Seat,
        /// For a Renegade: the side the Ghost Renegade card gives him.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Team>,
    },
    /// Ghost: the Ghost gave his tokens.
    #[cfg_attr(feature = "openapi", schema(title = "ghost_tokens_given"))]
    GhostTokensGiven {
        /// The receiver, the face and whether doubled.
        gift: GhostGift,
    },
    /// Ghost: the Ghost tokens went back to the Ghost.
    #[cfg_attr(feature = "openapi", schema(title = "ghost_tokens_returned"))]
    GhostTokensReturned,
    /// Ghost: the receiver of Ghost tokens set base dice to their face before
    /// his first roll (not thrown, but counted as rolled).
    #[cfg_attr(feature = "openapi", schema(title = "token_dice_set"))]
    TokenDiceSet {
        /// The face.
        face: Face,
        /// How many dice (2 with the double token).
        count: u8,
    },
    /// A token must be taken from the pile, by a seat that chooses which
    /// (El Gringo's penalty with the Chief's Arrow in the pile).
    #[cfg_attr(feature = "openapi", schema(title = "token_owed"))]
    TokenOwed {
        /// Who must take it.
        seat: Seat,
    },
    /// A batch of losses began.
    #[cfg_attr(feature = "openapi", schema(title = "batch_started"))]
    BatchStarted {
        /// Its cause.
        source: LossSource,
        /// Who is about to lose how much.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Loss>))]
        losses: Losses,
    },
    /// Bart Cassidy took tokens instead of losing LP.
    #[cfg_attr(feature = "openapi", schema(title = "arrows_instead_of_life"))]
    ArrowsInsteadOfLife {
        /// Bart's seat.
        seat: Seat,
        /// Tokens taken (LP spared).
        arrows: u8,
        /// With the Chief's Arrow: whether one of them is the Chief's Arrow.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        chief: bool,
    },
    /// The batch moved to its next step.
    #[cfg_attr(feature = "openapi", schema(title = "batch_stepped"))]
    BatchStepped {
        /// The step.
        step: BatchStep,
    },
    /// A player lost LP.
    #[cfg_attr(feature = "openapi", schema(title = "life_lost"))]
    LifeLost {
        /// Who.
        seat: Seat,
        /// How many.
        amount: u8,
        /// Why.
        source: LossSource,
    },
    /// A player was eliminated; his role card is turned up.
    #[cfg_attr(feature = "openapi", schema(title = "player_eliminated"))]
    PlayerEliminated {
        /// Who.
        seat: Seat,
        /// His role.
        role: Role,
    },
    /// The batch is over.
    #[cfg_attr(feature = "openapi", schema(title = "batch_ended"))]
    BatchEnded,
    /// A player gained LP (0 when the gain was wasted at max LP).
    #[cfg_attr(feature = "openapi", schema(title = "life_gained"))]
    LifeGained {
        /// Who.
        seat: Seat,
        /// How many, after the cap.
        amount: u8,
        /// Why.
        source: GainSource,
    },
    /// A Bull's Eye result was given a target.
    #[cfg_attr(feature = "openapi", schema(title = "bullseye_assigned"))]
    BullseyeAssigned {
        /// The target.
        target: Seat,
        /// Whether Slab the Killer doubled it with a Beer.
        doubled: bool,
    },
    /// The Gatling Gun fired: the shooter's arrows go back to the pile.
    #[cfg_attr(feature = "openapi", schema(title = "gatling_fired"))]
    GatlingFired {
        /// The shooter.
        seat: Seat,
    },
    /// After an Indian attack every arrow goes back to the pile.
    #[cfg_attr(feature = "openapi", schema(title = "arrows_recalled"))]
    ArrowsRecalled,
    /// Special roles: a seat set its standing orders; `orders` is hidden
    /// (`null`) from everyone else.
    #[cfg_attr(feature = "openapi", schema(title = "orders_set"))]
    OrdersSet {
        /// Whose orders.
        seat: Seat,
        /// The orders, when the viewer may know them.
        orders: Option<Orders>,
    },
    /// Special roles: a window opened and waits for the listed seats' answers.
    #[cfg_attr(feature = "openapi", schema(title = "window_opened"))]
    WindowOpened {
        /// The window.
        window: Window,
    },
    /// Special roles: the open window closed.
    #[cfg_attr(feature = "openapi", schema(title = "window_closed"))]
    WindowClosed,
    /// Special roles: the live reaction window ran out, and every seat still
    /// asked passes.
    #[cfg_attr(feature = "openapi", schema(title = "window_expired"))]
    WindowExpired,
    /// Play-by-post: who plays a seat changed — it missed its move deadline
    /// and a bot played that move, a bot took the seat after too many misses,
    /// or its player took it back.
    #[cfg_attr(feature = "openapi", schema(title = "seat_control"))]
    SeatControl(crate::core::SeatControl),
    /// Special roles: a player turned his special role card face up to use its
    /// power.
    #[cfg_attr(feature = "openapi", schema(title = "role_revealed"))]
    RoleRevealed {
        /// Who.
        seat: Seat,
        /// His role.
        role: Role,
        /// The card.
        card: Special,
    },
    /// Special roles: The Judge cancelled a reveal; that power is used up, to no
    /// effect.
    #[cfg_attr(feature = "openapi", schema(title = "reveal_cancelled"))]
    RevealCancelled {
        /// Whose reveal.
        seat: Seat,
        /// The cancelled card.
        card: Special,
    },
    /// Special roles: The Doc turned one die of the player who just rolled.
    #[cfg_attr(feature = "openapi", schema(title = "die_turned"))]
    DieTurned {
        /// The die.
        die: u8,
        /// Its new face.
        face: Face,
    },
    /// Special roles: The Good and the Sheriff swapped role cards.
    #[cfg_attr(feature = "openapi", schema(title = "roles_swapped"))]
    RolesSwapped {
        /// The Good's holder, now the Sheriff.
        seat: Seat,
        /// The former Sheriff, now a Deputy.
        sheriff: Seat,
    },
    /// Special roles: The Ugly made two players swap every arrow they hold.
    #[cfg_attr(feature = "openapi", schema(title = "arrows_swapped"))]
    ArrowsSwapped {
        /// One player.
        first: Seat,
        /// The other.
        second: Seat,
    },
    /// Special roles: The Gambler made the active player throw every die one
    /// last time.
    #[cfg_attr(feature = "openapi", schema(title = "gambled"))]
    Gambled,
    /// Special roles: The Bad cancelled a gain.
    #[cfg_attr(feature = "openapi", schema(title = "gain_blocked"))]
    GainBlocked {
        /// The gain that did not happen.
        gain: Gain,
    },
    /// Special roles: The Left Hand saved a player about to be eliminated, who
    /// is at 2 LP.
    #[cfg_attr(feature = "openapi", schema(title = "rescued"))]
    Rescued {
        /// Who.
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
}

/// The rule of `rules/dice.md` each event applies, by its `"type"` tag: what
/// a game's history cites beside each sentence (every tag has one).
pub const RULES: &[(&str, &str)] = &[
    ("game_created", "dice.md 2.3"),
    ("role_dealt", "dice.md 2.3"),
    ("character_dealt", "dice.md 2.3"),
    ("turn_started", "dice.md 3.2"),
    ("acted", "dice.md 3.15"),
    ("stage_changed", "dice.md 3.1"),
    ("dice_rolled", "dice.md 3.4"),
    ("arrow_taken", "dice.md 3.5"),
    ("arrows_returned", "dice.md 1.4"),
    ("saloon_die_taken", "dice.md 6.1"),
    ("chief_grabbed", "dice.md 6.4"),
    ("loss_taken_over", "dice.md 6.4"),
    ("became_ghost", "dice.md 6.5"),
    ("ghost_tokens_given", "dice.md 6.5"),
    ("ghost_tokens_returned", "dice.md 6.5"),
    ("token_dice_set", "dice.md 6.5"),
    ("token_owed", "dice.md 6.2"),
    ("batch_started", "dice.md 3.12"),
    ("arrows_instead_of_life", "dice.md 3.12"),
    ("batch_stepped", "dice.md 3.12"),
    ("life_lost", "dice.md 3.12"),
    ("player_eliminated", "dice.md 4.1"),
    ("batch_ended", "dice.md 3.12"),
    ("life_gained", "dice.md 3.13"),
    ("bullseye_assigned", "dice.md 3.9"),
    ("gatling_fired", "dice.md 3.11"),
    ("arrows_recalled", "dice.md 3.6"),
    ("orders_set", "dice.md 6.3"),
    ("window_opened", "dice.md 6.3"),
    ("window_closed", "dice.md 6.3"),
    ("seat_control", crate::core::CONTROL_RULE),
    ("window_expired", "dice.md 6.3"),
    ("role_revealed", "dice.md 6.3"),
    ("reveal_cancelled", "dice.md 6.3"),
    ("die_turned", "dice.md 6.3"),
    ("roles_swapped", "dice.md 6.3"),
    ("arrows_swapped", "dice.md 6.3"),
    ("gambled", "dice.md 6.3"),
    ("gain_blocked", "dice.md 6.3"),
    ("rescued", "dice.md 6.3"),
    ("game_ended", "dice.md 4.2"),
];

impl Event {
    /// Whether this event begins one decision's events: a seat's action, or with
    /// special roles a seat's standing orders or a reaction window running out.
    /// Between two such events the state is transitional; before one, the game
    /// waits.
    pub fn begins_decision(&self) -> bool {
        matches!(
            self,
            Event::Acted { .. }
                | Event::OrdersSet { .. }
                | Event::WindowExpired
                | Event::SeatControl(_)
        )
    }

    /// The family this event belongs to: which part of the state it is about,
    /// for the fold ([`apply`]) and the history, which each take one family at
    /// a time.
    pub(super) fn family(&self) -> Family {
        match self {
            Event::GameCreated(_)
            | Event::RoleDealt { .. }
            | Event::CharacterDealt { .. }
            | Event::GameEnded { .. } => Family::Game,
            Event::TurnStarted { .. }
            | Event::StageChanged { .. }
            | Event::SaloonDieTaken { .. }
            | Event::DiceRolled { .. }
            | Event::TokenDiceSet { .. }
            | Event::DieTurned { .. }
            | Event::Gambled
            | Event::BullseyeAssigned { .. } => Family::Turn,
            Event::ArrowTaken { .. }
            | Event::ArrowsReturned { .. }
            | Event::TokenOwed { .. }
            | Event::ChiefGrabbed { .. }
            | Event::GatlingFired { .. }
            | Event::ArrowsRecalled
            | Event::ArrowsSwapped { .. } => Family::Tokens,
            Event::BatchStarted { .. }
            | Event::ArrowsInsteadOfLife { .. }
            | Event::BatchStepped { .. }
            | Event::LossTakenOver { .. }
            | Event::LifeLost { .. }
            | Event::PlayerEliminated { .. }
            | Event::BatchEnded
            | Event::LifeGained { .. }
            | Event::GainBlocked { .. }
            | Event::Rescued { .. } => Family::Losses,
            Event::BecameGhost { .. }
            | Event::GhostTokensGiven { .. }
            | Event::GhostTokensReturned => Family::Ghost,
            Event::Acted { .. }
            | Event::OrdersSet { .. }
            | Event::WindowOpened { .. }
            | Event::WindowExpired
            | Event::WindowClosed
            | Event::SeatControl(_) => Family::Answers,
            Event::RoleRevealed { .. }
            | Event::RevealCancelled { .. }
            | Event::RolesSwapped { .. } => Family::Specials,
        }
    }
}

/// The families of events ([`Event::family`]), by the part of the state they
/// are about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// The game's opening (the table, the deal) and its end.
    Game,
    /// The active turn: its start, its stage, the dice and the Bull's Eyes aimed.
    Turn,
    /// The arrow tokens and the Chief's Arrow.
    Tokens,
    /// A batch of losses, and the life points lost, gained and saved.
    Losses,
    /// The Ghost module: who the Ghost is, and the token he gives.
    Ghost,
    /// Who answers what: the seats' actions and standing orders, the windows,
    /// who plays a seat.
    Answers,
    /// The special role cards revealed, cancelled and swapped.
    Specials,
}
