//! Determinizations: a full state of a game sampled from what one seat saw,
//! consistent with every fact shown to it, for the search to play out. One
//! module per ruleset; the search itself (`super`) knows only this trait.

mod card;
mod dice;

use engine::{Role, Ruleset, Seat, Viewer};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::policy::Policy;
use crate::random::RandomPolicy;

pub use dice::fill as fill_dice;

/// A sampled world to play out: a full state and, for every seat, the
/// rollout policy, already told the past as its seat saw it in that world.
pub struct World<R: Ruleset> {
    /// The sampled state.
    pub state: R::State,
    /// The rollout policy of each seat, by seat.
    pub policies: Vec<Box<dyn Policy<R>>>,
}

/// A ruleset whose hidden facts a bot can sample from the events its seat
/// saw: what the `strong` policy searches over.
pub trait Determinize: Ruleset<Action: PartialEq, Event: Clone + Send> + Sized {
    /// The budget per decision by default, in milliseconds on the reference
    /// machine (one core, release build).
    const DEFAULT_BUDGET_MS: u32;

    /// Playouts per millisecond on the reference machine in the game that
    /// opened with `observed` (its options make playouts longer or shorter).
    fn playouts_per_ms(observed: &[Self::Event]) -> f64;

    /// What one playout costs on the reference machine in the game that
    /// opened with `observed`, in microseconds: `(per decision played in
    /// it, fixed)` (the fixed part is mostly the determinization). A search
    /// given milliseconds measures its position's playouts in decisions
    /// (never by a clock) and plays as many as fit.
    fn playout_cost_us(observed: &[Self::Event]) -> (f64, f64);

    /// A full state consistent with `observed` (the events of a game as
    /// `seat` saw them, redacted for it, in order), every fact hidden from
    /// `seat` drawn from `rng`: `seat`'s view of it is its view of the true
    /// state. Reads nothing but `observed`; `None` when no consistent state
    /// was found (no game opened, or a fact it cannot place).
    fn determinize(
        observed: &[Self::Event],
        seat: Seat,
        rng: &mut ChaCha8Rng,
    ) -> Option<Self::State>;

    /// A determinization with every seat's rollout policy told its past.
    fn world(observed: &[Self::Event], seat: Seat, rng: &mut ChaCha8Rng) -> Option<World<Self>>;

    /// `seat`'s score, 0 to 1, when a playout may stop at `state` without
    /// playing on (the dice game's final duel, from its table); `None`:
    /// play on.
    fn settled(_state: &Self::State, _seat: Seat) -> Option<f64> {
        None
    }

    /// `seat`'s score, 0 to 1, for a playout cut at
    /// [`super::MAX_ROLLOUT_DECISIONS`] before its end: an estimate from the
    /// position (by default 0, a loss).
    fn cut_score(_state: &Self::State, _seat: Seat) -> f64 {
        0.0
    }

    /// The seat a view is shown to (`None`: a spectator's view).
    fn viewer(view: &Self::View) -> Option<Seat>;

    /// The policy the search plays out with and falls back on: the
    /// ruleset's `normal` bot, seeded.
    fn rollout_policy(seed: u64) -> Box<dyn Policy<Self>>;
}

/// `event` as `viewer` sees it: the event itself when it hides nothing (no
/// copy), else its redaction.
pub(crate) fn seen<'a, R: Ruleset>(
    event: &'a R::Event,
    viewer: Seat,
    buf: &'a mut Option<R::Event>,
) -> &'a R::Event {
    if R::hides(event) {
        buf.insert(R::redact(event, Viewer::Seat(viewer)))
    } else {
        event
    }
}

/// Shuffles `items` uniformly with `rng`.
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// Removes one element equal to `x` from `pool`, if any.
pub(crate) fn take<T: PartialEq>(pool: &mut Vec<T>, x: &T) {
    if let Some(i) = pool.iter().position(|y| y == x) {
        pool.swap_remove(i);
    }
}

/// Picks one of `candidates` (sampled deals of the hidden roles) with
/// probability in proportion to its likelihood, `exp(log_likelihood)`
/// clamped to ±30 (the last when all are nil).
pub(crate) fn pick_likely<T>(
    mut candidates: Vec<T>,
    log_likelihood: impl Fn(&T) -> f64,
    rng: &mut ChaCha8Rng,
) -> T {
    let weights: Vec<f64> = candidates
        .iter()
        .map(|c| log_likelihood(c).clamp(-30.0, 30.0).exp())
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
    candidates.swap_remove(chosen)
}

/// How much likelier a hidden seat's sampled `role` is for a seat that
/// leans `lean` toward the Outlaws (hostile acts against the Sheriff), in
/// log-likelihood: an Outlaw by `lean`, a Deputy by `-lean`, the others not.
pub(crate) fn role_lean(role: Role, lean: f64) -> f64 {
    match role {
        Role::Outlaw => lean,
        Role::Deputy => -lean,
        Role::Sheriff | Role::Renegade => 0.0,
    }
}

/// The rollout policy of `seat` in a world sampled from `state`: a seat the
/// game records as played by the `random` bot is played out at random, as
/// its seat declared; any other (a person, `normal`, `strong`, whose own
/// search is too dear to play out) by `normal`, made by `normal`. Either
/// seeds itself from `rng`. Seats are public: the game's opening shows them
/// to everyone.
pub(crate) fn declared<R: Ruleset>(
    state: &R::State,
    seat: Seat,
    rng: &mut ChaCha8Rng,
    normal: impl FnOnce(&mut ChaCha8Rng) -> Box<dyn Policy<R>>,
) -> Box<dyn Policy<R>> {
    let bot = R::seat_spec(state, seat).and_then(|spec| spec.bot.as_deref());
    if bot == Some(RANDOM) {
        Box::new(RandomPolicy::new(rng.random()))
    } else {
        normal(rng)
    }
}

/// The registry's name of the `random` bot.
const RANDOM: &str = "random";
