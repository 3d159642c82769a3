//! Dice and their faces, as data.

use serde::{Deserialize, Serialize};

/// The kinds of dice: the five base dice, and the two Saloon dice of Old Saloon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::DieKind))]
#[serde(rename_all = "snake_case")]
pub enum DieKind {
    /// A base die: A, D, 1, 2, B, G.
    #[default]
    Base,
    /// The Loudmouth: A, D, 11, 22, U, GG.
    Loudmouth,
    /// The Coward: A, D, 1, B, BB, X.
    Coward,
}

impl DieKind {
    /// The six faces of this die, one each.
    pub const fn faces(self) -> [Face; 6] {
        use Face::*;
        match self {
            DieKind::Base => [Arrow, Dynamite, Bullseye1, Bullseye2, Beer, Gatling],
            DieKind::Loudmouth => [
                Arrow,
                Dynamite,
                DoubleBullseye1,
                DoubleBullseye2,
                Bullet,
                DoubleGatling,
            ],
            DieKind::Coward => [Arrow, Dynamite, Bullseye1, Beer, DoubleBeer, BrokenArrow],
        }
    }
}

/// A face a die can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Face))]
#[serde(rename_all = "snake_case")]
pub enum Face {
    /// A: take an arrow, right after the roll.
    Arrow,
    /// D: locks; three or more cost the active player 1 LP.
    Dynamite,
    /// "1": a player at distance 1 loses 1 LP.
    #[serde(rename = "bullseye_1")]
    Bullseye1,
    /// "2": a player at distance 2 loses 1 LP.
    #[serde(rename = "bullseye_2")]
    Bullseye2,
    /// B: a living player gains 1 LP.
    Beer,
    /// G: three fire the Gatling Gun.
    Gatling,
    /// 11: two "1" results.
    #[serde(rename = "double_bullseye_1")]
    DoubleBullseye1,
    /// 22: two "2" results.
    #[serde(rename = "double_bullseye_2")]
    DoubleBullseye2,
    /// GG: two Gatling results.
    DoubleGatling,
    /// BB: two Beer results.
    DoubleBeer,
    /// U: the active player loses 1 LP, right after the roll.
    Bullet,
    /// X: one regular arrow held by anyone goes back to the pile.
    BrokenArrow,
}

/// What a face means: a kind of result, counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Symbol))]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    /// An Arrow result.
    Arrow,
    /// A Dynamite result.
    Dynamite,
    /// A "1" Bull's Eye result.
    #[serde(rename = "bullseye_1")]
    Bullseye1,
    /// A "2" Bull's Eye result.
    #[serde(rename = "bullseye_2")]
    Bullseye2,
    /// A Beer result.
    Beer,
    /// A Gatling result.
    Gatling,
    /// A Bullet result.
    Bullet,
    /// A Broken Arrow result.
    BrokenArrow,
}

impl Face {
    /// The symbol this face shows and how many results of it (1, or 2 for a double).
    pub const fn results(self) -> (Symbol, u8) {
        match self {
            Face::Arrow => (Symbol::Arrow, 1),
            Face::Dynamite => (Symbol::Dynamite, 1),
            Face::Bullseye1 => (Symbol::Bullseye1, 1),
            Face::Bullseye2 => (Symbol::Bullseye2, 1),
            Face::Beer => (Symbol::Beer, 1),
            Face::Gatling => (Symbol::Gatling, 1),
            Face::DoubleBullseye1 => (Symbol::Bullseye1, 2),
            Face::DoubleBullseye2 => (Symbol::Bullseye2, 2),
            Face::DoubleGatling => (Symbol::Gatling, 2),
            Face::DoubleBeer => (Symbol::Beer, 2),
            Face::Bullet => (Symbol::Bullet, 1),
            Face::BrokenArrow => (Symbol::BrokenArrow, 1),
        }
    }

    /// How many results of `symbol` this face gives.
    pub const fn count(self, symbol: Symbol) -> u8 {
        let (s, n) = self.results();
        if s as u8 == symbol as u8 { n } else { 0 }
    }
}

/// The most dice a player can have in one turn (5 base dice + 1 Saloon die).
pub const MAX_DICE: usize = 6;

/// One of the active player's dice this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = dice::Die))]
pub struct Die {
    /// Which die it is.
    pub kind: DieKind,
    /// The face it shows, once thrown.
    pub face: Option<Face>,
}

impl Die {
    /// Whether it shows Dynamite (and so is locked for most players).
    pub fn is_dynamite(&self) -> bool {
        self.face == Some(Face::Dynamite)
    }
}

/// The active player's dice this turn: up to [`MAX_DICE`], in a fixed-size array so
/// that the state stays a plain value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiceSet {
    dice: [Die; MAX_DICE],
    len: u8,
}

impl DiceSet {
    /// `base` base dice, plus one Saloon die if any.
    pub fn new(base: u8, saloon: Option<DieKind>) -> DiceSet {
        let mut set = DiceSet::default();
        for _ in 0..base {
            set.push(DieKind::Base);
        }
        if let Some(kind) = saloon {
            set.push(kind);
        }
        set
    }

    fn push(&mut self, kind: DieKind) {
        if (self.len as usize) < MAX_DICE {
            self.dice[self.len as usize] = Die { kind, face: None };
            self.len += 1;
        }
    }

    /// The dice, in order.
    pub fn as_slice(&self) -> &[Die] {
        &self.dice[..self.len as usize]
    }

    /// Sets die `index` to `face`; ignored when out of range.
    pub fn set(&mut self, index: usize, face: Face) {
        if index < self.len as usize {
            self.dice[index].face = Some(face);
        }
    }

    /// The number of dice.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are no dice (before a turn's dice are set).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The faces showing, in die order (dice not thrown yet are skipped).
    pub fn faces(&self) -> impl Iterator<Item = Face> + '_ {
        self.as_slice().iter().filter_map(|d| d.face)
    }

    /// Results of `symbol` over all dice showing a face.
    pub fn count(&self, symbol: Symbol) -> u8 {
        self.faces().map(|f| f.count(symbol)).sum()
    }
}

impl Serialize for DiceSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_die_has_six_distinct_faces() {
        for kind in [DieKind::Base, DieKind::Loudmouth, DieKind::Coward] {
            let faces = kind.faces();
            for (i, a) in faces.iter().enumerate() {
                assert!(!faces[i + 1..].contains(a), "{kind:?} repeats {a:?}");
            }
        }
    }

    #[test]
    fn doubles_count_two_results() {
        assert_eq!(Face::DoubleGatling.count(Symbol::Gatling), 2);
        assert_eq!(Face::DoubleBeer.count(Symbol::Beer), 2);
        assert_eq!(Face::Gatling.count(Symbol::Beer), 0);
    }
}

/// Bull's Eye result number `n` (0-based, in die order) among `faces`, if any:
/// a double face is two results.
pub fn nth_bullseye(faces: impl IntoIterator<Item = Face>, n: u8) -> Option<Symbol> {
    let mut left = n;
    for face in faces {
        let (symbol, count) = face.results();
        if matches!(symbol, Symbol::Bullseye1 | Symbol::Bullseye2) {
            if left < count {
                return Some(symbol);
            }
            left -= count;
        }
    }
    None
}

/// A set of the active player's dice, by index; written in JSON as a list of
/// indices, e.g. `[0, 2]`. Copy-cheap, so actions that carry one stay plain values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DiceMask(u8);

impl DiceMask {
    /// The set of the listed dice (indices of 8 or more are ignored).
    pub fn of(indices: &[u8]) -> DiceMask {
        DiceMask(
            indices
                .iter()
                .fold(0, |bits, &i| bits | 1u8.checked_shl(i as u32).unwrap_or(0)),
        )
    }

    /// The set as bits (bit i = die i).
    pub fn bits(self) -> u8 {
        self.0
    }

    /// A set from bits (bit i = die i).
    pub fn from_bits(bits: u8) -> DiceMask {
        DiceMask(bits)
    }

    /// Whether no die is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether die `index` is in the set.
    pub fn contains(self, index: u8) -> bool {
        index < 8 && self.0 & (1 << index) != 0
    }

    /// The indices in the set, ascending.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..8u8).filter(move |&i| self.contains(i))
    }
}

impl Serialize for DiceMask {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for DiceMask {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DiceMask, D::Error> {
        let indices = Vec::<u8>::deserialize(d)?;
        let mut mask = DiceMask::default();
        for i in indices {
            if i as usize >= MAX_DICE {
                return Err(serde::de::Error::custom(format!("there is no die {i}")));
            }
            if mask.contains(i) {
                return Err(serde::de::Error::custom(format!("die {i} is listed twice")));
            }
            mask = DiceMask(mask.0 | 1 << i);
        }
        Ok(mask)
    }
}
