//! Part D2.6 of `rules/lone-gunslinger.md`: the choices the Great Train
//! Robbery asks of a bot out of its phase 2 — a Train Robbery or a Circus
//! Wagon against it, Evan Babbit's redirection, Shade O'Connor's swap, and
//! the railcar it may take at the End of the Line (D2.1's test).

use crate::bang::TrainAction;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, kind};
use crate::bang::npc::Reason;
use crate::bang::npc::ctx::Ctx;
use crate::bang::npc::{low_value, lowest_ranked};
use crate::bang::train::{RailcarKind, railcar};

/// D2.6: the harmful cards in play, in the order they are got rid of
/// (a Ghost Car only for a player who is no ghost).
const HARMFUL: [Option<RailcarKind>; 3] = [
    None, // Dynamite
    Some(RailcarKind::LumberFlatcar),
    Some(RailcarKind::GhostCar),
];

/// The cards a Missed!-type card is, for Evan Babbit's keeping (D2.6): he
/// never redirects with these, nor with a Beer.
const KEPT_FROM_EVAN: [Kind; 4] = [Kind::Missed, Kind::Cactus, Kind::Evaded, Kind::Beer];

impl Ctx<'_> {
    /// D2.6: the first harmful card of `cards` (Dynamite, Lumber Flatcar,
    /// Ghost Car if it is no ghost), in that order.
    fn harmful(&self, cards: &[Card]) -> Option<Card> {
        let ghost = self.ghost(self.me);
        HARMFUL.iter().find_map(|h| {
            cards.iter().copied().find(|&c| match (h, railcar(c)) {
                (None, None) => kind(c) == Kind::Dynamite,
                (Some(RailcarKind::GhostCar), Some(r)) => !ghost && r.kind == RailcarKind::GhostCar,
                (Some(k), Some(r)) => r.kind == *k,
                _ => false,
            })
        })
    }

    /// D2.6: the Missed! effects it could spend on one shot — Missed!-type
    /// Stack cards, a Caboose with another blue card, a Baggage Car.
    fn can_cancel_one(&self) -> bool {
        if self.stack().into_iter().any(|c| self.missed_for(c)) {
            return true;
        }
        if self.railcar_of(self.me, RailcarKind::BaggageCar).is_some() {
            return true;
        }
        let Some(caboose) = self.railcar_of(self.me, RailcarKind::Caboose) else {
            return false;
        };
        self.stack()
            .into_iter()
            .chain(self.in_play(self.me).iter().copied())
            .any(|c| c != caboose && kind(c).is_blue())
    }

    /// D2.6 Train Robbery against it: its cards handled harmful first, then
    /// from the lowest-ranked up (C8, railcars per D2.5); a harmful card is
    /// discarded; any other kept (the BANG! taken) when it can cancel the
    /// BANG!, has 3 life or more, or is a ghost, else discarded.
    pub fn robbery(&self) -> (Action, Reason) {
        let mut left: Vec<Card> = Vec::new();
        for a in self.legal {
            if let Action::Train(TrainAction::Robbery { card, .. }) = *a
                && !left.contains(&card)
            {
                left.push(card);
            }
        }
        let rob = |card, discard| Action::Train(TrainAction::Robbery { card, discard });
        if let Some(card) = self.harmful(&left) {
            return (rob(card, true), Reason::RobberyDiscard);
        }
        let Some(card) = lowest_ranked(&left) else {
            return (self.legal[0], Reason::Fallback);
        };
        if self.can_cancel_one() || self.life() >= 3 || self.ghost(self.me) {
            (rob(card, false), Reason::RobberyShot)
        } else {
            (rob(card, true), Reason::RobberyDiscard)
        }
    }

    /// D2.6 Circus Wagon against it: a harmful card if any (in the order
    /// above), else its lowest-ranked card in play (C8, railcars per D2.5;
    /// a ghost's own Ghost Car last).
    pub fn circus_wagon(&self) -> (Action, Reason) {
        let offered: Vec<Card> = self
            .in_play(self.me)
            .iter()
            .copied()
            .filter(|&card| self.legal(&Action::Respond { card }))
            .collect();
        let ghost_car = |c: &Card| railcar(*c).is_some_and(|r| r.kind == RailcarKind::GhostCar);
        let rest: Vec<Card> = offered.iter().copied().filter(|c| !ghost_car(c)).collect();
        let card = self
            .harmful(&offered)
            .or_else(|| lowest_ranked(&rest))
            .or_else(|| offered.first().copied());
        match card {
            Some(card) => (Action::Respond { card }, Reason::CircusWagonDiscard),
            None => (self.legal[0], Reason::Fallback),
        }
    }

    /// D2.6 Evan Babbit: redirects to the first Preferred Target candidate
    /// at distance 1 (not the shooter) when he holds a card of the BANG!'s
    /// suit that is no Missed!-type card and no Beer — the bottom-most such
    /// card; else he lets it come.
    pub fn evan_babbit(&self) -> (Action, Reason) {
        let stack = self.stack();
        let found = self.candidates().into_iter().find_map(|target| {
            stack
                .iter()
                .copied()
                .filter(|&c| !KEPT_FROM_EVAN.contains(&kind(c)))
                .map(|card| Action::Train(TrainAction::Redirect { card, target }))
                .find(|a| self.legal(a))
        });
        match found {
            Some(a) => (a, Reason::Redirect),
            None => (Action::Pass, Reason::NoRedirect),
        }
    }

    /// D2.6 Shade O'Connor: discards the bottom-most card if it is spare,
    /// dead (D2.1.1) or low-value (C8), and draws; else lets it go.
    pub fn shade_o_connor(&self) -> (Action, Reason) {
        let Some(&card) = self.stack().first() else {
            return (Action::Pass, Reason::ShadeKeeps);
        };
        let swap = Action::Discard { card };
        if (low_value(card) || self.spare_cards().contains(&card)) && self.legal(&swap) {
            (swap, Reason::ShadeSwaps)
        } else {
            (Action::Pass, Reason::ShadeKeeps)
        }
    }

    /// D2.6 (D2.1) End of the Line: a railcar whose station only spare
    /// cards pay, else none.
    pub fn railcar_chance(&self) -> (Action, Reason) {
        self.take_railcar()
            .unwrap_or((Action::Pass, Reason::NoSpareRailcar))
    }
}
