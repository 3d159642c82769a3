//! The 16 railcars of the Great Train Robbery (`rules/train-robbery.md`
//! §10) as one table in ID order (R01–R16): permanent or discard-to-use,
//! and the bots' ranking (`rules/lone-gunslinger.md` D2.5).

use serde::{Deserialize, Serialize};

/// A railcar, by its card id: 101 to 116 for R01–R16. Railcars in play lie
/// among a player's cards in play (TR-9.1), so they share the card id space
/// (playing cards are 1–96).
pub type Railcar = u8;

pub use crate::bang::cards::{RAILCAR_BASE, RAILCARS, is_railcar};

/// How a railcar works (TR-9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::RailcarUse))]
#[serde(rename_all = "snake_case")]
pub enum RailcarUse {
    /// Works as long as it is in play.
    Permanent,
    /// Does nothing in play; its owner discards it for its effect.
    DiscardToUse,
}

/// Which railcar a card is (its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::RailcarKind))]
#[serde(rename_all = "snake_case")]
pub enum RailcarKind {
    /// R01: discard for a Missed!, a Panic!, a Cat Balou or an extra BANG!.
    BaggageCar,
    /// R02: discard another blue card as a Missed!.
    Caboose,
    /// R03: take 1 of the top 3 discards.
    CattleTruck,
    /// R04: every other player discards one of his cards in play.
    CircusWagon,
    /// R05: draw 1, then discard a railcar in play.
    CoalHopper,
    /// R06: start of turn "draw!" ♥: 1 life.
    DiningCar,
    /// R07: the turn ends, the hand is discarded, another turn.
    ExpressCar,
    /// R08: its holder becomes a ghost instead of being eliminated.
    GhostCar,
    /// R09: draw 2 railcars, one for you and one for another player.
    LoungeCar,
    /// R10: its holder sees everyone at +1.
    LumberFlatcar,
    /// R11: draw 3, give 1 to another player.
    MailCar,
    /// R12: you see others at −1, they see you at +1.
    ObservationCar,
    /// R13: take 1 card from any other player.
    PassengerCar,
    /// R14: Duel and Indians! of others do nothing to you.
    PrisonerCar,
    /// R15: with an empty hand, no BANG! card may target you.
    PrivateCar,
    /// R16: once a turn, another blue card as an extra BANG! (or against Indians!/Duel).
    SleeperCar,
}

/// What the rules know of one railcar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RailcarInfo {
    /// Its card id, 101 (R01) to 116 (R16).
    pub id: Railcar,
    /// Which railcar.
    pub kind: RailcarKind,
    /// Its printed name.
    pub name: &'static str,
    /// Permanent or discard-to-use.
    pub usage: RailcarUse,
    /// The bots' ranking, 1 = best (D2.5).
    pub rank: u8,
}

/// The 16 railcars, in ID order (index = id − 1).
pub const RAILCAR_TABLE: [RailcarInfo; RAILCARS] = {
    use RailcarKind::*;
    use RailcarUse::*;
    const fn r(
        n: u8,
        kind: RailcarKind,
        name: &'static str,
        usage: RailcarUse,
        rank: u8,
    ) -> RailcarInfo {
        RailcarInfo {
            id: RAILCAR_BASE + n,
            kind,
            name,
            usage,
            rank,
        }
    }
    [
        r(1, BaggageCar, "Baggage Car", DiscardToUse, 3),
        r(2, Caboose, "Caboose", Permanent, 2),
        r(3, CattleTruck, "Cattle Truck", DiscardToUse, 10),
        r(4, CircusWagon, "Circus Wagon", DiscardToUse, 13),
        r(5, CoalHopper, "Coal Hopper", DiscardToUse, 11),
        r(6, DiningCar, "Dining Car", Permanent, 5),
        r(7, ExpressCar, "Express Car", DiscardToUse, 14),
        r(8, GhostCar, "Ghost Car", Permanent, 16),
        r(9, LoungeCar, "Lounge Car", DiscardToUse, 12),
        r(10, LumberFlatcar, "Lumber Flatcar", Permanent, 15),
        r(11, MailCar, "Mail Car", DiscardToUse, 7),
        r(12, ObservationCar, "Observation Car", Permanent, 1),
        r(13, PassengerCar, "Passenger Car", DiscardToUse, 8),
        r(14, PrisonerCar, "Prisoner Car", Permanent, 9),
        r(15, PrivateCar, "Private Car", Permanent, 6),
        r(16, SleeperCar, "Sleeper Car", Permanent, 4),
    ]
};

/// What the table says of railcar `id`, if it is one.
pub fn railcar(id: Railcar) -> Option<&'static RailcarInfo> {
    RAILCAR_TABLE.get((id as usize).wrapping_sub(RAILCAR_BASE as usize + 1))
}

/// The railcar of this kind (one of each exists, TR-9.5).
pub fn railcar_of(kind: RailcarKind) -> Railcar {
    RAILCAR_BASE + kind as Railcar + 1
}

/// Every railcar id, 101 to 116.
pub fn all_railcars() -> impl Iterator<Item = Railcar> {
    RAILCAR_BASE + 1..=RAILCAR_BASE + RAILCARS as Railcar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_kinds_and_ranks_line_up() {
        for (i, r) in RAILCAR_TABLE.iter().enumerate() {
            assert_eq!(r.id as usize, RAILCAR_BASE as usize + i + 1);
            assert_eq!(railcar(r.id), Some(r));
            assert_eq!(railcar_of(r.kind), r.id);
        }
        let mut ranks: Vec<u8> = RAILCAR_TABLE.iter().map(|r| r.rank).collect();
        ranks.sort_unstable();
        assert_eq!(ranks, (1..=16).collect::<Vec<u8>>());
        let permanent = RAILCAR_TABLE
            .iter()
            .filter(|r| r.usage == RailcarUse::Permanent)
            .count();
        assert_eq!(permanent, 8);
    }
}
