//! Dodge City for the NPC policy (Part D3, `docs/npc-dodge-city.md`): its rows
//! of the Stack scan (D3.1), the extra card (D3.2), the phase-2 order and
//! the green cards' uses (D3.3, D3.4), the responses to a shot (D3.5), a
//! Brawl's choices (D3.6) and the characters (D3.8), with its ranks (D3.9)
//! and its hostile acts (D3.7.2) as hooks.

use super::effects::green_missed;
use super::hooks::DodgeCity;
use super::{DodgeAction, DodgeDecision};
use crate::bang::actions::Action;
use crate::bang::cards::{Card, Kind, Suit, card as card_info, kind};
use crate::bang::characters::Character;
use crate::bang::events::Event;
use crate::bang::npc::ctx::{Ctx, NpcAnswer};
use crate::bang::npc::ranking::{STEP, lowest_ranked, rank, rank_of_kind};
use crate::bang::npc::steps::NpcSteps;
use crate::bang::reason::Reason;
use crate::core::Seat;

/// D3.9: the C8 rank each of Dodge City's new kinds shares.
const RANKS: [(Kind, u8); 22] = {
    use Kind::*;
    [
        (Dodge, 1),
        (Pepperbox, 3),
        (Howitzer, 5),
        (PonyExpress, 7),
        (Springfield, 8),
        (BuffaloRifle, 8),
        (Punch, 9),
        (Knife, 9),
        (Derringer, 9),
        (Conestoga, 9),
        (RagTime, 10),
        (Brawl, 10),
        (CanCan, 10),
        (Whisky, 11),
        (Bible, 12),
        (IronPlate, 12),
        (Sombrero, 12),
        (TenGallonHat, 12),
        (Hideout, 16),
        (Binocular, 23),
        (Tequila, 24),
        (Canteen, 24),
    ]
};

/// D3.9: `(rank, order)` of one of Dodge City's cards (a reprint ranks as
/// its base name).
pub(crate) fn ranked(card: Card) -> Option<(u8, u16)> {
    if !super::is_dodge_card(card) {
        return None;
    }
    let k = kind(card);
    let rank = RANKS
        .iter()
        .find(|(r, _)| *r == k)
        .map(|&(_, n)| n)
        .unwrap_or_else(|| rank_of_kind(k));
    Some((rank, u16::from(rank) * STEP))
}

/// D3.7.2: the victim of a hostile act among Dodge City's events.
pub(crate) fn hostile_event(event: &Event) -> Option<(Seat, Seat)> {
    match *event {
        Event::CardPlayed {
            seat,
            card,
            target: Some(t),
        } if matches!(kind(card), Kind::Punch | Kind::Springfield | Kind::RagTime) => {
            Some((seat, t))
        }
        Event::Dodge(super::DodgeEvent::GreenUsed {
            seat,
            card,
            target: Some(t),
        }) if kind(card) != Kind::Canteen => Some((seat, t)),
        _ => None,
    }
}

/// D3.7.2: the victim of a hostile act among Dodge City's actions.
pub(crate) fn hostile_action(action: &Action) -> Option<Seat> {
    match *action {
        Action::Dodge(DodgeAction::DocHolyday { target, .. })
        | Action::Dodge(DodgeAction::PatBrennan { target, .. }) => Some(target),
        _ => None,
    }
}

/// The kinds that cost another card (DC-4).
fn discard_extra(k: Kind) -> bool {
    matches!(
        k,
        Kind::Springfield | Kind::RagTime | Kind::Brawl | Kind::Tequila | Kind::Whisky
    )
}

impl Ctx<'_> {
    /// Whether Dodge City is played (its table part shows).
    fn dodge_on(&self) -> bool {
        self.v.dodge.is_some()
    }

    /// D3.8 Apache Kid: a ♦ card of the seat is never acceptable at him
    /// (a Duel excepted).
    fn shields(&self, card: Card, t: Seat) -> bool {
        let apache = self.p(t).is_some_and(|p| {
            p.character == Some(Character::ApacheKid) || p.copy == Some(Character::ApacheKid)
        });
        apache
            && kind(card) != Kind::Duel
            && card_info(card).is_some_and(|c| c.suit == Suit::Diamonds)
    }

    /// D3.1: `card`'s row of the Stack scan, when it is one of Dodge City's
    /// new kinds or a green card (`None`: the base's rows).
    fn dodge_usable(
        &self,
        card: Card,
        k: Kind,
        stack: &[Card],
    ) -> Option<Option<(Action, Reason)>> {
        let play = |reason| {
            let a = Action::Play {
                card,
                target: None,
                in_play: None,
            };
            Some((a, reason))
        };
        Some(match k {
            k if k.is_green() => play(Reason::Equip), // the same-name rule is the legal list's
            Kind::Binocular | Kind::Hideout => play(Reason::Equip),
            Kind::Dodge => None,
            Kind::Punch => self.aim_dodge(card, Kind::Bang, &|t, _| Action::Play {
                card,
                target: Some(t),
                in_play: None,
            }),
            k if discard_extra(k) => self.discard_extra_use(card, k, stack),
            _ => return None,
        })
    }

    /// The first acceptable candidate for `card` acting as a `as_kind`
    /// (the guards of C4 and the Apache Kid rule of D3.8), aimed by `make`.
    fn aim_dodge(
        &self,
        card: Card,
        as_kind: Kind,
        make: &dyn Fn(Seat, Option<Card>) -> Action,
    ) -> Option<(Action, Reason)> {
        self.candidates()
            .into_iter()
            .filter(|&t| !self.shields(card, t))
            .find_map(|t| self.aim_effect(as_kind, t, make))
            .map(|a| (a, Reason::PreferredTarget))
    }

    /// D3.1, D3.2: a discard-extra card, when its row says it is usable.
    fn discard_extra_use(&self, card: Card, k: Kind, stack: &[Card]) -> Option<(Action, Reason)> {
        let attack = matches!(k, Kind::Springfield | Kind::RagTime | Kind::Brawl);
        let extra = self.extra_card(card, attack, stack)?;
        let with = move |target, in_play| {
            Action::Dodge(DodgeAction::PlayWithDiscard {
                card,
                discard: extra,
                target,
                in_play,
            })
        };
        let usable_kinds = |kinds: &[Kind]| {
            stack.iter().any(|&c| {
                c != card && kinds.contains(&kind(c)) && self.base_usable(c, stack).is_some()
            })
        };
        let found = match k {
            Kind::Springfield if !usable_kinds(&[Kind::Bang]) => {
                self.aim_dodge(card, Kind::Bang, &|t, _| with(Some(t), None))
            }
            Kind::RagTime if !usable_kinds(&[Kind::Panic, Kind::CatBalou]) => {
                self.aim_dodge(card, Kind::Panic, &|t, c| with(Some(t), c))
            }
            Kind::Brawl => {
                let first = self.primary()?;
                let has = self.hand_size(first) > 0 || !self.in_play(first).is_empty();
                has.then(|| (with(None, None), Reason::HitsEveryone))
            }
            Kind::Whisky if self.life() <= self.max_life() - 2 && !self.shadow_turn() => {
                Some((with(None, None), Reason::Heal))
            }
            Kind::Tequila => self
                .tequila_target()
                .map(|t| (with(Some(t), None), Reason::Heal)),
            _ => None,
        };
        found.filter(|(a, _)| self.legal(a))
    }

    /// D3.2: the extra card for `card`: the lowest-ranked other Stack card
    /// the scan would not use now (bottom-most on ties); for an attack,
    /// never a Missed!-type card nor a Beer.
    fn extra_card(&self, card: Card, attack: bool, stack: &[Card]) -> Option<Card> {
        let bottom_first: Vec<Card> = self
            .stack()
            .into_iter()
            .filter(|&c| c != card)
            .filter(|&c| !(attack && (self.missed_for(c) || kind(c) == Kind::Beer)))
            .filter(|&c| discard_extra(kind(c)) || self.base_usable(c, stack).is_none())
            .collect();
        lowest_ranked(&bottom_first)
    }

    /// D3.2.3: whom a Tequila heals: an ally at 1 life (the seat at 2 life
    /// or more), else the seat if hurt, else an ally below his maximum.
    fn tequila_target(&self) -> Option<Seat> {
        let hurt = |t: Seat| {
            self.p(t)
                .is_some_and(|p| p.alive && p.life < p.max_life as i8)
        };
        let allies = self.allies();
        let at_one = allies
            .iter()
            .copied()
            .find(|&t| self.p(t).is_some_and(|p| p.alive && p.life == 1));
        if let Some(t) = at_one.filter(|_| self.life() >= 2) {
            return Some(t);
        }
        if self.hurt() {
            return Some(self.me);
        }
        allies.into_iter().find(|&t| hurt(t))
    }

    /// D3.2.3: the seat's known allies: a Deputy's Sheriff; a solo Outlaw
    /// NPC's fellow Outlaws, lowest life first.
    fn allies(&self) -> Vec<Seat> {
        use crate::core::Role;
        match self.role() {
            Some(Role::Deputy) => self.sheriff().into_iter().collect(),
            Some(Role::Outlaw) if self.solo() => {
                let mut out: Vec<Seat> = self
                    .known(Role::Outlaw)
                    .into_iter()
                    .filter(|&t| t != self.me)
                    .collect();
                out.sort_by_key(|&t| self.p(t).map_or(0, |p| p.life));
                out
            }
            _ => Vec::new(),
        }
    }

    /// D3.3 step 1: a ready Pony Express, then a ready Canteen when hurt.
    fn dodge_opening(&self) -> Option<(Action, Reason)> {
        if !self.dodge_on() {
            return None;
        }
        [Kind::PonyExpress, Kind::Canteen]
            .into_iter()
            .find_map(|k| self.ready_use(k, None))
            .map(|a| (a, Reason::UseGreen))
    }

    /// A legal use of a ready green card of kind `k` at `target`.
    fn ready_use(&self, k: Kind, target: Option<Seat>) -> Option<Action> {
        self.legal.iter().copied().find(|a| {
            matches!(a, Action::Dodge(DodgeAction::UseGreen { card, target: t, .. })
                if kind(*card) == k && *t == target)
        })
    }

    /// D3.3 steps 3 and 4: the ready green cards in D3.4's order, then José
    /// Delgado, Doc Holyday and Chuck Wengam.
    fn dodge_after_scan(&self) -> Option<(Action, Reason)> {
        if !self.dodge_on() {
            return None;
        }
        self.green_use()
            .or_else(|| self.jose_delgado())
            .or_else(|| self.doc_holyday())
            .or_else(|| self.chuck_wengam())
    }

    /// D3.4: the first ready green card whose condition holds.
    fn green_use(&self) -> Option<(Action, Reason)> {
        let mine: Vec<Card> = self
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Dodge(DodgeAction::UseGreen { card, .. }) => Some(*card),
                _ => None,
            })
            .collect();
        let has = |k: Kind| mine.iter().copied().find(|&c| kind(c) == k);
        let order = [
            Kind::PonyExpress,
            Kind::Canteen,
            Kind::Derringer,
            Kind::Knife,
            Kind::Pepperbox,
            Kind::BuffaloRifle,
            Kind::Howitzer,
            Kind::Conestoga,
            Kind::CanCan,
        ];
        order.into_iter().find_map(|k| {
            let card = has(k)?;
            let use_at = move |t: Option<Seat>, in_play| {
                Action::Dodge(DodgeAction::UseGreen {
                    card,
                    target: t,
                    in_play,
                })
            };
            let found = match k {
                Kind::PonyExpress | Kind::Canteen => {
                    self.ready_use(k, None).map(|a| (a, Reason::UseGreen))
                }
                Kind::Howitzer if !self.everyone_guarded() => {
                    Some((use_at(None, None), Reason::HitsEveryone))
                }
                Kind::Howitzer => None,
                Kind::Conestoga => self.aim_dodge(card, Kind::Panic, &|t, c| use_at(Some(t), c)),
                Kind::CanCan => self.aim_dodge(card, Kind::CatBalou, &|t, c| use_at(Some(t), c)),
                _ => self.aim_dodge(card, Kind::Bang, &|t, _| use_at(Some(t), None)),
            };
            found.filter(|(a, _)| self.legal(a))
        })
    }

    /// D3.8 José Delgado: the lowest-ranked blue Stack card the scan would
    /// not use now (bottom-most on ties).
    fn jose_delgado(&self) -> Option<(Action, Reason)> {
        let stack = self.top_down();
        let blues: Vec<Card> = self
            .stack()
            .into_iter()
            .filter(|&c| self.legal(&Action::Dodge(DodgeAction::JoseDelgado { card: c })))
            .filter(|&c| self.base_usable(c, &stack).is_none())
            .collect();
        let card = lowest_ranked(&blues)?;
        Some((
            Action::Dodge(DodgeAction::JoseDelgado { card }),
            Reason::Character,
        ))
    }

    /// D3.8 Doc Holyday: the two lowest-ranked spare attack candidates, each
    /// low-value or unusable, at the Preferred Target within reach.
    fn doc_holyday(&self) -> Option<(Action, Reason)> {
        if !self
            .legal
            .iter()
            .any(|a| matches!(a, Action::Dodge(DodgeAction::DocHolyday { .. })))
        {
            return None;
        }
        let stack = self.top_down();
        let spare: Vec<Card> = self
            .stack()
            .into_iter()
            .filter(|&c| !(self.missed_for(c) || kind(c) == Kind::Beer))
            .filter(|&c| self.base_usable(c, &stack).is_none())
            .filter(|&c| crate::bang::npc::low_value(c) || self.dead_card(c))
            .collect();
        for t in self.candidates() {
            let pair = self.doc_pair(&spare, t)?;
            let action = Action::Dodge(DodgeAction::DocHolyday {
                cards: [pair.0.min(pair.1), pair.0.max(pair.1)],
                target: t,
            });
            if self.aim_effect(Kind::Bang, t, &|_, _| action).is_some() {
                return Some((action, Reason::Character));
            }
        }
        None
    }

    /// The two cards Doc Holyday discards at `t` (against Apache Kid, one
    /// at least not ♦).
    fn doc_pair(&self, spare: &[Card], t: Seat) -> Option<(Card, Card)> {
        let first = lowest_ranked(spare)?;
        let rest: Vec<Card> = spare.iter().copied().filter(|&c| c != first).collect();
        let second = lowest_ranked(&rest)?;
        let diamond = |c: Card| card_info(c).is_some_and(|i| i.suit == Suit::Diamonds);
        if self
            .p(t)
            .is_some_and(|p| p.character == Some(Character::ApacheKid))
            && diamond(first)
            && diamond(second)
        {
            let plain: Vec<Card> = spare.iter().copied().filter(|&c| !diamond(c)).collect();
            let a = lowest_ranked(&plain)?;
            let others: Vec<Card> = spare.iter().copied().filter(|&c| c != a).collect();
            return Some((a, lowest_ranked(&others)?));
        }
        Some((first, second))
    }

    /// Whether `c` is a dead card: a card of a name already in play in front
    /// of the seat (D2.1.1).
    fn dead_card(&self, c: Card) -> bool {
        let k = kind(c);
        k.stays_in_play() && self.in_play(self.me).iter().any(|&x| kind(x) == k)
    }

    /// D3.8 Chuck Wengam: at life 3 or more, once, again only at full life.
    fn chuck_wengam(&self) -> Option<(Action, Reason)> {
        let action = Action::Dodge(DodgeAction::ChuckWengam);
        let used = self.v.dodge.as_ref().is_some_and(|d| d.chuck_used);
        (self.legal(&action) && self.life() >= 3 && (self.life() == self.max_life() || !used))
            .then_some((action, Reason::Character))
    }

    /// D3.5: the answer to a shot with Dodge City's Missed! sources, when
    /// they (with the Stack's) cancel it; `None` leaves it to the base.
    fn dodge_shot(&self, needed: u8) -> Option<(Action, Reason)> {
        if !self.dodge_on() {
            return None;
        }
        let greens: Vec<Card> = self
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Dodge(DodgeAction::UseGreen { card, .. }) if green_missed(kind(*card)) => {
                    Some(*card)
                }
                _ => None,
            })
            .collect();
        let top = self.top_down();
        let missed_type = |c: Card| {
            kind(c).info().missed || (self.is(Character::CalamityJanet) && kind(c) == Kind::Bang)
        };
        let dodges: Vec<Card> = top
            .iter()
            .copied()
            .filter(|&c| kind(c) == Kind::Dodge)
            .collect();
        let others: Vec<Card> = top
            .iter()
            .copied()
            .filter(|&c| missed_type(c) && kind(c) != Kind::Dodge)
            .collect();
        let elena: Vec<Card> = if self.is(Character::ElenaFuente) {
            self.stack()
                .into_iter()
                .filter(|&c| !missed_type(c))
                .collect()
        } else {
            Vec::new()
        };
        let total = greens.len() + dodges.len() + others.len() + elena.len();
        if total < needed as usize || (greens.is_empty() && elena.is_empty()) {
            return None; // the base's order (and the train's railcars)
        }
        let green = || {
            let bible = greens.iter().copied().find(|&c| kind(c) == Kind::Bible);
            bible.or_else(|| greens.iter().copied().min()).map(|card| {
                let a = Action::Dodge(DodgeAction::UseGreen {
                    card,
                    target: None,
                    in_play: None,
                });
                (a, Reason::GreenMissed)
            })
        };
        let hand = || {
            dodges
                .first()
                .or(others.first())
                .map(|&card| (Action::Respond { card }, Reason::Missed))
        };
        let answer = if self.is(Character::MollyStark) {
            hand().or_else(green)
        } else {
            green().or_else(hand)
        };
        answer.or_else(|| {
            lowest_ranked(&elena).map(|card| (Action::Respond { card }, Reason::Missed))
        })
    }
}

impl NpcAnswer for DodgeDecision {
    /// Part D3: the answer to one of Dodge City's own decisions.
    fn npc_answer(self, cx: &Ctx) -> (Action, Reason) {
        match self {
            DodgeDecision::Brawl => cx.brawl_choice(),
            DodgeDecision::VeraCuster => cx.vera_choice(),
        }
    }
}

impl Ctx<'_> {
    /// D3.6.3: the Brawl's choice for its next victim.
    pub(crate) fn brawl_choice(&self) -> (Action, Reason) {
        let victim = self
            .v
            .dodge
            .as_ref()
            .and_then(|d| d.brawl.as_ref()?.first().copied());
        let choices: Vec<Option<Card>> = self
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Dodge(DodgeAction::Brawl { in_play }) => Some(*in_play),
                _ => None,
            })
            .collect();
        let first = choices.first().copied().flatten();
        let Some(victim) = victim else {
            return (
                Action::Dodge(DodgeAction::Brawl { in_play: first }),
                Reason::Fallback,
            );
        };
        let in_play: Vec<Card> = choices.iter().copied().flatten().collect();
        let random_hand = choices.contains(&None);
        let of_kind = |k: Kind| in_play.iter().copied().find(|&c| kind(c) == k);
        let pick = if self.candidates().contains(&victim) {
            let best = in_play
                .iter()
                .copied()
                .filter(|&c| !matches!(kind(c), Kind::Jail | Kind::Dynamite))
                .min_by_key(|&c| (crate::bang::npc::order(c), c));
            match best {
                Some(c) => Some(c),
                None if random_hand => None,
                None => of_kind(Kind::Dynamite).or_else(|| of_kind(Kind::Jail)),
            }
        } else {
            match of_kind(Kind::Jail).or_else(|| of_kind(Kind::Dynamite)) {
                Some(c) => Some(c),
                None if random_hand => None,
                None => in_play
                    .iter()
                    .copied()
                    .max_by_key(|&c| (crate::bang::npc::order(c), std::cmp::Reverse(c))),
            }
        };
        (
            Action::Dodge(DodgeAction::Brawl { in_play: pick }),
            Reason::Brawl,
        )
    }

    /// D3.8 Vera Custer: the first character of the list in play.
    pub(crate) fn vera_choice(&self) -> (Action, Reason) {
        use Character::*;
        const LIST: [Character; 30] = [
            Jourdonnais,
            ElenaFuente,
            PixiePete,
            BlackJack,
            LuckyDuke,
            SidKetchum,
            SlabTheKiller,
            WillyTheKid,
            KitCarlson,
            JesseJones,
            PedroRamirez,
            BartCassidy,
            ElGringo,
            BillNoface,
            CalamityJanet,
            GregDigger,
            HerbHunter,
            ChuckWengam,
            JoseDelgado,
            DocHolyday,
            PatBrennan,
            SeanMallory,
            MollyStark,
            SuzyLafayette,
            PaulRegret,
            RoseDoolan,
            ApacheKid,
            BelleStar,
            TequilaJoe,
            VultureSam,
        ];
        let offered: Vec<Character> = self
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Dodge(DodgeAction::Copy { character }) => Some(*character),
                _ => None,
            })
            .collect();
        let pick = LIST
            .iter()
            .copied()
            .find(|c| offered.contains(c))
            .or_else(|| offered.first().copied());
        match pick {
            Some(character) => (
                Action::Dodge(DodgeAction::Copy { character }),
                Reason::Character,
            ),
            None => (Action::EndTurn, Reason::Fallback),
        }
    }

    /// D3.8 Pat Brennan: the highest-ranked card in play of his candidates
    /// (earlier candidate, then lowest id, on ties), taken if it ranks 16
    /// or better; never from another Pat Brennan (Vera Custer's copy: the
    /// two would take cards back and forth for ever, drawing none).
    fn pat_brennan(&self) -> Option<(Action, Reason)> {
        let mut best: Option<(u16, Action)> = None;
        let pat = |t: Seat| {
            self.p(t).is_some_and(|p| {
                p.character == Some(Character::PatBrennan) || p.copy == Some(Character::PatBrennan)
            })
        };
        for t in self.candidates().into_iter().filter(|&t| !pat(t)) {
            for &c in self.in_play(t) {
                let action = Action::Dodge(DodgeAction::PatBrennan { target: t, card: c });
                if !self.legal(&action) || rank(c) > 16 {
                    continue;
                }
                let o = crate::bang::npc::order(c);
                if best.as_ref().is_none_or(|(b, _)| o < *b) {
                    best = Some((o, action));
                }
            }
        }
        best.map(|(_, a)| (a, Reason::Character))
    }
}

/// D3's rows in the policy's own decisions.
impl NpcSteps for DodgeCity {
    /// D3.8 Pat Brennan.
    fn phase_one(&self, cx: &Ctx<'_>) -> Option<(Action, Reason)> {
        cx.pat_brennan()
    }

    /// D3.3 step 1.
    fn opening(&self, cx: &Ctx<'_>) -> Option<(Action, Reason)> {
        cx.dodge_opening()
    }

    /// D3.1.
    fn usable(
        &self,
        cx: &Ctx<'_>,
        card: Card,
        k: Kind,
        stack: &[Card],
    ) -> Option<Option<(Action, Reason)>> {
        cx.dodge_usable(card, k, stack)
    }

    /// D3.3 steps 3 and 4.
    fn after_scan(&self, cx: &Ctx<'_>) -> Option<(Action, Reason)> {
        cx.dodge_after_scan()
    }

    /// D3.5.
    fn shot(&self, cx: &Ctx<'_>, needed: u8) -> Option<(Action, Reason)> {
        cx.dodge_shot(needed)
    }

    /// D3.8 Apache Kid.
    fn shields(&self, cx: &Ctx<'_>, card: Card, t: Seat) -> bool {
        cx.shields(card, t)
    }
}
