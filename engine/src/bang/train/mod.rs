//! The Great Train Robbery (`rules/train-robbery.md`): the train (a
//! Locomotive pulling up to three railcars along a row of stations), taking
//! railcars by paying station costs, the End of the Line, and — to come —
//! the railcar effects, the 16 new playing cards and the 8 characters.
//!
//! Railcars are played as blue cards (TR-9.1): in play they sit among a
//! player's cards in play, with ids 101–116 beside the playing cards' 1–96.

mod actions;
mod asked;
mod asks;
mod cards;
mod characters;
mod events;
mod fold;
mod ghost;
mod history;
pub(crate) mod hooks;
mod legal;
mod npc;
mod placement;
mod posted;
mod railcar_effects;
mod railcar_use;
pub mod railcars;
mod run;
pub mod stations;
mod steps;
pub(crate) mod texts;

pub use asked::{Decision as TrainDecision, Window as TrainWindow};
pub use cards::MapStage;
pub(crate) use cards::{
    bang_limit, card_plays, check_succeeds, from_aside, money_bag_bang, money_bag_copies,
    most_wanted_checked, played,
};
pub(crate) use characters::{
    blaze_due, blaze_exemptions, blaze_targets, evan_asked, exempts, zippy_roy_actions,
};
pub use events::Event as TrainEvent;
pub(crate) use fold::{fold, turn_started};
pub(crate) use legal::{railcar_chance, take_actions};
pub use posted::Action as TrainAction;
pub(crate) use railcar_effects::{barred_for, distance_terms, prisoner_ignores, private_shields};

pub(crate) use ghost::{fold_ghost, ghost_discarding, ghost_saves, is_ghost, raises};
pub use railcar_use::{RailcarMode, use_railcar};
pub(crate) use railcar_use::{bang_uses, fold_given, fold_used, phase_two_uses, shot_uses};
pub use railcars::{
    RAILCAR_BASE, RAILCAR_TABLE, RAILCARS, Railcar, RailcarInfo, RailcarKind, RailcarUse,
    all_railcars, is_railcar, railcar, railcar_of,
};
pub use stations::{
    NamedCost, STATION_TABLE, STATIONS, Station, StationCost, StationInfo, all_stations, pays,
    station,
};

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// The expansion's id in `options.expansions`.
pub const EXPANSION: &str = "train_robbery";

/// The most railcars behind the Locomotive (TR-5.6).
pub const TRAIN_LENGTH: usize = 3;

/// The train and its row of stations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Train {
    /// Whether the expansion is in play.
    pub on: bool,
    /// The row of stations, S1 (left) first (TR-2.3).
    pub row: ArrayVec<Station, STATIONS>,
    /// The station tiles not in the row, face down.
    pub spare_stations: ArrayVec<Station, STATIONS>,
    /// The Locomotive's position `p` (TR-3.1): under S1 at 1, past the last
    /// station at N + 1.
    pub position: u8,
    /// The Locomotive's side: Leland (true) or Ironhorse (false).
    pub leland: bool,
    /// The railcars behind the Locomotive, car 1 (directly behind it) first.
    pub cars: ArrayVec<Railcar, TRAIN_LENGTH>,
    /// The railcar deck, face down; the last is the top.
    pub deck: ArrayVec<Railcar, RAILCARS>,
    /// Where an End of the Line procedure stands (§7), while it runs.
    pub end: Option<EndStage>,
    /// This turn: railcars taken by paying a station (TR-5.5).
    pub taken: u8,
    /// This turn: whether the free advance was used (TR-4.2).
    pub free_advance_used: bool,
    /// This turn: whether the automatic advance was made (TR-4.1).
    pub auto_advanced: bool,
    /// Full Steam (TR-13.4): the Locomotive's effect cancelled (0) or
    /// doubled (2) at the End of the Line it started.
    pub full_steam: Option<u8>,
    /// Map (TR-13.6): this turn's look at the top of the deck.
    pub map: Option<MapStage>,
    /// This turn: whether Zippy Roy advanced the train (TC8).
    pub zippy_used: bool,
    /// This turn: whether Sancho took his free railcar (TC5).
    pub sancho_used: bool,
    /// The player Sgt. Blaze exempted from the General Store being picked
    /// (TC6), while it lasts.
    pub store_exempt: Option<crate::core::Seat>,
    /// Shade O'Connor, asked whether he discards 1 card to draw 1 after a
    /// train advance outside his turn (TC7).
    pub shade: Option<crate::core::Seat>,
    /// Evan Babbit, asked whether he redirects the BANG! card (the second)
    /// aimed at him (TC2).
    pub evan: Option<(crate::core::Seat, crate::bang::cards::Card)>,
    /// Sgt. Blaze's choice for the Locomotive effect about to act in his
    /// turn (TC6): `Some(None)` exempts nobody.
    pub blaze: Option<Option<crate::core::Seat>>,
    /// This turn: whether the Dining Car check was made (TR-11.17).
    pub dining_checked: bool,
    /// This turn: whether a Sleeper Car was used (TR-11.16).
    pub sleeper_used: bool,
    /// An Express Car's extra turn is due (TR-11.7).
    pub express_due: bool,
    /// This turn is an extra turn an Express Car granted (none follows it).
    pub express_turn: bool,
    /// The ghosts (TR-11.8), one bit per seat.
    pub ghosts: u16,
    /// A Lounge Car in use (TR-11.9), until its railcars are placed.
    pub lounge: Option<Lounge>,
    /// A Mail Car's three cards, one still to give (TR-11.11); private.
    pub mail: Option<Mail>,
    /// A Money Bag just played and its player: held aside while the effect
    /// it copies resolves, then discarded (TR-13.7 a).
    pub money_bag: Option<(crate::core::Seat, crate::bang::cards::Card)>,
    /// A discard-to-use railcar used in its owner's phase 2 and its owner:
    /// held aside until its effect has resolved, then discarded to the
    /// railcar deck (TR-9.4; the Mail Car and the Lounge Car have their own).
    pub used: Option<(crate::core::Seat, Railcar)>,
}

/// A Mail Car in use: the cards drawn, one of which its user gives away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mail {
    /// Its user.
    pub seat: crate::core::Seat,
    /// The Mail Car: it reaches the railcar deck once a card is given (TR-9.4).
    pub car: Railcar,
    /// The cards drawn (up to 3).
    pub cards: ArrayVec<crate::bang::cards::Card, 3>,
}

/// A Lounge Car in use: it reaches the railcar deck once the railcars it
/// drew are placed (TR-9.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lounge {
    /// Its user.
    pub seat: crate::core::Seat,
    /// The Lounge Car.
    pub car: Railcar,
    /// The railcars drawn, not placed yet.
    pub drawn: ArrayVec<Railcar, 2>,
}

impl Train {
    /// A railcar leaving play goes face down to the bottom of the railcar
    /// deck (TR-9.4). Whether it did (the deck grew).
    pub(crate) fn return_to_deck(&mut self, railcar: u8) -> bool {
        let fits =
            !self.deck.is_full() && !self.deck.contains(&railcar) && !self.cars.contains(&railcar);
        if fits {
            self.deck.insert(0, railcar);
        }
        fits
    }

    /// TR-5.6 in a log before engine 0.2.0
    /// ([`crate::bang::State::before_0_2`]): a railcar that reaches the
    /// railcar deck while the train is short joins the end of the train at
    /// once (never while an End of the Line runs). Newer logs say so with
    /// `railcar_added` events.
    pub(crate) fn fill_short(&mut self) {
        while self.on && self.end.is_none() && !self.cars.is_full() {
            let Some(r) = self.deck.pop() else { break };
            self.cars.push(r);
        }
    }
}

impl Train {
    /// §7.3: how many times the Locomotive acts (1; Full Steam: 0 or 2).
    pub fn locomotive_times(&self) -> u8 {
        self.full_steam.unwrap_or(1)
    }
}

/// The train as every viewer sees it (the row, the Locomotive and the cars
/// are public; the railcar deck and the unused stations are face down).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::TrainView))]
pub struct TrainView {
    /// The row of stations, S1 (left) first.
    pub stations: Vec<Station>,
    /// The Locomotive's position `p`: under S1 at 1, past the last station at N + 1.
    pub position: u8,
    /// The Locomotive's side: Leland (a General Store) or else Ironhorse.
    pub leland: bool,
    /// The railcars behind the Locomotive, car 1 first, with the station each
    /// is paired with (`null`: not beside a station).
    pub cars: Vec<CarView>,
    /// Railcars in the railcar deck.
    pub deck: u8,
    /// Where an End of the Line stands, while it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndStage>,
    /// This turn: railcars taken by paying a station.
    pub taken: u8,
    /// This turn: whether the free advance was used.
    pub free_advance_used: bool,
    /// A Money Bag played, held aside while the effect it copies resolves;
    /// it goes to the discard pile after (TR-13.7 a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub money_bag: Option<crate::bang::cards::Card>,
    /// A railcar used in its owner's phase 2, held aside while its effect
    /// resolves; it goes to the railcar deck after (TR-9.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_use: Option<Railcar>,
}

/// One railcar of the train.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::CarView))]
pub struct CarView {
    /// The railcar.
    pub railcar: Railcar,
    /// Its position (car k at `p − k`).
    pub position: i16,
    /// The station it is paired with, if any.
    pub station: Option<Station>,
}

impl Train {
    /// What every viewer sees of the train.
    pub fn view(&self) -> TrainView {
        TrainView {
            stations: self.row.to_vec(),
            position: self.position,
            leland: self.leland,
            cars: self
                .cars
                .iter()
                .enumerate()
                .map(|(i, &railcar)| CarView {
                    railcar,
                    position: self.car_position(i),
                    station: self.paired_station(i),
                })
                .collect(),
            deck: self.deck.len() as u8,
            end: self.end,
            taken: self.taken,
            free_advance_used: self.free_advance_used,
            money_bag: self.money_bag.map(|(_, card)| card),
            in_use: self.used.map(|(_, railcar)| railcar),
        }
    }
}

/// The steps of the End of the Line (§7), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::EndStage))]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum EndStage {
    /// 1. Effects on arrival (Manuelita, Shade O'Connor).
    Arrival,
    /// 2. The current player may take one railcar.
    Chance,
    /// 3. The Locomotive's effect, `left` more times.
    Locomotive {
        /// Effects still to come (1; 0 or 2 with Full Steam).
        left: u8,
    },
    /// 4. The stations and the train are rebuilt (unless the game is won).
    Rebuild,
}

/// What moved the train (each is one train advance, TR-4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Advance))]
#[serde(rename_all = "snake_case")]
pub enum Advance {
    /// TR-4.1: the start of the Sheriff's turn.
    Automatic,
    /// TR-4.2: the current player's free advance, before taking a railcar.
    Free,
    /// TC8: Zippy Roy's ability.
    ZippyRoy,
    /// The Next Stop card.
    NextStop,
    /// The Full Steam card: straight to the End of the Line.
    FullSteam,
}

impl Train {
    /// N: the stations in the current row.
    pub fn stations(&self) -> u8 {
        self.row.len() as u8
    }

    /// The position of car `k` (0-based: car 1 is index 0): `p − (k + 1)`.
    pub fn car_position(&self, index: usize) -> i16 {
        i16::from(self.position) - index as i16 - 1
    }

    /// The station car `index` is paired with, if any (TR-3.2).
    pub fn paired_station(&self, index: usize) -> Option<Station> {
        let q = self.car_position(index);
        (1..=i16::from(self.stations()))
            .contains(&q)
            .then(|| self.row[q as usize - 1])
    }

    /// Every railcar paired with a station, with its station.
    pub fn paired(&self) -> impl Iterator<Item = (Railcar, Station)> + '_ {
        self.cars
            .iter()
            .enumerate()
            .filter_map(|(i, &car)| self.paired_station(i).map(|s| (car, s)))
    }

    /// Whether the Locomotive is past the last station (TR-3.4).
    pub fn at_end_of_the_line(&self) -> bool {
        self.position > self.stations()
    }

    /// The train one station further on (what a free advance would make).
    pub fn advanced(&self) -> Train {
        let mut next = self.clone();
        next.position = next.position.saturating_add(1);
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TR-3.6: the pairing table of the example with 4 players.
    #[test]
    fn tr_3_6_the_train_pairs_cars_as_it_advances() {
        let mut t = Train {
            on: true,
            row: [1, 2, 3, 4].into_iter().collect(),
            position: 1,
            cars: [101, 102, 103].into_iter().collect(),
            ..Train::default()
        };
        assert_eq!(t.paired().count(), 0, "setup: none paired");
        t.position = 2;
        assert_eq!(t.paired().collect::<Vec<_>>(), vec![(101, 1)]);
        t.position = 3;
        assert_eq!(t.paired().collect::<Vec<_>>(), vec![(101, 2), (102, 1)]);
        t.position = 4;
        assert_eq!(
            t.paired().collect::<Vec<_>>(),
            vec![(101, 3), (102, 2), (103, 1)]
        );
        assert!(!t.at_end_of_the_line());
        t.position = 5;
        assert!(t.at_end_of_the_line());
        assert_eq!(
            t.paired().collect::<Vec<_>>(),
            vec![(101, 4), (102, 3), (103, 2)]
        );
    }
}
