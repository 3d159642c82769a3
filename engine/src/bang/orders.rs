//! Standing orders: how a seat answers each kind of reaction window without
//! being asked. Private to the seat; set at any time with `set_orders`.

use serde::{Deserialize, Serialize};

/// The answer to one kind of window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Reply))]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// Ask me (the default).
    #[default]
    Ask,
    /// Answer for me as well as my cards allow (see [`Orders`]).
    Auto,
    /// Never answer: take the hit, decline, die.
    Pass,
}

/// The answer to a General Store pick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::StoreReply))]
#[serde(rename_all = "snake_case")]
pub enum StoreReply {
    /// Ask me (the default).
    #[default]
    Ask,
    /// Take the first remaining card.
    First,
}

/// A seat's standing orders, one per kind of window. Every field defaults to `ask`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::Orders))]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// Shot at (a BANG! effect): `auto` uses every Barrel source, then as many
    /// Missed! effects as still needed if enough are held, else takes the hit.
    #[serde(default)]
    pub shot: Reply,
    /// Dying: `auto` plays the Beers (and, for Sid Ketchum, the discards) that
    /// save him if they can, else dies.
    #[serde(default)]
    pub dying: Reply,
    /// Indians!: `auto` discards a BANG! card if held (Calamity Janet: or a Missed!).
    #[serde(default)]
    pub indians: Reply,
    /// Duel: `auto` discards a BANG! card if held (Calamity Janet: or a Missed!).
    #[serde(default)]
    pub duel: Reply,
    /// General Store: `first` takes the first remaining card.
    #[serde(default)]
    pub store: StoreReply,
}
