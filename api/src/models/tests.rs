//! Reading request bodies: refusals in the API's words.

use serde_json::{Value, json};

use super::*;

fn create(body: Value) -> Result<CreateGame, Refusal> {
    CreateGame::try_from(body)
}

#[test]
fn create_errors_name_the_field_in_the_apis_words() {
    let cases = [
        (
            json!({"ruleset": "dice", "players": 300}),
            Refusal::Invalid("players: a number from 3 to 8, not 300".into()),
        ),
        (
            json!({"ruleset": "dice", "players": "five"}),
            Refusal::Malformed(r#"players: a number from 3 to 8, not "five""#.into()),
        ),
        (
            json!({"ruleset": "dice", "players": 4, "seed": -1}),
            Refusal::Malformed(
                "seed: a whole number from 0 to 18446744073709551615, not -1".into(),
            ),
        ),
        (
            json!({"ruleset": "dice", "players": 4, "colour": "red"}),
            Refusal::Malformed(
                "colour: unknown field (the fields are `ruleset`, `players`, `seats`, \
                 `options`, `seed`, `public`, `rated`, `chat`, `analysis`, `move_deadline`, `response_deadline`, \
                 `misses_before_bot`)"
                    .into(),
            ),
        ),
        (
            json!({"ruleset": "dice", "players": 4, "seats": [{}, {"nam": "Ann"}]}),
            Refusal::Malformed(
                "seats[1].nam: unknown field (the fields are `name`, `bot`, `budget_ms`, \
                 `open`, `player`)"
                    .into(),
            ),
        ),
        (
            json!({"ruleset": "dice", "players": 4, "seats": [{"bot": "strong", "budget_ms": 0}]}),
            Refusal::Malformed(
                "seats[0].budget_ms: a `strong` bot's milliseconds per decision, 1 to 1000, \
                 not 0"
                    .into(),
            ),
        ),
        (
            json!({"ruleset": "dice", "players": 4, "seats": [{"name": "Ann", "budget_ms": 50}]}),
            Refusal::Invalid(
                "seats[0].budget_ms: only a bot seat (`\"bot\": \"strong\"`) thinks on a budget"
                    .into(),
            ),
        ),
        (
            json!({"ruleset": "dice", "players": 4, "seats": [{"name": 7}]}),
            Refusal::Malformed("seats[0].name: a name (a string), not 7".into()),
        ),
        (
            json!([1, 2]),
            Refusal::Malformed(
                r#"the body: a JSON object like {"ruleset": "dice", "players": 4}, not [1,2]"#
                    .into(),
            ),
        ),
        (
            json!({"players": 4}),
            Refusal::Malformed("ruleset: required (`dice`)".into()),
        ),
        (
            json!({"ruleset": "dice", "players": 4, "options": []}),
            Refusal::Malformed(r#"options: an object like {"modules": ["ghost"]}, not []"#.into()),
        ),
    ];
    for (body, want) in cases {
        assert_eq!(create(body.clone()).unwrap_err(), want, "{body}");
    }
}

#[test]
fn integers_are_written_as_whole_numbers() {
    let game = create(json!({"ruleset": "dice", "players": 4, "seed": u64::MAX})).unwrap();
    assert_eq!((game.players, game.seed), (4, Some(u64::MAX)));
    let hint = "(write whole numbers without a decimal point or exponent)";
    assert_eq!(
        create(json!({"ruleset": "dice", "players": 4.0})).unwrap_err(),
        Refusal::Malformed(format!("players: a number from 3 to 8, not 4.0 {hint}"))
    );
    assert_eq!(
        create(json!({"ruleset": "dice", "players": 4, "seed": 1e3})).unwrap_err(),
        Refusal::Malformed(format!(
            "seed: a whole number from 0 to 18446744073709551615, not 1000.0 {hint}"
        ))
    );
    assert_eq!(
        create(json!({"ruleset": "dice", "players": 4.5})).unwrap_err(),
        Refusal::Malformed("players: a number from 3 to 8, not 4.5".into())
    );
    assert!(ForkRequest::try_from(json!({"at": 6475.0})).is_err());
    assert_eq!(ForkRequest::try_from(json!({"at": 6475})).unwrap().at, 6475);
}

#[test]
fn action_and_fork_errors_name_the_field() {
    let err = PostAction::try_from(json!({"action": {"type": "roll"}, "expected_version": -5}))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected_version: a whole number, the `version` of GET /v1/games/{id}/actions, not -5"
    );
    let err = PostAction::try_from(json!({"action": 5})).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("action: an object with a `type`")
    );
    let err = ForkRequest::try_from(json!({})).unwrap_err();
    assert!(err.to_string().starts_with("at: required"), "{err}");
    // Through serde too (`try_from`), with the same words.
    let err =
        serde_json::from_value::<CreateGame>(json!({"ruleset": "dice", "players": 9})).unwrap_err();
    assert_eq!(err.to_string(), "players: a number from 3 to 8, not 9");
}

#[test]
fn webhook_bodies_name_the_field() {
    let cases = [
        (
            json!({"uri": "https://example.org"}),
            Refusal::Malformed("uri: unknown field (the fields are `url`, `events`)".into()),
        ),
        (
            json!({}),
            Refusal::Malformed("url: required, where notifications are sent".into()),
        ),
        (
            json!({"url": 7}),
            Refusal::Malformed("url: a URL (a string), not 7".into()),
        ),
        (
            json!({"url": "https://example.org", "events": "chat"}),
            Refusal::Malformed(r#"events: a list like ["your_turn", "chat"], not "chat""#.into()),
        ),
        (
            json!({"url": "https://example.org", "events": ["your_move"]}),
            Refusal::Invalid(
                r#"events[0]: `your_turn`, `game_finished` or `chat`, not "your_move""#.into(),
            ),
        ),
        (
            json!({"url": "https://example.org", "events": []}),
            Refusal::Invalid("events: at least one of `your_turn`, `game_finished`, `chat`".into()),
        ),
        (
            json!({"url": format!("https://example.org/{}", "a".repeat(2000))}),
            Refusal::Invalid("url: 1 to 2000 characters".into()),
        ),
    ];
    for (body, want) in cases {
        assert_eq!(
            CreateWebhook::try_from(body.clone()).unwrap_err(),
            want,
            "{body}"
        );
    }
    let hook = CreateWebhook::try_from(json!({"url": "https://example.org",
        "events": ["chat", "your_turn", "chat"]}))
    .unwrap();
    assert_eq!(
        hook.events,
        Some(vec![WebhookEvent::Chat, WebhookEvent::YourTurn])
    );
}
