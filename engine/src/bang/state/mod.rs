//! The folded state of a card game: the table, the piles, the turn, and what
//! is being resolved. Cards are `u8` ids in small fixed-capacity lists, so a
//! state is cheap to clone.
//!
//! This file holds the types; `queries.rs` the questions asked of a state
//! (who is in play, the seats around a player, distance, what a card
//! counts as).

use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::cards::{Card, DECK_SIZE};
use super::characters::Character;
use super::dodge::Dodge;
use super::gold::{Equip, Gold};
use super::options::SeatSpec;
use super::orders::Orders;
use super::solo::mode::Solo;
use super::train::{Train, TrainWindow};
use crate::core::{MAX_SEATS, Role, Seat, Team};

mod queries;

pub use queries::{bang_card, missed_effect};

/// The most players at a table.
pub const MAX_PLAYERS: usize = MAX_SEATS;

/// A pile of cards (deck, discard pile, a hand): the last card is the top.
pub type Pile = ArrayVec<Card, DECK_SIZE>;

/// The cards in play in front of one player, in the order they entered play
/// (railcars among them).
pub type InPlay = ArrayVec<Card, 24>;

/// Seats still to be resolved by a multi-target card, the next first.
pub type Targets = ArrayVec<Seat, MAX_PLAYERS>;

/// One seat at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// His role card.
    pub role: Option<Role>,
    /// Whether his role is face up.
    pub role_public: bool,
    /// His character, once dealt face up.
    pub character: Option<Character>,
    /// Option `character_choice: 2`: the two characters dealt to him (secret).
    pub offer: Option<[Character; 2]>,
    /// Option `character_choice: 2`: the one he kept, before all are shown.
    pub chosen: Option<Character>,
    /// Another character whose ability he has besides his own, for now
    /// (Dodge City's Vera Custer, DC15).
    pub copy: Option<Character>,
    /// Life points (may be 0 or below while dying).
    pub life: i8,
    /// Maximum life points.
    pub max_life: u8,
    /// Whether he is in play.
    pub alive: bool,
    /// His hand, in the order the cards entered it: a card he receives is
    /// pushed at the end, a card that leaves is removed where it lies, so the
    /// others keep their order. The last card is the most recent: the top of
    /// an NPC's Stack (`rules/lone-gunslinger.md` B2), the first its bottom.
    pub hand: Pile,
    /// His cards in play, in the order they entered play.
    pub in_play: InPlay,
    /// Shadow-Gunslingers: a Shadow-Renegade's side since the start of his
    /// last shadow turn (SR-3); none before his first.
    pub side: Option<Team>,
    /// Gold Rush: his nuggets (GR-3.5, public).
    pub nuggets: u16,
    /// Gold Rush: his black equipment in play, in the order it entered.
    pub equipment: ArrayVec<Equip, EQUIPMENT_IN_PLAY>,
}

/// The most black equipment cards in front of one player (9 names, one Wanted).
pub const EQUIPMENT_IN_PLAY: usize = 12;

/// The step of a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Phase))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the first turn (characters being chosen).
    #[default]
    Setup,
    /// Start-of-turn checks (Dynamite, then Jail).
    Start,
    /// Phase 1: draw.
    Draw,
    /// Phase 2: play.
    Play,
    /// Phase 3: discard.
    Discard,
    /// Gold Rush: the end of the turn (Don Bell's check, the Gold Rush
    /// card's heal, extra turns), when it has steps of its own.
    End,
}

/// The turn in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Turn))]
pub struct Turn {
    /// The current player.
    pub seat: Seat,
    /// Where the turn stands.
    pub phase: Phase,
    /// BANG! cards played this turn.
    pub bangs: u8,
    /// Whether the Dynamite check was made this turn.
    pub dynamite_checked: bool,
    /// Whether the Jail check was made this turn.
    pub jail_checked: bool,
    /// Shadow-Gunslingers: an eliminated player's shadow turn (SG-2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shadow: bool,
    /// Whether the current player has begun his phase-3 discards (Sid
    /// Ketchum heals in phase 3 only before them, B-11.4). Not in the view:
    /// the log shows it, and the legal actions follow it.
    #[serde(skip)]
    pub discarding: bool,
}

/// Extra turns granted to the current player (Gold Rush's Don Bell and Gold
/// Rush card, GC1, GR-7.4; the train's Express Car): the base plays them at
/// the end of his turn, whichever expansion granted them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtraTurns {
    /// Whether the current turn is an extra turn.
    pub current: bool,
    /// Extra turns the current player will play after this one.
    pub due: u8,
    /// The current player regains all his life at the end of this turn (the
    /// Gold Rush card).
    pub heal_due: bool,
}

impl ExtraTurns {
    /// One more extra turn granted, with the Gold Rush card's heal if `heal`.
    pub fn granted(&mut self, heal: bool) {
        self.due = self.due.saturating_add(1);
        self.heal_due |= heal;
    }

    /// A turn started (an extra one if `extra`). Extra turns are the current
    /// player's: another player's turn (after he was eliminated in one of
    /// them) drops those left.
    pub fn turn_started(&mut self, extra: bool) {
        self.heal_due = false;
        self.current = extra;
        self.due = if extra { self.due.saturating_sub(1) } else { 0 };
    }
}

/// A card effect in motion, resolved one target at a time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Effect))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Effect {
    /// A BANG! card (one target) or a Gatling (every other player).
    #[cfg_attr(feature = "openapi", schema(title = "shots"))]
    Shots {
        /// The shooter.
        source: Seat,
        /// Targets still to be shot, the next first.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Seat>))]
        targets: Targets,
        /// Whether the shots come from a BANG! card (Slab the Killer's double need).
        bang_card: bool,
        /// Nobody is responsible for them (the Ironhorse Locomotive, TR §8).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        anonymous: bool,
        /// Train Robbery: the playing card whose play made them (TR-13.3,
        /// what Evaded! takes); absent for effects with no card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    /// Train Robbery, Most Wanted (TR-13.8): the players still to "draw!",
    /// the current one first.
    #[cfg_attr(feature = "openapi", schema(title = "most_wanted"))]
    MostWanted {
        /// Who played it.
        source: Seat,
        /// Players still to check, the current one first.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Seat>))]
        targets: Targets,
    },
    /// Train Robbery, the card (TR-13.13): its target handles his cards in
    /// play one at a time, each discarded or paid for with a BANG! effect.
    #[cfg_attr(feature = "openapi", schema(title = "robbery"))]
    Robbery {
        /// Who played it (responsible for the losses).
        source: Seat,
        /// The player robbed.
        target: Seat,
        /// The Train Robbery card (what Evaded! takes).
        card: Card,
        /// His cards in play not handled yet.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Card>))]
        left: InPlay,
    },
    /// Indians!: the targets still to answer, the current one first.
    #[cfg_attr(feature = "openapi", schema(title = "indians"))]
    Indians {
        /// Who played it.
        source: Seat,
        /// Targets still to answer, the current one first.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Seat>))]
        targets: Targets,
    },
    /// A Duel.
    #[cfg_attr(feature = "openapi", schema(title = "duel"))]
    Duel {
        /// Who played it.
        challenger: Seat,
        /// Who was challenged.
        target: Seat,
        /// Whose turn it is to discard a BANG! or lose.
        turn: Seat,
    },
    /// A General Store: the revealed cards wait in `store`.
    #[cfg_attr(feature = "openapi", schema(title = "store"))]
    Store {
        /// Who picks next.
        next: Seat,
    },
    /// Solo (B6): an NPC's Panic! or Cat Balou waits for the card its victim
    /// gives up (the only card of the class, or the victim's choice in it).
    #[cfg_attr(feature = "openapi", schema(title = "give_up"))]
    GiveUp {
        /// The NPC who played it.
        taker: Seat,
        /// Its target.
        victim: Seat,
        /// Panic! (the card goes to the NPC's Stack), else Cat Balou (discarded).
        steal: bool,
    },
    /// Train Robbery, Circus Wagon (TR-11.5): every other player, clockwise
    /// from the user's left, discards one of his cards in play.
    #[cfg_attr(feature = "openapi", schema(title = "circus_wagon"))]
    CircusWagon {
        /// Its user.
        source: Seat,
        /// Players still to discard, the next first.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Seat>))]
        targets: Targets,
    },
}

/// The shot being answered (§10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Shot))]
pub struct Shot {
    /// The responsible player.
    pub source: Seat,
    /// The player shot.
    pub target: Seat,
    /// Missed! effects still needed.
    pub needed: u8,
    /// Whether his Barrel card was used against this shot.
    pub barrel_used: bool,
    /// Whether Jourdonnais's own Barrel was used against this shot.
    pub character_used: bool,
    /// Nobody is responsible for it (the Ironhorse Locomotive, TR §8).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub anonymous: bool,
    /// Train Robbery: the playing card whose play made it (TR-13.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
}

impl Shot {
    /// The player responsible for a loss it causes: its source, unless anonymous.
    pub fn responsible(&self) -> Option<Seat> {
        (!self.anonymous).then_some(self.source)
    }
}

/// What a "draw!" is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::CheckKind))]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// Start of turn: does the Dynamite explode (♠2–9)?
    Dynamite,
    /// Start of turn: does he escape the Jail (♥)?
    Jail,
    /// A Barrel card against a shot (♥).
    Barrel,
    /// Jourdonnais's own Barrel against a shot (♥).
    Jourdonnais,
    /// Gold Rush, Don Bell at the end of his turn: an extra turn (♥ or ♦).
    DonBell,
    /// Gold Rush, Rhum: 1 life per different suit among the cards flipped.
    Rhum,
    /// Train Robbery, Cactus: 1 life on ♥ or ♦.
    Cactus,
    /// Train Robbery, Knife Revolver: back to hand on J, Q, K or A.
    KnifeRevolver,
    /// Train Robbery, Most Wanted: 1 life lost on ♠.
    MostWanted,
    /// Great Train Robbery, Dining Car at the start of his turn: 1 life (♥).
    DiningCar,
}

/// A "draw!" whose flipped cards wait for Lucky Duke's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Check))]
pub struct Check {
    /// Who checks.
    pub seat: Seat,
    /// What for.
    pub kind: CheckKind,
}

/// A player in his dying window (§11.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Dying))]
pub struct Dying {
    /// Who.
    pub seat: Seat,
    /// Life points lost by the loss that made him dying.
    pub amount: u8,
    /// The responsible player, if any.
    pub by: Option<Seat>,
}

/// What a reaction window asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::WindowKind))]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    /// Shot at: Barrel, Missed!, or take the hit.
    Shot,
    /// Lucky Duke chooses the result of a Barrel "draw!".
    Check,
    /// Dying: Beer, Sid Ketchum's ability, or die.
    Dying,
    /// Indians!: discard a BANG! or lose 1 life.
    Indians,
    /// Duel: discard a BANG! or lose 1 life.
    Duel,
    /// General Store: pick a card.
    Store,
    /// Solo (B6.3): give up one card of the class an NPC's Panic!/Cat Balou takes from.
    GiveUp,
    /// The Great Train Robbery's windows, each named by its own tag
    /// (serde's untagged variant, last as it must be).
    #[serde(untagged)]
    Train(TrainWindow),
}

/// An open reaction window: one seat asked by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Window))]
pub struct Window {
    /// The version at which it opened.
    pub opened: u64,
    /// The seat asked.
    pub seat: Seat,
    /// What it asks.
    pub kind: WindowKind,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Outcome))]
pub struct Outcome {
    /// The winning side (none for a draw).
    pub team: Option<Team>,
    /// Every winning seat, eliminated ones included.
    pub winners: Vec<Seat>,
    /// A Lone Gunslinger game (A4): whether the person (the Sheriff and the
    /// Deputy) won; absent in other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub human_won: Option<bool>,
}

impl Outcome {
    /// An outcome with these winners (outside a solo game).
    pub fn new(team: Option<Team>, winners: Vec<Seat>) -> Outcome {
        Outcome {
            team,
            winners,
            human_won: None,
        }
    }
}

/// Which registered expansions a game plays: bit `i` for the registry's
/// `i`-th (`expansion.rs` asks them; the state knows none by name).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExpansionsOn(u16);

impl ExpansionsOn {
    /// Whether the registry's `i`-th expansion is in play.
    pub fn get(self, i: usize) -> bool {
        i < 16 && self.0 & (1 << i) != 0
    }

    /// The registry indices in play, ascending (none at once when no
    /// expansion is: the base game pays nothing for the hooks).
    pub fn indices(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i
            })
        })
    }

    /// Switches the registry's `i`-th expansion on or off.
    pub fn set(&mut self, i: usize, on: bool) {
        if i < 16 {
            self.0 = if on {
                self.0 | 1 << i
            } else {
                self.0 & !(1 << i)
            };
        }
    }
}

/// The folded state of one card game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Events folded.
    pub version: u64,
    /// Players at the table.
    pub players: u8,
    /// Names and bot policies (shared: cloning stays cheap).
    pub seats: Arc<[SeatSpec]>,
    /// SHA-256 of the seed, as hex.
    pub seed_commitment: Arc<str>,
    /// The log was written by an engine before 0.2.0, which recorded three
    /// facts with fewer events: a railcar returned to a short train joined it
    /// with no `railcar_added` (TR-5.6), a railcar used in phase 2 reached
    /// the railcar deck when used, with no `discarded` after its effect
    /// (TR-9.4), and a solo NPC's Mail Car gift was a `card_given` after its
    /// `npc_acted`. The fold reads such a log as it was written.
    pub before_0_2: bool,
    /// The live reaction time, if any.
    pub reaction_seconds: Option<u32>,
    /// A Lone Gunslinger game: its settings.
    pub solo: Option<Solo>,
    /// Characters dealt per seat (1 or 2).
    pub character_choice: u8,
    /// Everyone, by seat (the first `players` are used).
    pub table: [Player; MAX_PLAYERS],
    /// Whether the deck was built (the first shuffle).
    pub dealt: bool,
    /// The deck; the last card is the top.
    pub deck: Pile,
    /// The discard pile; the last card is the top.
    pub discard: Pile,
    /// General Store: the revealed cards left.
    pub store: ArrayVec<Card, MAX_PLAYERS>,
    /// Kit Carlson's three cards (four with a Pickaxe), or Dutch Will's
    /// phase-1 cards, while he chooses.
    pub kit: ArrayVec<Card, 4>,
    /// The cards flipped for a "draw!" being resolved (up to six: a Rhum with
    /// Lucky Duke and a Horseshoe).
    pub flipped: ArrayVec<Card, 6>,
    /// The turn in progress.
    pub turn: Turn,
    /// Extra turns granted to the current player, which outlast his turn.
    pub extra: ExtraTurns,
    /// Set by an expansion's fold of the last event when the machine must
    /// follow it with the expansion's own (the train fills up from a deck
    /// that grew, TR-5.6); every fold starts by clearing it.
    pub follow_up: bool,
    /// The card effect in motion.
    pub effect: Option<Effect>,
    /// The shot being answered.
    pub shot: Option<Shot>,
    /// A "draw!" waiting for Lucky Duke's choice.
    pub check: Option<Check>,
    /// A player in his dying window.
    pub dying: Option<Dying>,
    /// The open reaction window.
    pub window: Option<Window>,
    /// Each seat's standing orders.
    pub orders: [Orders; MAX_PLAYERS],
    /// For each eliminated seat, who was responsible (`Some(None)`: nobody).
    pub eliminated_by: [Option<Option<Seat>>; MAX_PLAYERS],
    /// How the game ended, once over.
    pub outcome: Option<Outcome>,
    /// Gold Rush: the equipment deck, the market and the turn's counters.
    pub gold: Gold,
    /// Which registered expansions this game plays: the base game's hooks
    /// ask those.
    pub expansions: ExpansionsOn,
    /// The Great Train Robbery: the train, its stations and the railcar deck.
    pub train: Train,
    /// Dodge City: the green cards waiting.
    pub dodge: Dodge,
}
