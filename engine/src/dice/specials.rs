//! Special roles: the nine cards, their windows, the powers players use in
//! them, and the private standing orders that answer windows in play-by-post.
//!
//! A *window* is a moment at which a special role may be revealed (§6.3.6). It is
//! offered to every living player whose role is face down, except the one the
//! card rules out (D-22), so its mere presence says nothing about who holds what.
//! Each offered seat answers from its standing order ([`Orders`]); only seats whose
//! order is [`Order::Ask`] are waited for, and all of them at once.

use serde::{Deserialize, Serialize};

use super::faces::Face;
use super::roles::Role;
use super::sources::GainSource;
use crate::core::Seat;

/// A special role card (special roles module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Special))]
#[serde(rename_all = "snake_case")]
pub enum Special {
    /// Sheriff: max LP is the character's + 3. Face up, always on.
    TheBear,
    /// Deputy: at the start of his turn, swaps role cards with the Sheriff.
    TheGood,
    /// Deputy: after any roll, turns one die of the roller to another face.
    TheDoc,
    /// Deputy: cancels another player's reveal.
    TheJudge,
    /// Outlaw: after another player's last roll, makes him re-roll every die.
    TheGambler,
    /// Outlaw: cancels one gain of LP by another player.
    TheBad,
    /// Outlaw: at the start of his turn, swaps the arrows of two players.
    TheUgly,
    /// Renegade: at the end of his turn, plays another turn.
    RightHand,
    /// Renegade: saves one player about to be eliminated, at 2 LP.
    LeftHand,
}

/// When a special role may be revealed (D-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::WindowKind))]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    /// T1 of the active player's own turn: The Good, The Ugly.
    TurnStart,
    /// After any roll, before its immediate results: The Doc.
    Roll,
    /// After the active player's last roll: The Gambler.
    LastRoll,
    /// Just before a player gains LP: The Bad.
    Gain,
    /// T6 of the active player's own turn: The Right Hand of the Devil.
    TurnEnd,
    /// When players are about to be eliminated: The Left Hand of the Devil.
    Elimination,
    /// Right after another player's reveal: The Judge.
    Reveal,
}

/// What the table says of one special role card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecialInfo {
    /// The card.
    pub card: Special,
    /// The role it stands for.
    pub role: Role,
    /// When it may be revealed; `None` for The Bear (face up, always on).
    pub window: Option<WindowKind>,
    /// Whether the window is offered only in the holder's own turn.
    pub own_turn: bool,
}

/// The nine special roles (§6.3.6), in the rulebook's order.
pub const SPECIALS: [SpecialInfo; 9] = {
    use Role::*;
    use Special::*;
    const fn card(
        card: Special,
        role: Role,
        window: Option<WindowKind>,
        own_turn: bool,
    ) -> SpecialInfo {
        SpecialInfo {
            card,
            role,
            window,
            own_turn,
        }
    }
    [
        card(TheBear, Sheriff, None, false),
        card(TheGood, Deputy, Some(WindowKind::TurnStart), true),
        card(TheDoc, Deputy, Some(WindowKind::Roll), false),
        card(TheJudge, Deputy, Some(WindowKind::Reveal), false),
        card(TheGambler, Outlaw, Some(WindowKind::LastRoll), false),
        card(TheBad, Outlaw, Some(WindowKind::Gain), false),
        card(TheUgly, Outlaw, Some(WindowKind::TurnStart), true),
        card(RightHand, Renegade, Some(WindowKind::TurnEnd), true),
        card(LeftHand, Renegade, Some(WindowKind::Elimination), false),
    ]
};

impl WindowKind {
    /// Whether this window is offered only in the holder's own turn (from the
    /// cards' table).
    pub fn own_turn(self) -> bool {
        SPECIALS
            .iter()
            .any(|i| i.window == Some(self) && i.own_turn)
    }

    /// The window's id in the API.
    pub fn id(self) -> &'static str {
        match self {
            WindowKind::TurnStart => "turn_start",
            WindowKind::Roll => "roll",
            WindowKind::LastRoll => "last_roll",
            WindowKind::Gain => "gain",
            WindowKind::TurnEnd => "turn_end",
            WindowKind::Elimination => "elimination",
            WindowKind::Reveal => "reveal",
        }
    }
}

impl Special {
    /// The card's line in [`SPECIALS`].
    pub fn info(self) -> &'static SpecialInfo {
        &SPECIALS[self as usize]
    }

    /// The special cards standing for `role`, in table order.
    pub fn of_role(role: Role) -> impl Iterator<Item = Special> {
        SPECIALS
            .iter()
            .filter(move |i| i.role == role)
            .map(|i| i.card)
    }

    /// The card's id in the API.
    pub fn id(self) -> &'static str {
        match self {
            Special::TheBear => "the_bear",
            Special::TheGood => "the_good",
            Special::TheDoc => "the_doc",
            Special::TheJudge => "the_judge",
            Special::TheGambler => "the_gambler",
            Special::TheBad => "the_bad",
            Special::TheUgly => "the_ugly",
            Special::RightHand => "right_hand",
            Special::LeftHand => "left_hand",
        }
    }
}

/// A power used: the card revealed and the choices it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Power))]
#[serde(tag = "card", rename_all = "snake_case", deny_unknown_fields)]
pub enum Power {
    /// The Good: swap role cards with the Sheriff.
    #[cfg_attr(feature = "openapi", schema(title = "the_good"))]
    TheGood,
    /// The Doc: turn die `die` of the player who just rolled to `face`.
    #[cfg_attr(feature = "openapi", schema(title = "the_doc"))]
    TheDoc {
        /// The die (index into the roller's dice).
        die: u8,
        /// Its new face: another face of that same die.
        face: Face,
    },
    /// The Judge: the reveal being judged has no effect.
    #[cfg_attr(feature = "openapi", schema(title = "the_judge"))]
    TheJudge,
    /// The Gambler: the active player re-rolls every die, one last time.
    #[cfg_attr(feature = "openapi", schema(title = "the_gambler"))]
    TheGambler,
    /// The Bad: the gain about to happen does not.
    #[cfg_attr(feature = "openapi", schema(title = "the_bad"))]
    TheBad,
    /// The Ugly: these two living players swap all their arrows.
    #[cfg_attr(feature = "openapi", schema(title = "the_ugly"))]
    TheUgly {
        /// One player.
        first: Seat,
        /// The other.
        second: Seat,
    },
    /// The Right Hand of the Devil: play another turn at once.
    #[cfg_attr(feature = "openapi", schema(title = "right_hand"))]
    RightHand,
    /// The Left Hand of the Devil: this player stays in at 2 LP.
    #[cfg_attr(feature = "openapi", schema(title = "left_hand"))]
    LeftHand {
        /// The player saved (one of those about to be eliminated).
        save: Seat,
    },
}

impl Power {
    /// The card this power belongs to.
    pub fn card(self) -> Special {
        match self {
            Power::TheGood => Special::TheGood,
            Power::TheDoc { .. } => Special::TheDoc,
            Power::TheJudge => Special::TheJudge,
            Power::TheGambler => Special::TheGambler,
            Power::TheBad => Special::TheBad,
            Power::TheUgly { .. } => Special::TheUgly,
            Power::RightHand => Special::RightHand,
            Power::LeftHand { .. } => Special::LeftHand,
        }
    }
}

/// A gain of LP waiting for The Bad's window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Gain))]
pub struct Gain {
    /// Who is about to gain.
    pub seat: Seat,
    /// How many LP (after the cap, so above 0).
    pub amount: u8,
    /// Why.
    pub source: GainSource,
}

/// A reveal waiting for The Judge's window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Reveal))]
pub struct Reveal {
    /// Who revealed.
    pub seat: Seat,
    /// The power and its choices.
    pub power: Power,
    /// For The Bad: the gain he answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gain: Option<Gain>,
}

/// An open window: which reveal it offers, what it is about, and the seats the
/// game still waits for. Public: who is asked depends on standing orders, never
/// on roles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Window))]
pub struct Window {
    /// The moment.
    pub kind: WindowKind,
    /// The game's version when it opened: a seat still asked in the window with
    /// this number has seen everything that matters to its answer since.
    #[serde(default)]
    pub opened: u64,
    /// Seats still to answer by hand (each answers `pass` or `reveal`).
    pub asked: SeatSet,
    /// For a gain window: the gain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gain: Option<Gain>,
    /// For a Judge window: the reveal being judged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Reveal>,
}

impl Window {
    /// A window of `kind` about nothing in particular.
    pub fn new(kind: WindowKind) -> Window {
        Window {
            kind,
            opened: 0,
            asked: SeatSet::default(),
            gain: None,
            reveal: None,
        }
    }

    /// The seat the card of this window rules out ("another player"), if any.
    pub fn excluded(&self, active: Seat) -> Option<Seat> {
        match self.kind {
            WindowKind::LastRoll => Some(active),
            WindowKind::Gain => self.gain.map(|g| g.seat),
            WindowKind::Reveal => self.reveal.map(|r| r.seat),
            WindowKind::TurnStart
            | WindowKind::Roll
            | WindowKind::TurnEnd
            | WindowKind::Elimination => None,
        }
    }
}

/// How a seat answers one kind of window without being asked by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Order))]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// Never reveal in this window.
    #[cfg_attr(feature = "openapi", schema(title = "pass"))]
    Pass,
    /// Wait for my answer by hand each time the window opens.
    #[cfg_attr(feature = "openapi", schema(title = "ask"))]
    Ask,
    /// Reveal when the condition on these seats holds (see [`Orders`]).
    #[cfg_attr(feature = "openapi", schema(title = "use"))]
    Use(SeatSet),
}

/// A seat's private standing orders, one per card with a window. A field left
/// out keeps the seat's default: `ask` for a bot seat, `pass` for a human one.
///
/// `use` takes a list of seats, read per card:
/// `the_good` and `right_hand` ignore it (reveal at the first chance);
/// `the_doc`: when a listed player's roll brings his Dynamite to 3 or more, turn
/// one Dynamite to a Beer (or the die's first other face);
/// `the_judge`: cancel a reveal by a listed player;
/// `the_gambler`: when a listed player is the active one;
/// `the_bad`: cancel a gain by a listed player;
/// `the_ugly`: swap my arrows with the listed living player who holds the most,
/// if he holds more than me;
/// `left_hand`: save the first listed player about to be eliminated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Orders))]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// The Good.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_good: Option<Order>,
    /// The Doc.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_doc: Option<Order>,
    /// The Judge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_judge: Option<Order>,
    /// The Gambler.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_gambler: Option<Order>,
    /// The Bad.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_bad: Option<Order>,
    /// The Ugly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub the_ugly: Option<Order>,
    /// The Right Hand of the Devil.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right_hand: Option<Order>,
    /// The Left Hand of the Devil.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_hand: Option<Order>,
}

impl Orders {
    /// Orders that leave every window to be answered by hand.
    pub const ASK: Orders = Orders::all(Order::Ask);

    /// Random orders for `players` seats (pass, ask, or use on some seats,
    /// each card alike): what property tests and the corpus recorder give
    /// their seats, drawn from `rng` so that a game's seed repeats them.
    pub fn random(rng: &mut crate::core::GameRng, players: u8) -> Orders {
        Orders::random_with(|n| rng.below(n), players)
    }

    /// [`Orders::random`] with any source of choices: `below(n)` is a
    /// number below `n` (a test's own generator).
    pub fn random_with(mut below: impl FnMut(u32) -> u32, players: u8) -> Orders {
        let mut order = || match below(3) {
            0 => Some(Order::Pass),
            1 => Some(Order::Ask),
            _ => {
                let seats: Vec<Seat> = (0..players).filter(|_| below(2) == 0).collect();
                Some(Order::Use(crate::core::SeatSet::of(&seats)))
            }
        };
        Orders {
            the_good: order(),
            the_doc: order(),
            the_judge: order(),
            the_gambler: order(),
            the_bad: order(),
            the_ugly: order(),
            right_hand: order(),
            left_hand: order(),
        }
    }

    /// The same order for every card.
    pub const fn all(order: Order) -> Orders {
        Orders {
            the_good: Some(order),
            the_doc: Some(order),
            the_judge: Some(order),
            the_gambler: Some(order),
            the_bad: Some(order),
            the_ugly: Some(order),
            right_hand: Some(order),
            left_hand: Some(order),
        }
    }

    /// The order given for `card`, if any (The Bear has none).
    pub fn get(&self, card: Special) -> Option<Order> {
        match card {
            Special::TheBear => None,
            Special::TheGood => self.the_good,
            Special::TheDoc => self.the_doc,
            Special::TheJudge => self.the_judge,
            Special::TheGambler => self.the_gambler,
            Special::TheBad => self.the_bad,
            Special::TheUgly => self.the_ugly,
            Special::RightHand => self.right_hand,
            Special::LeftHand => self.left_hand,
        }
    }

    /// Every order filled in, with `default` where none was given.
    pub fn or(self, default: Order) -> Orders {
        let d = |o: Option<Order>| Some(o.unwrap_or(default));
        Orders {
            the_good: d(self.the_good),
            the_doc: d(self.the_doc),
            the_judge: d(self.the_judge),
            the_gambler: d(self.the_gambler),
            the_bad: d(self.the_bad),
            the_ugly: d(self.the_ugly),
            right_hand: d(self.right_hand),
            left_hand: d(self.left_hand),
        }
    }

    /// Whether a window of `kind` waits for this seat's answer by hand: when the
    /// order for any card of that window is `ask`. Which card the seat holds
    /// plays no part, so being asked reveals nothing (D-22).
    pub fn asks_in(&self, kind: WindowKind) -> bool {
        SPECIALS
            .iter()
            .filter(|i| i.window == Some(kind))
            .any(|i| self.get(i.card) == Some(Order::Ask))
    }
}

pub use crate::core::SeatSet;
