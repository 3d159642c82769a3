//! What the game asks: the decisions a seat may face ([`Decision`]) and who
//! faces one now ([`Pending`]), as the decisions, the expansions' hooks and
//! the views name them.

use serde::{Deserialize, Serialize};

use super::dodge::DodgeDecision;
use super::gold::GoldDecision;
use super::train::TrainDecision;
use crate::core::Seat;

/// What a seat must decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Decision))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Option `character_choice: 2`: keep one of two characters.
    #[cfg_attr(feature = "openapi", schema(title = "choose_character"))]
    ChooseCharacter,
    /// Phase 1 with a choice (Jesse Jones, Pedro Ramirez, Sid Ketchum).
    #[cfg_attr(feature = "openapi", schema(title = "draw"))]
    Draw,
    /// Kit Carlson: the card to put back.
    #[cfg_attr(feature = "openapi", schema(title = "put_back"))]
    PutBack,
    /// Lucky Duke: the result of a "draw!".
    #[cfg_attr(feature = "openapi", schema(title = "choose_check"))]
    ChooseCheck,
    /// Phase 2.
    #[cfg_attr(feature = "openapi", schema(title = "play"))]
    Play,
    /// Phase 3: cards still to discard.
    #[cfg_attr(feature = "openapi", schema(title = "discard"))]
    Discard {
        /// How many.
        count: u8,
    },
    /// Shot at: Missed! effects still needed.
    #[cfg_attr(feature = "openapi", schema(title = "shot"))]
    Shot {
        /// How many.
        needed: u8,
    },
    /// Dying.
    #[cfg_attr(feature = "openapi", schema(title = "dying"))]
    Dying,
    /// Indians!: discard a BANG! or lose 1 life.
    #[cfg_attr(feature = "openapi", schema(title = "indians"))]
    Indians,
    /// Duel: discard a BANG! or lose 1 life.
    #[cfg_attr(feature = "openapi", schema(title = "duel"))]
    Duel,
    /// General Store: pick a card.
    #[cfg_attr(feature = "openapi", schema(title = "store"))]
    Store,
    /// Solo (B6.3): an NPC's Panic!/Cat Balou takes one card of a class of
    /// yours; `respond` with the one you give up.
    #[cfg_attr(feature = "openapi", schema(title = "give_up"))]
    GiveUp,
    /// Gold Rush's decisions, each with its own `kind` tag: the views read
    /// as if they were listed here (serde's untagged variant, last as it
    /// must be).
    #[serde(untagged)]
    Gold(GoldDecision),
    /// The Great Train Robbery's decisions, the same way.
    #[serde(untagged)]
    Train(TrainDecision),
    /// Dodge City's decisions, the same way.
    #[serde(untagged)]
    Dodge(DodgeDecision),
}

/// Declares an expansion's own decisions, nested in [`Decision`]: a unit
/// enum tagged by `kind`, and `DOCS`, each variant's tag and doc lines, for
/// the API document (the schema derive gives a unit enum's variants neither
/// title nor description, so the document builder writes them from these).
macro_rules! nested_decisions {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[doc = $doc:literal])* $variant:ident = $tag:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "kind")]
        pub enum $name {
            $($(#[doc = $doc])* #[serde(rename = $tag)] $variant,)*
        }

        impl $name {
            /// Each decision's `kind` tag and its doc lines, in order.
            pub const DOCS: &[(&str, &[&str])] = &[$(($tag, &[$($doc),*])),*];
        }
    };
}
pub(crate) use nested_decisions;

/// Who must act now, and on what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Pending))]
pub struct Pending {
    /// The seat.
    pub seat: Seat,
    /// What it must decide.
    pub decision: Decision,
    /// Whether this answers a reaction window.
    pub reaction: bool,
}

/// Whom an expansion asks, before the base looks at what is being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Asked {
    /// The seat decides one of the expansion's decisions.
    Seat(Seat, Decision),
    /// Nobody yet: the machine opens the expansion's reaction window first.
    Nobody,
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::bang::state::WindowKind;
    use crate::bang::{GoldDecision, TrainDecision, TrainWindow};

    /// Every nested decision is written with its own `kind`, as when the
    /// base listed it, read back as itself, and documented under that tag.
    #[test]
    fn nested_decisions_are_written_and_read_with_their_own_kind() {
        use GoldDecision as G;
        use TrainDecision as T;
        let nested = [
            (Decision::Gold(G::DropOne), "drop_one"),
            (Decision::Gold(G::UseEquipment), "use_equipment"),
            (Decision::Train(T::RailcarChance), "railcar_chance"),
            (Decision::Train(T::Map), "map"),
            (Decision::Train(T::Robbery), "robbery"),
            (Decision::Train(T::EvanBabbit), "evan_babbit"),
            (Decision::Train(T::SgtBlaze), "sgt_blaze"),
            (Decision::Train(T::ShadeOConnor), "shade_o_connor"),
            (Decision::Train(T::CircusWagon), "circus_wagon"),
            (Decision::Train(T::LoungeCar), "lounge_car"),
            (Decision::Train(T::MailCar), "mail_car"),
            (Decision::Dodge(DodgeDecision::Brawl), "brawl"),
            (Decision::Dodge(DodgeDecision::VeraCuster), "vera_custer"),
        ];
        for (decision, kind) in nested {
            let written = serde_json::to_value(decision).unwrap();
            assert_eq!(written, json!({ "kind": kind }));
            assert_eq!(
                serde_json::from_value::<Decision>(written).unwrap(),
                decision
            );
        }
        let documented: Vec<&str> = crate::bang::registry::nested_decision_docs()
            .map(|d| d.0)
            .collect();
        let listed: Vec<&str> = nested.iter().map(|n| n.1).collect();
        assert_eq!(documented, listed);
        let base = json!({ "kind": "shot", "needed": 2 });
        assert_eq!(
            serde_json::from_value::<Decision>(base).unwrap(),
            Decision::Shot { needed: 2 }
        );
    }

    /// The train's windows are written as the plain strings they were.
    #[test]
    fn nested_windows_are_plain_strings() {
        use TrainWindow as W;
        for (kind, name) in [
            (WindowKind::Train(W::CircusWagon), "circus_wagon"),
            (WindowKind::Train(W::Robbery), "robbery"),
            (WindowKind::Train(W::EvanBabbit), "evan_babbit"),
            (WindowKind::Train(W::ShadeOConnor), "shade_o_connor"),
            (WindowKind::Shot, "shot"),
        ] {
            let written = serde_json::to_value(kind).unwrap();
            assert_eq!(written, Value::from(name));
            assert_eq!(serde_json::from_value::<WindowKind>(written).unwrap(), kind);
        }
    }
}
