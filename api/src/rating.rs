//! Ratings, the pure part: who a finished rated game's sides were (its
//! [`Match`], read from the game's seats and its end) and how a match moves
//! the ratings of those who held its seats (Weng-Lin, a team-aware rating
//! from the `skillratings` crate). No I/O: the service stores what this
//! computes (`service::ratings`), and a rebuild computes it again from the
//! games' logs.
//!
//! A rating belongs to a **holder**: a player account (`p_…`), a bot policy
//! (`bot:strong`), or a level of the solo mode (`solo:4`, with its variants
//! `solo:4+night_brings_chaos+four_most_wanted`). Ratings are kept by
//! **pool**: a ruleset's table games (`dice.table`, `bang.table`) and the card
//! game's solo mode (`bang.solo`).

use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::models::{RatedKind, RatingMode, RatingValue};
use crate::stored::{GameData, SeatData};

/// The prefix of a bot policy's holder id.
pub const BOT_PREFIX: &str = "bot:";
/// The prefix of a solo level's holder id.
pub const SOLO_PREFIX: &str = "solo:";

/// A rating pool's key: `{ruleset}.{mode}`.
pub fn pool_key(ruleset: &str, mode: RatingMode) -> String {
    format!("{ruleset}.{}", mode.as_str())
}

/// What kind of holder an id names, if it names one: a player id's shape,
/// a bot policy of some ruleset, or a solo level (0 to 4 and its variants).
pub fn kind_of(holder: &str) -> Option<RatedKind> {
    if let Some(policy) = holder.strip_prefix(BOT_PREFIX) {
        let known = bots::players::bot_rulesets()
            .iter()
            .any(|b| b.policies.contains(&policy));
        return known.then_some(RatedKind::Bot);
    }
    if let Some(level) = holder.strip_prefix(SOLO_PREFIX) {
        let mut parts = level.split('+');
        let difficulty = parts.next().unwrap_or_default();
        let variants: Vec<&str> = parts.collect();
        let known = matches!(difficulty, "0" | "1" | "2" | "3" | "4")
            && matches!(
                variants.as_slice(),
                [] | ["night_brings_chaos"]
                    | ["four_most_wanted"]
                    | ["night_brings_chaos", "four_most_wanted"]
            );
        return known.then_some(RatedKind::SoloLevel);
    }
    let rest = holder.strip_prefix("p_")?;
    let shape = !rest.is_empty()
        && holder.len() <= 40
        && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    shape.then_some(RatedKind::Player)
}

/// The name shown for a bot or a solo level (a player's is his account's).
pub fn holder_name(holder: &str) -> Option<String> {
    if let Some(policy) = holder.strip_prefix(BOT_PREFIX) {
        return Some(format!("{policy} bot"));
    }
    let level = holder.strip_prefix(SOLO_PREFIX)?;
    let mut parts = level.split('+');
    let mut name = format!("level {}", parts.next().unwrap_or_default());
    for variant in parts {
        name.push_str(", ");
        name.push_str(&variant.replace('_', " "));
    }
    Some(name)
}

/// One side of a match: the holders of its seats (one entry per seat, so a
/// holder may repeat) and its place (1 for the winners).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Side {
    /// Who held each of the side's seats.
    pub holders: Vec<String>,
    /// 1 if the side won, 2 if it lost (every side 1 in a draw).
    pub rank: u8,
}

/// A finished rated game as the ratings see it: its pool and its sides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    /// The pool it counts in (`dice.table`, `bang.solo` …).
    pub pool: String,
    /// The sides, in seat order of their first seat.
    pub sides: Vec<Side>,
}

/// The solo level's holder id of a solo game (`solo:4`, with its variants
/// `+night_brings_chaos`, `+four_most_wanted`); `None` for any other game.
/// Its expansions and whether characters are chosen do not make another
/// level.
pub fn solo_level(ruleset: &str, options: &serde_json::Value) -> Option<String> {
    if ruleset != "bang" {
        return None;
    }
    let options = if options.is_null() {
        serde_json::json!({})
    } else {
        options.clone()
    };
    let solo = serde_json::from_value::<engine::bang::Options>(options)
        .ok()?
        .solo()?;
    let mut level = format!("{SOLO_PREFIX}{}", solo.difficulty);
    if solo.night_brings_chaos {
        level.push_str("+night_brings_chaos");
    }
    if solo.four_most_wanted {
        level.push_str("+four_most_wanted");
    }
    Some(level)
}

/// Why a create request cannot make a rated game, naming the field.
pub fn refusal(data: &GameData, solo_level: Option<&str>) -> Option<String> {
    if data.seed_chosen {
        return Some(
            "rated: a rated game's seed is drawn by the server; leave out `seed`".to_string(),
        );
    }
    for (i, seat) in data.seats.iter().enumerate() {
        if seat.spec.budget_ms.is_some() {
            return Some(format!(
                "rated: seats[{i}].budget_ms: a rated game's bots play at their standard strength"
            ));
        }
        if holder_of(seat).is_none() && !seat.open && solo_level.is_none() {
            return Some(format!(
                "rated: seats[{i}] is neither a player account nor a bot; a rated game's seats \
                 are player accounts (`{{\"player\": …}}`), open seats joined with a player key, \
                 or bots"
            ));
        }
    }
    None
}

/// The holder a seat's result counts for: its player account (even while a
/// bot keeps it after missed deadlines), else its bot policy; `None` for a
/// seat played anonymously or by the rules.
pub fn holder_of(seat: &SeatData) -> Option<String> {
    if let Some(player) = &seat.player {
        return Some(player.clone());
    }
    if seat.token_hash.is_some() || seat.open {
        return None;
    }
    seat.spec
        .bot
        .as_ref()
        .map(|bot| format!("{BOT_PREFIX}{bot}"))
}

/// The match of a finished game, if it is rated and every seat counts for
/// someone. `winners` are the winning seats (empty: a draw), `roles` every
/// seat's role as the end revealed it, `solo_level` the solo level's holder
/// id in a solo game.
pub fn match_of(
    data: &GameData,
    ruleset: &str,
    winners: &[u8],
    roles: &[Option<engine::Role>],
    solo_level: Option<String>,
) -> Option<Match> {
    if !data.rated {
        return None;
    }
    let rank = |won: bool| if won || winners.is_empty() { 1 } else { 2 };
    if let Some(level) = solo_level {
        // The person against the level: one side each.
        let person = data.seats.first().and_then(holder_of)?;
        let won = winners.contains(&0);
        return Some(Match {
            pool: pool_key(ruleset, RatingMode::Solo),
            sides: vec![
                Side {
                    holders: vec![person],
                    rank: rank(won),
                },
                Side {
                    holders: vec![level],
                    rank: rank(!won && !winners.is_empty()),
                },
            ],
        });
    }
    // Seats of one team and one result are one side: the Sheriff and his
    // Deputies, the Outlaws, each Renegade alone, each seat alone in a game
    // without roles.
    let mut keys: Vec<(String, bool)> = Vec::new();
    let mut sides: Vec<Side> = Vec::new();
    for (i, seat) in data.seats.iter().enumerate() {
        let holder = holder_of(seat)?;
        let team = match roles.get(i).copied().flatten() {
            Some(engine::Role::Sheriff | engine::Role::Deputy) => "law".to_string(),
            Some(engine::Role::Outlaw) => "outlaws".to_string(),
            Some(engine::Role::Renegade) | None => format!("seat{i}"),
        };
        let won = winners.contains(&(i as u8));
        match keys.iter().position(|k| *k == (team.clone(), won)) {
            Some(at) => sides[at].holders.push(holder),
            None => {
                keys.push((team, won));
                sides.push(Side {
                    holders: vec![holder],
                    rank: rank(won),
                });
            }
        }
    }
    Some(Match {
        pool: pool_key(ruleset, RatingMode::Table),
        sides,
    })
}

/// A holder's rating in a pool.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The skill estimate (μ).
    pub mu: f64,
    /// Its uncertainty (σ).
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let start = WengLinRating::new();
        Rating {
            mu: start.rating,
            sigma: start.uncertainty,
        }
    }
}

impl Rating {
    /// `μ − 3σ`: what the leaderboard sorts by.
    pub fn score(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    /// As the API shows it.
    pub fn value(self) -> RatingValue {
        RatingValue {
            rating: self.mu,
            uncertainty: self.sigma,
            score: self.score(),
        }
    }
}

/// How a match moved one holder's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// The holder.
    pub holder: String,
    /// Whether a side of his won.
    pub won: bool,
    /// Before the match.
    pub before: Rating,
    /// After it.
    pub after: Rating,
}

/// How `m` moves the ratings of its holders, each one's current rating read
/// with `current`: one change per holder, in the order they first sit.
///
/// Every seat is a member of its side with its holder's rating; a holder
/// with several seats (bots of one policy, on one side or on both) moves by
/// the mean of the moves of his seats.
pub fn rate(m: &Match, current: impl Fn(&str) -> Rating) -> Vec<Change> {
    let config = WengLinConfig::new();
    let teams: Vec<Vec<WengLinRating>> = m
        .sides
        .iter()
        .map(|side| {
            side.holders
                .iter()
                .map(|h| {
                    let r = current(h);
                    WengLinRating {
                        rating: r.mu,
                        uncertainty: r.sigma,
                    }
                })
                .collect()
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&m.sides)
        .map(|(team, side)| {
            (
                team.as_slice(),
                MultiTeamOutcome::new(usize::from(side.rank)),
            )
        })
        .collect();
    let moved = weng_lin_multi_team(&input, &config);
    // Per holder: the sum of his seats' moves, their count, whether one won.
    let mut order: Vec<(String, f64, f64, u32, bool)> = Vec::new();
    for ((side, before), after) in m.sides.iter().zip(&teams).zip(&moved) {
        for ((holder, b), a) in side.holders.iter().zip(before).zip(after) {
            let (dmu, dsigma) = (a.rating - b.rating, a.uncertainty - b.uncertainty);
            match order.iter_mut().find(|o| o.0 == *holder) {
                Some(o) => {
                    o.1 += dmu;
                    o.2 += dsigma;
                    o.3 += 1;
                    o.4 |= side.rank == 1;
                }
                None => order.push((holder.clone(), dmu, dsigma, 1, side.rank == 1)),
            }
        }
    }
    order
        .into_iter()
        .map(|(holder, dmu, dsigma, seats, won)| {
            let before = current(&holder);
            let n = f64::from(seats);
            let after = Rating {
                mu: before.mu + dmu / n,
                sigma: (before.sigma + dsigma / n).max(config.uncertainty_tolerance),
            };
            Change {
                holder,
                won,
                before,
                after,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(holders: &[&str], rank: u8) -> Side {
        Side {
            holders: holders.iter().map(|h| h.to_string()).collect(),
            rank,
        }
    }

    #[test]
    fn winners_go_up_losers_down_and_everyone_grows_surer() {
        let m = Match {
            pool: "bang.table".into(),
            sides: vec![
                side(&["p_ann", "p_bob"], 2),
                side(&["p_cat", "p_dan", "p_eve"], 1),
            ],
        };
        let changes = rate(&m, |_| Rating::default());
        let names: Vec<&str> = changes.iter().map(|c| c.holder.as_str()).collect();
        assert_eq!(names, ["p_ann", "p_bob", "p_cat", "p_dan", "p_eve"]);
        for c in &changes {
            assert_eq!(c.after.mu > c.before.mu, c.won, "{c:?}");
            assert!(c.after.sigma < c.before.sigma, "{c:?}");
        }
    }

    #[test]
    fn a_bot_policy_on_both_sides_moves_by_the_mean_of_its_seats() {
        let m = Match {
            pool: "dice.table".into(),
            sides: vec![side(&["bot:normal", "p_ann"], 1), side(&["bot:normal"], 2)],
        };
        let changes = rate(&m, |_| Rating::default());
        assert_eq!(changes.len(), 2);
        let bot = &changes[0];
        assert_eq!(bot.holder, "bot:normal");
        assert!(bot.won);
        // Its winning and losing seats nearly cancel out.
        assert!(
            (bot.after.mu - bot.before.mu).abs() < (changes[1].after.mu - 25.0).abs(),
            "{changes:?}"
        );
    }

    #[test]
    fn a_draw_ranks_every_side_first() {
        let m = Match {
            pool: "dice.table".into(),
            sides: vec![side(&["p_ann"], 1), side(&["p_bob"], 1)],
        };
        let changes = rate(&m, |_| Rating::default());
        assert!((changes[0].after.mu - changes[1].after.mu).abs() < 1e-9);
    }

    #[test]
    fn holder_ids_and_names() {
        assert_eq!(kind_of("p_3f2a9c1e7b5d4a60"), Some(RatedKind::Player));
        assert_eq!(kind_of("bot:strong"), Some(RatedKind::Bot));
        assert_eq!(
            kind_of("solo:4+night_brings_chaos"),
            Some(RatedKind::SoloLevel)
        );
        assert_eq!(kind_of("bot:"), None);
        assert_eq!(kind_of("bot:clever"), None);
        assert_eq!(kind_of("solo:5"), None);
        assert_eq!(
            kind_of("solo:2+four_most_wanted"),
            Some(RatedKind::SoloLevel)
        );
        assert_eq!(kind_of("p_a/b"), None);
        assert_eq!(kind_of("ann"), None);
        assert_eq!(holder_name("bot:strong").unwrap(), "strong bot");
        assert_eq!(
            holder_name("solo:4+night_brings_chaos").unwrap(),
            "level 4, night brings chaos"
        );
        assert_eq!(pool_key("bang", RatingMode::Solo), "bang.solo");
    }
}
