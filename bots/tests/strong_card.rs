//! The `strong` policy in the card game: its determinizations show each
//! seat exactly what it saw, it reads nothing its seat may not see, plays
//! only legal actions and is reproducible given its seed and budget.

use bots::card::NormalCardPolicy;
use bots::strong::{Determinize, StrongPolicy};
use bots::{Policy, bot_seats, play_game};
use engine::bang::{Action, Bang, Event, State, View, check_invariants};
use engine::{Role, Ruleset, Seat, Seed, Viewer};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde_json::{Value, json};

/// The tables the tests play: the base game, each expansion, both, and
/// the variants that hide more (two characters to choose from, shadows).
fn tables() -> Vec<(u8, Value)> {
    vec![
        (4, json!({})),
        (5, json!({"character_choice": 2})),
        (7, json!({})),
        (5, json!({"expansions": ["gold_rush"]})),
        (6, json!({"expansions": ["train_robbery"]})),
        (5, json!({"expansions": ["train_robbery", "gold_rush"]})),
        (4, json!({"variants": ["shadow_gunslingers"]})),
        (3, json!({})),
    ]
}

/// A whole game of `policies`' kind at `players` seats with `options`.
fn game(
    players: u8,
    options: &Value,
    seed: u64,
    make: impl Fn(Seat) -> Box<dyn Policy<Bang>>,
) -> Vec<Event> {
    let mut policies: Vec<Box<dyn Policy<Bang>>> = (0..players).map(make).collect();
    let config = Bang::config(players, options, bot_seats(&policies)).unwrap();
    play_game::<Bang>(&config, Seed::from_u64(seed), &mut policies, 20_000)
        .unwrap()
        .events
}

fn normal_game(players: u8, options: &Value, seed: u64) -> Vec<Event> {
    game(
        players,
        options,
        seed,
        |_| Box::new(NormalCardPolicy::new()),
    )
}

fn view_of(state: &State, seat: Seat) -> Value {
    serde_json::to_value(Bang::view(state, Viewer::Seat(seat))).unwrap()
}

/// Card-game playouts model each seat as the game declares it: the
/// `random` bot's seat at random, every other seat by `normal`.
#[test]
fn card_playouts_model_a_seat_by_the_bot_it_declares() {
    let log = game(4, &json!({}), 9, |seat| {
        if seat == 3 {
            Box::new(bots::RandomPolicy::new(3))
        } else {
            Box::new(NormalCardPolicy::new())
        }
    });
    let mine: Vec<Event> = log
        .iter()
        .map(|e| Bang::redact(e, Viewer::Seat(1)))
        .collect();
    let world = Bang::world(&mine[..30], 1, &mut ChaCha8Rng::seed_from_u64(2)).expect("a world");
    let names: Vec<&str> = world.policies.iter().map(|p| p.name()).collect();
    assert_eq!(names, ["normal", "normal", "normal", "random"]);
}

/// At many points of games on every table, every seat's determinizations
/// keep every card in one place and show the seat the very view it has of
/// the true game: its hand, every card in play, the discard pile, the
/// others' hand sizes, the deck's size, the roles it knows.
#[test]
fn card_determinizations_show_each_seat_what_it_saw() {
    let mut checked = 0;
    for (t, (players, options)) in tables().into_iter().enumerate() {
        let log = normal_game(players, &options, 500 + t as u64);
        let step = (log.len() / 12).max(1);
        for cut in (step..log.len()).step_by(step) {
            let truth = Bang::replay(&log[..cut]);
            if truth.outcome.is_some() || !truth.started() {
                continue;
            }
            for me in 0..players {
                let mine: Vec<Event> = log[..cut]
                    .iter()
                    .map(|e| Bang::redact(e, Viewer::Seat(me)))
                    .collect();
                let mut rng = ChaCha8Rng::seed_from_u64(u64::from(me) + cut as u64);
                for _ in 0..3 {
                    let sample = Bang::determinize(&mine, me, &mut rng)
                        .unwrap_or_else(|| panic!("table {t} cut {cut} seat {me}: no sample"));
                    check_invariants(&sample)
                        .unwrap_or_else(|e| panic!("table {t} cut {cut} seat {me}: {e}"));
                    assert_eq!(
                        view_of(&sample, me),
                        view_of(&truth, me),
                        "table {t} cut {cut} seat {me}: the sample shows the seat another game"
                    );
                    for s in 0..players {
                        assert!(sample.p(s).role.is_some(), "every seat has a role");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 300, "only {checked} samples checked");
}

/// The determinizations do not simply copy the truth: over many samples the
/// others' hands differ from the true ones.
#[test]
fn card_determinizations_sample_the_hidden_hands() {
    let log = normal_game(5, &json!({}), 41);
    let cut = log.len() / 2;
    let truth = Bang::replay(&log[..cut]);
    let me = 0;
    let mine: Vec<Event> = log[..cut]
        .iter()
        .map(|e| Bang::redact(e, Viewer::Seat(me)))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut differs = 0;
    for _ in 0..20 {
        let sample = Bang::determinize(&mine, me, &mut rng).unwrap();
        let hands = |s: &State| (1..5).map(|p| s.p(p).hand.to_vec()).collect::<Vec<_>>();
        differs += usize::from(hands(&sample) != hands(&truth));
        assert_eq!(sample.p(me).hand, truth.p(me).hand, "its own hand is known");
    }
    assert!(
        differs >= 15,
        "the others' hands were the true ones {} times",
        20 - differs
    );
}

/// `log` with the face-down role cards of seats `a` and `b` exchanged (and
/// their roles wherever an event names them).
fn swap_hidden_roles(log: &[Event], a: Seat, b: Seat, ra: Role, rb: Role) -> Vec<Event> {
    let other = |seat: Seat| if seat == a { rb } else { ra };
    log.iter()
        .map(|e| match e {
            Event::RoleDealt { seat, face_up, .. } if *seat == a || *seat == b => {
                Event::RoleDealt {
                    seat: *seat,
                    role: Some(other(*seat)),
                    face_up: *face_up,
                }
            }
            Event::PlayerEliminated { seat, by, .. } if *seat == a || *seat == b => {
                Event::PlayerEliminated {
                    seat: *seat,
                    role: other(*seat),
                    by: *by,
                }
            }
            other => other.clone(),
        })
        .collect()
}

/// Two card games that differ only in who holds two face-down role cards
/// other than the bot's: fed the same redacted events and views, two strong
/// bots with the same seed and budget make the same choice at every
/// decision of the bot's seat, up to the first event its seat sees
/// differently.
#[test]
fn strong_card_never_reads_hidden_state() {
    let mut compared = 0;
    for game in 0..3u64 {
        let players = 5 + (game % 2) as u8;
        let log = normal_game(players, &json!({}), 2_000 + game);
        let state = Bang::replay(&log);
        let role = |s: Seat| state.p(s).role.unwrap();
        let me = (0..players).find(|&s| role(s) != Role::Sheriff).unwrap();
        let hidden: Vec<Seat> = (0..players)
            .filter(|&s| s != me && role(s) != Role::Sheriff)
            .collect();
        let (a, b) = hidden
            .iter()
            .flat_map(|&a| hidden.iter().map(move |&b| (a, b)))
            .find(|&(a, b)| role(a) != role(b))
            .unwrap();
        let other = swap_hidden_roles(&log, a, b, role(a), role(b));
        let (mut one, mut two) = (
            StrongPolicy::<Bang>::with_playouts(game, 4),
            StrongPolicy::<Bang>::with_playouts(game, 4),
        );
        let (mut s1, mut s2) = (State::default(), State::default());
        let seen = |e: &Event| Bang::redact(e, Viewer::Seat(me));
        for (e1, e2) in log.iter().zip(&other) {
            if seen(e1) != seen(e2) {
                break;
            }
            if Bang::next_to_act(&s1) == Some(me) && compared < 60 {
                let legal = Bang::legal_actions(&s1, me);
                let v1: View = Bang::view(&s1, Viewer::Seat(me));
                let v2: View = Bang::view(&s2, Viewer::Seat(me));
                assert_eq!(
                    serde_json::to_value(&v1).unwrap(),
                    serde_json::to_value(&v2).unwrap(),
                    "its views are the same"
                );
                if legal.len() > 1 {
                    assert_ne!(s1, s2, "the two games differ in hidden facts");
                    assert_eq!(one.choose(&v1, &legal), two.choose(&v2, &legal));
                    compared += 1;
                }
            }
            Bang::apply(&mut s1, e1);
            Bang::apply(&mut s2, e2);
            one.observe(&seen(e1));
            two.observe(&seen(e2));
        }
    }
    assert!(compared >= 20, "only {compared} decisions compared");
}

/// A policy that checks every choice of the one it wraps is legal.
struct Checked(Box<dyn Policy<Bang>>);

impl Policy<Bang> for Checked {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn observe(&mut self, event: &Event) {
        self.0.observe(event);
    }
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let a = self.0.choose(view, legal);
        assert!(legal.contains(&a), "{a:?} is not one of {legal:?}");
        a
    }
}

/// Games on every table with a strong bot at every other seat: every
/// choice is one of its legal actions and every game ends.
#[test]
fn strong_card_only_returns_legal_actions() {
    for (t, (players, options)) in tables().into_iter().enumerate() {
        let seed = 900 + t as u64;
        let log = game(players, &options, seed, |s| {
            if s % 2 == 0 {
                Box::new(Checked(Box::new(StrongPolicy::<Bang>::with_playouts(
                    seed ^ u64::from(s),
                    3,
                ))))
            } else {
                Box::new(NormalCardPolicy::new())
            }
        });
        assert!(
            matches!(log.last(), Some(Event::GameEnded { .. })),
            "table {t}: the game ended"
        );
    }
}

/// The same seed and budget give the same game, decision for decision.
#[test]
fn strong_card_is_reproducible_in_playout_mode() {
    let play = || {
        game(5, &json!({"expansions": ["gold_rush"]}), 77, |s| {
            Box::new(StrongPolicy::<Bang>::with_playouts(u64::from(s), 4))
        })
    };
    assert_eq!(play(), play());
}

/// Milliseconds per decision at the default budget, in the base game and
/// with both expansions (run it in release with `--ignored --nocapture`; it
/// asserts nothing of time).
#[test]
#[ignore]
fn strong_card_decision_time() {
    for options in [
        json!({}),
        json!({"expansions": ["gold_rush"]}),
        json!({"expansions": ["train_robbery"]}),
        json!({"expansions": ["gold_rush", "train_robbery"]}),
    ] {
        let mut total = std::time::Duration::ZERO;
        let mut longest = std::time::Duration::ZERO;
        let mut decisions = 0u32;
        let mut playouts = 0;
        for game in 0..3u64 {
            let log = normal_game(5, &options, 40 + game);
            let me = 1u8;
            let mut p = StrongPolicy::<Bang>::new(game);
            let mut s = State::default();
            for e in &log {
                if Bang::next_to_act(&s) == Some(me) && Bang::begins_decision(e) {
                    let legal = Bang::legal_actions(&s, me);
                    if legal.len() > 1 {
                        let view = Bang::view(&s, Viewer::Seat(me));
                        let t = std::time::Instant::now();
                        p.choose(&view, &legal);
                        total += t.elapsed();
                        playouts = p.playouts();
                        longest = longest.max(t.elapsed());
                        decisions += 1;
                    }
                }
                Bang::apply(&mut s, e);
                p.observe(&Bang::redact(e, Viewer::Seat(me)));
            }
        }
        let ms = total.as_secs_f64() * 1e3 / f64::from(decisions);
        println!(
            "strong ({options}): {playouts} playouts, {decisions} decisions, {ms:.1} ms per \
             decision, longest {:.1} ms, {:.1} playouts/ms",
            longest.as_secs_f64() * 1e3,
            f64::from(playouts) / ms
        );
    }
}

#[test]
fn a_playout_cut_short_scores_its_sides_share_of_the_life_in_play() {
    let events = game(5, &json!({}), 3, |_| Box::new(NormalCardPolicy::new()));
    // The game's opening: every seat in play at its starting life.
    let mut state = State::default();
    for e in events.iter().take(40) {
        engine::bang::apply(&mut state, e);
    }
    let seats: Vec<Seat> = (0..state.players).collect();
    let total: f64 = seats
        .iter()
        .filter(|&&s| state.in_play(s))
        .map(|&s| f64::from(state.table[s as usize].life.max(0)))
        .sum();
    let life_of = |role: Role| -> f64 {
        seats
            .iter()
            .filter(|&&s| state.in_play(s) && state.table[s as usize].role == Some(role))
            .map(|&s| f64::from(state.table[s as usize].life.max(0)))
            .sum()
    };
    for &seat in &seats {
        let score = Bang::cut_score(&state, seat);
        let expected = match state.table[seat as usize].role {
            Some(Role::Sheriff | Role::Deputy) => life_of(Role::Sheriff) + life_of(Role::Deputy),
            Some(Role::Outlaw) => life_of(Role::Outlaw),
            _ => f64::from(state.table[seat as usize].life.max(0)),
        } / total;
        assert!(
            (score - expected).abs() < 1e-12,
            "seat {seat}: {score} vs {expected}"
        );
    }
    // The sides' shares make one.
    let sheriff = seats
        .iter()
        .find(|&&s| state.table[s as usize].role == Some(Role::Sheriff))
        .copied()
        .unwrap();
    let outlaw = seats
        .iter()
        .find(|&&s| state.table[s as usize].role == Some(Role::Outlaw))
        .copied()
        .unwrap();
    let renegade = seats
        .iter()
        .find(|&&s| state.table[s as usize].role == Some(Role::Renegade))
        .copied()
        .unwrap();
    let sum = Bang::cut_score(&state, sheriff)
        + Bang::cut_score(&state, outlaw)
        + Bang::cut_score(&state, renegade);
    assert!((sum - 1.0).abs() < 1e-12, "{sum}");
}
