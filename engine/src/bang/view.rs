//! What one viewer may see of a state or an event. Hidden card ids become
//! `null` in place, so every list keeps its length and sizes leak nothing.

use serde::{Deserialize, Serialize};

use super::asked::Pending;
use super::card_rules::distance_terms;
use super::cards::Card;
use super::characters::Character;
use super::decisions::pending;
use super::distance::Seating;
use super::dodge::DodgeView;
use super::events::Event;
use super::expansion::in_play_of;
use super::gold::{Equip, GoldView};
use super::orders::Orders;
use super::solo::mode::Solo;
use super::state::{Check, Dying, Effect, Outcome, Shot, State, Turn, Window};
use super::train::TrainView;
use crate::core::{Role, Seat, SeatSet, Team, Viewer};

/// One player as a viewer sees him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::PlayerView))]
pub struct PlayerView {
    /// His seat.
    pub seat: Seat,
    /// His name.
    pub name: String,
    /// His character, once face up (the viewer's own choice before that).
    pub character: Option<Character>,
    /// Dodge City, Vera Custer: the character whose ability he has now
    /// (public; absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy: Option<Character>,
    /// Option `character_choice: 2`: the two characters offered (the viewer's own only).
    pub offer: Option<[Character; 2]>,
    /// His role, when face up, the viewer's own, or the game is over.
    pub role: Option<Role>,
    /// Whether his role is face up.
    pub role_public: bool,
    /// Life points.
    pub life: i8,
    /// Maximum life points.
    pub max_life: u8,
    /// Whether he is in play (a shadow too, during his shadow turn).
    pub alive: bool,
    /// Shadow-Gunslingers: he is playing his shadow turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shadow: bool,
    /// Shadow-Gunslingers: the Shadow-Renegade's side (SR-3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Team>,
    /// His hand in the order the cards entered it (the last is the top of an
    /// NPC's Stack, B2): the viewer's own cards, `null` for each card of
    /// another's (in a solo game every hand is face up, A3.2).
    pub hand: Vec<Option<Card>>,
    /// His cards in play.
    pub in_play: Vec<Card>,
    /// Solo: an NPC, played by the rules (absent otherwise).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub npc: bool,
    /// Gold Rush: his nuggets (public; absent without the expansion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nuggets: Option<u16>,
    /// Gold Rush: his black equipment in play (absent without the expansion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equipment: Option<Vec<Equip>>,
}

/// A card game as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::View))]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// Everyone at the table, by seat.
    pub players: Vec<PlayerView>,
    /// Cards in the deck.
    pub deck: u8,
    /// The discard pile, top card last.
    pub discard: Vec<Card>,
    /// General Store: the revealed cards left.
    pub store: Vec<Card>,
    /// The cards flipped for a "draw!" being resolved.
    pub flipped: Vec<Card>,
    /// The "draw!" waiting for Lucky Duke's choice, and what it is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
    /// Kit Carlson's cards while he chooses (`null` for other viewers).
    pub kit: Vec<Option<Card>>,
    /// The turn in progress.
    pub turn: Turn,
    /// The card effect in motion.
    pub effect: Option<Effect>,
    /// The shot being answered.
    pub shot: Option<Shot>,
    /// The player in his dying window.
    pub dying: Option<Dying>,
    /// The open reaction window.
    pub window: Option<Window>,
    /// Every decision the game waits for.
    pub pending: Vec<Pending>,
    /// The viewer's own standing orders (a seat only).
    pub orders: Option<Orders>,
    /// How the game ended, once over.
    pub outcome: Option<Outcome>,
    /// Events folded.
    pub version: u64,
    /// A Lone Gunslinger game: its settings (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solo: Option<Solo>,
    /// Gold Rush: the market, the equipment deck and the heap (absent
    /// without the expansion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gold: Option<GoldView>,
    /// The Great Train Robbery: the train and its stations (absent without
    /// the expansion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub train: Option<TrainView>,
    /// Dodge City: the green cards waiting (absent without the expansion).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dodge: Option<DodgeView>,
}

/// What an expansion shows of a state (the view's half of the extension
/// points): the defaults show nothing of it.
pub(crate) trait ViewRules: Sync {
    /// Whether every viewer sees every hand, role and character offer (a
    /// solo game, A3.2: only the deck order stays hidden).
    fn shows_every_hand(&self, _s: &State) -> bool {
        false
    }

    /// Its part of `seat`'s entry as every viewer sees it (an NPC, his
    /// nuggets and equipment).
    fn player_view(&self, _s: &State, _seat: Seat, _p: &mut PlayerView) {}

    /// Its part of the table as every viewer sees it (the solo settings,
    /// Gold Rush's market, the train).
    fn table_view(&self, _s: &State, _v: &mut View) {}

    /// The seats `seat`'s player plays, when its rules say (the person of a
    /// solo game plays the Sheriff, the Deputy and, before the first turn,
    /// every seat asked).
    fn seats_played_by(&self, _s: &State, _seat: Seat) -> Option<SeatSet> {
        None
    }
}

/// Every registered expansion's [`ViewRules`], in the registry's order (the
/// one instance is `ViewHooks::default()`, made by the registry).
pub(crate) struct ViewHooks(pub &'static [&'static dyn ViewRules]);

impl ViewHooks {
    /// The view hooks of the expansions `s` plays.
    pub(crate) fn in_play(s: &State) -> impl Iterator<Item = &'static dyn ViewRules> + use<> {
        in_play_of(s, Self::default().0)
    }
}

/// The state as `viewer` may see it. In a solo game every viewer sees every
/// hand, Stack, role and character offer: only the deck order is hidden (A3.2).
pub fn view(s: &State, viewer: Viewer) -> View {
    let solo = ViewHooks::in_play(s).any(|e| e.shows_every_hand(s));
    let sees = |seat: Seat| s.is_over() || solo || viewer.sees_secret_of(seat);
    let players = s
        .seats()
        .map(|seat| {
            let p = s.p(seat);
            let own = sees(seat);
            let mut entry = PlayerView {
                seat,
                name: s
                    .seats
                    .get(seat as usize)
                    .map(|x| x.name.clone())
                    .unwrap_or_default(),
                character: p.character.or(if own { p.chosen } else { None }),
                copy: p.copy,
                // The character not kept stays hidden, even after the game.
                offer: if solo || viewer.sees_secret_of(seat) {
                    p.offer
                } else {
                    None
                },
                role: if own || p.role_public { p.role } else { None },
                role_public: p.role_public,
                life: p.life,
                max_life: p.max_life,
                alive: s.alive(seat),
                shadow: s.is_shadow(seat),
                side: p.side,
                hand: p.hand.iter().map(|&c| own.then_some(c)).collect(),
                in_play: p.in_play.to_vec(),
                npc: false,
                nuggets: None,
                equipment: None,
            };
            for e in ViewHooks::in_play(s) {
                e.player_view(s, seat, &mut entry);
            }
            entry
        })
        .collect();
    let mut v = View {
        viewer,
        players,
        deck: s.deck.len() as u8,
        discard: s.discard.to_vec(),
        store: s.store.to_vec(),
        flipped: s.flipped.to_vec(),
        check: s.check,
        kit: s
            .kit
            .iter()
            .map(|&c| sees(s.turn.seat).then_some(c))
            .collect(),
        turn: s.turn,
        effect: s.effect.clone(),
        shot: s.shot,
        dying: s.dying,
        window: s.window,
        pending: pending(s).to_vec(),
        orders: match viewer {
            Viewer::Seat(seat) if seat < s.players => Some(s.orders_of(seat)),
            _ => None,
        },
        outcome: s.outcome.clone(),
        version: s.version,
        solo: None,
        gold: None,
        train: None,
        dodge: None,
    };
    for e in ViewHooks::in_play(s) {
        e.table_view(s, &mut v);
    }
    v
}

/// A seat's view shows it the table: distance and reach as the state has them.
impl Seating for View {
    fn size(&self) -> u8 {
        self.players.len() as u8
    }

    fn in_game(&self, seat: Seat) -> bool {
        self.players.get(seat as usize).is_some_and(|p| p.alive)
    }

    fn cards_in_play(&self, seat: Seat) -> &[Card] {
        self.players
            .get(seat as usize)
            .map_or(&[], |p| p.in_play.as_slice())
    }

    fn character_of(&self, seat: Seat) -> Option<Character> {
        self.players.get(seat as usize).and_then(|p| p.character)
    }

    fn distance_terms(&self, from: Seat, to: Seat) -> (i16, i16) {
        distance_terms(self.cards_in_play(from), self.cards_in_play(to))
    }
}

fn hide(cards: &[Option<Card>]) -> Vec<Option<Card>> {
    vec![None; cards.len()]
}

/// The event as `viewer` may see it. Once a game is over, show its events
/// to [`Viewer::Omniscient`].
pub fn redact(event: &Event, viewer: Viewer) -> Event {
    if let Some(nested) = event.nested_redacted(viewer) {
        return nested;
    }
    let sees = |seat: Seat| viewer.sees_secret_of(seat);
    match event {
        Event::RoleDealt {
            seat,
            face_up: false,
            ..
        } if !sees(*seat) => Event::RoleDealt {
            seat: *seat,
            role: None,
            face_up: false,
        },
        Event::CharactersOffered { seat, .. } if !sees(*seat) => Event::CharactersOffered {
            seat: *seat,
            offer: [None, None],
        },
        Event::CharacterChosen { seat, .. } if !sees(*seat) => Event::CharacterChosen {
            seat: *seat,
            character: None,
        },
        Event::DeckShuffled { order } if viewer != Viewer::Omniscient => {
            Event::DeckShuffled { order: hide(order) }
        }
        Event::CardsDrawn { seat, cards } if !sees(*seat) => Event::CardsDrawn {
            seat: *seat,
            cards: hide(cards),
        },
        Event::KitLooked { seat, cards } if !sees(*seat) => Event::KitLooked {
            seat: *seat,
            cards: hide(cards),
        },
        Event::KitKept { seat, back } if !sees(*seat) => Event::KitKept {
            seat: *seat,
            back: back.and(None),
        },
        Event::CardStolen {
            from,
            to,
            from_hand: true,
            ..
        } if !sees(*from) && !sees(*to) => Event::CardStolen {
            from: *from,
            to: *to,
            card: None,
            from_hand: true,
        },
        Event::CardsInherited {
            seat,
            from,
            hand,
            in_play,
        } if !sees(*seat) && !sees(*from) => Event::CardsInherited {
            seat: *seat,
            from: *from,
            hand: hide(hand),
            in_play: in_play.clone(),
        },
        Event::OrdersSet { seat, .. } if !sees(*seat) => Event::OrdersSet {
            seat: *seat,
            orders: None,
        },
        other => other.clone(),
    }
}
