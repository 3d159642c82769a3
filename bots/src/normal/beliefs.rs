//! What the policy remembers of the events it was shown: the table, the roles it
//! knows, and a hostility score per seat (evidence of acting against the Sheriff).

use engine::dice::{Action, Character, Event, Face, GainSource, MAX_DICE, Role, Symbol};

use super::table::{SEATS, reach_range};

/// Evidence gathered from the public events of one game.
#[derive(Clone, Debug)]
pub(super) struct Beliefs {
    /// Players at the table (0 until the game is created).
    pub players: u8,
    /// Roles seen so far: one's own, face-up cards, and cards turned up at elimination.
    pub roles: [Option<Role>; SEATS],
    /// Characters dealt.
    pub chars: [Character; SEATS],
    /// Who is still in the game.
    pub alive: [bool; SEATS],
    /// Hostility to the Sheriff: positive looks like an Outlaw, negative like a friend.
    pub hostile: [f32; SEATS],
    /// The loss each seat is about to take in the batch in progress.
    pub batch_loss: [u8; SEATS],
    /// The active player.
    active: u8,
    /// The active player's dice faces this turn.
    faces: [Option<Face>; MAX_DICE],
    /// Bull's Eye results assigned this turn.
    shots: u8,
}

impl Default for Beliefs {
    fn default() -> Self {
        Beliefs {
            players: 0,
            roles: [None; SEATS],
            chars: [Character::default(); SEATS],
            alive: [false; SEATS],
            hostile: [0.0; SEATS],
            batch_loss: [0; SEATS],
            active: 0,
            faces: [None; MAX_DICE],
            shots: 0,
        }
    }
}

impl Beliefs {
    /// The Sheriff's seat, when known and alive.
    pub fn sheriff(&self) -> Option<usize> {
        (0..self.players as usize).find(|&s| self.alive[s] && self.roles[s] == Some(Role::Sheriff))
    }

    fn add(&mut self, seat: u8, amount: f32) {
        if let Some(h) = self.hostile.get_mut(seat as usize) {
            *h = (*h + amount).clamp(-6.0, 6.0);
        }
    }

    fn hostility(&self, seat: u8) -> f32 {
        self.hostile.get(seat as usize).copied().unwrap_or(0.0)
    }

    /// Folds one event into the evidence.
    pub fn observe(&mut self, event: &Event) {
        match event {
            Event::GameCreated(created) => {
                *self = Beliefs {
                    players: created.players.min(SEATS as u8),
                    ..Beliefs::default()
                };
            }
            Event::RoleDealt {
                seat,
                role: Some(role),
                ..
            } => {
                if let Some(r) = self.roles.get_mut(*seat as usize) {
                    *r = Some(*role);
                }
            }
            Event::RoleRevealed { seat, role, .. } => {
                if let Some(r) = self.roles.get_mut(*seat as usize) {
                    *r = Some(*role);
                }
            }
            Event::RolesSwapped { seat, sheriff } => {
                let (a, b) = (*seat as usize, *sheriff as usize);
                if a < SEATS && b < SEATS {
                    self.roles.swap(a, b);
                }
            }
            Event::CharacterDealt {
                seat, character, ..
            } => {
                let s = *seat as usize;
                if s < SEATS {
                    self.chars[s] = *character;
                    self.alive[s] = true;
                }
            }
            Event::TurnStarted { seat } => {
                self.active = *seat;
                self.faces = [None; MAX_DICE];
                self.shots = 0;
            }
            Event::DiceRolled { dice } => {
                for d in dice {
                    if let Some(f) = self.faces.get_mut(d.die as usize) {
                        *f = Some(d.face);
                    }
                }
            }
            Event::Acted { seat, action } => match *action {
                Action::Shoot { target, .. } => self.on_shot(*seat, target),
                Action::Gift { target }
                    if Some(target as usize) == self.sheriff() && target != *seat =>
                {
                    self.add(*seat, -0.6);
                }
                _ => {}
            },
            Event::LifeGained {
                seat,
                amount,
                source: GainSource::Beer { by },
            } if seat != by => {
                if Some(*seat as usize) == self.sheriff() {
                    self.add(*by, if *amount > 0 { -0.6 } else { -0.15 });
                } else if *amount > 0 && self.hostility(*seat) > 0.8 {
                    self.add(*by, 0.2);
                }
            }
            Event::PlayerEliminated { seat, role } => {
                let s = *seat as usize;
                if s < SEATS {
                    self.roles[s] = Some(*role);
                    self.alive[s] = false;
                }
            }
            Event::BatchStarted { losses, .. } => {
                self.batch_loss = [0; SEATS];
                for l in losses {
                    if let Some(x) = self.batch_loss.get_mut(l.seat as usize) {
                        *x = x.saturating_add(l.amount);
                    }
                }
            }
            _ => {}
        }
    }

    /// The symbol of Bull's Eye result number `n` on the active player's dice.
    fn bullseye_symbol(&self, n: u8) -> Option<Symbol> {
        engine::dice::nth_bullseye(self.faces.iter().flatten().copied(), n)
    }

    /// Distance between two living seats, the shorter way round the ring.
    fn distance(&self, a: usize, b: usize) -> u8 {
        let n = self.players as usize;
        let m = (0..n).filter(|&s| self.alive[s]).count() as i32;
        let before = |x: usize| (0..x).filter(|&s| self.alive[s]).count() as i32;
        let k = (before(b) - before(a)).rem_euclid(m.max(1)) as u8;
        k.min(m as u8 - k)
    }

    /// The active player assigned a Bull's Eye to `target`: what it says of him.
    fn on_shot(&mut self, shooter: u8, target: u8) {
        let n = self.shots;
        self.shots = self.shots.saturating_add(1);
        let Some(sheriff) = self.sheriff() else {
            return;
        };
        let (sh, tg) = (shooter as usize, target as usize);
        if sh >= SEATS || tg >= SEATS || sh == sheriff {
            return;
        }
        let m = (0..self.players as usize)
            .filter(|&s| self.alive[s])
            .count() as u8;
        let (near, far) = match self.bullseye_symbol(n) {
            Some(symbol) => reach_range(self.chars[sh].info().reach, symbol, m),
            None => (1, 1),
        };
        let reachable =
            |t: usize| t != sh && self.alive[t] && (near..=far).contains(&self.distance(sh, t));
        let choices = (0..self.players as usize).filter(|&t| reachable(t)).count();
        if tg == sheriff {
            self.add(shooter, if choices > 1 { 1.0 } else { 0.3 });
        } else {
            if reachable(sheriff) {
                self.add(shooter, -0.45);
            }
            let h = self.hostility(target);
            if h > 0.8 {
                self.add(shooter, -0.25);
            } else if h < -0.8 {
                self.add(shooter, 0.25);
            }
        }
    }
}
