//! C2: the hostility ledger, the only memory the policy keeps. It is built
//! from the events a seat may see (each redacted for it, in order, once):
//! every hostile act is public, so the ledger never needs a secret.

use super::rules::npc_rules;
use crate::bang::actions::{Action, DrawFrom};
use crate::bang::cards::{Kind, kind};
use crate::bang::events::Event;
use crate::bang::roles::roles_for;
use crate::core::{MAX_SEATS, Role, Seat};

/// What a bot seat remembers of a game: the hostility ledger of C2 (who
/// attacked the Sheriff, who attacked those attackers), and who the Sheriff
/// is. A solo NPC needs none of it (every role is face up): it reads
/// [`Memory::new`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// The Sheriff, once his role card is seen face up.
    sheriff: Option<Seat>,
    /// Hostile acts counted so far (the clock of "most recent").
    clock: u32,
    /// `S(P)`: hostile acts of P against the Sheriff.
    s: [u16; MAX_SEATS],
    /// When P's last act that counted in `S(P)` was.
    s_last: [u32; MAX_SEATS],
    /// `L(P)`: hostile acts of P against a player Q with `S(Q) ≥ 1` then.
    l: [u16; MAX_SEATS],
    /// When P's last act that counted in `L(P)` was.
    l_last: [u32; MAX_SEATS],
    /// Role cards dealt (the number of players, once the deal is seen).
    dealt: u8,
    /// Outlaws revealed by elimination.
    outlaws_out: u8,
    /// Seats whose role every player knows (dealt face up, or eliminated).
    known: u16,
}

/// C2.1: the single-target cards whose target is the victim of a hostile act
/// (with the Great Train Robbery: Knife Revolver, Train Robbery, and Switch
/// taking the target's card).
fn hostile_card(k: Kind) -> bool {
    matches!(
        k,
        Kind::Bang
            | Kind::Missed
            | Kind::Duel
            | Kind::Panic
            | Kind::CatBalou
            | Kind::Jail
            | Kind::KnifeRevolver
            | Kind::TrainRobbery
            | Kind::Switch
    )
}

impl Memory {
    /// An empty ledger (the start of a game).
    pub const fn new() -> Memory {
        Memory {
            sheriff: None,
            clock: 0,
            s: [0; MAX_SEATS],
            s_last: [0; MAX_SEATS],
            l: [0; MAX_SEATS],
            l_last: [0; MAX_SEATS],
            dealt: 0,
            outlaws_out: 0,
            known: 0,
        }
    }

    /// Takes in the next event of the game, as the seat may see it. Counts the
    /// hostile acts of C2.1 among the base game's: a BANG! card (Calamity
    /// Janet's Missed! as a BANG! too), a Duel, a Panic!, a Cat Balou or a Jail
    /// aimed at another player, and Jesse Jones drawing from another's hand;
    /// with Gold Rush, a Bottle or a Pardner aimed at another player as one of
    /// those cards, a Wanted placed on him, a forced discard of his equipment,
    /// and Jacky Murieta's BANG!; with the Great Train Robbery, a Knife
    /// Revolver, a Train Robbery or a Switch aimed at him, a railcar used at
    /// him, Evan Babbit's redirection and a Lumber Flatcar placed on him.
    /// Cards that hit everyone (Gatling, Indians!, Dynamite, Most Wanted,
    /// Circus Wagon, Ironhorse) are not (C2.2).
    pub fn observe(&mut self, event: &Event) {
        match event {
            Event::RoleDealt {
                seat,
                role,
                face_up,
            } => {
                self.dealt = self.dealt.saturating_add(1);
                if *face_up {
                    self.know(*seat);
                    if *role == Some(Role::Sheriff) {
                        self.sheriff = Some(*seat);
                    }
                }
            }
            Event::PlayerEliminated { seat, role, .. } => {
                self.know(*seat);
                if *role == Role::Outlaw {
                    self.outlaws_out = self.outlaws_out.saturating_add(1);
                }
            }
            Event::CardPlayed {
                seat,
                card,
                target: Some(target),
            } if hostile_card(kind(*card)) => self.hostile(*seat, *target),
            Event::Acted { seat, action } | Event::NpcActed { seat, action, .. } => match action {
                Action::Draw {
                    from: DrawFrom::Hand(victim),
                } => self.hostile(*seat, *victim),
                other => {
                    let rules = npc_rules();
                    if let Some(victim) = rules.iter().find_map(|r| r.hostile_action(other)) {
                        self.hostile(*seat, victim);
                    }
                }
            },
            other => {
                let rules = npc_rules();
                if let Some((by, against)) = rules.iter().find_map(|r| r.hostile_event(other)) {
                    self.hostile(by, against);
                }
            }
        }
    }

    /// Records a hostile act by `by` against `against` (C2.3, with the
    /// project's C2.3a: once no Outlaw may still be in play, an act of a
    /// player whose role is hidden against a player other than the Sheriff
    /// with `S = 0` counts in `S` as if it were against the Sheriff — only a
    /// Renegade makes it; see docs/decisions.md).
    pub fn hostile(&mut self, by: Seat, against: Seat) {
        let (b, a) = (by as usize, against as usize);
        if by == against || b >= MAX_SEATS || a >= MAX_SEATS {
            return;
        }
        self.clock += 1;
        if self.s[a] > 0 {
            // S(Q) ≥ 1 at the moment of the act.
            self.l[b] += 1;
            self.l_last[b] = self.clock;
        }
        if self.sheriff == Some(against) || self.renegade_tell(by, against) {
            self.s[b] += 1;
            self.s_last[b] = self.clock;
        }
    }

    /// C2.3a: whether an act of `by` against `against` can only be a
    /// Renegade's: every Outlaw is out, `by` is neither the Sheriff nor a
    /// player whose role is known, and `against` is not the Sheriff and has
    /// never attacked him (the Sheriff and Deputy rows never choose him).
    fn renegade_tell(&self, by: Seat, against: Seat) -> bool {
        let Some(sheriff) = self.sheriff else {
            return false;
        };
        // Before the whole deal is seen, nothing is inferred.
        let roles = roles_for(self.dealt);
        let outlaws = roles.iter().filter(|&&r| r == Role::Outlaw).count();
        !roles.is_empty()
            && usize::from(self.outlaws_out) >= outlaws
            && by != sheriff
            && against != sheriff
            && self.known & (1 << by) == 0
            && self.s[against as usize] == 0
    }

    /// Marks a seat whose role every player knows.
    fn know(&mut self, seat: Seat) {
        if (seat as usize) < MAX_SEATS {
            self.known |= 1 << seat;
        }
    }

    /// The Sheriff's seat, once seen.
    pub fn sheriff(&self) -> Option<Seat> {
        self.sheriff
    }

    /// `S(P)`: the Sheriff-attacker score.
    pub fn sheriff_score(&self, seat: Seat) -> u16 {
        self.s.get(seat as usize).copied().unwrap_or(0)
    }

    /// `L(P)`: the lawman score.
    pub fn lawman_score(&self, seat: Seat) -> u16 {
        self.l.get(seat as usize).copied().unwrap_or(0)
    }

    /// How recent P's last act counted in `S` (larger = more recent; 0 = none).
    pub fn sheriff_score_at(&self, seat: Seat) -> u32 {
        self.s_last.get(seat as usize).copied().unwrap_or(0)
    }

    /// How recent P's last act counted in `L` (larger = more recent; 0 = none).
    pub fn lawman_score_at(&self, seat: Seat) -> u32 {
        self.l_last.get(seat as usize).copied().unwrap_or(0)
    }
}
