//! The folded state of a dice game. It is plain data: every change to it comes
//! from [`super::apply`].

use serde::{Deserialize, Serialize};

use super::characters::Character;
use super::faces::DiceSet;
use std::sync::Arc;

use super::options::{ModuleSet, SeatSpec};
use super::roles::{Role, Team};
use super::specials::{Orders, Special, Window};
use crate::core::Seat;

// Defined below the state (so `specials.rs` needs nothing from here) and still
// listed with it in the dice module's exports.
pub use super::options::MAX_PLAYERS;
pub use super::sources::{GainSource, LossSource};

/// Regular arrow tokens in the game.
pub const ARROWS: u8 = 9;

/// One player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// The character card (public).
    pub character: Character,
    /// The role card.
    pub role: Option<Role>,
    /// Whether the role card is face up.
    pub role_public: bool,
    /// Special roles: the special role card, if the role card is one.
    pub special: Option<Special>,
    /// Special roles: whether the card's power has been used (or cancelled by
    /// The Judge).
    pub power_used: bool,
    /// Life points now; 0 once eliminated.
    pub life: u8,
    /// Most life points he can have.
    pub max_life: u8,
    /// Regular arrow tokens held.
    pub arrows: u8,
    /// With the Chief's Arrow: whether he holds it.
    pub chief: bool,
    /// Whether he is still in the game.
    pub alive: bool,
}

impl Player {
    /// Tokens held: regular arrows plus the Chief's Arrow.
    pub fn tokens(&self) -> u8 {
        self.arrows + u8::from(self.chief)
    }

    /// His arrow count in an Indian attack: the Chief's Arrow counts 2 (1.4.4).
    pub fn arrow_count(&self) -> u8 {
        self.arrows + 2 * u8::from(self.chief)
    }
}

/// Where a turn stands: the program counter of the game.
///
/// Stages named after a decision wait for an action; the others are steps the engine
/// runs on its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Stage))]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum Stage {
    /// The game is being set up.
    #[default]
    #[cfg_attr(feature = "openapi", schema(title = "setup"))]
    Setup,
    /// T1: the start of the active player's turn.
    #[cfg_attr(feature = "openapi", schema(title = "turn_start"))]
    TurnStart,
    /// Decision: Sid Ketchum names who gains 1 LP.
    #[cfg_attr(feature = "openapi", schema(title = "sid_gift"))]
    SidGift,
    /// Decision: the active player throws his dice.
    #[cfg_attr(feature = "openapi", schema(title = "first_roll"))]
    FirstRoll,
    /// The immediate results of the roll just made, still to apply (§3.5).
    #[cfg_attr(feature = "openapi", schema(title = "immediate"))]
    Immediate(Immediate),
    /// Dice were just thrown: The Doc's window (special roles), then the roll's
    /// immediate results are counted.
    #[cfg_attr(feature = "openapi", schema(title = "rolled"))]
    Rolled,
    /// After a roll's immediate results: the Dynamite check and the roll limit.
    #[cfg_attr(feature = "openapi", schema(title = "after_roll"))]
    AfterRoll,
    /// Rolling is over: after The Gambler's window (special roles), resolution
    /// starts.
    #[cfg_attr(feature = "openapi", schema(title = "rolling_over"))]
    RollingOver,
    /// Decision: re-roll some dice or stop.
    #[cfg_attr(feature = "openapi", schema(title = "reroll"))]
    Reroll,
    /// Decision (Ghost): the Ghost gives a token matching one of his final faces.
    #[cfg_attr(feature = "openapi", schema(title = "ghost_gift"))]
    GhostGift,
    /// T5: resolving the final dice.
    #[cfg_attr(feature = "openapi", schema(title = "resolve"))]
    Resolve {
        /// The resolution step.
        step: Step,
    },
    /// T6: the end of the turn.
    #[cfg_attr(feature = "openapi", schema(title = "turn_end"))]
    TurnEnd,
    /// After T6 and The Right Hand's window (special roles): the next player's
    /// turn starts.
    #[cfg_attr(feature = "openapi", schema(title = "next_turn"))]
    NextTurn,
    /// The game is over.
    #[cfg_attr(feature = "openapi", schema(title = "over"))]
    Over,
}

/// The immediate results of a roll still to apply, in this order: Elena's gift,
/// Arrows, Broken Arrows, Bullets (§3.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Immediate))]
pub struct Immediate {
    /// Arrow results left.
    pub arrows: u8,
    /// Loudmouth and Coward: Broken Arrow results left.
    #[serde(default)]
    pub broken: u8,
    /// Loudmouth and Coward: Bullet results left.
    #[serde(default)]
    pub bullets: u8,
    /// New characters: Elena Fuente has yet to say whether she hands one of
    /// this roll's Arrows to another player.
    #[serde(default)]
    pub elena: bool,
}

/// A step of resolution (§3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Step))]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// Step 1 (new characters): Bill Noface takes his Arrow results.
    #[cfg_attr(feature = "openapi", schema(title = "bill_arrows"))]
    BillArrows {
        /// Arrow results left.
        left: u8,
    },
    /// Step 2: three or more Dynamite cost 1 LP.
    #[cfg_attr(feature = "openapi", schema(title = "dynamite"))]
    Dynamite,
    /// Step 3: decision while results are unassigned, then one batch.
    #[cfg_attr(feature = "openapi", schema(title = "bullseyes"))]
    Bullseyes,
    /// After step 3 (new characters): Doc Holyday's bonus.
    #[cfg_attr(feature = "openapi", schema(title = "doc_holyday"))]
    DocHolyday,
    /// Step 4 begins: counts the Beers and checks Jesse Jones's LP.
    #[cfg_attr(feature = "openapi", schema(title = "beers_start"))]
    BeersStart,
    /// Step 4: decision, one Beer result at a time.
    #[cfg_attr(feature = "openapi", schema(title = "beers"))]
    Beers {
        /// Beer results still to give.
        left: u8,
        /// Jesse Jones was at 4 LP or less when the step began.
        jesse_doubles: bool,
    },
    /// Step 5: the Gatling Gun.
    #[cfg_attr(feature = "openapi", schema(title = "gatling"))]
    Gatling,
    /// Step 5, after the Gun: decision, Kit Carlson returns arrows.
    #[cfg_attr(feature = "openapi", schema(title = "kit_discards"))]
    KitDiscards {
        /// Arrows he may still return.
        left: u8,
    },
    /// Step 6: Suzy Lafayette's bonus.
    #[cfg_attr(feature = "openapi", schema(title = "suzy"))]
    Suzy,
}

/// Where a batch of losses stands (§3.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::BatchStep))]
#[serde(rename_all = "snake_case")]
pub enum BatchStep {
    /// Step 3: Bart Cassidy may take arrows instead (a decision when it applies).
    Bart,
    /// Step 4 (new characters): Molly Stark may take over others' losses (a
    /// decision).
    Molly,
    /// Step 5: every loss is applied at once.
    Apply,
    /// Step 6: Pedro Ramirez may return arrows (a decision when it applies).
    Pedro,
    /// Step 7 begins: players at 0 LP are about to be eliminated (with special
    /// roles, The Left Hand's window).
    Aftermath,
    /// Special roles: The Left Hand saved a player, who may return his tokens (a
    /// decision).
    Rescue,
    /// Steps 7–9: eliminations, the victory check, Vulture Sam.
    Eliminate,
    /// Steps 10–11: the arrows' return after an attack, El Gringo.
    Cleanup,
}

/// A batch of losses in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    /// What caused it.
    pub source: LossSource,
    /// The loss each seat is about to take.
    pub losses: [u8; MAX_PLAYERS],
    /// The loss each seat took, once applied.
    pub lost: [u8; MAX_PLAYERS],
    /// Where it stands.
    pub step: BatchStep,
    /// Special roles: the player The Left Hand saved in this batch.
    pub rescued: Option<Seat>,
}

/// One Bull's Eye result assigned to its target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Shot))]
pub struct Shot {
    /// The target.
    pub target: Seat,
    /// Whether Slab the Killer doubled it with a Beer.
    pub doubled: bool,
}

/// The state of the current turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The active player.
    pub active: Seat,
    /// His dice.
    pub dice: DiceSet,
    /// Rolls made so far this turn.
    pub rolls: u8,
    /// Dice thrown in the last roll (bit i = die i).
    pub rolled: u8,
    /// Bull's Eye assignments made so far.
    pub shots: [Shot; MAX_SHOTS],
    /// How many of `shots` are used.
    pub shots_len: u8,
    /// Ghost: whether this is the Ghost's turn (he was the Ghost when it began).
    pub ghost: bool,
    /// Special roles: whether The Gambler made the active player re-roll
    /// everything: that roll is his last.
    pub gambled: bool,
}

/// The most Bull's Eye results one turn can show (6 dice, all doubles).
pub const MAX_SHOTS: usize = 12;

impl Turn {
    /// The Bull's Eye assignments made so far.
    pub fn shots(&self) -> &[Shot] {
        &self.shots[..self.shots_len as usize]
    }

    /// Whether Slab the Killer has doubled a result this turn.
    pub fn doubled(&self) -> bool {
        self.shots().iter().any(|shot| shot.doubled)
    }
}

/// Ghost: the Ghost tokens given to a player: one face, doubled on a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::GhostGift))]
pub struct GhostGift {
    /// Who holds them.
    pub to: Seat,
    /// The token's face.
    pub face: super::faces::Face,
    /// Whether the double token came with it (two dice set to the face).
    pub double: bool,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Outcome))]
pub struct Outcome {
    /// The winning side, or none for a 3-player draw.
    pub team: Option<Team>,
    /// Every winning seat, eliminated ones included.
    pub winners: Vec<Seat>,
}

/// The whole state of one dice game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Players at the table (3 to 8).
    pub players: u8,
    /// Old Saloon modules in play.
    pub modules: ModuleSet,
    /// Names and bot policies of the seats (shared: cloning a state stays cheap).
    pub seats: Arc<[SeatSpec]>,
    /// SHA-256 of the game's seed, as hex (shared: cloning a state stays cheap).
    pub seed_commitment: Arc<str>,
    /// Everyone at the table, by seat (only the first `players` are used).
    pub table: [Player; MAX_PLAYERS],
    /// Regular arrow tokens in the pile.
    pub pile: u8,
    /// With the Chief's Arrow: whether it is in the pile.
    pub chief_in_pile: bool,
    /// Ghost: the Ghost's seat, once someone became the Ghost.
    pub ghost: Option<Seat>,
    /// Ghost: for a Renegade who became the Ghost, the side he now wins with.
    pub ghost_side: Option<Team>,
    /// Ghost: whether anyone has been eliminated yet (only the game's first
    /// eliminations can make the Ghost).
    pub first_elimination_done: bool,
    /// Ghost: the Ghost tokens a player holds until the end of his next turn.
    pub gift: Option<GhostGift>,
    /// A token a seat must take from the pile as soon as no batch is open
    /// (El Gringo's penalty), when the taker has a choice of token.
    pub owed: Option<Seat>,
    /// Special roles: the window open for reveals, while some seat must still
    /// answer it.
    pub window: Option<Window>,
    /// Special roles: each seat's standing orders, as set (private to the seat).
    pub orders: [Orders; MAX_PLAYERS],
    /// Special roles: the live reaction window's length, if the game has one:
    /// human seats are then asked in windows by default.
    pub reaction_seconds: Option<u32>,
    /// The current turn.
    pub turn: Turn,
    /// Where the game stands.
    pub stage: Stage,
    /// A batch of losses in progress, if any.
    pub batch: Option<Batch>,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
    /// Events folded so far.
    pub version: u64,
}

impl State {
    /// The players in seat order.
    pub fn players(&self) -> &[Player] {
        &self.table[..self.players as usize]
    }

    /// One player, if the seat exists.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players().get(seat as usize)
    }

    /// Whether `seat` is a living player.
    pub fn is_alive(&self, seat: Seat) -> bool {
        self.player(seat).is_some_and(|p| p.alive)
    }

    /// Seats of the living players, in seat order (the ring).
    pub fn ring(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players).filter(|&s| self.is_alive(s))
    }

    /// The number of living players (m).
    pub fn living(&self) -> u8 {
        self.ring().count() as u8
    }

    /// Distance between two living players: the shorter way round the ring.
    pub fn distance(&self, from: Seat, to: Seat) -> u8 {
        let m = self.living();
        let before = |s: Seat| (0..s).filter(|&x| self.is_alive(x)).count() as i16;
        let k = (before(to) - before(from)).rem_euclid(m.max(1) as i16) as u8;
        k.min(m - k)
    }

    /// The next seat clockwise after `seat` that plays a turn: a living player
    /// or the Ghost (3.14.4).
    pub fn next_living(&self, seat: Seat) -> Option<Seat> {
        (1..=self.players)
            .map(|i| (seat + i) % self.players)
            .find(|&s| self.is_alive(s) || self.ghost == Some(s))
    }

    /// The seat holding `character`, if dealt and alive.
    pub fn living_with(&self, character: Character) -> Option<Seat> {
        self.ring()
            .find(|&s| self.table[s as usize].character == character)
    }

    /// Whether the active player is `character` (never for the Ghost, who has no
    /// character ability).
    pub fn active_is(&self, character: Character) -> bool {
        self.active_character() == Some(character)
    }

    /// The active player's character; `None` for the Ghost's turn.
    pub fn active_character(&self) -> Option<Character> {
        let active = self.turn.active;
        (!self.turn.ghost).then(|| self.table[active as usize].character)
    }

    /// Ghost: whether this turn is the Ghost's (a player who becomes the Ghost
    /// during his own turn does not play on as the Ghost: his turn ends).
    pub fn ghost_turn(&self) -> bool {
        self.turn.ghost
    }

    /// The rolls allowed this turn (Lucky Duke 4, everyone else and the Ghost 3).
    pub fn roll_limit(&self) -> u8 {
        self.active_character().map_or(3, |c| c.info().roll_limit)
    }

    /// Tokens in the pile, the Chief's Arrow included.
    pub fn pile_tokens(&self) -> u8 {
        self.pile + u8::from(self.chief_in_pile)
    }

    /// Every token of the game: 9 regular arrows, plus the Chief's Arrow when
    /// its module is on.
    pub fn all_tokens(&self) -> u8 {
        ARROWS + u8::from(self.modules.has(super::options::Module::ChiefArrow))
    }

    /// Whether taking a token from the pile now is a choice (the Chief's Arrow or
    /// a regular one, 1.4.2).
    pub fn token_choice(&self) -> bool {
        self.chief_in_pile && self.pile > 0
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether this is the 3-player variant.
    pub fn three_player(&self) -> bool {
        self.players == 3
    }

    /// The seat holding the Sheriff's role card, if any.
    pub fn sheriff(&self) -> Option<Seat> {
        (0..self.players).find(|&s| self.table[s as usize].role == Some(Role::Sheriff))
    }

    /// Special roles: a seat's standing orders, with its default filled in
    /// where it gave none: `ask` for a bot seat, `pass` for a human one (`ask`
    /// too with a live reaction window).
    pub fn orders_of(&self, seat: Seat) -> Orders {
        let bot = self
            .seats
            .get(seat as usize)
            .is_some_and(|spec| spec.bot.is_some());
        let default = if bot || self.reaction_seconds.is_some() {
            super::specials::Order::Ask
        } else {
            super::specials::Order::Pass
        };
        self.orders
            .get(seat as usize)
            .copied()
            .unwrap_or_default()
            .or(default)
    }
}
