//! Examples of the card game (`bang`) for the OpenAPI document; the dice
//! game's are the schemas' own examples. Taken from a served 3-player game.

use serde_json::{Value, json};

/// `GET /v1/games/{id}` of a card game, as seat 0 sees it.
pub fn bang_game_state() -> Value {
    json!({
        "game": {"id": "d1b480b66ac64c07", "ruleset": "bang", "options": {}, "status": "active",
                 "version": 15, "players": 3,
                 "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Bob", "kind": "human"},
                           {"seat": 2, "name": "Bot 3", "kind": "bot", "bot": "random"}],
                 "created_at": "2026-11-25T20:52:25.751Z", "updated_at": "2026-11-25T20:52:25.751Z"},
        "version": 15,
        "view": {
            "viewer": {"seat": 0}, "version": 15, "deck": 66, "discard": [], "store": [], "flipped": [], "kit": [],
            "players": [
                {"seat": 0, "name": "Ann", "character": "calamity_janet", "offer": null, "role": "deputy", "role_public": true,
                 "life": 4, "max_life": 4, "alive": true, "hand": [25, 22, 39, 10, 30, 59], "in_play": []},
                {"seat": 1, "name": "Bob", "character": "willy_the_kid", "offer": null, "role": "renegade", "role_public": true,
                 "life": 4, "max_life": 4, "alive": true, "hand": [null, null, null, null], "in_play": []},
                {"seat": 2, "name": "Bot 3", "character": "suzy_lafayette", "offer": null, "role": "outlaw", "role_public": true,
                 "life": 4, "max_life": 4, "alive": true, "hand": [null, null, null, null], "in_play": []}],
            "turn": {"seat": 0, "phase": "play", "bangs": 0, "dynamite_checked": false, "jail_checked": false},
            "effect": null, "shot": null, "dying": null, "window": null,
            "pending": [{"seat": 0, "decision": {"kind": "play"}, "reaction": false}],
            "orders": {"shot": "ask", "dying": "ask", "indians": "ask", "duel": "ask", "store": "ask"},
            "outcome": null},
        "pending": [{"seat": 0, "decision": {"kind": "play"}, "reaction": false}],
        "your_seat": 0, "your_turn": true
    })
}

/// `GET /v1/games/{id}/actions` of a card game: a turn, and a response.
pub fn bang_legal_actions() -> Value {
    json!({"version": 15, "seat": 0, "actions": [
        {"type": "play", "card": 25, "target": 1}, {"type": "play", "card": 25, "target": 2},
        {"type": "play", "card": 39}, {"type": "play", "card": 59, "target": 2}, {"type": "end_turn"}]})
}

/// `GET /v1/games/{id}/actions` of a card game when shot at.
pub fn bang_response_actions() -> Value {
    json!({"version": 49, "seat": 0, "actions": [{"type": "respond", "card": 3}, {"type": "pass"}]})
}

/// `POST /v1/games/{id}/actions` bodies of a card game.
pub fn bang_play() -> Value {
    json!({"action": {"type": "play", "card": 25, "target": 1}, "expected_version": 15, "action_id": "ann-7"})
}

/// Standing orders in the card game.
pub fn bang_orders() -> Value {
    json!({"action": {"type": "set_orders", "orders": {"shot": "auto", "dying": "auto", "indians": "ask", "duel": "ask", "store": "first"}}})
}

/// The result of a BANG! played in the card game.
pub fn bang_action_result() -> Value {
    json!({"version": 19, "events": [
        {"seq": 16, "at": "2026-11-25T20:53:02.101Z", "actor": "0",
         "event": {"type": "acted", "seat": 0, "action": {"type": "play", "card": 25, "target": 1}}},
        {"seq": 17, "at": "2026-11-25T20:53:02.101Z", "actor": "0", "event": {"type": "card_played", "seat": 0, "card": 25, "target": 1}},
        {"seq": 18, "at": "2026-11-25T20:53:02.101Z", "actor": "0", "event": {"type": "shot_at", "source": 0, "target": 1, "needed": 1}},
        {"seq": 19, "at": "2026-11-25T20:53:02.101Z", "actor": "0", "event": {"type": "window_opened", "kind": "shot", "seat": 1}}]})
}

/// `GET /v1/games/{id}/events` of a card game, as seat 0 sees it: its own
/// cards, the others' as `null`s.
pub fn bang_event_page() -> Value {
    json!({"events": [
        {"seq": 8, "at": "2026-11-25T20:52:25.751Z", "actor": "system",
         "event": {"type": "deck_shuffled", "order": [null, null, null]}},
        {"seq": 9, "at": "2026-11-25T20:52:25.751Z", "actor": "system",
         "event": {"type": "cards_drawn", "seat": 0, "cards": [25, 22, 39, 10]}},
        {"seq": 10, "at": "2026-11-25T20:52:25.751Z", "actor": "system",
         "event": {"type": "cards_drawn", "seat": 1, "cards": [null, null, null, null]}}],
     "version": 15})
}
