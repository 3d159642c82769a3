//! The Lone Gunslinger, the solo mode of `rules/lone-gunslinger.md` (Part A):
//! one person plays the Sheriff (seat 0) and the Deputy; the rules play the
//! four NPCs (three Outlaws and the modified Renegade) with the policy of
//! [`super::npc`]. What the mode changes lives here: its options, its setup
//! (`setup.rs`), and its steps in the machine (`turns.rs`: NPC decisions,
//! the night, and the victim's choice of B6).
//!
//! Everything is face up (A3.2): every view shows every role, hand and Stack;
//! only the order of the deck stays hidden.

mod setup;
mod turns;

pub(crate) use setup::open;
pub use setup::{MOST_WANTED, POOL, starting_hand};
pub use turns::give_class;

use serde::{Deserialize, Serialize};

use super::decisions::pending;
use super::options::{Config, Options};
use super::state::State;
use crate::core::{Role, Seat, SeatSet};

/// The mode's name in `options.mode`.
pub const MODE: &str = "lone_gunslinger";

/// The seats of a solo game (A2.1).
pub const SEATS: u8 = 6;

/// The solo settings in force (A8, A9), as [`Options::solo`] derives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Solo))]
pub struct Solo {
    /// The level, 0 to 4 (A8).
    pub difficulty: u8,
    /// A9.1: at each reshuffle every NPC in play regains 1 life.
    pub night_brings_chaos: bool,
    /// A9.2: the NPCs are Slab the Killer, Willy the Kid, Bart Cassidy and Jourdonnais.
    pub four_most_wanted: bool,
    /// A9.4: the person chooses each seat's character from two.
    pub choose_characters: bool,
}

/// Refuses a solo option in a game of another mode, naming it.
pub(crate) fn refuse_solo_options(o: &Options) -> Result<(), String> {
    let set = [
        ("difficulty", o.difficulty.is_some()),
        ("night_brings_chaos", o.night_brings_chaos.is_some()),
        ("four_most_wanted", o.four_most_wanted.is_some()),
        ("choose_characters", o.choose_characters.is_some()),
        ("final_challenge", o.final_challenge.is_some()),
    ];
    match set.iter().find(|(_, on)| *on) {
        Some((name, _)) => Err(format!(
            "options.{name}: only in mode \"{MODE}\", not {:?}",
            o.mode
        )),
        None => Ok(()),
    }
}

/// Checks a solo game's setup; the message names the first wrong option.
pub(crate) fn validate(c: &Config) -> Result<(), String> {
    if c.players != SEATS {
        return Err(format!(
            "players: {MODE} is played at 6 seats (the Sheriff, the Deputy and four NPCs), not {}",
            c.players
        ));
    }
    let o = &c.options;
    if let Some(e) = o.expansions.first() {
        return Err(format!(
            "options.expansions: {MODE} is played with the base game only (A1.1), not with {e:?}"
        ));
    }
    if o.character_choice != 1 {
        return Err(format!(
            "options.character_choice: {MODE} deals the characters itself (use choose_characters), not {}",
            o.character_choice
        ));
    }
    if let Some(d) = o.difficulty.filter(|&d| d > 4) {
        return Err(format!("options.difficulty: 0 to 4, not {d}"));
    }
    if o.final_challenge == Some(true) {
        if let Some(d) = o.difficulty.filter(|&d| d != 4) {
            return Err(format!(
                "options.final_challenge: it is difficulty 4 with both variants; difficulty {d} contradicts it"
            ));
        }
        for (name, value) in [
            ("night_brings_chaos", o.night_brings_chaos),
            ("four_most_wanted", o.four_most_wanted),
        ] {
            if value == Some(false) {
                return Err(format!(
                    "options.final_challenge: it is difficulty 4 with both variants; {name}: false contradicts it"
                ));
            }
        }
    }
    for (i, seat) in c.seats.iter().enumerate() {
        if let Some(bot) = &seat.bot {
            return Err(if i == 0 {
                format!(
                    "seats[0].bot: in {MODE} seat 0 is the person's (the Sheriff, who also plays the Deputy), not a bot's (`{bot}`)"
                )
            } else {
                format!(
                    "seats[{i}].bot: in {MODE} seats 1 to 5 are played by the rules (the NPCs) or by the person at seat 0 (the Deputy), not by a bot policy (`{bot}`)"
                )
            });
        }
    }
    Ok(())
}

/// Whether `seat` is an NPC of a solo game: a seat other than the Sheriff's
/// (seat 0) and the Deputy's, played by the rules.
pub fn is_npc(s: &State, seat: Seat) -> bool {
    s.solo.is_some() && seat != 0 && seat < s.players && s.p(seat).role != Some(Role::Deputy)
}

/// Whether `seat` is one the person plays in a solo game (the Sheriff or the Deputy).
pub fn is_person(s: &State, seat: Seat) -> bool {
    s.solo.is_some() && seat < s.players && !is_npc(s, seat)
}

/// The Deputy's seat in a solo game.
pub fn deputy(s: &State) -> Option<Seat> {
    s.solo?;
    s.seats().find(|&x| s.p(x).role == Some(Role::Deputy))
}

/// [`crate::Ruleset::seats_played_by`]: in a solo game the person at seat 0
/// plays the Sheriff's seat and the Deputy's, and before the first turn
/// every seat whose character he chooses (A9.4).
pub fn played_by(s: &State, seat: Seat) -> SeatSet {
    let own = SeatSet::of(&[seat]);
    if s.solo.is_none() || !is_person(s, seat) {
        return own;
    }
    let mut set = own.with(0);
    if let Some(d) = deputy(s) {
        set = set.with(d);
    }
    if !s.started() {
        for p in pending(s) {
            set = set.with(p.seat);
        }
    }
    set
}

/// The NPC whose decision the game waits for, if any: the rules take it at
/// once, so an NPC seat is never left pending.
pub(crate) fn npc_to_act(s: &State) -> Option<Seat> {
    if s.solo.is_none() || s.is_over() || !s.started() {
        return None;
    }
    pending(s)
        .iter()
        .map(|p| p.seat)
        .find(|&seat| is_npc(s, seat))
}
