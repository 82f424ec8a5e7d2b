//! Text bound for a terminal. Tree files and answers come from anyone: a
//! name or an answer line could hold escape sequences that clear the
//! screen, set the window title or reverse the text. Whatever gametree
//! echoes of them (error messages, the verdict of `check`) goes through
//! [`visible`]; names themselves are refused by the reader when they hold
//! such characters ([`crate::tree::names::problem_with`]).

use std::borrow::Cow;
use std::fmt::Write;

use crate::tree::names::shows;

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
}
