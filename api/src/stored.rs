//! What the server keeps with each game besides its log (the store's `data`):
//! seats with token hashes, the secret seed and what is derived from it, and
//! where a fork came from.

use engine::{SeatSpec, Seed};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use store::GameRecord;

use crate::error::ApiError;
use crate::models::{Contribution, ForkOrigin, GameSummary, SeatKind, SeatSummary, Winners};

/// One seat as stored: the seat as the game records it, and the hash of a
/// human seat's token.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SeatData {
    /// Name and bot policy (stored flat: `{"name", "bot", "token_hash"}`).
    #[serde(flatten)]
    pub spec: SeatSpec,
    /// The other seats this seat's person plays with the same token (the
    /// Deputy of a solo game), fixed when the game opens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_plays: Vec<u8>,
    /// SHA-256 of the seat's token, for a human seat.
    #[serde(default)]
    pub token_hash: Option<String>,
    /// An open table's seat still waiting for a player to join.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
    /// The player account the seat belongs to, if any: its key acts for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Play-by-post: the bot policy keeping this person's seat since it missed
    /// too many move deadlines (as the log's `seat_control` events say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept_by_bot: Option<String>,
}

impl SeatData {
    /// A seat played by a bot policy (`bot`) or by the rules (`None`).
    pub fn played(name: String, bot: Option<String>) -> SeatData {
        SeatData {
            spec: SeatSpec {
                name,
                bot,
                budget_ms: None,
            },
            also_plays: Vec::new(),
            token_hash: None,
            open: false,
            player: None,
            kept_by_bot: None,
        }
    }

    /// A person's seat, opened by the token whose hash this is.
    pub fn human(name: String, token_hash: String) -> SeatData {
        SeatData {
            token_hash: Some(token_hash),
            ..SeatData::played(name, None)
        }
    }

    /// Seat `seat` of an open table, waiting for a player.
    pub fn open(seat: u8) -> SeatData {
        SeatData {
            open: true,
            ..SeatData::played(format!("Seat {}", seat + 1), None)
        }
    }

    /// An open seat kept for player `player` (named `name` until he takes it).
    pub fn reserved(name: String, player: String) -> SeatData {
        SeatData {
            open: true,
            player: Some(player),
            ..SeatData::played(name, None)
        }
    }
}

/// A game's private data.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameData {
    /// Players at the table.
    pub players: u8,
    /// The options, as given.
    pub options: Value,
    /// The seats.
    pub seats: Vec<SeatData>,
    /// The secret seed for this game's random draws (hex). Never shown before the end.
    pub seed: String,
    /// SHA-256 of `seed` (public).
    pub seed_commitment: String,
    /// Whether the game's creator chose its seed (`"seed": 42`): then the
    /// game is reproducible, and not provably fair. Games stored before this
    /// field read `false`.
    #[serde(default)]
    pub seed_chosen: bool,
    /// The hash chain's scheme: 2 for every new game (hashes over public parts
    /// and salted commitments, see [`chain_key`]); 1 for games stored before,
    /// which keep it.
    #[serde(default = "chain_v1")]
    pub chain: u8,
    /// For a fork: its origin.
    #[serde(default)]
    pub forked_from: Option<ForkOrigin>,
    /// For a fork: the origin's seed, which drew the events it starts with.
    #[serde(default)]
    pub origin_seed: Option<String>,
    /// Once finished: who won.
    #[serde(default)]
    pub winners: Option<Winners>,
    /// Who may read the chat besides the seats.
    #[serde(default)]
    pub chat: crate::models::ChatVisibility,
    /// When the coach may analyse a seat's decisions (games stored before
    /// read `after`).
    #[serde(default)]
    pub analysis: crate::models::AnalysisAccess,
    /// An open table (or a game that was one): its lobby.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lobby: Option<Lobby>,
    /// Play-by-post: the table's deadlines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadlines: Option<crate::models::DeadlineRules>,
    /// An imported game: the record it was read from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported: Option<crate::models::ImportOrigin>,
    /// Whether the game is rated: its end moves its players' ratings
    /// (`crate::rating`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// What an open table keeps until it starts (and after, for the record).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Lobby {
    /// The host's seat: the seat whose person may start the game.
    pub host: u8,
    /// SHA-256 of the invite code (a joiner must send the code unless the
    /// table is public).
    pub invite_hash: String,
    /// Whether anyone may join without the invite.
    pub public: bool,
    /// The players' own entropy, by seat, in the order given (public).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entropy: Vec<Contribution>,
    /// Once started with contributions: the seed the server committed to at
    /// creation (hex), from which, with them, the game's seed was derived.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_seed: Option<String>,
}

/// The seed of a table whose players added entropy (the engine's
/// [`engine::core::chain::seed_with_entropy`]), from the contributions in
/// the order given.
pub fn seed_with_entropy(server_seed: &Seed, entropy: &[Contribution]) -> Seed {
    engine::core::chain::seed_with_entropy(
        server_seed,
        entropy.iter().map(|c| (c.seat, c.entropy.as_str())),
    )
}

fn chain_v1() -> u8 {
    1
}

/// The chain scheme of new games.
pub const CHAIN_SCHEME: u8 = 2;

pub use engine::core::chain::chain_key;

/// The seed of a game whose creator chose the number `n`: SHA-256 of a label,
/// the server's secret and `n`. The same number replays the same game on the
/// same server, but nobody without the secret can guess the seed from its
/// commitment or from the dice (a bare number could be found by trying them all).
pub fn chosen_seed(n: u64, server_secret: &str) -> Seed {
    let mut hasher = Sha256::new();
    hasher.update(b"bang/chosen-seed/v1");
    hasher.update((server_secret.len() as u64).to_le_bytes());
    hasher.update(server_secret.as_bytes());
    hasher.update(n.to_le_bytes());
    Seed(hasher.finalize().into())
}

/// Why a game with a chosen seed is not provably fair (shown in its audit).
pub const CHOSEN_SEED_NOTE: &str = "the game's creator chose its seed: whoever knows the \
number can replay the game on this server beforehand, so the commitment does not prove the \
outcomes were unknown to everyone";

/// The chain key of a finished game stored as `record` (its seed is public
/// once it is over), for a store that packs its log (`bang-store pack`);
/// `None` for a game still played, a chain v1 game or unreadable data.
pub fn finished_chain_key(record: &GameRecord) -> Option<[u8; 32]> {
    if record.status != store::GameStatus::Finished {
        return None;
    }
    GameData::of(record).ok()?.chain_key().ok()?
}

impl GameData {
    /// This game's chain key, or `None` for a chain v1 game.
    pub fn chain_key(&self) -> Result<Option<[u8; 32]>, ApiError> {
        if self.chain < CHAIN_SCHEME {
            return Ok(None);
        }
        let seed: Seed = self
            .seed
            .parse()
            .map_err(|_| ApiError::internal("a game's seed is unreadable"))?;
        Ok(Some(chain_key(&seed)))
    }

    /// Reads a record's data.
    pub fn of(record: &GameRecord) -> Result<GameData, ApiError> {
        serde_json::from_value(record.data.clone())
            .map_err(|e| ApiError::internal(format!("game data unreadable: {e}")))
    }

    /// The data as the store keeps it.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Whether a bot plays `seat` now: a bot seat, or a person's seat a bot
    /// keeps since it missed too many deadlines.
    pub fn is_bot(&self, seat: u8) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| s.spec.bot.is_some() || s.kept_by_bot.is_some())
    }

    /// Whether a bot plays any seat (from the start or keeping it).
    pub fn has_bots(&self) -> bool {
        (0..self.seats.len()).any(|seat| self.is_bot(seat as u8))
    }

    /// Records who keeps each seat as `controls` say (after a `seat_control`
    /// event): whether anything changed.
    pub fn keep_seats(&mut self, controls: &engine::Controls) -> bool {
        let mut changed = false;
        for (i, seat) in self.seats.iter_mut().enumerate() {
            let kept = controls.stand_in(i as u8).map(str::to_string);
            if seat.kept_by_bot != kept {
                seat.kept_by_bot = kept;
                changed = true;
            }
        }
        changed
    }

    /// The public summary of a game.
    pub fn summary(&self, record: &GameRecord) -> GameSummary {
        GameSummary {
            id: record.id,
            ruleset: record.ruleset.clone(),
            options: self.options.clone(),
            status: record.status,
            version: record.version,
            players: self.players,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatSummary {
                    seat: i as u8,
                    name: s.spec.name.clone(),
                    kind: if s.open {
                        SeatKind::Open
                    } else if s.spec.bot.is_some() {
                        SeatKind::Bot
                    } else if s.token_hash.is_some()
                        || self.seats.iter().any(|o| o.also_plays.contains(&(i as u8)))
                    {
                        SeatKind::Human
                    } else {
                        SeatKind::Npc
                    },
                    bot: s.spec.bot.clone(),
                    budget_ms: s.spec.budget_ms,
                    kept_by_bot: s.kept_by_bot.clone(),
                    reserved_for: s.player.clone().filter(|_| s.open),
                    player: s.player.clone().filter(|_| !s.open),
                })
                .collect(),
            created_at: record.created_at,
            updated_at: record.updated_at,
            winners: self.winners.clone(),
            forked_from: self.forked_from.clone(),
            seed_chosen: self.seed_chosen,
            public: self.lobby.as_ref().map(|l| l.public),
            deadlines: self.deadlines,
            analysis: self.analysis,
            rated: self.rated,
            imported_from: self.imported.clone(),
        }
    }

    /// How many persons play the game: the seats with a token of their own
    /// and the open seats waiting for one (a solo game's Deputy, played by
    /// the Sheriff's token, is not a second person; bots and NPCs are none).
    pub fn persons(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| s.open || s.token_hash.is_some())
            .count()
    }

    /// The seat of player `player` at this table, if he has one.
    pub fn seat_of_player(&self, player: &str) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| !s.open && s.player.as_deref() == Some(player))
            .map(|i| i as u8)
    }

    /// The open seat kept for `player` (a rematch's), if any.
    pub fn seat_reserved_for(&self, player: &str) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| s.open && s.player.as_deref() == Some(player))
            .map(|i| i as u8)
    }
}
