//! The 24 equipment cards of Gold Rush (`rules/gold-rush.md` §6) as one
//! table in ID order (E01–E24), and the 15 equipment kinds with their cost
//! and border.

use serde::{Deserialize, Serialize};

/// An equipment card: its stable id, 1 to 24 (E01–E24).
pub type Equip = u8;

/// How many equipment cards the deck holds.
pub const EQUIPMENT_SIZE: usize = 24;

/// An equipment card's border: brown acts once at purchase, black stays in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::EquipBorder))]
#[serde(rename_all = "snake_case")]
pub enum EquipBorder {
    /// Applied at once, then face up to the bottom of the equipment deck.
    Brown,
    /// Put in play face up until removed (GR-5.2).
    Black,
}

/// What an equipment card is (its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::EquipKind))]
#[serde(rename_all = "snake_case")]
pub enum EquipKind {
    /// Shot: one player of your choice regains 1 life.
    Shot,
    /// Bottle: a Panic!, a Beer or a BANG! effect.
    Bottle,
    /// Pardner: a General Store, a Duel or a Cat Balou effect.
    Pardner,
    /// Gold Rush: your turn ends, you regain all your life, you play another turn.
    GoldRush,
    /// Rhum: "draw!" 4 cards, 1 life per different suit.
    Rhum,
    /// Union Pacific: draw 4 cards.
    UnionPacific,
    /// Calumet: ♦ cards played by other players have no effect on you.
    Calumet,
    /// Gun Belt: hand limit 8 at the end of your turn.
    GunBelt,
    /// Horseshoe: one more card for every "draw!", you choose.
    Horseshoe,
    /// Pickaxe: one more card in phase 1.
    Pickaxe,
    /// Wanted: whoever eliminates its player draws 2 and takes 1 nugget.
    Wanted,
    /// Gold Pan: pay 1 nugget to draw 1 card, twice a turn.
    GoldPan,
    /// Boots: draw 1 card per life point lost.
    Boots,
    /// Lucky Charm: 1 nugget per life point lost.
    LuckyCharm,
    /// Rucksack: pay 2 nuggets to regain 1 life.
    Rucksack,
}

/// What the rules know of one equipment kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EquipInfo {
    /// The kind.
    pub kind: EquipKind,
    /// Its printed name.
    pub name: &'static str,
    /// Its printed cost in nuggets.
    pub cost: u8,
    /// Brown or black.
    pub border: EquipBorder,
    /// How many cards of it the deck holds.
    pub count: u8,
}

/// The 15 kinds, in the order of §6 (and of the ids).
pub const EQUIP_KINDS: [EquipInfo; 15] = {
    use EquipBorder::*;
    use EquipKind::*;
    const fn e(
        kind: EquipKind,
        name: &'static str,
        cost: u8,
        border: EquipBorder,
        count: u8,
    ) -> EquipInfo {
        EquipInfo {
            kind,
            name,
            cost,
            border,
            count,
        }
    }
    [
        e(Shot, "Shot", 1, Brown, 3),
        e(Bottle, "Bottle", 2, Brown, 3),
        e(Pardner, "Pardner", 2, Brown, 3),
        e(GoldRush, "Gold Rush", 5, Brown, 1),
        e(Rhum, "Rhum", 3, Brown, 2),
        e(UnionPacific, "Union Pacific", 4, Brown, 1),
        e(Calumet, "Calumet", 3, Black, 1),
        e(GunBelt, "Gun Belt", 2, Black, 1),
        e(Horseshoe, "Horseshoe", 2, Black, 1),
        e(Pickaxe, "Pickaxe", 4, Black, 1),
        e(Wanted, "Wanted", 2, Black, 3),
        e(GoldPan, "Gold Pan", 3, Black, 1),
        e(Boots, "Boots", 3, Black, 1),
        e(LuckyCharm, "Lucky Charm", 3, Black, 1),
        e(Rucksack, "Rucksack", 3, Black, 1),
    ]
};

/// The kind of each equipment id (index = id − 1), built from the counts.
const KIND_OF: [EquipKind; EQUIPMENT_SIZE] = {
    let mut out = [EquipKind::Shot; EQUIPMENT_SIZE];
    let (mut k, mut i) = (0, 0);
    while k < EQUIP_KINDS.len() {
        let mut n = 0;
        while n < EQUIP_KINDS[k].count {
            out[i] = EQUIP_KINDS[k].kind;
            i += 1;
            n += 1;
        }
        k += 1;
    }
    assert!(i == EQUIPMENT_SIZE);
    out
};

impl EquipKind {
    /// What the rules know of this kind.
    pub fn info(self) -> &'static EquipInfo {
        &EQUIP_KINDS[self as usize]
    }

    /// Whether it stays in play (black border).
    pub fn is_black(self) -> bool {
        self.info().border == EquipBorder::Black
    }
}

/// The kind of equipment `id` (a Shot for an id that is no equipment card;
/// never asked in play).
pub fn equip_kind(id: Equip) -> EquipKind {
    KIND_OF
        .get((id as usize).wrapping_sub(1))
        .copied()
        .unwrap_or(EquipKind::Shot)
}

/// Whether `id` is one of the 24 equipment cards.
pub fn is_equipment(id: Equip) -> bool {
    (1..=EQUIPMENT_SIZE as Equip).contains(&id)
}

/// The printed cost of equipment `id`.
pub fn cost(id: Equip) -> u8 {
    equip_kind(id).info().cost
}

/// Every equipment id, 1 to 24.
pub fn all_equipment() -> impl Iterator<Item = Equip> {
    1..=EQUIPMENT_SIZE as Equip
}

/// How a brown card (or a character's ability) is used: the effect it copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Mode))]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Bottle: a BANG! effect at a reachable player (not a BANG! card).
    Bang,
    /// Bottle: a Panic! effect at distance 1.
    Panic,
    /// Bottle: you regain 1 life (not a Beer).
    Beer,
    /// Pardner: a General Store.
    GeneralStore,
    /// Pardner: a Duel, you the challenger.
    Duel,
    /// Pardner: a Cat Balou.
    CatBalou,
}

impl Mode {
    /// The modes a brown card offers (none for a card with one effect).
    pub fn of(kind: EquipKind) -> &'static [Mode] {
        match kind {
            EquipKind::Bottle => &[Mode::Panic, Mode::Beer, Mode::Bang],
            EquipKind::Pardner => &[Mode::GeneralStore, Mode::Duel, Mode::CatBalou],
            _ => &[],
        }
    }
}
