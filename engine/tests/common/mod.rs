//! What the property tests share: the card game's own deterministic
//! chooser, its length bound and game counts taken from the environment, and
//! for both games the random changes of who plays a seat.

/// No random game needs more events than this.
pub const MAX_EVENTS: usize = 40_000;

/// A small deterministic generator for a test's own choices (xorshift).
pub struct Pick(pub u64);

impl Pick {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The number in environment variable `var`, else `default`: lets a long
/// release run ask for more games than `cargo test` plays.
pub fn games_from_env(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// A random change of who plays a seat (play-by-post deadlines), as the
/// server could or could not make it, with `below(n)` choosing: the events
/// when the rules take it (checked to be what folding them gives); `None`,
/// the state untouched, when they refuse it.
#[allow(dead_code)] // Not every property test changes who plays the seats.
pub fn random_control<R: engine::Ruleset>(
    below: &mut dyn FnMut(usize) -> usize,
    state: &R::State,
    controls: &engine::Controls,
    players: u8,
) -> Option<Vec<R::Event>>
where
    R::State: std::fmt::Debug,
{
    use engine::SeatControl;
    // Now and then a seat the table does not have.
    let seat = below(players as usize + 1) as u8;
    let change = match below(3) {
        0 => SeatControl::DeadlineMissed {
            seat,
            moves: below(3) as u16,
        },
        1 => SeatControl::BotTookSeat {
            seat,
            bot: "normal".into(),
        },
        _ => SeatControl::SeatReclaimed { seat },
    };
    let mut live = state.clone();
    match engine::core::control::control::<R>(&mut live, controls, &change) {
        Ok(events) => {
            let mut folded = state.clone();
            for e in &events {
                R::apply(&mut folded, e);
            }
            assert_eq!(folded, live, "a control: decide != apply");
            Some(events)
        }
        Err(_) => {
            assert_eq!(&live, state, "a refused control changed the state");
            None
        }
    }
}
