//! What Dodge City asks of a seat: its own decisions, nested in the base's
//! [`Decision`](crate::bang::Decision) as its `Dodge` variant, each with its
//! own tag.

use crate::bang::asked::nested_decisions;

nested_decisions! {
    /// A decision only Dodge City's cards and characters ask for.
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::DodgeDecision))]
    pub enum Decision {
        /// Dodge City, Brawl (DC-4.3): `brawl` the next player's card, a
        /// random hand card or one of his cards in play.
        Brawl = "brawl",
        /// Dodge City, Vera Custer (DC15): `copy` another character in play.
        VeraCuster = "vera_custer",
    }
}
