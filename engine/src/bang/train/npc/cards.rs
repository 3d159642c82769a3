//! Part D2.4 of `rules/lone-gunslinger.md`: the Great Train Robbery's
//! playing cards in the Stack scan (the rows B5 gains) that need more than
//! a target — Full Steam, Money Bag, Switch, Water Tower, Sgt. Blaze's
//! exemption when he plays a card on several players (D2.6) — and the Map's
//! look at the start of the turn.

use crate::bang::TrainAction;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::characters::Character;
use crate::bang::npc::Reason;
use crate::bang::npc::ctx::Ctx;
use crate::bang::npc::{highest_ranked, low_value};
use crate::bang::train::{RailcarKind, railcar, railcar_of};
use crate::core::{Role, Seat};

/// TR-13.7 (c): the cards a Money Bag never copies (Missed!-only cards,
/// and itself).
const NEVER_COPIED: [Kind; 4] = [Kind::Missed, Kind::Cactus, Kind::Evaded, Kind::MoneyBag];

/// TC6: the cards on several players whose targets Sgt. Blaze may spare
/// one of, and whether each is damaging and hits him too (D2.6).
const BLAZE_CARDS: [(Kind, bool, bool); 5] = [
    (Kind::Gatling, true, false),
    (Kind::Indians, true, false),
    (Kind::MostWanted, true, true),
    (Kind::GeneralStore, false, true),
    (Kind::Saloon, false, true),
];

impl Ctx<'_> {
    /// D2.4 Full Steam: played at once — doubled on the Leland side; on the
    /// Ironhorse side doubled by an Outlaw, cancelled by any other.
    pub fn full_steam(&self, card: Card) -> Option<(Action, Reason)> {
        let leland = self.v.train.as_ref()?.leland;
        let double = leland || self.role() == Some(Role::Outlaw);
        let action = Action::Train(TrainAction::FullSteam { card, double });
        self.legal(&action).then_some((action, Reason::FullSteam))
    }

    /// D2.4 Money Bag: the kind it would copy now — the top discard, brown
    /// and not a Missed!-only card (TR-13.7).
    pub fn money_bag_copies(&self) -> Option<Kind> {
        let k = kind(*self.v.discard.last()?);
        (!k.stays_in_play() && !NEVER_COPIED.contains(&k)).then_some(k)
    }

    /// D2.4 Switch: with a Dynamite (first) or a Lumber Flatcar in front of
    /// it, swapped for the highest-ranked switchable card (C8, railcars per
    /// D2.5) of its first Preferred Target candidate.
    pub fn switch_away(&self, card: Card) -> Option<(Action, Reason)> {
        let t = self.primary()?;
        let mine = self.in_play(self.me);
        let dynamite = mine.iter().copied().find(|&c| kind(c) == Kind::Dynamite);
        let lumber = self.railcar_of(self.me, RailcarKind::LumberFlatcar);
        [dynamite, lumber].into_iter().flatten().find_map(|m| {
            let swap = |theirs| {
                Action::Train(TrainAction::Switch {
                    card,
                    mine: m,
                    target: t,
                    theirs,
                })
            };
            let theirs = self
                .in_play(t)
                .iter()
                .copied()
                .filter(|&c| self.legal(&swap(c)));
            highest_ranked(theirs).map(|c| (swap(c), Reason::SwitchAway))
        })
    }

    /// D2.4 Water Tower (or a Money Bag copying it): the best-ranked railcar
    /// of the train (D2.5), placed as D2.2 says — never the Cattle Truck
    /// (decision: it would take the Water Tower or the Money Bag back from
    /// the discard pile, and the two would take each other for ever).
    pub fn water_tower(&self, card: Card) -> Option<(Action, Reason)> {
        let cattle_truck = railcar_of(RailcarKind::CattleTruck);
        let mut cars: Vec<Card> = self
            .v
            .train
            .as_ref()?
            .cars
            .iter()
            .map(|c| c.railcar)
            .filter(|&c| c != cattle_truck)
            .collect();
        cars.sort_by_key(|&c| railcar(c).map_or(u8::MAX, |r| r.rank));
        cars.into_iter()
            .map(|car| Action::Play {
                card,
                target: self.placement(car),
                in_play: Some(car),
            })
            .find(|a| self.legal(a))
            .map(|a| (a, Reason::WaterTower))
    }

    /// D2.6 Sgt. Blaze: whom an effect on several players spares — a
    /// `damaging` one: himself if he is a target (`hits_me`), else (a Deputy
    /// bot) the Sheriff, else (solo) the nearest other NPC clockwise, else
    /// nobody; any other (General Store, Leland, Saloon): his primary
    /// Preferred Target.
    pub fn blaze_exempt(&self, damaging: bool, hits_me: bool) -> Option<Seat> {
        if !self.is(Character::SgtBlaze) {
            return None;
        }
        if !damaging {
            return self.primary();
        }
        if hits_me {
            return Some(self.me);
        }
        if self.role() == Some(Role::Deputy) && !self.solo() {
            return self.sheriff().filter(|&s| self.alive(s));
        }
        if self.solo() {
            return self
                .clockwise()
                .into_iter()
                .find(|&t| self.p(t).is_some_and(|p| p.npc));
        }
        None
    }

    /// TC6, D2.6: `action`, the play of a card hitting several players
    /// (played as `k`), with Sgt. Blaze's exemption when one applies and is
    /// legal.
    pub fn with_blaze(&self, action: Action, k: Kind) -> Action {
        let Action::Play {
            card,
            target: None,
            in_play: None,
        } = action
        else {
            return action;
        };
        let Some(&(_, damaging, hits_me)) = BLAZE_CARDS.iter().find(|(x, ..)| *x == k) else {
            return action;
        };
        let exempt = Action::Play {
            card,
            target: self.blaze_exempt(damaging, hits_me),
            in_play: None,
        };
        if exempt != action && self.legal(&exempt) {
            exempt
        } else {
            action
        }
    }

    /// D2.6 Sgt. Blaze, a Locomotive effect in his turn: Ironhorse (it
    /// shoots everyone, him too) spares himself; Leland his primary
    /// Preferred Target; else nobody.
    pub fn sgt_blaze(&self) -> (Action, Reason) {
        let leland = self.v.train.as_ref().is_some_and(|t| t.leland);
        let exempt = Action::Train(TrainAction::Exempt {
            target: self.blaze_exempt(!leland, true),
        });
        if self.legal(&exempt) {
            (exempt, Reason::SgtBlazeExempts)
        } else {
            (
                Action::Train(TrainAction::Exempt { target: None }),
                Reason::SgtBlazeExempts,
            )
        }
    }

    /// D2.4 Map, at the start of the turn: the first of the cards seen
    /// (the top first) that is low-value (C8) is discarded; else none.
    pub fn map(&self) -> (Action, Reason) {
        let low = self.legal.iter().find(|a| match **a {
            Action::Discard { card } => low_value(card),
            _ => false,
        });
        match low {
            Some(&a) => (a, Reason::MapDiscard),
            None => (Action::Pass, Reason::MapKeep),
        }
    }
}
