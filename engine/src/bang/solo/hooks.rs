//! The Lone Gunslinger as the base game's hooks see it: its id, where the
//! options name it, its checks of a configuration, its setup, the reward and
//! the outcome, the NPCs' decisions taken while the game waits, its open
//! hands and who plays which seat.

use super::mode::MODE;
use super::seats::{give_class, is_npc, is_person};
use super::validate;
use super::waiting::{npc_to_act, played_by};
use super::{open, starting_hand};
use crate::bang::action_rules::ActionRules;
use crate::bang::card_rules::CardRules;
use crate::bang::cards::Card;
use crate::bang::expansion::{Expansion, Slot};
use crate::bang::legal_rules::LegalRules;
use crate::bang::life::LifeRules;
use crate::bang::machine::{Machine, TurnRules};
use crate::bang::npc::rules::NpcRules;
use crate::bang::npc::steps::NpcSteps;
use crate::bang::options::{Config, Options};
use crate::bang::state::{Outcome, State};
use crate::bang::view::{PlayerView, View, ViewRules};
use crate::core::{Seat, SeatSet, Team};

/// The mode's hooks.
pub(crate) struct LoneGunslinger;

impl Expansion for LoneGunslinger {
    fn id(&self) -> &'static str {
        MODE
    }

    fn slot(&self) -> Slot {
        Slot::Mode
    }

    /// A8, A9: the solo settings in force.
    /// A solo game: seat 0 is the person's; the rules play the others, and
    /// he the Deputy among them.
    fn rules_seats(&self, players: u8) -> SeatSet {
        (1..players).fold(SeatSet::EMPTY, |set, s| set.with(s))
    }

    fn game_created(&self, s: &mut State, options: &Options) {
        s.solo = options.solo();
    }

    /// A solo game names what the solo mode needs (before any other option
    /// is read: the mode is registered first); another game names no solo
    /// option.
    fn check(&self, c: &Config) -> Result<(), String> {
        match c.options.mode.as_str() {
            MODE => validate::validate(c),
            "normal" => validate::refuse_solo_options(&c.options),
            _ => Ok(()),
        }
    }

    /// A8: an NPC is dealt the cards of its level.
    fn starting_hand(&self, s: &State, seat: Seat) -> Option<usize> {
        is_npc(s, seat).then(|| starting_hand(s, seat))
    }

    /// A3.1: the rules play an NPC.
    fn refuses_orders(&self, s: &State, seat: Seat) -> Option<String> {
        is_npc(s, seat)
            .then(|| format!("seat {seat} is an NPC: the rules play it, it takes no orders"))
    }

    /// B6: an NPC's Panic! or Cat Balou takes by class, the victim choosing.
    fn takes_by_class(&self, s: &State, seat: Seat) -> bool {
        is_npc(s, seat)
    }

    /// B6.3: the class a victim gives up from.
    fn give_up_choices(&self, s: &State, victim: Seat) -> Vec<Card> {
        give_class(s, victim)
    }

    /// A6.2: the Sheriff and the Deputy (the person's seats) never draw the
    /// reward.
    fn draws_reward(&self, s: &State, seat: Seat) -> bool {
        !is_person(s, seat)
    }

    /// A4: the person wins with the Law; the standard winners are recorded
    /// as ever.
    fn outcome(&self, _s: &State, outcome: &mut Outcome) {
        outcome.human_won = Some(outcome.team == Some(Team::Law));
    }
}

impl LegalRules for LoneGunslinger {}

impl NpcSteps for LoneGunslinger {}

impl NpcRules for LoneGunslinger {
    fn roles_known(&self, view: &View) -> bool {
        view.solo.is_some()
    }
}

impl LifeRules for LoneGunslinger {}

impl ViewRules for LoneGunslinger {
    /// A3.2: every hand, Stack, role and offer is face up.
    fn shows_every_hand(&self, _s: &State) -> bool {
        true
    }

    fn player_view(&self, s: &State, seat: Seat, p: &mut PlayerView) {
        p.npc = is_npc(s, seat);
    }

    fn table_view(&self, s: &State, v: &mut View) {
        v.solo = s.solo;
    }

    fn seats_played_by(&self, s: &State, seat: Seat) -> Option<SeatSet> {
        Some(played_by(s, seat))
    }
}

impl ActionRules for LoneGunslinger {}

impl CardRules for LoneGunslinger {}

impl TurnRules for LoneGunslinger {
    /// A2.1–A2.5: roles, then characters, then the deal.
    fn opens_game(&self, m: &mut Machine<'_, '_>) -> bool {
        let Some(solo) = m.s().solo else {
            return false;
        };
        open(m, solo);
        true
    }

    /// A3.1, B1: the rules take an NPC's decision at once.
    fn decides_while_waiting(&self, m: &mut Machine<'_, '_>) -> bool {
        let Some(seat) = npc_to_act(m.s()) else {
            return false;
        };
        m.npc_act(seat);
        true
    }
}
