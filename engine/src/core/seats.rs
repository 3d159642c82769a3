//! Seats as every game of the family records them: a seat's spec, and sets
//! of seats (who is asked, who may answer).

use serde::{Deserialize, Serialize};

use super::Seat;

/// The most seats at a table of any game of the family.
pub const MAX_SEATS: usize = 8;

/// A seat as the game records it: a display name and, for a bot seat, its policy.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatSpec {
    /// Display name.
    pub name: String,
    /// The bot policy playing this seat, if it is a bot seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// A searching bot's (`strong`) budget per decision, in milliseconds;
    /// `None`: its default. Recorded with the seat, so that every worker
    /// makes the same choices and an audit knows how it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_ms: Option<u32>,
}

/// A set of seats, written in JSON as a list: `[0, 3]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of the listed seats (seats of 8 or more are ignored).
    pub fn of(seats: &[Seat]) -> SeatSet {
        SeatSet(
            seats
                .iter()
                .fold(0, |bits, &i| bits | 1u8.checked_shl(i as u32).unwrap_or(0)),
        )
    }

    /// Whether no seat is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat < 8 && self.0 & (1 << seat) != 0
    }

    /// The set with `seat` added.
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1u8.checked_shl(seat as u32).unwrap_or(0))
    }

    /// The set with `seat` removed.
    pub fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !1u8.checked_shl(seat as u32).unwrap_or(0))
    }

    /// The seats in the set, ascending.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as Seat).filter(move |&i| self.contains(i))
    }
}

impl Serialize for SeatSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        let seats = Vec::<u8>::deserialize(d)?;
        let mut set = SeatSet::default();
        for seat in seats {
            if seat as usize >= MAX_SEATS {
                return Err(serde::de::Error::custom(format!("there is no seat {seat}")));
            }
            set = set.with(seat);
        }
        Ok(set)
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for SeatSet {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <Vec<u8> as utoipa::PartialSchema>::schema()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for SeatSet {}
