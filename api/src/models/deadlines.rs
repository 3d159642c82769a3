//! Play-by-post deadlines: how long a seat may take to move or to answer,
//! as a table's creator sets them, and how they read (`"24h"`, `"1h30m"`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest deadline: a week (the engine's longest live reaction time).
pub const MAX_DEADLINE_SECONDS: u32 = engine::core::MAX_REACTION_SECONDS;

/// The most missed moves in a row a table may allow before a bot keeps the seat.
pub const MAX_MISSES_BEFORE_BOT: u8 = 20;

/// Misses in a row before a bot keeps a seat, when the creator does not say.
pub const DEFAULT_MISSES_BEFORE_BOT: u8 = 2;

/// The deadline pattern, as the OpenAPI document gives it.
pub const DURATION_PATTERN: &str = "^([0-9]+[dhms])+$";

/// A play-by-post table's deadlines, as its creator set them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"move_seconds": 86400, "response_seconds": 7200, "misses_before_bot": 2}))]
pub struct DeadlineRules {
    /// Seconds a seat asked to move has, from the moment it is asked; past
    /// them a bot makes that move for it (actor `server`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_seconds: Option<u32>,
    /// Seconds a seat asked to answer a reaction window has; past them the
    /// window closes with its safe default (the game's live reaction time,
    /// `options.reaction_seconds`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_seconds: Option<u32>,
    /// Move deadlines missed in a row after which a bot keeps the seat until
    /// its player takes it back (`POST /v1/games/{id}/reclaim`); 0: never.
    pub misses_before_bot: u8,
}

/// Reads a deadline such as `"24h"`, `"90m"`, `"1h30m"` or `"2d"` (units
/// `d`, `h`, `m`, `s`): its seconds, or `None` if it does not read as one or
/// is not 1 second to a week.
pub fn parse_duration(text: &str) -> Option<u32> {
    let mut total: u64 = 0;
    let mut number: Option<u64> = None;
    for c in text.chars() {
        if let Some(digit) = c.to_digit(10) {
            number = Some(number.unwrap_or(0).checked_mul(10)? + u64::from(digit));
            if number? > u64::from(MAX_DEADLINE_SECONDS) {
                return None;
            }
            continue;
        }
        let unit = match c {
            'd' => 86_400,
            'h' => 3_600,
            'm' => 60,
            's' => 1,
            _ => return None,
        };
        total = total.checked_add(number.take()?.checked_mul(unit)?)?;
    }
    if number.is_some() || total == 0 || total > u64::from(MAX_DEADLINE_SECONDS) {
        return None;
    }
    u32::try_from(total).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_read_as_people_write_them() {
        assert_eq!(parse_duration("24h"), Some(86_400));
        assert_eq!(parse_duration("90m"), Some(5_400));
        assert_eq!(parse_duration("1h30m"), Some(5_400));
        assert_eq!(parse_duration("1s"), Some(1));
        assert_eq!(parse_duration("7d"), Some(604_800));
        for bad in [
            "",
            "24",
            "h",
            "8d",
            "0s",
            "1x",
            "1h 30m",
            "-1h",
            "99999999999999999999s",
        ] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }
}
