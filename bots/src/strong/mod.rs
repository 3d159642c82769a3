//! The `strong` policy: determinized Monte Carlo search over the seat's own
//! view of the game, for any ruleset that can be determinized.
//!
//! It keeps the events its seat was shown (redacted for it). At a decision
//! with more than one legal action it runs a fixed number of playouts: each
//! samples a full state consistent with those events ([`Determinize`]: in
//! the dice game the role cards it cannot see, likelier as they fit who shot
//! and who healed the Sheriff; in the card game also the others' hands and
//! the deck's order; never read from the true state), plays a root action in
//! it, and plays the game out with the `normal` policy at every seat,
//! scoring 1 when its seat ends among the winners. The root actions are
//! compared by sequential halving on paired samples (every action left in a
//! round is played in the same sampled worlds; when there are more actions
//! than a third of the budget, the `normal` policy's favourites among
//! them); the best is then played against the
//! `normal` policy's own choice on fresh worlds, and only chosen if it beats
//! it clearly there; otherwise the `normal` choice is played.
//!
//! A budget in milliseconds is turned into playouts by the ruleset's
//! measured costs, never by a clock: a probe of the position fixes the
//! count, and an [`Allowance`] of modelled cost (decisions played) stops a
//! search whose playouts run longer than the probe judged. A dice playout
//! that reaches the final duel of a base game stops there, scored from the
//! duel's table (`duel`).
//!
//! No clock is read: the choice is a function of the seed, the budget and
//! the events shown.

pub mod coach;
mod determinize;
mod duel;

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use engine::dice::Dice;
use engine::{GameRng, Seat, Seed, Viewer};
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

use determinize::seen;
pub use determinize::{Determinize, World, fill_dice};

use crate::policy::Policy;

/// The most decisions a playout plays before it is scored from its position
/// ([`Determinize::cut_score`]).
pub const MAX_ROLLOUT_DECISIONS: usize = 2_000;

/// The most budget a seat may be given, in milliseconds per decision: a
/// bot's thinking is the server's work.
pub const MAX_BUDGET_MS: u32 = 1_000;

/// Playouts played and those cut at [`MAX_ROLLOUT_DECISIONS`] in this
/// process (for tools: how often a search scores a game it did not finish).
static PLAYED: AtomicU64 = AtomicU64::new(0);
static CUT: AtomicU64 = AtomicU64::new(0);
static STEPS: AtomicU64 = AtomicU64::new(0);

/// `(played, cut, steps)`: the playouts this process played, how many of
/// them ran to [`MAX_ROLLOUT_DECISIONS`] unfinished, and the decisions
/// played in them all.
pub fn playout_counts() -> (u64, u64, u64) {
    (
        PLAYED.load(Ordering::Relaxed),
        CUT.load(Ordering::Relaxed),
        STEPS.load(Ordering::Relaxed),
    )
}

/// Playouts a new [`StrongPolicy::new`] gets in every ruleset when set (the
/// `simulate` tool's `--playouts`); 0: the ruleset's default budget.
static PLAYOUTS: AtomicU32 = AtomicU32::new(0);

/// Sets the budget of every [`StrongPolicy::new`] made from now on in this
/// process, whatever its ruleset (for tools: `simulate --playouts`).
pub fn set_default_playouts(playouts: u32) {
    PLAYOUTS.store(playouts.max(1), Ordering::Relaxed);
}

/// A search's budget per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Exactly this many playouts.
    Playouts(u32),
    /// About this many milliseconds on the reference machine (one core,
    /// release build): a number of playouts fixed by the ruleset's measured
    /// rate for the game's options ([`Determinize::playouts_per_ms`]), never
    /// by a clock, so that every worker makes the same choice.
    Millis(u32),
}

impl Budget {
    /// The budget of a seat given `budget_ms` (`None`: the ruleset's
    /// default, or the process's `--playouts`).
    pub fn of_seat<R: Determinize>(budget_ms: Option<u32>) -> Budget {
        match (budget_ms, PLAYOUTS.load(Ordering::Relaxed)) {
            (Some(ms), _) => Budget::Millis(ms.clamp(1, MAX_BUDGET_MS)),
            (None, 0) => Budget::Millis(R::DEFAULT_BUDGET_MS),
            (None, set) => Budget::Playouts(set),
        }
    }

    /// About how many milliseconds a decision takes on the reference
    /// machine in a game that opened with `observed` (at least 1).
    pub fn millis<R: Determinize>(self, observed: &[R::Event]) -> u32 {
        match self {
            Budget::Millis(ms) => ms.max(1),
            Budget::Playouts(n) => (f64::from(n) / R::playouts_per_ms(observed))
                .ceil()
                .clamp(1.0, f64::from(u32::MAX)) as u32,
        }
    }

    /// Playouts per decision in a game that opened with `observed`.
    pub fn playouts<R: Determinize>(self, observed: &[R::Event]) -> u32 {
        match self {
            Budget::Playouts(n) => n.max(1),
            Budget::Millis(ms) => (f64::from(ms) * R::playouts_per_ms(observed))
                .round()
                .max(1.0) as u32,
        }
    }
}

/// The playouts a search given milliseconds plays first to measure how
/// long its position's playouts run (see `decision_playouts`).
const PROBE: u32 = 4;

/// How far past its budget a decision given milliseconds may run, in
/// modelled cost ([`Determinize::playout_cost_us`]): the playout count
/// fitted by the probe is a plan, and a position whose playouts turn out
/// longer than the probe's stops its search here instead.
const OVERRUN: f64 = 1.5;

/// The modelled cost, in microseconds on the reference machine, that a
/// decision may still spend on playouts: a count of decisions played, not
/// a clock, so the search stays a function of the seed and the events.
#[derive(Clone, Copy, Debug)]
struct Allowance {
    left_us: f64,
    per_decision_us: f64,
    fixed_us: f64,
    /// The playouts charged so far.
    playouts: u32,
}

impl Allowance {
    /// No limit (a budget in playouts is exact).
    const UNLIMITED: Allowance = Allowance {
        left_us: f64::INFINITY,
        per_decision_us: 0.0,
        fixed_us: 0.0,
        playouts: 0,
    };

    /// Charges one playout that played `decisions` decisions.
    fn charge(&mut self, decisions: usize) {
        self.left_us -= self.per_decision_us * decisions as f64 + self.fixed_us;
        self.playouts += 1;
    }

    /// Whether the decision has spent all it may.
    fn spent(&self) -> bool {
        self.left_us <= 0.0
    }
}

/// How many standard errors the search's best action must beat the
/// `normal` choice by, on the same sampled worlds, to be played instead.
const MARGIN: f64 = 1.5;

/// The searching player of ruleset `R` (the dice game unless named).
pub struct StrongPolicy<R: Determinize = Dice> {
    rng: ChaCha8Rng,
    budget: Budget,
    /// Every event shown, redacted for the seat.
    log: Vec<R::Event>,
    /// The `normal` policy, shown the same events: the prior, and the
    /// answer when the search has nothing to go on.
    normal: Box<dyn Policy<R>>,
}

impl<R: Determinize> StrongPolicy<R> {
    /// A strong policy with its own seed and the default budget
    /// ([`Budget::of_seat`] with none given).
    pub fn new(seed: u64) -> StrongPolicy<R> {
        StrongPolicy::with_budget(seed, Budget::of_seat::<R>(None))
    }

    /// A strong policy with its own seed and `playouts` playouts per decision.
    pub fn with_playouts(seed: u64, playouts: u32) -> StrongPolicy<R> {
        StrongPolicy::with_budget(seed, Budget::Playouts(playouts))
    }

    /// A strong policy with its own seed and budget.
    pub fn with_budget(seed: u64, budget: Budget) -> StrongPolicy<R> {
        StrongPolicy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
            log: Vec::new(),
            normal: R::rollout_policy(seed),
        }
    }

    /// Its budget in playouts per decision in the game it has been shown,
    /// at a decision of the median length.
    pub fn playouts(&self) -> u32 {
        self.budget.playouts::<R>(&self.log)
    }

    /// The playouts this decision of `seat` gets. A budget in playouts is
    /// exact. A budget in milliseconds is fitted to the position: [`PROBE`]
    /// playouts of `probe` measure how many decisions its playouts run
    /// (an opening's run the whole game, a late one's a few turns), and
    /// as many playouts as [`Determinize::playout_cost_us`] says fit are
    /// played (at least a quarter and at most twice the median count, the
    /// probe's included). No clock is read: the count is a function of the
    /// seed and the events shown.
    pub fn decision_playouts(&mut self, seat: Seat, probe: &R::Action) -> u32 {
        let nominal = self.playouts();
        let Budget::Millis(ms) = self.budget else {
            return nominal;
        };
        let (mut decisions, mut played) = (0usize, 0u32);
        for _ in 0..PROBE {
            let sample = self.rng.next_u64();
            if let Some((_, length)) = self.playout_length(sample, seat, probe) {
                decisions += length;
                played += 1;
            }
        }
        if played == 0 {
            return nominal;
        }
        let (per_decision, fixed) = R::playout_cost_us(&self.log);
        let mean = decisions as f64 / f64::from(played);
        let fit = f64::from(ms.max(1)) * 1000.0 / (per_decision * mean + fixed).max(1.0);
        let lowest = (nominal / 4).max(PROBE + 1);
        (fit.round() as u32).clamp(lowest, (nominal * 2).max(lowest)) - PROBE
    }

    /// What a decision may spend beyond its probe: [`OVERRUN`] times its
    /// budget in milliseconds, or no limit for a budget in playouts.
    fn allowance(&self) -> Allowance {
        let Budget::Millis(ms) = self.budget else {
            return Allowance::UNLIMITED;
        };
        let (per_decision_us, fixed_us) = R::playout_cost_us(&self.log);
        Allowance {
            left_us: OVERRUN * f64::from(ms.max(1)) * 1000.0,
            per_decision_us,
            fixed_us,
            playouts: 0,
        }
    }

    /// A playout's score ([`Self::playout_length`]), its cost charged to
    /// `allowance`.
    fn charged(
        &self,
        sample: u64,
        seat: Seat,
        action: &R::Action,
        allowance: &mut Allowance,
    ) -> Option<f64> {
        let (score, decisions) = self.playout_length(sample, seat, action)?;
        allowance.charge(decisions);
        Some(score)
    }

    /// One playout from a fresh determinization: `action` by `seat`, then
    /// the `normal` policy everywhere to the end: its score and how many
    /// decisions it played. `None` when the sampled state refuses the
    /// action (it cannot, from a consistent sample).
    fn playout_length(&self, sample: u64, seat: Seat, action: &R::Action) -> Option<(f64, usize)> {
        let mut rng = ChaCha8Rng::seed_from_u64(sample);
        let World {
            mut state,
            mut policies,
        } = R::world(&self.log, seat, &mut rng)?;
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        let seed = Seed(bytes);
        let mut buf = None;
        let mut events = Vec::new();
        let mut rng = GameRng::new(seed, R::version(&state));
        R::play_into(&mut state, seat, action, &mut rng, &mut events).ok()?;
        let mut legal = Vec::new();
        PLAYED.fetch_add(1, Ordering::Relaxed);
        for step in 0..MAX_ROLLOUT_DECISIONS {
            for e in &events {
                for (s, p) in policies.iter_mut().enumerate() {
                    p.observe(seen::<R>(e, s as Seat, &mut buf));
                }
            }
            events.clear();
            if let Some(w) = R::winners(&state) {
                STEPS.fetch_add(step as u64, Ordering::Relaxed);
                return Some((if w.seats.contains(&seat) { 1.0 } else { 0.0 }, step));
            }
            if let Some(score) = R::settled(&state, seat) {
                STEPS.fetch_add(step as u64, Ordering::Relaxed);
                return Some((score, step));
            }
            let mover = R::next_to_act(&state)?;
            R::legal_actions_into(&state, mover, &mut legal);
            if legal.is_empty() {
                return None;
            }
            let view = R::view(&state, Viewer::Seat(mover));
            let a = policies.get_mut(mover as usize)?.choose(&view, &legal);
            let mut rng = GameRng::new(seed, R::version(&state));
            R::play_into(&mut state, mover, &a, &mut rng, &mut events).ok()?;
        }
        CUT.fetch_add(1, Ordering::Relaxed);
        STEPS.fetch_add(MAX_ROLLOUT_DECISIONS as u64, Ordering::Relaxed);
        Some((R::cut_score(&state, seat), MAX_ROLLOUT_DECISIONS))
    }

    /// The actions a search compares, at most `most` of `legal`, as indices
    /// in legal order: all of them when they are no more than `most`,
    /// otherwise the `normal` policy's `most` favourites (its choice `p`,
    /// then its choice among the rest, and so on). A decision thus costs about
    /// its budget however many actions it has (a card game can offer
    /// hundreds: every card at every target, every pair of hand cards), and
    /// the actions left out are those the rules of thumb rate lowest rather
    /// than any drawn at random.
    fn preferred(
        &mut self,
        view: &R::View,
        legal: &[R::Action],
        p: usize,
        most: usize,
    ) -> Vec<usize> {
        if legal.len() <= most {
            return (0..legal.len()).collect();
        }
        let mut rest: Vec<R::Action> = legal.to_vec();
        let mut index: Vec<usize> = (0..legal.len()).collect();
        rest.remove(p);
        index.remove(p);
        let mut picked = Vec::with_capacity(most);
        picked.push(p);
        while picked.len() < most {
            let choice = self.normal.choose(view, &rest);
            let j = rest.iter().position(|a| *a == choice).unwrap_or(0);
            rest.remove(j);
            picked.push(index.remove(j));
        }
        picked.sort_unstable();
        picked
    }

    /// Sequential halving over the legal actions, the `normal` choice `p`
    /// always kept: each round plays every action left on the same sampled
    /// worlds (paired), then keeps the better half. The best at the end is
    /// then played against `p` on fresh worlds, paired, and chosen only if it
    /// beats `p` there by more than [`MARGIN`] standard errors; otherwise `p`.
    /// A search that spends its [`Allowance`] stops where it is: the
    /// halving at the end of a sampled world, the check with what it has.
    fn halving(&mut self, view: &R::View, seat: Seat, legal: &[R::Action], p: usize) -> usize {
        let budget = self.decision_playouts(seat, &legal[p]) as usize;
        let mut allowance = self.allowance();
        self.halving_within(view, seat, legal, p, budget, &mut allowance)
    }

    /// [`Self::halving`] planned for `budget` playouts and held to
    /// `allowance`.
    fn halving_within(
        &mut self,
        view: &R::View,
        seat: Seat,
        legal: &[R::Action],
        p: usize,
        budget: usize,
        allowance: &mut Allowance,
    ) -> usize {
        let k = legal.len();
        // A third of the budget to find a challenger, the rest to check it.
        let search = (budget / 3).max(1);
        let mut alive = self.preferred(view, legal, p, search.max(2));
        let rounds = halving_rounds(alive.len());
        // scores[i][j]: action i's score in sampled world j (NaN: not played).
        let mut scores: Vec<Vec<f64>> = vec![Vec::new(); k];
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
                if allowance.spent() {
                    break;
                }
                let sample = self.rng.next_u64();
                let world = scores[p].len();
                for &i in &alive {
                    let score = self
                        .charged(sample, seat, &legal[i], allowance)
                        .unwrap_or(f64::NAN);
                    let row = &mut scores[i];
                    row.resize(world, f64::NAN);
                    row.push(score);
                }
            }
            if round + 1 == rounds || alive.len() <= 2 || allowance.spent() {
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
            if allowance.spent() {
                break;
            }
            let sample = self.rng.next_u64();
            let a = self.charged(sample, seat, &legal[best], allowance);
            let b = self.charged(sample, seat, &legal[p], allowance);
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

/// The rounds sequential halving takes to bring `actions` down to one.
fn halving_rounds(actions: usize) -> usize {
    (usize::BITS - actions.saturating_sub(1).leading_zeros()).max(1) as usize
}

impl<R: Determinize> Policy<R> for StrongPolicy<R> {
    fn name(&self) -> &'static str {
        "strong"
    }

    fn search_ms(&self) -> Option<u32> {
        Some(self.budget.millis::<R>(&self.log))
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.normal.reseed(seed);
    }

    fn observe(&mut self, event: &R::Event) {
        if R::opening(event).is_some() {
            self.log.clear();
        }
        self.log.push(event.clone());
        self.normal.observe(event);
    }

    fn choose(&mut self, view: &R::View, legal: &[R::Action]) -> R::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let prior = self.normal.choose(view, legal);
        let Some(seat) = R::viewer(view) else {
            return prior;
        };
        let p = legal.iter().position(|a| *a == prior).unwrap_or(0);
        let best = self.halving(view, seat, legal, p);
        legal[best].clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_in_playouts_is_told_in_milliseconds_at_the_reference_rate() {
        assert_eq!(Budget::Millis(20).millis::<Dice>(&[]), 20);
        assert_eq!(Budget::Millis(0).millis::<Dice>(&[]), 1);
        // The dice game plays 25 a millisecond.
        assert_eq!(Budget::Playouts(500).millis::<Dice>(&[]), 20);
        assert_eq!(Budget::Playouts(1).millis::<Dice>(&[]), 1);
    }

    /// Picks the last of the actions it is offered: a preference order
    /// the test can predict.
    struct Last;

    impl Policy<Dice> for Last {
        fn name(&self) -> &'static str {
            "last"
        }
        fn observe(&mut self, _: &engine::dice::Event) {}
        fn choose(
            &mut self,
            _: &engine::dice::View,
            legal: &[engine::dice::Action],
        ) -> engine::dice::Action {
            legal[legal.len() - 1]
        }
    }

    /// A strong policy whose `normal` prior is [`Last`], at a dice game's
    /// first decision of more than three actions (the first roll's
    /// re-rolls), shown the game's events so far: its view and legal
    /// actions.
    fn first_decision() -> (
        StrongPolicy<Dice>,
        engine::dice::View,
        Vec<engine::dice::Action>,
    ) {
        use engine::Ruleset;
        use engine::dice::{self, Config, State};
        let seed = Seed::from_u64(7);
        let mut events = dice::start(&Config::new(5), &mut GameRng::new(seed, 0)).expect("a setup");
        let mut state = State::default();
        for e in &events {
            dice::apply(&mut state, e);
        }
        let (seat, legal) = loop {
            let seat = Dice::next_to_act(&state).expect("a seat to act");
            let legal = Dice::legal_actions(&state, seat);
            if legal.len() > 3 {
                break (seat, legal);
            }
            let mut rng = GameRng::new(seed, state.version);
            events
                .extend(Dice::play(&mut state, seat, &legal[0], &mut rng).expect("a legal action"));
        };
        let mut strong = StrongPolicy::<Dice>::with_playouts(1, 30);
        for e in &events {
            strong.observe(&Dice::redact(e, Viewer::Seat(seat)));
        }
        strong.normal = Box::new(Last);
        (strong, dice::view(&state, Viewer::Seat(seat)), legal)
    }

    #[test]
    fn a_search_compares_every_action_when_it_has_the_playouts_for_them() {
        let (mut strong, view, legal) = first_decision();
        let k = legal.len();
        assert!(k > 2, "{legal:?}");
        assert_eq!(
            strong.preferred(&view, &legal, 1, k),
            (0..k).collect::<Vec<_>>()
        );
        assert_eq!(
            strong.preferred(&view, &legal, 0, k + 1),
            (0..k).collect::<Vec<_>>()
        );
    }

    #[test]
    fn more_actions_than_the_search_can_play_are_the_normal_favourites() {
        let (mut strong, view, legal) = first_decision();
        let k = legal.len();
        // The `normal` choice, then `Last`'s favourites among the rest: the
        // last two of them.
        assert_eq!(strong.preferred(&view, &legal, 0, 3), vec![0, k - 2, k - 1]);
        assert_eq!(
            strong.preferred(&view, &legal, k - 1, 2),
            vec![k - 2, k - 1]
        );
        assert_eq!(strong.preferred(&view, &legal, 1, 1), vec![1]);
    }

    #[test]
    fn a_search_stops_where_its_allowance_is_spent() {
        let (mut strong, view, legal) = first_decision();
        let seat = Dice::viewer(&view).expect("a seat's view");
        // Planned for 300 playouts, allowed less than one: the first world
        // is played for every action compared, then the search stops, with
        // no check against the `normal` choice.
        let mut allowance = Allowance {
            left_us: 1.0,
            per_decision_us: 1.0,
            fixed_us: 1.0,
            playouts: 0,
        };
        let choice = strong.halving_within(&view, seat, &legal, 0, 300, &mut allowance);
        assert!(allowance.spent(), "{allowance:?} {}", legal.len());
        assert_eq!(allowance.playouts as usize, legal.len().min(100));
        assert!(choice < legal.len());
        // Unlimited, the same plan plays about its 300.
        let mut unlimited = Allowance::UNLIMITED;
        strong.halving_within(&view, seat, &legal, 0, 300, &mut unlimited);
        assert!(
            (100..=320).contains(&unlimited.playouts),
            "{}",
            unlimited.playouts
        );
    }
}
