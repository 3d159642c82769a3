//! A line of the rules: what a card, a character, a role or a module does, as
//! `rules/*.md` words it, with the section it comes from. Each ruleset keeps
//! its texts in tables keyed by its own types; the rules catalog serves them.

/// One line of the rules and the section of `rules/` it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    /// What it does.
    pub text: &'static str,
    /// Where the rules say it: a file of `rules/` and a section.
    pub rule: &'static str,
}

/// A table row: `key`'s text.
pub const fn text<T>(key: T, text: &'static str, rule: &'static str) -> (T, Text) {
    (key, Text { text, rule })
}

/// `key`'s text in `table`.
pub fn text_of<T: PartialEq>(table: &'static [(T, Text)], key: T) -> Option<&'static Text> {
    table.iter().find(|(k, _)| *k == key).map(|(_, t)| t)
}
