//! The dice game's events told as sentences ([`describe`]), each citing the
//! rule of `rules/dice.md` it applied (the table [`super::events::RULES`]).

use super::actions::Action;
use super::events::{Event, Family, RULES};
use super::faces::Face;
use super::sources::{GainSource, LossSource};
use crate::core::history::{Line, count, label, list, seat_name, tag_of, title};

/// A face's name (`Arrow`, `Bullseye 1`, `Double Gatling`).
fn face(face: Face) -> String {
    title(&label(&face)).replace("Bullseye", "Bull's Eye")
}

/// Any tagged value's name in title case (a role, a special role card, a die).
fn named<T: serde::Serialize>(value: &T) -> String {
    title(&label(value))
}

/// What made a loss, in words.
fn loss_source(source: LossSource, names: &[String]) -> String {
    match source {
        LossSource::Indians => "the Indian attack".into(),
        LossSource::Dynamite => "the Dynamite".into(),
        LossSource::Bullet => "a Bullet".into(),
        LossSource::Bullseyes { by } => format!("{}'s Bull's Eye", seat_name(names, by)),
        LossSource::Gatling { by } => format!("{}'s Gatling Gun", seat_name(names, by)),
    }
}

/// What made a gain, in words.
fn gain_source(source: GainSource, names: &[String]) -> String {
    match source {
        GainSource::Beer { by } => format!("a Beer from {}", seat_name(names, by)),
        other => named(&other),
    }
}

/// `", face up"` or the like when `on`, else nothing: the tail of a sentence.
fn tail(on: bool, words: &'static str) -> &'static str {
    if on { words } else { "" }
}

/// `the Chief's Arrow` or `an arrow`.
fn token(chief: bool) -> &'static str {
    if chief {
        "the Chief's Arrow"
    } else {
        "an arrow"
    }
}

/// What a seat's posted action was, told after his name.
fn action(action: &Action, names: &[String]) -> String {
    let n = |s| seat_name(names, s);
    match *action {
        Action::Gift { target } => format!("gives 1 LP to {} (Sid Ketchum)", n(target)),
        Action::Roll { saloon: None } => "rolls the dice".into(),
        Action::Roll { saloon: Some(die) } => format!("rolls the dice with the {}", named(&die)),
        Action::TakeToken { chief: true } => "takes the Chief's Arrow".into(),
        Action::TakeToken { chief: false } => "takes a regular arrow".into(),
        Action::GiveArrow { to, chief } => format!("hands {} to {}", token(chief), n(to)),
        Action::KeepArrows => "keeps the arrows of this roll".into(),
        Action::GhostGift { face: f, to } => {
            format!("gives the Ghost token {} to {}", face(f), n(to))
        }
        Action::TakeOver { from } => format!("takes over the loss of {}", n(from)),
        Action::EndTakeOver => "takes over no more losses".into(),
        Action::BreakArrow { from } => format!("breaks an arrow of {}", n(from)),
        Action::Reroll { dice } => {
            let which: Vec<String> = dice.iter().map(|d| (d + 1).to_string()).collect();
            let noun = if which.len() == 1 { "die" } else { "dice" };
            format!("re-rolls {noun} {}", list(&which))
        }
        Action::Stop => "stops rolling".into(),
        Action::Shoot { target, double } => format!(
            "aims a Bull's Eye at {}{}",
            n(target),
            tail(double, ", doubled with a Beer")
        ),
        Action::Beer { target } => format!("gives a Beer to {}", n(target)),
        Action::Discard { from, chief } => {
            format!("sends {} of {} back to the pile", token(chief), n(from))
        }
        Action::EndDiscards => "returns no more arrows".into(),
        Action::TakeArrows { count: c, .. } => {
            format!(
                "takes {} instead of losing as many LP",
                count(c as usize, "arrow")
            )
        }
        Action::ReturnArrows { count: c, .. } => {
            format!("returns {} to the pile", count(c as usize, "arrow"))
        }
        Action::Pass => "passes".into(),
        Action::Reveal { power } => format!("reveals a special role ({})", named(&power)),
        Action::ReturnTokens => "returns every token to the pile".into(),
        Action::KeepTokens => "keeps the tokens".into(),
        Action::SetOrders { .. } => "sets standing orders".into(),
    }
}

/// The event, as the reader may see it, told as one sentence with the rule it
/// applied; `None` for bookkeeping (a stage change, a batch's steps, a window
/// closing).
pub fn describe(event: &Event, names: &[String]) -> Option<Line> {
    let text = match event.family() {
        Family::Game => game(event, names),
        Family::Turn => turn(event, names),
        Family::Tokens => tokens(event, names),
        Family::Losses => losses(event, names),
        Family::Ghost => ghost(event, names),
        Family::Answers => answers(event, names),
        Family::Specials => specials(event, names),
    }?;
    let mut line = Line::new(text, RULES, &tag_of(event));
    if let Event::Acted { action: a, .. } = event
        && let Some(rule) = action_rule(a)
    {
        line.rule = Some(rule);
    }
    Some(line)
}

/// The game's opening, the deal and the end.
fn game(event: &Event, names: &[String]) -> Option<String> {
    let n = |s| seat_name(names, s);
    Some(match event {
        Event::GameCreated(created) => format!(
            "A game of BANG! The Dice Game begins with {} players",
            created.players
        ),
        Event::RoleDealt {
            seat,
            role,
            card,
            face_up,
        } => match (role, card) {
            (None, _) => format!("{} is dealt a hidden role", n(*seat)),
            (Some(r), None) => format!(
                "{} is dealt the role {}{}",
                n(*seat),
                named(r),
                tail(*face_up, ", face up")
            ),
            (Some(r), Some(c)) => format!(
                "{} is dealt the role {} ({}){}",
                n(*seat),
                named(r),
                named(c),
                tail(*face_up, ", face up")
            ),
        },
        Event::CharacterDealt {
            seat,
            character,
            life,
        } => format!("{} plays {} ({} LP)", n(*seat), character.info().name, life),
        Event::GameEnded { outcome, .. } => {
            let winners: Vec<String> = outcome.winners.iter().map(|&s| n(s)).collect();
            match outcome.team {
                Some(team) => format!(
                    "The game is over: the {} win ({})",
                    named(&team),
                    list(&winners)
                ),
                None => "The game is over: a draw".into(),
            }
        }
        _ => return None,
    })
}

/// The active turn: its start, the dice and the Bull's Eyes aimed (a stage
/// change is not told).
fn turn(event: &Event, names: &[String]) -> Option<String> {
    let n = |s| seat_name(names, s);
    Some(match event {
        Event::TurnStarted { seat } => format!("{}'s turn begins", n(*seat)),
        Event::SaloonDieTaken { die, extra } => format!(
            "The {} die is in play this turn{}",
            named(die),
            tail(*extra, ", on top of the 5 base dice")
        ),
        Event::DiceRolled { dice } => {
            let faces: Vec<String> = dice.iter().map(|d| face(d.face)).collect();
            format!("The dice show {}", list(&faces))
        }
        Event::TokenDiceSet { face: f, count: c } => format!(
            "{} set to {} by the Ghost token",
            if *c == 1 {
                "1 die is".to_string()
            } else {
                format!("{c} dice are")
            },
            face(*f)
        ),
        Event::DieTurned { die, face: f } => {
            format!("The Doc turns die {} to {}", die + 1, face(*f))
        }
        Event::Gambled => "The Gambler makes the active player throw every die once more".into(),
        Event::BullseyeAssigned { target, doubled } => format!(
            "A Bull's Eye hits {}{}",
            n(*target),
            tail(*doubled, ", doubled by Slab the Killer")
        ),
        _ => return None,
    })
}

/// The arrow tokens and the Chief's Arrow.
fn tokens(event: &Event, names: &[String]) -> Option<String> {
    let n = |s| seat_name(names, s);
    Some(match event {
        Event::ArrowTaken { seat, chief } => format!("{} takes {}", n(*seat), token(*chief)),
        Event::ArrowsReturned {
            seat,
            count: c,
            chief,
        } => format!(
            "{} puts {}{} back on the pile",
            n(*seat),
            count(*c as usize, "arrow"),
            tail(*chief, " and the Chief's Arrow")
        ),
        Event::TokenOwed { seat } => format!("{} must take a token from the pile", n(*seat)),
        Event::ChiefGrabbed { seat, from } => {
            format!("{} grabs the Chief's Arrow from {}", n(*seat), n(*from))
        }
        Event::GatlingFired { seat } => format!(
            "{} fires the Gatling Gun and puts every arrow held back on the pile",
            n(*seat)
        ),
        Event::ArrowsRecalled => "Every arrow goes back to the pile".into(),
        Event::ArrowsSwapped { first, second } => {
            format!(
                "The Ugly makes {} and {} swap their arrows",
                n(*first),
                n(*second)
            )
        }
        _ => return None,
    })
}

/// A batch of losses, and the life points lost, gained, blocked and saved (a
/// batch's steps and its end are not told).
fn losses(event: &Event, names: &[String]) -> Option<String> {
    let n = |s| seat_name(names, s);
    Some(match event {
        Event::BatchStarted { source, losses } => {
            let each: Vec<String> = losses
                .iter()
                .map(|l| format!("{} {} LP", n(l.seat), l.amount))
                .collect();
            format!(
                "{} costs {}",
                title_first(&loss_source(*source, names)),
                list(&each)
            )
        }
        Event::ArrowsInsteadOfLife {
            seat,
            arrows,
            chief,
        } => format!(
            "{} takes {}{} instead of losing life",
            n(*seat),
            count(*arrows as usize, "arrow"),
            tail(*chief, " (one the Chief's Arrow)")
        ),
        Event::LossTakenOver { from, by } => {
            format!("{} takes over the loss of {}", n(*by), n(*from))
        }
        Event::LifeLost {
            seat,
            amount,
            source,
        } => format!(
            "{} loses {} LP to {}",
            n(*seat),
            amount,
            loss_source(*source, names)
        ),
        Event::PlayerEliminated { seat, role } => {
            format!("{} is eliminated; the role was {}", n(*seat), named(role))
        }
        Event::LifeGained {
            seat,
            amount,
            source,
        } => format!(
            "{} gains {} LP ({})",
            n(*seat),
            amount,
            gain_source(*source, names)
        ),
        Event::GainBlocked { gain } => format!(
            "The Bad cancels {}'s gain of {} LP",
            n(gain.seat),
            gain.amount
        ),
        Event::Rescued { seat } => format!("The Left Hand saves {}, now at 2 LP", n(*seat)),
        _ => return None,
    })
}

/// The Ghost and his tokens.
fn ghost(event: &Event, names: &[String]) -> Option<String> {
    let n = |s| seat_name(names, s);
    Some(match event {
        Event::BecameGhost { seat, side } => match side {
            Some(side) => format!(
                "{} becomes the Ghost, on the side of the {}",
                n(*seat),
                named(side)
            ),
            None => format!("{} becomes the Ghost", n(*seat)),
        },
        Event::GhostTokensGiven { gift } => format!(
            "The Ghost gives {} the {} token{}",
            n(gift.to),
            face(gift.face),
            tail(gift.double, " with the double token")
        ),
        Event::GhostTokensReturned => "The Ghost tokens go back to the Ghost".into(),
        _ => return None,
    })
}

/// The seats' actions and standing orders, the windows, who plays a seat (a
/// window closing is not told).
fn answers(event: &Event, names: &[String]) -> Option<String> {
    let n = |s| seat_name(names, s);
    Some(match event {
        Event::Acted { seat, action: a } => format!("{} {}", n(*seat), action(a, names)),
        Event::OrdersSet { seat, .. } => format!("{} sets standing orders", n(*seat)),
        Event::WindowOpened { window } => {
            format!("The special roles may answer ({})", label(&window.kind))
        }
        Event::WindowExpired => "Time is up: every seat still asked passes".into(),
        Event::SeatControl(change) => change.sentence(names),
        _ => return None,
    })
}

/// The special role cards revealed, cancelled and swapped.
fn specials(event: &Event, names: &[String]) -> Option<String> {
    let n = |s| seat_name(names, s);
    Some(match event {
        Event::RoleRevealed { seat, role, card } => {
            format!("{} reveals {} ({})", n(*seat), named(card), named(role))
        }
        Event::RevealCancelled { seat, card } => {
            format!("The Judge cancels {} of {}", named(card), n(*seat))
        }
        Event::RolesSwapped { seat, sheriff } => format!(
            "{} swaps role cards with {} and is now the Sheriff",
            n(*seat),
            n(*sheriff)
        ),
        _ => return None,
    })
}

/// The rule of the actions a turn is made of, more precise than the list of
/// choices (3.15) the `acted` tag cites.
fn action_rule(action: &Action) -> Option<&'static str> {
    match action {
        Action::Roll { .. } | Action::Reroll { .. } | Action::Stop => Some("dice.md 3.4"),
        Action::Shoot { .. } => Some("dice.md 3.9"),
        Action::Beer { .. } => Some("dice.md 3.10"),
        _ => None,
    }
}

/// The first letter in upper case.
fn title_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Role;
    use crate::core::history::testing::{names, random_game, tags_match_rules, tell_all};
    use crate::dice::{Dice, RolledDie};
    use crate::{Ruleset, Viewer};

    #[test]
    fn every_event_tag_has_a_rule() {
        tags_match_rules(include_str!("events/mod.rs"), RULES, 40);
        for (_, rule) in RULES {
            let server = *rule == crate::core::CONTROL_RULE;
            assert!(rule.starts_with("dice.md ") || server, "{rule}");
        }
    }

    #[test]
    fn random_games_are_told_to_every_viewer() {
        let all = serde_json::json!({"modules": [
            "loudmouth_coward", "chief_arrow", "new_characters", "ghost"
        ]});
        let special = serde_json::json!({"modules": ["special_roles"]});
        for (players, options) in [
            (4, serde_json::Value::Null),
            (3, serde_json::Value::Null),
            (6, all),
            (5, special),
        ] {
            for game in 1..=3 {
                let events = random_game::<Dice>(players, options.clone(), game, 5_000);
                assert!(events.last().is_some_and(Dice::ends_game), "the game ends");
                let lines = tell_all::<Dice>(&events, players);
                if std::env::var("SHOW_HISTORY").is_ok() {
                    for l in lines.iter().filter_map(|l| l[0].as_ref()) {
                        eprintln!("{} [{}]", l.text, l.rule.unwrap_or_default());
                    }
                }
                let told = lines.iter().filter(|l| l[0].is_some()).count();
                assert!(told > events.len() / 3, "most events are told");
                for (e, l) in events.iter().zip(&lines) {
                    // A hidden role is told as hidden, never named.
                    if let Event::RoleDealt { seat, .. } = e {
                        for (viewer, line) in l.iter().enumerate().take(players as usize) {
                            let seen = Dice::redact(e, Viewer::Seat(viewer as u8));
                            if let Event::RoleDealt { role: None, .. } = seen {
                                let text = &line.as_ref().expect("told").text;
                                assert!(text.ends_with("is dealt a hidden role"), "{text}");
                                assert_ne!(viewer as u8, *seat);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The sentence of one event, with the names Ann, Bob, Cid, Dee.
    fn told(event: Event) -> Line {
        describe(&event, &names(4)).expect("told")
    }

    #[test]
    fn typical_sentences_are_pinned() {
        let roll = Event::DiceRolled {
            dice: [(0, Face::Arrow), (1, Face::Beer), (2, Face::Gatling)]
                .into_iter()
                .map(|(die, face)| RolledDie { die, face })
                .collect(),
        };
        assert_eq!(
            told(roll),
            Line {
                text: "The dice show Arrow, Beer and Gatling".into(),
                rule: Some("dice.md 3.4"),
            }
        );
        let reroll = Event::Acted {
            seat: 0,
            action: Action::Reroll {
                dice: crate::dice::faces::DiceMask::of(&[0, 2]),
            },
        };
        assert_eq!(
            told(reroll),
            Line {
                text: "Ann re-rolls dice 1 and 3".into(),
                rule: Some("dice.md 3.4"),
            }
        );
        let arrow = told(Event::ArrowTaken {
            seat: 1,
            chief: false,
        });
        assert_eq!(arrow.text, "Bob takes an arrow");
        assert_eq!(arrow.rule, Some("dice.md 3.5"));
        let shot = told(Event::BullseyeAssigned {
            target: 2,
            doubled: false,
        });
        assert_eq!(shot.text, "A Bull's Eye hits Cid");
        assert_eq!(shot.rule, Some("dice.md 3.9"));
        let loss = told(Event::LifeLost {
            seat: 2,
            amount: 1,
            source: LossSource::Bullseyes { by: 0 },
        });
        assert_eq!(loss.text, "Cid loses 1 LP to Ann's Bull's Eye");
        let death = told(Event::PlayerEliminated {
            seat: 2,
            role: Role::Outlaw,
        });
        assert_eq!(death.text, "Cid is eliminated; the role was Outlaw");
        assert_eq!(death.rule, Some("dice.md 4.1"));
        let hidden = told(Event::RoleDealt {
            seat: 1,
            role: None,
            face_up: false,
            card: None,
        });
        assert_eq!(hidden.text, "Bob is dealt a hidden role");
        assert_eq!(
            describe(
                &Event::StageChanged {
                    stage: Default::default()
                },
                &names(4)
            ),
            None
        );
    }
}
