//! Rules tests: one per acceptance case of `rules/dice.md` §8, named after it.
//!
//! [`DiceTable`] builds an exact situation from events (characters, roles, LP and
//! arrows as the case states them) and plays it with loaded dice: rolls are
//! decided by the real `decide`, with an RNG scripted to give the named faces.

mod arrows_and_bullseyes;
mod characters;
mod chief_arrow;
mod ghost;
mod loudmouth_coward;
mod new_characters;
#[cfg(feature = "openapi")]
mod openapi;
mod setup_and_rolling;
mod special_roles;
mod victory;

use super::*;
use crate::core::{GameRng, Seat, Seed};

pub use Character::*;
pub use Role::*;

/// A table under test: its log and the state folded from it.
pub struct DiceTable {
    pub state: State,
    pub log: Vec<Event>,
}

/// Characters whose abilities stay out of ordinary cases: seat A's Jesse Jones
/// only acts on his own Beers, the others never act passively.
pub const PLAIN: [Character; 8] = [
    JesseJones,
    BlackJack,
    CalamityJanet,
    LuckyDuke,
    SlabTheKiller,
    WillyTheKid,
    KitCarlson,
    RoseDoolan,
];

/// One seat per role, in order, with the [`PLAIN`] characters.
pub fn plain_seats(roles: &[Role]) -> Vec<(Character, Role)> {
    PLAIN.into_iter().zip(roles.iter().copied()).collect()
}

/// The kinds of the active player's dice, in order.
pub fn dice_kinds(t: &DiceTable) -> Vec<DieKind> {
    t.state
        .turn
        .dice
        .as_slice()
        .iter()
        .map(|d| d.kind)
        .collect()
}

/// Reads face codes (`A D 1 2 B G 11 22 GG BB U X`).
pub fn faces(codes: &str) -> Vec<Face> {
    codes
        .split_whitespace()
        .map(|c| match c {
            "A" => Face::Arrow,
            "D" => Face::Dynamite,
            "1" => Face::Bullseye1,
            "2" => Face::Bullseye2,
            "B" => Face::Beer,
            "G" => Face::Gatling,
            "11" => Face::DoubleBullseye1,
            "22" => Face::DoubleBullseye2,
            "GG" => Face::DoubleGatling,
            "BB" => Face::DoubleBeer,
            "U" => Face::Bullet,
            "X" => Face::BrokenArrow,
            other => panic!("unknown face code {other}"),
        })
        .collect()
}

impl DiceTable {
    /// Seats 0.. (A, B, C, …) with these characters and roles, every role face
    /// down but the Sheriff's (all face up with 3 players), at full LP, pile full.
    /// Nobody has started a turn yet: call [`DiceTable::turn`].
    pub fn new(seats: &[(Character, Role)]) -> DiceTable {
        DiceTable::with_modules(seats, &[])
    }

    /// Like [`DiceTable::new`], with Old Saloon modules on.
    pub fn with_modules(seats: &[(Character, Role)], modules: &[Module]) -> DiceTable {
        let seats: Vec<_> = seats.iter().map(|&(c, r)| (c, r, None)).collect();
        DiceTable::with_cards(&seats, modules)
    }

    /// Special roles: like [`DiceTable::with_modules`], each seat's role card
    /// possibly a special one (The Bear adds its bonus to the Sheriff's LP).
    /// `special_roles` is on.
    pub fn with_cards(
        seats: &[(Character, Role, Option<Special>)],
        modules: &[Module],
    ) -> DiceTable {
        let mut modules = modules.to_vec();
        if seats.iter().any(|s| s.2.is_some()) && !modules.contains(&Module::SpecialRoles) {
            modules.push(Module::SpecialRoles);
        }
        let players = seats.len() as u8;
        let mut t = DiceTable {
            state: State::default(),
            log: Vec::new(),
        };
        t.push(Event::GameCreated(Box::new(events::GameCreated {
            ruleset: RULESET.into(),
            engine: crate::ENGINE_VERSION.into(),
            players,
            options: Options {
                modules: modules.to_vec(),
                ..Options::default()
            },
            seats: Vec::new(),
            seed_commitment: Seed([0; 32]).commitment(),
        })));
        for (seat, &(character, role, card)) in seats.iter().enumerate() {
            t.push(Event::RoleDealt {
                seat: seat as Seat,
                role: Some(role),
                face_up: players == 3 || role == Role::Sheriff,
                card,
            });
            let bonus = match (role, card) {
                (Role::Sheriff, Some(Special::TheBear)) => 3,
                (Role::Sheriff, _) => 2,
                _ => 0,
            };
            t.push(Event::CharacterDealt {
                seat: seat as Seat,
                character,
                life: character.info().life + bonus,
            });
        }
        t
    }

    /// `n` players with the roles of `roles_for(n)` in seat order (so A is the
    /// Sheriff, except with 3 players) and characters whose abilities stay out of
    /// ordinary cases: A is Jesse Jones, the others never act passively.
    pub fn plain(n: usize) -> DiceTable {
        DiceTable::with_roles(roles_for(n as u8), &[])
    }

    /// One seat per role, in order, with the [`PLAIN`] characters.
    pub fn with_roles(roles: &[Role], modules: &[Module]) -> DiceTable {
        DiceTable::with_modules(&plain_seats(roles), modules)
    }

    fn push(&mut self, e: Event) {
        apply(&mut self.state, &e);
        self.log.push(e);
    }

    fn run(&mut self) {
        let mut rng = GameRng::scripted(Vec::new());
        let mut state = self.state.clone();
        let mut m = machine::Machine::new(&mut state, &mut rng);
        m.run();
        for e in m.events {
            self.push(e);
        }
    }

    /// Starts `seat`'s turn and runs to its first decision.
    pub fn turn(&mut self, seat: Seat) -> &mut DiceTable {
        self.push(Event::TurnStarted { seat });
        self.run();
        self
    }

    /// Sets a player's LP (through loss or gain events).
    pub fn life(&mut self, seat: Seat, life: u8) -> &mut DiceTable {
        let now = self.p(seat).life;
        if life < now {
            self.push(Event::LifeLost {
                seat,
                amount: now - life,
                source: LossSource::Dynamite,
            });
        } else if life > now {
            self.push(Event::LifeGained {
                seat,
                amount: life - now,
                source: GainSource::SidKetchum,
            });
        }
        self
    }

    /// Gives a player `n` more arrows from the pile.
    pub fn arrows(&mut self, seat: Seat, n: u8) -> &mut DiceTable {
        for _ in 0..n {
            self.push(Event::ArrowTaken { seat, chief: false });
        }
        self
    }

    /// Eliminates a player before play starts.
    pub fn push_eliminated(&mut self, seat: Seat) -> &mut DiceTable {
        let role = self.p(seat).role.unwrap();
        self.push(Event::PlayerEliminated { seat, role });
        self
    }

    /// With the Chief's Arrow: gives a player the Chief's Arrow from the pile.
    pub fn chief(&mut self, seat: Seat) -> &mut DiceTable {
        self.push(Event::ArrowTaken { seat, chief: true });
        self
    }

    /// A player.
    pub fn p(&self, seat: Seat) -> Player {
        self.state.table[seat as usize]
    }

    /// The pile.
    pub fn pile(&self) -> u8 {
        self.state.pile
    }

    /// The pending decision.
    pub fn pending(&self) -> Option<Pending> {
        pending(&self.state)
    }

    /// Special roles: the seats the game waits for.
    pub fn waiting(&self) -> Vec<Seat> {
        waiting(&self.state).iter().map(|p| p.seat).collect()
    }

    /// Special roles: `seat` sets its standing orders.
    pub fn orders(&mut self, seat: Seat, orders: Orders) -> &mut DiceTable {
        self.act(seat, Action::SetOrders { orders })
    }

    /// Special roles: every seat in `seats` answers windows by hand.
    pub fn ask(&mut self, seats: &[Seat]) -> &mut DiceTable {
        for &seat in seats {
            self.orders(seat, Orders::ASK);
        }
        self
    }

    /// Special roles: every seat asked in the open window, if any, passes,
    /// except `but`.
    pub fn all_pass(&mut self, but: &[Seat]) -> &mut DiceTable {
        let asked = self.state.window.map(|w| w.asked).unwrap_or_default();
        for seat in asked.iter().filter(|s| !but.contains(s)) {
            self.act(seat, Action::Pass);
        }
        self
    }

    /// Special roles: `seat` reveals his card to use `power`.
    pub fn reveal(&mut self, seat: Seat, power: Power) -> &mut DiceTable {
        self.act(seat, Action::Reveal { power })
    }

    /// The legal actions of `seat`.
    pub fn legal(&self, seat: Seat) -> Vec<Action> {
        legal_actions(&self.state, seat)
    }

    /// `seat` takes `action`, with dice loaded to `script` (die-face indices).
    pub fn try_act_with(
        &mut self,
        seat: Seat,
        action: Action,
        script: Vec<u32>,
    ) -> Result<Vec<Event>, ActionError> {
        let mut rng = GameRng::scripted(script);
        let events = decide(&self.state, seat, &action, &mut rng)?;
        for e in &events {
            self.push(e.clone());
        }
        Ok(events)
    }

    /// `seat` takes `action`, which must be legal.
    pub fn act(&mut self, seat: Seat, action: Action) -> &mut DiceTable {
        if let Err(e) = self.try_act_with(seat, action, Vec::new()) {
            panic!("{action:?} by seat {seat} refused: {e}");
        }
        self
    }

    /// Whether `action` by `seat` is refused now (nothing changes either way).
    pub fn refused(&self, seat: Seat, action: Action) -> bool {
        decide(
            &self.state,
            seat,
            &action,
            &mut GameRng::scripted(Vec::new()),
        )
        .is_err()
    }

    fn script_for(&self, dice: &[u8], codes: &str) -> Vec<u32> {
        self.script_on(self.state.turn.dice, dice, codes)
    }

    fn script_on(&self, set: DiceSet, dice: &[u8], codes: &str) -> Vec<u32> {
        let faces = faces(codes);
        assert_eq!(faces.len(), dice.len(), "one face per die thrown");
        dice.iter()
            .zip(faces)
            .map(|(&d, face)| {
                let kind = set.as_slice()[d as usize].kind;
                kind.faces()
                    .iter()
                    .position(|&f| f == face)
                    .unwrap_or_else(|| panic!("{kind:?} has no face {face:?}"))
                    as u32
            })
            .collect()
    }

    /// Ghost: makes `seat` the Ghost (eliminated first).
    pub fn make_ghost(&mut self, seat: Seat) -> &mut DiceTable {
        let role = self.p(seat).role.unwrap();
        self.push(Event::PlayerEliminated { seat, role });
        let side = (role == Renegade).then(|| ghost_renegade_side(self.state.players));
        self.push(Event::BecameGhost { seat, side });
        self
    }

    /// Ghost: gives `to` Ghost tokens of `face` (doubled or not).
    pub fn gift(&mut self, to: Seat, face: Face, double: bool) -> &mut DiceTable {
        self.push(Event::GhostTokensGiven {
            gift: GhostGift { to, face, double },
        });
        self
    }

    /// The active player's first roll shows `codes` (on the dice he throws:
    /// Ghost-token dice are not thrown).
    pub fn roll(&mut self, codes: &str) -> &mut DiceTable {
        let active = self.state.turn.active;
        let preset = match self.state.gift {
            Some(g) if g.to == active => 1 + u8::from(g.double),
            _ => 0,
        };
        let all: Vec<u8> = (preset..self.state.turn.dice.len() as u8).collect();
        let script = self.script_for(&all, codes);
        self.try_act_with(active, Action::ROLL, script)
            .unwrap_or_else(|e| panic!("roll refused: {e}"));
        self
    }

    /// Loudmouth and Coward: the active player takes a Saloon die (in place of a
    /// base die, the last of his dice) and his first roll shows `codes`.
    pub fn roll_with(&mut self, die: DieKind, codes: &str) -> &mut DiceTable {
        let active = self.state.turn.active;
        let set = DiceSet::new(4, Some(die));
        let all: Vec<u8> = (0..set.len() as u8).collect();
        let script = self.script_on(set, &all, codes);
        self.try_act_with(active, Action::Roll { saloon: Some(die) }, script)
            .unwrap_or_else(|e| panic!("roll refused: {e}"));
        self
    }

    /// The active player re-rolls `dice`, which show `codes`.
    pub fn reroll(&mut self, dice: &[u8], codes: &str) -> &mut DiceTable {
        let active = self.state.turn.active;
        let script = self.script_for(dice, codes);
        let action = Action::reroll(dice);
        self.try_act_with(active, action, script)
            .unwrap_or_else(|e| panic!("re-roll refused: {e}"));
        self
    }

    /// The active player stops rolling.
    pub fn stop(&mut self) -> &mut DiceTable {
        let active = self.state.turn.active;
        self.act(active, Action::Stop)
    }

    /// The active player assigns the next Bull's Eye to `target`.
    pub fn shoot(&mut self, target: Seat) -> &mut DiceTable {
        let active = self.state.turn.active;
        self.act(
            active,
            Action::Shoot {
                target,
                double: false,
            },
        )
    }

    /// The active player gives the next Beer to `target`.
    pub fn beer(&mut self, target: Seat) -> &mut DiceTable {
        let active = self.state.turn.active;
        self.act(active, Action::Beer { target })
    }

    /// The decision the game waits for, which must exist.
    pub fn decision(&self) -> Decision {
        self.pending().expect("a pending decision").decision
    }

    /// The current active player.
    pub fn active(&self) -> Seat {
        self.state.turn.active
    }

    /// The outcome, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome.clone()
    }

    /// Whether any event in the log since `from` matches.
    pub fn logged_since(&self, from: usize, pred: impl Fn(&Event) -> bool) -> bool {
        self.log[from..].iter().any(pred)
    }
}

/// The seats a legal `Shoot` may target now.
pub fn shoot_targets(t: &DiceTable) -> Vec<Seat> {
    let mut v: Vec<Seat> = t
        .legal(t.active())
        .into_iter()
        .filter_map(|a| match a {
            Action::Shoot {
                target,
                double: false,
            } => Some(target),
            _ => None,
        })
        .collect();
    v.dedup();
    v
}

/// Shorthand for the Sheriff's seat used by [`DiceTable::plain`].
pub const A: Seat = 0;
/// Seat B.
pub const B: Seat = 1;
/// Seat C.
pub const C: Seat = 2;
/// Seat D.
pub const D: Seat = 3;
/// Seat E.
pub const E: Seat = 4;
/// Seat F.
pub const F: Seat = 5;
/// Seat G.
pub const G: Seat = 6;
/// Seat H.
pub const H: Seat = 7;
