//! The one place the API's documentation lists the rulesets: what differs by
//! ruleset (options, views, pending decisions, actions, events) is documented
//! as an `anyOf` of every ruleset's own type. These types are never built;
//! the server passes each ruleset's JSON through as the engine writes it.
//! Adding a ruleset to the documentation is one variant in each.

#![allow(dead_code)]

use engine::bang::gold::{EquipBorder, EquipKind};
use engine::{bang, dice};
use utoipa::openapi::Components;
use utoipa::openapi::schema::{AnyOf, Schema};
use utoipa::{PartialSchema, ToSchema};

/// The unions below, as the document names them.
const UNIONS: [&str; 6] = [
    "RulesetCatalogBody",
    "RulesetOptions",
    "RulesetView",
    "RulesetPending",
    "RulesetAction",
    "RulesetEvent",
];

/// Makes each union an `anyOf`: the rulesets' types overlap (an empty options
/// object, a `role_dealt` event belong to both games), and a `oneOf` would
/// refuse a value that fits more than one.
pub(crate) fn any_of_rulesets(components: &mut Components) {
    for name in UNIONS {
        if let Some(utoipa::openapi::RefOr::T(Schema::OneOf(one))) =
            components.schemas.get(name).cloned()
        {
            let mut any = AnyOf::new();
            any.items = one.items;
            any.description = one.description;
            components
                .schemas
                .insert(name.to_string(), Schema::AnyOf(any).into());
        }
    }
}

/// Adds the card game's types that no body refers to but that say what the
/// numbers in the bodies are: what each Gold Rush equipment card is
/// (`bang.EquipKind`, by id as `docs/rules/gold-rush.md` §6 lists them) and
/// its border (`bang.EquipBorder`). An equipment id is a `u8`, like a card.
pub(crate) fn catalogue(components: &mut Components) {
    let mut add = |name: std::borrow::Cow<'static, str>, schema| {
        components
            .schemas
            .entry(name.into_owned())
            .or_insert(schema);
    };
    add(EquipKind::name(), EquipKind::schema());
    add(EquipBorder::name(), EquipBorder::schema());
}

/// A game's options: `dice` (`{"modules": [...]}`) or `bang`
/// (`{"expansions": [], "character_choice": 1, ...}`).
#[derive(ToSchema)]
#[serde(untagged)]
pub enum RulesetOptions {
    /// BANG! The Dice Game.
    #[schema(title = "dice")]
    Dice(dice::Options),
    /// BANG! the card game.
    #[schema(title = "bang")]
    Bang(bang::Options),
}

/// A ruleset's catalog: every card, die, character, role and module of the
/// game with its rules text.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum RulesetCatalogBody {
    /// BANG! The Dice Game.
    #[schema(title = "dice")]
    Dice(dice::catalog::Catalog),
    /// BANG! the card game.
    #[schema(title = "bang")]
    Bang(bang::catalog::Catalog),
}

/// The table as one viewer may see it, in the game's ruleset.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum RulesetView {
    /// BANG! The Dice Game.
    #[schema(title = "dice")]
    Dice(dice::View),
    /// BANG! the card game.
    #[schema(title = "bang")]
    Bang(bang::View),
}

/// A decision the game waits for, with the seat that must take it.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum RulesetPending {
    /// BANG! The Dice Game.
    #[schema(title = "dice")]
    Dice(dice::Pending),
    /// BANG! the card game.
    #[schema(title = "bang")]
    Bang(bang::Pending),
}

/// An action of the game's ruleset, tagged by its `type`.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum RulesetAction {
    /// BANG! The Dice Game.
    #[schema(title = "dice")]
    Dice(dice::Action),
    /// BANG! the card game.
    #[schema(title = "bang")]
    Bang(bang::Action),
}

/// An event of the game's ruleset, tagged by its `type`.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum RulesetEvent {
    /// BANG! The Dice Game.
    #[schema(title = "dice")]
    Dice(dice::Event),
    /// BANG! the card game.
    #[schema(title = "bang")]
    Bang(bang::Event),
}
