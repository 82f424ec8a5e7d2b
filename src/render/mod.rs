//! Output formats. Each renderer turns a search's events and outcome into
//! bytes on a writer it is given; none decides where output goes or runs a
//! search itself.

pub mod answer;
pub mod compare;
pub mod dot;
pub mod json;
pub mod text;
pub mod verdict;

use colored::Color;

use crate::num::Num;
use crate::search::{CutoffRule, ValueKind};

/// `>=` before a value that is only a lower bound, `<=` before an upper
/// bound, nothing before an exact value: `>=3`.
pub fn bound_sign(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Exact => "",
        ValueKind::Lower => ">=",
        ValueKind::Upper => "<=",
    }
}

/// The test a cutoff passed, in the trace's words: `v=2 <= alpha=3`.
pub fn cutoff_test(rule: &CutoffRule) -> String {
    format!("v={} {} {}={}", Num(rule.value), rule.comparison(), rule.bound.name(), Num(rule.limit))
}

/// Which styles the text renderers use; plain when colour is off.
///
/// Colour is a value handed to renderers rather than `colored`'s global
/// switch, so that tests can ask for either without racing each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    pub enabled: bool,
}

/// What a piece of text is, which decides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Max,
    Min,
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
    fn palette_off_leaves_text_alone_and_on_wraps_it() {
        assert_eq!(Palette { enabled: false }.paint(Role::Max, "MAX"), "MAX");
        assert_eq!(Palette { enabled: true }.paint(Role::Max, "MAX"), "\x1b[1;31mMAX\x1b[0m");
    }
}
