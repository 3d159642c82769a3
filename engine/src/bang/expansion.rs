//! The extension points of the card game: what an expansion, a variant or a
//! mode may add to the base game, and the set of them a game plays with.
//!
//! The base game calls hooks where a rule of its own could be changed and
//! knows no expansion by name: each one implements [`Expansion`] (the rules
//! of the state) and the other hook traits, each defined beside the base
//! code that asks it (the machine's [`TurnRules`](super::machine::TurnRules),
//! the legal actions', life's, the actions', the cards' and the view's), in
//! its own folder, and is registered once, in `registry/mod.rs`. A game's
//! state holds which registered ones it plays ([`ExpansionsOn`], a bit
//! each), so a hook asks only those (its set bits, then a call through a
//! `&'static dyn`: no allocation, nothing cloned).

use super::actions::Action;
use std::ops::RangeInclusive;

use super::cards::{BASE_DECK, Card};
use super::characters::{Character, CharacterSet};
use super::options::{Config, Options};
use super::state::{CheckKind, ExpansionsOn, Outcome, State};
use super::texts::rows::KindText;
use crate::core::{Seat, SeatSet, Team, Text};

/// Where a game's options name an expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// In `options.expansions` (Gold Rush, the Great Train Robbery).
    Expansion,
    /// In `options.variants` (the Shadow-Gunslingers).
    Variant,
    /// As `options.mode` (the Lone Gunslinger).
    Mode,
}

/// A module that extends the base game: its id in the options and its rules
/// at each extension point. Every hook has a default that leaves the base
/// rule as it is; an expansion overrides the ones its rules change.
pub(crate) trait Expansion: Sync {
    /// Its id in the options (`gold_rush`, `shadow_gunslingers`, ...).
    fn id(&self) -> &'static str;

    /// Where the options name it.
    fn slot(&self) -> Slot;

    /// Its checks of a configuration, asked of every registered expansion
    /// whether the configuration names it or not (a mode refuses its own
    /// options outside its games). The message names the first wrong option.
    fn check(&self, _config: &Config) -> Result<(), String> {
        Ok(())
    }

    /// Folds its part of the game's creation (its settings and its switch,
    /// from the options).
    fn game_created(&self, _s: &mut State, _options: &Options) {}

    /// Folds its part of a turn's start (its counters of the turn).
    fn turn_started(&self, _s: &mut State, _extra: bool) {}

    /// The most cards `seat` may keep at the end of his turn, given the
    /// limit so far (his life, §6.3, as the expansions before it left it).
    fn hand_limit(&self, _s: &State, _seat: Seat, limit: i32) -> i32 {
        limit
    }

    /// Cards its equipment adds to `seat`'s phase-1 draw (a Pickaxe: 1).
    fn phase_one_extra(&self, _s: &State, _seat: Seat) -> usize {
        0
    }

    /// Whether `card` makes one of its own "draw!" kinds succeed; `None`
    /// for the others.
    fn check_succeeds(&self, _kind: CheckKind, _card: Card) -> Option<bool> {
        None
    }

    /// Whether `seat`'s life stays as it is now: he loses none, whatever
    /// hits him, and regains none (a ghost, TR-11.8.4; the base spares a
    /// shadow, SG-2.2).
    fn life_fixed(&self, _s: &State, _seat: Seat) -> bool {
        false
    }

    /// Folds `card`, discarded from a player, onto its own pile when it is
    /// one of its cards (a railcar to the bottom of the railcar deck,
    /// TR-9.4); `false` leaves it to the discard pile.
    fn discards_own(&self, _s: &mut State, _card: Card) -> bool {
        false
    }

    /// Folds `card`, just drawn by `seat`, into its own record (the Mail
    /// Car's three cards, TR-11.11).
    fn card_drawn(&self, _s: &mut State, _seat: Seat, _card: Card) {}

    /// Folds `card` of `seat` out of where it set it aside (a Money Bag, a
    /// railcar in use) as it is discarded; `false` if it is not there.
    fn takes_aside(&self, _s: &mut State, _seat: Seat, _card: Card) -> bool {
        false
    }

    /// The next player to pick at the General Store after `next` was found
    /// (Sgt. Blaze's exempted player passes, TC6); folds its record of the
    /// store once the store is empty.
    fn next_picker(&self, _s: &mut State, next: Seat) -> Seat {
        next
    }

    /// Folds a General Store opened by a card or an equipment aimed at
    /// `target` (TC6: Sgt. Blaze's exempted player picks no card).
    fn store_opened(&self, _s: &mut State, _target: Option<Seat>) {}

    /// Folds what a "draw!" of `kind` uses up, from its first flip (Don
    /// Bell's check, the Dining Car's).
    fn check_used(&self, _s: &mut State, _kind: CheckKind) {}

    /// Folds its part of `seat`'s "draw!" of `kind` once resolved (a Most
    /// Wanted moves on).
    fn check_done(&self, _s: &mut State, _seat: Seat, _kind: CheckKind) {}

    /// Folds its part of an NPC's recorded `action` (a solo NPC's Mail Car
    /// gift, its cards being face up).
    fn npc_acted(&self, _s: &mut State, _seat: Seat, _action: &Action) {}

    /// The rules' texts of the kinds of playing card it adds, for the
    /// catalog and the history (none by default).
    fn kind_texts(&self) -> &'static [KindText] {
        &[]
    }

    /// The rules' texts of the characters it adds (none by default).
    fn character_texts(&self) -> &'static [(Character, Text)] {
        &[]
    }

    /// The playing cards it adds to the deck (the train's 81 to 96, TR-2.1).
    fn deck_cards(&self) -> RangeInclusive<Card> {
        RangeInclusive::new(1, 0)
    }

    /// Whether `seat` is emptying his hand by its rules, when Suzy Lafayette
    /// draws nothing (a ghost's discards, TR-11.8.5: it would never end).
    fn empties_hand(&self, _s: &State, _seat: Seat) -> bool {
        false
    }

    /// Its cards that are no playing cards, which must be somewhere once
    /// the game has started (the railcars, 101 to 116).
    fn other_cards(&self) -> RangeInclusive<Card> {
        RangeInclusive::new(1, 0)
    }

    /// Counts, for the invariants, each of its cards held outside the base's
    /// piles, hands and cards in play, with where it is (the train, the
    /// railcar deck, cards set aside).
    fn cards_held(
        &self,
        _s: &State,
        _count: &mut dyn FnMut(Card, &str) -> Result<(), String>,
    ) -> Result<(), String> {
        Ok(())
    }

    /// Checks its own invariants (Gold Rush's equipment in one place each).
    fn invariants(&self, _s: &State) -> Result<(), String> {
        Ok(())
    }

    /// The set of characters it adds to a deal (its 8, GR-2.5, TR §14).
    fn character_set(&self) -> Option<CharacterSet> {
        None
    }

    /// The seats its rules play in a game of `players` (a solo game's NPCs:
    /// every seat but the person's).
    fn rules_seats(&self, _players: u8) -> SeatSet {
        SeatSet::EMPTY
    }

    /// Whether an eliminated player keeps his seat (and what he owns that an
    /// elimination would otherwise return), as the Shadow-Gunslingers do.
    fn keeps_eliminated_seats(&self) -> bool {
        false
    }

    /// Folds its part of `seat`'s elimination, after the base's.
    fn eliminated(&self, _s: &mut State, _seat: Seat) {}

    /// How many cards `seat` is dealt at the start, when its rules say
    /// (a solo NPC by its level, A8); `None` leaves it to the base (as many
    /// as his life points, B-5.4).
    fn starting_hand(&self, _s: &State, _seat: Seat) -> Option<usize> {
        None
    }

    /// Why `seat` takes no standing orders, if its rules play it (a solo
    /// NPC, A3.1).
    fn refuses_orders(&self, _s: &State, _seat: Seat) -> Option<String> {
        None
    }

    /// Whether a Panic! or Cat Balou played by `seat` takes a card of the
    /// victim's choosing within a class, not one the player picks (a solo
    /// NPC's, B6).
    fn takes_by_class(&self, _s: &State, _seat: Seat) -> bool {
        false
    }

    /// The cards `victim` may give up when a card takes by class (B6.3);
    /// empty where its rules take none.
    fn give_up_choices(&self, _s: &State, _victim: Seat) -> Vec<Card> {
        Vec::new()
    }

    /// Whether `seat`, responsible for an elimination, draws its reward
    /// (B-17.2; the solo mode's A6.2 refuses it to the person's seats).
    fn draws_reward(&self, _s: &State, _seat: Seat) -> bool {
        true
    }

    /// Whether `seat`'s playing cards in play have no effect now (Belle
    /// Star's turn, DC02).
    fn disables_cards(&self, _s: &State, _seat: Seat) -> bool {
        false
    }

    /// Adds its part to the `outcome` the base found (the solo mode says
    /// whether the person won, A4).
    fn outcome(&self, _s: &State, _outcome: &mut Outcome) {}

    /// Whether the eliminated `seat` wins with `team`, besides the players
    /// the base names by their role.
    fn wins_out_of_play(&self, _s: &State, _seat: Seat, _team: Team) -> bool {
        false
    }
}

/// The registered expansions, in the registry's order (the one instance is
/// `Expansions::default()`, made by the registry).
#[derive(Clone, Copy)]
pub(crate) struct Expansions {
    /// Every registered expansion.
    all: &'static [&'static dyn Expansion],
}

impl Expansions {
    /// The registered expansions `all` (the registry's door).
    pub(crate) const fn registered(all: &'static [&'static dyn Expansion]) -> Self {
        Self { all }
    }

    /// Every registered expansion, in play or not.
    pub(crate) fn all(&self) -> impl Iterator<Item = &'static dyn Expansion> + use<> {
        self.all.iter().copied()
    }

    /// Which registered expansions a game with `options` plays.
    pub(crate) fn playing(&self, options: &Options) -> ExpansionsOn {
        let mut on = ExpansionsOn::default();
        for (i, e) in self.all.iter().enumerate() {
            on.set(
                i,
                match e.slot() {
                    Slot::Expansion => options.has_expansion(e.id()),
                    Slot::Variant => options.has_variant(e.id()),
                    Slot::Mode => options.mode == e.id(),
                },
            );
        }
        on
    }

    #[cfg(test)]
    /// The registry index of the expansion `id`.
    pub(crate) fn index(&self, id: &str) -> Option<usize> {
        self.all.iter().position(|e| e.id() == id)
    }

    /// The ids registered in `slot`, quoted and joined for a message with
    /// `conjunction`: `"a"`, `"a" and "b"`, `"a", "b" and "c"`.
    pub(crate) fn named(&self, slot: Slot, conjunction: &str) -> String {
        let ids: Vec<String> = self
            .all()
            .filter(|e| e.slot() == slot)
            .map(|e| format!("{:?}", e.id()))
            .collect();
        match ids.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} {conjunction} {last}", rest.join(", ")),
        }
    }
}

impl State {
    /// Whether `seat` may use Sid Ketchum's ability now (§3 C12): Sid, below
    /// max life, with 2 cards in hand.
    pub fn can_heal(&self, seat: Seat) -> bool {
        self.is(seat, Character::SidKetchum)
            && self.can_gain_life(seat)
            && self.p(seat).hand.len() >= 2
    }

    /// The playing deck's card ids: the base game's 1 to 80, and those the
    /// expansions in play add.
    pub fn deck_ids(&self) -> impl Iterator<Item = Card> + use<> {
        (1..=BASE_DECK as Card).chain(in_play(self).flat_map(|e| e.deck_cards()))
    }

    /// The most cards `seat` may keep at the end of his turn: his life
    /// (§6.3), as the expansions in play change it (a Gun Belt, a ghost).
    pub fn hand_limit(&self, seat: Seat) -> i32 {
        let life = self.p(seat).life.max(0) as i32;
        in_play(self).fold(life, |limit, e| e.hand_limit(self, seat, limit))
    }

    /// Folds a General Store opened aimed at `target` into the expansions
    /// in play (whichever card or equipment opened it).
    pub fn store_opened(&mut self, target: Option<Seat>) {
        for e in in_play(self) {
            e.store_opened(self, target);
        }
    }

    /// Cards the expansions in play add to `seat`'s phase-1 draw.
    pub fn phase_one_extra(&self, seat: Seat) -> usize {
        in_play(self).map(|e| e.phase_one_extra(self, seat)).sum()
    }

    /// Whether `seat` can regain life now: in play for good (a shadow never
    /// is, SG-2.2), below his maximum, and no expansion in play keeps his
    /// life as it is (a ghost, TR-11.8.4).
    pub fn can_gain_life(&self, seat: Seat) -> bool {
        let p = self.p(seat);
        self.in_play(seat) && p.life < p.max_life as i8 && !self.life_fixed(seat)
    }

    /// Whether `seat`'s playing cards in play have their effect now: unless
    /// an expansion in play disables them (Belle Star's turn, DC02).
    pub fn cards_in_force(&self, seat: Seat) -> bool {
        !in_play(self).any(|e| e.disables_cards(self, seat))
    }

    /// Whether an expansion in play keeps `seat`'s life as it is (a ghost,
    /// TR-11.8.4): he neither loses nor regains any.
    pub fn life_fixed(&self, seat: Seat) -> bool {
        in_play(self).any(|e| e.life_fixed(self, seat))
    }
}

impl Options {
    /// The characters shuffled for the deal: the base game's 16, and the 8
    /// of each expansion played (GR-2.5, TR §14).
    pub fn character_pool(&self) -> Vec<Character> {
        let on = Expansions::default().playing(self);
        with_characters(on, Character::of_set(CharacterSet::Base).collect())
    }
}

/// The seats the rules play in a game of `players` created with `options`
/// (the JSON the options are read from: a solo game's NPCs).
pub(crate) fn rules_seats(players: u8, options: &serde_json::Value) -> SeatSet {
    let mode = options.get("mode").and_then(serde_json::Value::as_str);
    Expansions::default()
        .all()
        .filter(|e| e.slot() == Slot::Mode && Some(e.id()) == mode)
        .flat_map(|e| e.rules_seats(players).iter())
        .fold(SeatSet::EMPTY, SeatSet::with)
}

/// `characters`, followed by the characters of each expansion in `on`, in
/// the registry's order.
pub(crate) fn with_characters(on: ExpansionsOn, mut characters: Vec<Character>) -> Vec<Character> {
    let all = Expansions::default().all;
    for (i, e) in all.iter().enumerate() {
        if let Some(set) = e.character_set().filter(|_| on.get(i)) {
            characters.extend(Character::of_set(set));
        }
    }
    characters
}

/// The expansions `s` plays, in the registry's order.
pub(crate) fn in_play(s: &State) -> impl Iterator<Item = &'static dyn Expansion> + use<> {
    in_play_of(s, Expansions::default().all)
}

/// The entries of a registered list (`hooks`: one per registered
/// expansion, in the registry's order) whose expansion `s` plays.
pub(crate) fn in_play_of<T: ?Sized>(
    s: &State,
    hooks: &'static [&'static T],
) -> impl Iterator<Item = &'static T> + use<T> {
    s.expansions.indices().filter_map(|i| hooks.get(i).copied())
}

#[cfg(test)]
/// Whether `s` plays the expansion `id`.
pub(crate) fn plays(s: &State, id: &str) -> bool {
    in_play(s).any(|e| e.id() == id)
}

/// Whether an eliminated player keeps his seat in `s`, as an expansion in
/// play says (the Shadow-Gunslingers' SG-1).
pub(crate) fn keeps_eliminated_seats(s: &State) -> bool {
    in_play(s).any(|e| e.keeps_eliminated_seats())
}

#[cfg(test)]
/// Switches the registered expansion `id` on or off in `s` (a test table's
/// shortcut: a game's are set by its options).
pub(crate) fn switch(s: &mut State, id: &str, on: bool) {
    if let Some(i) = Expansions::default().index(id) {
        s.expansions.set(i, on);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_plays_the_expansions_its_options_name() {
        let options = Options {
            expansions: vec!["gold_rush".into()],
            variants: vec!["shadow_gunslingers".into()],
            ..Options::default()
        };
        let s = State {
            expansions: Expansions::default().playing(&options),
            ..State::default()
        };
        assert!(plays(&s, "gold_rush") && plays(&s, "shadow_gunslingers"));
        assert!(!plays(&s, "train_robbery") && !plays(&s, "lone_gunslinger"));
        let ids: Vec<&str> = in_play(&s).map(|e| e.id()).collect();
        assert_eq!(
            ids,
            ["shadow_gunslingers", "gold_rush"],
            "the registry's order"
        );
        assert!(keeps_eliminated_seats(&s));
    }

    #[test]
    fn messages_name_the_registered_ids() {
        let set = Expansions::default();
        assert_eq!(
            set.named(Slot::Expansion, "and"),
            r#""gold_rush", "train_robbery" and "dodge_city""#
        );
        assert_eq!(set.named(Slot::Variant, "and"), r#""shadow_gunslingers""#);
        assert_eq!(set.named(Slot::Mode, "or"), r#""lone_gunslinger""#);
    }
}
