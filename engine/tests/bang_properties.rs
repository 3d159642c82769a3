//! Property tests of the card game over random games with fixed seeds (3 to 8
//! players, both character deals, with and without a live reaction time):
//! random legal actions, random standing orders now and then, random expiries.
//!
//! After every event the invariants hold. Only waiting seats have legal
//! actions, and each has at least one. `play` is `decide` on a clone then
//! `apply`. Replaying the log gives the live state; the audit accepts every
//! log and rejects a tampered one. No redacted event or view shows a seat or
//! a spectator a hidden card of another seat, the deck order, Kit Carlson's
//! cards, another's character offer or another's orders. Every game ends
//! within [`MAX_EVENTS`] events.

use engine::bang::GoldEvent;
use engine::bang::TrainEvent;
use engine::bang::{self, Action, Bang, Config, Event, Options, Orders, Reply, State, StoreReply};
use engine::{Controls, GameRng, Ruleset, Seed, Viewer, verify_log};

mod common;
use common::{MAX_EVENTS, Pick, games_from_env, random_control};

/// Games per player count: 6 counts × this many. `BANG_PROPERTY_GAMES`
/// overrides it for a longer run, e.g. in release:
/// `BANG_PROPERTY_GAMES=1700 cargo test --release -p engine --test bang_properties`
/// (10,200 games).
const GAMES_PER_COUNT: u64 = 300;

fn games_per_count() -> u64 {
    games_from_env("BANG_PROPERTY_GAMES", GAMES_PER_COUNT)
}

impl Pick {
    fn reply(&mut self) -> Reply {
        [Reply::Ask, Reply::Auto, Reply::Pass][self.below(3)]
    }
}

fn viewers(players: u8) -> impl Iterator<Item = Viewer> {
    (0..players).map(Viewer::Seat).chain([Viewer::Spectator])
}

/// Structural check: `event` as `viewer` sees it shows nothing hidden.
fn no_leak_in_event(e: &Event, viewer: Viewer) {
    let mine = |seat: u8| viewer == Viewer::Seat(seat);
    match bang::redact(e, viewer) {
        Event::DeckShuffled { order } => assert!(order.iter().all(Option::is_none)),
        Event::Gold(GoldEvent::EquipmentShuffled { order }) => {
            assert!(order.iter().all(Option::is_none))
        }
        Event::Train(TrainEvent::RailcarsShuffled { order }) => {
            assert!(order.iter().all(Option::is_none))
        }
        Event::Train(TrainEvent::StationsShuffled { order }) => {
            assert!(order.iter().all(Option::is_none))
        }
        Event::Train(TrainEvent::MapLooked { seat, cards }) if !mine(seat) => {
            assert!(
                cards.iter().all(Option::is_none),
                "{viewer:?} sees a Map's cards"
            )
        }
        Event::Train(TrainEvent::CardGiven { seat, to, card }) if !mine(seat) && !mine(to) => {
            assert!(card.is_none(), "{viewer:?} sees a Mail Car's card")
        }
        Event::CardsDrawn { seat, cards } if !mine(seat) => {
            assert!(cards.iter().all(Option::is_none), "{viewer:?} sees a draw")
        }
        Event::KitLooked { seat, cards } if !mine(seat) => {
            assert!(cards.iter().all(Option::is_none))
        }
        Event::KitKept { seat, back } if !mine(seat) => assert!(back.is_none()),
        Event::CardStolen {
            from,
            to,
            card,
            from_hand: true,
        } if !mine(from) && !mine(to) => assert!(card.is_none()),
        Event::CardsInherited {
            seat, from, hand, ..
        } if !mine(seat) && !mine(from) => assert!(hand.iter().all(Option::is_none)),
        Event::OrdersSet { seat, orders } if !mine(seat) => assert!(orders.is_none()),
        Event::CharactersOffered { seat, offer } if !mine(seat) => {
            assert!(offer.iter().all(Option::is_none))
        }
        Event::CharacterChosen { seat, character } if !mine(seat) => {
            assert!(character.is_none())
        }
        Event::RoleDealt {
            seat,
            role,
            face_up: false,
        } if !mine(seat) => assert!(role.is_none()),
        _ => {}
    }
    // The redacted form keeps the shape: same tag, same list lengths.
    let (full, shown) = (
        serde_json::to_value(e).unwrap(),
        serde_json::to_value(bang::redact(e, viewer)).unwrap(),
    );
    assert_eq!(full["type"], shown["type"]);
    let tag = full["type"].as_str().unwrap();
    assert_eq!(Bang::hides(e), bang::HIDING_EVENTS.contains(&tag), "{tag}");
    if !Bang::hides(e) {
        assert_eq!(full, shown, "{tag} hides nothing");
    }
    for key in ["order", "cards", "hand"] {
        if let (Some(a), Some(b)) = (full[key].as_array(), shown[key].as_array()) {
            assert_eq!(a.len(), b.len(), "{key} keeps its length");
        }
    }
}

/// Structural check: the view of `viewer` shows no hidden card or secret.
fn no_leak_in_view(s: &State, viewer: Viewer) {
    if s.is_over() {
        return;
    }
    let v = bang::view(s, viewer);
    for p in &v.players {
        if viewer != Viewer::Seat(p.seat) {
            assert!(p.hand.iter().all(Option::is_none), "{viewer:?} sees a hand");
            assert!(p.offer.is_none());
            assert!(p.role.is_none() || p.role_public);
        }
        assert_eq!(p.hand.len(), s.table[p.seat as usize].hand.len());
    }
    if viewer != Viewer::Seat(s.turn.seat) {
        assert!(v.kit.iter().all(Option::is_none));
    }
    if !matches!(viewer, Viewer::Seat(_)) {
        assert!(v.orders.is_none());
    }
}

/// Gold Rush: each seat's nuggets are exactly what the events gave and took
/// (GR-3: nuggets are created and destroyed only where the rules say).
fn nugget_delta(e: &Event, ledger: &mut [i32; 8]) {
    let mut add = |seat: u8, n: i32| ledger[seat as usize] += n;
    match *e {
        Event::Gold(GoldEvent::NuggetsGained { seat, amount, .. }) => add(seat, amount as i32),
        Event::Gold(GoldEvent::BeerSold { seat, .. }) => add(seat, 1),
        Event::Gold(GoldEvent::NuggetsReturned { seat, amount }) => add(seat, -(amount as i32)),
        Event::Gold(GoldEvent::NuggetsPaid { seat, amount, .. })
        | Event::Gold(GoldEvent::EquipmentBought {
            seat, paid: amount, ..
        })
        | Event::Gold(GoldEvent::EquipmentForced {
            seat, paid: amount, ..
        }) => add(seat, -(amount as i32)),
        _ => {}
    }
}

fn play_game(players: u8, game: u64) -> usize {
    play_game_with(players, game, &[], &[])
}

/// How often each event type occurred in the Gold Rush run (printed: shows
/// that every new action and rule was reached).
static GOLD_TALLY: std::sync::Mutex<std::collections::BTreeMap<String, usize>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

fn play_game_with(players: u8, game: u64, expansions: &[&str], variants: &[&str]) -> usize {
    let mut pick = Pick(game.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let seed = Seed::from_u64(game);
    let options = Options {
        character_choice: if pick.below(4) == 0 { 2 } else { 1 },
        reaction_seconds: (pick.below(3) == 0).then_some(30),
        expansions: expansions.iter().map(|e| e.to_string()).collect(),
        variants: variants.iter().map(|e| e.to_string()).collect(),
        ..Options::default()
    };
    let mut ledger = [0i32; 8];
    // SG-2.2: an eliminated player's life never changes again (shadow turns
    // too) unless a Ghost Car brings him back; TR-11.8.4: a ghost's stays 0.
    let mut dead_life: [Option<i8>; 8] = [None; 8];
    let config = Config {
        players,
        options,
        seats: Vec::new(),
    };
    let mut log = Bang::start(&config, &mut GameRng::new(seed, 0)).expect("a game opens");
    let mut state = State::default();
    for e in &log {
        Bang::apply(&mut state, e);
        Bang::check_invariants(&state).unwrap_or_else(|why| panic!("game {game}: {why}"));
    }
    // Orders set at random for some seats at the start.
    let mut actions = Vec::new();
    let mut controls = Controls::default();
    while !state.is_over() {
        assert!(log.len() < MAX_EVENTS, "game {game} does not end");
        let pending = Bang::pending(&state);
        assert!(!pending.is_empty(), "game {game}: nobody to act");
        for seat in 0..players {
            Bang::legal_actions_into(&state, seat, &mut actions);
            let waits = pending.iter().any(|p| p.seat == seat);
            assert_eq!(!actions.is_empty(), waits, "game {game}: seat {seat}");
        }
        let version = state.version;
        let mut rng = GameRng::new(seed, version);
        let roll = pick.below(100);
        let events = if roll < 3 {
            let seat = pick.below(players as usize) as u8;
            let orders = Orders {
                shot: pick.reply(),
                dying: pick.reply(),
                indians: pick.reply(),
                duel: pick.reply(),
                store: if pick.below(2) == 0 {
                    StoreReply::Ask
                } else {
                    StoreReply::First
                },
            };
            let action = Action::SetOrders { orders };
            let mut live = state.clone();
            Bang::play(&mut live, seat, &action, &mut rng).expect("orders are always taken")
        } else if roll < 10 && Bang::asking(&state).is_some() && state.reaction_seconds.is_some() {
            let mut clone = state.clone();
            let events = Bang::expire(&mut clone, &mut GameRng::new(seed, version))
                .expect("an open window expires");
            let mut live = state.clone();
            assert_eq!(Bang::expire(&mut live, &mut rng).unwrap(), events);
            assert_eq!(clone, live);
            events
        } else if roll >= 97
            && let Some(events) =
                random_control::<Bang>(&mut |n| pick.below(n), &state, &controls, players)
        {
            events
        } else {
            let p = pending[pick.below(pending.len())];
            Bang::legal_actions_into(&state, p.seat, &mut actions);
            let action = actions[pick.below(actions.len())];
            // decide on a clone, then apply, must be exactly play.
            let mut live = state.clone();
            let events = Bang::play(&mut live, p.seat, &action, &mut rng)
                .unwrap_or_else(|e| panic!("game {game}: {action:?} refused: {e}"));
            let mut folded = state.clone();
            for e in &events {
                Bang::apply(&mut folded, e);
            }
            assert_eq!(folded, live, "game {game}: play != decide + apply");
            events
        };
        assert!(!events.is_empty());
        for e in &events {
            let cars = state.train.cars.clone();
            // TR-11.8.4: no event says a ghost gains life.
            if let Event::LifeGained { seat, .. } = e {
                assert!(
                    state.train.ghosts & (1 << seat) == 0,
                    "game {game}: a ghost gains life: {e:?}"
                );
            }
            Bang::apply(&mut state, e);
            // TR-5.6: a railcar joins the train only by its own event.
            if !matches!(e, Event::Train(TrainEvent::RailcarAdded { .. })) {
                assert!(
                    state.train.cars.iter().all(|c| cars.contains(c)),
                    "game {game}: a railcar joined the train with {e:?}"
                );
            }
            controls.fold(Bang::decided(e));
            Bang::check_invariants(&state)
                .unwrap_or_else(|why| panic!("game {game} after {e:?}: {why}"));
            nugget_delta(e, &mut ledger);
            for seat in 0..players {
                if state.train.ghosts & (1 << seat) != 0 {
                    let life = state.table[seat as usize].life;
                    assert_eq!(life, 0, "game {game}: a ghost's life after {e:?}");
                }
            }
            for (p, dead) in state.table[..players as usize].iter().zip(&mut dead_life) {
                match *dead {
                    // TR-11.8.3: a Ghost Car brought him back into play.
                    Some(_) if p.alive && !state.turn.shadow => *dead = None,
                    Some(life) => assert_eq!(
                        p.life, life,
                        "game {game}: an eliminated player's life changed after {e:?} \
                         ({p:?}; the events of this decision: {events:?})"
                    ),
                    None if !p.alive && state.started() && p.character.is_some() => {
                        *dead = Some(p.life)
                    }
                    None => {}
                }
            }
            for seat in 0..players {
                let held = state.table[seat as usize].nuggets as i32;
                assert!(
                    ledger[seat as usize] >= 0,
                    "game {game}: a debt after {e:?}"
                );
                assert_eq!(
                    held, ledger[seat as usize],
                    "game {game}: nuggets after {e:?}"
                );
            }
            for v in viewers(players) {
                no_leak_in_event(e, v);
            }
        }
        for v in viewers(players) {
            no_leak_in_view(&state, v);
        }
        log.extend(events);
    }
    // Replay and audit.
    let mut replay = State::default();
    let mut replayed_controls = Controls::default();
    for e in &log {
        Bang::apply(&mut replay, e);
        replayed_controls.fold(Bang::decided(e));
    }
    assert_eq!(replay, state, "game {game}: replay differs");
    assert_eq!(
        replayed_controls, controls,
        "game {game}: who plays the seats differs"
    );
    verify_log::<Bang>(&log, &|_| seed).unwrap_or_else(|i| {
        panic!("game {game}: audit refuses event {i}: {:?}", log[i]);
    });
    // A tampered log is refused: another card drawn.
    let mut tampered = log.clone();
    if let Some(i) = tampered
        .iter()
        .rposition(|e| matches!(e, Event::CardsDrawn { .. }))
        && let Event::CardsDrawn { cards, .. } = &mut tampered[i]
    {
        cards[0] = cards[0].map(|c| c % 80 + 1);
        assert!(verify_log::<Bang>(&tampered, &|_| seed).is_err());
    }
    let mut cut = log.clone();
    let at = (log.len() / 2..log.len())
        .find(|&i| Bang::decided(&log[i]).is_none())
        .unwrap_or(log.len() - 1);
    cut.remove(at);
    assert!(verify_log::<Bang>(&cut, &|_| seed).is_err());
    assert!(Bang::winners(&state).is_some());
    if !expansions.is_empty() || !variants.is_empty() {
        let mut tally = GOLD_TALLY.lock().unwrap();
        for e in &log {
            let v = serde_json::to_value(e).unwrap();
            let mut tag = v["type"].as_str().unwrap().to_string();
            if let Some(t) = v["action"]["type"].as_str() {
                tag = format!("{tag}:{t}");
                if let Some(u) = v["action"]["used"].as_str() {
                    tag = format!("{tag}:{u}");
                }
            }
            *tally.entry(tag).or_default() += 1;
        }
    }
    log.len()
}

/// Gold Rush games per player count in `cargo test`; `GOLD_PROPERTY_GAMES`
/// overrides it for the full run.
const GOLD_GAMES_PER_COUNT: u64 = 100;

/// Great Train Robbery games per player count in `cargo test`;
/// `TRAIN_PROPERTY_GAMES` overrides it for the full run, e.g. in release
/// `TRAIN_PROPERTY_GAMES=1700 cargo test --release -p engine --test
/// bang_properties -- train` (10,200 games per combination with 3 players,
/// 8,500 from 4).
const TRAIN_GAMES_PER_COUNT: u64 = 40;

/// Dodge City games per player count in `cargo test`; `DODGE_PROPERTY_GAMES`
/// overrides it for the full run (`DODGE_PROPERTY_GAMES=1700 cargo test
/// --release -p engine --test bang_properties -- dodge`).
const DODGE_GAMES_PER_COUNT: u64 = 30;

/// Plays `per` games at each player count the combination allows (Gold Rush
/// and shadows: `GOLD_PROPERTY_GAMES`; with the train: `TRAIN_PROPERTY_GAMES`;
/// with Dodge City: `DODGE_PROPERTY_GAMES`).
fn expansion_games(name: &str, base: u64, expansions: &[&str], variants: &[&str]) {
    let per = if expansions.contains(&"dodge_city") {
        games_from_env("DODGE_PROPERTY_GAMES", DODGE_GAMES_PER_COUNT)
    } else if expansions.contains(&"train_robbery") {
        games_from_env("TRAIN_PROPERTY_GAMES", TRAIN_GAMES_PER_COUNT)
    } else {
        games_from_env("GOLD_PROPERTY_GAMES", GOLD_GAMES_PER_COUNT)
    };
    let (mut games, mut total, mut longest) = (0, 0, 0);
    let lowest = if variants.is_empty() { 3 } else { 4 };
    for players in lowest..=8u8 {
        for g in 0..per {
            let n = play_game_with(
                players,
                base + players as u64 * 100_000 + g,
                expansions,
                variants,
            );
            games += 1;
            total += n;
            longest = longest.max(n);
        }
    }
    if std::env::var("GOLD_TALLY").is_ok() {
        eprintln!("{:?}", GOLD_TALLY.lock().unwrap());
    }
    eprintln!("{name} games={games} events={total} longest_game_events={longest} failures=0");
}

#[test]
fn gold_rush_games_keep_every_property() {
    expansion_games("gold_rush", 10_000_000, &["gold_rush"], &[]);
}

#[test]
fn shadow_gunslinger_games_keep_every_property() {
    expansion_games(
        "shadow_gunslingers",
        20_000_000,
        &[],
        &["shadow_gunslingers"],
    );
}

#[test]
fn gold_rush_with_shadows_keeps_every_property() {
    expansion_games(
        "gold_rush+shadow_gunslingers",
        30_000_000,
        &["gold_rush"],
        &["shadow_gunslingers"],
    );
}

#[test]
fn train_robbery_games_keep_every_property() {
    expansion_games("train_robbery", 40_000_000, &["train_robbery"], &[]);
}

#[test]
fn train_robbery_with_gold_rush_keeps_every_property() {
    expansion_games(
        "train_robbery+gold_rush",
        50_000_000,
        &["train_robbery", "gold_rush"],
        &[],
    );
}

#[test]
fn train_robbery_with_shadows_keeps_every_property() {
    expansion_games(
        "train_robbery+shadow_gunslingers",
        60_000_000,
        &["train_robbery"],
        &["shadow_gunslingers"],
    );
}

#[test]
fn dodge_city_games_keep_every_property() {
    expansion_games("dodge_city", 70_000_000, &["dodge_city"], &[]);
}

#[test]
fn dodge_city_with_gold_rush_keeps_every_property() {
    expansion_games(
        "dodge_city+gold_rush",
        71_000_000,
        &["dodge_city", "gold_rush"],
        &[],
    );
}

#[test]
fn dodge_city_with_the_train_keeps_every_property() {
    expansion_games(
        "dodge_city+train_robbery",
        72_000_000,
        &["dodge_city", "train_robbery"],
        &[],
    );
}

#[test]
fn dodge_city_with_shadows_keeps_every_property() {
    expansion_games(
        "dodge_city+shadow_gunslingers",
        73_000_000,
        &["dodge_city"],
        &["shadow_gunslingers"],
    );
}

#[test]
fn random_games_keep_every_property() {
    let mut total = 0;
    let mut longest = 0;
    for players in 3..=8u8 {
        for g in 0..games_per_count() {
            let n = play_game(players, players as u64 * 100_000 + g);
            total += n;
            longest = longest.max(n);
        }
    }
    eprintln!(
        "games={} events={total} longest_game_events={longest} failures=0",
        6 * games_per_count()
    );
}
