use engine::dice::{
    self, Action, Batch, BatchStep, Character, Config, DiceSet, Event, Face, GameCreated,
    LossSource, MAX_PLAYERS, Options, Player, Role, Stage, State, Step,
};
use engine::{Seed, Viewer};

use super::NormalPolicy;
use crate::policy::Policy;
use crate::random::RandomPolicy;
use crate::runner::play_dice_game;

/// Wraps a policy and checks that every action it picks is one of the legal ones.
struct Checked<P>(P);

impl<P: Policy> Policy for Checked<P> {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn observe(&mut self, event: &Event) {
        self.0.observe(event);
    }
    fn choose(&mut self, view: &dice::View, legal: &[Action]) -> Action {
        let action = self.0.choose(view, legal);
        assert!(
            legal.contains(&action),
            "{action:?} is not among the legal {legal:?}"
        );
        action
    }
}

#[test]
fn only_legal_actions_in_mixed_games() {
    let mut ended = 0;
    for g in 0..2000u64 {
        let players = 3 + (g % 6) as u8;
        // Seats mix normal and random bots in a pattern that changes with the game;
        // one game in eight is all normal.
        let mut policies: Vec<Box<dyn Policy>> = (0..players as u64)
            .map(|seat| {
                let seed = g * 16 + seat;
                if g % 8 == 7 || (seat + g / 6) % 2 == 0 {
                    Box::new(Checked(NormalPolicy::new(seed))) as Box<dyn Policy>
                } else {
                    Box::new(Checked(RandomPolicy::new(seed)))
                }
            })
            .collect();
        let record = play_dice_game(
            &Config::new(players),
            Seed::from_u64(g),
            &mut policies,
            5000,
        )
        .unwrap_or_else(|e| panic!("game {g}: {e}"));
        if record.outcome.is_some() {
            ended += 1;
        }
    }
    assert_eq!(ended, 2000, "every game ends");
}

#[test]
fn deterministic_given_its_seed() {
    let run = || {
        let mut policies: Vec<Box<dyn Policy>> = (0..6)
            .map(|seat| Box::new(NormalPolicy::new(40 + seat)) as Box<dyn Policy>)
            .collect();
        play_dice_game(&Config::new(6), Seed::from_u64(9), &mut policies, 5000)
            .unwrap()
            .events
    };
    assert_eq!(run(), run());
}

// --- Hand-built positions -------------------------------------------------------

/// A live table: (character, role, life) per seat; the Sheriff's card is face up.
fn table(seats: &[(Character, Role, u8)]) -> State {
    let mut s = State {
        players: seats.len() as u8,
        pile: 9,
        ..State::default()
    };
    for (i, &(character, role, life)) in seats.iter().enumerate() {
        let max_life = character.info().life + if role == Role::Sheriff { 2 } else { 0 };
        s.table[i] = Player {
            character,
            role: Some(role),
            role_public: role == Role::Sheriff,
            life,
            max_life,
            arrows: 0,
            chief: false,
            alive: true,
            ..Player::default()
        };
    }
    s
}

/// Sets the active player's dice (5 base dice) and the stage.
fn dice(s: &mut State, active: u8, faces: &[Face], rolls: u8, stage: Stage) {
    s.turn.active = active;
    s.turn.dice = DiceSet::new(5, None);
    for (i, &f) in faces.iter().enumerate() {
        s.turn.dice.set(i, f);
    }
    s.turn.rolls = rolls;
    s.stage = stage;
}

/// What a fresh normal policy at `seat` picks now, after seeing `events`.
fn pick(s: &State, seat: u8, events: &[Event]) -> Action {
    let legal = dice::legal_actions(s, seat);
    assert!(!legal.is_empty(), "seat {seat} has nothing to decide");
    let mut p = NormalPolicy::new(1);
    for e in events {
        p.observe(&dice::redact(e, Viewer::Seat(seat)));
    }
    let a = p.choose(&dice::view(s, Viewer::Seat(seat)), &legal);
    assert!(legal.contains(&a));
    a
}

/// The setup events of a table built with [`table`].
fn setup_events(s: &State) -> Vec<Event> {
    let mut events = vec![Event::GameCreated(Box::new(GameCreated {
        ruleset: "dice".into(),
        engine: "test".into(),
        players: s.players,
        options: Options::default(),
        seats: Vec::new(),
        seed_commitment: String::new(),
    }))];
    for (i, p) in s.players().iter().enumerate() {
        events.push(Event::RoleDealt {
            seat: i as u8,
            role: p.role,
            face_up: p.role_public,
            card: p.special,
        });
        events.push(Event::CharacterDealt {
            seat: i as u8,
            character: p.character,
            life: p.max_life,
        });
    }
    events
}

use Character::*;
use Face::*;
use Role::*;

const BULLSEYES: Stage = Stage::Resolve {
    step: Step::Bullseyes,
};

#[test]
fn outlaw_shoots_the_sheriff_in_reach() {
    // Seat 0 (Outlaw) has a "1"; seats 1 (Sheriff) and 4 (hurt, unknown) are in reach.
    let mut s = table(&[
        (BlackJack, Outlaw, 8),
        (PaulRegret, Sheriff, 11),
        (JesseJones, Deputy, 9),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 1),
    ]);
    dice(
        &mut s,
        0,
        &[Bullseye1, Arrow, Beer, Beer, Dynamite],
        3,
        BULLSEYES,
    );
    assert_eq!(
        pick(&s, 0, &[]),
        Action::Shoot {
            target: 1,
            double: false
        }
    );
}

#[test]
fn deputy_never_shoots_the_sheriff_when_another_target_is_legal() {
    // The Sheriff (seat 1) is at 1 LP right next to the Deputy; so is a healthy player.
    for sheriff_life in [1, 5, 10] {
        let mut s = table(&[
            (BlackJack, Deputy, 8),
            (PaulRegret, Sheriff, sheriff_life),
            (JesseJones, Outlaw, 9),
            (KitCarlson, Renegade, 7),
            (SidKetchum, Outlaw, 8),
        ]);
        dice(
            &mut s,
            0,
            &[Bullseye1, Arrow, Beer, Beer, Dynamite],
            3,
            BULLSEYES,
        );
        assert_eq!(
            pick(&s, 0, &[]),
            Action::Shoot {
                target: 4,
                double: false
            }
        );
    }
}

#[test]
fn renegade_spares_the_sheriff_while_others_live_and_kills_him_at_the_end() {
    // A "1" reaches the Sheriff (seat 1, 1 LP) and an Outlaw (seat 4).
    let seats = [
        (BlackJack, Renegade, 8),
        (PaulRegret, Sheriff, 1),
        (JesseJones, Deputy, 9),
        (KitCarlson, Outlaw, 7),
        (SidKetchum, Outlaw, 8),
    ];
    let mut s = table(&seats);
    dice(
        &mut s,
        0,
        &[Bullseye1, Arrow, Beer, Beer, Dynamite],
        3,
        BULLSEYES,
    );
    assert_eq!(
        pick(&s, 0, &[]),
        Action::Shoot {
            target: 4,
            double: false
        }
    );
    // Alone with the Sheriff: every result goes to him.
    for dead in 2..5 {
        s.table[dead].alive = false;
        s.table[dead].life = 0;
    }
    assert_eq!(
        pick(&s, 0, &[]),
        Action::Shoot {
            target: 1,
            double: false
        }
    );
}

#[test]
fn sheriff_shoots_the_one_who_shot_him() {
    // Seats 1 and 4 are both next to the Sheriff; seat 4 shot him last turn
    // although seat 0 (Sheriff) was not his only target.
    let mut s = table(&[
        (BlackJack, Sheriff, 9),
        (PaulRegret, Deputy, 9),
        (JesseJones, Outlaw, 9),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 8),
    ]);
    let mut events = setup_events(&s);
    events.push(Event::TurnStarted { seat: 4 });
    events.push(Event::Acted {
        seat: 4,
        action: Action::ROLL,
    });
    events.push(Event::Acted {
        seat: 4,
        action: Action::Shoot {
            target: 0,
            double: false,
        },
    });
    events.push(Event::TurnStarted { seat: 0 });
    dice(
        &mut s,
        0,
        &[Bullseye1, Arrow, Beer, Beer, Dynamite],
        3,
        BULLSEYES,
    );
    assert_eq!(
        pick(&s, 0, &events),
        Action::Shoot {
            target: 4,
            double: false
        }
    );
}

#[test]
fn beers_go_to_friends_never_to_enemies() {
    let beers = |left| Stage::Resolve {
        step: Step::Beers {
            left,
            jesse_doubles: false,
        },
    };
    // A Deputy at full life, the Sheriff hurt, an enemy hurt worse: the Sheriff drinks.
    let mut s = table(&[
        (BlackJack, Deputy, 8),
        (PaulRegret, Sheriff, 6),
        (JesseJones, Outlaw, 2),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 1),
    ]);
    dice(
        &mut s,
        0,
        &[Beer, Arrow, Arrow, Gatling, Dynamite],
        3,
        beers(1),
    );
    assert_eq!(pick(&s, 0, &[]), Action::Beer { target: 1 });
    // An Outlaw, with everyone else hurt and the Sheriff known: never the Sheriff.
    let mut s = table(&[
        (BlackJack, Outlaw, 8),
        (PaulRegret, Sheriff, 3),
        (JesseJones, Deputy, 2),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 8),
    ]);
    dice(
        &mut s,
        0,
        &[Beer, Arrow, Arrow, Gatling, Dynamite],
        3,
        beers(1),
    );
    assert_ne!(pick(&s, 0, &[]), Action::Beer { target: 1 });
    // A hurt player drinks his own Beer rather than waste it.
    s.table[0].life = 4;
    assert_eq!(pick(&s, 0, &[]), Action::Beer { target: 0 });
}

#[test]
fn renegade_saves_a_dying_sheriff_while_outlaws_live() {
    let mut s = table(&[
        (BlackJack, Renegade, 6),
        (PaulRegret, Sheriff, 1),
        (JesseJones, Deputy, 9),
        (KitCarlson, Outlaw, 7),
        (SidKetchum, Outlaw, 8),
    ]);
    let stage = Stage::Resolve {
        step: Step::Beers {
            left: 1,
            jesse_doubles: false,
        },
    };
    dice(
        &mut s,
        0,
        &[Beer, Arrow, Arrow, Gatling, Dynamite],
        3,
        stage,
    );
    assert_eq!(pick(&s, 0, &[]), Action::Beer { target: 1 });
}

#[test]
fn stops_before_dynamite_can_eliminate() {
    // Two Dynamite showing and 1 LP left: a third would eliminate; stop.
    let mut s = table(&[
        (BlackJack, Outlaw, 8),
        (PaulRegret, Sheriff, 11),
        (JesseJones, Deputy, 9),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 8),
    ]);
    s.table[3].life = 1;
    dice(
        &mut s,
        3,
        &[Dynamite, Dynamite, Arrow, Beer, Arrow],
        1,
        Stage::Reroll,
    );
    assert_eq!(pick(&s, 3, &[]), Action::Stop);
}

#[test]
fn outlaw_keeps_bullseyes_on_the_sheriff_and_rerolls_the_rest() {
    let mut s = table(&[
        (BlackJack, Outlaw, 8),
        (PaulRegret, Sheriff, 11),
        (JesseJones, Deputy, 9),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 8),
    ]);
    // Seat 0: the Sheriff (seat 1) is at distance 1.
    dice(
        &mut s,
        0,
        &[Bullseye1, Beer, Bullseye1, Arrow, Bullseye2],
        1,
        Stage::Reroll,
    );
    match pick(&s, 0, &[]) {
        Action::Reroll { dice } => {
            assert!(
                !dice.contains(0) && !dice.contains(2),
                "keeps the 1s: {dice:?}"
            );
            assert!(dice.contains(1), "re-rolls the useless Beer: {dice:?}");
        }
        other => panic!("expected a re-roll, got {other:?}"),
    }
}

#[test]
fn chases_the_gatling_with_two_showing() {
    // A Sheriff at full life with 2 Gatlings, facing unknown players.
    let mut s = table(&[
        (BlackJack, Sheriff, 10),
        (PaulRegret, Deputy, 9),
        (JesseJones, Outlaw, 9),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 8),
    ]);
    dice(
        &mut s,
        0,
        &[Gatling, Gatling, Beer, Beer, Arrow],
        1,
        Stage::Reroll,
    );
    match pick(&s, 0, &[]) {
        Action::Reroll { dice } => {
            assert!(!dice.contains(0) && !dice.contains(1), "keeps the Gatlings");
        }
        other => panic!("expected a re-roll, got {other:?}"),
    }
    // Willy the Kid needs only 2: he has the Gun already and stops chasing it.
    s.table[0].character = WillyTheKid;
    dice(
        &mut s,
        0,
        &[Gatling, Gatling, Bullseye1, Bullseye2, Beer],
        2,
        Stage::Reroll,
    );
    match pick(&s, 0, &[]) {
        Action::Reroll { dice } => assert!(!dice.contains(0) && !dice.contains(1)),
        Action::Stop => {}
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn character_abilities() {
    let base = [
        (BlackJack, Sheriff, 10),
        (PaulRegret, Deputy, 9),
        (JesseJones, Outlaw, 9),
        (KitCarlson, Renegade, 7),
        (SidKetchum, Outlaw, 8),
    ];
    // Pedro Ramirez returns as many arrows as he may.
    let mut s = table(&base);
    s.table[2].character = PedroRamirez;
    s.table[2].arrows = 3;
    s.table[2].life = 6;
    s.pile = 6;
    let mut lost = [0; MAX_PLAYERS];
    lost[2] = 2;
    s.batch = Some(Batch {
        source: LossSource::Bullseyes { by: 0 },
        losses: lost,
        lost,
        step: BatchStep::Pedro,
        rescued: None,
    });
    dice(&mut s, 0, &[Bullseye1; 5], 3, BULLSEYES);
    assert_eq!(
        pick(&s, 2, &[]),
        Action::ReturnArrows {
            count: 2,
            chief: false
        }
    );

    // Bart Cassidy takes arrows rather than be eliminated.
    let mut s = table(&base);
    s.table[2].character = BartCassidy;
    s.table[2].life = 2;
    let mut losses = [0; MAX_PLAYERS];
    losses[2] = 2;
    s.batch = Some(Batch {
        source: LossSource::Bullseyes { by: 0 },
        losses,
        lost: [0; MAX_PLAYERS],
        step: BatchStep::Bart,
        rescued: None,
    });
    dice(&mut s, 0, &[Bullseye1; 5], 3, BULLSEYES);
    assert_eq!(
        pick(&s, 2, &[]),
        Action::TakeArrows {
            count: 2,
            chief: false
        }
    );

    // Kit Carlson (Renegade, seat 3) returns his own arrows, never an Outlaw's... and
    // stops when only enemies hold arrows.
    let mut s = table(&base);
    s.table[3].arrows = 1;
    s.table[2].arrows = 3;
    s.pile = 5;
    let kit = Stage::Resolve {
        step: Step::KitDiscards { left: 2 },
    };
    dice(
        &mut s,
        3,
        &[Gatling, Gatling, Arrow, Beer, Dynamite],
        3,
        kit,
    );
    assert_eq!(
        pick(&s, 3, &[]),
        Action::Discard {
            from: 3,
            chief: false
        }
    );
    s.table[3].arrows = 0;
    s.pile = 6;
    s.stage = Stage::Resolve {
        step: Step::KitDiscards { left: 1 },
    };
    assert_eq!(pick(&s, 3, &[]), Action::EndDiscards);

    // Sid Ketchum (Deputy) gifts the hurt Sheriff.
    let mut s = table(&base);
    s.table[1].character = SidKetchum;
    s.table[4].character = PaulRegret;
    s.table[0].life = 5;
    s.turn.active = 1;
    s.stage = Stage::SidGift;
    assert_eq!(pick(&s, 1, &[]), Action::Gift { target: 0 });

    // Slab the Killer doubles a "1" that finishes the Outlaw next to him.
    let mut s = table(&base);
    s.table[0].character = SlabTheKiller;
    s.table[4].life = 2;
    dice(
        &mut s,
        0,
        &[Bullseye1, Beer, Arrow, Arrow, Dynamite],
        3,
        BULLSEYES,
    );
    assert_eq!(
        pick(&s, 0, &[]),
        Action::Shoot {
            target: 4,
            double: true
        }
    );
}

#[test]
fn three_players_hunt_their_target() {
    // Deputy hunts the Renegade, who is healthier than the Outlaw.
    let mut s = table(&[
        (BlackJack, Deputy, 8),
        (PaulRegret, Outlaw, 3),
        (JesseJones, Renegade, 9),
    ]);
    for p in s.table.iter_mut().take(3) {
        p.role_public = true;
    }
    dice(
        &mut s,
        0,
        &[Bullseye1, Arrow, Beer, Beer, Dynamite],
        3,
        BULLSEYES,
    );
    assert_eq!(
        pick(&s, 0, &[]),
        Action::Shoot {
            target: 2,
            double: false
        }
    );
}

// --- Special roles -----------------------------------------------------------------

/// Opens a window of `kind` asking `seat`, with the seat holding `card`.
fn window(s: &mut State, seat: u8, card: dice::Special, w: dice::Window) {
    s.modules = dice::ModuleSet::of(&[dice::Module::SpecialRoles]);
    s.table[seat as usize].special = Some(card);
    s.window = Some(dice::Window {
        asked: dice::SeatSet::of(&[seat]),
        ..w
    });
}

#[test]
fn the_left_hand_saves_himself() {
    let mut s = table(&[
        (BlackJack, Sheriff, 9),
        (PaulRegret, Outlaw, 5),
        (JesseJones, Renegade, 0),
        (KitCarlson, Outlaw, 4),
    ]);
    dice(
        &mut s,
        1,
        &[Bullseye1, Arrow, Beer, Beer, Dynamite],
        3,
        BULLSEYES,
    );
    let mut losses = [0; MAX_PLAYERS];
    losses[2] = 1;
    s.batch = Some(Batch {
        source: LossSource::Bullseyes { by: 1 },
        losses,
        lost: losses,
        step: BatchStep::Eliminate,
        rescued: None,
    });
    window(
        &mut s,
        2,
        dice::Special::LeftHand,
        dice::Window::new(dice::WindowKind::Elimination),
    );
    let power = dice::Power::LeftHand { save: 2 };
    assert_eq!(pick(&s, 2, &setup_events(&s)), Action::Reveal { power });
}

#[test]
fn the_judge_cancels_an_outlaws_reveal() {
    let mut s = table(&[
        (BlackJack, Sheriff, 9),
        (PaulRegret, Outlaw, 5),
        (JesseJones, Deputy, 7),
        (KitCarlson, Outlaw, 4),
        (SidKetchum, Renegade, 6),
    ]);
    dice(
        &mut s,
        0,
        &[Gatling, Gatling, Gatling, Beer, Bullseye1],
        3,
        Stage::RollingOver,
    );
    s.table[1].role_public = true;
    s.table[1].special = Some(dice::Special::TheGambler);
    s.table[1].power_used = true;
    let reveal = dice::Reveal {
        seat: 1,
        power: dice::Power::TheGambler,
        gain: None,
    };
    window(
        &mut s,
        2,
        dice::Special::TheJudge,
        dice::Window {
            reveal: Some(reveal),
            ..dice::Window::new(dice::WindowKind::Reveal)
        },
    );
    let judge = Action::Reveal {
        power: dice::Power::TheJudge,
    };
    assert_eq!(pick(&s, 2, &setup_events(&s)), judge);
}

#[test]
fn the_doc_saves_the_sheriff_from_his_third_dynamite() {
    let mut s = table(&[
        (BlackJack, Sheriff, 2),
        (PaulRegret, Outlaw, 5),
        (JesseJones, Deputy, 7),
        (KitCarlson, Outlaw, 4),
        (SidKetchum, Renegade, 6),
    ]);
    dice(
        &mut s,
        0,
        &[Dynamite, Dynamite, Dynamite, Beer, Bullseye1],
        1,
        Stage::Rolled,
    );
    window(
        &mut s,
        2,
        dice::Special::TheDoc,
        dice::Window::new(dice::WindowKind::Roll),
    );
    let Action::Reveal {
        power: dice::Power::TheDoc { die, face },
    } = pick(&s, 2, &setup_events(&s))
    else {
        panic!("The Doc keeps his card while the Sheriff explodes");
    };
    assert!(
        die < 3 && face == Beer,
        "turns a Dynamite to a Beer: {die} {face:?}"
    );
}

#[test]
fn a_player_without_a_usable_card_passes() {
    let mut s = table(&[
        (BlackJack, Sheriff, 9),
        (PaulRegret, Outlaw, 5),
        (JesseJones, Deputy, 7),
        (KitCarlson, Outlaw, 4),
    ]);
    dice(
        &mut s,
        0,
        &[Dynamite, Dynamite, Dynamite, Beer, Bullseye1],
        1,
        Stage::Rolled,
    );
    window(
        &mut s,
        1,
        dice::Special::TheBad,
        dice::Window::new(dice::WindowKind::Roll),
    );
    assert_eq!(dice::legal_actions(&s, 1), vec![Action::Pass]);
    assert_eq!(pick(&s, 1, &setup_events(&s)), Action::Pass);
}
