//! Output formats. Each renderer turns a search's events and outcome into
//! bytes on a writer it is given; none decides where output goes or runs a
//! search itself.

pub mod answer;
pub mod compare;
pub mod dot;
pub mod json;
pub mod text;
pub mod verdict;

use std::fmt;

use colored::Color;

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

/// A value as people write it: integers without a decimal point, other
/// numbers in their shortest form, infinities as `inf`/`-inf`, and never `-0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

/// Integers up to this magnitude print and serialise as integers.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0; // 2^53

impl Num {
    /// The value as an integer, when it is one that prints as such. (The
    /// round trip through `i64` says whether it is whole without calling
    /// `fract`, which is a library call on most x86-64 targets and ran for
    /// every value of a large trace.)
    pub fn as_integer(self) -> Option<i64> {
        let integer = self.0 as i64;
        (integer as f64 == self.0 && self.0.abs() <= EXACT_INTEGERS).then_some(integer)
    }

    /// Appends the value as it displays; a single digit (most values of
    /// generated trees) straight away.
    pub fn push_to(self, text: &mut String) {
        match self.as_integer() {
            Some(integer @ -9..=9) => {
                if integer < 0 {
                    text.push('-');
                }
                text.push(char::from(b'0' + integer.unsigned_abs() as u8));
            }
            Some(integer) => text.push_str(itoa::Buffer::new().format(integer)),
            None => text.push_str(&self.to_string()),
        }
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_integer() {
            Some(integer) => f.write_str(itoa::Buffer::new().format(integer)),
            None if self.0 == f64::INFINITY => f.write_str("inf"),
            None if self.0 == f64::NEG_INFINITY => f.write_str("-inf"),
            None => write!(f, "{}", self.0),
        }
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
    fn numbers_print_as_people_write_them() {
        let shown: Vec<String> = [2.0, -0.0, 0.5, -1.25, f64::INFINITY, f64::NEG_INFINITY, 1e20]
            .map(|v| Num(v).to_string())
            .into();
        assert_eq!(shown, ["2", "0", "0.5", "-1.25", "inf", "-inf", "100000000000000000000"]);
    }

    #[test]
    fn integers_print_as_the_standard_library_prints_them() {
        let edge = EXACT_INTEGERS as i64;
        for integer in [0, 1, -1, 9, -9, 10, -10, 99, -100, 123_456_789, edge, -edge] {
            assert_eq!(Num(integer as f64).to_string(), integer.to_string());
        }
    }

    #[test]
    fn values_are_appended_as_they_display() {
        for value in [0.0, -0.0, 7.0, -7.0, 10.0, -123.0, 0.5, -1.25, 1e20, 2f64.powi(53)] {
            let mut text = String::from("x:");
            Num(value).push_to(&mut text);
            assert_eq!(text, format!("x:{}", Num(value)), "{value}");
        }
    }

    /// What `as_integer` says, by its definition.
    fn whole_and_exact(value: f64) -> Option<i64> {
        (value.fract() == 0.0 && value.abs() <= EXACT_INTEGERS).then_some(value as i64)
    }

    #[test]
    fn integers_are_told_by_their_definition() {
        let powers = [52, 53, 54, 62, 63, 64].map(|power| 2f64.powi(power));
        let edges = powers.into_iter().flat_map(|p| [p - 1.0, p, p + 1.0, -p - 1.0, -p, -p + 1.0]);
        let odd = [0.0, -0.0, 0.5, -0.5, 1e-300, -1e-300, 1e20, f64::MAX, f64::MIN, f64::EPSILON];
        let special = [f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for value in edges.chain(odd).chain(special) {
            assert_eq!(Num(value).as_integer(), whole_and_exact(value), "{value:e}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_number_is_told_an_integer_by_its_definition(bits: u64, small in -1e6..1e6f64) {
            for value in [f64::from_bits(bits), small, small.round()] {
                proptest::prop_assert_eq!(Num(value).as_integer(), whole_and_exact(value));
            }
        }
    }

    #[test]
    fn palette_off_leaves_text_alone_and_on_wraps_it() {
        assert_eq!(Palette { enabled: false }.paint(Role::Max, "MAX"), "MAX");
        assert_eq!(Palette { enabled: true }.paint(Role::Max, "MAX"), "\x1b[1;31mMAX\x1b[0m");
    }
}
