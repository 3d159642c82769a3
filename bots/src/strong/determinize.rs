//! Determinizations: a full state of the game sampled from what one seat saw,
//! consistent with every public fact, for the search to play out.

use engine::dice::{Action, Dice, Event, GainSource, Module, Role, Special, roles_for};
use engine::{Ruleset, Seat, Viewer};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// A ruleset whose hidden facts a bot can sample from the events its seat saw.
pub trait Determinize: Ruleset {
    /// A full log consistent with `observed` (the events of a game as `seat`
    /// saw them, redacted for it, in order): `observed` with every fact
    /// hidden from `seat` drawn from `rng`. Reads nothing but `observed`;
    /// `None` when it does not open a game.
    fn fill(observed: &[Self::Event], seat: Seat, rng: &mut ChaCha8Rng)
    -> Option<Vec<Self::Event>>;

    /// The state [`Determinize::fill`]'s log folds to.
    fn determinize(
        observed: &[Self::Event],
        seat: Seat,
        rng: &mut ChaCha8Rng,
    ) -> Option<Self::State> {
        let mut state = Self::State::default();
        for e in &Self::fill(observed, seat, rng)? {
            Self::apply(&mut state, e);
        }
        Some(state)
    }
}

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

/// Shuffles `items` uniformly with `rng`.
fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// Removes one element equal to `x` from `pool`, if any.
fn take<T: PartialEq>(pool: &mut Vec<T>, x: &T) {
    if let Some(i) = pool.iter().position(|y| y == x) {
        pool.swap_remove(i);
    }
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
        for role in [Role::Sheriff, Role::Deputy, Role::Outlaw, Role::Renegade] {
            let mut pool: Vec<Option<Special>> = Special::of_role(role)
                .filter(|&c| !(n == 3 && c == Special::TheGood))
                .map(Some)
                .collect();
            if mixed {
                let base = match role {
                    Role::Sheriff => 1,
                    Role::Deputy => 2,
                    Role::Outlaw => 3,
                    Role::Renegade => 2,
                };
                pool.extend(std::iter::repeat_n(None, base));
            }
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

impl Determinize for Dice {
    fn fill(observed: &[Event], _seat: Seat, rng: &mut ChaCha8Rng) -> Option<Vec<Event>> {
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
        let weights: Vec<f64> = candidates
            .iter()
            .map(|deal| {
                let log_likelihood: f64 = deal
                    .iter()
                    .zip(&known)
                    .filter(|(_, k)| k.role.is_none())
                    .map(|((role, _), k)| match role {
                        Role::Outlaw => HOSTILITY_WEIGHT * k.hostility,
                        Role::Deputy => -HOSTILITY_WEIGHT * k.hostility,
                        Role::Sheriff | Role::Renegade => 0.0,
                    })
                    .sum();
                log_likelihood.clamp(-30.0, 30.0).exp()
            })
            .collect();
        let mut pick = rng.random::<f64>() * weights.iter().sum::<f64>();
        let mut chosen = candidates.len() - 1;
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                chosen = i;
                break;
            }
            pick -= w;
        }
        let deal = &candidates[chosen];
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
}

/// `event` as `viewer` sees it: the event itself when it hides
/// nothing (no copy), else its redaction.
pub(crate) fn seen<'a>(event: &'a Event, viewer: Seat, buf: &'a mut Option<Event>) -> &'a Event {
    if Dice::hides(event) {
        buf.insert(Dice::redact(event, Viewer::Seat(viewer)))
    } else {
        event
    }
}
