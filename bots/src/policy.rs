//! The [`Policy`] trait: what every bot policy answers to, for one ruleset.
//! The policies are in their own modules (`random`, `normal`), and the
//! registry that makes one by name is in `registry`.

use engine::Ruleset;
use engine::dice::Dice;

/// A bot playing one seat of a game of ruleset `R`: picks one of its legal actions.
///
/// Deterministic given its seed and what it was shown: the events its seat may
/// see (in order, each once) and, at each decision, its seat's view.
pub trait Policy<R: Ruleset = Dice>: Send {
    /// The policy's name as the API and `simulate` spell it.
    fn name(&self) -> &'static str;
    /// Shows the policy the next event of its game, redacted for its seat.
    fn observe(&mut self, _event: &R::Event) {}
    /// Whether [`Policy::observe`] does anything (lets runners skip the events).
    fn observes(&self) -> bool {
        true
    }
    /// Whether [`Policy::choose`] reads its view (lets runners skip building it
    /// and pass a blank one).
    fn reads_view(&self) -> bool {
        true
    }
    /// Its budget per decision in milliseconds on the reference machine
    /// when [`Policy::choose`] searches (milliseconds of one core per
    /// decision, not microseconds); `None` when it does not. A worker makes
    /// only so many searching decisions at once, and posts their answers
    /// after a fixed time that this budget sets (see
    /// [`crate::worker::WorkerConfig::answer`]).
    fn search_ms(&self) -> Option<u32> {
        None
    }
    /// Picks an action from `legal` (never empty), seeing only `view`.
    fn choose(&mut self, view: &R::View, legal: &[R::Action]) -> R::Action;
    /// Starts the policy's own random draws again from `seed` (a policy
    /// without any ignores it). Lets several workers that saw the same
    /// events make the same choice at the same decision, whatever choices
    /// each made (and lost to another) before.
    fn reseed(&mut self, _seed: u64) {}
}
