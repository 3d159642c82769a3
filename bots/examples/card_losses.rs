//! Where the `normal` card bot wins and loses against `random`: plays the
//! games of `simulate --ruleset bang --bots normal,random` (the same seeds,
//! seats and policy seeds: seat `s` of game `g` is `normal` when `s` is even)
//! and tallies, per policy and role, how each seat's games end, who kills it
//! and when, what it aims its cards at (by the target's hidden role), the
//! damage it deals and takes, Missed!/Barrel/Beer use, Duels, Jails, the
//! BANG!s it holds at the end of its turn while a legal target was in reach,
//! and what it discards at the hand limit.
//!
//! `cargo run --release -p bots --example card_losses -- 5 10000 1`
//! (players, games, first seed; prints `key count per-seat` lines grouped by
//! `policy/role`, `N` = normal, `R` = random; `FF` marks an act against a
//! teammate, `ok` against an enemy, blank when the Renegade is involved).
//! With `CARD_LOSSES_GAMES=path` it also writes one line per game (each seat's
//! `policy-role` and the winning team) for `docs/analysis/compositions.py`.
//! Its win rates are exactly those of `simulate` with the same arguments.
//! Findings: `docs/analysis/normal-card-bot.md`.

use std::collections::BTreeMap;

use bots::{Playable, Policy, bot_seats};
use engine::bang::{Action, Bang, Decision, Event, Kind, State, kind};
use engine::{GameRng, Role, Ruleset, Seed, Team, Viewer};

type Seat = u8;

/// With `CARD_LOSSES_GAMES=path`: one line per game (each seat's
/// `policy-role`, then the winning team), for the composition analysis.
static GAMES: std::sync::Mutex<Option<std::fs::File>> = std::sync::Mutex::new(None);

fn pol(seat: Seat) -> &'static str {
    if seat.is_multiple_of(2) { "N" } else { "R" }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Sheriff => "Sher",
        Role::Deputy => "Dep",
        Role::Outlaw => "Out",
        Role::Renegade => "Ren",
    }
}

fn team(r: Role) -> u8 {
    match r {
        Role::Sheriff | Role::Deputy => 0,
        Role::Outlaw => 1,
        Role::Renegade => 2,
    }
}

/// Per-group counters: group = "N/Out" etc.
#[derive(Default)]
struct Tally {
    seats: BTreeMap<String, u64>,
    c: BTreeMap<(String, String), u64>,
}

impl Tally {
    fn add(&mut self, group: &str, key: impl Into<String>, n: u64) {
        *self.c.entry((group.to_string(), key.into())).or_default() += n;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let first: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let names = ["normal", "random"];
    let make = |g: u64| -> Vec<Box<dyn Policy<Bang>>> {
        (0..players as u64)
            .map(|s| Bang::policy(names[s as usize % 2], g ^ (s << 48)).unwrap())
            .collect()
    };
    let config = Bang::config(players, &serde_json::json!({}), bot_seats(&make(0))).unwrap();
    if let Ok(path) = std::env::var("CARD_LOSSES_GAMES") {
        *GAMES.lock().unwrap() = Some(std::fs::File::create(path).unwrap());
    }
    let mut t = Tally::default();
    let mut failures = 0u64;
    for i in 0..games {
        let g = first.wrapping_add(i);
        let mut policies = make(g);
        match play(&config, g, &mut policies, 50_000, &mut t) {
            Ok(()) => {}
            Err(_) => failures += 1,
        }
    }
    println!("players={players} games={games} failures={failures}");
    let mut last = String::new();
    for ((group, key), n) in &t.c {
        if *group != last {
            let seats = t.seats.get(group).copied().unwrap_or(0);
            println!("\n== {group} seats={seats}");
            last = group.clone();
        }
        let seats = t.seats.get(group).copied().unwrap_or(1).max(1);
        println!("{key:60} {n:8} {:8.3}", *n as f64 / seats as f64);
    }
}

/// Game-wide trackers while folding the events.
#[derive(Default)]
struct Track {
    /// The kind of the last card each seat played (to name the source of damage).
    last_card: [Option<Kind>; 8],
    /// Duel in progress: (challenger, target).
    duel: Option<(Seat, Seat)>,
    turns: u32,
    deaths: u32,
}

fn play(
    config: &<Bang as Ruleset>::Config,
    g: u64,
    policies: &mut [Box<dyn Policy<Bang>>],
    max: usize,
    t: &mut Tally,
) -> Result<(), String> {
    let seed = Seed::from_u64(g);
    let mut events = Bang::start(config, &mut GameRng::new(seed, 0))?;
    let mut state = State::default();
    for e in &events {
        Bang::apply(&mut state, e);
    }
    observe(policies, &events);
    let n = config.players;
    let roles: Vec<Role> = (0..n).map(|s| Bang::role_of(&state, s).unwrap()).collect();
    let grp = |s: Seat| format!("{}/{}", pol(s), role_name(roles[s as usize]));
    let who = |s: Seat| format!("{}-{}", pol(s), role_name(roles[s as usize]));
    let mut tr = Track::default();
    let mut legal = Vec::new();
    let mut done = false;
    for _ in 0..max {
        if Bang::winners(&state).is_some() {
            done = true;
            break;
        }
        let seat = Bang::next_to_act(&state).ok_or("nobody")?;
        Bang::legal_actions_into(&state, seat, &mut legal);
        let view = engine::bang::view(&state, Viewer::Seat(seat));
        let action = policies[seat as usize].choose(&view, &legal);
        let decision = view
            .pending
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.decision);
        decision_stats(
            &state, seat, decision, &action, &legal, &roles, t, &grp, &who,
        );
        let mut rng = GameRng::new(seed, Bang::version(&state));
        let before = events.len();
        Bang::play_into(&mut state, seat, &action, &mut rng, &mut events)
            .map_err(|e| e.to_string())?;
        for e in &events[before..] {
            event_stats(e, &state, &roles, &mut tr, t, &grp, &who);
        }
        observe(policies, &events[before..]);
    }
    if !done && Bang::winners(&state).is_none() {
        return Err("did not end".into());
    }
    let outcome = state.outcome.clone().ok_or("no outcome")?;
    let team_won = match outcome.team {
        Some(Team::Law) => "law",
        Some(Team::Outlaws) => "outlaws",
        Some(Team::Renegade) => "renegade",
        _ => "other",
    };
    let alive_end = (0..n).filter(|&s| state.p(s).alive).count();
    let sheriff = (0..n)
        .find(|&s| roles[s as usize] == Role::Sheriff)
        .unwrap();
    let sheriff_killer = match state.eliminated_by[sheriff as usize] {
        Some(Some(k)) => who(k),
        Some(None) => "no one".into(),
        None => "-".into(),
    };
    if let Some(out) = &mut *GAMES.lock().unwrap() {
        use std::io::Write;
        let line: Vec<String> = (0..n).map(who).collect();
        writeln!(out, "{} {}", line.join(","), team_won).unwrap();
    }
    for s in 0..n {
        let gname = grp(s);
        *t.seats.entry(gname.clone()).or_default() += 1;
        let won = outcome.winners.contains(&s);
        t.add(&gname, "a.win", u64::from(won));
        t.add(&gname, format!("a.end: {team_won} won"), 1);
        t.add(&gname, "a.game length in turns (sum)", u64::from(tr.turns));
        let alive = state.p(s).alive;
        if !won {
            t.add(
                &gname,
                format!(
                    "b.loss: {team_won} won, me {}",
                    if alive { "alive" } else { "dead" }
                ),
                1,
            );
            if team_won == "outlaws" {
                t.add(
                    &gname,
                    format!("b.loss: Sheriff killed by {sheriff_killer}"),
                    1,
                );
            }
        } else {
            t.add(
                &gname,
                format!(
                    "b.win: {team_won}, me {}",
                    if alive { "alive" } else { "dead" }
                ),
                1,
            );
        }
        // Teammates' policies (composition).
        let mates: Vec<String> = (0..n)
            .filter(|&o| {
                o != s
                    && team(roles[o as usize]) == team(roles[s as usize])
                    && roles[s as usize] != Role::Renegade
            })
            .map(|o| pol(o).to_string())
            .collect();
        let comp = format!("c.sheriff {} mates [{}]", pol(sheriff), mates.join(""));
        t.add(&gname, format!("{comp} games"), 1);
        t.add(&gname, format!("{comp} wins"), u64::from(won));
        if roles[s as usize] == Role::Renegade {
            t.add(
                &gname,
                format!("r.alive at end with {alive_end} alive, {team_won} won"),
                u64::from(alive),
            );
        }
    }
    Ok(())
}

fn observe(policies: &mut [Box<dyn Policy<Bang>>], events: &[Event]) {
    for (seat, policy) in policies.iter_mut().enumerate() {
        if !policy.observes() {
            continue;
        }
        for e in events {
            if Bang::hides(e) {
                policy.observe(&Bang::redact(e, Viewer::Seat(seat as u8)));
            } else {
                policy.observe(e);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn decision_stats(
    state: &State,
    seat: Seat,
    decision: Option<Decision>,
    action: &Action,
    legal: &[Action],
    roles: &[Role],
    t: &mut Tally,
    grp: &dyn Fn(Seat) -> String,
    _who: &dyn Fn(Seat) -> String,
) {
    let g = grp(seat);
    let me = state.p(seat);
    let hand: Vec<Kind> = me.hand.iter().map(|&c| kind(c)).collect();
    match (decision, action) {
        (Some(Decision::Play), Action::EndTurn) => {
            t.add(&g, "d.turn ends (phase 2)", 1);
            // A BANG! it could still legally play: at whom?
            let mut bang_roles: Vec<&str> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Play {
                        card,
                        target: Some(tg),
                        ..
                    } if kind(*card) == Kind::Bang => Some(role_name(roles[*tg as usize])),
                    _ => None,
                })
                .collect();
            bang_roles.sort();
            bang_roles.dedup();
            if !bang_roles.is_empty() {
                t.add(&g, "d.ends turn holding a playable BANG!", 1);
                for r in bang_roles {
                    t.add(&g, format!("d.  ...which could hit a {r}"), 1);
                }
            }
            let duel = legal
                .iter()
                .any(|a| matches!(a, Action::Play { card, .. } if kind(*card) == Kind::Duel));
            if duel {
                t.add(&g, "d.ends turn holding a playable Duel", 1);
            }
            let cards = hand.len() as u64;
            t.add(&g, "d.hand size at end of phase 2 (sum)", cards);
        }
        (Some(Decision::Discard { .. }), Action::Discard { card }) => {
            t.add(&g, format!("e.hand-limit discard {:?}", kind(*card)), 1);
        }
        (Some(Decision::Shot { needed }), a) => {
            let missed = hand.iter().filter(|&&k| k == Kind::Missed).count();
            match a {
                Action::Pass if missed >= needed as usize => {
                    t.add(&g, "f.shot: took hit holding enough Missed!", 1)
                }
                Action::Pass if missed > 0 => {
                    t.add(&g, "f.shot: took hit holding too few Missed!", 1)
                }
                _ => {}
            }
        }
        (Some(Decision::Dying), a) => {
            let beers = hand.iter().filter(|&&k| k == Kind::Beer).count();
            if matches!(a, Action::Pass) && beers > 0 {
                t.add(&g, "f.dying: no Beer played though holding one", 1);
            }
        }
        (Some(Decision::Indians | Decision::Duel), Action::Pass) if hand.contains(&Kind::Bang) => {
            t.add(&g, "f.indians/duel: lost a life holding a BANG!", 1);
        }
        _ => {}
    }
}

fn event_stats(
    e: &Event,
    state: &State,
    roles: &[Role],
    tr: &mut Track,
    t: &mut Tally,
    grp: &dyn Fn(Seat) -> String,
    who: &dyn Fn(Seat) -> String,
) {
    let rel = |a: Seat, b: Seat| {
        let (ra, rb) = (roles[a as usize], roles[b as usize]);
        if ra == Role::Renegade || rb == Role::Renegade {
            "   "
        } else if team(ra) == team(rb) {
            "FF "
        } else {
            "ok "
        }
    };
    match e {
        Event::TurnStarted { .. } => tr.turns += 1,
        Event::CardPlayed { seat, card, target } => {
            let k = kind(*card);
            tr.last_card[*seat as usize] = Some(k);
            t.add(&grp(*seat), format!("g.play {k:?}"), 1);
            if let Some(tg) = target
                && tg != seat
            {
                t.add(
                    &grp(*seat),
                    format!(
                        "h.{}aim {k:?} -> {}",
                        rel(*seat, *tg),
                        role_name(roles[*tg as usize])
                    ),
                    1,
                );
                if k == Kind::Duel {
                    tr.duel = Some((*seat, *tg));
                }
            }
        }
        Event::ShotAt { target, .. } => t.add(&grp(*target), "f.shot at", 1),
        Event::MissedPlayed { seat, .. } => t.add(&grp(*seat), "f.Missed! played", 1),
        Event::CheckResolved { seat, success, .. } => {
            let k = format!("{e:?}");
            if k.contains("Barrel") {
                t.add(&grp(*seat), format!("f.barrel check success={success}"), 1);
            }
        }
        Event::Saved { seat } => t.add(&grp(*seat), "f.saved by Beer/ability when dying", 1),
        Event::LifeLost { seat, amount, by } => {
            let amount = u64::from(*amount);
            let src = match by {
                Some(b) => {
                    let k = tr.last_card[*b as usize].map_or("?".into(), |k| format!("{k:?}"));
                    if tr
                        .duel
                        .is_some_and(|(x, y)| (x == *b || y == *b) && (x == *seat || y == *seat))
                    {
                        "Duel".to_string()
                    } else {
                        k
                    }
                }
                None => "none".into(),
            };
            t.add(
                &grp(*seat),
                format!(
                    "i.life lost from {} via {src}",
                    by.map_or("no one".into(), who)
                ),
                amount,
            );
            if let Some(b) = by
                && b != seat
            {
                t.add(
                    &grp(*b),
                    format!(
                        "j.{}damage dealt to {} via {src}",
                        rel(*b, *seat),
                        role_name(roles[*seat as usize])
                    ),
                    amount,
                );
            }
            if let Some((x, y)) = tr.duel
                && (*seat == x || *seat == y)
            {
                let (loser, winner) = if *seat == x { (x, y) } else { (y, x) };
                let side = if loser == x { "challenger" } else { "target" };
                t.add(
                    &grp(loser),
                    format!("k.duel lost as {side} vs {}", who(winner)),
                    1,
                );
                let wside = if winner == x { "challenger" } else { "target" };
                t.add(
                    &grp(winner),
                    format!("k.duel won as {wside} vs {}", who(loser)),
                    1,
                );
                tr.duel = None;
            }
        }
        Event::PlayerEliminated { seat, by, .. } => {
            tr.deaths += 1;
            let alive = state
                .table
                .iter()
                .take(roles.len())
                .filter(|p| p.alive)
                .count();
            let g = grp(*seat);
            t.add(&g, "l.died", 1);
            t.add(&g, format!("l.died as elimination #{}", tr.deaths), 1);
            t.add(&g, format!("l.died at turn {}", (tr.turns / 10) * 10), 1);
            match by {
                Some(b) if b == seat => t.add(&g, "l.killed by self", 1),
                Some(b) => {
                    let k = tr.last_card[*b as usize].map_or("?".into(), |k| format!("{k:?}"));
                    t.add(
                        &g,
                        format!("l.killed by {} ({}via {k})", who(*b), rel(*b, *seat)),
                        1,
                    );
                    t.add(
                        &grp(*b),
                        format!("m.{}killed a {}", rel(*b, *seat), who(*seat)),
                        1,
                    );
                }
                None => t.add(&g, "l.killed by no one (Dynamite)", 1),
            }
            if roles[*seat as usize] == Role::Renegade {
                t.add(&g, format!("r.died with {alive} left in play"), 1);
            }
        }
        _ => {}
    }
}
