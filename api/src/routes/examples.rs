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
                 "created_at": "2026-11-25T20:52:25.751Z", "updated_at": "2026-11-25T20:52:25.751Z", "seed_chosen": false},
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
    json!({"version": 19, "duplicate": false, "events": [
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

// ----- Gold Rush (`"expansions": ["gold_rush"]`), from a served 4-player game -----

/// `POST /v1/games`: a card game with Gold Rush, one person and three bots.
pub fn bang_create_gold_rush() -> Value {
    json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "options": {"expansions": ["gold_rush"]}})
}

/// `GET /v1/games/{id}` of a Gold Rush game, as seat 0 sees it: the market
/// (`view.gold.market`, equipment ids 1–24), every player's nuggets and black
/// equipment, the heap.
pub fn bang_gold_rush_state() -> Value {
    json!({
        "game": {"id": "7871b1f43b8eb65a", "ruleset": "bang", "options": {"expansions": ["gold_rush"]}, "status": "active",
                 "version": 334, "players": 4,
                 "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Bot 2", "kind": "bot", "bot": "normal"},
                           {"seat": 2, "name": "Bot 3", "kind": "bot", "bot": "normal"}, {"seat": 3, "name": "Bot 4", "kind": "bot", "bot": "normal"}],
                 "created_at": "2026-11-26T03:03:34.909Z", "updated_at": "2026-11-26T03:03:35.177Z", "seed_chosen": false},
        "version": 334,
        "view": {
            "viewer": {"seat": 0}, "version": 334, "deck": 19,
            "discard": [62, 3, 7, 24, 46, 50, 22, 33, 44, 2, 17, 1, 71, 12, 28, 59, 21, 48, 69, 20, 30, 40, 15, 39, 55, 67, 61, 11,
                        10, 76, 25, 32, 19, 35, 58, 73, 52, 77, 49, 41, 45, 8, 29, 18, 51, 56, 36, 23],
            "store": [], "flipped": [], "kit": [],
            "players": [
                {"seat": 0, "name": "Ann", "character": "jacky_murieta", "offer": null, "role": "outlaw", "role_public": false,
                 "life": 3, "max_life": 4, "alive": true, "hand": [79, 38, 74], "in_play": [64, 80], "nuggets": 2, "equipment": []},
                {"seat": 1, "name": "Bot 2", "character": "rose_doolan", "offer": null, "role": null, "role_public": false,
                 "life": 4, "max_life": 4, "alive": true, "hand": [null, null, null], "in_play": [], "nuggets": 3, "equipment": []},
                {"seat": 2, "name": "Bot 3", "character": "pedro_ramirez", "offer": null, "role": "sheriff", "role_public": true,
                 "life": 2, "max_life": 5, "alive": true, "hand": [null, null], "in_play": [], "nuggets": 1, "equipment": []},
                {"seat": 3, "name": "Bot 4", "character": "lucky_duke", "offer": null, "role": null, "role_public": false,
                 "life": 3, "max_life": 4, "alive": true, "hand": [], "in_play": [78, 68, 66], "nuggets": 2, "equipment": []}],
            "turn": {"seat": 0, "phase": "play", "bangs": 0, "dynamite_checked": false, "jail_checked": false},
            "effect": null, "shot": null, "dying": null, "window": null,
            "pending": [{"seat": 0, "decision": {"kind": "play"}, "reaction": false}],
            "orders": {"shot": "ask", "dying": "ask", "indians": "ask", "duel": "ask", "store": "ask"},
            "outcome": null,
            "gold": {"market": [17, 4, 14], "deck": 21, "returned": [], "heap": 22, "discount_used": false,
                     "pan_uses": 0, "raddie_uses": 0, "extra_turn": false, "extra_turns_due": 0}},
        "pending": [{"seat": 0, "decision": {"kind": "play"}, "reaction": false}],
        "your_seat": 0, "your_turn": true
    })
}

/// `GET /v1/games/{id}/actions` in that Gold Rush turn: cards to play, the
/// Bottle in market slot 1 bought as a Panic!, a Beer or a BANG!, the Beer
/// sold, Jacky Murieta's paid shots.
pub fn bang_gold_rush_actions() -> Value {
    json!({"version": 334, "seat": 0, "actions": [
        {"type": "play", "card": 79}, {"type": "play", "card": 38}, {"type": "play", "card": 74},
        {"type": "buy", "slot": 1, "mode": "panic", "target": 1}, {"type": "buy", "slot": 1, "mode": "beer"},
        {"type": "buy", "slot": 1, "mode": "bang", "target": 1}, {"type": "buy", "slot": 1, "mode": "bang", "target": 2},
        {"type": "buy", "slot": 1, "mode": "bang", "target": 3},
        {"type": "sell_beer", "card": 38},
        {"type": "pay", "used": "jacky_murieta", "target": 1}, {"type": "pay", "used": "jacky_murieta", "target": 2},
        {"type": "pay", "used": "jacky_murieta", "target": 3},
        {"type": "end_turn"}]})
}

/// `POST /v1/games/{id}/actions`: buy the Bottle in market slot 1 as a BANG! at seat 2.
pub fn bang_buy_bottle() -> Value {
    json!({"action": {"type": "buy", "slot": 1, "mode": "bang", "target": 2}, "expected_version": 336, "action_id": "ann-42"})
}

/// `POST /v1/games/{id}/actions`: sell a Beer for a nugget.
pub fn bang_sell_beer() -> Value {
    json!({"action": {"type": "sell_beer", "card": 38}, "expected_version": 334, "action_id": "ann-41"})
}

/// The result of buying that Bottle as a BANG!: paid 2 nuggets, the BANG!
/// effect, the market slot refilled, the shot at seat 2.
pub fn bang_buy_result() -> Value {
    json!({"version": 342, "duplicate": false, "events": [
        {"seq": 337, "at": "2026-11-26T03:03:43.931Z", "actor": "0",
         "event": {"type": "acted", "seat": 0, "action": {"type": "buy", "slot": 1, "mode": "bang", "target": 2}}},
        {"seq": 338, "at": "2026-11-26T03:03:43.931Z", "actor": "0",
         "event": {"type": "equipment_bought", "seat": 0, "slot": 1, "equipment": 4, "paid": 2, "mode": "bang", "target": 2}},
        {"seq": 339, "at": "2026-11-26T03:03:43.931Z", "actor": "0",
         "event": {"type": "effect_started", "effect": {"kind": "shots", "source": 0, "targets": [2], "bang_card": false}}},
        {"seq": 340, "at": "2026-11-26T03:03:43.931Z", "actor": "0", "event": {"type": "market_filled", "slot": 1, "equipment": 23}},
        {"seq": 341, "at": "2026-11-26T03:03:43.931Z", "actor": "0", "event": {"type": "shot_at", "source": 0, "target": 2, "needed": 1}},
        {"seq": 342, "at": "2026-11-26T03:03:43.931Z", "actor": "0", "event": {"type": "window_opened", "kind": "shot", "seat": 2}}]})
}

/// The result of selling a Beer.
pub fn bang_sell_result() -> Value {
    json!({"version": 336, "duplicate": false, "events": [
        {"seq": 335, "at": "2026-11-26T03:03:43.920Z", "actor": "0",
         "event": {"type": "acted", "seat": 0, "action": {"type": "sell_beer", "card": 38}}},
        {"seq": 336, "at": "2026-11-26T03:03:43.920Z", "actor": "0", "event": {"type": "beer_sold", "seat": 0, "card": 38}}]})
}

/// `GET /v1/games/{id}/events` of that Gold Rush game at its setup: the
/// equipment deck's order hidden from every seat and spectator, the market
/// turned face up.
pub fn bang_gold_rush_event_page() -> Value {
    json!({"events": [
        {"seq": 23, "at": "2026-11-26T03:03:34.920Z", "actor": "system",
         "event": {"type": "equipment_shuffled", "order": [null, null, null, null, null, null, null, null, null, null, null, null,
                                                           null, null, null, null, null, null, null, null, null, null, null, null]}},
        {"seq": 24, "at": "2026-11-26T03:03:34.920Z", "actor": "system", "event": {"type": "market_filled", "slot": 0, "equipment": 17}},
        {"seq": 25, "at": "2026-11-26T03:03:34.920Z", "actor": "system", "event": {"type": "market_filled", "slot": 1, "equipment": 4}},
        {"seq": 26, "at": "2026-11-26T03:03:34.920Z", "actor": "system", "event": {"type": "market_filled", "slot": 2, "equipment": 14}}],
     "version": 334})
}

// ----- The Great Train Robbery (`"expansions": ["train_robbery"]`), from a served 4-player game -----

/// `POST /v1/games`: a card game with both expansions, one person and three bots.
pub fn bang_create_train_robbery() -> Value {
    json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "options": {"expansions": ["train_robbery", "gold_rush"]}})
}

/// `GET /v1/games/{id}` of a Great Train Robbery game, as seat 0 sees it:
/// the train drawn as data (`view.train`: the row of stations S1 first, the
/// Locomotive's position and side, the railcars with the station each is
/// paired with, the railcar deck's size).
pub fn bang_train_robbery_state() -> Value {
    json!({
        "game": {"id": "f309143e28087a54", "ruleset": "bang", "options": {"expansions": ["train_robbery"]}, "status": "active",
                 "version": 41, "players": 4,
                 "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Bot 2", "kind": "bot", "bot": "normal"},
                           {"seat": 2, "name": "Bot 3", "kind": "bot", "bot": "normal"}, {"seat": 3, "name": "Bot 4", "kind": "bot", "bot": "normal"}],
                 "created_at": "2026-11-26T05:43:23.312Z", "updated_at": "2026-11-26T05:43:23.501Z", "seed_chosen": false},
        "version": 41,
        "view": {
            "viewer": {"seat": 0}, "version": 41, "deck": 74, "discard": [45, 43, 25],
            "store": [], "flipped": [], "kit": [],
            "players": [
                {"seat": 0, "name": "Ann", "character": "vulture_sam", "offer": null, "role": "renegade", "role_public": false,
                 "life": 4, "max_life": 4, "alive": true, "hand": [86, 80, 6, 73, 67, 63], "in_play": []},
                {"seat": 1, "name": "Bot 2", "character": "sancho", "offer": null, "role": null, "role_public": false,
                 "life": 3, "max_life": 3, "alive": true, "hand": [null, null, null], "in_play": []},
                {"seat": 2, "name": "Bot 3", "character": "bart_cassidy", "offer": null, "role": null, "role_public": false,
                 "life": 4, "max_life": 4, "alive": true, "hand": [null, null, null, null], "in_play": []},
                {"seat": 3, "name": "Bot 4", "character": "benny_brawler", "offer": null, "role": "sheriff", "role_public": true,
                 "life": 5, "max_life": 5, "alive": true, "hand": [null, null, null, null, null], "in_play": [72]}],
            "turn": {"seat": 0, "phase": "play", "bangs": 0, "dynamite_checked": false, "jail_checked": false},
            "effect": null, "shot": null, "dying": null, "window": null,
            "pending": [{"seat": 0, "decision": {"kind": "play"}, "reaction": false}],
            "orders": {"shot": "ask", "dying": "ask", "indians": "ask", "duel": "ask", "store": "ask"},
            "outcome": null,
            "train": {"stations": [5, 6, 10, 9], "position": 2, "leland": false,
                      "cars": [{"railcar": 108, "position": 1, "station": 5}, {"railcar": 107, "position": 0, "station": null},
                               {"railcar": 101, "position": -1, "station": null}],
                      "deck": 13, "taken": 0, "free_advance_used": false}},
        "pending": [{"seat": 0, "decision": {"kind": "play"}, "reaction": false}],
        "your_seat": 0, "your_turn": true
    })
}

/// `GET /v1/games/{id}/actions` in that turn: the Ghost Car (108) beside
/// Deathwood (5: a blue card) paid with the Map (86), Winchester (80) and
/// other blue cards, placed in front of any seat; the Express Car (107)
/// after the free advance.
pub fn bang_train_robbery_actions() -> Value {
    json!({"version": 41, "seat": 0, "actions": [
        {"type": "play", "card": 86}, {"type": "play", "card": 80}, {"type": "play", "card": 6, "target": 1},
        {"type": "play", "card": 6, "target": 3}, {"type": "play", "card": 73},
        {"type": "take_railcar", "railcar": 108, "pay": 86, "place": 0}, {"type": "take_railcar", "railcar": 108, "pay": 86, "place": 1},
        {"type": "take_railcar", "railcar": 108, "pay": 86, "place": 2}, {"type": "take_railcar", "railcar": 108, "pay": 80, "place": 0},
        {"type": "take_railcar", "railcar": 107, "pay": 86, "advance": true},
        {"type": "take_railcar", "railcar": 107, "pay": 80, "advance": true},
        {"type": "end_turn"}]})
}

/// `POST /v1/games/{id}/actions`: take the Ghost Car, paying Deathwood with
/// the Map, and put it in front of herself.
pub fn bang_take_railcar() -> Value {
    json!({"action": {"type": "take_railcar", "railcar": 108, "pay": 86, "place": 0}, "expected_version": 41, "action_id": "ann-7"})
}

/// The result of taking that railcar: the Map discarded, the Ghost Car in
/// front of seat 0, the next railcar added at the end of the train.
pub fn bang_take_railcar_result() -> Value {
    json!({"version": 45, "duplicate": false, "events": [
        {"seq": 42, "at": "2026-11-26T05:43:23.524Z", "actor": "0",
         "event": {"type": "acted", "seat": 0, "action": {"type": "take_railcar", "railcar": 108, "pay": 86, "place": 0}}},
        {"seq": 43, "at": "2026-11-26T05:43:23.524Z", "actor": "0", "event": {"type": "discarded", "seat": 0, "cards": [86]}},
        {"seq": 44, "at": "2026-11-26T05:43:23.524Z", "actor": "0",
         "event": {"type": "railcar_taken", "seat": 0, "railcar": 108, "to": 0, "station": 5, "counts": true}},
        {"seq": 45, "at": "2026-11-26T05:43:23.524Z", "actor": "0", "event": {"type": "railcar_added", "railcar": 110}}]})
}

/// `GET /v1/games/{id}/events` of that game at its setup: the railcar deck
/// and the station tiles shuffled face down (hidden from everyone), the row
/// of stations and the Locomotive's side revealed, three railcars added, the
/// first advance.
pub fn bang_train_robbery_event_page() -> Value {
    json!({"events": [
        {"seq": 15, "at": "2026-11-26T05:43:23.312Z", "actor": "system",
         "event": {"type": "railcars_shuffled", "order": [null, null, null, null, null, null, null, null,
                                                         null, null, null, null, null, null, null, null]}},
        {"seq": 16, "at": "2026-11-26T05:43:23.312Z", "actor": "system",
         "event": {"type": "stations_shuffled", "order": [null, null, null, null, null, null, null, null, null, null, null, null, null]}},
        {"seq": 17, "at": "2026-11-26T05:43:23.312Z", "actor": "system", "event": {"type": "stations_revealed", "row": [5, 6, 10, 9]}},
        {"seq": 18, "at": "2026-11-26T05:43:23.312Z", "actor": "system", "event": {"type": "locomotive_placed", "leland": false}},
        {"seq": 19, "at": "2026-11-26T05:43:23.312Z", "actor": "system", "event": {"type": "railcar_added", "railcar": 108}},
        {"seq": 20, "at": "2026-11-26T05:43:23.312Z", "actor": "system", "event": {"type": "railcar_added", "railcar": 107}},
        {"seq": 21, "at": "2026-11-26T05:43:23.312Z", "actor": "system", "event": {"type": "railcar_added", "railcar": 101}},
        {"seq": 23, "at": "2026-11-26T05:43:23.312Z", "actor": "system", "event": {"type": "train_advanced", "how": "automatic"}}],
     "version": 41})
}

// ----- Play-by-post ------------------------------------------------------------

/// `GET /v1/me/games`: Ann's move in one game (waiting since yesterday), an
/// open table she waits at.
pub fn inbox() -> Value {
    json!({"player": "p_3f2a9c1e7b5d4a60", "games": [
        {"seat": 2, "your_move": true, "since": "2026-11-25T09:12:44.101Z",
         "game": {"id": "9f86d081884c7d65", "ruleset": "bang", "options": {}, "status": "active", "version": 311, "players": 5,
                  "seats": [{"seat": 0, "name": "Bob", "kind": "human"}, {"seat": 1, "name": "Cid", "kind": "human"},
                            {"seat": 2, "name": "Ann", "kind": "human"}, {"seat": 3, "name": "Dee", "kind": "human"},
                            {"seat": 4, "name": "Bot 5", "kind": "bot", "bot": "normal"}],
                  "created_at": "2026-11-20T18:02:11.000Z", "updated_at": "2026-11-25T09:12:44.101Z", "seed_chosen": false, "public": false}},
        {"seat": 0, "your_move": false, "since": "2026-11-26T06:30:00.000Z",
         "game": {"id": "1b4e28ba2fa1c4d0", "ruleset": "dice", "options": {"modules": []}, "status": "open", "version": 0, "players": 4,
                  "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "Seat 2", "kind": "open"},
                            {"seat": 2, "name": "Seat 3", "kind": "open"}, {"seat": 3, "name": "Bot 4", "kind": "bot", "bot": "normal"}],
                  "created_at": "2026-11-26T06:30:00.000Z", "updated_at": "2026-11-26T06:30:00.000Z", "seed_chosen": false, "public": true}}]})
}

// ----- Dodge City (`"expansions": ["dodge_city"]`), from the README's served 4-player game -----

/// `POST /v1/games` with Dodge City.
pub fn bang_create_dodge_city() -> Value {
    json!({"ruleset": "bang", "players": 4, "seats": [{"name": "Ann"}], "options": {"expansions": ["dodge_city"]}})
}

/// `GET /v1/games/{id}/actions` with Dodge City: Ann's turn, a Brawl (217)
/// and a Rag Time (216) each with the other hand card discarded for it,
/// Rag Time taking a random hand card or a card in play; her Canteen (228)
/// in play, waiting no more.
pub fn bang_dodge_city_actions() -> Value {
    json!({"version": 228, "seat": 0, "actions": [
        {"type": "play", "card": 12, "target": 1},
        {"type": "play_with_discard", "card": 217, "discard": 34},
        {"type": "play_with_discard", "card": 216, "discard": 34, "target": 1},
        {"type": "play_with_discard", "card": 216, "discard": 34, "target": 1, "in_play": 236},
        {"type": "use_green", "card": 228},
        {"type": "end_turn"}]})
}
