//! The `strong` policy: determinized Monte Carlo search over the seat's own
//! view of the game.
//!
//! It keeps the events its seat was shown (redacted for it). At a decision
//! with more than one legal action it runs a fixed number of playouts: each
//! samples a full state consistent with those events ([`Determinize`]: the
//! role cards it cannot see are drawn from those left, likelier as they fit
//! who shot and who healed the Sheriff, never read from the true state),
//! plays a root action in it, and plays the game out with the
//! `normal` policy at every seat, scoring 1 when its seat ends among the
//! winners. The root actions are compared by sequential halving on paired
//! samples (every action left in a round is played in the same sampled
//! worlds); the best is then played against the `normal` policy's own
//! choice on fresh worlds, and only chosen if it beats it clearly there;
//! otherwise the `normal` choice is played.
//!
//! No clock is read: the choice is a function of the seed, the budget in
//! playouts and the events shown.

mod determinize;

use std::sync::atomic::{AtomicU32, Ordering};

use engine::dice::{Action, Dice, Event, View};
use engine::{GameRng, Ruleset, Seat, Seed, Viewer};
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

pub use determinize::Determinize;
use determinize::seen;

use crate::normal::NormalPolicy;
use crate::policy::Policy;

/// Playouts per decision by default: in a release build on one core, a
/// decision of a 5-player game takes about 8 ms on average and under 50 ms
/// at worst.
pub const DEFAULT_PLAYOUTS: u32 = 200;

/// The most decisions a playout plays before it is scored as a loss.
pub const MAX_ROLLOUT_DECISIONS: usize = 2_000;

/// Playouts a new [`StrongPolicy::new`] gets (the `simulate` tool's
/// `--playouts`); [`DEFAULT_PLAYOUTS`] unless set.
static PLAYOUTS: AtomicU32 = AtomicU32::new(DEFAULT_PLAYOUTS);

/// Sets the budget of every [`StrongPolicy::new`] made from now on in this
/// process (for tools: `simulate --playouts`).
pub fn set_default_playouts(playouts: u32) {
    PLAYOUTS.store(playouts.max(1), Ordering::Relaxed);
}

/// The budget [`StrongPolicy::new`] gives.
pub fn default_playouts() -> u32 {
    PLAYOUTS.load(Ordering::Relaxed)
}

/// How many standard errors the search's best action must beat the
/// `normal` choice by, on the same sampled worlds, to be played instead.
const MARGIN: f64 = 1.5;

/// The searching player.
pub struct StrongPolicy {
    rng: ChaCha8Rng,
    playouts: u32,
    /// Every event shown, redacted for the seat.
    log: Vec<Event>,
    /// The `normal` policy, shown the same events: the prior, and the
    /// answer when the search has nothing to go on.
    normal: NormalPolicy,
}

impl StrongPolicy {
    /// A strong policy with its own seed and the default budget
    /// ([`default_playouts`]).
    pub fn new(seed: u64) -> StrongPolicy {
        StrongPolicy::with_playouts(seed, default_playouts())
    }

    /// A strong policy with its own seed and `playouts` playouts per decision.
    pub fn with_playouts(seed: u64, playouts: u32) -> StrongPolicy {
        StrongPolicy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            playouts: playouts.max(1),
            log: Vec::new(),
            normal: NormalPolicy::new(seed),
        }
    }

    /// Its budget in playouts per decision.
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// One playout from a fresh determinization: `action` by `seat`, then
    /// the `normal` policy everywhere to the end. `None` when the sampled
    /// state refuses the action (it cannot, from a consistent sample).
    fn playout(&self, sample: u64, seat: Seat, action: &Action) -> Option<f64> {
        let mut rng = ChaCha8Rng::seed_from_u64(sample);
        let log = Dice::fill(&self.log, seat, &mut rng)?;
        let mut state = engine::dice::State::default();
        for e in &log {
            Dice::apply(&mut state, e);
        }
        let players = state.players as usize;
        let mut policies: Vec<NormalPolicy> = (0..players)
            .map(|_| NormalPolicy::new(rng.next_u64()))
            .collect();
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        let seed = Seed(bytes);
        // The determinized log as each seat saw it.
        let mut buf = None;
        for e in &log {
            for (s, p) in policies.iter_mut().enumerate() {
                p.observe(seen(e, s as Seat, &mut buf));
            }
        }
        let mut events = Vec::new();
        let mut rng = GameRng::new(seed, Dice::version(&state));
        Dice::play_into(&mut state, seat, action, &mut rng, &mut events).ok()?;
        let mut legal = Vec::new();
        for _ in 0..MAX_ROLLOUT_DECISIONS {
            for e in &events {
                for (s, p) in policies.iter_mut().enumerate() {
                    p.observe(seen(e, s as Seat, &mut buf));
                }
            }
            events.clear();
            if let Some(w) = Dice::winners(&state) {
                return Some(if w.seats.contains(&seat) { 1.0 } else { 0.0 });
            }
            let mover = Dice::next_to_act(&state)?;
            Dice::legal_actions_into(&state, mover, &mut legal);
            if legal.is_empty() {
                return None;
            }
            let view = Dice::view(&state, Viewer::Seat(mover));
            let a = policies.get_mut(mover as usize)?.choose(&view, &legal);
            let mut rng = GameRng::new(seed, Dice::version(&state));
            Dice::play_into(&mut state, mover, &a, &mut rng, &mut events).ok()?;
        }
        Some(0.0)
    }

    /// Sequential halving over the legal actions, the `normal` choice `p`
    /// always kept: each round plays every action left on the same sampled
    /// worlds (paired), then keeps the better half. The best at the end is
    /// then played against `p` on fresh worlds, paired, and chosen only if it
    /// beats `p` there by more than [`MARGIN`] standard errors; otherwise `p`.
    fn halving(&mut self, seat: Seat, legal: &[Action], p: usize) -> usize {
        let k = legal.len();
        let rounds = (usize::BITS - (k - 1).leading_zeros()).max(1) as usize;
        let budget = self.playouts as usize;
        // A third of the budget to find a challenger, the rest to check it.
        let search = (budget / 3).max(1);
        // scores[i][j]: action i's score in sampled world j (NaN: not played).
        let mut scores: Vec<Vec<f64>> = vec![Vec::new(); k];
        let mut alive: Vec<usize> = (0..k).collect();
        let mean = |v: &[f64]| {
            let (sum, n) = v
                .iter()
                .filter(|x| !x.is_nan())
                .fold((0.0, 0.0), |(s, n), x| (s + x, n + 1.0));
            if n > 0.0 { sum / n } else { -1.0 }
        };
        for round in 0..rounds {
            let per = (search / (rounds * alive.len())).max(1);
            for _ in 0..per {
                let sample = self.rng.next_u64();
                let world = scores[p].len();
                for &i in &alive {
                    let score = self.playout(sample, seat, &legal[i]).unwrap_or(f64::NAN);
                    let row = &mut scores[i];
                    row.resize(world, f64::NAN);
                    row.push(score);
                }
            }
            if round + 1 == rounds || alive.len() <= 2 {
                break;
            }
            alive.sort_by(|&a, &b| {
                mean(&scores[b])
                    .total_cmp(&mean(&scores[a]))
                    .then((b == p).cmp(&(a == p)))
                    .then(a.cmp(&b))
            });
            alive.truncate(alive.len().div_ceil(2));
            if !alive.contains(&p) {
                alive.push(p);
            }
            alive.sort_unstable();
        }
        let best = alive
            .iter()
            .copied()
            .max_by(|&a, &b| {
                mean(&scores[a])
                    .total_cmp(&mean(&scores[b]))
                    .then((a == p).cmp(&(b == p)))
                    .then(b.cmp(&a))
            })
            .unwrap_or(p);
        if best == p {
            return p;
        }
        // Checked again on fresh worlds (the halving's own scores favour
        // whichever action was luckiest): the paired difference, best minus
        // the `normal` choice.
        let fresh = (budget - budget / 3) / 2;
        let mut diffs = Vec::with_capacity(fresh);
        for _ in 0..fresh.max(2) {
            let sample = self.rng.next_u64();
            let a = self.playout(sample, seat, &legal[best]);
            let b = self.playout(sample, seat, &legal[p]);
            if let (Some(a), Some(b)) = (a, b) {
                diffs.push(a - b);
            }
        }
        let n = diffs.len() as f64;
        if n < 2.0 {
            return p;
        }
        let m = diffs.iter().sum::<f64>() / n;
        let var = diffs.iter().map(|d| (d - m) * (d - m)).sum::<f64>() / (n - 1.0);
        if m > 0.0 && m > MARGIN * (var / n).sqrt() {
            best
        } else {
            p
        }
    }
}

impl Policy for StrongPolicy {
    fn name(&self) -> &'static str {
        "strong"
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.normal.reseed(seed);
    }

    fn observe(&mut self, event: &Event) {
        if matches!(event, Event::GameCreated(_)) {
            self.log.clear();
        }
        self.log.push(event.clone());
        self.normal.observe(event);
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Stop;
        };
        if legal.len() == 1 {
            return first;
        }
        let prior = self.normal.choose(view, legal);
        let Viewer::Seat(seat) = view.viewer else {
            return prior;
        };
        let p = legal.iter().position(|a| *a == prior).unwrap_or(0);
        let best = self.halving(seat, legal, p);
        legal[best]
    }
}
