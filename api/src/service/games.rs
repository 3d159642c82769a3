//! Games as wholes: create one, fork a finished one, list them. Both new
//! kinds start the same way ([`Service::open`]): stored with their opening
//! events, then cached.

use serde_json::Value;
use store::{Append, DocWrite, EventStore, GameId, GameStatus, ListQuery, NewGame};

use super::cache::{Entry, read_all};
use super::{Credentials, Player, Service};
use crate::auth;
use crate::error::ApiError;
use crate::models::{
    CreateGame, CreatedGame, DEFAULT_MISSES_BEFORE_BOT, DeadlineRules, ForkOrigin, GameList,
    GameSummary, SeatRequest, SeatToken, parse_duration,
};
use crate::ruleset;
use crate::stored::{GameData, SeatData};
use bots::players::BotRuleset;
use engine::Game;

/// The deadlines a create request asks for, if any.
fn deadline_rules(body: &CreateGame) -> Result<Option<DeadlineRules>, ApiError> {
    let seconds = |text: &Option<String>| text.as_deref().and_then(parse_duration);
    let move_seconds = seconds(&body.move_deadline);
    let rules = DeadlineRules {
        move_seconds,
        // A table with a move deadline but no response deadline must not
        // wait for ever on an answer either.
        response_seconds: seconds(&body.response_deadline).or(move_seconds),
        misses_before_bot: body.misses_before_bot.unwrap_or(DEFAULT_MISSES_BEFORE_BOT),
    };
    if rules.move_seconds.is_none() && body.misses_before_bot.is_some() {
        return Err(ApiError::invalid_option(
            "misses_before_bot: counts missed move deadlines; give `move_deadline` too",
        ));
    }
    Ok((rules.move_seconds.is_some() || rules.response_seconds.is_some()).then_some(rules))
}

/// The options of a create request, with its response deadline as the
/// game's live reaction time where the game has reaction windows (as JSON
/// `null` if the request gave none).
fn options_with_deadlines(
    body: &CreateGame,
    deadlines: Option<DeadlineRules>,
) -> Result<Value, ApiError> {
    match deadlines.and_then(|d| d.response_seconds) {
        // A response deadline is the game's live reaction time.
        Some(seconds) if ruleset::has_reaction_windows(&body.ruleset, &body.options) => {
            ruleset::with_reaction_seconds(&body.ruleset, &body.options, seconds)
        }
        _ => Ok(body.options.clone()),
    }
}

/// The seats of a new game, as its create request makes them.
#[derive(Default)]
struct NewSeats {
    /// Every seat's data, in order.
    seats: Vec<SeatData>,
    /// The tokens of the seats people play, shown once.
    tokens: Vec<SeatToken>,
    /// The players who take a seat, and which.
    members: Vec<(String, u8)>,
}

impl NewSeats {
    /// Every seat of `body`, in order (`me`: the caller's player account,
    /// the only one a seat can be given to).
    fn of(body: &CreateGame, me: Option<&Player>) -> Result<NewSeats, ApiError> {
        let robots = bots::players::bots_for(&body.ruleset);
        let rules_seats = ruleset::rules_seats(&body.ruleset, body.players, &body.options)?;
        let mut made = NewSeats::default();
        for i in 0..body.players {
            let req = body.seats.get(i as usize).cloned().unwrap_or_default();
            if let Some(name) = &req.name
                && !crate::text::valid_name(name)
            {
                return Err(ApiError::invalid_option(format!(
                    "seats[{i}].name: {}",
                    crate::text::NAME_RULE
                )));
            }
            if rules_seats.contains(&i) {
                made.seats.push(rules_seat(i, req)?);
            } else if req.open {
                made.seats.push(SeatData::open(i));
            } else if let Some(player) = &req.player {
                made.add_player(i, player, req.name, me)?;
            } else if req.name.is_some() && req.bot.is_none() {
                made.add_person(i, |hash| {
                    SeatData::human(req.name.unwrap_or_default(), hash)
                });
            } else {
                made.seats.push(bot_seat(i, req, &body.ruleset, robots)?);
            }
        }
        Ok(made)
    }

    /// Adds seat `i`, a person's, made with the hash of its new token (the
    /// token is kept, to be shown once).
    fn add_person(&mut self, i: u8, seat: impl FnOnce(String) -> SeatData) {
        let token = auth::new_token();
        self.seats.push(seat(auth::token_hash(&token)));
        self.tokens.push(SeatToken { seat: i, token });
    }

    /// Adds seat `i`, given to `player` (who must be `me`, and take no other
    /// seat), named `name` or as the player.
    fn add_player(
        &mut self,
        i: u8,
        player: &str,
        name: Option<String>,
        me: Option<&Player>,
    ) -> Result<(), ApiError> {
        let Some(me) = me.filter(|m| m.id == player) else {
            return Err(ApiError::forbidden(
                "not_your_player",
                format!(
                    "seats[{i}].player: a seat can be given only to your own player id, with \
                     your player key (`Authorization: Bearer <key>`)"
                ),
            ));
        };
        if self
            .members
            .iter()
            .any(|&(_, seat)| seats_player(&self.seats, seat).map(String::as_str) == Some(player))
        {
            return Err(ApiError::invalid_option(format!(
                "seats[{i}].player: a player takes one seat of a game"
            )));
        }
        self.add_person(i, |hash| {
            let mut seat = SeatData::human(name.unwrap_or_else(|| me.name.clone()), hash);
            seat.player = Some(me.id.clone());
            seat
        });
        self.members.push((me.id.clone(), i));
        Ok(())
    }
}

/// Seat `i`, played by the rules (or by another seat's person): no token,
/// no bot; a `bot` asked for it is the ruleset's to refuse.
fn rules_seat(i: u8, req: SeatRequest) -> Result<SeatData, ApiError> {
    if req.open || req.player.is_some() {
        return Err(ApiError::invalid_option(format!(
            "seats[{i}]: the rules play this seat in this game; it cannot be open or a player's"
        )));
    }
    Ok(SeatData::played(
        req.name.unwrap_or_else(|| format!("Seat {}", i + 1)),
        req.bot,
    ))
}

/// Seat `i`, a bot of `ruleset` (its `robots`) as `req` asks for it.
fn bot_seat(
    i: u8,
    req: SeatRequest,
    ruleset: &str,
    robots: Option<&BotRuleset>,
) -> Result<SeatData, ApiError> {
    let Some(robots) = robots else {
        return Err(ApiError::invalid_option(format!(
            "seats[{i}]: no bots play `{ruleset}` yet; give every seat a name"
        )));
    };
    let bot = req.bot.unwrap_or_else(|| robots.default_policy.to_string());
    if !robots.policies.contains(&bot.as_str()) {
        return Err(ApiError::invalid_option(format!(
            "seats[{i}].bot: `{bot}` is not one of {:?}",
            robots.policies
        )));
    }
    if req.budget_ms.is_some() && bot != "strong" {
        return Err(ApiError::invalid_option(format!(
            "seats[{i}].budget_ms: only a `strong` bot searches; this seat's bot is `{bot}`"
        )));
    }
    let mut seat = SeatData::played(
        req.name.unwrap_or_else(|| format!("Bot {}", i + 1)),
        Some(bot),
    );
    seat.spec.budget_ms = req.budget_ms;
    Ok(seat)
}

impl Service {
    /// Creates a game, or an open table if a seat is open.
    pub async fn create(
        &self,
        body: CreateGame,
        credentials: &Credentials,
    ) -> Result<CreatedGame, ApiError> {
        ruleset::check_ruleset(&body.ruleset)?;
        if body.seats.len() > body.players as usize {
            return Err(ApiError::invalid_option(format!(
                "seats: {} seats were given for {} players",
                body.seats.len(),
                body.players
            )));
        }
        ruleset::check_players(&body.ruleset, body.players)?;
        let me = self.player_of(credentials).await?;
        let NewSeats {
            seats,
            tokens,
            members,
        } = NewSeats::of(&body, me.as_ref())?;
        let seed = match body.seed {
            Some(n) => crate::stored::chosen_seed(n, &self.settings.seed_secret),
            None => auth::random_seed(),
        };
        let table = seats.iter().any(|s| s.open);
        if body.public && !table {
            return Err(ApiError::invalid_option(
                "public: only a game with open seats (`{\"open\": true}`) is joined",
            ));
        }
        let deadlines = deadline_rules(&body)?;
        let options = options_with_deadlines(&body, deadlines)?;
        // An open table's options are checked now, with its open seats as
        // people: nothing is dealt until it starts.
        let setups = seats.iter().map(|s| s.spec.clone()).collect();
        let events = ruleset::start(&body.ruleset, body.players, &options, setups, seed)?;
        let data = GameData {
            players: body.players,
            options: if options.is_null() {
                serde_json::json!({})
            } else {
                options
            },
            seats,
            seed: seed.to_string(),
            seed_commitment: seed.commitment(),
            seed_chosen: body.seed.is_some(),
            chain: crate::stored::CHAIN_SCHEME,
            forked_from: None,
            origin_seed: None,
            winners: None,
            chat: body.chat,
            analysis: body.analysis,
            lobby: None,
            deadlines,
            imported: None,
            rated: body.rated,
        };
        if data.rated {
            let level = crate::rating::solo_level(&body.ruleset, &data.options);
            if let Some(why) = crate::rating::refusal(&data, level.as_deref()) {
                return Err(ApiError::invalid_option(why));
            }
        }
        // Each player's inbox entry lands with the game or not at all.
        let seat_docs = members
            .iter()
            .map(|(player, seat)| super::players::seat_doc(player, None, Some(*seat)))
            .collect();
        self.store_new(&body.ruleset, data, events, body.public, seat_docs, tokens)
            .await
    }

    /// Stores a new game: an open table (with an invite) if a seat of
    /// `data` is open, else dealt with its opening `events`; `docs` are its
    /// players' inbox entries, `tokens` the seats' tokens to answer with.
    pub(super) async fn store_new(
        &self,
        ruleset: &str,
        data: GameData,
        events: Vec<Value>,
        public: bool,
        docs: Vec<DocWrite>,
        tokens: Vec<SeatToken>,
    ) -> Result<CreatedGame, ApiError> {
        let (game, invite) = if data.seats.iter().any(|s| s.open) {
            let (game, invite) = self.open_table(ruleset, data, public, docs).await?;
            (game, Some(invite))
        } else {
            let game = self
                .open(ruleset, data, events, "system", None, docs)
                .await?;
            (game, None)
        };
        Ok(CreatedGame {
            game,
            tokens,
            invite,
        })
    }

    /// Stores a new game with its opening events (and `docs`, its players'
    /// inbox entries) and caches it.
    pub(super) async fn open(
        &self,
        ruleset: &str,
        mut data: GameData,
        events: Vec<Value>,
        actor: &str,
        forked_from: Option<ForkOrigin>,
        docs: Vec<DocWrite>,
    ) -> Result<GameSummary, ApiError> {
        data.forked_from = forked_from;
        let opening = Opening::of(ruleset, &mut data, &events)?;
        data.keep_seats(opening.live.controls());
        let epoch = self.webhooks_epoch();
        let (record, _) = self
            .store
            .create(
                NewGame {
                    ruleset: ruleset.to_string(),
                    data: data.to_value(),
                },
                Append {
                    actor: actor.to_string(),
                    events,
                    public: opening.public,
                    chain_key: opening.chain_key,
                    status: Some(opening.status),
                    docs,
                    ..Append::default()
                },
            )
            .await?;
        let summary = data.summary(&record);
        self.created_unwatched(record.id, &data, epoch);
        let entry = Entry::new(record, data, opening.live)?;
        self.refresh_waiting(&entry).await;
        self.games.put(entry);
        Ok(summary)
    }

    /// Lists games (on the blocking threads: a page may read many records).
    pub async fn list(&self, query: ListQuery) -> Result<GameList, ApiError> {
        let store = self.store.clone();
        let page = store.list(&query).await?;
        let games = page
            .games
            .iter()
            .map(|r| GameData::of(r).map(|d| d.summary(r)))
            .collect::<Result<_, _>>()?;
        Ok(GameList {
            games,
            next_cursor: page.next_cursor,
        })
    }

    /// A new game starting with the first `at` events of a finished game.
    pub async fn fork(&self, id: GameId, at: u64) -> Result<CreatedGame, ApiError> {
        let record = self.record(id).await?;
        let parent = GameData::of(&record)?;
        if record.status != GameStatus::Finished {
            return Err(ApiError::bad_fork(
                "only a finished game can be forked: a fork of a game in progress would show \
                 its hidden cards to the fork's players",
            ));
        }
        if at == 0 || at > record.version {
            return Err(ApiError::bad_fork(format!(
                "at: 1 to {} (the game's version)",
                record.version
            )));
        }
        let version = record.version;
        // The fork's events, and the one after them (where it must wait).
        let store = self.store.clone();
        let upto = version.min(at + 1);
        let mut envelopes = read_all(&store, id, upto).await?;
        // The game waited at version v when v is its end or event v + 1
        // begins a decision.
        let waited = |envelopes: &[store::Envelope], v: u64| {
            v == version
                || envelopes
                    .get(v as usize)
                    .is_some_and(|e| ruleset::starts_action(&record.ruleset, &e.event))
        };
        if !waited(&envelopes, at) {
            // Only a refusal reads the whole log, to name the nearest fork points.
            let store = self.store.clone();
            envelopes = read_all(&store, id, version).await?;
            let waited = |v: u64| waited(&envelopes, v);
            let before = (1..at).rev().find(|&v| waited(v));
            let after = (at + 1..=version).find(|&v| waited(v));
            let nearest = match (before, after) {
                (Some(b), Some(a)) => {
                    format!("the nearest versions where it waited are {b} and {a}")
                }
                (Some(v), None) | (None, Some(v)) => {
                    format!("the nearest version where it waited is {v}")
                }
                (None, None) => format!("it can fork at {version}"),
            };
            return Err(ApiError::bad_fork(format!(
                "at: version {at} falls inside one action's events, where the game did not \
                     wait for a decision; {nearest}"
            )));
        }
        let events: Vec<Value> = envelopes
            .into_iter()
            .take(at as usize)
            .map(|e| e.event)
            .collect();
        let mut tokens = Vec::new();
        let seats = parent
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let token_hash = s.token_hash.as_ref().map(|_| {
                    let token = auth::new_token();
                    let hash = auth::token_hash(&token);
                    tokens.push(SeatToken {
                        seat: i as u8,
                        token,
                    });
                    hash
                });
                SeatData {
                    spec: s.spec.clone(),
                    also_plays: s.also_plays.clone(),
                    token_hash,
                    open: false,
                    player: None,
                    kept_by_bot: None,
                }
            })
            .collect();
        let seed = auth::random_seed();
        let data = GameData {
            players: parent.players,
            options: parent.options.clone(),
            seats,
            seed: seed.to_string(),
            seed_commitment: seed.commitment(),
            // The events it starts with were drawn with the origin's seed.
            seed_chosen: parent.seed_chosen,
            chain: crate::stored::CHAIN_SCHEME,
            forked_from: None,
            origin_seed: Some(parent.origin_seed.clone().unwrap_or(parent.seed.clone())),
            winners: None,
            chat: parent.chat,
            analysis: parent.analysis,
            lobby: None,
            deadlines: parent.deadlines,
            imported: None,
            rated: false,
        };
        let origin = ForkOrigin { game: id, at };
        let game = self
            .open(
                &record.ruleset,
                data,
                events,
                "system",
                Some(origin),
                Vec::new(),
            )
            .await?;
        Ok(CreatedGame {
            game,
            tokens,
            invite: None,
        })
    }
}

/// The player of seat `seat` among `seats`, if it has one.
fn seats_player(seats: &[SeatData], seat: u8) -> Option<&String> {
    seats.get(seat as usize).and_then(|s| s.player.as_ref())
}

/// A game's opening events folded, with what the store writes beside them.
pub(super) struct Opening {
    /// The state after them.
    pub live: Box<dyn Game>,
    /// Their public forms (chain v2).
    pub public: Vec<Option<Value>>,
    /// The chain key (chain v2).
    pub chain_key: Option<[u8; 32]>,
    /// Active, or finished if they already end it.
    pub status: GameStatus,
}

impl Opening {
    /// Folds `events` and completes `data` with what they decide: the
    /// winners, and the seats a person plays with one token (a solo game's
    /// Sheriff and Deputy).
    pub(super) fn of(
        ruleset: &str,
        data: &mut GameData,
        events: &[Value],
    ) -> Result<Opening, ApiError> {
        let mut live = crate::ruleset::new_game(ruleset)?;
        for e in events {
            live.apply(e)?;
        }
        data.winners = live.winners().map(Into::into);
        for (seat, spec) in data.seats.iter_mut().enumerate() {
            if spec.token_hash.is_some() {
                spec.also_plays = live.seats_played_by(seat as u8)[1..].to_vec();
            }
        }
        let chain_key = data.chain_key()?;
        let public = match chain_key {
            Some(_) => events.iter().map(|e| live.public_form(e)).collect(),
            None => Vec::new(),
        };
        let status = if live.is_over() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        };
        Ok(Opening {
            live,
            public,
            chain_key,
            status,
        })
    }
}
