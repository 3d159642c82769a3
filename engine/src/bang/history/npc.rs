//! Sentences of the NPC policy's decisions (a solo game's NPCs): a decision
//! told with the rule of `rules/lone-gunslinger.md` its reason comes from.

use super::words::action;
use crate::bang::events::Event;
use crate::bang::npc::rules::npc_rules;
use crate::bang::reason::Reason;
use crate::core::history::{label, seat_name};

/// The sentence of an NPC's decision, `None` for any other event.
pub(super) fn sentence(event: &Event, names: &[String]) -> Option<String> {
    let n = |s: u8| seat_name(names, s);
    let text = match event {
        Event::NpcActed {
            seat,
            action: a,
            reason,
        } => format!(
            "{} (NPC) {}, by its policy: {}",
            n(*seat),
            action(a, names),
            label(reason)
        ),
        _ => return None,
    };
    Some(text)
}

/// The rule behind an NPC's decision, more precise than the NPC turn (B3)
/// the `npc_acted` tag cites: an expansion's reasons cite its own part of
/// the NPC rules, the base's `rules/lone-gunslinger.md`.
pub(super) fn reason_rule(reason: Reason) -> &'static str {
    if let Some(rule) = npc_rules().iter().find_map(|r| r.reason_rule(reason)) {
        return rule;
    }
    use Reason::*;
    match reason {
        PreferredTarget => "lone-gunslinger.md B4",
        Heal | DrawCards | HitsEveryone | Equip | LongerReach | VolcanicInReach => {
            "lone-gunslinger.md B5"
        }
        Barrel | Missed | TakeHit => "lone-gunslinger.md B7.1",
        DiscardBang | NoBang => "lone-gunslinger.md B7.2",
        Beer | NoSave => "lone-gunslinger.md B7.4",
        StoreTop => "lone-gunslinger.md B7.5",
        FavourableCheck => "lone-gunslinger.md B7.6",
        GiveUpLowest | Rucksack => "lone-gunslinger.md C5",
        SidKetchum | DiscardPileTop | PutBackLowest | Character => "lone-gunslinger.md C7",
        // The NPC turn itself (nothing usable, the hand limit, phase 1, the
        // fallback); an expansion's reasons are answered above (tested below).
        _ => "lone-gunslinger.md B3",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reason, with the expansion its doc names (`None`: the base's),
    /// read from `reason.rs` itself.
    fn reasons() -> Vec<(Reason, Option<&'static str>)> {
        let source = include_str!("../reason.rs");
        let mut doc = String::new();
        let mut all = Vec::new();
        for line in source.lines().map(str::trim) {
            if let Some(text) = line.strip_prefix("///") {
                doc.push_str(text);
            } else if let Some(name) = line.strip_suffix(',').filter(|n| !n.contains(' ')) {
                let snake: String = name
                    .chars()
                    .enumerate()
                    .flat_map(|(i, c)| {
                        let sep = (i > 0 && c.is_uppercase()).then_some('_');
                        sep.into_iter().chain(c.to_lowercase())
                    })
                    .collect();
                let reason: Reason = serde_json::from_value(serde_json::json!(snake)).unwrap();
                let owner = ["Gold Rush", "Train Robbery", "Dodge City"]
                    .into_iter()
                    .find(|e| doc.trim_start().starts_with(e));
                all.push((reason, owner));
                doc.clear();
            }
        }
        all
    }

    #[test]
    fn an_expansions_reasons_cite_its_part_and_the_bases_the_base() {
        let all = reasons();
        assert!(all.len() > 50, "{} reasons read", all.len());
        for (reason, owner) in all {
            let answers: Vec<&str> = npc_rules()
                .iter()
                .filter_map(|r| r.reason_rule(reason))
                .collect();
            match owner {
                Some(expansion) => assert_eq!(answers.len(), 1, "{reason:?} ({expansion})"),
                None => assert!(answers.is_empty(), "{reason:?} is the base's: {answers:?}"),
            }
            let rule = reason_rule(reason);
            let file = if owner == Some("Dodge City") {
                "npc-dodge-city.md"
            } else {
                "lone-gunslinger.md"
            };
            assert!(rule.starts_with(file), "{reason:?}: {rule}");
        }
    }
}
