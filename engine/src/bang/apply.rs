//! [`apply`]: folds one event into the state. Total and pure: an event that
//! does not fit the state (which a log written by the rules never holds)
//! changes nothing but the version; a card is only ever moved from where it
//! is, never copied.

use super::actions::Action;
use super::cards::{Card, Kind, kind};
use super::events::Event;
use super::fold_steps::{
    bang_answered, from_hand, from_player, missed, player, settle, take_from, target_done, to_pile,
};
use super::state::{
    Check, CheckKind, Dying, Effect, MAX_PLAYERS, Phase, Shot, State, Turn, Window,
};
use super::train::is_railcar;
use crate::core::Seat;

/// Folds one event into the state.
pub fn apply(s: &mut State, event: &Event) {
    s.version += 1;
    match event {
        Event::GameCreated(c) => {
            s.players = c.players.min(MAX_PLAYERS as u8);
            s.seats = c.seats.clone().into();
            s.seed_commitment = c.seed_commitment.as_str().into();
            s.reaction_seconds = c.options.reaction_seconds;
            s.character_choice = c.options.character_choice;
            s.solo = c.options.solo();
            s.gold.on = c.options.has_expansion(super::gold::EXPANSION);
            s.shadows = c.options.has_variant(super::shadows::VARIANT);
            s.train.on = c.options.has_expansion(super::train::EXPANSION);
            s.before_0_2 = crate::written_before(&c.engine, 0, 2);
        }
        Event::RoleDealt {
            seat,
            role,
            face_up,
        } => {
            if let Some(p) = player(s, *seat) {
                p.role = *role;
                p.role_public = *face_up;
            }
        }
        Event::CharactersOffered { seat, offer } => {
            if let (Some(p), [Some(a), Some(b)]) = (player(s, *seat), offer) {
                p.offer = Some([*a, *b]);
            }
        }
        Event::CharacterChosen { seat, character } => {
            if let Some(p) = player(s, *seat) {
                p.chosen = *character;
            }
        }
        Event::CharacterDealt {
            seat,
            character,
            life,
        } => {
            if let Some(p) = player(s, *seat) {
                p.character = Some(*character);
                p.life = *life as i8;
                p.max_life = *life;
                p.alive = true;
            }
        }
        Event::DeckShuffled { order } => {
            if s.deck.is_empty() {
                for c in order.iter().rev().flatten() {
                    if s.dealt {
                        if take_from(&mut s.discard, *c) {
                            s.deck.push(*c);
                        }
                    } else if !s.deck.contains(c) && super::cards::card(*c).is_some() {
                        // Only the 80 cards: a malformed order cannot overfill the deck.
                        let _ = s.deck.try_push(*c);
                    }
                }
                s.dealt = true;
            }
        }
        Event::CardsDrawn { seat, cards } => {
            for c in cards.iter().flatten() {
                deck_to_hand(s, *seat, *c);
                // TR-11.11: the Mail Car's three cards.
                if let Some(m) = s.train.mail.as_mut()
                    && m.seat == *seat
                    && !m.cards.is_full()
                    && s.table[*seat as usize].hand.last() == Some(c)
                {
                    m.cards.push(*c);
                }
            }
        }
        Event::TurnStarted {
            seat,
            extra,
            shadow,
        } => {
            s.turn = Turn {
                seat: *seat,
                phase: Phase::Start,
                shadow: *shadow,
                ..Turn::default()
            };
            super::gold::turn_started(&mut s.gold, *extra);
            super::train::turn_started(&mut s.train, *extra);
        }
        Event::PhaseStarted { phase } => s.turn.phase = *phase,
        Event::Acted { seat, action } => {
            if s.window.is_some_and(|w| w.seat == *seat)
                && !matches!(action, Action::SetOrders { .. })
            {
                s.window = None;
            }
        }
        Event::NpcActed { seat, action, .. } => {
            if s.window.is_some_and(|w| w.seat == *seat) {
                s.window = None;
            }
            match *action {
                Action::PutBack { card } => kit_kept(s, *seat, Some(card)),
                // Before 0.2.0 a `card_given` followed (folded there).
                Action::GiveCard { card, target } if !s.before_0_2 => {
                    super::train::fold_given(s, *seat, target, Some(card));
                }
                _ => {}
            }
        }
        Event::OrdersSet { seat, orders } => {
            if let (Some(slot), Some(o)) = (s.orders.get_mut(*seat as usize), orders) {
                *slot = *o;
            }
        }
        Event::WindowOpened { seat, kind } => {
            s.window = Some(Window {
                opened: s.version,
                seat: *seat,
                kind: *kind,
            })
        }
        Event::WindowExpired => s.window = None,
        // Who plays a seat is kept beside the rules' state (`core::Controls`).
        Event::SeatControl(_) => {}
        Event::CheckFlipped { seat, check, card } => {
            if !s.flipped.is_full() && take_from(&mut s.deck, *card) {
                s.flipped.push(*card);
            }
            s.check = Some(Check {
                seat: *seat,
                kind: *check,
            });
            match check {
                CheckKind::Dynamite => s.turn.dynamite_checked = true,
                CheckKind::Jail => s.turn.jail_checked = true,
                CheckKind::Barrel => {
                    if let Some(shot) = s.shot.as_mut() {
                        shot.barrel_used = true;
                    }
                }
                CheckKind::Jourdonnais => {
                    if let Some(shot) = s.shot.as_mut() {
                        shot.character_used = true;
                    }
                }
                CheckKind::DonBell => s.gold.don_bell_checked = true,
                CheckKind::Rhum
                | CheckKind::Cactus
                | CheckKind::KnifeRevolver
                | CheckKind::MostWanted => {}
                CheckKind::DiningCar => s.train.dining_checked = true,
            }
        }
        Event::CheckResolved {
            seat,
            check,
            card,
            success,
            ..
        } => {
            let flipped = std::mem::take(&mut s.flipped);
            for c in flipped.iter().filter(|&&c| Some(c) != *card) {
                s.discard.push(*c);
            }
            if let Some(c) = card
                && flipped.contains(c)
            {
                s.discard.push(*c);
            }
            s.check = None;
            match check {
                CheckKind::Dynamite => s.turn.dynamite_checked = true,
                CheckKind::Jail => s.turn.jail_checked = true,
                CheckKind::Barrel => {
                    if let Some(shot) = s.shot.as_mut() {
                        shot.barrel_used = true;
                    }
                }
                CheckKind::Jourdonnais => {
                    if let Some(shot) = s.shot.as_mut() {
                        shot.character_used = true;
                    }
                }
                CheckKind::DonBell => s.gold.don_bell_checked = true,
                CheckKind::Rhum | CheckKind::Cactus | CheckKind::KnifeRevolver => {}
                CheckKind::MostWanted => super::train::most_wanted_checked(s, *seat),
                CheckKind::DiningCar => s.train.dining_checked = true,
            }
            if *success && matches!(check, CheckKind::Barrel | CheckKind::Jourdonnais) {
                missed(s);
            }
        }
        Event::CardShown { .. } => {}
        Event::KitLooked { seat: _, cards } => {
            for c in cards.iter().flatten() {
                if !s.kit.is_full() && take_from(&mut s.deck, *c) {
                    s.kit.push(*c);
                }
            }
        }
        Event::KitKept { seat, back } => kit_kept(s, *seat, *back),
        Event::DiscardTaken { seat, card } => {
            if s.discard.last() == Some(card)
                && let Some(c) = s.discard.pop()
                && let Some(p) = player(s, *seat)
            {
                p.hand.push(c);
            }
        }
        Event::CardStolen {
            from,
            to,
            card: Some(card),
            ..
        } => {
            if player(s, *to).is_some() && from_player(s, *from, *card) {
                receive(s, *to, *card);
            }
            gave(s, *from);
        }
        Event::CardStolen { card: None, .. } => {}
        Event::CardPlayed { seat, card, target } => played(s, *seat, *card, *target),
        Event::Discarded { seat, cards } => {
            if s.turn.phase == Phase::Discard && *seat == s.turn.seat {
                s.turn.discarding = true; // B-11.4: Sid Ketchum heals before
            }
            for c in cards {
                if from_player(s, *seat, *c) || super::train::from_aside(s, *seat, *c) {
                    to_pile(s, *c);
                }
            }
            gave(s, *seat);
        }
        Event::DynamitePassed { from, to, card } => {
            if player(s, *to).is_some() && from_player(s, *from, *card) {
                let _ = s.table[*to as usize].in_play.try_push(*card);
            }
        }
        Event::ShotAt {
            source,
            target,
            needed,
            anonymous,
        } => {
            if let Some(Effect::Shots { targets, .. }) = s.effect.as_mut()
                && targets.first() == Some(target)
            {
                targets.remove(0);
            }
            let card = match &s.effect {
                Some(Effect::Shots { card, .. }) => *card,
                Some(Effect::Robbery { card, .. }) => Some(*card),
                _ => None,
            };
            s.shot = Some(Shot {
                source: *source,
                target: *target,
                needed: *needed,
                barrel_used: false,
                character_used: false,
                anonymous: *anonymous,
                card,
            });
        }
        Event::TargetSkipped { seat } => {
            if let Some(
                Effect::Indians { targets, .. }
                | Effect::Shots { targets, .. }
                | Effect::MostWanted { targets, .. }
                | Effect::CircusWagon { targets, .. },
            ) = s.effect.as_mut()
                && targets.first() == Some(seat)
            {
                targets.remove(0);
            }
            if let Some(Effect::Robbery { target, left, .. }) = s.effect.as_mut()
                && target == seat
            {
                left.clear();
            }
            // TR-11.8.6: a ghost who spent his Ghost Car answering is gone.
            if s.shot.is_some_and(|shot| shot.target == *seat) {
                s.shot = None;
            }
            if let Some(Effect::Duel {
                challenger, target, ..
            }) = s.effect
                && (*seat == challenger || *seat == target)
            {
                s.effect = None;
            }
            gave(s, *seat);
            settle(s);
        }
        Event::MissedPlayed { seat, card } => {
            if from_hand(s, *seat, *card) {
                s.discard.push(*card);
                missed(s);
            }
        }
        Event::BangDiscarded { seat, card } => {
            if from_hand(s, *seat, *card) {
                s.discard.push(*card);
                bang_answered(s, *seat);
            }
        }
        Event::RailcarUsed {
            seat,
            railcar,
            mode,
            card,
        } => super::train::fold_used(s, *seat, *railcar, *mode, *card),
        Event::Healed { seat, cards } => {
            if cards[0] != cards[1] && cards.iter().all(|c| s.p(*seat).hand.contains(c)) {
                for c in cards {
                    from_hand(s, *seat, *c);
                    s.discard.push(*c);
                }
                gain(s, *seat, 1);
            }
        }
        Event::LifeLost { seat, amount, by } => {
            if let Some(p) = player(s, *seat) {
                p.life = p.life.saturating_sub(*amount as i8);
                if p.life <= 0 {
                    s.dying = Some(Dying {
                        seat: *seat,
                        amount: *amount,
                        by: *by,
                    });
                }
            }
            hit_taken(s, *seat);
        }
        Event::LifeGained { seat, amount } => gain(s, *seat, *amount),
        Event::GhostRose { seat } => super::train::fold_ghost(s, *seat),
        Event::SideTaken { seat, side } => {
            if let Some(p) = player(s, *seat) {
                p.side = Some(*side);
            }
        }
        Event::Unhurt { seat } => {
            hit_taken(s, *seat);
        }
        Event::Saved { seat } => {
            if s.dying.is_some_and(|d| d.seat == *seat) {
                s.dying = None;
            }
        }
        Event::PlayerEliminated { seat, role, by } => {
            let shadows = s.shadows;
            s.train.ghosts &= !(1u16 << (*seat).min(15));
            if let Some(p) = player(s, *seat) {
                p.alive = false;
                p.role = Some(*role);
                p.role_public = true;
                if shadows {
                    p.life = 0; // SG-2.2: a shadow has 0 life
                }
                s.eliminated_by[*seat as usize] = Some(*by);
            }
            if s.dying.is_some_and(|d| d.seat == *seat) {
                s.dying = None;
            }
        }
        Event::CardsInherited {
            seat,
            from,
            hand,
            in_play,
        } => {
            for c in hand.iter().flatten().chain(in_play) {
                if player(s, *seat).is_some() && from_player(s, *from, *c) {
                    receive(s, *seat, *c);
                }
            }
        }
        Event::StoreRevealed { seat, cards } => {
            for c in cards {
                if !s.store.is_full() && take_from(&mut s.deck, *c) {
                    s.store.push(*c);
                }
            }
            if s.effect.is_none() {
                s.effect = Some(Effect::Store { next: *seat });
            }
            settle(s);
        }
        Event::StorePicked { seat, card } => {
            if take_from_store(s, *card)
                && let Some(p) = player(s, *seat)
            {
                p.hand.push(*card);
                let mut next = s.next_alive(*seat);
                if Some(next) == s.train.store_exempt {
                    next = s.next_alive(next); // TC6: he does not pick
                }
                if s.store.is_empty() {
                    s.train.store_exempt = None;
                }
                if let Some(Effect::Store { next: n }) = s.effect.as_mut() {
                    *n = next;
                }
            }
            settle(s);
        }
        Event::EquipmentShuffled { .. }
        | Event::MarketFilled { .. }
        | Event::EquipmentBought { .. }
        | Event::EquipmentTaken { .. }
        | Event::EquipmentUsed { .. }
        | Event::EquipmentReturned { .. }
        | Event::EquipmentForced { .. }
        | Event::NuggetsGained { .. }
        | Event::NuggetsPaid { .. }
        | Event::NuggetsReturned { .. }
        | Event::ExtraTurnGranted { .. }
        | Event::Unaffected { .. } => {
            super::gold::fold(s, event);
        }
        Event::StationsShuffled { .. }
        | Event::StationsRevealed { .. }
        | Event::LocomotivePlaced { .. }
        | Event::RailcarsShuffled { .. }
        | Event::RailcarAdded { .. }
        | Event::TrainAdvanced { .. }
        | Event::TrainStage { .. }
        | Event::RailcarTaken { .. }
        | Event::RailcarsDrawn { .. }
        | Event::CardGiven { .. }
        | Event::DiscardRecovered { .. }
        | Event::FullSteamChosen { .. }
        | Event::MapLooked { .. }
        | Event::MapDone { .. }
        | Event::RobberyHandled { .. }
        | Event::CardsSwitched { .. }
        | Event::TrainWatched { .. }
        | Event::ShotRedirected { .. }
        | Event::RedirectDeclined { .. }
        | Event::Exempted { .. } => {
            super::train::fold(s, event);
        }
        Event::EffectStarted { effect } => {
            if s.effect.is_none() && s.shot.is_none() {
                s.effect = Some(effect.clone());
                settle(s); // an effect with nothing left in it is over
            }
        }
        Event::BeerSold { seat, card } => {
            if kind(*card) == Kind::Beer && from_hand(s, *seat, *card) {
                s.discard.push(*card);
                if let Some(p) = player(s, *seat) {
                    p.nuggets = p.nuggets.saturating_add(1);
                }
            }
        }
        Event::DutchDiscarded { seat, card } => {
            if s.kit.contains(card) && player(s, *seat).is_some() {
                let kit = std::mem::take(&mut s.kit);
                for c in kit {
                    if c == *card {
                        s.discard.push(c);
                    } else if let Some(p) = player(s, *seat) {
                        p.hand.push(c);
                    }
                }
            }
        }
        Event::GameEnded { outcome, .. } => {
            s.outcome = Some(outcome.clone());
            s.window = None;
        }
    }
}

/// A card a player receives from another: into his hand, a railcar into
/// play in front of him (TR-9.2); one that fits nowhere is discarded.
fn receive(s: &mut State, seat: Seat, card: Card) {
    let Some(p) = player(s, seat) else { return };
    if !is_railcar(card) {
        p.hand.push(card);
    } else if p.in_play.try_push(card).is_err() {
        to_pile(s, card);
    }
}

/// `seat` took a hit (a life loss, or a shadow's ignored one): the shot at
/// him, a Duel he was in, or his turn of Indians! is over.
fn hit_taken(s: &mut State, seat: Seat) {
    if s.shot.is_some_and(|shot| shot.target == seat) {
        s.shot = None;
    }
    if let Some(Effect::Duel {
        challenger, target, ..
    }) = s.effect
        && (seat == challenger || seat == target)
    {
        s.effect = None;
    }
    target_done(s, seat);
}

/// Kit Carlson keeps his cards but `back`, which goes on top of the deck.
fn kit_kept(s: &mut State, seat: Seat, back: Option<Card>) {
    if player(s, seat).is_none() {
        return;
    }
    let kit = std::mem::take(&mut s.kit);
    for c in kit {
        if Some(c) == back {
            s.deck.push(c);
        } else if let Some(p) = player(s, seat) {
            p.hand.push(c);
        }
    }
}

/// Solo (B6): the victim of an NPC's Panic!/Cat Balou gave up his card.
fn gave(s: &mut State, seat: Seat) {
    if let Some(Effect::GiveUp { victim, .. }) = s.effect
        && victim == seat
    {
        s.effect = None;
    }
    if let Some(Effect::CircusWagon { targets, .. }) = s.effect.as_mut()
        && targets.first() == Some(&seat)
    {
        targets.remove(0); // TR-11.5: his discard is done
        settle(s);
    }
}

fn take_from_store(s: &mut State, card: Card) -> bool {
    match s.store.iter().position(|&c| c == card) {
        Some(i) => {
            s.store.remove(i);
            true
        }
        None => false,
    }
}

fn deck_to_hand(s: &mut State, seat: Seat, card: Card) {
    if player(s, seat).is_some() && take_from(&mut s.deck, card) {
        s.table[seat as usize].hand.push(card);
    }
}

/// `seat` regains life up to his maximum; a ghost gains nothing (TR-11.8.4).
fn gain(s: &mut State, seat: Seat, amount: u8) {
    if super::train::is_ghost(s, seat) {
        return;
    }
    if let Some(p) = player(s, seat) {
        p.life = p
            .life
            .saturating_add(amount.min(i8::MAX as u8) as i8)
            .min(p.max_life as i8);
    }
}

/// A card played from hand: where it goes, and the effect it sets in motion.
fn played(s: &mut State, seat: Seat, card: Card, target: Option<Seat>) {
    if !from_hand(s, seat, card) {
        return;
    }
    let k = kind(card);
    if k.is_blue() {
        let to = target.unwrap_or(seat);
        match player(s, to) {
            Some(p) if !p.in_play.is_full() => p.in_play.push(card),
            _ => s.discard.push(card),
        }
        return;
    }
    if k == Kind::MoneyBag && s.train.on {
        // TR-13.7 (a): it reads the top of the discard pile and stays aside
        // until the effect it copies has resolved.
        s.train.money_bag = Some((seat, card));
    } else {
        s.discard.push(card);
    }
    played_as(s, seat, card, k, target);
}

/// The effect a brown card sets in motion, played as a card of kind `k`
/// (Money Bag: the copied card's, TR-13.7).
pub(crate) fn played_as(s: &mut State, seat: Seat, card: Card, k: Kind, target: Option<Seat>) {
    if k == Kind::MoneyBag {
        // TR-13.7: the effect of the brown card on top of the discard pile.
        match super::train::money_bag_copies(s) {
            Some(Kind::Bang) => super::train::money_bag_bang(s, seat, card, target),
            Some(under) => played_as(s, seat, card, under, target),
            None => {}
        }
        return;
    }
    if k == Kind::GeneralStore {
        s.train.store_exempt = target; // TC6: Sgt. Blaze's exempted player
    }
    match k {
        Kind::Bang | Kind::Missed => {
            s.turn.bangs = s.turn.bangs.saturating_add(1);
            if let Some(t) = target {
                s.effect = Some(Effect::Shots {
                    source: seat,
                    targets: [t].into_iter().collect(),
                    bang_card: true,
                    anonymous: false,
                    card: s.train.on.then_some(card),
                });
                s.train.evan = super::train::evan_asked(s, seat, card, t); // TC2
            }
        }
        Kind::Gatling => {
            // TC6: Sgt. Blaze's exempted player (only his play names one).
            let mut targets = s.others_clockwise(seat);
            targets.retain(|t| Some(*t) != target);
            s.effect = Some(Effect::Shots {
                source: seat,
                targets,
                bang_card: false,
                anonymous: false,
                card: s.train.on.then_some(card),
            });
            settle(s);
        }
        Kind::KnifeRevolver
        | Kind::MostWanted
        | Kind::TrainRobbery
        | Kind::Switch
        | Kind::NextStop
        | Kind::FullSteam
        | Kind::WaterTower => super::train::played(s, seat, card, k, target),
        Kind::Indians => {
            // GR-7.7: a ♦ Indians! skips a Calumet's owner.
            let mut targets = s.others_clockwise(seat);
            targets.retain(|t| !s.calumet_ignores(*t, seat, card));
            targets.retain(|t| Some(*t) != target); // TC6
            // TR-11.14: Indians! skips a Prisoner Car's holder.
            targets.retain(|t| !super::train::prisoner_ignores(s, *t, seat, card));
            s.effect = Some(Effect::Indians {
                source: seat,
                targets,
            });
            settle(s);
        }
        Kind::Duel => {
            if let Some(t) = target {
                s.effect = Some(Effect::Duel {
                    challenger: seat,
                    target: t,
                    turn: t,
                });
            }
        }
        Kind::Panic | Kind::CatBalou => {
            // Solo (B6): an NPC's Panic!/Cat Balou takes by class, the victim choosing.
            if let Some(t) = target
                && t != seat
                && super::solo::seats::is_npc(s, seat)
            {
                s.effect = Some(Effect::GiveUp {
                    taker: seat,
                    victim: t,
                    steal: k == Kind::Panic,
                });
            }
        }
        _ => {}
    }
}
