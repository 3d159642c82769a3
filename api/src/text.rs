//! What text other people are shown may hold: names (seats, players) and
//! chat messages.
//!
//! A name must look like what it is. Besides control characters it may not
//! hold a character that changes how the text around it is shown without
//! being seen itself: bidirectional controls (`U+202E` shows "Ann" as
//! "nnA"), the Unicode *format* characters (general category Cf: zero-width
//! spaces and joiners, `U+FEFF`, tag characters such as `U+E0001`), every
//! *default-ignorable* code point (drawn as nothing: `U+034F`, the Hangul
//! fillers `U+3164` and `U+FFA0`, variation selectors), and the line and
//! paragraph separators `U+2028` and `U+2029`. So "Ann\u{200B}" cannot pass
//! for "Ann". An emoji sequence keeps its joiner and its presentation
//! selector (`👨‍👩‍👧`, `❤️`): they are allowed between or after pictographs,
//! where they cannot hide inside a word.
//!
//! A chat message may hold line breaks but no other control character and no
//! bidirectional control, which would reorder what others read (and what
//! follows it in a client that shows several messages on a line).

/// The most characters a name holds.
pub const NAME_MAX: usize = 64;

/// What a name must be, as refusals say it (after `field: `).
pub const NAME_RULE: &str = "1 to 64 characters, not blank, without control characters, \
bidirectional controls, or invisible characters (format and other default-ignorable \
characters such as U+200B, U+FEFF or U+3164, line and paragraph separators)";

/// What a chat message must be, as refusals say it (after `text: `).
pub const CHAT_RULE: &str = "1 to 500 characters, not blank, without control characters \
other than line breaks and without bidirectional controls (U+202A to U+202E, U+2066 to \
U+2069, U+200E, U+200F, U+061C)";

/// The most characters a chat message holds.
pub const CHAT_MAX: usize = 500;

/// Whether `name` may be shown as a name (see the module's description).
pub fn valid_name(name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    !name.trim().is_empty()
        && chars.len() <= NAME_MAX
        && chars.iter().enumerate().all(|(i, &c)| {
            !(c.is_control() || is_bidi_control(c) || is_invisible(c))
                || emoji_glue(
                    c,
                    i.checked_sub(1).map(|p| chars[p]),
                    chars.get(i + 1).copied(),
                )
        })
}

/// Whether `text` may be posted as a chat message.
pub fn valid_chat(text: &str) -> bool {
    !text.trim().is_empty()
        && text.chars().count() <= CHAT_MAX
        && !text
            .chars()
            .any(|c| (c.is_control() && c != '\n') || is_bidi_control(c))
}

/// The bidirectional controls: embeddings, overrides and isolates, the
/// marks LRM, RLM and ALM.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    )
}

/// Format characters (Cf), default-ignorable code points, and the line and
/// paragraph separators (Unicode 16).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        // Default_Ignorable_Code_Point and Cf together.
        '\u{00AD}'
            | '\u{034F}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08E2}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whether `c` is a zero-width joiner between two pictographs, or an emoji
/// or text presentation selector right after one: the invisible characters
/// an emoji sequence is made of, harmless there.
fn emoji_glue(c: char, before: Option<char>, after: Option<char>) -> bool {
    match c {
        '\u{200D}' => before.is_some_and(is_pictograph) && after.is_some_and(is_pictograph),
        '\u{FE0E}' | '\u{FE0F}' => before.is_some_and(is_pictograph),
        _ => false,
    }
}

/// Symbols and pictographs that emoji sequences are made of.
fn is_pictograph(c: char) -> bool {
    matches!(
        c,
        '\u{00A9}'
            | '\u{00AE}'
            | '\u{203C}'
            | '\u{2049}'
            | '\u{2122}'
            | '\u{2139}'
            | '\u{2190}'..='\u{2BFF}'
            | '\u{3030}'
            | '\u{303D}'
            | '\u{3297}'
            | '\u{3299}'
            | '\u{1F000}'..='\u{1FAFF}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_refuse_invisible_and_look_alike_characters() {
        for bad in [
            "\u{200B}",
            "\u{FEFF}",
            "\u{3164}",
            "\u{E0001}",
            "\u{034F}",
            "Ann\u{200B}",
            "a\u{2028}b",
            "a\u{2029}b",
            "An\u{00AD}n",
            "Ann\u{2060}",
            "\u{FFA0}",
            "Ann\u{FE0F}",
            "A\u{200D}nn",
            "Ann\u{E0041}",
            "\u{202E}nnA",
            "\u{2066}Ann",
            "Ann\u{200E}",
            "Ann\n",
            "Ann\u{7}",
            " ",
            "",
        ] {
            assert!(!valid_name(bad), "{bad:?} is refused");
        }
        let long = "a".repeat(65);
        assert!(!valid_name(&long));
        for good in [
            "Ann",
            "Ann Smith",
            "Zoë",
            "José María",
            "李小龍",
            "محمد",
            "❤️",
            "Ann ❤️",
            "👨\u{200D}👩\u{200D}👧",
            "🃏 Joker",
            &"a".repeat(64),
        ] {
            assert!(valid_name(good), "{good:?} is a name");
        }
    }

    #[test]
    fn chat_refuses_bidirectional_controls_and_keeps_line_breaks() {
        for bad in [
            "hello \u{202E}olleh",
            "\u{2066}gg\u{2069}",
            "a\u{200F}b",
            "a\u{061C}b",
            "\u{7}",
            "  \n ",
        ] {
            assert!(!valid_chat(bad), "{bad:?} is refused");
        }
        assert!(!valid_chat(&"x".repeat(501)));
        for good in ["nice shot", "gg\nwp", "😀 bien joué", &"x".repeat(500)] {
            assert!(valid_chat(good), "{good:?} is a message");
        }
    }
}
