//! Dodge City (`rules/dodge-city.md`): 40 playing cards (ids 201–240) with
//! the green-bordered cards, which wait a turn in play and are then used by
//! discarding them (DC-3), and the brown cards played with another card
//! discarded (DC-4).
//!
//! It plugs into the base rules through the hooks (`hooks.rs`): its cards'
//! plays and uses are listed in `legal.rs`, carried out in `effects.rs`;
//! its own events (`events.rs`) and actions (`posted.rs`) are nested in the
//! base's with their own tags.
//!
//! Its 15 characters (`characters.rs`) are rows of the base's characters'
//! table; their abilities are hooks here. Not playable yet: its bots are
//! still to come, so a game's options may not name it
//! ([`hooks::DodgeCity`]'s check says so).

mod asked;
mod brawl;
mod cards;
mod characters;
mod effects;
mod events;
pub(crate) mod hooks;
mod legal;
mod npc;
mod posted;
pub(crate) mod texts;

pub use asked::Decision as DodgeDecision;
pub use cards::{CARD_TABLE, CARDS, FIRST, LAST, card, is_dodge_card};
pub use events::Event as DodgeEvent;
pub use posted::Action as DodgeAction;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::bang::cards::Card;
use crate::bang::state::{State, Targets};
use crate::core::Seat;

/// The expansion's id in `options.expansions`.
pub const EXPANSION: &str = "dodge_city";

/// How many green cards Dodge City has (the most that can wait at once).
pub const GREEN_CARDS: usize = 14;

/// The Dodge City part of a game's state (empty without the expansion).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dodge {
    /// The green cards put into play this turn, which cannot be used before
    /// it ends (DC-3.2, D-DC3), with their holders.
    pub waiting: ArrayVec<(Seat, Card), GREEN_CARDS>,
    /// A Brawl in motion (DC-4.3): its player and the players still to
    /// lose a card, the next first.
    pub brawl: Option<(Seat, Targets)>,
    /// This turn: whether Doc Holyday used his ability (DC05).
    pub doc_used: bool,
    /// This turn: José Delgado's uses of his ability (DC09, at most 2).
    pub jose_uses: u8,
    /// This turn: whether Chuck Wengam used his ability (DC04).
    pub chuck_used: bool,
    /// This turn: whether Vera Custer chose (or, in an extra turn, kept)
    /// her copy (DC15, D-DC9).
    pub vera_chose: bool,
    /// Molly Stark's cards owed for BANG!s she discarded in the Duel in
    /// motion, drawn when it ends (DC10).
    pub molly_owed: u8,
}

/// The green cards in play that wait (DC-3.2): put into play this turn, in
/// front of whom they still are (one taken from play and put back waits
/// again, D-DC3).
pub fn waiting_cards(s: &State) -> impl Iterator<Item = Card> + '_ {
    let d = &s.dodge;
    d.waiting
        .iter()
        .filter(|&&(seat, c)| seat < s.players && s.p(seat).in_play.contains(&c))
        .map(|&(_, c)| c)
}

/// Whether `card` waits (DC-3.2).
pub fn is_waiting(s: &State, card: Card) -> bool {
    waiting_cards(s).any(|c| c == card)
}

impl Dodge {
    /// The table as every viewer sees it, from the state `s` it is part of.
    pub fn view(&self, s: &State) -> DodgeView {
        DodgeView {
            waiting: waiting_cards(s).collect(),
            brawl: self.brawl.as_ref().map(|(_, targets)| targets.to_vec()),
            doc_used: self.doc_used,
            jose_uses: self.jose_uses,
            chuck_used: self.chuck_used,
        }
    }
}

/// Dodge City's part of the table as every viewer sees it: all public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::DodgeView))]
pub struct DodgeView {
    /// The green cards in play that cannot be used before this turn ends
    /// (put into play this turn, DC-3.2).
    pub waiting: Vec<Card>,
    /// A Brawl in motion: the players still to lose a card, the next first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brawl: Option<Vec<Seat>>,
    /// This turn: whether Doc Holyday used his ability.
    pub doc_used: bool,
    /// This turn: José Delgado's uses of his ability (at most 2).
    pub jose_uses: u8,
    /// This turn: whether Chuck Wengam used his ability.
    pub chuck_used: bool,
}
