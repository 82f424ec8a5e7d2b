//! Text bound for a terminal. Tree files and answers come from anyone: a
//! name or an answer line could hold escape sequences that clear the
//! screen, set the window title or reverse the text. Whatever gametree
//! echoes of them (error messages, the verdict of `check`) goes through
//! [`visible`]; names themselves are refused by the reader when they hold
//! such characters ([`crate::tree::names::problem_with`]).

use std::borrow::Cow;
use std::fmt::Write;

use colored::Color;

/// `text` with every character that does not show as itself (control
/// characters, direction marks, noncharacters) written as a `\u{…}` escape.
pub fn visible(text: &str) -> Cow<'_, str> {
    if text.chars().all(shows) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if shows(c) {
            escaped.push(c);
        } else {
            let _ = write!(escaped, "\\u{{{:x}}}", c as u32);
        }
    }
    Cow::Owned(escaped)
}

/// Whether a character shows as itself on a terminal and in Graphviz: not
/// a control character, an invisible format character (zero-width spaces
/// and joiners, direction marks and overrides, the byte-order mark) or a
/// noncharacter.
pub fn shows(c: char) -> bool {
    let invisible = matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}');
    let noncharacter = matches!(c, '\u{FDD0}'..='\u{FDEF}') || (c as u32 & 0xFFFE) == 0xFFFE;
    !c.is_control() && !invisible && !noncharacter
}

/// Which styles the text renderers use; plain when colour is off.
///
/// Colour is a value handed to renderers, decided once per output (`auto`
/// colours a terminal, never a file): `colored` gives the colour table and
/// its escape codes, but its own on/off switch is process-global and looks
/// only at standard output, so it cannot decide for a file or for tests
/// that ask for both at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    pub enabled: bool,
}

/// What a piece of text is, which decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Max,
    Min,
    Chance,
    Cutoff,
    Pruned,
    Best,
    Value,
    Wrong,
}

impl Palette {
    /// `text` in the colour of `role`, or unchanged when colour is off.
    pub fn paint(self, role: Role, text: &str) -> String {
        if !self.enabled {
            return text.to_string();
        }
        let (color, bold) = match role {
            Role::Max => (Color::Red, true),
            Role::Min => (Color::Blue, true),
            Role::Chance => (Color::Magenta, true),
            Role::Cutoff => (Color::Yellow, false),
            Role::Pruned => (Color::BrightBlack, false),
            Role::Best => (Color::Green, true),
            Role::Value => (Color::Cyan, false),
            Role::Wrong => (Color::Red, true),
        };
        let weight = if bold { "1;" } else { "" };
        format!("\x1b[{weight}{}m{text}\x1b[0m", color.to_fg_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_bells_escapes_and_overrides_but_not_letters() {
        assert_eq!(visible("naïve e\u{301}"), "naïve e\u{301}");
        assert_eq!(visible("x\u{1b}[2J\u{7}\0"), "x\\u{1b}[2J\\u{7}\\u{0}");
        assert_eq!(visible("\u{1b}]0;title\u{7}"), "\\u{1b}]0;title\\u{7}");
        assert_eq!(visible("a\u{202e}b\nc"), "a\\u{202e}b\\u{a}c");
    }

    #[test]
    fn palette_off_leaves_text_alone_and_on_wraps_it() {
        assert_eq!(Palette { enabled: false }.paint(Role::Max, "MAX"), "MAX");
        assert_eq!(Palette { enabled: true }.paint(Role::Max, "MAX"), "\x1b[1;31mMAX\x1b[0m");
    }
}
