//! The solo mode's checks of a game's configuration (A1, A2, A8, A9), which
//! [`crate::bang::Config::validate`] runs.

use super::mode::{MODE, SEATS};
use crate::bang::options::{Config, Options};

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
    // Expansions: any the card game has (Gold Rush), checked with every
    // game's; the policy plays their content (Part D).
    let o = &c.options;
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
