//! The row of a table of playing cards ([`KindText`]), which the base's
//! table and each expansion's are made of.

use crate::bang::cards::Kind;
use crate::core::Text;

/// A kind of playing card: whom it targets (when it says) and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindText {
    /// The kind.
    pub kind: Kind,
    /// Whom or what it is played at, as the rules' table says.
    pub target: Option<&'static str>,
    /// Its effect.
    pub text: Text,
}

/// A row of a table of playing cards: `kind`'s target and text, from `rule`.
pub(crate) const fn kind(
    kind: Kind,
    target: Option<&'static str>,
    text: &'static str,
    rule: &'static str,
) -> KindText {
    KindText {
        kind,
        target,
        text: Text { text, rule },
    }
}
