//! The seat's reading of the table: whom it wants to hurt or help and how much, in
//! "life point" units, and the values of dice results built on that.

// Seats index several parallel arrays; loops over seat numbers read best.
#![allow(clippy::needless_range_loop)]

use engine::Viewer;
use engine::dice::{Character, Role, Symbol, View, roles_for, three_player_target};

use super::beliefs::Beliefs;
use super::table::{SEATS, reach_range};

/// The value of being eliminated oneself, or of a game-deciding elimination.
pub(super) const DECISIVE: f32 = 25.0;
/// How much a seat values its own life point compared with an enemy's.
const SELF_WEIGHT: f32 = 1.3;

/// Value of one life point to a player who has `life` left: the lower, the dearer.
pub(super) fn lpw(life: i16) -> f32 {
    if life <= 0 {
        3.5
    } else {
        1.0 + 2.0 / life as f32
    }
}

/// Results of `symbol` on the active player's dice.
pub(super) fn count(view: &View, symbol: Symbol) -> u8 {
    view.turn
        .dice
        .iter()
        .filter_map(|d| d.face)
        .map(|f| f.count(symbol))
        .sum()
}

/// The seat's reading of the table at one decision.
#[derive(Clone, Debug)]
pub(super) struct Ctx {
    pub me: usize,
    pub n: usize,
    pub role: Option<Role>,
    pub alive: [bool; SEATS],
    pub life: [u8; SEATS],
    pub max: [u8; SEATS],
    pub arrows: [u8; SEATS],
    pub chars: [Character; SEATS],
    /// Position of each living seat in the ring.
    pos: [u8; SEATS],
    /// Living players.
    pub m: u8,
    pub pile: u8,
    /// Value of one LP of damage to a seat (+ enemy, − friend).
    pub align: [f32; SEATS],
    /// Extra value when a hit eliminates the seat.
    pub kill: [f32; SEATS],
    /// Value of one LP healed (own seat included).
    pub heal_w: [f32; SEATS],
    /// Value of Vulture Sam's +2 LP when someone else is eliminated.
    vulture: f32,
    /// Vulture Sam's seat, if he is in the game.
    vulture_seat: usize,
}

impl Ctx {
    /// Reads the view and the evidence; `None` if the viewer has no seat.
    pub fn new(view: &View, beliefs: &Beliefs) -> Option<Ctx> {
        let Viewer::Seat(me) = view.viewer else {
            return None;
        };
        let me = me as usize;
        let n = view.players.len().min(SEATS);
        if me >= n {
            return None;
        }
        let mut c = Ctx {
            me,
            n,
            role: None,
            alive: [false; SEATS],
            life: [0; SEATS],
            max: [0; SEATS],
            arrows: [0; SEATS],
            chars: [Character::default(); SEATS],
            pos: [0; SEATS],
            m: 0,
            pile: view.pile,
            align: [0.0; SEATS],
            kill: [0.0; SEATS],
            heal_w: [0.0; SEATS],
            vulture: 0.0,
            vulture_seat: usize::MAX,
        };
        let mut roles = [None; SEATS];
        for (i, p) in view.players.iter().take(n).enumerate() {
            c.alive[i] = p.alive;
            c.life[i] = p.life;
            c.max[i] = p.max_life;
            c.arrows[i] = p.arrows;
            c.chars[i] = p.character;
            roles[i] = p.role.or(if beliefs.players as usize == n {
                beliefs.roles[i]
            } else {
                None
            });
            if p.alive {
                c.pos[i] = c.m;
                c.m += 1;
            }
        }
        c.role = roles[me];
        c.read_sides(&roles, beliefs);
        if let Some(v) = (0..n).find(|&t| c.alive[t] && c.chars[t] == Character::VultureSam) {
            c.vulture = c.heal(v, 0, 2);
            c.vulture_seat = v;
        }
        Some(c)
    }

    /// Fills `align`, `kill` and `heal_w` from the roles known and the evidence.
    fn read_sides(&mut self, roles: &[Option<Role>; SEATS], beliefs: &Beliefs) {
        let n = self.n;
        let sheriff = (0..n).find(|&t| roles[t] == Some(Role::Sheriff) && self.alive[t]);
        let others_alive = (0..n)
            .filter(|&t| self.alive[t] && t != self.me && Some(t) != sheriff)
            .count();
        let known = RoleKnowledge {
            roles,
            hidden: HiddenRoles::new(roles, n),
            hostile: (beliefs.players as usize == n).then_some(&beliefs.hostile),
            sheriff,
            others_alive,
        };
        for t in 0..n {
            if !self.alive[t] || t == self.me {
                continue;
            }
            let (a, k) = if n == 3 {
                self.three_player_side(t, &known)
            } else {
                match self.role {
                    Some(Role::Sheriff) | Some(Role::Deputy) | None => self.lawman_side(t, &known),
                    Some(Role::Outlaw) => self.outlaw_side(t, &known),
                    Some(Role::Renegade) => self.renegade_side(t, &known),
                }
            };
            self.align[t] = a;
            self.kill[t] = k;
            self.heal_w[t] = -a;
            if Some(t) == sheriff && self.role == Some(Role::Deputy) {
                // A Deputy's Beers go to the Sheriff first.
                self.heal_w[t] = 2.0;
            }
        }
        self.heal_w[self.me] = if self.role == Some(Role::Deputy) {
            1.0
        } else {
            SELF_WEIGHT
        };
    }

    /// 3 players: every role is face up; each hunts one other.
    fn three_player_side(&self, t: usize, known: &RoleKnowledge) -> (f32, f32) {
        let target = self.role.map(three_player_target);
        if known.roles[t].is_some() && known.roles[t] == target {
            (1.5, DECISIVE)
        } else {
            (0.8, 1.6)
        }
    }

    /// The Sheriff's or a Deputy's side of `t` (or mine unknown).
    fn lawman_side(&self, t: usize, known: &RoleKnowledge) -> (f32, f32) {
        if Some(t) == known.sheriff {
            return (-1.5, -DECISIVE);
        }
        // While Outlaws live, the Renegade can wait (a Deputy ignores him; the
        // Sheriff, who cannot tell him from a Deputy, less so).
        let w_r = if !known.hidden.outlaws_left() {
            1.0
        } else if self.role == Some(Role::Deputy) {
            0.0
        } else {
            0.75
        };
        by_role(match known.roles[t] {
            Some(Role::Deputy) => -1.0,
            Some(Role::Outlaw) => 1.0,
            Some(Role::Renegade) => w_r,
            Some(Role::Sheriff) => -1.5,
            None => {
                let (d, o, r) = known.odds(t);
                o + w_r * r - d
            }
        })
    }

    /// An Outlaw's side of `t`.
    fn outlaw_side(&self, t: usize, known: &RoleKnowledge) -> (f32, f32) {
        if Some(t) == known.sheriff {
            return (3.0, DECISIVE);
        }
        by_role(match known.roles[t] {
            Some(Role::Outlaw) => -1.0,
            Some(Role::Deputy) => 1.0,
            Some(Role::Renegade) => 0.5,
            Some(Role::Sheriff) => 3.0,
            None => {
                let (d, o, r) = known.odds(t);
                d + 0.5 * r - o
            }
        })
    }

    /// The Renegade's side of `t`.
    fn renegade_side(&self, t: usize, known: &RoleKnowledge) -> (f32, f32) {
        if Some(t) == known.sheriff {
            return if known.others_alive == 0 {
                // The final duel.
                (2.0, DECISIVE)
            } else if known.hidden.outlaws == 0.0 && known.hidden.renegades == 0.0 {
                // Only his Deputies are left: wear him down while he is
                // healthy, but never let him fall before them.
                if self.life[t] > 4 {
                    (0.5, -DECISIVE)
                } else if self.life[t] <= 2 {
                    (-0.8, -DECISIVE)
                } else {
                    (-0.05, -DECISIVE)
                }
            } else {
                // Outlaws are about: keep him alive.
                (-0.8, -DECISIVE)
            };
        }
        // Outlaws first: they threaten the Sheriff.
        by_role(match known.roles[t] {
            Some(Role::Outlaw) => 1.2,
            Some(Role::Deputy) => 0.8,
            Some(Role::Renegade) => 1.0,
            Some(Role::Sheriff) => -0.8,
            None => {
                let (d, o, r) = known.odds(t);
                1.2 * o + 0.8 * d + r
            }
        })
    }

    /// Distance between two living seats.
    pub fn distance(&self, a: usize, b: usize) -> u8 {
        let m = self.m.max(1) as i16;
        let k = (self.pos[b] as i16 - self.pos[a] as i16).rem_euclid(m) as u8;
        k.min(self.m - k)
    }

    /// Whether a Bull's Eye result of `symbol` by me may hit `t`.
    pub fn reaches(&self, symbol: Symbol, t: usize) -> bool {
        if t == self.me || t >= self.n || !self.alive[t] {
            return false;
        }
        let (near, far) = reach_range(self.chars[self.me].info().reach, symbol, self.m);
        (near..=far).contains(&self.distance(self.me, t))
    }

    /// The LP `t` is likely to lose to the Indians for the arrows he holds.
    fn doomed(&self, t: usize) -> i16 {
        let cap = self.chars[t].info().indian_loss_cap.min(self.arrows[t]) as f32;
        let k = if self.pile <= 3 { 1.0 } else { 0.7 };
        (cap * k).round() as i16
    }

    /// Value of `amount` LP of damage to `t`, who already takes `planned` this turn.
    pub fn damage(&self, t: usize, planned: u8, amount: u8) -> f32 {
        let mut v = 0.0;
        let ak = self.doomed(t);
        for i in 0..amount {
            let l = self.life[t] as i16 - planned as i16 - i as i16;
            if l <= 0 {
                break;
            }
            v += self.align[t] * lpw(l - ak);
            if l == 1 {
                v += self.kill[t];
                if t != self.vulture_seat {
                    v += self.vulture;
                }
            }
        }
        if self.chars[t] == Character::BartCassidy && self.pile > 1 && v > 0.0 {
            // He may take arrows instead.
            v *= 0.7;
        }
        v
    }

    /// Value of a Bull's Eye hit of `amount` on `t` (my side effects included).
    pub fn shot(&self, t: usize, planned: u8, amount: u8) -> f32 {
        let mut v = self.damage(t, planned, amount);
        if self.chars[t] == Character::ElGringo && planned == 0 {
            v -= self.new_arrow_cost();
        }
        v
    }

    /// Value of healing `t` by `amount` LP when `planned` are already coming.
    pub fn heal(&self, t: usize, planned: u8, amount: u8) -> f32 {
        let mut v = 0.0;
        let ak = self.doomed(t);
        for i in 0..amount {
            let l = self.life[t] as i16 + planned as i16 + i as i16;
            if l >= self.max[t] as i16 {
                break;
            }
            v += self.heal_w[t] * lpw(l - ak);
        }
        v
    }

    /// My cost of losing `amount` LP now.
    pub fn self_loss(&self, amount: u8) -> f32 {
        let life = self.life[self.me] as i16;
        let ak = self.doomed(self.me);
        let mut v = 0.0;
        for i in 0..amount as i16 {
            v += SELF_WEIGHT * lpw(life - i - ak);
        }
        if amount as i16 >= life {
            v += DECISIVE;
        }
        v
    }

    /// Cost of holding my `arrows`-th arrow, with `pile` left in the pile.
    pub fn hold_cost(&self, arrows: u8, pile: u8) -> f32 {
        self.hold_cost_at(self.life[self.me], arrows, pile)
    }

    /// [`Ctx::hold_cost`] when I have `life` LP.
    pub fn hold_cost_at(&self, life: u8, arrows: u8, pile: u8) -> f32 {
        let me = self.me;
        let life = life as i16;
        let cap = self.chars[me].info().indian_loss_cap;
        if arrows == 0 || arrows > cap {
            return 0.05;
        }
        // The chance this arrow costs me its LP before I can get rid of it.
        let q = if pile <= 2 { 0.95 } else { 0.75 };
        // Pedro Ramirez gets rid of arrows when he is hit.
        let c = if self.chars[me] == Character::PedroRamirez {
            0.75
        } else {
            1.0
        };
        c * q * SELF_WEIGHT * lpw(life - arrows as i16 + 1)
    }

    /// Cost of an Arrow result taken by me now (an Indian attack if the pile empties).
    pub fn new_arrow_cost(&self) -> f32 {
        let me = self.me;
        if self.pile > 1 {
            return self.hold_cost(self.arrows[me] + 1, self.pile - 1);
        }
        // I take the last arrow: the Indians attack.
        let mut others = 0.0;
        for t in 0..self.n {
            if t != me && self.alive[t] {
                let cap = self.chars[t].info().indian_loss_cap;
                others += self.damage(t, 0, self.arrows[t].min(cap));
            }
        }
        let cap = self.chars[me].info().indian_loss_cap;
        let mine = (self.arrows[me] + 1).min(cap);
        0.6 * self.self_loss(mine) - 0.5 * others
            + if mine >= self.life[me] { DECISIVE } else { 0.0 }
    }

    /// Value of my Gatling Gun firing after Bull's Eyes that take `planned`.
    pub fn gatling(&self, planned: &[u8; SEATS]) -> f32 {
        let me = self.me;
        let mut v = 0.0;
        let mut gringo = false;
        for t in 0..self.n {
            if t == me || !self.alive[t] || self.chars[t].info().gatling_immune {
                continue;
            }
            v += self.damage(t, planned[t], 1);
            gringo |= self.chars[t] == Character::ElGringo;
        }
        // My arrows go back to the pile.
        let a = self.arrows[me];
        for i in 0..a {
            v += self.hold_cost(i + 1, self.pile + a - i);
        }
        if gringo {
            v -= self.hold_cost(1, (self.pile + a).saturating_sub(1));
        }
        v
    }

    /// The best Bull's Eye target for a result of `symbol`, with its value.
    pub fn best_shot(&self, symbol: Symbol, planned: &[u8; SEATS], amount: u8) -> (f32, usize) {
        let mut best = (f32::NEG_INFINITY, usize::MAX);
        for t in 0..self.n {
            if self.reaches(symbol, t) {
                let v = self.shot(t, planned[t], amount);
                if v > best.0 {
                    best = (v, t);
                }
            }
        }
        if best.1 == usize::MAX {
            (0.0, usize::MAX)
        } else {
            best
        }
    }

    /// The best target for a heal of `amount` (own heals by `self_amount`).
    pub fn best_heal(&self, planned: &[u8; SEATS], amount: u8, self_amount: u8) -> (f32, usize) {
        let mut best = (0.0, self.me);
        for t in 0..self.n {
            if !self.alive[t] {
                continue;
            }
            let amt = if t == self.me { self_amount } else { amount };
            let v = self.heal(t, planned[t], amt);
            if v > best.0 {
                best = (v, t);
            }
        }
        best
    }
}

/// The side of a seat other than the Sheriff: `align` per LP of damage, and
/// twice that for eliminating him.
fn by_role(align: f32) -> (f32, f32) {
    (align, 2.0 * align)
}

/// The role cards not yet seen, by kind.
struct HiddenRoles {
    deputies: f32,
    outlaws: f32,
    renegades: f32,
}

impl HiddenRoles {
    /// The role cards of `n` players less those `roles` shows.
    fn new(roles: &[Option<Role>; SEATS], n: usize) -> HiddenRoles {
        let (mut c_d, mut c_o, mut c_r) = (0i32, 0i32, 0i32);
        for r in roles_for(n as u8) {
            match r {
                Role::Deputy => c_d += 1,
                Role::Outlaw => c_o += 1,
                Role::Renegade => c_r += 1,
                Role::Sheriff => {}
            }
        }
        for r in roles.iter().take(n).flatten() {
            match r {
                Role::Deputy => c_d -= 1,
                Role::Outlaw => c_o -= 1,
                Role::Renegade => c_r -= 1,
                Role::Sheriff => {}
            }
        }
        HiddenRoles {
            deputies: c_d.max(0) as f32,
            outlaws: c_o.max(0) as f32,
            renegades: c_r.max(0) as f32,
        }
    }

    /// Whether an Outlaw card is still unseen.
    fn outlaws_left(&self) -> bool {
        self.outlaws > 0.0
    }
}

/// What the seat knows of the table's roles while it reads each side.
struct RoleKnowledge<'r> {
    /// The roles known (seen, or believed).
    roles: &'r [Option<Role>; SEATS],
    /// The role cards not yet seen.
    hidden: HiddenRoles,
    /// Each seat's hostility to the Sheriff, when the beliefs cover this known.
    hostile: Option<&'r [f32; SEATS]>,
    /// The living Sheriff's seat.
    sheriff: Option<usize>,
    /// Living players other than me and the Sheriff.
    others_alive: usize,
}

impl RoleKnowledge<'_> {
    /// Probabilities (deputy, outlaw, renegade) of a hidden seat, by its
    /// hostility.
    fn odds(&self, t: usize) -> (f32, f32, f32) {
        let hostile = self.hostile.map_or(0.0, |h| h[t]);
        let h = hostile.clamp(-4.0, 4.0);
        let c = &self.hidden;
        let d = c.deputies * (-h).exp();
        let o = c.outlaws * h.exp();
        let r = c.renegades * (-0.3 * h).exp();
        let sum = d + o + r;
        if sum <= 0.0 {
            (0.0, 0.0, 0.0)
        } else {
            (d / sum, o / sum, r / sum)
        }
    }
}
