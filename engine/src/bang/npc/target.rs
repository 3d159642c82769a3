//! The Preferred Target: the single player a card is aimed at (B4 in solo,
//! C3 with hidden roles, C3.3 with 3 players), the guards that forbid a
//! target or a card (C4, C6), and the card a Panic!/Cat Balou takes (C1.3).

use super::ctx::Ctx;
use super::ranking::highest_ranked;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::roles::{roles_for, three_player_target};
use crate::core::{Role, Seat};

impl Ctx<'_> {
    /// The role's candidate list, best first (B4.1, C3, C3.3), without the seat
    /// itself or a player out of play. Acceptability is checked per card.
    pub fn candidates(&self) -> Vec<Seat> {
        let list = if self.solo() {
            self.solo_list()
        } else if self.three() {
            self.three_list()
        } else {
            self.hidden_list()
        };
        list.into_iter()
            .filter(|&t| t != self.me && self.alive(t))
            .collect()
    }

    /// B4.1 (A5, A7.2): an Outlaw aims at the Sheriff, else the Deputy; the
    /// Renegade at the Deputy while he lives, then at the Sheriff. The person's
    /// seats, when the policy plays them (docs/decisions.md): the NPCs, Outlaws first, each
    /// clockwise.
    fn solo_list(&self) -> Vec<Seat> {
        let sheriff = self.known(Role::Sheriff);
        let deputy = self.known(Role::Deputy);
        match self.role() {
            Some(Role::Outlaw) => [sheriff, deputy].concat(),
            Some(Role::Renegade) if deputy.is_empty() => sheriff,
            Some(Role::Renegade) => deputy,
            Some(Role::Sheriff | Role::Deputy) => {
                [self.known(Role::Outlaw), self.known(Role::Renegade)].concat()
            }
            None => Vec::new(),
        }
    }

    /// C3.3: the player of the role this one must eliminate; once he is gone,
    /// the other survivor.
    fn three_list(&self) -> Vec<Seat> {
        let Some(mine) = self.role() else {
            return Vec::new();
        };
        let target = self.known(three_player_target(mine));
        if target.is_empty() {
            self.clockwise()
        } else {
            target
        }
    }

    /// C3 (Part C v2) with C6: the candidate lists of a hidden-role game.
    fn hidden_list(&self) -> Vec<Seat> {
        let sheriff = self.sheriff();
        let not_sheriff = |t: &Seat| Some(*t) != sheriff;
        let attackers = self.suspects_of_sheriff();
        match self.role() {
            Some(Role::Outlaw) => {
                // C6.2: never a player known to be an Outlaw.
                let known_outlaw = |t: &Seat| self.role_of(*t) == Some(Role::Outlaw);
                let deputies = if self.may_still_be_in_play(Role::Deputy) {
                    self.suspected_deputies()
                } else {
                    Vec::new()
                };
                sheriff
                    .into_iter()
                    .chain(deputies)
                    .filter(|t| !known_outlaw(t))
                    .collect()
            }
            Some(Role::Sheriff) => attackers,
            // C6.1: a Deputy never aims at the Sheriff.
            Some(Role::Deputy) => {
                let mut list: Vec<Seat> = attackers.into_iter().filter(not_sheriff).collect();
                if !self.may_still_be_in_play(Role::Deputy) {
                    extend_unique(
                        &mut list,
                        self.nearest_first().into_iter().filter(not_sheriff),
                    );
                }
                list
            }
            Some(Role::Renegade) => {
                let mut list = Vec::new();
                if self.may_still_be_in_play(Role::Outlaw) {
                    // Presumed Outlaws: `S ≥ 1`, never the Sheriff.
                    list.extend(attackers.into_iter().filter(not_sheriff));
                }
                extend_unique(
                    &mut list,
                    self.by_lawman_score().into_iter().filter(not_sheriff),
                );
                extend_unique(
                    &mut list,
                    self.nearest_first().into_iter().filter(not_sheriff),
                );
                // The Sheriff only when he is the last other player in play
                // (every list above is of players in play; C4.1 then forbids
                // nothing: nobody else is left).
                if list.is_empty() {
                    list.extend(sheriff);
                }
                list
            }
            None => Vec::new(),
        }
    }

    /// C3.4: whether a player of `role` other than this seat may still be in
    /// play: the game was dealt more of that role than this seat and the
    /// players revealed by elimination hold.
    fn may_still_be_in_play(&self, role: Role) -> bool {
        let players = self.v.players.len() as u8;
        let dealt = roles_for(players).iter().filter(|&&r| r == role).count();
        let mine = usize::from(self.role() == Some(role));
        let revealed = self
            .v
            .players
            .iter()
            .filter(|p| !p.alive && p.role == Some(role))
            .count();
        dealt > mine + revealed
    }

    /// The other players in play, nearest first (effective distance, §7.2),
    /// clockwise on ties (C3).
    fn nearest_first(&self) -> Vec<Seat> {
        let mut list = self.clockwise();
        list.sort_by_key(|&t| (self.distance_to(t), self.clockwise_rank(t)));
        list
    }

    /// C2.4: players with `S ≥ 1`, the highest score first, then the most
    /// recent act, then clockwise from the seat.
    pub fn suspects_of_sheriff(&self) -> Vec<Seat> {
        let mut list: Vec<Seat> = self
            .clockwise()
            .into_iter()
            .filter(|&t| self.mem.sheriff_score(t) >= 1)
            .collect();
        list.sort_by_key(|&t| {
            (
                std::cmp::Reverse(self.mem.sheriff_score(t)),
                std::cmp::Reverse(self.mem.sheriff_score_at(t)),
                self.clockwise_rank(t),
            )
        });
        list
    }

    /// C3: suspected Deputies — players other than the Sheriff with `L ≥ 1`
    /// and `S = 0`, in the order of C2.4 by `L`.
    pub fn suspected_deputies(&self) -> Vec<Seat> {
        let sheriff = self.sheriff();
        self.by_lawman_score()
            .into_iter()
            .filter(|&t| Some(t) != sheriff && self.mem.sheriff_score(t) == 0)
            .collect()
    }

    /// C2.4: players with `L ≥ 1`, the highest score first, then the most
    /// recent act, then clockwise from the seat (the Renegade's suspected
    /// Deputies, C3).
    fn by_lawman_score(&self) -> Vec<Seat> {
        let mut list: Vec<Seat> = self
            .clockwise()
            .into_iter()
            .filter(|&t| self.mem.lawman_score(t) >= 1)
            .collect();
        list.sort_by_key(|&t| {
            (
                std::cmp::Reverse(self.mem.lawman_score(t)),
                std::cmp::Reverse(self.mem.lawman_score_at(t)),
                self.clockwise_rank(t),
            )
        });
        list
    }

    /// `PT(card)` for `card` played as a `k` (itself, or a Money Bag's copy,
    /// D2.4): the first candidate who is an acceptable target for it.
    pub fn preferred_target_as(&self, card: Card, k: Kind) -> Option<Seat> {
        self.candidates()
            .into_iter()
            .find(|&t| self.aim_as(card, k, t).is_some())
    }

    /// The action aiming `card`, played as a `k`, at `t`, if `t` is an
    /// acceptable target (B4.2, C1.3, C4.3): legal for the card, not
    /// forbidden by a guard, for Panic!/Cat Balou holding a card it can take,
    /// for a Train Robbery holding a card in play (D2.4).
    pub fn aim_as(&self, card: Card, k: Kind, t: Seat) -> Option<Action> {
        if self.shielded(card, t) {
            return None; // e.g. D3.8: a ♦ card at Apache Kid
        }
        let play = |t, in_play| Action::Play {
            card,
            target: Some(t),
            in_play,
        };
        match k {
            // A solo NPC (B4.2, D-L6): a card in hand is needed; the rules
            // choose the card taken by class (B6).
            Kind::Panic | Kind::CatBalou if self.npc() => {
                let action = play(t, None);
                self.legal(&action).then_some(action)
            }
            Kind::TrainRobbery if self.in_play(t).is_empty() => None,
            k => self.aim_effect(k, t, &play),
        }
    }

    /// `PT` for an effect that is no card of the Stack (D1: a Bottle's or a
    /// Pardner's mode, Jacky Murieta's BANG!): the action aiming it at the
    /// first acceptable candidate. `k` is the card it acts as (for the
    /// guards and the card taken); `make` builds the action for a target and
    /// the card in play it takes.
    pub fn pt_effect(
        &self,
        k: Kind,
        make: &dyn Fn(Seat, Option<Card>) -> Action,
    ) -> Option<Action> {
        self.candidates()
            .into_iter()
            .find_map(|t| self.aim_effect(k, t, make))
    }

    /// The action aiming an effect that acts as a `k` at `t`, if `t` is an
    /// acceptable target: legal, not forbidden by a guard (C4), and for a
    /// Panic!/Cat Balou effect holding a card it can take (C1.3; a solo NPC's
    /// target needs a card in hand, B4.2).
    pub fn aim_effect(
        &self,
        k: Kind,
        t: Seat,
        make: &dyn Fn(Seat, Option<Card>) -> Action,
    ) -> Option<Action> {
        if self.guarded(k, t) {
            return None;
        }
        let action = match k {
            Kind::Panic | Kind::CatBalou => {
                if self.npc() && self.hand_size(t) == 0 {
                    return None;
                }
                make(t, self.take_choice(t, make)?)
            }
            _ => make(t, None),
        };
        self.legal(&action).then_some(action)
    }

    /// C1.3: the highest-ranked eligible card in play in front of `t` (never
    /// a Jail or a Dynamite), else a random card from his hand (`None`).
    /// `None` outside: nothing the effect may take.
    fn take_choice(
        &self,
        t: Seat,
        make: &dyn Fn(Seat, Option<Card>) -> Action,
    ) -> Option<Option<Card>> {
        let in_play = self.p(t).map(|p| p.in_play.clone()).unwrap_or_default();
        let eligible = in_play.into_iter().filter(|&c| {
            !matches!(kind(c), Kind::Jail | Kind::Dynamite) && self.legal(&make(t, Some(c)))
        });
        match highest_ranked(eligible) {
            Some(c) => Some(Some(c)),
            None => self.legal(&make(t, None)).then_some(None),
        }
    }

    /// C4.1: a Renegade bot never aims a single-target attack (a BANG!, a
    /// Duel, a Knife Revolver or a Train Robbery, as a card or as an effect) at a Sheriff at 1 life while anyone
    /// else but the two of them is in play.
    fn guarded(&self, k: Kind, t: Seat) -> bool {
        let single = matches!(
            k,
            Kind::Bang | Kind::Missed | Kind::Duel | Kind::KnifeRevolver | Kind::TrainRobbery
        );
        !self.solo()
            && single
            && self.role() == Some(Role::Renegade)
            && Some(t) == self.sheriff()
            && self.sheriff_at_one()
            && self.others_than_sheriff_in_play()
    }

    /// C6, A5.1: whether the seat may choose `t` as a target at all — never
    /// the Sheriff for a Sheriff or Deputy bot (C6.1), never a known Outlaw
    /// for an Outlaw (C6.2), and in solo never the Renegade for an Outlaw nor
    /// an Outlaw for the Renegade (A5.1).
    pub fn may_choose(&self, t: Seat) -> bool {
        let theirs = self.role_of(t);
        match self.role() {
            Some(Role::Sheriff | Role::Deputy) => Some(t) != self.sheriff(),
            Some(Role::Outlaw) => {
                theirs != Some(Role::Outlaw) && !(self.solo() && theirs == Some(Role::Renegade))
            }
            Some(Role::Renegade) => !(self.solo() && theirs == Some(Role::Outlaw)),
            None => true,
        }
    }

    /// C4.1, C4.2: whether a card hitting every other player (Gatling,
    /// Indians!) is forbidden to this seat now.
    pub fn everyone_guarded(&self) -> bool {
        if self.solo() || !self.sheriff_at_one() {
            return false;
        }
        match self.role() {
            Some(Role::Renegade) => self.others_than_sheriff_in_play(),
            Some(Role::Deputy) => true,
            _ => false,
        }
    }

    /// C4.1, C4.2 for Most Wanted (D2.4): the guards of a card hitting
    /// everyone, and a Sheriff bot never plays it at 1 life.
    pub fn most_wanted_guarded(&self) -> bool {
        self.everyone_guarded()
            || (!self.solo() && self.role() == Some(Role::Sheriff) && self.life() <= 1)
    }

    fn sheriff_at_one(&self) -> bool {
        self.sheriff()
            .and_then(|s| self.p(s))
            .is_some_and(|p| p.alive && p.life == 1)
    }

    /// Someone in play other than the Sheriff and the seat itself.
    fn others_than_sheriff_in_play(&self) -> bool {
        let sheriff = self.sheriff();
        self.clockwise().into_iter().any(|t| Some(t) != sheriff)
    }

    /// C4.4 (Part C v2): a Sheriff, Deputy or Renegade bot never plays
    /// Dynamite (solo NPCs play it as B5 says).
    pub fn dynamite_guarded(&self) -> bool {
        !self.solo() && self.role().is_some_and(|r| r != Role::Outlaw)
    }

    /// B4.4, C3.2: the primary PT (Volcanic): the first candidate in play,
    /// whatever the card.
    pub fn primary(&self) -> Option<Seat> {
        self.candidates().first().copied()
    }
}

/// Appends the players of `more` not in `list` yet, in their order.
fn extend_unique(list: &mut Vec<Seat>, more: impl IntoIterator<Item = Seat>) {
    for t in more {
        if !list.contains(&t) {
            list.push(t);
        }
    }
}
