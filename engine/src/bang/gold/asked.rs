//! What Gold Rush asks of a seat: its own decisions, nested in the base's
//! [`Decision`](crate::bang::Decision) as `Decision::Gold`, each with its own
//! `kind` tag.

use crate::bang::asked::nested_decisions;

nested_decisions! {
    /// A decision only Gold Rush's characters face.
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = bang::GoldDecision))]
    pub enum Decision {
        /// Gold Rush, Dutch Will: the one of his phase-1 cards to discard.
        DropOne = "drop_one",
        /// Gold Rush, Josh McCloud: how to use the equipment card he took.
        UseEquipment = "use_equipment",
    }
}
