//! What a seat can post. `legal_actions` lists them ready to post.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::cards::Card;
use super::characters::Character;
use super::dodge::DodgeAction;
use super::gold::GoldAction;
use super::orders::Orders;
use super::train::TrainAction;
use crate::core::Seat;

/// Where Jesse Jones or Pedro Ramirez take their first phase-1 card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::DrawFrom))]
#[serde(rename_all = "snake_case")]
pub enum DrawFrom {
    /// The deck (the ordinary draw).
    #[cfg_attr(feature = "openapi", schema(title = "deck"))]
    Deck,
    /// Pedro Ramirez: the top of the discard pile.
    #[cfg_attr(feature = "openapi", schema(title = "discard"))]
    Discard,
    /// Jesse Jones: a random card from this seat's hand.
    #[cfg_attr(feature = "openapi", schema(title = "hand"))]
    Hand(Seat),
}

// Read by its `type` tag first (the `Deserialize` impl below): an
// expansion's action is read by its own enum, so a client's mistake in one is
// answered with that action's own error, as the base's are.
/// A seat's answer to the decision it is asked, or its standing orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Action))]
#[serde(
    remote = "Self",
    tag = "type",
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Action {
    /// Option `character_choice: 2`: keep this one of the two characters dealt.
    #[cfg_attr(feature = "openapi", schema(title = "choose_character"))]
    ChooseCharacter {
        /// The character kept.
        character: Character,
    },
    /// Phase 1: draw, the first card from where the character allows.
    #[cfg_attr(feature = "openapi", schema(title = "draw"))]
    Draw {
        /// Where the first card comes from.
        from: DrawFrom,
    },
    /// Kit Carlson: put this one of the three cards back on the deck.
    #[cfg_attr(feature = "openapi", schema(title = "put_back"))]
    PutBack {
        /// The card put back.
        card: Card,
    },
    /// Lucky Duke: this flipped card is the result of the "draw!".
    #[cfg_attr(feature = "openapi", schema(title = "choose_check"))]
    ChooseCheck {
        /// The chosen card.
        card: Card,
    },
    /// Phase 2: play a card from hand.
    #[cfg_attr(feature = "openapi", schema(title = "play"))]
    Play {
        /// The card.
        card: Card,
        /// Its target, for a card that takes one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Seat>,
        /// Panic! and Cat Balou: this card in play in front of the target
        /// (absent: a random card from his hand). Water Tower: the railcar
        /// taken from the train (`target`: where a Ghost Car or Lumber
        /// Flatcar goes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        in_play: Option<Card>,
    },
    /// Sid Ketchum: discard these two hand cards to regain 1 life.
    #[cfg_attr(feature = "openapi", schema(title = "heal"))]
    Heal {
        /// The two cards.
        cards: [Card; 2],
    },
    /// Phase 2 ends.
    #[cfg_attr(feature = "openapi", schema(title = "end_turn"))]
    EndTurn,
    /// Phase 3: discard this card. Dutch Will in phase 1: the one of his new
    /// cards he discards.
    #[cfg_attr(feature = "openapi", schema(title = "discard"))]
    Discard {
        /// The card.
        card: Card,
    },
    /// Shot at: "draw!" for a Barrel source not used yet against this shot.
    #[cfg_attr(feature = "openapi", schema(title = "barrel"))]
    Barrel,
    /// Answer the open window with this card: a Missed! effect when shot, a
    /// Beer when dying, a BANG! against Indians! or in a Duel.
    #[cfg_attr(feature = "openapi", schema(title = "respond"))]
    Respond {
        /// The card.
        card: Card,
    },
    /// Answer the open window with nothing: take the hit, decline, die.
    #[cfg_attr(feature = "openapi", schema(title = "pass"))]
    Pass,
    /// General Store: take this card.
    #[cfg_attr(feature = "openapi", schema(title = "pick"))]
    Pick {
        /// The card.
        card: Card,
    },
    /// Standing orders for later windows (any time, private).
    #[cfg_attr(feature = "openapi", schema(title = "set_orders"))]
    SetOrders {
        /// The orders.
        orders: Orders,
    },
    /// Gold Rush's actions, each with its own `type` tag: a client posts
    /// them as if they were listed here (read and written by their own
    /// enum; the API document lists their schemas among these).
    #[serde(skip)]
    Gold(GoldAction),
    /// The Great Train Robbery's actions, the same way.
    #[serde(skip)]
    Train(TrainAction),
    /// Dodge City's actions, the same way.
    #[serde(skip)]
    Dodge(DodgeAction),
}

impl Serialize for Action {
    /// An expansion's action as its own enum writes it (its own `type` tag).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_nested(serializer)
            .unwrap_or_else(|serializer| Action::serialize(self, serializer))
    }
}

impl<'de> Deserialize<'de> for Action {
    /// Routes by the `type` tag: an expansion's tag to its own enum, any
    /// other to the base's variants (whose errors name the base's tags).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let tag = value
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let read =
            Action::deserialize_nested(tag, &value).unwrap_or_else(|| Action::deserialize(&value));
        read.map_err(|e| {
            let message = e.to_string();
            if message.starts_with("unknown variant") {
                // Name every tag, the expansions' too.
                D::Error::custom(format!(
                    "unknown variant `{tag}`, expected one of {}",
                    tag_list(Action::ALL_TAGS)
                ))
            } else {
                D::Error::custom(message)
            }
        })
    }
}

impl Action {
    /// The base's action tags, in the order serde names them.
    pub const BASE_TAGS: &'static [&'static str] = &[
        "choose_character",
        "draw",
        "put_back",
        "choose_check",
        "play",
        "heal",
        "end_turn",
        "discard",
        "barrel",
        "respond",
        "pass",
        "pick",
        "set_orders",
    ];
}

/// Tags as serde lists them in its messages: `` `a`, `b` ``.
fn tag_list(families: &[&[&str]]) -> String {
    let tags: Vec<String> = families
        .iter()
        .flat_map(|tags| tags.iter().map(|t| format!("`{t}`")))
        .collect();
    tags.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// What `T`'s own derive says of an unknown tag: the tags it knows.
    fn known_tags(read: fn(&Value) -> Result<(), String>) -> String {
        let message = read(&json!({"type": "?"})).unwrap_err();
        message
            .strip_prefix("unknown variant `?`, expected one of ")
            .unwrap_or(&message)
            .to_string()
    }

    #[test]
    fn each_familys_tags_are_the_ones_its_enum_reads() {
        let base = known_tags(|v| Action::deserialize(v).map(drop).map_err(|e| e.to_string()));
        let gold = known_tags(|v| {
            GoldAction::deserialize(v)
                .map(drop)
                .map_err(|e| e.to_string())
        });
        let train = known_tags(|v| {
            TrainAction::deserialize(v)
                .map(drop)
                .map_err(|e| e.to_string())
        });
        let list = |tags: &[&str]| tag_list(&[tags]);
        assert_eq!(base, list(Action::BASE_TAGS));
        assert_eq!(gold, list(GoldAction::TAGS));
        assert_eq!(train, list(TrainAction::TAGS));
    }

    #[test]
    fn a_clients_mistake_is_named_whichever_family_the_action_is_of() {
        let read = |v: Value| <Action as Deserialize>::deserialize(v).map_err(|e| e.to_string());
        assert_eq!(
            read(json!({"type": "play"})).unwrap_err(),
            "missing field `card`"
        );
        assert_eq!(
            read(json!({"type": "buy"})).unwrap_err(),
            "missing field `slot`"
        );
        assert!(
            read(json!({"type": "take_railcar", "railcar": 101, "junk": 1}))
                .unwrap_err()
                .starts_with("unknown field `junk`")
        );
        let unknown = read(json!({"type": "nope"})).unwrap_err();
        for tag in ["play", "set_orders", "buy", "give_card"] {
            assert!(unknown.contains(&format!("`{tag}`")), "{unknown}");
        }
        assert_eq!(read(json!({})).unwrap_err(), "missing field `type`");
    }

    #[test]
    fn nested_actions_are_written_and_read_with_their_own_tags() {
        let buy = Action::Gold(GoldAction::Buy {
            slot: 1,
            mode: None,
            target: None,
            in_play: None,
            discount: false,
        });
        let advance = Action::Train(TrainAction::AdvanceTrain);
        let play = Action::Play {
            card: 3,
            target: None,
            in_play: None,
        };
        for (action, written) in [
            (buy, json!({"type": "buy", "slot": 1})),
            (advance, json!({"type": "advance_train"})),
            (play, json!({"type": "play", "card": 3})),
        ] {
            assert_eq!(serde_json::to_value(action).unwrap(), written);
            assert_eq!(
                <Action as Deserialize>::deserialize(written).unwrap(),
                action
            );
        }
    }
}
