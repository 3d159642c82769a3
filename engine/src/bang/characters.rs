//! The 16 characters (§3), the 8 of Gold Rush (`rules/gold-rush.md` §8),
//! the 8 of the Great Train Robbery (`rules/train-robbery.md` §14) and the
//! 15 of Dodge City (`rules/dodge-city.md` §5) as one table: life, the box each comes from, and the small flags the rules
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
    /// DC01: ♦ cards played by others have no effect on him.
    ApacheKid,
    /// DC02: in her turn, others' cards in play have no effect.
    BelleStar,
    /// DC03: draws 1 card plus 1 per wound in phase 1.
    BillNoface,
    /// DC04: in his turn, may lose 1 life to draw 2 cards.
    ChuckWengam,
    /// DC05: once a turn, discards 2 cards for a BANG! effect.
    DocHolyday,
    /// DC06: any hand card is a Missed! for her.
    ElenaFuente,
    /// DC07: regains 2 life when another character is eliminated.
    GregDigger,
    /// DC08: draws 2 cards when another character is eliminated.
    HerbHunter,
    /// DC09: twice a turn, discards a blue card to draw 2.
    JoseDelgado,
    /// DC10: draws 1 card per hand card used out of her turn.
    MollyStark,
    /// DC11: may take a card in play instead of drawing in phase 1.
    PatBrennan,
    /// DC12: draws 3 cards in phase 1.
    PixiePete,
    /// DC13: keeps up to 10 cards at the end of his turn.
    SeanMallory,
    /// DC14: each Beer heals him 2.
    TequilaJoe,
    /// DC15: copies another character's ability each turn.
    VeraCuster,
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
    /// Dodge City (`rules/dodge-city.md` §5).
    DodgeCity,
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
    /// Any card of his hand is a Missed! for him (Elena Fuente, DC06).
    pub any_card_missed: bool,
}

/// The 47 characters: the 16 of §3, the 8 of Gold Rush §8, the 8 of the
/// Great Train Robbery §14, then the 15 of Dodge City §5.
pub const CHARACTERS: [CharacterInfo; 47] = {
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
            any_card_missed: false,
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
        c(ApacheKid, "Apache Kid", 3),
        c(BelleStar, "Belle Star", 4),
        c(BillNoface, "Bill Noface", 4),
        c(ChuckWengam, "Chuck Wengam", 4),
        c(DocHolyday, "Doc Holyday", 4),
        c(ElenaFuente, "Elena Fuente", 3),
        c(GregDigger, "Greg Digger", 4),
        c(HerbHunter, "Herb Hunter", 4),
        c(JoseDelgado, "José Delgado", 4),
        c(MollyStark, "Molly Stark", 4),
        c(PatBrennan, "Pat Brennan", 4),
        c(PixiePete, "Pixie Pete", 3),
        c(SeanMallory, "Sean Mallory", 3),
        c(TequilaJoe, "Tequila Joe", 4),
        c(VeraCuster, "Vera Custer", 3),
    ];
    let mut i = DonBell as usize;
    while i < BennyBrawler as usize {
        t[i].set = CharacterSet::GoldRush;
        i += 1;
    }
    while i < ApacheKid as usize {
        t[i].set = CharacterSet::TrainRobbery;
        i += 1;
    }
    while i < t.len() {
        t[i].set = CharacterSet::DodgeCity;
        i += 1;
    }
    t[Jourdonnais as usize].barrel = true;
    t[PaulRegret as usize].mustang = true;
    t[RoseDoolan as usize].scope = true;
    t[WillyTheKid as usize].unlimited_bang = true;
    t[LuckyDuke as usize].flips = 2;
    t[SlabTheKiller as usize].bang_strength = 2;
    t[ElenaFuente as usize].any_card_missed = true;
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
