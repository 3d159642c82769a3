//! Nothing hidden reaches a viewer (DESIGN §3): random games of both rulesets,
//! every expansion, variant, module and mode, checked for every viewer (each
//! seat and a spectator) against the true state, in two ways.
//!
//! **Events.** Every value of the JSON a viewer receives for each event (the
//! server's redaction) is read, at any depth, never by the keys one expects
//! a secret under:
//! * every number is a card, unless the key it sits under says it is a seat,
//!   a count, a station tile or an equipment card (an unknown key counts as a
//!   card, so a new field is checked before anyone thinks of it). A card,
//!   tile or equipment card may be named only where the viewer knew where it
//!   was just before the event or knows it just after: a card someone else
//!   draws was in the deck and is in his hand, so it must not be named; a
//!   card he plays is on the table after, so it may. A shuffle names nothing.
//! * every string that is some seat's secret (a role, a special role card, a
//!   character offered or chosen, read off the omniscient and spectator
//!   views) must be known to the viewer, before or after, for the seat it is
//!   told beside (the nearest `seat` around it).
//! * standing orders: a seat's `orders_set` reads the same whatever its
//!   orders are.
//!
//! **Views.** A viewer's view (with who is asked), the pending decisions and
//! his own legal actions are the same in every world he cannot tell from the
//! true one: the hidden cards dealt again among the hidden places (the deck,
//! the other hands, Kit Carlson's cards, the railcar and equipment decks, the
//! spare stations), the hidden roles and character offers permuted among the
//! seats that hold them, and the other seats' standing orders changed.

use std::collections::{BTreeSet, HashSet};

use engine::bang::train::MapStage;
use engine::bang::{self, Bang, Orders, Reply, StoreReply};
use engine::dice::{self, Dice};
use engine::{GameRng, Ruleset, SeatSpec, Seed, Viewer};
use serde_json::{Value, json};

mod common;
use common::{MAX_EVENTS, Pick, games_from_env};

/// What a number in an event stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Id {
    /// A playing card or a railcar.
    Card,
    /// A station tile.
    Station,
    /// A Gold Rush equipment card.
    Equipment,
}

/// The secrets of one ruleset that the checks need from its true state.
trait Truth: Ruleset {
    /// The ids hidden from `viewer` in `state`.
    fn hidden(state: &Self::State, viewer: Viewer) -> HashSet<(Id, u64)>;
    /// What a number at `path` (the keys from the event's root) of an event
    /// of type `tag` stands for; `None` for a seat, a count or a flag.
    fn id_at(tag: &str, path: &[String]) -> Option<Id>;
    /// A world `viewer` cannot tell from `state` (see the top of this file).
    fn other_world(state: &Self::State, viewer: Viewer, pick: &mut Pick) -> Self::State;
    /// Random standing orders, as an action.
    fn random_orders(pick: &mut Pick, players: u8) -> Self::Action;
    /// The same `orders_set` event with other orders, if `event` is one.
    fn other_orders(event: &Self::Event, pick: &mut Pick, players: u8) -> Option<Self::Event>;
    /// Whether the game is over (every viewer then sees everything).
    fn over(state: &Self::State) -> bool;
    /// The ids an event shows every viewer on purpose, where they stay
    /// hidden (Black Jack shows his second card and keeps it).
    fn shows(event: &Self::Event) -> Vec<(Id, u64)>;
}

fn viewers(players: u8) -> impl Iterator<Item = Viewer> {
    (0..players).map(Viewer::Seat).chain([Viewer::Spectator])
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("serializes")
}

/// Every number of `value` with the path of keys above it.
fn numbers(value: &Value, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, u64)>) {
    match value {
        Value::Number(n) => {
            if let Some(n) = n.as_u64() {
                out.push((path.clone(), n));
            }
        }
        Value::Array(items) => items.iter().for_each(|v| numbers(v, path, out)),
        Value::Object(map) => {
            for (k, v) in map {
                path.push(k.clone());
                numbers(v, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Every string of `value`, with the seat it is told beside: the `seat` of
/// the nearest object around it that has one.
fn strings(value: &Value, seat: Option<u64>, out: &mut Vec<(String, Option<u64>)>) {
    match value {
        Value::String(s) => out.push((s.clone(), seat)),
        Value::Array(items) => items.iter().for_each(|v| strings(v, seat, out)),
        Value::Object(map) => {
            let seat = map.get("seat").and_then(Value::as_u64).or(seat);
            map.values().for_each(|v| strings(v, seat, out));
        }
        _ => {}
    }
}

/// The strings of the view's entry for each seat.
fn seat_strings(view: &Value) -> Vec<BTreeSet<String>> {
    let players = view["players"].as_array().cloned().unwrap_or_default();
    players
        .iter()
        .map(|p| {
            let mut out = Vec::new();
            strings(p, None, &mut out);
            out.into_iter().map(|(s, _)| s).collect()
        })
        .collect()
}

/// Each seat's secret words so far: the strings of its omniscient entry that
/// a spectator's lacks (a face-down role, a special card, a character offer).
#[derive(Default)]
struct Vocabulary(Vec<BTreeSet<String>>);

impl Vocabulary {
    fn learn<R: Truth>(&mut self, state: &R::State) {
        let all = seat_strings(&json(&R::view(state, Viewer::Omniscient)));
        let public = seat_strings(&json(&R::view(state, Viewer::Spectator)));
        self.0.resize(all.len(), BTreeSet::new());
        for (seat, words) in all.iter().enumerate() {
            self.0[seat].extend(words.difference(&public[seat]).cloned());
        }
    }

    /// The seats `word` is a secret of.
    fn seats_of(&self, word: &str) -> Vec<usize> {
        (0..self.0.len())
            .filter(|&s| self.0[s].contains(word))
            .collect()
    }
}

/// Checks the JSON `viewer` receives for the events of one decision (one
/// append: the viewer receives them together), folded through `states`
/// (before the first, then after each), against the truth; `Err` says what
/// leaked. A card may be named if the viewer knows where it is in any of
/// those states: a card played is named by the `acted` before it reaches the
/// table, a card given away by no event but to the giver and the receiver.
fn check_batch<R: Truth>(
    states: &[R::State],
    events: &[R::Event],
    viewer: Viewer,
    words: &Vocabulary,
) -> Result<(), String> {
    let last = states.last().expect("a state");
    if R::over(last) {
        return Ok(()); // Every viewer sees everything now.
    }
    let mut hidden = R::hidden(&states[0], viewer);
    for s in &states[1..] {
        let now = R::hidden(s, viewer);
        hidden.retain(|x| now.contains(x));
    }
    for shown in events.iter().flat_map(R::shows) {
        hidden.remove(&shown);
    }
    let mut known: Vec<BTreeSet<String>> = Vec::new();
    for s in states {
        for (seat, words) in seat_strings(&json(&R::view(s, viewer)))
            .into_iter()
            .enumerate()
        {
            if known.len() <= seat {
                known.resize(seat + 1, BTreeSet::new());
            }
            known[seat].extend(words);
        }
    }
    let knows = |seat: usize, word: &str| known.get(seat).is_some_and(|k| k.contains(word));
    for (event, state) in events.iter().zip(&states[1..]) {
        let told = json(&R::redact_in(state, event, viewer));
        let tag = told["type"].as_str().unwrap_or_default().to_string();
        // Numbers: cards, tiles and equipment.
        let mut found = Vec::new();
        numbers(&told, &mut Vec::new(), &mut found);
        for (path, n) in found {
            let Some(id) = R::id_at(&tag, &path) else {
                continue;
            };
            if tag.ends_with("_shuffled") {
                return Err(format!("a shuffle names {id:?} {n} at {path:?}: {told}"));
            }
            if hidden.contains(&(id, n)) {
                return Err(format!(
                    "{id:?} {n} at {path:?} stays hidden through the decision: {told}"
                ));
            }
        }
        // Strings: roles, special cards, characters offered.
        let mut said = Vec::new();
        strings(&told, None, &mut said);
        for (word, seat) in said {
            let owners = words.seats_of(&word);
            let leaked = match seat {
                Some(seat) if owners.contains(&(seat as usize)) => !knows(seat as usize, &word),
                Some(_) => false,
                None => !owners.is_empty() && !owners.iter().any(|&s| knows(s, &word)),
            };
            if leaked {
                return Err(format!("{word:?} (seat {seat:?}) is a secret: {told}"));
            }
        }
    }
    Ok(())
}

/// Checks that a seat's orders do not show in its `orders_set` to others.
fn check_orders<R: Truth>(
    state: &R::State,
    event: &R::Event,
    pick: &mut Pick,
    players: u8,
) -> Result<(), String> {
    let Some(other) = R::other_orders(event, pick, players) else {
        return Ok(());
    };
    let seat = json(event)["seat"].as_u64();
    for viewer in viewers(players).filter(|v| Some(*v) != seat.map(|s| Viewer::Seat(s as u8))) {
        let (a, b) = (
            json(&R::redact_in(state, event, viewer)),
            json(&R::redact_in(state, &other, viewer)),
        );
        if a != b {
            return Err(format!("{viewer:?} tells a seat's orders apart: {a} / {b}"));
        }
    }
    Ok(())
}

/// What `viewer` receives about the game at rest: his view (who is asked is
/// in it), the pending decisions and his legal actions.
fn received<R: Truth>(state: &R::State, viewer: Viewer) -> Value {
    let legal = match viewer {
        Viewer::Seat(seat) => json(&R::legal_actions(state, seat)),
        _ => Value::Null,
    };
    json!({
        "view": json(&R::view(state, viewer)),
        "pending": json(&R::pending(state)),
        "legal": legal,
    })
}

/// Plays one random game and checks every event and, now and then, every
/// viewer's world.
fn play<R: Truth>(players: u8, options: Value, game: u64) -> Result<usize, String>
where
    R::Action: std::fmt::Debug,
{
    let seed = Seed::from_u64(game);
    let mut pick = Pick(game.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let seats = vec![SeatSpec::default(); players as usize];
    let config = R::config(players, &options, seats).map_err(|e| format!("{options}: {e}"))?;
    let opening = R::start(&config, &mut GameRng::new(seed, 0))?;
    let rules_seats = R::rules_seats(players, &options);
    let mut state = R::State::default();
    let mut words = Vocabulary::default();
    let mut events = 0;
    let mut step = |state: &mut R::State, batch: Vec<R::Event>, pick: &mut Pick| {
        let mut states = vec![state.clone()];
        for e in &batch {
            R::apply(state, e);
            words.learn::<R>(state);
            check_orders::<R>(state, e, pick, players)
                .map_err(|why| format!("game {game} {options}: {why}"))?;
            states.push(state.clone());
        }
        for viewer in viewers(players) {
            check_batch::<R>(&states, &batch, viewer, &words)
                .map_err(|why| format!("game {game} {options}, {viewer:?}: {why}"))?;
        }
        Ok::<usize, String>(batch.len())
    };
    events += step(&mut state, opening, &mut pick)?;
    let mut decisions = 0u64;
    while !R::over(&state) {
        if events > MAX_EVENTS {
            return Err(format!("game {game} {options} does not end"));
        }
        decisions += 1;
        if decisions.is_multiple_of(3) {
            for viewer in viewers(players) {
                let world = R::other_world(&state, viewer, &mut pick);
                let (true_one, other) =
                    (received::<R>(&state, viewer), received::<R>(&world, viewer));
                if true_one != other {
                    return Err(format!(
                        "game {game} {options}: {viewer:?} tells a hidden fact from what it \
                         receives:\n  true:  {true_one}\n  other: {other}"
                    ));
                }
            }
        }
        let mut rng = GameRng::new(seed, R::version(&state));
        let batch = if pick.below(40) == 0 {
            // Standing orders come from a seat someone holds (no solo NPC).
            let held: Vec<u8> = (0..players).filter(|s| !rules_seats.contains(*s)).collect();
            let seat = held[pick.below(held.len())];
            let orders = R::random_orders(&mut pick, players);
            R::play(&mut state.clone(), seat, &orders, &mut rng).unwrap_or_default()
        } else {
            let pending = R::pending(&state);
            let Some(p) = pending.get(pick.below(pending.len())) else {
                return Err(format!("game {game}: nobody to act"));
            };
            let seat = R::pending_seat(p);
            let actions = R::legal_actions(&state, seat);
            let action = &actions[pick.below(actions.len())];
            R::play(&mut state.clone(), seat, action, &mut rng)
                .map_err(|e| format!("game {game}: {action:?} refused: {e}"))?
        };
        events += step(&mut state, batch, &mut pick)?;
    }
    Ok(events)
}

/// Runs `games` games of each setup; panics with every failure.
fn run<R: Truth>(setups: &[(u8, Value)], games: u64)
where
    R::Action: std::fmt::Debug,
{
    let mut failures = Vec::new();
    let mut events = 0;
    for (i, (players, options)) in setups.iter().enumerate() {
        for g in 0..games {
            match play::<R>(*players, options.clone(), 1 + i as u64 * 1_000 + g) {
                Ok(n) => events += n,
                Err(why) => failures.push(why),
            }
        }
    }
    println!(
        "{}: {} setups × {games} games, {events} events, {} failures",
        R::ID,
        setups.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

// ---- the card game -------------------------------------------------------

impl Truth for Bang {
    fn hidden(s: &bang::State, viewer: Viewer) -> HashSet<(Id, u64)> {
        let mut hidden = HashSet::new();
        if s.is_over() {
            return hidden;
        }
        let solo = s.solo.is_some();
        let sees = |seat| solo || viewer.sees_secret_of(seat);
        // TR-13.6: the Map's user looks at the top 2 cards.
        let looked = if s.train.map == Some(MapStage::Looking) && sees(s.turn.seat) {
            2
        } else {
            0
        };
        let deck = &s.deck[..s.deck.len().saturating_sub(looked)];
        let mut cards: Vec<u8> = deck.to_vec();
        for seat in s.seats().filter(|&x| !sees(x)) {
            cards.extend(&s.table[seat as usize].hand);
        }
        if !sees(s.turn.seat) {
            cards.extend(&s.kit);
        }
        cards.extend(&s.train.deck);
        hidden.extend(cards.into_iter().map(|c| (Id::Card, u64::from(c))));
        hidden.extend(
            s.train
                .spare_stations
                .iter()
                .map(|&t| (Id::Station, u64::from(t))),
        );
        hidden.extend(
            s.gold
                .face_down()
                .iter()
                .map(|&e| (Id::Equipment, u64::from(e))),
        );
        hidden
    }

    fn id_at(tag: &str, path: &[String]) -> Option<Id> {
        let key = path.last().map_or("", String::as_str);
        let parent = path.len().checked_sub(2).map(|i| path[i].as_str());
        match key {
            "order" if tag == "stations_shuffled" => Some(Id::Station),
            "order" if tag == "equipment_shuffled" => Some(Id::Equipment),
            "station" | "row" | "stations" => Some(Id::Station),
            "equipment" => Some(Id::Equipment),
            // Jesse Jones draws from a seat's hand: `"from":{"hand":2}`.
            "hand" if parent == Some("from") => None,
            // Switch: `other` is the other player.
            "other" if tag == "cards_switched" => None,
            "seat" | "to" | "from" | "target" | "targets" | "source" | "by" | "challenger"
            | "owner" | "place" | "other_to" | "winners" | "slot" | "amount" | "needed"
            | "paid" | "life" | "max_life" | "players" | "difficulty" | "character_choice"
            | "reaction_seconds" | "left" | "turn" | "count" | "seats" | "moves" => None,
            _ => Some(Id::Card),
        }
    }

    fn other_world(s: &bang::State, viewer: Viewer, pick: &mut Pick) -> bang::State {
        let mut w = s.clone();
        if s.is_over() {
            return w;
        }
        let solo = s.solo.is_some();
        let sees = |seat| solo || viewer.sees_secret_of(seat);
        // The hidden cards, dealt again through one permutation of them, so
        // that every place keeps its size and a private list (a Mail Car's
        // cards) follows its cards.
        let looked = if s.train.map == Some(MapStage::Looking) && sees(s.turn.seat) {
            2
        } else {
            0
        };
        let deck_hidden = s.deck.len().saturating_sub(looked);
        let mut pool: Vec<u8> = s.deck[..deck_hidden].to_vec();
        for seat in s.seats().filter(|&x| !sees(x)) {
            pool.extend(&s.table[seat as usize].hand);
        }
        if !sees(s.turn.seat) {
            pool.extend(&s.kit);
        }
        let mut image = pool.clone();
        shuffle(&mut image, pick);
        let map = |c: &mut u8| {
            if let Some(i) = pool.iter().position(|x| x == c) {
                *c = image[i];
            }
        };
        w.deck[..deck_hidden].iter_mut().for_each(map);
        for seat in s.seats().filter(|&x| !sees(x)) {
            w.table[seat as usize].hand.iter_mut().for_each(map);
        }
        if !sees(s.turn.seat) {
            w.kit.iter_mut().for_each(map);
        }
        if let Some(mail) = w.train.mail.as_mut().filter(|m| !sees(m.seat)) {
            mail.cards.iter_mut().for_each(map);
        }
        shuffle(&mut w.train.deck, pick);
        shuffle(&mut w.train.spare_stations, pick);
        let returned = (w.gold.returned as usize).min(w.gold.deck.len());
        shuffle(&mut w.gold.deck[returned..], pick);
        // Face-down roles, and character offers not yet shown.
        let roles: Vec<usize> = s
            .seats()
            .filter(|&x| !sees(x) && !s.table[x as usize].role_public)
            .map(usize::from)
            .collect();
        let mut dealt: Vec<_> = roles.iter().map(|&x| s.table[x].role).collect();
        shuffle(&mut dealt, pick);
        for (&x, role) in roles.iter().zip(dealt) {
            w.table[x].role = role;
        }
        // Who has chosen is public (`character_chosen` names the seat), so
        // offers move only between seats that have both chosen or both not,
        // the choice keeping its place in the offer.
        for has_chosen in [false, true] {
            let offered: Vec<usize> = s
                .seats()
                .map(usize::from)
                .filter(|&x| !sees(x as u8) && s.table[x].character.is_none())
                .filter(|&x| {
                    s.table[x].offer.is_some() && s.table[x].chosen.is_some() == has_chosen
                })
                .collect();
            let mut offers: Vec<_> = offered
                .iter()
                .filter_map(|&x| {
                    let offer = s.table[x].offer?;
                    Some((offer, s.table[x].chosen.map(|c| offer[0] == c)))
                })
                .collect();
            shuffle(&mut offers, pick);
            for (&x, (offer, first)) in offered.iter().zip(offers) {
                w.table[x].offer = Some(offer);
                w.table[x].chosen = first.map(|first| offer[usize::from(!first)]);
            }
        }
        for seat in s.seats().filter(|&x| !viewer.sees_secret_of(x)) {
            w.orders[seat as usize] = card_orders(pick);
        }
        w
    }

    fn random_orders(pick: &mut Pick, _players: u8) -> bang::Action {
        bang::Action::SetOrders {
            orders: card_orders(pick),
        }
    }

    fn other_orders(e: &bang::Event, pick: &mut Pick, _players: u8) -> Option<bang::Event> {
        match e {
            bang::Event::OrdersSet {
                seat,
                orders: Some(_),
            } => Some(bang::Event::OrdersSet {
                seat: *seat,
                orders: Some(card_orders(pick)),
            }),
            _ => None,
        }
    }

    fn over(s: &bang::State) -> bool {
        s.is_over()
    }

    fn shows(e: &bang::Event) -> Vec<(Id, u64)> {
        match e {
            bang::Event::CardShown { card, .. } => vec![(Id::Card, u64::from(*card))],
            _ => Vec::new(),
        }
    }
}

fn card_orders(pick: &mut Pick) -> Orders {
    let mut reply = || [Reply::Ask, Reply::Auto, Reply::Pass][pick.below(3)];
    Orders {
        shot: reply(),
        dying: reply(),
        indians: reply(),
        duel: reply(),
        store: if pick.below(2) == 0 {
            StoreReply::Ask
        } else {
            StoreReply::First
        },
    }
}

fn shuffle<T>(items: &mut [T], pick: &mut Pick) {
    for i in (1..items.len()).rev() {
        items.swap(i, pick.below(i + 1));
    }
}

// ---- the dice game -------------------------------------------------------

impl Truth for Dice {
    fn hidden(_: &dice::State, _: Viewer) -> HashSet<(Id, u64)> {
        HashSet::new() // Dice are rolled in the open: its secrets are words.
    }

    fn id_at(_: &str, _: &[String]) -> Option<Id> {
        None
    }

    fn other_world(s: &dice::State, viewer: Viewer, pick: &mut Pick) -> dice::State {
        let mut w = s.clone();
        if s.outcome.is_some() {
            return w;
        }
        let hidden: Vec<usize> = (0..s.players as usize)
            .filter(|&x| !viewer.sees_secret_of(x as u8) && !s.table[x].role_public)
            .collect();
        let mut roles: Vec<_> = hidden
            .iter()
            .map(|&x| (s.table[x].role, s.table[x].special))
            .collect();
        shuffle(&mut roles, pick);
        for (&x, (role, special)) in hidden.iter().zip(roles) {
            (w.table[x].role, w.table[x].special) = (role, special);
        }
        for seat in (0..s.players).filter(|&x| !viewer.sees_secret_of(x)) {
            w.orders[seat as usize] = dice_orders(pick, s.players);
        }
        w
    }

    fn random_orders(pick: &mut Pick, players: u8) -> dice::Action {
        dice::Action::SetOrders {
            orders: dice_orders(pick, players),
        }
    }

    fn other_orders(e: &dice::Event, pick: &mut Pick, players: u8) -> Option<dice::Event> {
        match e {
            dice::Event::OrdersSet {
                seat,
                orders: Some(_),
            } => Some(dice::Event::OrdersSet {
                seat: *seat,
                orders: Some(dice_orders(pick, players)),
            }),
            _ => None,
        }
    }

    fn over(s: &dice::State) -> bool {
        s.outcome.is_some()
    }

    fn shows(_: &dice::Event) -> Vec<(Id, u64)> {
        Vec::new()
    }
}

fn dice_orders(pick: &mut Pick, players: u8) -> dice::Orders {
    dice::Orders::random_with(|n| pick.below(n as usize) as u32, players)
}

// ---- the runs ------------------------------------------------------------

/// Games per setup; `LEAK_GAMES` asks for more (a release run).
fn games() -> u64 {
    games_from_env("LEAK_GAMES", 2)
}

#[test]
fn no_card_game_viewer_receives_a_secret() {
    let mut setups: Vec<(u8, Value)> = Vec::new();
    for players in 3..=8 {
        setups.push((players, json!({})));
        setups.push((
            players,
            json!({"character_choice": 2, "reaction_seconds": 30}),
        ));
    }
    for expansions in [
        json!(["gold_rush"]),
        json!(["train_robbery"]),
        json!(["gold_rush", "train_robbery"]),
        json!(["dodge_city"]),
        json!(["dodge_city", "gold_rush", "train_robbery"]),
    ] {
        for players in [3, 4, 5, 7] {
            setups.push((
                players,
                json!({ "expansions": expansions, "character_choice": 2 }),
            ));
        }
        for players in [4, 5, 7] {
            setups.push((
                players,
                json!({ "expansions": expansions, "variants": ["shadow_gunslingers"] }),
            ));
        }
        if !expansions.to_string().contains("dodge_city") {
            // Dodge City is not played in the solo mode.
            setups.push((
                6,
                json!({ "mode": "lone_gunslinger", "difficulty": 2, "expansions": expansions }),
            ));
        }
    }
    for difficulty in 0..=4 {
        setups.push((
            6,
            json!({ "mode": "lone_gunslinger", "difficulty": difficulty }),
        ));
    }
    run::<Bang>(&setups, games());
}

#[test]
fn no_dice_game_viewer_receives_a_secret() {
    let mut setups: Vec<(u8, Value)> = Vec::new();
    for players in 3..=8 {
        let mut all = vec![
            "loudmouth_coward",
            "chief_arrow",
            "special_roles",
            "new_characters",
        ];
        if players >= 5 {
            all.push("ghost"); // Old Saloon: the Ghost needs 5 or more players
        }
        setups.push((players, json!({})));
        setups.push((players, json!({ "modules": ["special_roles"] })));
        setups.push((players, json!({ "modules": all })));
    }
    run::<Dice>(&setups, games() * 2);
}
