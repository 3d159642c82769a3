//! A game's readable history: each event the caller may see told as one
//! sentence citing the rule it applied (the engine's [`engine::Line`]), with
//! the table's chat woven in after the event each message was sent at.

use store::GameId;

use super::{Credentials, Service};
use crate::error::ApiError;
use crate::models::{ChatVisibility, History, HistoryLine};
use crate::ruleset;

impl Service {
    /// Up to `limit` events after `after`, told as sentences for the caller,
    /// with the chat messages sent meanwhile (if the caller may read them).
    pub async fn history(
        &self,
        id: GameId,
        credentials: &Credentials,
        as_seat: Option<u8>,
        after: u64,
        limit: usize,
    ) -> Result<History, ApiError> {
        let page = self
            .events(
                id,
                credentials,
                after,
                limit,
                std::time::Duration::ZERO,
                as_seat,
            )
            .await?;
        let record = self.record(id).await?;
        let data = crate::stored::GameData::of(&record)?;
        let names: Vec<String> = data.seats.iter().map(|s| s.spec.name.clone()).collect();
        let caller = self.caller(credentials, &data, as_seat).await?;
        let reads_chat = data.chat == ChatVisibility::Everyone || caller.seat.is_some();
        let last = page.events.last().map_or(after, |e| e.seq);
        let mut chat = Vec::new();
        if reads_chat {
            let mut from = 0;
            loop {
                let messages = self
                    .chat(id, credentials, as_seat, from, Some(last))
                    .await?;
                let Some(end) = messages.messages.last().map(|m| m.id) else {
                    break;
                };
                // A message sent at version `after` was told with the page before.
                chat.extend(
                    messages
                        .messages
                        .into_iter()
                        .filter(|m| after == 0 || m.version > after),
                );
                from = end;
            }
        }
        let mut chat = chat.into_iter().peekable();
        let mut lines = Vec::with_capacity(page.events.len() + chat.len());
        let mut said = |lines: &mut Vec<HistoryLine>, upto: u64| {
            while let Some(m) = chat.next_if(|m| m.version <= upto) {
                lines.push(HistoryLine {
                    seq: None,
                    version: m.version,
                    at: m.at,
                    actor: m.seat.to_string(),
                    text: format!("{}: {}", m.name, m.text),
                    rule: None,
                    chat: Some(m.id),
                });
            }
        };
        said(&mut lines, after);
        for e in &page.events {
            if let Some(line) = ruleset::describe(&record.ruleset, &e.event, &names) {
                lines.push(HistoryLine {
                    seq: Some(e.seq),
                    version: e.seq,
                    at: e.at,
                    actor: e.actor.clone(),
                    text: line.text,
                    rule: line.rule.map(str::to_owned),
                    chat: None,
                });
            }
            said(&mut lines, e.seq);
        }
        Ok(History {
            version: page.version,
            lines,
        })
    }
}
