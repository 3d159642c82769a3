//! The train's actions as the base carries them out (its [`ActionRules`]):
//! taking and using railcars, its cards' actions, the answers to its
//! windows and decisions, its cards' effects and the Refund.

use super::cards::{map_pending, robbery_pending};
use super::hooks::TrainRobbery;
use super::{EndStage, TrainEvent};
use crate::bang::action_rules::ActionRules;
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind};
use crate::bang::events::Event;
use crate::bang::machine::Machine;
use crate::bang::reason::Reason;
use crate::bang::state::{Shot, WindowKind};
use crate::bang::{TrainAction, TrainWindow};
use crate::core::Seat;

impl ActionRules for TrainRobbery {
    /// The Mail Car's gift: the card is the giver's and the receiver's
    /// secret (TR-11.11); `card_given` is the record, which redaction hides
    /// from everyone else, so no `acted` names it. A solo NPC's is an
    /// `npc_acted` (his cards are face up, A3.2).
    fn acts_in_private(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        action: Action,
        npc: Option<Reason>,
    ) -> bool {
        let Action::Train(TrainAction::GiveCard { card, target }) = action else {
            return false;
        };
        if npc.is_some() {
            return false;
        }
        m.emit(Event::Train(TrainEvent::CardGiven {
            seat,
            to: target,
            card: Some(card),
        }));
        true
    }

    fn carries_out(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        action: Action,
        window: Option<WindowKind>,
    ) -> bool {
        match action {
            Action::Train(TrainAction::TakeRailcar {
                railcar,
                pay,
                pay_also,
                place,
                advance,
            }) => m.take_railcar(seat, railcar, [pay, pay_also], place, advance),
            Action::Train(TrainAction::FullSteam { card, double }) => {
                m.full_steam(seat, card, double)
            }
            Action::Train(TrainAction::Switch {
                card,
                mine,
                target,
                theirs,
            }) => m.switch(seat, card, mine, target, theirs),
            Action::Train(TrainAction::Robbery { card, discard }) => m.rob(seat, card, discard),
            Action::Train(TrainAction::FreeRailcar {
                railcar,
                place,
                advance,
            }) => m.sancho_takes(seat, railcar, place, advance),
            Action::Train(TrainAction::AdvanceTrain) => m.zippy_roy_advances(),
            Action::Train(TrainAction::Exempt { target }) => {
                m.emit(Event::Train(TrainEvent::Exempted { seat, target }))
            }
            Action::Train(TrainAction::Redirect { card, target }) => {
                m.evan_redirects(seat, card, target)
            }
            Action::Train(TrainAction::UseRailcar {
                railcar,
                mode,
                target,
                card,
            }) => m.use_railcar(seat, railcar, mode, target, card, window),
            Action::Train(TrainAction::PlaceRailcars {
                railcar,
                to,
                other,
                other_to,
            }) => m.lounge_place(seat, railcar, to, other.zip(other_to)),
            // A solo NPC's gift is folded from its `npc_acted` (his cards are
            // face up, A3.2); a log before 0.2.0 says it with `card_given`.
            Action::Train(TrainAction::GiveCard { card, target }) => {
                if m.s().before_0_2 {
                    m.emit(Event::Train(TrainEvent::CardGiven {
                        seat,
                        to: target,
                        card: Some(card),
                    }));
                }
            }
            _ => return false,
        }
        true
    }

    /// Shade O'Connor discards to draw another (TC7); a Map's owner
    /// discards one of the deck's top cards he saw (TR-13.6).
    fn discards(&self, m: &mut Machine<'_, '_>, seat: Seat, card: Card) -> bool {
        if m.s().train.shade == Some(seat) {
            m.shade_swaps(seat, Some(card));
        } else if map_pending(m.s()) {
            m.map_done(seat, Some(card));
        } else {
            return false;
        }
        true
    }

    /// A Map's owner keeps both cards; the End of the Line's last chance
    /// goes by (§7.2).
    fn passes(&self, m: &mut Machine<'_, '_>, seat: Seat) -> bool {
        if map_pending(m.s()) {
            m.map_done(seat, None);
        } else if m.s().train.end == Some(EndStage::Chance) {
            m.skip_chance();
        } else {
            return false;
        }
        true
    }

    fn declines(&self, m: &mut Machine<'_, '_>, seat: Seat, kind: WindowKind) -> bool {
        let s = m.s();
        match kind {
            WindowKind::Train(TrainWindow::CircusWagon) => {
                // Safe default: his first card in play.
                if let Some(&card) = s.p(seat).in_play.first() {
                    m.emit(Event::Discarded {
                        seat,
                        cards: vec![card],
                    });
                }
            }
            WindowKind::Train(TrainWindow::Robbery) => {
                // The next card is shot for: a hit may still be avoided in
                // its own Shot window; no card in play is given up unasked.
                if let Some((_, cards)) = robbery_pending(s)
                    && let Some(&card) = cards.first()
                {
                    m.rob(seat, card, false);
                }
            }
            WindowKind::Train(TrainWindow::EvanBabbit) => {
                if s.train.evan.is_some_and(|(e, _)| e == seat) {
                    m.emit(Event::Train(TrainEvent::RedirectDeclined { seat }));
                }
            }
            WindowKind::Train(TrainWindow::ShadeOConnor) => {
                if s.train.shade == Some(seat) {
                    m.shade_swaps(seat, None);
                }
            }
            _ => return false,
        }
        true
    }

    /// The Circus Wagon: he discards the card of his in play he chose.
    fn responds(&self, m: &mut Machine<'_, '_>, seat: Seat, card: Card, kind: WindowKind) -> bool {
        if kind != WindowKind::Train(TrainWindow::CircusWagon) {
            return false;
        }
        m.emit(Event::Discarded {
            seat,
            cards: vec![card],
        });
        true
    }

    fn card_played(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        k: Kind,
        target: Option<Seat>,
        in_play: Option<Card>,
    ) -> bool {
        if !matches!(
            k,
            Kind::KnifeRevolver | Kind::MostWanted | Kind::NextStop | Kind::WaterTower
        ) {
            return false;
        }
        m.train_card_played(seat, k, target, in_play);
        true
    }

    /// TR-13.2, TR-13.3: a Cactus's "draw!", an Evaded!'s card taken back.
    fn after_missed(
        &self,
        m: &mut Machine<'_, '_>,
        seat: Seat,
        card: Card,
        shot: Option<Shot>,
        auto: bool,
    ) {
        m.train_after_missed(seat, card, shot, auto);
    }

    /// TR-13.10: the Refund.
    fn card_taken(&self, m: &mut Machine<'_, '_>, owner: Seat, taker: Seat, card: Option<Card>) {
        m.refund(owner, taker, card);
    }
}
