//! The coach: the search's estimate of every legal action's win chance at
//! one decision of a seat, from that seat's own information set (the events
//! it was shown, redacted for it), never from the true state.
//!
//! Each analysed action is played out in the same sampled worlds (paired,
//! so that their differences are not the worlds' luck), with the `normal`
//! policy at every seat after it, as the `strong` bot's search does. A
//! decision with more legal actions than the analysis may compare keeps the
//! `normal` policy's favourites and the action the seat played.

use engine::Decided;
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

use super::{Budget, Determinize, StrongPolicy};
use crate::policy::Policy;

/// The fewest playouts an analysed action gets, whatever the budget.
pub const MIN_PLAYOUTS: u32 = 4;

/// One analysed action.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate<A> {
    /// The action.
    pub action: A,
    /// Its estimated win chance, 0 to 1: the share of its playouts the seat
    /// won.
    pub win: f64,
    /// The playouts it was scored on.
    pub playouts: u32,
}

/// The analysis of one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<A> {
    /// The analysed actions, the likeliest to win first (ties: the `normal`
    /// choice, then the legal order).
    pub estimates: Vec<Estimate<A>>,
    /// The `normal` policy's choice.
    pub normal: A,
    /// How many legal actions the decision had (more than `estimates` when
    /// the analysis left some out).
    pub legal: usize,
}

/// Analyses the decision of the seat `view` is shown to, among `legal`
/// (never empty), from `observed` (every event of the game up to it, as
/// that seat saw them), in about `budget` playouts shared by at most `most`
/// actions, and `played` (when it is one of `legal`) besides them, played
/// in the same worlds: knowing it changes no other estimate. Past
/// [`MIN_PLAYOUTS`] each, a budget in milliseconds stops the analysis where
/// its modelled cost passes the search's allowance. The same
/// arguments give the same analysis. `None` for a spectator's view or
/// when no consistent world could be sampled.
pub fn analyse<R: Determinize>(
    observed: &[R::Event],
    view: &R::View,
    legal: &[R::Action],
    played: Option<&R::Action>,
    budget: Budget,
    most: usize,
    seed: u64,
) -> Option<Analysis<R::Action>> {
    let seat = R::viewer(view)?;
    let mut search = StrongPolicy::<R>::with_budget(seed, budget);
    for event in observed {
        search.observe(event);
    }
    let normal = search.normal.choose(view, legal);
    let p = legal.iter().position(|a| *a == normal).unwrap_or(0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x636f_6163_6821);
    let mut analysed = search.preferred(view, legal, p, most.max(2));
    let each = (search.decision_playouts(seat, &normal) / analysed.len() as u32).max(MIN_PLAYOUTS);
    // The action played joins the others, in the same worlds: what it
    // adds leaves every other estimate as it was before it was played.
    if let Some(i) = played.and_then(|a| legal.iter().position(|b| b == a))
        && !analysed.contains(&i)
    {
        analysed.push(i);
    }
    let mut wins = vec![(0.0, 0u32); analysed.len()];
    // Past its least playouts, an analysis whose playouts run longer than
    // its probe judged stops where the search would.
    let mut allowance = search.allowance();
    for world in 0..each {
        if world >= MIN_PLAYOUTS && allowance.spent() {
            break;
        }
        let sample = rng.next_u64();
        for (k, &i) in analysed.iter().enumerate() {
            if let Some(score) = search.charged(sample, seat, &legal[i], &mut allowance) {
                wins[k].0 += score;
                wins[k].1 += 1;
            }
        }
    }
    if wins.iter().all(|w| w.1 == 0) {
        return None;
    }
    let mut estimates: Vec<(usize, Estimate<R::Action>)> = analysed
        .iter()
        .zip(&wins)
        .map(|(&i, &(won, n))| {
            let win = if n == 0 { 0.0 } else { won / f64::from(n) };
            let action = legal[i].clone();
            (
                i,
                Estimate {
                    action,
                    win,
                    playouts: n,
                },
            )
        })
        .collect();
    estimates.sort_by(|(i, a), (j, b)| {
        b.win
            .total_cmp(&a.win)
            .then((*j == p).cmp(&(*i == p)))
            .then(i.cmp(j))
    });
    Some(Analysis {
        estimates: estimates.into_iter().map(|(_, e)| e).collect(),
        normal,
        legal: legal.len(),
    })
}

/// The action `seat` decided first among `following` (the events after the
/// analysed decision) that answers it, one of `legal`: what it played there.
pub fn played_after<R: Determinize>(
    following: &[R::Event],
    seat: engine::Seat,
    legal: &[R::Action],
) -> Option<R::Action> {
    following.iter().find_map(|e| match R::decided(e) {
        Some(Decided::Action(s, a)) if s == seat && legal.contains(&a) => Some(a),
        _ => None,
    })
}
