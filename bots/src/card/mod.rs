//! The card game's bots. The rules' own NPC policy (`engine::bang::npc`,
//! Lone Gunslinger Parts B and C) is the `normal` bot: it reads only its
//! seat's view and the events its seat may see, keeping the hostility ledger
//! of Part C in its [`Memory`].

use engine::bang::npc::{self, Memory};
use engine::bang::{Action, Bang, Event, View};

use crate::policy::Policy;

/// The `normal` card-game bot: the NPC policy of the rules, on a bot seat.
#[derive(Clone, Default)]
pub struct NormalCardPolicy {
    memory: Memory,
}

impl NormalCardPolicy {
    /// A bot at the start of a game (the policy is deterministic: no seed).
    pub fn new() -> NormalCardPolicy {
        NormalCardPolicy {
            memory: Memory::new(),
        }
    }
}

impl Policy<Bang> for NormalCardPolicy {
    fn name(&self) -> &'static str {
        "normal"
    }

    fn observe(&mut self, event: &Event) {
        self.memory.observe(event);
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        npc::choose(view, &self.memory, legal)
    }
}
