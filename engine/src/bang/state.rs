//! The folded state of a card game: the table, the piles, the turn, and what
//! is being resolved. Cards are `u8` ids in small fixed-capacity lists, so a
//! state is cheap to clone.

use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::cards::{Card, DECK_SIZE, Kind, kind};
use super::characters::{Character, CharacterInfo};
use super::distance::{self, Table};
use super::gold::{Equip, EquipKind, Gold, equip_kind};
use super::options::SeatSpec;
use super::orders::Orders;
use super::solo::mode::Solo;
use super::train::Train;
use crate::core::{MAX_SEATS, Role, Seat, Team};

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
    /// Train Robbery, Circus Wagon (TR-11.5): discard one of his cards in play.
    CircusWagon,
    /// Train Robbery, the card (TR-13.13): the target handles his next card
    /// in play, discarding it or being shot for it. Safe default: the next
    /// card is shot for (the BANG! effect, answered in its own Shot window).
    Robbery,
    /// Train Robbery, Evan Babbit (TC2): redirect the BANG! card aimed at
    /// him with a hand card of its suit, or not. Safe default: no redirect.
    EvanBabbit,
    /// Train Robbery, Shade O'Connor (TC7): after a train advance outside his
    /// turn, discard a hand card to draw 1, or not. Safe default: no swap.
    ShadeOConnor,
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
    /// The Shadow-Gunslingers variant (`rules/gold-rush.md` §10).
    pub shadows: bool,
    /// The Great Train Robbery: the train, its stations and the railcar deck.
    pub train: Train,
}

impl State {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The seats at the table.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        0..self.players
    }

    /// The player at `seat` (seat 0 for a seat that is not at the table).
    pub fn p(&self, seat: Seat) -> &Player {
        let i = if seat < self.players { seat } else { 0 };
        &self.table[i as usize]
    }

    /// Whether `seat` is a player in play — a shadow too, during his own
    /// shadow turn (SG-4).
    pub fn alive(&self, seat: Seat) -> bool {
        seat < self.players && (self.table[seat as usize].alive || self.is_shadow(seat))
    }

    /// Whether `seat` is an eliminated player playing his shadow turn (SG-2):
    /// back at his seat for this turn, his life unchangeable.
    pub fn is_shadow(&self, seat: Seat) -> bool {
        self.turn.shadow && self.turn.seat == seat && seat < self.players
    }

    /// Whether `seat` is in play for good (not eliminated): shadows never are
    /// (SG-3, SG-7).
    pub fn in_play(&self, seat: Seat) -> bool {
        seat < self.players && self.table[seat as usize].alive
    }

    /// How many players are in play.
    pub fn alive_count(&self) -> u8 {
        self.seats().filter(|&s| self.alive(s)).count() as u8
    }

    /// B-2.3.3: whether a Beer heals: more than 2 players in play for good
    /// (a shadow in his turn does not count: a project decision).
    pub fn beer_heals(&self) -> bool {
        self.seats().filter(|&x| self.in_play(x)).count() > 2
    }

    /// Whether this is the 3-player variant (§17).
    pub fn three_players(&self) -> bool {
        self.players == 3
    }

    /// The next player in play clockwise after `seat` (`seat` itself if alone).
    pub fn next_alive(&self, seat: Seat) -> Seat {
        let n = self.players.max(1);
        (1..=n)
            .map(|k| ((u16::from(seat) + u16::from(k)) % u16::from(n)) as Seat)
            .find(|&s| self.alive(s))
            .unwrap_or(seat)
    }

    /// Every other player in play, clockwise from the left of `seat`.
    pub fn others_clockwise(&self, seat: Seat) -> Targets {
        let n = self.players.max(1);
        (1..n)
            .map(|k| (seat + k) % n)
            .filter(|&s| self.alive(s))
            .collect()
    }

    /// A character's table row, if dealt.
    pub fn info(&self, seat: Seat) -> Option<&'static CharacterInfo> {
        self.p(seat).character.map(Character::info)
    }

    /// Whether `seat` is `character`.
    pub fn is(&self, seat: Seat, character: Character) -> bool {
        self.p(seat).character == Some(character)
    }

    /// The card of this kind in play in front of `seat`.
    pub fn in_play_of(&self, seat: Seat, k: Kind) -> Option<Card> {
        self.p(seat).in_play.iter().copied().find(|&c| kind(c) == k)
    }

    /// Whether `seat` has black equipment of this kind in play (Gold Rush).
    pub fn has_equipment(&self, seat: Seat, k: EquipKind) -> bool {
        self.p(seat).equipment.iter().any(|&e| equip_kind(e) == k)
    }

    /// GR-7.7: whether `card`, played by `by`, has no effect on `seat` (his
    /// Calumet ignores ♦ cards played by others; a Duel is the exception).
    pub fn calumet_ignores(&self, seat: Seat, by: Seat, card: Card) -> bool {
        seat != by
            && kind(card) != Kind::Duel
            && super::cards::card(card).is_some_and(|c| c.suit == super::cards::Suit::Diamonds)
            && self.has_equipment(seat, EquipKind::Calumet)
    }

    /// The weapon in play in front of `seat`.
    pub fn weapon(&self, seat: Seat) -> Option<Card> {
        self.p(seat)
            .in_play
            .iter()
            .copied()
            .find(|&c| kind(c).is_weapon())
    }

    /// Seat distance (§7.1), counting only players in play.
    pub fn seat_distance(&self, from: Seat, to: Seat) -> u8 {
        distance::seat_distance(self, from, to)
    }

    /// Effective distance `d(from → to)` (§7.2).
    pub fn distance(&self, from: Seat, to: Seat) -> u8 {
        distance::distance(self, from, to)
    }

    /// Reach (§7.3): the weapon's, or 1.
    pub fn reach(&self, seat: Seat) -> u8 {
        distance::reach(self, seat)
    }

    /// Whether `seat` may play any number of BANG! cards (Volcanic, Willy the Kid).
    pub fn unlimited_bang(&self, seat: Seat) -> bool {
        self.in_play_of(seat, Kind::Volcanic).is_some()
            || self.info(seat).is_some_and(|i| i.unlimited_bang)
    }

    /// Whether `card` counts as a Missed! effect from `seat`'s hand.
    pub fn is_missed_for(&self, seat: Seat, card: Card) -> bool {
        missed_effect(self.p(seat).character, card)
    }

    /// Whether `card` counts as a BANG! card from `seat`'s hand.
    pub fn is_bang_for(&self, seat: Seat, card: Card) -> bool {
        bang_card(self.p(seat).character, card)
    }

    /// Whether `seat` may use Sid Ketchum's ability now (§3 C12): Sid, below
    /// max life, with 2 cards in hand.
    pub fn can_heal(&self, seat: Seat) -> bool {
        self.is(seat, Character::SidKetchum)
            && self.can_gain_life(seat)
            && self.p(seat).hand.len() >= 2
    }

    /// Whether `seat` can regain life now: in play for good (a shadow never
    /// is, SG-2.2), no ghost (TR-11.8.4) and below his maximum.
    pub fn can_gain_life(&self, seat: Seat) -> bool {
        let p = self.p(seat);
        self.in_play(seat) && !super::train::is_ghost(self, seat) && p.life < p.max_life as i8
    }

    /// Whether the shot's target still has a Barrel source not used on it.
    pub fn barrel_left(&self, shot: &Shot) -> bool {
        (!shot.barrel_used && self.in_play_of(shot.target, Kind::Barrel).is_some())
            || (!shot.character_used && self.info(shot.target).is_some_and(|i| i.barrel))
    }

    /// Whether the first turn has begun.
    pub fn started(&self) -> bool {
        self.turn.phase != Phase::Setup
    }

    /// Standing orders of `seat`.
    pub fn orders_of(&self, seat: Seat) -> Orders {
        self.orders.get(seat as usize).copied().unwrap_or_default()
    }
}

impl Table for State {
    fn size(&self) -> u8 {
        self.players
    }

    fn in_game(&self, seat: Seat) -> bool {
        self.alive(seat)
    }

    fn cards_in_play(&self, seat: Seat) -> &[Card] {
        &self.p(seat).in_play
    }

    fn character_of(&self, seat: Seat) -> Option<Character> {
        self.p(seat).character
    }
}

/// Whether `card` counts as a Missed! effect in the hand of `character`
/// (Calamity Janet: a BANG! too).
pub fn missed_effect(character: Option<Character>, card: Card) -> bool {
    match kind(card) {
        Kind::Missed | Kind::Cactus | Kind::Evaded => true,
        Kind::Bang => character == Some(Character::CalamityJanet),
        _ => false,
    }
}

/// Whether `card` counts as a BANG! card in the hand of `character`
/// (Calamity Janet: a Missed! too).
pub fn bang_card(character: Option<Character>, card: Card) -> bool {
    match kind(card) {
        Kind::Bang => true,
        Kind::Missed => character == Some(Character::CalamityJanet),
        _ => false,
    }
}
