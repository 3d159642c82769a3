//! The one place the API's documentation lists the rulesets: what differs by
//! ruleset (options, views, pending decisions, actions, events) is documented
//! as an `anyOf` of every ruleset's own type. These types are never built;
//! the server passes each ruleset's JSON through as the engine writes it.
//! Adding a ruleset to the documentation is one variant in each.

#![allow(dead_code)]

use engine::bang::gold::{EquipBorder, EquipKind};
use engine::{bang, dice};
use utoipa::openapi::schema::{AnyOf, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Components, RefOr};
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
        if let Some(RefOr::T(Schema::OneOf(one))) = components.schemas.get(name).cloned() {
            let mut any = AnyOf::new();
            any.items = one.items;
            any.description = one.description;
            components
                .schemas
                .insert(name.to_string(), Schema::AnyOf(any).into());
        }
    }
}

/// Lists an expansion's events among the card game's: the engine nests them
/// (`bang::Event::Gold(bang::GoldEvent)` and the like, listed by
/// `bang::nested_events`: a serde untagged variant whose
/// events carry their own `type` tag), and the derived schema would describe
/// that variant as an object tagged `"train"`, which no log holds. Each such
/// variant is replaced by its enum's own variants, and the nested enum's
/// schema leaves the document: the events are documented as they are written.
pub(crate) fn flatten_nested_events(components: &mut Components) {
    splice_nested(components, EVENTS, |components, name| {
        if !bang::nested_events().iter().any(|nested| nested == name) {
            return None;
        }
        match components.schemas.get(name)? {
            RefOr::T(Schema::OneOf(nested)) => Some(nested.items.clone()),
            _ => None,
        }
    });
}

/// Replaces each item of the `oneOf` named `container` that stands for a
/// nested enum (what the derive makes of a serde untagged variant: that
/// enum's schema plus a tag) by the items `expand` gives for the enum's
/// name, and takes the nested enum's own schema out of the document.
fn splice_nested(
    components: &mut Components,
    container: &str,
    expand: impl Fn(&Components, &str) -> Option<Vec<RefOr<Schema>>>,
) {
    let Some(RefOr::T(Schema::OneOf(mut union))) = components.schemas.get(container).cloned()
    else {
        return;
    };
    let mut items = Vec::with_capacity(union.items.len());
    for item in std::mem::take(&mut union.items) {
        let nested =
            nested_name(&item).and_then(|name| Some((name.to_string(), expand(components, name)?)));
        match nested {
            Some((name, expanded)) => {
                items.extend(expanded);
                components.schemas.remove(&name);
            }
            None => items.push(item),
        }
    }
    union.items = items;
    components
        .schemas
        .insert(container.to_string(), Schema::OneOf(union).into());
}

/// The card game's events, as the document names them.
const EVENTS: &str = "bang.Event";

/// The card game's actions, as the document names them.
const ACTIONS: &str = "bang.Action";

/// Lists an expansion's actions among the card game's: the engine nests them
/// (`bang::Action::Gold(bang::GoldAction)`, `Train(bang::TrainAction)`),
/// reads them by their own `type` tag and writes them as their own enum does,
/// so the derive leaves those variants out of `bang.Action`. Each nested
/// enum's variants join it: the actions are documented as a client posts them.
pub(crate) fn join_nested_actions(components: &mut Components) {
    let Some(RefOr::T(Schema::OneOf(mut actions))) = components.schemas.get(ACTIONS).cloned()
    else {
        return;
    };
    for nested in bang::nested_action_schemas() {
        if let RefOr::T(Schema::OneOf(nested)) = nested {
            actions.items.extend(nested.items);
        }
    }
    components
        .schemas
        .insert(ACTIONS.to_string(), Schema::OneOf(actions).into());
}

/// The schema an untagged variant's item refers to: the derive writes it
/// as that schema plus a tag object.
fn nested_name(item: &RefOr<Schema>) -> Option<&str> {
    let RefOr::T(Schema::AllOf(all)) = item else {
        return None;
    };
    let RefOr::Ref(reference) = all.items.first()? else {
        return None;
    };
    reference.ref_location.strip_prefix("#/components/schemas/")
}

/// The card game's decisions, as the document names them.
const DECISIONS: &str = "bang.Decision";

/// Lists an expansion's decisions among the card game's, titled and
/// described as the base's are: the engine nests them
/// (`bang::Decision::Gold(bang::GoldDecision)`, `Train(bang::TrainDecision)`,
/// untagged, each with its own `kind`), which the derive would describe as
/// an object tagged `"gold"`; and a unit enum's derived variants carry no
/// title or description, so they are written from the enum's `DOCS`.
pub(crate) fn flatten_nested_decisions(components: &mut Components) {
    let nested = bang::nested_decisions();
    splice_nested(components, DECISIONS, |_, name| {
        let (_, docs) = nested.iter().find(|(nested, _)| nested == name)?;
        Some(
            docs.iter()
                .map(|&(tag, lines)| decision_schema(tag, lines))
                .collect(),
        )
    });
}

/// One decision as the derive writes a unit variant of `bang.Decision`: an
/// object whose `kind` is its tag, titled by it, described by its doc.
fn decision_schema(tag: &str, doc: &[&str]) -> RefOr<Schema> {
    let description = doc.iter().map(|line| line.trim()).collect::<Vec<_>>();
    ObjectBuilder::new()
        .title(Some(tag))
        .description(Some(description.join("\n")))
        .property(
            "kind",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some([tag])),
        )
        .required("kind")
        .into()
}

/// The card game's reaction windows, as the document names them.
const WINDOW_KINDS: &str = "bang.WindowKind";

/// `bang.WindowKind` as the plain string it is on the wire: the engine nests
/// the train's windows (`bang::WindowKind::Train(bang::TrainWindow)`,
/// untagged), which makes the derive write every variant apart and the
/// nested one as an object; the train's strings join the base's.
pub(crate) fn flatten_window_kinds(components: &mut Components) {
    let Some(RefOr::T(Schema::OneOf(kinds))) = components.schemas.get(WINDOW_KINDS).cloned() else {
        return;
    };
    let nested = bang::TrainWindow::name();
    let mut values = Vec::new();
    for item in kinds.items.iter().chain([&bang::TrainWindow::schema()]) {
        if let RefOr::T(Schema::Object(object)) = item
            && object.schema_type == Type::String.into()
        {
            values.extend(object.enum_values.iter().flatten().cloned());
        }
    }
    let flat = ObjectBuilder::new()
        .schema_type(Type::String)
        .description(kinds.description)
        .enum_values(Some(values));
    components.schemas.remove(nested.as_ref());
    components.schemas.insert(
        WINDOW_KINDS.to_string(),
        Schema::Object(flat.build()).into(),
    );
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
