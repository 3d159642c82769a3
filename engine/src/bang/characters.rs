//! The 16 characters (§3), the 8 of Gold Rush (`rules/gold-rush.md` §8)
//! and the 8 of the Great Train Robbery (`rules/train-robbery.md` §14)
//! as one table: life, the box each comes from, and the small flags the rules
//! read where an ability changes them.

use serde::{Deserialize, Serialize};

/// A character card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Character))]
#[serde(rename_all = "snake_case")]
pub enum Character {
    /// C01: draws a card for each life point lost.
    #[default]
    BartCassidy,
    /// C02: shows his second phase-1 card; red → one more card.
    BlackJack,
    /// C03: BANG! and Missed! cards are interchangeable.
    CalamityJanet,
    /// C04: takes a random card from whoever's card hurt him, per life point.
    ElGringo,
    /// C05: may take his first phase-1 card from another player's hand.
    JesseJones,
    /// C06: a Barrel of his own.
    Jourdonnais,
    /// C07: looks at 3 cards in phase 1, keeps 2.
    KitCarlson,
    /// C08: flips 2 cards for every "draw!" and chooses.
    LuckyDuke,
    /// C09: a Mustang of his own.
    PaulRegret,
    /// C10: may take his first phase-1 card from the discard pile.
    PedroRamirez,
    /// C11: a Scope of her own.
    RoseDoolan,
    /// C12: discards 2 cards to regain 1 life.
    SidKetchum,
    /// C13: his BANG! cards need two Missed! effects.
    SlabTheKiller,
    /// C14: draws a card as soon as her hand is empty.
    SuzyLafayette,
    /// C15: takes every card of an eliminated player.
    VultureSam,
    /// C16: any number of BANG! cards per turn.
    WillyTheKid,
    /// GC1: "draw!" at the end of his turn; ♥ or ♦ gives an extra turn.
    DonBell,
    /// GC2: discards one of his phase-1 cards and takes 1 nugget.
    DutchWill,
    /// GC3: pays 2 nuggets for an extra BANG! effect.
    JackyMurieta,
    /// GC4: pays 2 nuggets for the top equipment card, used at once.
    JoshMcCloud,
    /// GC5: draws 1 card whenever anyone plays a Beer card.
    MadamYto,
    /// GC6: one purchase a turn costs 1 nugget less.
    PrettyLuzena,
    /// GC7: pays 1 nugget to draw 1 card, twice a turn.
    RaddieSnake,
    /// GC8: takes 1 nugget per life point he loses.
    SimeonPicos,
    /// TC1: any number of railcars a turn.
    BennyBrawler,
    /// TC2: redirects a BANG! card aimed at him with a hand card of its suit.
    EvanBabbit,
    /// TC3: draws 1 card at the end of his turn.
    JimmyTexas,
    /// TC4: draws 2 cards when the train reaches the End of the Line.
    Manuelita,
    /// TC5: once a turn, a railcar of his choice from the train for free.
    Sancho,
    /// TC6: exempts one target of a multi-target effect of his.
    SgtBlaze,
    /// TC7: discards 1 and draws 1 when the train advances outside his turn.
    ShadeOConnor,
    /// TC8: once a turn, advances the train 1 station.
    ZippyRoy,
}

/// Where a character card comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CharacterSet {
    /// The base game (§3).
    Base,
    /// The Gold Rush expansion (`rules/gold-rush.md` §8).
    GoldRush,
    /// The Great Train Robbery (`rules/train-robbery.md` §14).
    TrainRobbery,
}

/// What the table says of one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharacterInfo {
    /// The character.
    pub character: Character,
    /// The box it comes from.
    pub set: CharacterSet,
    /// Printed name.
    pub name: &'static str,
    /// Bullets (life) on the card.
    pub life: u8,
    /// Counts as a Barrel source (Jourdonnais).
    pub barrel: bool,
    /// Others see him at +1 (Paul Regret).
    pub mustang: bool,
    /// Sees others at −1 (Rose Doolan).
    pub scope: bool,
    /// No limit on BANG! cards (Willy the Kid).
    pub unlimited_bang: bool,
    /// Flips two cards per check (Lucky Duke).
    pub flips: u8,
    /// His BANG! cards need this many Missed! effects (Slab the Killer: 2).
    pub bang_strength: u8,
}

/// The 32 characters: the 16 of §3, the 8 of Gold Rush §8, then the 8 of
/// the Great Train Robbery §14.
pub const CHARACTERS: [CharacterInfo; 32] = {
    use Character::*;
    const fn c(character: Character, name: &'static str, life: u8) -> CharacterInfo {
        CharacterInfo {
            character,
            set: CharacterSet::Base,
            name,
            life,
            barrel: false,
            mustang: false,
            scope: false,
            unlimited_bang: false,
            flips: 1,
            bang_strength: 1,
        }
    }
    let mut t = [
        c(BartCassidy, "Bart Cassidy", 4),
        c(BlackJack, "Black Jack", 4),
        c(CalamityJanet, "Calamity Janet", 4),
        c(ElGringo, "El Gringo", 3),
        c(JesseJones, "Jesse Jones", 4),
        c(Jourdonnais, "Jourdonnais", 4),
        c(KitCarlson, "Kit Carlson", 4),
        c(LuckyDuke, "Lucky Duke", 4),
        c(PaulRegret, "Paul Regret", 3),
        c(PedroRamirez, "Pedro Ramirez", 4),
        c(RoseDoolan, "Rose Doolan", 4),
        c(SidKetchum, "Sid Ketchum", 4),
        c(SlabTheKiller, "Slab the Killer", 4),
        c(SuzyLafayette, "Suzy Lafayette", 4),
        c(VultureSam, "Vulture Sam", 4),
        c(WillyTheKid, "Willy the Kid", 4),
        c(DonBell, "Don Bell", 4),
        c(DutchWill, "Dutch Will", 4),
        c(JackyMurieta, "Jacky Murieta", 4),
        c(JoshMcCloud, "Josh McCloud", 4),
        c(MadamYto, "Madam Yto", 4),
        c(PrettyLuzena, "Pretty Luzena", 4),
        c(RaddieSnake, "Raddie Snake", 4),
        c(SimeonPicos, "Simeon Picos", 4),
        c(BennyBrawler, "Benny Brawler", 4),
        c(EvanBabbit, "Evan Babbit", 4),
        c(JimmyTexas, "Jimmy Texas", 4),
        c(Manuelita, "Manuelita", 4),
        c(Sancho, "Sancho", 3),
        c(SgtBlaze, "Sgt. Blaze", 5),
        c(ShadeOConnor, "Shade O'Connor", 4),
        c(ZippyRoy, "Zippy Roy", 5),
    ];
    let mut i = DonBell as usize;
    while i < BennyBrawler as usize {
        t[i].set = CharacterSet::GoldRush;
        i += 1;
    }
    while i < t.len() {
        t[i].set = CharacterSet::TrainRobbery;
        i += 1;
    }
    t[Jourdonnais as usize].barrel = true;
    t[PaulRegret as usize].mustang = true;
    t[RoseDoolan as usize].scope = true;
    t[WillyTheKid as usize].unlimited_bang = true;
    t[LuckyDuke as usize].flips = 2;
    t[SlabTheKiller as usize].bang_strength = 2;
    t
};

impl Character {
    /// What the table says of this character.
    pub fn info(self) -> &'static CharacterInfo {
        &CHARACTERS[self as usize]
    }

    /// Every character, in table order.
    pub fn all() -> impl Iterator<Item = Character> {
        CHARACTERS.iter().map(|c| c.character)
    }

    /// The characters of one box, in table order.
    pub fn of_set(set: CharacterSet) -> impl Iterator<Item = Character> {
        CHARACTERS
            .iter()
            .filter(move |c| c.set == set)
            .map(|c| c.character)
    }
}
