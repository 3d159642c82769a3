//! Where the dice game's `strong` bot departs from `normal`, to learn from the
//! search: plays the games of `simulate --ruleset dice --bots normal,random`
//! with the seats of one role on a `normal` seat played by `strong`, asks a
//! shadow `normal` policy (shown the same events) at each of that seat's
//! decisions, and tallies the decisions where they differ by the table
//! (Outlaws and Deputies alive, the Sheriff's and the seat's life in thirds)
//! and by what each chose (a target named by its hidden role).
//!
//! `cargo run --release -p bots --example strong_deviations -- renegade 1500 1`
//! (role, games, first seed). The first line is the role's win rate with
//! `strong` on those seats; compare it with `simulate`'s `normal` line.

use std::collections::BTreeMap;

use bots::{NormalPolicy, Policy, Simulation, StrongPolicy};
use engine::dice::{Action, Dice, Event, Role, State, View};
use engine::{GameRng, Ruleset, Seed, Viewer};

/// The policies of `simulate --bots normal,random`, in order.
const POLICIES: [&str; 2] = ["normal", "random"];

fn main() {
    let arg = |i: usize, default: &str| std::env::args().nth(i).unwrap_or(default.into());
    let role = match arg(1, "renegade").as_str() {
        "sheriff" => Role::Sheriff,
        "deputy" => Role::Deputy,
        "outlaw" => Role::Outlaw,
        _ => Role::Renegade,
    };
    let games: u64 = arg(2, "1500").parse().expect("games");
    let seed: u64 = arg(3, "1").parse().expect("seed");
    let sim = Simulation {
        players: 5,
        games,
        seed,
        policies: POLICIES.map(String::from).to_vec(),
        options: serde_json::json!({}),
        max_decisions: 100_000,
        records: false,
    };

    let mut deviations: BTreeMap<String, u32> = BTreeMap::new();
    let (mut seats, mut wins, mut decisions, mut departed) = (0u32, 0u32, 0u32, 0u32);
    for i in 0..games {
        let game_seed = seed.wrapping_add(i);
        let rng_seed = Seed::from_u64(game_seed);
        let config = sim.config_of::<Dice>(i).expect("options");
        let mut events = Dice::start(&config, &mut GameRng::new(rng_seed, 0)).expect("start");
        let mut state = State::default();
        for e in &events {
            Dice::apply(&mut state, e);
        }
        let Some(me) = (0..sim.players as usize)
            .find(|&s| state.players()[s].role == Some(role) && sim.policy_of(i, s) == "normal")
        else {
            continue;
        };
        seats += 1;
        let mut policies = sim.line_up::<Dice>(i);
        let mut strong: StrongPolicy = StrongPolicy::new(game_seed ^ 0x5eed);
        let mut shadow = NormalPolicy::new(game_seed ^ ((me as u64) << 48));
        let mut legal = Vec::new();
        let mut shown = 0;
        while Dice::winners(&state).is_none() {
            for (seat, policy) in policies.iter_mut().enumerate() {
                show(policy.as_mut(), seat, &state, &events[shown..]);
            }
            show(&mut strong, me, &state, &events[shown..]);
            show(&mut shadow, me, &state, &events[shown..]);
            shown = events.len();
            let Some(seat) = Dice::next_to_act(&state) else {
                break;
            };
            Dice::legal_actions_into(&state, seat, &mut legal);
            let view = Dice::view(&state, Viewer::Seat(seat));
            let action = if seat as usize == me {
                let usual = shadow.choose(&view, &legal);
                let searched = strong.choose(&view, &legal);
                decisions += u32::from(legal.len() > 1);
                if usual != searched {
                    departed += 1;
                    let key = format!(
                        "{} | normal: {:24} strong: {}",
                        table(&state, me),
                        describe(&usual, &state, me, &view),
                        describe(&searched, &state, me, &view)
                    );
                    *deviations.entry(key).or_default() += 1;
                }
                searched
            } else {
                policies[seat as usize].choose(&view, &legal)
            };
            let mut rng = GameRng::new(rng_seed, Dice::version(&state));
            Dice::play_into(&mut state, seat, &action, &mut rng, &mut events).expect("legal");
        }
        if Dice::winners(&state).is_some_and(|w| w.seats.contains(&(me as u8))) {
            wins += 1;
        }
    }
    println!(
        "{role:?} seats={seats} strong rate={:.3} decisions={decisions} departures={departed}",
        wins as f64 / seats.max(1) as f64
    );
    let mut sorted: Vec<_> = deviations.into_iter().collect();
    sorted.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    for (key, n) in sorted.iter().take(40) {
        println!("{n:5} {key}");
    }
}

/// Shows `policy` the events its seat may see.
fn show(policy: &mut dyn Policy<Dice>, seat: usize, state: &State, events: &[Event]) {
    for e in events {
        if Dice::hides(e) {
            policy.observe(&Dice::redact_in(state, e, Viewer::Seat(seat as u8)));
        } else {
            policy.observe(e);
        }
    }
}

/// The table as the tally groups it: Outlaws and Deputies alive, then the
/// Sheriff's and the seat's life in thirds (0: 0–1 LP, 1: 2–4, 2: 5–7, 3: 8+).
fn table(state: &State, me: usize) -> String {
    let p = state.players();
    let alive = |r: Role| p.iter().filter(|x| x.alive && x.role == Some(r)).count();
    let third = |life: u8| (life + 1) / 3;
    let sheriff = p
        .iter()
        .find(|x| x.role == Some(Role::Sheriff))
        .map_or(0, |x| x.life);
    format!(
        "O{}D{} sheriff {} me {}",
        alive(Role::Outlaw),
        alive(Role::Deputy),
        third(sheriff),
        third(p[me].life)
    )
}

/// An action in the tally's words: a target by its hidden role, a re-roll by
/// the symbols it throws back.
fn describe(action: &Action, state: &State, me: usize, view: &View) -> String {
    let role = |t: u8| match t as usize {
        t if t == me => "self".to_string(),
        t => format!("{:?}", state.players()[t].role.unwrap_or(Role::Outlaw)),
    };
    match action {
        Action::Shoot { target, double } => {
            format!(
                "shoot {}{}",
                role(*target),
                if *double { " x2" } else { "" }
            )
        }
        Action::Beer { target } => format!("beer {}", role(*target)),
        Action::Gift { target } => format!("gift {}", role(*target)),
        Action::Stop => "stop".into(),
        Action::Reroll { dice } => {
            let mut symbols: Vec<String> = view
                .turn
                .dice
                .iter()
                .enumerate()
                .filter(|(i, _)| dice.bits() & (1 << i) != 0)
                .filter_map(|(_, d)| d.face.map(|f| format!("{:?}", f.results().0)))
                .collect();
            symbols.sort();
            format!("reroll {}", symbols.join("+"))
        }
        other => format!("{other:?}"),
    }
}
