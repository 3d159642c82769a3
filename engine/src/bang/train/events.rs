//! The Great Train Robbery's events: facts of the train, its stations and
//! railcars, nested in the card game's log as [`crate::bang::Event::Train`]
//! with their own `type` tags (the log is as it was when they were listed
//! among the base's). Folded by `fold.rs`, told by the history's
//! `train_robbery.rs`.

use serde::{Deserialize, Serialize};

use super::{Advance, EndStage, Railcar, RailcarMode, Station};
use crate::bang::cards::Card;
use crate::bang::events::ExpansionEvent;
use crate::bang::state::State;
use crate::core::{Seat, Viewer};

/// A fact of the Great Train Robbery in a card game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::TrainEvent))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Train Robbery: the station tiles were shuffled face down (all 13, at
    /// setup and at each rebuild); `order` from the top, hidden from everyone.
    #[cfg_attr(feature = "openapi", schema(title = "stations_shuffled"))]
    StationsShuffled {
        /// The tiles, top first (`null` where hidden).
        order: Vec<Option<Station>>,
    },
    /// Train Robbery: a new row of stations, S1 (left) first (TR-2.3, §7.4);
    /// the Locomotive stands under S1.
    #[cfg_attr(feature = "openapi", schema(title = "stations_revealed"))]
    StationsRevealed {
        /// The row.
        row: Vec<Station>,
    },
    /// Train Robbery: the Locomotive shows this side (TR-2.4: at random at
    /// setup; flipped at each rebuild).
    #[cfg_attr(feature = "openapi", schema(title = "locomotive_placed"))]
    LocomotivePlaced {
        /// Leland (a General Store) or else Ironhorse (a BANG! at everyone).
        leland: bool,
    },
    /// Train Robbery: the railcar deck was shuffled face down; `order` from
    /// the top, hidden from everyone.
    #[cfg_attr(feature = "openapi", schema(title = "railcars_shuffled"))]
    RailcarsShuffled {
        /// The railcars, top first (`null` where hidden).
        order: Vec<Option<Railcar>>,
    },
    /// Train Robbery: the top railcar joined the end of the train (TR-2.5, TR-5.4).
    #[cfg_attr(feature = "openapi", schema(title = "railcar_added"))]
    RailcarAdded {
        /// The railcar.
        railcar: Railcar,
    },
    /// Train Robbery: the train advanced one station (Full Steam: to the End
    /// of the Line).
    #[cfg_attr(feature = "openapi", schema(title = "train_advanced"))]
    TrainAdvanced {
        /// What moved it.
        how: Advance,
    },
    /// Train Robbery: the End of the Line procedure moved to this step (§7);
    /// `null` once it is over.
    #[cfg_attr(feature = "openapi", schema(title = "train_stage"))]
    TrainStage {
        /// The step.
        stage: Option<EndStage>,
    },
    /// Train Robbery: a railcar left the train for a player's cards in play
    /// (after its station's cost was paid, or for free).
    #[cfg_attr(feature = "openapi", schema(title = "railcar_taken"))]
    RailcarTaken {
        /// Who took it.
        seat: Seat,
        /// The railcar.
        railcar: Railcar,
        /// In front of whom it goes (Ghost Car, Lumber Flatcar: his choice).
        to: Seat,
        /// The station whose cost was paid (none: taken for free).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        station: Option<Station>,
        /// Whether it counts as his one railcar this turn (TR-5.5).
        counts: bool,
    },
    /// Train Robbery: a card taken from the discard pile into a hand (TR-13.3
    /// Evaded! takes the card that shot him; TR-13.5 a Knife Revolver returns).
    #[cfg_attr(feature = "openapi", schema(title = "discard_recovered"))]
    DiscardRecovered {
        /// Who takes it.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Train Robbery, Full Steam (TR-13.4): the Locomotive's effect at this
    /// End of the Line is doubled, else cancelled.
    #[cfg_attr(feature = "openapi", schema(title = "full_steam_chosen"))]
    FullSteamChosen {
        /// Doubled (else cancelled).
        double: bool,
    },
    /// Train Robbery, Map (TR-13.6): the current player looks at the top
    /// cards of the deck (up to 2, the top first); only he sees them.
    #[cfg_attr(feature = "openapi", schema(title = "map_looked"))]
    MapLooked {
        /// Who looks.
        seat: Seat,
        /// The cards, top first (hidden from the others).
        cards: Vec<Option<Card>>,
    },
    /// Train Robbery, Map: the look is over; `discarded` went face up from
    /// the deck to the discard pile (none: both stay on top).
    #[cfg_attr(feature = "openapi", schema(title = "map_done"))]
    MapDone {
        /// Who looked.
        seat: Seat,
        /// The card discarded, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discarded: Option<Card>,
    },
    /// Train Robbery, the card (TR-13.13): its target handled this card of
    /// his in play: discarded (the `discarded` event follows), else he is
    /// the target of a BANG! effect for it.
    #[cfg_attr(feature = "openapi", schema(title = "robbery_handled"))]
    RobberyHandled {
        /// The player robbed.
        seat: Seat,
        /// His card.
        card: Card,
        /// Discarded (else shot).
        discard: bool,
    },
    /// Train Robbery, Switch (TR-13.12): two cards in play changed places.
    #[cfg_attr(feature = "openapi", schema(title = "cards_switched"))]
    CardsSwitched {
        /// Who played Switch.
        seat: Seat,
        /// His card, now in front of `other`.
        mine: Card,
        /// The other player.
        other: Seat,
        /// The other player's card, now in front of `seat`.
        theirs: Card,
    },
    /// Train Robbery, Shade O'Connor (TC7): he answered a train advance
    /// outside his turn (a discard and a draw follow if he swaps).
    #[cfg_attr(feature = "openapi", schema(title = "train_watched"))]
    TrainWatched {
        /// Shade O'Connor.
        seat: Seat,
    },
    /// Train Robbery, Evan Babbit (TC2): he discarded `card` (the suit of the
    /// BANG! card) and `target` is shot instead; the shooter stays responsible.
    #[cfg_attr(feature = "openapi", schema(title = "shot_redirected"))]
    ShotRedirected {
        /// Evan Babbit.
        seat: Seat,
        /// The card he discarded.
        card: Card,
        /// The new target.
        target: Seat,
    },
    /// Train Robbery, Evan Babbit (TC2): he lets the BANG! card come at him.
    #[cfg_attr(feature = "openapi", schema(title = "redirect_declined"))]
    RedirectDeclined {
        /// Evan Babbit.
        seat: Seat,
    },
    /// Train Robbery, Sgt. Blaze (TC6): the player he exempts from the
    /// Locomotive effect about to act in his turn (`null`: nobody).
    #[cfg_attr(feature = "openapi", schema(title = "exempted"))]
    Exempted {
        /// Sgt. Blaze.
        seat: Seat,
        /// The exempted player.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
    },
    /// Train Robbery: `seat` used `railcar` as `mode`: he discarded it (a
    /// discard-to-use railcar; Cattle Truck: `card` went from the discard
    /// pile to his hand), or he discarded `card` to it (Caboose, Sleeper Car).
    #[cfg_attr(feature = "openapi", schema(title = "railcar_used"))]
    RailcarUsed {
        /// Its owner.
        seat: Seat,
        /// The railcar.
        railcar: Railcar,
        /// What it stood for (a Missed!, a Panic!, a Cat Balou, a BANG!).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mode: Option<RailcarMode>,
        /// The card discarded to it, or taken by it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<Card>,
    },
    /// Train Robbery, Lounge Car (TR-11.9): `seat` drew these railcars from
    /// the top of the railcar deck (public: they go face up into play next).
    #[cfg_attr(feature = "openapi", schema(title = "railcars_drawn"))]
    RailcarsDrawn {
        /// Who drew them.
        seat: Seat,
        /// The railcars, the top first.
        railcars: Vec<Railcar>,
    },
    /// Train Robbery, Mail Car (TR-11.11): `seat` gave `card` from his hand
    /// to `to` (`null` to all but the two of them). The record of the
    /// `give_card` action (no `acted` precedes it).
    #[cfg_attr(feature = "openapi", schema(title = "card_given"))]
    CardGiven {
        /// The giver.
        seat: Seat,
        /// The receiver.
        to: Seat,
        /// The card.
        card: Option<Card>,
    },
    /// Train Robbery (TR-11.8): `seat`, holding the Ghost Car, is not
    /// eliminated (or comes back into play) but stays in play as a ghost at 0 life.
    #[cfg_attr(feature = "openapi", schema(title = "ghost_rose"))]
    GhostRose {
        /// The ghost.
        seat: Seat,
    },
}

impl ExpansionEvent for Event {
    const RULES: &'static [(&'static str, &'static str)] = &[
        ("stations_shuffled", "train-robbery.md TR-2.3"),
        ("stations_revealed", "train-robbery.md TR-2.3"),
        ("locomotive_placed", "train-robbery.md TR-2.4"),
        ("railcars_shuffled", "train-robbery.md TR-2.5"),
        ("railcar_added", "train-robbery.md TR-5.4"),
        ("train_advanced", "train-robbery.md TR-4.1"),
        ("train_stage", "train-robbery.md §7"),
        ("railcar_taken", "train-robbery.md TR-5.1"),
        ("discard_recovered", "train-robbery.md TR-13.3"),
        ("full_steam_chosen", "train-robbery.md TR-13.4"),
        ("map_looked", "train-robbery.md TR-13.6"),
        ("map_done", "train-robbery.md TR-13.6"),
        ("robbery_handled", "train-robbery.md TR-13.13"),
        ("cards_switched", "train-robbery.md TR-13.12"),
        ("train_watched", "train-robbery.md §14 TC7"),
        ("shot_redirected", "train-robbery.md §14 TC2"),
        ("redirect_declined", "train-robbery.md §14 TC2"),
        ("exempted", "train-robbery.md §14 TC6"),
        ("railcar_used", "train-robbery.md §11"),
        ("railcars_drawn", "train-robbery.md TR-11.9"),
        ("card_given", "train-robbery.md TR-11.11"),
        ("ghost_rose", "train-robbery.md TR-11.8"),
    ];

    fn fold(&self, s: &mut State) {
        super::fold(s, self);
    }

    fn told(&self, names: &[String]) -> Option<String> {
        super::history::sentence(self, names)
    }

    /// Whether this event may hide something from some viewer (a shuffle's
    /// order, the cards a map shows, a Mail Car's gift).
    fn hides(&self) -> bool {
        matches!(
            self,
            Event::MapLooked { .. }
                | Event::StationsShuffled { .. }
                | Event::RailcarsShuffled { .. }
                | Event::CardGiven { .. }
        )
    }

    /// The event as `viewer` may see it: a shuffle's order hidden from all
    /// but the omniscient, the cards of a map from all but its looker, a
    /// Mail Car's gift from all but its giver and receiver.
    fn redacted(&self, viewer: Viewer) -> Event {
        let sees = |seat: Seat| viewer.sees_secret_of(seat);
        let hidden = |n: usize| vec![None; n];
        match self {
            Event::StationsShuffled { order } if viewer != Viewer::Omniscient => {
                Event::StationsShuffled {
                    order: hidden(order.len()),
                }
            }
            Event::RailcarsShuffled { order } if viewer != Viewer::Omniscient => {
                Event::RailcarsShuffled {
                    order: hidden(order.len()),
                }
            }
            Event::MapLooked { seat, cards } if !sees(*seat) => Event::MapLooked {
                seat: *seat,
                cards: hidden(cards.len()),
            },
            Event::CardGiven { seat, to, .. } if !sees(*seat) && !sees(*to) => Event::CardGiven {
                seat: *seat,
                to: *to,
                card: None,
            },
            other => other.clone(),
        }
    }

    fn hides_an_order(&self) -> bool {
        matches!(
            self,
            Event::StationsShuffled { .. } | Event::RailcarsShuffled { .. }
        )
    }
}
