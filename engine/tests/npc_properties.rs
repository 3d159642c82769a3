//! Property tests of the Lone Gunslinger solo mode and of the NPC policy,
//! over games with fixed seeds.
//!
//! Solo games over every level and variant, the person's seats (the Sheriff
//! and the Deputy) played by random legal actions or by the NPC policy
//! itself: after every event the invariants hold; after every decision the
//! game waits only for the person (an NPC seat is never pending) and only
//! waiting seats have legal actions; `play` is `decide` then `apply`;
//! replaying the log gives the live state and the audit re-derives it (the
//! NPCs' decisions included); every view shows every hand; the outcome says
//! whether the person won; every game ends within [`MAX_EVENTS`] events.
//!
//! Hidden-role games (3 to 8 players) where some seats are played by
//! `npc::choose` reading only their own redacted view and their ledger fed
//! with the events redacted for them: the policy never panics and always
//! answers with a legal action.
//!
//! A third of the games of each test are played with Gold Rush (Part D1):
//! its actions go through the same checks, and an NPC's Gold Rush targets
//! follow Part B like its cards'.
//!
//! `NPC_PROPERTY_GAMES` sets the number of games of each test, e.g. in
//! release: `NPC_PROPERTY_GAMES=5000 cargo test --release -p engine --test npc_properties`.

use engine::bang::GoldAction;
use engine::bang::gold::{EquipKind, Mode, NuggetUse, equip_kind};
use engine::bang::{self, Action, Bang, Config, Event, Options, State, npc};
use engine::{GameRng, Role, Ruleset, SeatSpec, Seed, Team, Viewer, verify_log};

mod common;
use common::{MAX_EVENTS, Pick, games_from_env};

/// Games per test in the default run.
const GAMES: u64 = 3000;

fn games() -> u64 {
    games_from_env("NPC_PROPERTY_GAMES", GAMES)
}

/// No expansion, or Gold Rush.
fn expansions(with_gold_rush: bool) -> Vec<String> {
    if with_gold_rush {
        vec!["gold_rush".into()]
    } else {
        Vec::new()
    }
}

/// The solo options of game `g`: every level and every variant in turn,
/// Gold Rush in every third game.
fn solo_options(g: u64) -> Options {
    let bits = g / 5;
    let final_challenge = bits % 9 == 8;
    Options {
        mode: "lone_gunslinger".into(),
        difficulty: (!final_challenge).then_some((g % 5) as u8),
        night_brings_chaos: (!final_challenge).then_some(bits & 1 == 1),
        four_most_wanted: (!final_challenge).then_some(bits & 2 == 2),
        choose_characters: Some(bits & 4 == 4),
        final_challenge: final_challenge.then_some(true),
        reaction_seconds: (g % 7 == 3).then_some(30),
        expansions: expansions(g % 3 == 2),
        ..Options::default()
    }
}

/// Plays one solo game; the person's seats by the policy when `by_policy`.
fn solo_game(g: u64, by_policy: bool) -> (usize, bool) {
    let mut pick = Pick(g.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let seed = Seed::from_u64(g);
    let config = Config {
        players: 6,
        options: solo_options(g),
        seats: vec![SeatSpec {
            name: "Ann".into(),
            bot: None,
            budget_ms: None,
        }],
    };
    let mut log = Bang::start(&config, &mut GameRng::new(seed, 0)).expect("a solo game opens");
    let mut state = State::default();
    for e in &log {
        Bang::apply(&mut state, e);
        Bang::check_invariants(&state).unwrap_or_else(|why| panic!("game {g}: {why}"));
    }
    let solo = state.solo.expect("a solo game");
    assert_eq!(state.p(0).role, Some(Role::Sheriff));
    let deputy = (1..6)
        .find(|&s| state.p(s).role == Some(Role::Deputy))
        .expect("a Deputy");
    let person = |s: u8| s == 0 || s == deputy;
    let mut actions = Vec::new();
    while !state.is_over() {
        assert!(log.len() < MAX_EVENTS, "game {g} does not end");
        let pending = Bang::pending(&state);
        assert!(!pending.is_empty(), "game {g}: nobody to act");
        for p in &pending {
            if state.started() {
                assert!(person(p.seat), "game {g}: NPC seat {} is pending", p.seat);
            } else {
                assert!(solo.choose_characters);
                assert!(Bang::seats_played_by(&state, 0).contains(p.seat));
            }
        }
        for seat in 0..6 {
            Bang::legal_actions_into(&state, seat, &mut actions);
            let waits = pending.iter().any(|p| p.seat == seat);
            assert_eq!(!actions.is_empty(), waits, "game {g}: seat {seat}");
        }
        let played_by = Bang::seats_played_by(&state, 0);
        assert!(played_by.contains(0) && played_by.contains(deputy));
        let version = state.version;
        let mut rng = GameRng::new(seed, version);
        let events = if pick.below(100) < 5
            && Bang::asking(&state).is_some()
            && state.reaction_seconds.is_some()
        {
            let mut live = state.clone();
            bang::expire(&mut live, &mut rng).expect("an open window expires")
        } else {
            let p = pending[pick.below(pending.len())];
            Bang::legal_actions_into(&state, p.seat, &mut actions);
            let action = if by_policy {
                let view = bang::view(&state, Viewer::Seat(p.seat));
                let a = npc::choose(&view, &npc::Memory::new(), &actions);
                assert!(actions.contains(&a), "game {g}: {a:?} is not legal");
                a
            } else {
                actions[pick.below(actions.len())]
            };
            let mut live = state.clone();
            let events = Bang::play(&mut live, p.seat, &action, &mut rng)
                .unwrap_or_else(|e| panic!("game {g}: {action:?} refused: {e}"));
            let mut folded = state.clone();
            for e in &events {
                Bang::apply(&mut folded, e);
            }
            assert_eq!(folded, live, "game {g}: play != decide + apply");
            events
        };
        assert!(!events.is_empty());
        for e in &events {
            if let Event::NpcActed { seat, action, .. } = e {
                assert!(
                    !person(*seat),
                    "game {g}: the rules played the person's seat"
                );
                aims_as_part_b(&state, *seat, action, g);
            }
            Bang::apply(&mut state, e);
            Bang::check_invariants(&state)
                .unwrap_or_else(|why| panic!("game {g} after {e:?}: {why}"));
        }
        for v in [Viewer::Seat(0), Viewer::Seat(3), Viewer::Spectator] {
            let view = bang::view(&state, v);
            assert!(
                view.players
                    .iter()
                    .all(|p| p.hand.iter().all(Option::is_some))
            );
            assert!(view.players.iter().all(|p| p.role.is_some()));
        }
        log.extend(events);
    }
    let mut replay = State::default();
    for e in &log {
        Bang::apply(&mut replay, e);
    }
    assert_eq!(replay, state, "game {g}: replay differs");
    verify_log::<Bang>(&log, &|_| seed)
        .unwrap_or_else(|i| panic!("game {g}: audit refuses event {i}: {:?}", log[i]));
    let outcome = state.outcome.clone().expect("an outcome");
    let won = outcome.team == Some(Team::Law);
    assert_eq!(outcome.human_won, Some(won));
    assert_eq!(
        won,
        state.alive(0),
        "game {g}: the person wins iff the Sheriff lives"
    );
    (log.len(), won)
}

/// What an NPC's action does to the player it names.
enum Aim {
    /// A card or an effect against him (B4.1's PT, D1's attacks, a forced
    /// discard at the first PT candidate).
    Attack,
    /// A Jail.
    Jail,
    /// A Shot: on itself (an NPC is never the Deputy).
    Heal,
    /// A Wanted placed on him (D1.1, D1.3.2).
    Wanted,
}

/// The player an NPC's action names (other than a choice of the rules), and
/// how: its cards (B5) and its Gold Rush actions (D1).
fn aim(state: &State, action: &Action) -> Option<(u8, Aim)> {
    let equipment_aim = |e: Option<u8>, mode: Option<Mode>| {
        let attack = matches!(
            mode,
            Some(Mode::Bang | Mode::Panic | Mode::Duel | Mode::CatBalou)
        );
        match e.map(equip_kind) {
            _ if attack => Some(Aim::Attack),
            Some(EquipKind::Shot) => Some(Aim::Heal),
            Some(EquipKind::Wanted) => Some(Aim::Wanted),
            _ => None,
        }
    };
    match *action {
        Action::Play {
            card,
            target: Some(t),
            ..
        } => Some((
            t,
            if bang::kind(card) == bang::Kind::Jail {
                Aim::Jail
            } else {
                Aim::Attack
            },
        )),
        Action::Gold(GoldAction::Pay {
            used: NuggetUse::JackyMurieta,
            target: Some(t),
        })
        | Action::Gold(GoldAction::ForceDiscard { target: t, .. }) => Some((t, Aim::Attack)),
        Action::Gold(GoldAction::Buy {
            slot,
            mode,
            target: Some(t),
            ..
        }) => {
            let e = state.gold.market.get(slot as usize).copied().flatten();
            equipment_aim(e, mode).map(|a| (t, a))
        }
        Action::Gold(GoldAction::UseEquipment {
            mode,
            target: Some(t),
            ..
        }) => equipment_aim(state.gold.josh, mode).map(|a| (t, a)),
        _ => None,
    }
}

/// A5, B4.1, B5, D1: an NPC aims at the Sheriff or the Deputy only — the
/// Renegade never at the Sheriff while the Deputy lives, a Jail only at the
/// Deputy; a Shot heals itself; a Wanted goes on the Sheriff, the Deputy or
/// itself.
fn aims_as_part_b(state: &State, seat: u8, action: &Action, g: u64) {
    let Some((t, how)) = aim(state, action) else {
        return;
    };
    let role = |s: u8| state.p(s).role;
    let deputy_alive = (0..6).any(|s| role(s) == Some(Role::Deputy) && state.alive(s));
    let law = matches!(role(t), Some(Role::Sheriff | Role::Deputy));
    let allowed = match (how, role(seat)) {
        (Aim::Heal, _) => t == seat,
        (Aim::Wanted, _) => law || t == seat,
        (Aim::Jail, _) => role(t) == Some(Role::Deputy),
        (Aim::Attack, Some(Role::Outlaw)) => law,
        (Aim::Attack, Some(Role::Renegade)) if deputy_alive => role(t) == Some(Role::Deputy),
        (Aim::Attack, Some(Role::Renegade)) => role(t) == Some(Role::Sheriff),
        _ => false,
    };
    assert!(allowed, "game {g}: NPC {seat} aims {action:?} at {t}");
}

#[test]
fn solo_games_keep_every_property() {
    let (mut total, mut longest, mut won) = (0, 0, [[0u64; 5]; 2]);
    let n = games();
    let gold = (0..n)
        .filter(|&g| !solo_options(g).expansions.is_empty())
        .count();
    for g in 0..n {
        let by_policy = g % 2 == 1;
        let (events, w) = solo_game(g, by_policy);
        total += events;
        longest = longest.max(events);
        let level = solo_options(g).solo().map_or(0, |s| s.difficulty as usize);
        won[by_policy as usize][level] += w as u64;
    }
    eprintln!(
        "solo games={n} (gold_rush {gold}) events={total} longest_game_events={longest} failures=0 \
         person_won_by_level(random)={:?} person_won_by_level(policy)={:?}",
        won[0], won[1]
    );
}

/// Whether hidden-role game `g` is played with Gold Rush: a third of the
/// games, whatever their number of players.
fn hidden_gold(g: u64) -> bool {
    (g / 6) % 3 == 1
}

/// Whether `action` is one of Gold Rush's (D1).
fn gold_action(action: &Action) -> bool {
    matches!(
        action,
        Action::Gold(GoldAction::Buy { .. })
            | Action::Gold(GoldAction::ForceDiscard { .. })
            | Action::Gold(GoldAction::SellBeer { .. })
            | Action::Gold(GoldAction::Pay { .. })
            | Action::Gold(GoldAction::UseEquipment { .. })
    )
}

/// Plays one hidden-role game; some seats by the policy, the others at
/// random. Returns its events and the Gold Rush actions the policy took.
fn hidden_game(players: u8, g: u64) -> (usize, usize) {
    let mut pick = Pick(g.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
    let seed = Seed::from_u64(g);
    let options = Options {
        character_choice: if pick.below(4) == 0 { 2 } else { 1 },
        expansions: expansions(hidden_gold(g)),
        ..Options::default()
    };
    let config = Config {
        players,
        options,
        seats: Vec::new(),
    };
    let by_policy: Vec<bool> = (0..players).map(|_| pick.below(3) != 0).collect();
    let mut memory = vec![npc::Memory::new(); players as usize];
    let mut log = Bang::start(&config, &mut GameRng::new(seed, 0)).expect("a game opens");
    let mut state = State::default();
    let observe = |memory: &mut Vec<npc::Memory>, events: &[Event]| {
        for (seat, m) in memory.iter_mut().enumerate() {
            for e in events {
                m.observe(&bang::redact(e, Viewer::Seat(seat as u8)));
            }
        }
    };
    for e in &log {
        Bang::apply(&mut state, e);
    }
    observe(&mut memory, &log);
    let mut actions: Vec<Action> = Vec::new();
    let mut gold_actions = 0;
    while !state.is_over() {
        assert!(log.len() < MAX_EVENTS, "game {g} does not end");
        let pending = Bang::pending(&state);
        let p = pending[pick.below(pending.len())];
        Bang::legal_actions_into(&state, p.seat, &mut actions);
        let action = if by_policy[p.seat as usize] {
            let view = bang::view(&state, Viewer::Seat(p.seat));
            let a = npc::choose(&view, &memory[p.seat as usize], &actions);
            assert!(actions.contains(&a), "game {g}: {a:?} is not legal");
            gold_actions += gold_action(&a) as usize;
            a
        } else {
            actions[pick.below(actions.len())]
        };
        let mut rng = GameRng::new(seed, state.version);
        let events = Bang::play(&mut state, p.seat, &action, &mut rng)
            .unwrap_or_else(|e| panic!("game {g}: {action:?} refused: {e}"));
        Bang::check_invariants(&state).unwrap_or_else(|why| panic!("game {g}: {why}"));
        observe(&mut memory, &events);
        log.extend(events);
    }
    (log.len(), gold_actions)
}

#[test]
fn the_policy_plays_hidden_role_games_with_legal_actions() {
    let (mut total, mut gold, mut gold_actions) = (0, 0, 0);
    let n = games();
    for g in 0..n {
        let players = 3 + (g % 6) as u8;
        let g = 1_000_000 + g;
        let (events, by_policy) = hidden_game(players, g);
        total += events;
        if hidden_gold(g) {
            gold += 1;
            gold_actions += by_policy;
        } else {
            assert_eq!(
                by_policy, 0,
                "game {g}: a Gold Rush action without Gold Rush"
            );
        }
    }
    assert!(
        gold == 0 || gold_actions > 0,
        "the policy never used Gold Rush"
    );
    eprintln!(
        "hidden-role games={n} (gold_rush {gold}, policy's Gold Rush actions {gold_actions}) \
         events={total} failures=0"
    );
}
