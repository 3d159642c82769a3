//! The dice game's determinization: the role (and special role) cards a
//! seat cannot see, sampled from those left, likelier as they fit who shot
//! and who healed the Sheriff.

use engine::dice::{
    Action, Dice, Event, GainSource, Module, Role, Special, roles_for, special_pool,
};
use engine::{Ruleset, Seat};
use rand::rngs::ChaCha8Rng;

use super::{Determinize, World, declared, pick_likely, role_lean, seen, shuffle, take};
use crate::normal::NormalPolicy;
use crate::policy::Policy;

/// What the seat knows of the card dealt to each seat: its role, and its
/// special card (`Some(None)`: known to be a base card); and how hostile to
/// the Sheriff its holder has looked.
#[derive(Clone, Copy, Default)]
struct Known {
    role: Option<Role>,
    card: Option<Option<Special>>,
    /// Shots at the Sheriff, less half a point per Beer given him.
    hostility: f64,
}

/// Candidate deals drawn per determinization, one kept by its likelihood.
const CANDIDATES: usize = 8;

/// How much one point of hostility makes an Outlaw likelier (and a Deputy
/// less likely) than the other cards.
const HOSTILITY_WEIGHT: f64 = 0.7;

/// The role cards `seat` knows, by the seat they were dealt to: its own, the
/// face-up ones, and those turned up later (eliminations, reveals), followed
/// back through The Good's swaps to the seat they were dealt to.
fn known_deal(observed: &[Event], players: usize) -> Vec<Known> {
    let mut known = vec![Known::default(); players];
    // origin[s]: the seat the card now in front of s was dealt to.
    let mut origin: Vec<usize> = (0..players).collect();
    let mut sheriff: Option<Seat> = None;
    let blame = |known: &mut [Known], origin: &[usize], seat: Seat, amount: f64| {
        if let Some(k) = origin.get(seat as usize).and_then(|&o| known.get_mut(o)) {
            k.hostility += amount;
        }
    };
    for e in observed {
        match e {
            Event::RoleDealt {
                seat,
                role: Some(Role::Sheriff),
                face_up: true,
                ..
            } => sheriff = Some(*seat),
            Event::Acted {
                seat,
                action: Action::Shoot { target, .. },
            } if Some(*target) == sheriff && Some(*seat) != sheriff => {
                blame(&mut known, &origin, *seat, 1.0);
            }
            Event::LifeGained {
                seat,
                amount,
                source: GainSource::Beer { by },
            } if Some(*seat) == sheriff && seat != by && *amount > 0 => {
                blame(&mut known, &origin, *by, -0.5);
            }
            _ => {}
        }
        match e {
            Event::RoleDealt {
                seat,
                role: Some(role),
                card,
                ..
            } => {
                if let Some(k) = known.get_mut(*seat as usize) {
                    k.role = Some(*role);
                    k.card = Some(*card);
                }
            }
            Event::RoleRevealed { seat, role, card } => {
                if let Some(k) = origin.get(*seat as usize).and_then(|&o| known.get_mut(o)) {
                    k.role = Some(*role);
                    k.card = Some(Some(*card));
                }
            }
            Event::RevealCancelled { seat, card } => {
                if let Some(k) = origin.get(*seat as usize).and_then(|&o| known.get_mut(o)) {
                    k.role = Some(card.info().role);
                    k.card = Some(Some(*card));
                }
            }
            Event::PlayerEliminated { seat, role } => {
                if let Some(k) = origin.get(*seat as usize).and_then(|&o| known.get_mut(o)) {
                    k.role = Some(*role);
                }
            }
            Event::RolesSwapped { seat, sheriff: old } => {
                let (a, b) = (*seat as usize, *old as usize);
                if a < players && b < players {
                    origin.swap(a, b);
                    sheriff = Some(*seat);
                }
            }
            _ => {}
        }
    }
    known
}

/// The deal as sampled: every seat's role and special card, known ones kept,
/// the others drawn uniformly from the cards left.
fn sample_deal(
    known: &[Known],
    special_roles: bool,
    mixed: bool,
    rng: &mut ChaCha8Rng,
) -> Vec<(Role, Option<Special>)> {
    let n = known.len();
    let mut left: Vec<Role> = roles_for(n as u8).to_vec();
    for k in known {
        if let Some(r) = k.role {
            take(&mut left, &r);
        }
    }
    // Sorted first, so that the draw depends only on the multiset left.
    left.sort_by_key(|r| *r as u8);
    shuffle(&mut left, rng);
    let mut left = left.into_iter();
    let roles: Vec<Role> = known
        .iter()
        .map(|k| {
            k.role
                .unwrap_or_else(|| left.next().unwrap_or(Role::Outlaw))
        })
        .collect();
    let mut cards: Vec<Option<Special>> = known.iter().map(|k| k.card.flatten()).collect();
    if special_roles {
        for role in Role::ALL {
            let mut pool = special_pool(role, n == 3, mixed);
            for (k, r) in known.iter().zip(&roles) {
                if let (Some(card), true) = (k.card, *r == role) {
                    take(&mut pool, &card);
                }
            }
            shuffle(&mut pool, rng);
            for ((k, r), c) in known.iter().zip(&roles).zip(cards.iter_mut()) {
                if *r == role && k.card.is_none() {
                    *c = pool.pop().flatten();
                }
            }
        }
    }
    roles.into_iter().zip(cards).collect()
}

/// A full log consistent with `observed` (a dice game's events as `seat`
/// saw them, redacted for it): `observed` with every role card hidden from
/// `seat` drawn from `rng`. Reads nothing but `observed`; `None` when it
/// does not open a game.
pub fn fill(observed: &[Event], _seat: Seat, rng: &mut ChaCha8Rng) -> Option<Vec<Event>> {
    let Some(Event::GameCreated(created)) = observed.first() else {
        return None;
    };
    let players = created.players.clamp(1, engine::dice::MAX_PLAYERS as u8) as usize;
    let special_roles = created.options.modules.contains(&Module::SpecialRoles);
    // The seat's own card is dealt to it unredacted: known like a face-up one.
    let known = known_deal(observed, players);
    // A few deals drawn uniformly from the cards left, one kept with a
    // probability in proportion to how well it fits who shot and who
    // healed the Sheriff.
    let candidates: Vec<Vec<(Role, Option<Special>)>> = (0..CANDIDATES)
        .map(|_| {
            sample_deal(
                &known,
                special_roles,
                created.options.special_roles_mixed,
                rng,
            )
        })
        .collect();
    let deal = &pick_likely(
        candidates,
        |deal| {
            deal.iter()
                .zip(&known)
                .filter(|(_, k)| k.role.is_none())
                .map(|((role, _), k)| role_lean(*role, HOSTILITY_WEIGHT * k.hostility))
                .sum()
        },
        rng,
    );
    Some(
        observed
            .iter()
            .map(|e| match e {
                Event::RoleDealt {
                    seat,
                    role: None,
                    face_up,
                    ..
                } => {
                    let (role, card) = deal
                        .get(*seat as usize)
                        .copied()
                        .unwrap_or((Role::Outlaw, None));
                    Event::RoleDealt {
                        seat: *seat,
                        role: Some(role),
                        face_up: *face_up,
                        card,
                    }
                }
                other => other.clone(),
            })
            .collect(),
    )
}

impl Determinize for Dice {
    /// About 20 ms a decision, however long the game left (the playouts
    /// fitted to the position, see `StrongPolicy::decision_playouts`): 27 ms
    /// at worst measured, about 320 playouts at a median decision.
    const DEFAULT_BUDGET_MS: u32 = 20;

    fn playouts_per_ms(_observed: &[Event]) -> f64 {
        25.0
    }

    /// Fitted to the decisions of `coach_time` (see
    /// `docs/analysis/strong-bot-figures.md`).
    fn playout_cost_us(_observed: &[Event]) -> (f64, f64) {
        (0.78, 15.3)
    }

    fn determinize(observed: &[Event], seat: Seat, rng: &mut ChaCha8Rng) -> Option<Self::State> {
        let mut state = Self::State::default();
        for e in &fill(observed, seat, rng)? {
            Dice::apply(&mut state, e);
        }
        Some(state)
    }

    fn world(observed: &[Event], seat: Seat, rng: &mut ChaCha8Rng) -> Option<World<Dice>> {
        use rand::Rng;
        let log = fill(observed, seat, rng)?;
        let mut state = Self::State::default();
        for e in &log {
            Dice::apply(&mut state, e);
        }
        let mut policies: Vec<Box<dyn Policy<Dice>>> = (0..state.players)
            .map(|s| {
                declared::<Dice>(&state, s, rng, |rng| {
                    Box::new(NormalPolicy::new(rng.next_u64()))
                })
            })
            .collect();
        // The sampled log as each seat saw it.
        let mut buf = None;
        for e in &log {
            for (s, p) in policies.iter_mut().enumerate() {
                p.observe(seen::<Dice>(e, s as Seat, &mut buf));
            }
        }
        Some(World { state, policies })
    }

    fn settled(state: &Self::State, seat: Seat) -> Option<f64> {
        crate::strong::duel::score(state, seat)
    }

    fn viewer(view: &engine::dice::View) -> Option<Seat> {
        match view.viewer {
            engine::Viewer::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    fn rollout_policy(seed: u64) -> Box<dyn Policy<Dice>> {
        Box::new(NormalPolicy::new(seed))
    }
}
