//! Random games with the Great Train Robbery (every legal action equally
//! likely): invariants after every event, both piles and the train conserved,
//! no leak of the railcar deck or station order, replay == live, `verify_log`.

use super::super::*;
use crate::core::verify_log;
use crate::{Ruleset, Viewer};

/// A small deterministic chooser.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Plays one random game; returns its events and how often a railcar was taken.
/// Games per player count: `TRAIN_PROPERTY_GAMES` overrides the sample for
/// a longer run (`TRAIN_PROPERTY_GAMES=1700 cargo test --release -p engine
/// --lib train::random`).
fn games(default: u64) -> u64 {
    std::env::var("TRAIN_PROPERTY_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// How many of the train's own windows the random games let expire.
static TRAIN_EXPIRIES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn random_game(players: u8, game: u64, expansions: &[&str]) -> (usize, usize) {
    random_game_with(players, game, expansions, &[], false)
}

/// One random game; with `expiries`, a live reaction time and every open
/// window left to expire one time in three (the server's safe default).
pub(in crate::bang::tests) fn random_game_with(
    players: u8,
    game: u64,
    expansions: &[&str],
    variants: &[&str],
    expiries: bool,
) -> (usize, usize) {
    let mut config = Config::new(players);
    config.options.expansions = expansions.iter().map(|e| e.to_string()).collect();
    config.options.variants = variants.iter().map(|e| e.to_string()).collect();
    if expiries {
        config.options.reaction_seconds = Some(30);
    }
    let seed = Seed::from_u64(game);
    let mut log = start(&config, &mut GameRng::new(seed, 0)).expect("a game opens");
    let mut s = State::default();
    for e in &log {
        apply(&mut s, e);
        check_invariants(&s).unwrap_or_else(|why| panic!("game {game}: {why}"));
    }
    if expansions.contains(&"train_robbery") {
        assert!(
            s.train.on && s.train.row.len() == players as usize,
            "a row of one station per player"
        );
    }
    let mut pick = Pick(game | 1);
    let mut taken = 0;
    while !s.is_over() {
        assert!(log.len() < 40_000, "game {game} does not end");
        let pending = pending(&s);
        let p = pending[pick.below(pending.len())];
        let mut live = s.clone();
        let mut rng = GameRng::new(seed, s.version);
        let events = if expiries && s.window.is_some() && pick.below(3) == 0 {
            assert!(pending.iter().all(|p| p.reaction), "a window is a reaction");
            if s.window.is_some_and(|w| {
                matches!(
                    w.kind,
                    WindowKind::Train(TrainWindow::Robbery)
                        | WindowKind::Train(TrainWindow::EvanBabbit)
                        | WindowKind::Train(TrainWindow::ShadeOConnor)
                )
            }) {
                TRAIN_EXPIRIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            crate::core::expire::<Bang>(&mut live, &mut rng)
                .unwrap_or_else(|e| panic!("game {game}: expiry refused: {e}"))
        } else {
            let actions = legal_actions(&s, p.seat);
            assert!(!actions.is_empty(), "game {game}: {p:?} with nothing to do");
            let action = actions[pick.below(actions.len())];
            let events = decide(&s, p.seat, &action, &mut GameRng::new(seed, s.version))
                .unwrap_or_else(|e| panic!("game {game}: {action:?} refused: {e}"));
            assert_eq!(play(&mut live, p.seat, &action, &mut rng).unwrap(), events);
            events
        };
        for e in &events {
            apply(&mut s, e);
            check_invariants(&s).unwrap_or_else(|why| panic!("game {game} after {e:?}: {why}"));
            for v in (0..players).map(Viewer::Seat).chain([Viewer::Spectator]) {
                match redact(e, v) {
                    Event::Train(TrainEvent::RailcarsShuffled { order }) => {
                        assert!(order.iter().all(Option::is_none))
                    }
                    Event::Train(TrainEvent::StationsShuffled { order }) => {
                        assert!(order.iter().all(Option::is_none))
                    }
                    _ => {}
                }
            }
            if matches!(e, Event::Train(TrainEvent::RailcarTaken { .. })) {
                taken += 1;
            }
        }
        assert_eq!(s, live, "game {game}: play != decide + apply");
        log.extend(events);
    }
    let mut replay = State::default();
    for e in &log {
        apply(&mut replay, e);
    }
    assert_eq!(replay, s, "game {game}: replay differs");
    verify_log::<Bang>(&log, &|_| seed)
        .unwrap_or_else(|i| panic!("game {game}: audit refuses {i}"));
    assert!(Bang::winners(&s).is_some());
    (log.len(), taken)
}

#[test]
fn random_train_robbery_games_keep_every_property() {
    let (mut events, mut taken) = (0, 0);
    let per = games(40);
    for players in 3..=8u8 {
        for g in 0..per {
            let (n, t) = random_game(players, players as u64 * 1000 + g, &["train_robbery"]);
            events += n;
            taken += t;
        }
    }
    assert!(taken > 100, "railcars are taken ({taken})");
    eprintln!(
        "train_robbery games={} events={events} railcars_taken={taken} failures=0",
        6 * per
    );
}

#[test]
fn random_games_with_both_expansions_keep_every_property() {
    let per = games(20);
    for players in 3..=8u8 {
        for g in 0..per {
            let game = 50_000_000 + players as u64 * 100_000 + g;
            random_game(players, game, &["gold_rush", "train_robbery"]);
        }
    }
    eprintln!("gold_rush+train_robbery games={} failures=0", 6 * per);
}

#[test]
fn random_games_with_the_train_and_shadows_keep_every_property() {
    let per = games(20);
    for players in 4..=8u8 {
        for g in 0..per {
            let game = 60_000_000 + players as u64 * 100_000 + g;
            let shadows = &["shadow_gunslingers"];
            random_game_with(players, game, &["train_robbery"], shadows, false);
            random_game_with(
                players,
                game,
                &["gold_rush", "train_robbery"],
                shadows,
                false,
            );
        }
    }
    eprintln!(
        "train_robbery+shadow_gunslingers (alone and with gold_rush) games={} failures=0",
        10 * per
    );
}

#[test]
fn random_train_games_with_expired_windows_keep_every_property() {
    // The train's windows (a Train Robbery's target, Evan Babbit, Shade
    // O'Connor) and the base game's, left to expire: the audit replays them.
    let per = games(20);
    for players in 3..=8u8 {
        for g in 0..per {
            let game = 70_000_000 + players as u64 * 100_000 + g;
            random_game_with(players, game, &["train_robbery"], &[], true);
        }
    }
    let expired = TRAIN_EXPIRIES.load(std::sync::atomic::Ordering::Relaxed);
    assert!(expired > 0, "the train's windows expire too");
    eprintln!(
        "train_robbery with expiries games={} train_windows_expired={expired} failures=0",
        6 * per
    );
}
