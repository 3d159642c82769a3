//! The `seat_control` event every ruleset shares: a change of who plays a
//! seat when a play-by-post game's deadlines pass (see [`super::control`]
//! for how it folds and when the rules take it).

use serde::{Deserialize, Serialize};

use super::Seat;

/// Where a game's history cites the rule a `seat_control` event applied:
/// deadlines are the server's, not a ruleset's.
pub const RULE: &str = "README.md, Deadlines";

/// A change of who plays a seat (the `seat_control` event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum SeatControl {
    /// The seat let its move deadline pass: a bot played its next `moves`
    /// decisions (the events that follow), once.
    DeadlineMissed {
        /// The seat.
        seat: Seat,
        /// How many decisions of the seat the bot took, from the next one.
        moves: u16,
    },
    /// The seat missed its deadlines too often in a row: the bot `bot` plays
    /// it from now on, until its player takes it back.
    BotTookSeat {
        /// The seat.
        seat: Seat,
        /// The bot policy now playing it.
        bot: String,
    },
    /// The seat's player took it back from the bot.
    SeatReclaimed {
        /// The seat.
        seat: Seat,
    },
}

impl SeatControl {
    /// The change told as a sentence of a game's history; `names` are the
    /// seats' names.
    pub fn sentence(&self, names: &[String]) -> String {
        let name = super::history::seat_name(names, self.seat());
        match self {
            SeatControl::DeadlineMissed { moves: 1, .. } => {
                format!("{name} let the move deadline pass: a bot makes that move")
            }
            SeatControl::DeadlineMissed { moves, .. } => {
                format!("{name} let the move deadline pass: a bot makes those {moves} moves")
            }
            SeatControl::BotTookSeat { bot, .. } => format!(
                "{name} missed too many deadlines in a row: the {bot} bot plays the seat until {name} takes it back"
            ),
            SeatControl::SeatReclaimed { .. } => format!("{name} takes the seat back from the bot"),
        }
    }

    /// The seat it is about.
    pub fn seat(&self) -> Seat {
        match self {
            SeatControl::DeadlineMissed { seat, .. }
            | SeatControl::BotTookSeat { seat, .. }
            | SeatControl::SeatReclaimed { seat } => *seat,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_control_reads_and_writes_as_a_flat_object() {
        let change = SeatControl::BotTookSeat {
            seat: 2,
            bot: "normal".into(),
        };
        let json = serde_json::to_value(&change).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"change": "bot_took_seat", "seat": 2, "bot": "normal"})
        );
        assert_eq!(
            serde_json::from_value::<SeatControl>(json).expect("read back"),
            change
        );
    }
}
