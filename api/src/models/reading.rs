//! Request bodies read in the API's words: each refusal names the field and
//! says what it takes, as a person would write it.

use std::fmt;

use serde_json::{Map, Value};

use super::{
    AnalysisAccess, ChatVisibility, CreateGame, CreatePlayer, ForkRequest, JoinGame, PostAction,
    PostChat, SeatRequest,
};
use crate::error::ApiError;

/// Why a request body (or query) was refused, worded for its sender: each
/// message names the field and says what it takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not the shape the API takes: a 400 `bad_request`.
    Malformed(String),
    /// Well formed, but a value no game takes: a 422 `invalid_option`.
    Invalid(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Malformed(m) | Refusal::Invalid(m) => f.write_str(m),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        match refusal {
            Refusal::Malformed(m) => ApiError::bad_request(m),
            Refusal::Invalid(m) => ApiError::unprocessable("invalid_option", m),
        }
    }
}

pub(super) fn malformed<T>(message: String) -> Result<T, Refusal> {
    Err(Refusal::Malformed(message))
}

/// A JSON value as a sender would recognise it, cut short when long.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 40 {
        format!("{}…", text.chars().take(40).collect::<String>())
    } else {
        text
    }
}

/// A number written as a whole number: `4`, not `4.0` or `4e0`. JSON Schema
/// would count `4.0` as an integer, but a client that writes it has computed
/// a fraction, so it is refused rather than rounded (see `docs/decisions.md`).
fn integer(value: &Value) -> Option<i128> {
    let Value::Number(n) = value else {
        return None;
    };
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

/// A refused value as its sender wrote it, with a word on why when it looks
/// like a whole number written with a decimal point or an exponent.
fn shown_number(value: &Value) -> String {
    let written_as_fraction = matches!(value, Value::Number(n) if n.is_f64()
        && n.as_f64().is_some_and(|f| f.is_finite() && f.fract() == 0.0));
    if written_as_fraction {
        format!(
            "{} (write whole numbers without a decimal point or exponent)",
            shown(value)
        )
    } else {
        shown(value)
    }
}

/// A whole number in `range`, or the refusal `field: {what}, not …`.
fn whole_in(
    value: &Value,
    field: &str,
    range: std::ops::RangeInclusive<u64>,
    what: &str,
) -> Result<u64, Refusal> {
    integer(value)
        .and_then(|i| u64::try_from(i).ok())
        .filter(|n| range.contains(n))
        .map_or_else(
            || malformed(format!("{field}: {what}, not {}", shown_number(value))),
            Ok,
        )
}

/// The body as an object whose fields are all among `known`.
pub(super) fn object<'a>(
    value: &'a Value,
    path: &str,
    known: &[&str],
    like: &str,
) -> Result<&'a Map<String, Value>, Refusal> {
    let Value::Object(map) = value else {
        let what = if path.is_empty() { "the body" } else { path };
        return malformed(format!(
            "{what}: a JSON object like {like}, not {}",
            shown(value)
        ));
    };
    if let Some(key) = map.keys().find(|k| !known.contains(&k.as_str())) {
        let fields = known
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let prefix = if path.is_empty() {
            String::new()
        } else {
            format!("{path}.")
        };
        return malformed(format!(
            "{prefix}{key}: unknown field (the fields are {fields})"
        ));
    }
    Ok(map)
}

/// A field that may be absent: `null` is the same as absent.
fn field<'a>(map: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    map.get(name).filter(|v| !v.is_null())
}

/// An optional string field.
fn text(map: &Map<String, Value>, path: &str, what: &str) -> Result<Option<String>, Refusal> {
    let name = path.rsplit('.').next().unwrap_or(path);
    match field(map, name) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => malformed(format!("{path}: {what}, not {}", shown(other))),
    }
}

/// An optional boolean field (absent: `false`).
fn flag(map: &Map<String, Value>, path: &str) -> Result<bool, Refusal> {
    let name = path.rsplit('.').next().unwrap_or(path);
    match field(map, name) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => malformed(format!("{path}: true or false, not {}", shown(other))),
    }
}

/// The largest version (or `at`, or `after`) a request takes: `int64`'s,
/// what every store can hold.
pub(crate) const MAX_VERSION: u64 = i64::MAX as u64;

impl TryFrom<Value> for CreateGame {
    type Error = Refusal;

    fn try_from(body: Value) -> Result<CreateGame, Refusal> {
        let like = r#"{"ruleset": "dice", "players": 4}"#;
        let map = object(
            &body,
            "",
            &[
                "ruleset",
                "players",
                "seats",
                "options",
                "seed",
                "public",
                "rated",
                "chat",
                "analysis",
                "move_deadline",
                "response_deadline",
                "misses_before_bot",
            ],
            like,
        )?;
        let ruleset = match field(map, "ruleset") {
            None => return malformed("ruleset: required (`dice`)".into()),
            Some(Value::String(s)) => s.clone(),
            Some(other) => {
                return malformed(format!("ruleset: a string (`dice`), not {}", shown(other)));
            }
        };
        let players = match field(map, "players") {
            None => return malformed("players: required, a number from 3 to 8".into()),
            Some(value) => match integer(value) {
                Some(n @ 3..=8) => n as u8,
                Some(n) => {
                    return Err(Refusal::Invalid(format!(
                        "players: a number from 3 to 8, not {n}"
                    )));
                }
                None => {
                    return malformed(format!(
                        "players: a number from 3 to 8, not {}",
                        shown_number(value)
                    ));
                }
            },
        };
        let seats = match field(map, "seats") {
            None => Vec::new(),
            Some(Value::Array(seats)) => seats
                .iter()
                .enumerate()
                .map(|(i, seat)| SeatRequest::parse(seat, &format!("seats[{i}]")))
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return malformed(format!(
                    r#"seats: a list like [{{"name": "Ann"}}, {{"bot": "normal"}}], not {}"#,
                    shown(other)
                ));
            }
        };
        // An object (or nothing): serde would also read a list as a struct.
        let options = match field(map, "options") {
            None => Value::Null,
            Some(options @ Value::Object(_)) => options.clone(),
            Some(other) => {
                return malformed(format!(
                    r#"options: an object like {{"modules": ["ghost"]}}, not {}"#,
                    shown(other)
                ));
            }
        };
        let seed = match field(map, "seed") {
            None => None,
            Some(value) => Some(whole_in(
                value,
                "seed",
                0..=u64::MAX,
                "a whole number from 0 to 18446744073709551615",
            )?),
        };
        Ok(CreateGame {
            ruleset,
            players,
            seats,
            options,
            seed,
            public: flag(map, "public")?,
            rated: flag(map, "rated")?,
            chat: match text(map, "chat", "`everyone` or `players`")?.as_deref() {
                None | Some("everyone") => ChatVisibility::Everyone,
                Some("players") => ChatVisibility::Players,
                Some(other) => {
                    return malformed(format!("chat: `everyone` or `players`, not `{other}`"));
                }
            },
            analysis: match text(map, "analysis", "`after`, `always` or `never`")?.as_deref() {
                None | Some("after") => AnalysisAccess::After,
                Some("always") => AnalysisAccess::Always,
                Some("never") => AnalysisAccess::Never,
                Some(other) => {
                    return malformed(format!(
                        "analysis: `after`, `always` or `never`, not `{other}`"
                    ));
                }
            },
            move_deadline: deadline(map, "move_deadline")?,
            response_deadline: deadline(map, "response_deadline")?,
            misses_before_bot: match field(map, "misses_before_bot") {
                None => None,
                Some(value) => Some(whole_in(
                    value,
                    "misses_before_bot",
                    0..=u64::from(super::MAX_MISSES_BEFORE_BOT),
                    "a whole number from 0 (never) to 20",
                )? as u8),
            },
        })
    }
}

/// A deadline field (`"24h"`), checked to read as one.
fn deadline(map: &Map<String, Value>, path: &str) -> Result<Option<String>, Refusal> {
    let what = "a duration such as \"24h\", \"90m\" or \"1h30m\" (1 second to 7 days)";
    let text = text(map, path, what)?;
    match &text {
        Some(t) if super::parse_duration(t).is_none() => {
            Err(Refusal::Invalid(format!("{path}: {what}, not \"{t}\"")))
        }
        _ => Ok(text),
    }
}

impl SeatRequest {
    fn parse(value: &Value, path: &str) -> Result<SeatRequest, Refusal> {
        let like = r#"{"name": "Ann"} for a person, {"bot": "normal"} or {} for a bot, {"open": true} for a player to join"#;
        let map = object(
            value,
            path,
            &["name", "bot", "budget_ms", "open", "player"],
            like,
        )?;
        let budget_path = format!("{path}.budget_ms");
        let budget_ms = match field(map, "budget_ms") {
            None => None,
            Some(value) => Some(whole_in(
                value,
                &budget_path,
                1..=u64::from(bots::strong::MAX_BUDGET_MS),
                &format!(
                    "a `strong` bot's milliseconds per decision, 1 to {}",
                    bots::strong::MAX_BUDGET_MS
                ),
            )? as u32),
        };
        let seat = SeatRequest {
            name: text(map, &format!("{path}.name"), "a name (a string)")?,
            bot: text(
                map,
                &format!("{path}.bot"),
                "a bot policy (`normal`, `random` or `strong`)",
            )?,
            budget_ms,
            open: flag(map, &format!("{path}.open"))?,
            player: text(map, &format!("{path}.player"), "a player id (a string)")?,
        };
        let kinds = [seat.bot.is_some(), seat.open, seat.player.is_some()];
        if kinds.iter().filter(|&&k| k).count() > 1 || (seat.open && seat.name.is_some()) {
            return Err(Refusal::Invalid(format!(
                "{path}: a seat is a person's (`name`, `player`), a bot's (`bot`) or open \
                 (`open`), not several"
            )));
        }
        let person =
            seat.open || seat.player.is_some() || (seat.name.is_some() && seat.bot.is_none());
        if seat.budget_ms.is_some() && person {
            return Err(Refusal::Invalid(format!(
                "{path}.budget_ms: only a bot seat (`\"bot\": \"strong\"`) thinks on a budget"
            )));
        }
        Ok(seat)
    }
}

impl TryFrom<Value> for SeatRequest {
    type Error = Refusal;

    fn try_from(value: Value) -> Result<SeatRequest, Refusal> {
        SeatRequest::parse(&value, "seat")
    }
}

impl TryFrom<Value> for PostAction {
    type Error = Refusal;

    fn try_from(body: Value) -> Result<PostAction, Refusal> {
        let like = r#"{"action": {"type": "roll"}, "expected_version": 11}"#;
        let map = object(
            &body,
            "",
            &["action", "expected_version", "action_id"],
            like,
        )?;
        let action = match field(map, "action") {
            None => {
                return malformed(
                    "action: required, one of your legal actions (GET /v1/games/{id}/actions)"
                        .into(),
                );
            }
            Some(action @ Value::Object(fields))
                if fields.get("type").is_some_and(Value::is_string) =>
            {
                action.clone()
            }
            Some(other) => {
                return malformed(format!(
                    r#"action: an object with a `type`, like {{"type": "roll"}}, not {}"#,
                    shown(other)
                ));
            }
        };
        let expected_version = match field(map, "expected_version") {
            None => None,
            Some(value) => Some(whole_in(
                value,
                "expected_version",
                0..=MAX_VERSION,
                "a whole number, the `version` of GET /v1/games/{id}/actions",
            )?),
        };
        let action_id = text(
            map,
            "action_id",
            "a string of 1 to 128 characters, unique per action",
        )?;
        Ok(PostAction {
            action,
            expected_version,
            action_id,
        })
    }
}

impl TryFrom<Value> for ForkRequest {
    type Error = Refusal;

    fn try_from(body: Value) -> Result<ForkRequest, Refusal> {
        let map = object(&body, "", &["at"], r#"{"at": 11}"#)?;
        let what = "a whole number from 1 to the game's version, where the game waits for a \
                    decision";
        match field(map, "at") {
            None => malformed(format!("at: required, {what}")),
            Some(value) => Ok(ForkRequest {
                at: whole_in(value, "at", 0..=MAX_VERSION, what)?,
            }),
        }
    }
}

impl TryFrom<Value> for CreatePlayer {
    type Error = Refusal;

    fn try_from(body: Value) -> Result<CreatePlayer, Refusal> {
        let map = object(&body, "", &["name"], r#"{"name": "Ann"}"#)?;
        match text(map, "name", "a name (a string)")? {
            Some(name) => Ok(CreatePlayer { name }),
            None => malformed("name: required, the name other players see".into()),
        }
    }
}

impl TryFrom<Value> for JoinGame {
    type Error = Refusal;

    fn try_from(body: Value) -> Result<JoinGame, Refusal> {
        let like = r#"{"name": "Bob", "invite": "7d1e0b9f8a765c0e"}"#;
        let map = object(&body, "", &["name", "invite", "seat", "entropy"], like)?;
        let seat = match field(map, "seat") {
            None => None,
            Some(value) => Some(whole_in(value, "seat", 0..=7, "a seat number from 0 to 7")? as u8),
        };
        let entropy = text(map, "entropy", "your entropy (a string)")?;
        if let Some(e) = &entropy
            && (e.is_empty() || e.chars().count() > 128 || e.chars().any(char::is_control))
        {
            return Err(Refusal::Invalid(
                "entropy: 1 to 128 characters, without control characters".into(),
            ));
        }
        Ok(JoinGame {
            name: text(map, "name", "a name (a string)")?,
            invite: text(map, "invite", "the invite code (a string)")?,
            seat,
            entropy,
        })
    }
}

impl TryFrom<Value> for PostChat {
    type Error = Refusal;

    fn try_from(body: Value) -> Result<PostChat, Refusal> {
        let map = object(&body, "", &["text"], r#"{"text": "nice shot"}"#)?;
        let Some(text) = text(map, "text", "the message (a string)")? else {
            return malformed("text: required, the message".into());
        };
        if !crate::text::valid_chat(&text) {
            return Err(Refusal::Invalid(format!(
                "text: {}",
                crate::text::CHAT_RULE
            )));
        }
        Ok(PostChat { text })
    }
}
