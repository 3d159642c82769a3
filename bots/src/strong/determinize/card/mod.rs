//! The card game's determinization: the roles, hands and deck order a seat
//! cannot see, sampled while folding its own redacted log.
//!
//! The log is folded into a full state one event at a time. An event that
//! hides something from the seat is first filled from the sampled state
//! itself (a hidden shuffle is a uniform order of the cards the state has
//! there; a hidden draw takes the sampled deck's top; a hidden steal takes a
//! uniform card of the sampled hand), so the sample is consistent by
//! construction. When a later public event names a card the sample put in
//! another hidden place than the one the event takes it from (Bob plays a
//! Bang! that the sample dealt to Carol), the two hidden cards swap places
//! first: the seat could not tell them apart, so its view stays the same.
//! Cards whose hidden place the seat does know (the one Bob picked from the
//! General Store) are pinned and never swapped away. The roles are drawn
//! once, before the fold, likelier as they fit who attacked the Sheriff.
//!
//! This file draws the roles and runs the fold; `fill.rs` fills the hidden
//! events, `zones.rs` says where each card lies and swaps hidden ones.

mod fill;
mod zones;

use engine::bang::npc::Memory;
use engine::bang::{Bang, Event, State, View, roles_for};
use engine::{Role, Ruleset, Seat, Viewer};
use rand::rngs::ChaCha8Rng;

use super::{Determinize, World, declared, pick_likely, role_lean, shuffle, take};
use crate::card::NormalCardPolicy;
use crate::policy::Policy;
use zones::{locate, named};

/// Candidate deals of the roles drawn per determinization, one kept by its
/// likelihood.
const CANDIDATES: usize = 8;

/// How much one hostile act against the Sheriff makes an Outlaw likelier
/// (and a Deputy less likely) than the other roles.
const HOSTILITY_WEIGHT: f64 = 0.7;

/// How much one hostile act against the Sheriff's enemies makes a Deputy
/// likelier (and an Outlaw less likely).
const LOYALTY_WEIGHT: f64 = 0.35;

/// Playouts per millisecond measured on the reference machine (release, one
/// core, 5 players), by rule set (see [`rule_set`]): the base game, Gold
/// Rush, the Great Train Robbery, and both (their games run longer and
/// their bots think more).
const PLAYOUTS_PER_MS: [f64; 4] = [10.0, 5.0, 2.5, 1.0];

/// What a playout costs on the reference machine, in microseconds: per
/// decision played in it, and fixed (the determinization of the log), by
/// rule set; fitted to the decisions of `coach_time` (see
/// `docs/analysis/strong-bot-figures.md`).
const COST_US: [(f64, f64); 4] = [(1.07, 25.0), (1.46, 39.0), (2.14, 69.0), (2.57, 101.5)];

/// The rule set of the game that opened with `observed`: 0 the base game,
/// 1 Gold Rush, 2 the Great Train Robbery, 3 both.
fn rule_set(observed: &[Event]) -> usize {
    let Some(Event::GameCreated(created)) = observed.first() else {
        return 0;
    };
    let o = &created.options;
    usize::from(o.has_expansion(engine::bang::gold::EXPANSION))
        + 2 * usize::from(o.has_expansion(engine::bang::train::EXPANSION))
}

/// The fold in progress: the sampled state and what the seat knows of it.
struct Sampler<'a> {
    /// The seat whose view the sample keeps.
    me: Seat,
    /// The log as the seat saw it.
    observed: &'a [Event],
    /// The sampled state, folded so far.
    state: State,
    /// Cards whose hidden place the seat knows.
    pinned: [bool; 256],
    /// Who is looking at the kit (it is hidden from the others).
    kit_seat: Option<Seat>,
    /// The roles drawn for the seats whose role is hidden.
    roles: Vec<Role>,
}

/// The roles of every seat: those the seat saw (its own, the Sheriff's,
/// the eliminated), the others drawn from the role cards left, likelier as
/// they fit the hostility ledger of the whole log.
fn sample_roles(observed: &[Event], players: u8, rng: &mut ChaCha8Rng) -> Vec<Role> {
    let n = players as usize;
    let mut known: Vec<Option<Role>> = vec![None; n];
    let mut memory = Memory::new();
    for e in observed {
        memory.observe(e);
        match e {
            Event::RoleDealt {
                seat,
                role: Some(role),
                ..
            }
            | Event::PlayerEliminated { seat, role, .. } => {
                if let Some(k) = known.get_mut(*seat as usize) {
                    *k = Some(*role);
                }
            }
            _ => {}
        }
    }
    let mut left: Vec<Role> = roles_for(players).to_vec();
    for r in known.iter().flatten() {
        take(&mut left, r);
    }
    left.sort_by_key(|r| *r as u8);
    let candidates: Vec<Vec<Role>> = (0..CANDIDATES)
        .map(|_| {
            let mut pool = left.clone();
            shuffle(&mut pool, rng);
            let mut pool = pool.into_iter();
            known
                .iter()
                .map(|k| k.unwrap_or_else(|| pool.next().unwrap_or(Role::Outlaw)))
                .collect()
        })
        .collect();
    pick_likely(
        candidates,
        |deal| {
            deal.iter()
                .zip(&known)
                .enumerate()
                .filter(|(_, (_, k))| k.is_none())
                .map(|(seat, (role, _))| {
                    let hostile = f64::from(memory.sheriff_score(seat as Seat));
                    let loyal = f64::from(memory.lawman_score(seat as Seat));
                    role_lean(*role, HOSTILITY_WEIGHT * hostile - LOYALTY_WEIGHT * loyal)
                })
                .sum()
        },
        rng,
    )
}

/// The sampled state of a card game `me` saw as `observed`.
fn sample(observed: &[Event], me: Seat, rng: &mut ChaCha8Rng) -> Option<State> {
    let players = match observed.first()? {
        Event::GameCreated(created) => created.players.min(engine::bang::MAX_PLAYERS as u8),
        _ => return None,
    };
    let mut s = Sampler {
        me,
        observed,
        state: State::default(),
        pinned: [false; 256],
        kit_seat: None,
        roles: sample_roles(observed, players, rng),
    };
    let mut names = Vec::new();
    for (i, seen) in observed.iter().enumerate() {
        // The cards the seat saw named, not those the sample filled in.
        named(seen, &mut names);
        let event = s.fill(i, seen, rng)?;
        s.repair(&event, &names, rng);
        if let Event::KitLooked { seat, .. } = &*event {
            s.kit_seat = Some(*seat);
        }
        Bang::apply(&mut s.state, &event);
        // A card named openly that is now in a hidden place: the seat knows
        // where it is (Bob's pick from the General Store, a card Bob stole
        // from the seat).
        for &(card, _) in &names {
            let at = locate(&s.state, card).0;
            s.pinned[card as usize] = s.hidden(at);
        }
    }
    Some(s.state)
}

impl Determinize for Bang {
    const DEFAULT_BUDGET_MS: u32 = 20;

    fn playouts_per_ms(observed: &[Event]) -> f64 {
        PLAYOUTS_PER_MS[rule_set(observed)]
    }

    fn playout_cost_us(observed: &[Event]) -> (f64, f64) {
        COST_US[rule_set(observed)]
    }

    fn determinize(observed: &[Event], seat: Seat, rng: &mut ChaCha8Rng) -> Option<State> {
        sample(observed, seat, rng)
    }

    fn world(observed: &[Event], seat: Seat, rng: &mut ChaCha8Rng) -> Option<World<Bang>> {
        let state = sample(observed, seat, rng)?;
        // The `normal` bot's memory is the hostility ledger of public acts:
        // the same for every seat, so it is told the log once.
        let mut normal = NormalCardPolicy::new();
        for e in observed {
            normal.observe(e);
        }
        let policies = (0..state.players)
            .map(|s| declared::<Bang>(&state, s, rng, |_| Box::new(normal.clone())))
            .collect();
        Some(World { state, policies })
    }

    /// A cut playout's score: the seat's side's share of the life still in
    /// play (the Sheriff's and his Deputies', the Outlaws', each Renegade's
    /// own), so that a position the side leads counts for more than one it
    /// trails, and no cut counts as a plain loss. The 3-player game's goals
    /// are seat against seat: its share is the seat's own.
    fn cut_score(state: &State, seat: Seat) -> f64 {
        use engine::Role;
        let side = |s: Seat| match state.table[s as usize].role {
            Some(Role::Sheriff | Role::Deputy) if !state.three_players() => 0,
            Some(Role::Outlaw) if !state.three_players() => 1,
            _ => 2 + u16::from(s),
        };
        let mine = side(seat);
        let (mut ours, mut all) = (0.0, 0.0);
        for s in (0..state.players).filter(|&s| state.in_play(s)) {
            let life = f64::from(state.table[s as usize].life.max(0));
            all += life;
            if side(s) == mine {
                ours += life;
            }
        }
        if all > 0.0 { ours / all } else { 0.0 }
    }

    fn viewer(view: &View) -> Option<Seat> {
        match view.viewer {
            Viewer::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    fn rollout_policy(_seed: u64) -> Box<dyn Policy<Bang>> {
        Box::new(NormalCardPolicy::new())
    }
}
