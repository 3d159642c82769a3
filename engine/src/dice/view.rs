//! What one viewer may see of a state or an event.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use super::characters::Character;
use super::decisions::{Pending, pending, waiting};
use super::events::Event;
use super::faces::{Die, MAX_DICE};
use super::options::{MAX_PLAYERS, Module};
use super::roles::{Role, Team};
use super::specials::{Orders, Special, Window};
use super::state::{GhostGift, MAX_SHOTS, Outcome, Shot, Stage, State};
use crate::core::{Seat, Viewer};

/// One player as a viewer sees him.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::PlayerView))]
pub struct PlayerView {
    /// His seat.
    pub seat: Seat,
    /// His character.
    pub character: Character,
    /// His role, when face up or the viewer's own; otherwise hidden (`null`).
    pub role: Option<Role>,
    /// Whether his role card is face up.
    pub role_public: bool,
    /// Special roles: his special role card, seen like his role (`null` for a
    /// base card or when hidden).
    pub card: Option<Special>,
    /// Special roles: whether his card's power is used up (it is then face up).
    pub power_used: bool,
    /// Life points.
    pub life: u8,
    /// Maximum life points.
    pub max_life: u8,
    /// Regular arrows held.
    pub arrows: u8,
    /// With the Chief's Arrow: whether he holds it.
    pub chief: bool,
    /// Whether he is still in the game.
    pub alive: bool,
}

/// The current turn as anyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::TurnView))]
pub struct TurnView {
    /// The active player.
    pub active: Seat,
    /// His dice and their faces.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Die>))]
    pub dice: ArrayVec<Die, MAX_DICE>,
    /// Rolls made this turn.
    pub rolls: u8,
    /// Rolls allowed this turn.
    pub roll_limit: u8,
    /// Bull's Eye results assigned so far.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Shot>))]
    pub shots: ArrayVec<Shot, MAX_SHOTS>,
}

/// A dice game as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::View))]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// Everyone at the table, by seat.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<PlayerView>))]
    pub players: ArrayVec<PlayerView, MAX_PLAYERS>,
    /// Regular arrows in the pile.
    pub pile: u8,
    /// With the Chief's Arrow: whether it is in the pile.
    pub chief_in_pile: bool,
    /// The turn in progress.
    pub turn: TurnView,
    /// Where the game stands.
    pub stage: Stage,
    /// Who must act now, and on what (the first of `waiting`).
    pub pending: Option<Pending>,
    /// Every seat the game waits for: one, or with special roles each seat asked
    /// by hand in an open window.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Pending>))]
    pub waiting: ArrayVec<Pending, MAX_PLAYERS>,
    /// Special roles: the window open for reveals, if any.
    pub window: Option<Window>,
    /// Special roles: the viewer's own standing orders, defaults filled in (only
    /// for a seat, with `special_roles` on).
    pub orders: Option<Orders>,
    /// Ghost: the Ghost's seat, if someone became the Ghost.
    pub ghost: Option<Seat>,
    /// Ghost: the side a Ghost Renegade plays on.
    pub ghost_side: Option<Team>,
    /// Ghost: the Ghost tokens a player holds.
    pub gift: Option<GhostGift>,
    /// How the game ended, once over.
    pub outcome: Option<Outcome>,
    /// Events folded.
    pub version: u64,
}

/// Whether `viewer` may see the role of `seat`: face-up cards, his own, and every
/// card once the game is over.
fn sees_role(s: &State, viewer: Viewer, seat: Seat) -> bool {
    s.is_over() || s.table[seat as usize].role_public || viewer.sees_secret_of(seat)
}

/// The state as `viewer` may see it: while the game runs, hidden roles of others
/// are `null`; once it is over, everything is visible.
pub fn view(s: &State, viewer: Viewer) -> View {
    let players = s
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = i as Seat;
            PlayerView {
                seat,
                character: p.character,
                role: if sees_role(s, viewer, seat) {
                    p.role
                } else {
                    None
                },
                role_public: p.role_public,
                card: if sees_role(s, viewer, seat) {
                    p.special
                } else {
                    None
                },
                power_used: p.power_used,
                life: p.life,
                max_life: p.max_life,
                arrows: p.arrows,
                chief: p.chief,
                alive: p.alive,
            }
        })
        .collect();
    let active = s.turn.active;
    View {
        viewer,
        players,
        pile: s.pile,
        chief_in_pile: s.chief_in_pile,
        turn: TurnView {
            active,
            dice: s.turn.dice.as_slice().iter().copied().collect(),
            rolls: s.turn.rolls,
            roll_limit: s.roll_limit(),
            shots: s.turn.shots().iter().copied().collect(),
        },
        stage: s.stage,
        pending: pending(s),
        waiting: waiting(s),
        window: s.window,
        orders: match viewer {
            Viewer::Seat(seat) if s.modules.has(Module::SpecialRoles) => Some(s.orders_of(seat)),
            _ => None,
        },
        ghost: s.ghost,
        ghost_side: s.ghost_side,
        gift: s.gift,
        outcome: s.outcome.clone(),
        version: s.version,
    }
}

/// The event as `viewer` may see it: a face-down role dealt to another seat is
/// hidden. Once a game is over, show its events to [`Viewer::Omniscient`].
pub fn redact(event: &Event, viewer: Viewer) -> Event {
    match event {
        Event::RoleDealt {
            seat,
            face_up: false,
            ..
        } if !viewer.sees_secret_of(*seat) => Event::RoleDealt {
            seat: *seat,
            role: None,
            face_up: false,
            card: None,
        },
        Event::OrdersSet { seat, .. } if !viewer.sees_secret_of(*seat) => Event::OrdersSet {
            seat: *seat,
            orders: None,
        },
        other => other.clone(),
    }
}

impl Stage {
    /// Whether the game is still being played.
    pub fn is_live(self) -> bool {
        !matches!(self, Stage::Setup | Stage::Over)
    }
}
