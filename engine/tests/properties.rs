//! Property tests over many random-policy games with fixed seeds (3 to 8 players).
//!
//! For every decision of every game: the chosen action comes from `legal_actions`
//! and `decide` accepts it; the state keeps its invariants (life within 0..=max,
//! arrows conserved); no view or event shown to a seat carries another seat's
//! unrevealed role. For every game: it ends within a bound, and replaying its log
//! from scratch gives exactly the live state.

use engine::dice::{self, Action, Config, Dice, Event, State};
use engine::{Controls, GameRng, Ruleset, Seed, Viewer};

// The dice game's properties share only the seat changes with the card game's.
#[allow(dead_code)]
mod common;
use common::random_control;

/// Games per player count: 6 counts × 1,700 = 10,200 games.
const GAMES_PER_COUNT: u64 = 1_700;
/// No random game needs more decisions than this.
const MAX_DECISIONS: usize = 5_000;

fn no_hidden_role_leaks(state: &State, events: &[Event]) {
    if state.is_over() {
        let spectator = dice::view(state, Viewer::Spectator);
        assert!(
            spectator.players.iter().all(|p| p.role.is_some()),
            "after the end every role shows"
        );
        return;
    }
    for viewer in 0..state.players {
        let view = dice::view(state, Viewer::Seat(viewer));
        for p in &view.players {
            if p.seat != viewer && !state.table[p.seat as usize].role_public {
                assert!(
                    p.role.is_none() && p.card.is_none(),
                    "seat {viewer} sees the role of seat {}",
                    p.seat
                );
            }
        }
        for e in events {
            match dice::redact(e, Viewer::Seat(viewer)) {
                Event::RoleDealt {
                    seat,
                    face_up: false,
                    role,
                    card,
                } if role.is_some() || card.is_some() => assert_eq!(
                    seat, viewer,
                    "seat {viewer} is shown the role dealt to {seat}"
                ),
                Event::OrdersSet {
                    seat,
                    orders: Some(_),
                } => assert_eq!(seat, viewer, "seat {viewer} sees the orders of {seat}"),
                _ => {}
            }
        }
    }
    let spectator = dice::view(state, Viewer::Spectator);
    for p in &spectator.players {
        assert!(
            p.role.is_none() || p.role_public,
            "a spectator sees a hidden role"
        );
    }
}

fn play(players: u8, game_seed: u64) {
    play_with(players, game_seed, &[]);
}

fn play_with(players: u8, game_seed: u64, modules: &[dice::Module]) {
    let mut config = Config::new(players);
    config.options.modules = modules.to_vec();
    play_config(config, game_seed);
}

/// Counts, over many games, how often each special-role effect happened.
#[derive(Default, Debug)]
struct Effects {
    reveals: std::collections::BTreeMap<String, u32>,
    cancelled: u32,
    swapped_roles: u32,
    turned: u32,
    gambled: u32,
    blocked: u32,
    swapped_arrows: u32,
    rescued: u32,
    extra_turns: u32,
    expired: u32,
}

impl Effects {
    fn count(&mut self, events: &[Event]) {
        let mut last_reveal = None;
        for e in events {
            match e {
                Event::RoleRevealed { card, .. } => {
                    *self.reveals.entry(card.id().to_string()).or_default() += 1;
                    last_reveal = Some(*card);
                }
                Event::RevealCancelled { .. } => self.cancelled += 1,
                Event::RolesSwapped { .. } => self.swapped_roles += 1,
                Event::DieTurned { .. } => self.turned += 1,
                Event::Gambled => self.gambled += 1,
                Event::GainBlocked { .. } => self.blocked += 1,
                Event::ArrowsSwapped { .. } => self.swapped_arrows += 1,
                Event::Rescued { .. } => self.rescued += 1,
                Event::TurnStarted { .. } if last_reveal == Some(dice::Special::RightHand) => {
                    self.extra_turns += 1;
                    last_reveal = None;
                }
                Event::WindowExpired => self.expired += 1,
                _ => {}
            }
        }
    }
}

fn play_config(config: Config, game_seed: u64) -> Vec<Event> {
    let players = config.players;
    let seed = Seed::from_u64(game_seed);
    let special = config.options.modules.contains(&dice::Module::SpecialRoles);
    let mut events = dice::start(&config, &mut GameRng::new(seed, 0)).expect("valid config");
    let mut state = State::default();
    for e in &events {
        dice::apply(&mut state, e);
    }
    no_hidden_role_leaks(&state, &events);
    let mut chooser = GameRng::new(Seed::from_u64(!game_seed), 0);
    let mut decisions = 0;
    let mut controls = Controls::default();
    while dice::pending(&state).is_some() {
        decisions += 1;
        assert!(decisions <= MAX_DECISIONS, "game {game_seed} did not end");
        let waiting = dice::waiting(&state);
        assert_eq!(waiting.first().copied(), dice::pending(&state));
        for p in &waiting {
            assert!(
                state.is_alive(p.seat) || state.ghost == Some(p.seat),
                "an eliminated seat is asked to act"
            );
        }
        for other in 0..players {
            let asked = waiting.iter().any(|p| p.seat == other);
            assert_eq!(
                !dice::legal_actions(&state, other).is_empty(),
                asked,
                "seat {other}: legal actions and waiting disagree"
            );
        }
        if state.window.is_some() && state.reaction_seconds.is_some() && chooser.below(8) == 0 {
            // Only a game with a live reaction time has its windows expire (the
            // audit refuses an expiry anywhere else).
            // The live reaction window runs out.
            let mut expired = state.clone();
            let rng = &mut GameRng::new(seed, state.version);
            let new = dice::expire(&mut expired, rng).expect("an open window expires");
            assert!(matches!(new.first(), Some(Event::WindowExpired)));
            for e in &new {
                dice::apply(&mut state, e);
            }
            assert_eq!(expired, state, "expire moved on differently from the fold");
            events.extend(new);
            continue;
        }
        if chooser.below(40) == 0
            && let Some(new) = random_control::<Dice>(
                &mut |n| chooser.below(n as u32) as usize,
                &state,
                &controls,
                players,
            )
        {
            // A play-by-post deadline changed who plays a seat.
            for e in &new {
                dice::apply(&mut state, e);
                controls.fold(Dice::decided(e));
            }
            events.extend(new);
            continue;
        }
        let mut pending = waiting[chooser.below(waiting.len() as u32) as usize];
        let legal = dice::legal_actions(&state, pending.seat);
        let orders;
        let action = if special && chooser.below(20) == 0 {
            pending.seat = chooser.below(u32::from(players)) as u8;
            orders = Action::SetOrders {
                orders: dice::Orders::random(&mut chooser, players),
            };
            &orders
        } else {
            &legal[chooser.below(legal.len() as u32) as usize]
        };
        let new = dice::decide(
            &state,
            pending.seat,
            action,
            &mut GameRng::new(seed, state.version),
        )
        .unwrap_or_else(|e| panic!("legal action {action:?} refused: {e}"));
        assert!(matches!(
            new.first(),
            Some(Event::Acted { .. } | Event::OrdersSet { .. })
        ));
        let mut played = state.clone();
        let rng = &mut GameRng::new(seed, state.version);
        let same = dice::play(&mut played, pending.seat, action, rng).unwrap();
        assert_eq!(same, new, "play and decide disagree");
        for e in &new {
            dice::apply(&mut state, e);
            controls.fold(Dice::decided(e));
            if state.batch.is_none() {
                dice::check_invariants(&state).unwrap_or_else(|e| panic!("game {game_seed}: {e}"));
            }
        }
        assert_eq!(played, state, "play moved on differently from the fold");
        assert!(
            state.window.is_none_or(|w| !w.asked.is_empty()),
            "game {game_seed}: a window is left open with nobody to answer it"
        );
        if decisions % 16 == 0 {
            no_hidden_role_leaks(&state, &new);
        }
        events.extend(new);
    }
    assert!(
        state.is_over(),
        "game {game_seed} stopped without an outcome"
    );
    assert!(matches!(events.last(), Some(Event::GameEnded { seed: s, .. }) if *s == seed));
    no_hidden_role_leaks(&state, &events);
    let mut replayed = State::default();
    let mut replayed_controls = Controls::default();
    for e in &events {
        dice::apply(&mut replayed, e);
        replayed_controls.fold(Dice::decided(e));
    }
    assert_eq!(replayed, state, "game {game_seed}: replay differs");
    assert_eq!(
        replayed_controls, controls,
        "game {game_seed}: who plays differs"
    );
    let controlled = events.iter().any(|e| matches!(e, Event::SeatControl(_)));
    if special || controlled {
        // Standing orders and windows re-derive from the seed like everything else.
        assert_eq!(dice::verify_log(&events, seed), Ok(()), "game {game_seed}");
    }
    events
}

#[test]
fn ten_thousand_random_games_keep_every_invariant() {
    for players in 3..=8u8 {
        for i in 0..GAMES_PER_COUNT {
            play(players, u64::from(players) * 1_000_000 + i);
        }
    }
}

#[test]
fn random_games_with_old_saloon_modules_keep_every_invariant() {
    use dice::Module::*;
    let sets: [&[dice::Module]; 8] = [
        &[LoudmouthCoward],
        &[ChiefArrow],
        &[NewCharacters],
        &[Ghost],
        &[LoudmouthCoward, ChiefArrow, NewCharacters],
        &[LoudmouthCoward, ChiefArrow, NewCharacters, Ghost],
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
        let fewest = if modules.contains(&Ghost) { 5 } else { 3 };
        for players in fewest..=8u8 {
            for i in 0..250 {
                play_with(
                    players,
                    (k as u64 + 1) * 10_000_000 + u64::from(players) * 1_000 + i,
                    modules,
                );
            }
        }
    }
}

#[test]
fn random_special_role_games_with_bot_seats_and_orders_keep_every_invariant() {
    // Bot seats answer every window by hand (their default order is `ask`);
    // human seats pass unless their random standing orders say otherwise.
    use dice::Module::*;
    let mut effects = Effects::default();
    for players in 3..=8u8 {
        for i in 0..300u64 {
            let mut config = Config::new(players);
            config.options.modules = vec![SpecialRoles];
            if players >= 5 && i % 2 == 0 {
                config.options.modules.extend([ChiefArrow, Ghost]);
            }
            config.options.special_roles_mixed = i % 3 == 0;
            config.options.reaction_seconds = (i % 5 == 0).then_some(30);
            config.seats = (0..players)
                .map(|s| dice::SeatSpec {
                    name: format!("P{s}"),
                    bot: (s % 2 == 0 || i % 4 == 0).then(|| "random".to_string()),
                    budget_ms: None,
                })
                .collect();
            let events = play_config(config, 90_000_000 + u64::from(players) * 10_000 + i);
            effects.count(&events);
        }
    }
    // Every power was used, and had its effect, in some game.
    assert_eq!(effects.reveals.len(), 8, "{effects:?}");
    let e = &effects;
    for (name, n) in [
        ("cancelled", e.cancelled),
        ("swapped roles", e.swapped_roles),
        ("turned", e.turned),
        ("gambled", e.gambled),
        ("blocked", e.blocked),
        ("swapped arrows", e.swapped_arrows),
        ("rescued", e.rescued),
        ("extra turns", e.extra_turns),
        ("expired", e.expired),
    ] {
        assert!(n > 0, "no game had {name}: {effects:?}");
    }
}

#[test]
fn replaying_the_log_through_decide_reproduces_it_from_the_seed() {
    // The provably-fair audit: once the seed is known, re-deciding every recorded
    // action at its version yields exactly the logged events.
    for game_seed in 0..50u64 {
        let seed = Seed::from_u64(game_seed);
        let config = Config::new(5);
        let mut events = dice::start(&config, &mut GameRng::new(seed, 0)).unwrap();
        let mut state = State::default();
        events.iter().for_each(|e| dice::apply(&mut state, e));
        let mut chooser = GameRng::new(Seed::from_u64(game_seed + 99), 0);
        while let Some(p) = dice::pending(&state) {
            let legal = dice::legal_actions(&state, p.seat);
            let action = legal[chooser.below(legal.len() as u32) as usize];
            let new = dice::decide(
                &state,
                p.seat,
                &action,
                &mut GameRng::new(seed, state.version),
            )
            .unwrap();
            new.iter().for_each(|e| dice::apply(&mut state, e));
            events.extend(new);
        }
        assert_eq!(dice::verify_log(&events, seed), Ok(()));
        let mut forged = events.clone();
        if let Some(Event::DiceRolled { dice }) = forged
            .iter_mut()
            .find(|e| matches!(e, Event::DiceRolled { .. }))
        {
            dice[0].face = if dice[0].face == dice::Face::Beer {
                dice::Face::Gatling
            } else {
                dice::Face::Beer
            };
        }
        assert!(dice::verify_log(&forged, seed).is_err());
    }
}

#[test]
fn actions_outside_the_legal_list_are_refused() {
    let seed = Seed::from_u64(5);
    let events = dice::start(&Config::new(4), &mut GameRng::new(seed, 0)).unwrap();
    let mut state = State::default();
    events.iter().for_each(|e| dice::apply(&mut state, e));
    let mut chooser = GameRng::new(seed, 1);
    let junk = [
        Action::Stop,
        Action::ROLL,
        Action::reroll(&[]),
        Action::reroll(&[9]),
        Action::reroll(&[1, 1]),
        Action::Shoot {
            target: 7,
            double: true,
        },
        Action::Beer { target: 200 },
        Action::Gift { target: 0 },
        Action::Discard {
            from: 3,
            chief: false,
        },
        Action::EndDiscards,
        Action::TakeArrows {
            count: 9,
            chief: false,
        },
        Action::ReturnArrows {
            count: 9,
            chief: false,
        },
    ];
    for _ in 0..300 {
        let Some(p) = dice::pending(&state) else {
            break;
        };
        let legal = dice::legal_actions(&state, p.seat);
        for seat in 0..9u8 {
            for action in &junk {
                let allowed = seat == p.seat && legal.contains(action);
                let result = dice::decide(&state, seat, action, &mut GameRng::new(seed, 0));
                assert_eq!(result.is_ok(), allowed, "{action:?} by {seat}");
            }
        }
        let action = &legal[chooser.below(legal.len() as u32) as usize];
        let new = dice::decide(
            &state,
            p.seat,
            action,
            &mut GameRng::new(seed, state.version),
        )
        .unwrap();
        new.iter().for_each(|e| dice::apply(&mut state, e));
    }
}

#[test]
fn events_round_trip_through_json() {
    let seed = Seed::from_u64(11);
    let events = dice::start(&Config::new(6), &mut GameRng::new(seed, 0)).unwrap();
    for e in &events {
        let text = serde_json::to_string(e).unwrap();
        let back: Event = serde_json::from_str(&text).unwrap();
        assert_eq!(&back, e);
    }
}
