//! The Great Train Robbery (`rules/train-robbery.md`): the train (a
//! Locomotive pulling up to three railcars along a row of stations), taking
//! railcars by paying station costs, the End of the Line, and — to come —
//! the railcar effects, the 16 new playing cards and the 8 characters.
//!
//! Railcars are played as blue cards (TR-9.1): in play they sit among a
//! player's cards in play, with ids 101–116 beside the playing cards' 1–96.

pub mod railcars;
pub mod stations;

pub use railcars::{
    RAILCAR_BASE, RAILCAR_TABLE, RAILCARS, Railcar, RailcarInfo, RailcarKind, RailcarUse,
    all_railcars, is_railcar, railcar, railcar_of,
};
pub use stations::{
    NamedCost, STATION_TABLE, STATIONS, Station, StationCost, StationInfo, all_stations, pays,
    station,
};

use arrayvec::ArrayVec;

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
