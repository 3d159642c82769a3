//! The `strong` policy: it reads nothing its seat may not see, plays only
//! legal actions, is reproducible given its seed and budget, and beats
//! `random`.

use bots::strong::{Determinize, StrongPolicy, fill_dice};
use bots::{NormalPolicy, Policy, RandomPolicy, play_dice_game};
use engine::dice::{Action, Config, Dice, Event, Module, Role, State};
use engine::{Ruleset, Seat, Seed, Viewer};

/// A policy that checks every choice of the one it wraps is legal.
struct Checked(Box<dyn Policy>);

impl Policy for Checked {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn observe(&mut self, event: &Event) {
        self.0.observe(event);
    }
    fn choose(&mut self, view: &engine::dice::View, legal: &[Action]) -> Action {
        let a = self.0.choose(view, legal);
        assert!(legal.contains(&a), "{a:?} is not one of {legal:?}");
        a
    }
}

/// A whole game of `normal` bots, for its log.
fn normal_game(players: u8, seed: u64) -> Vec<Event> {
    let mut policies: Vec<Box<dyn Policy>> = (0..players as u64)
        .map(|s| Box::new(NormalPolicy::new(seed ^ s)) as Box<dyn Policy>)
        .collect();
    play_dice_game(
        &Config::new(players),
        Seed::from_u64(seed),
        &mut policies,
        5_000,
    )
    .unwrap()
    .events
}

/// `log` with the face-down role cards of seats `a` and `b` exchanged
/// (and their roles wherever an event names them).
fn swap_hidden_roles(log: &[Event], a: Seat, b: Seat) -> Vec<Event> {
    let roles = |s: Seat| {
        log.iter().find_map(|e| match e {
            Event::RoleDealt { seat, role, .. } if *seat == s => *role,
            _ => None,
        })
    };
    let (ra, rb) = (roles(a).unwrap(), roles(b).unwrap());
    log.iter()
        .map(|e| match e {
            Event::RoleDealt {
                seat,
                face_up,
                card,
                ..
            } if *seat == a || *seat == b => Event::RoleDealt {
                seat: *seat,
                role: Some(if *seat == a { rb } else { ra }),
                face_up: *face_up,
                card: *card,
            },
            Event::PlayerEliminated { seat, .. } if *seat == a || *seat == b => {
                Event::PlayerEliminated {
                    seat: *seat,
                    role: if *seat == a { rb } else { ra },
                }
            }
            other => other.clone(),
        })
        .collect()
}

/// A `normal` game of `players` with `seed`, and the same game with two
/// face-down role cards swapped, with the seat that sees no difference
/// until they are shown: the first seat that is not the Sheriff (`None`
/// if the others' hidden roles are all alike).
fn two_deals(players: u8, seed: u64) -> Option<(Vec<Event>, Vec<Event>, Seat)> {
    let log = normal_game(players, seed);
    let state = Dice::replay(&log);
    let role = |s: Seat| state.table[s as usize].role.unwrap();
    let me = (0..players).find(|&s| role(s) != Role::Sheriff)?;
    let hidden: Vec<Seat> = (0..players)
        .filter(|&s| s != me && role(s) != Role::Sheriff)
        .collect();
    let (a, b) = hidden
        .iter()
        .flat_map(|&a| hidden.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| role(a) != role(b))?;
    let other = swap_hidden_roles(&log, a, b);
    Some((log, other, me))
}

/// Two games that differ only in who holds two face-down role cards other
/// than the bot's: fed the same redacted events and views, two strong bots
/// with the same seed and budget make the same choice at every decision of
/// the bot's seat, up to the first event its seat sees differently.
#[test]
fn strong_never_reads_hidden_state() {
    let mut compared = 0;
    for game in 0..6u64 {
        let (log, other, me) = two_deals(5 + (game % 3) as u8, 1_000 + game).unwrap();
        let (mut one, mut two) = (
            StrongPolicy::<Dice>::with_playouts(game, 12),
            StrongPolicy::<Dice>::with_playouts(game, 12),
        );
        let (mut s1, mut s2) = (State::default(), State::default());
        let seen = |e: &Event| Dice::redact(e, Viewer::Seat(me));
        for (e1, e2) in log.iter().zip(&other) {
            if seen(e1) != seen(e2) {
                break;
            }
            if matches!(e1, Event::Acted { seat, .. } if *seat == me) {
                assert_ne!(s1, s2, "the two games differ in hidden facts");
                let legal = Dice::legal_actions(&s1, me);
                assert_eq!(legal, Dice::legal_actions(&s2, me));
                let v1 = Dice::view(&s1, Viewer::Seat(me));
                let v2 = Dice::view(&s2, Viewer::Seat(me));
                assert_eq!(v1, v2, "its views are the same");
                assert_eq!(one.choose(&v1, &legal), two.choose(&v2, &legal));
                compared += 1;
            }
            Dice::apply(&mut s1, e1);
            Dice::apply(&mut s2, e2);
            one.observe(&seen(e1));
            two.observe(&seen(e2));
        }
    }
    assert!(compared >= 20, "only {compared} decisions compared");
}

/// The coach, like the bot: two games that differ only in two hidden role
/// cards give the same analysis of every decision of the seat up to the
/// first event it sees differently (the HTTP test
/// `the_end_of_the_game_reveals_nothing_to_the_coach` checks that the
/// server gives it only those events).
#[test]
fn the_coach_never_reads_hidden_state() {
    use bots::strong::Budget;
    use bots::strong::coach::analyse;
    let mut compared = 0;
    for game in 0..4u64 {
        let Some((log, other, me)) = two_deals(5 + (game % 3) as u8, 2_000 + game) else {
            continue;
        };
        let seen = |e: &Event| Dice::redact(e, Viewer::Seat(me));
        let (mut s1, mut s2) = (State::default(), State::default());
        let (mut o1, mut o2) = (Vec::new(), Vec::new());
        for (e1, e2) in log.iter().zip(&other) {
            if seen(e1) != seen(e2) {
                break;
            }
            if matches!(e1, Event::Acted { seat, .. } if *seat == me) && compared < 12 {
                let legal = Dice::legal_actions(&s1, me);
                let v1 = Dice::view(&s1, Viewer::Seat(me));
                let v2 = Dice::view(&s2, Viewer::Seat(me));
                let budget = Budget::Playouts(24);
                let one = analyse::<Dice>(&o1, &v1, &legal, None, budget, 6, game);
                let two = analyse::<Dice>(&o2, &v2, &legal, None, budget, 6, game);
                assert!(one.is_some());
                assert_eq!(one, two, "game {game}, seat {me}");
                compared += 1;
            }
            Dice::apply(&mut s1, e1);
            Dice::apply(&mut s2, e2);
            o1.push(seen(e1));
            o2.push(seen(e2));
        }
    }
    assert!(compared >= 8, "only {compared} decisions compared");
}

/// A budget in milliseconds buys fewer playouts at a game's first
/// decisions, whose playouts run the whole game, than at its last ones, so
/// that each takes about the budget; a budget in playouts is exact.
#[test]
fn a_budget_in_milliseconds_is_fitted_to_how_long_the_games_left_run() {
    use bots::strong::Budget;
    let log = normal_game(5, 3_000);
    let mut state = State::default();
    let mut timed = StrongPolicy::<Dice>::with_budget(7, Budget::Millis(20));
    let mut counted = StrongPolicy::<Dice>::with_playouts(7, 300);
    let mut fitted = Vec::new();
    for e in &log {
        if let Event::Acted { seat, .. } = e {
            let legal = Dice::legal_actions(&state, *seat);
            if legal.len() > 1 && *seat == 0 {
                fitted.push(timed.decision_playouts(*seat, &legal[0]));
                assert_eq!(counted.decision_playouts(*seat, &legal[0]), 300);
            }
        }
        Dice::apply(&mut state, e);
        let seen = Dice::redact(e, Viewer::Seat(0));
        timed.observe(&seen);
        counted.observe(&seen);
    }
    assert!(fitted.len() >= 3, "{fitted:?}");
    let (first, last) = (fitted[0], fitted[fitted.len() - 1]);
    assert!(first < last, "the opening gets fewer: {fitted:?}");
    // Within a quarter and twice the median count (20 ms at 25 a ms).
    assert!(
        fitted.iter().all(|&n| (125 - 4..=1000).contains(&n)),
        "{fitted:?}"
    );
}

/// The determinization keeps every role its seat knows and deals the rest
/// from the cards left, whatever the true deal.
#[test]
fn determinizations_agree_with_what_the_seat_knows() {
    use rand::SeedableRng;
    let log = normal_game(6, 77);
    let truth = Dice::replay(&log);
    for me in 0..6u8 {
        let mine: Vec<Event> = log
            .iter()
            .map(|e| Dice::redact(e, Viewer::Seat(me)))
            .take_while(|e| !matches!(e, Event::PlayerEliminated { .. }))
            .collect();
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(u64::from(me));
        for _ in 0..20 {
            let s = Dice::determinize(&mine, me, &mut rng).unwrap();
            let mut roles: Vec<Role> = (0..6).map(|i| s.table[i].role.unwrap()).collect();
            assert_eq!(roles[me as usize], truth.table[me as usize].role.unwrap());
            for (role, p) in roles.iter().zip(&truth.table) {
                if p.role == Some(Role::Sheriff) {
                    assert_eq!(*role, Role::Sheriff);
                }
            }
            roles.sort_by_key(|r| *r as u8);
            let mut all = engine::dice::roles_for(6).to_vec();
            all.sort_by_key(|r| *r as u8);
            assert_eq!(roles, all);
        }
    }
}

/// Playouts model each seat as the game declares it: a seat played by the
/// `random` bot is played out at random, every other seat by `normal`.
#[test]
fn playouts_model_a_seat_by_the_bot_it_declares() {
    use rand::SeedableRng;
    let mut policies: Vec<Box<dyn Policy>> = (0..5u64)
        .map(|s| {
            if s == 2 {
                Box::new(RandomPolicy::new(s)) as Box<dyn Policy>
            } else {
                Box::new(NormalPolicy::new(s))
            }
        })
        .collect();
    let log = play_dice_game(&Config::new(5), Seed::from_u64(5), &mut policies, 5_000)
        .unwrap()
        .events;
    let mine: Vec<Event> = log
        .iter()
        .map(|e| Dice::redact(e, Viewer::Seat(0)))
        .collect();
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(1);
    let world = Dice::world(&mine[..20], 0, &mut rng).expect("a world");
    let names: Vec<&str> = world.policies.iter().map(|p| p.name()).collect();
    assert_eq!(names, ["normal", "normal", "random", "normal", "normal"]);
}

/// Many seeded games, 3 to 8 players, with every Old Saloon module on in
/// some: every choice of the strong bots is one of its legal actions, and
/// every game ends.
#[test]
fn strong_only_returns_legal_actions() {
    use Module::*;
    let sets: [&[Module]; 4] = [
        &[],
        &[LoudmouthCoward, ChiefArrow, NewCharacters],
        &[SpecialRoles],
        &[
            LoudmouthCoward,
            ChiefArrow,
            SpecialRoles,
            NewCharacters,
            Ghost,
        ],
    ];
    for (k, modules) in sets.iter().enumerate() {
        for players in 3..=8u8 {
            if modules.contains(&Ghost) && players < 5 {
                continue;
            }
            let seed = (k as u64) << 16 | u64::from(players);
            let mut config = Config::new(players);
            config.options.modules = modules.to_vec();
            config.options.special_roles_mixed =
                modules.contains(&SpecialRoles) && players % 2 == 0;
            let mut policies: Vec<Box<dyn Policy>> = (0..players as u64)
                .map(|s| {
                    let p: Box<dyn Policy> = if s % 2 == 0 {
                        Box::new(StrongPolicy::<Dice>::with_playouts(seed ^ s, 6))
                    } else {
                        Box::new(RandomPolicy::new(seed ^ s))
                    };
                    Box::new(Checked(p)) as Box<dyn Policy>
                })
                .collect();
            let record = play_dice_game(&config, Seed::from_u64(seed), &mut policies, 5_000)
                .unwrap_or_else(|e| panic!("{modules:?} {players}p: {e}"));
            assert!(
                record.outcome.is_some(),
                "{modules:?} {players}p did not end"
            );
        }
    }
}

fn strong_game(seed: u64, playouts: u32) -> Vec<Event> {
    let mut config = Config::new(5);
    config.options.modules = vec![Module::SpecialRoles, Module::ChiefArrow];
    let mut policies: Vec<Box<dyn Policy>> = (0..5u64)
        .map(|s| {
            if s % 2 == 0 {
                Box::new(StrongPolicy::<Dice>::with_playouts(seed ^ s, playouts)) as Box<dyn Policy>
            } else {
                Box::new(NormalPolicy::new(seed ^ s))
            }
        })
        .collect();
    play_dice_game(&config, Seed::from_u64(seed), &mut policies, 5_000)
        .unwrap()
        .events
}

/// The same seeds and budget give the same game, action for action.
#[test]
fn strong_is_reproducible_in_playout_mode() {
    for seed in [3, 4] {
        assert_eq!(strong_game(seed, 10), strong_game(seed, 10));
    }
    // Reseeding starts its draws again: the same choice twice.
    let log = normal_game(5, 9);
    let cut = log
        .iter()
        .rposition(|e| matches!(e, Event::Acted { seat: 2, .. }))
        .unwrap();
    let mine: Vec<Event> = log[..cut]
        .iter()
        .map(|e| Dice::redact(e, Viewer::Seat(2)))
        .collect();
    let state = Dice::replay(&log[..cut]);
    let legal = Dice::legal_actions(&state, 2);
    let view = Dice::view(&state, Viewer::Seat(2));
    let mut p = StrongPolicy::<Dice>::with_playouts(5, 20);
    for e in &mine {
        p.observe(e);
    }
    p.reseed(11);
    let first = p.choose(&view, &legal);
    p.reseed(11);
    assert_eq!(p.choose(&view, &legal), first);
}

/// In a small seeded match, strong bots win clearly more often than random
/// ones (no timing).
#[test]
fn strong_beats_random() {
    let (mut strong, mut random) = ((0u32, 0u32), (0u32, 0u32));
    for game in 0..16u64 {
        let players = 4 + (game % 2) as u8;
        let mut policies: Vec<Box<dyn Policy>> = (0..players as u64)
            .map(|s| {
                if (s + game) % 2 == 0 {
                    Box::new(StrongPolicy::<Dice>::with_playouts(game ^ s, 8)) as Box<dyn Policy>
                } else {
                    Box::new(RandomPolicy::new(game ^ s))
                }
            })
            .collect();
        let record = play_dice_game(
            &Config::new(players),
            Seed::from_u64(500 + game),
            &mut policies,
            5_000,
        )
        .unwrap();
        let won = record.outcome.unwrap().seats;
        for s in 0..players as u64 {
            let tally = if (s + game) % 2 == 0 {
                &mut strong
            } else {
                &mut random
            };
            tally.0 += 1;
            tally.1 += u32::from(won.contains(&(s as u8)));
        }
    }
    let rate = |t: (u32, u32)| f64::from(t.1) / f64::from(t.0);
    assert!(
        rate(strong) > rate(random) + 0.15,
        "strong {strong:?} vs random {random:?}"
    );
}

/// Milliseconds per decision at the default budget (run it in release with
/// `--ignored --nocapture`; it asserts nothing of time).
#[test]
#[ignore]
fn strong_decision_time() {
    if let Some(n) = std::env::var("STRONG_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        bots::strong::set_default_playouts(n);
    }
    let mut total = std::time::Duration::ZERO;
    let mut longest = std::time::Duration::ZERO;
    let mut decisions = 0u32;
    for game in 0..3u64 {
        let log = normal_game(5, 40 + game);
        let me = 1u8;
        let mut p = StrongPolicy::<Dice>::new(game);
        let mut s = State::default();
        for e in &log {
            if matches!(e, Event::Acted { seat, .. } if *seat == me) {
                let legal = Dice::legal_actions(&s, me);
                if legal.len() > 1 {
                    let view = Dice::view(&s, Viewer::Seat(me));
                    let t = std::time::Instant::now();
                    p.choose(&view, &legal);
                    total += t.elapsed();
                    longest = longest.max(t.elapsed());
                    decisions += 1;
                }
            }
            Dice::apply(&mut s, e);
            p.observe(&Dice::redact(e, Viewer::Seat(me)));
        }
    }
    println!(
        "strong: {} playouts, {decisions} decisions, {:.1} ms per decision, longest {:.1} ms",
        StrongPolicy::<Dice>::new(0).playouts(),
        total.as_secs_f64() * 1e3 / f64::from(decisions),
        longest.as_secs_f64() * 1e3
    );
}

/// With special roles (not mixed), every sampled card stands for the role
/// it is dealt with, no card is dealt twice, and the cards the seat knows
/// are kept.
#[test]
fn determinized_special_cards_fit_their_roles() {
    use rand::SeedableRng;
    for game in 0..4u64 {
        let players = 4 + game as u8;
        let mut config = Config::new(players);
        config.options.modules = vec![Module::SpecialRoles];
        let mut policies: Vec<Box<dyn Policy>> = (0..players as u64)
            .map(|s| Box::new(NormalPolicy::new(game ^ s)) as Box<dyn Policy>)
            .collect();
        let log = play_dice_game(&config, Seed::from_u64(game), &mut policies, 5_000)
            .unwrap()
            .events;
        let dealt = |log: &[Event]| -> Vec<(Option<Role>, Option<engine::dice::Special>)> {
            log.iter()
                .filter_map(|e| match e {
                    Event::RoleDealt { role, card, .. } => Some((*role, *card)),
                    _ => None,
                })
                .collect()
        };
        let truth = dealt(&log);
        let me = 1u8;
        let mine: Vec<Event> = log
            .iter()
            .map(|e| Dice::redact(e, Viewer::Seat(me)))
            .collect();
        let seen = dealt(&mine);
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(game);
        for _ in 0..20 {
            let sample = dealt(&fill_dice(&mine, me, &mut rng).unwrap());
            let mut cards = Vec::new();
            for (i, (role, card)) in sample.iter().enumerate() {
                let card = card.expect("every card is special when not mixed");
                assert_eq!(Some(card.info().role), *role);
                assert!(!cards.contains(&card), "{card:?} dealt twice");
                cards.push(card);
                if seen[i].0.is_some() {
                    assert_eq!(sample[i], truth[i]);
                }
            }
        }
    }
}
