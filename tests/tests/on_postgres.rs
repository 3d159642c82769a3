//! The HTTP end-to-end suites a second time, on PostgreSQL (issue 17): every
//! server this binary starts runs on a fresh PostgreSQL database
//! ([`tests::on_postgres`]). Without PostgreSQL the binary says that its
//! runs were skipped and passes.
//!
//! Left out: the browser tests and the web client's files, which do not
//! depend on the store.

#[path = "bots.rs"]
mod bots;
#[path = "card_game.rs"]
mod card_game;
#[path = "chat.rs"]
mod chat;
#[path = "contract.rs"]
mod contract;
#[path = "deadlines.rs"]
mod deadlines;
#[path = "gold_rush.rs"]
mod gold_rush;
#[path = "history.rs"]
mod history;
#[path = "http.rs"]
mod http;
#[path = "limits.rs"]
mod limits;
#[path = "lobby.rs"]
mod lobby;
#[path = "ratings.rs"]
mod ratings;
#[path = "record.rs"]
mod record;
#[path = "solo.rs"]
mod solo;
#[path = "special_roles.rs"]
mod special_roles;
#[path = "streams.rs"]
mod streams;
#[path = "train_robbery.rs"]
mod train_robbery;
#[path = "webhooks.rs"]
mod webhooks;
