//! How the alpha-beta vocabulary is written, for every output that shows
//! it and for `check`, which reads and explains it: values, window
//! bounds (`3+`), the names of alpha and beta, comparisons, the signs of
//! bounded values (`>=3`) and cutoff tests (`v=2 <= alpha=3`).

use crate::bounds::{Bound, CutoffRule, ValueKind, Window};
use crate::num::{Num, Value};

/// How the alpha-beta vocabulary is written: in ASCII for terminals, files
/// and answers (`alpha=-inf`, `<=`), or with the textbook's symbols for
/// pictures (`α=-∞`, `≤`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    #[default]
    Ascii,
    Symbols,
}

impl Notation {
    /// A value: `3`, `inf` or `∞`.
    pub fn number(self, value: f64) -> String {
        match (self, value.is_infinite()) {
            (Notation::Symbols, true) if value > 0.0 => "\u{221e}".to_string(),
            (Notation::Symbols, true) => "-\u{221e}".to_string(),
            _ => Num(value).to_string(),
        }
    }

    /// A value as this notation shows it: in ASCII as the text trace and
    /// the classroom lines write it (`7`, `15.4`, `23/3`); with symbols as
    /// pictures do, where a value whose decimals repeat is rounded to four
    /// significant digits and marked (`≈7.667`).
    pub fn value(self, value: Value) -> String {
        match self {
            Notation::Symbols if value.repeats() => format!("\u{2248}{}", value.rounded(4)),
            Notation::Symbols => self.number(value.to_f64()),
            Notation::Ascii => value.to_string(),
        }
    }

    /// A bound of a window: the number, or where the number just above or
    /// below it is the shortest to write, that one marked `-` or `+` (`⁻`,
    /// `⁺`). A null window's bounds are neighbouring numbers; `3+` is the
    /// textbook's 3 + 1 for real values: the next number above 3.
    pub fn limit(self, value: f64) -> String {
        let plain = self.number(value);
        if value.is_infinite() {
            return plain;
        }
        let (minus, plus) =
            if self == Notation::Ascii { ("-", "+") } else { ("\u{207b}", "\u{207a}") };
        let above = self.number(value.next_up()) + minus;
        let below = self.number(value.next_down()) + plus;
        [below, above].into_iter().fold(plain, |shortest, marked| {
            if marked.chars().count() < shortest.chars().count() { marked } else { shortest }
        })
    }

    /// `alpha` or `α`, `beta` or `β`.
    pub fn bound(self, bound: Bound) -> &'static str {
        match (self, bound) {
            (Notation::Ascii, bound) => bound.name(),
            (Notation::Symbols, Bound::Alpha) => "\u{3b1}",
            (Notation::Symbols, Bound::Beta) => "\u{3b2}",
        }
    }

    /// A comparison the pruning rules use, `<=` written `≤` with symbols.
    pub fn comparison(self, ascii: &'static str) -> &'static str {
        match (self, ascii) {
            (Notation::Symbols, "<=") => "\u{2264}",
            (Notation::Symbols, ">=") => "\u{2265}",
            _ => ascii,
        }
    }

    /// The sign before a value that is only a lower or an upper bound
    /// (`>=3`, `≥3`), nothing before an exact value.
    pub fn bound_sign(self, kind: ValueKind) -> &'static str {
        match kind {
            ValueKind::Exact => "",
            ValueKind::Lower => self.comparison(">="),
            ValueKind::Upper => self.comparison("<="),
        }
    }

    /// An alpha-beta window: `alpha=3 beta=inf` or `α=3 β=∞`; a null
    /// window `alpha=3 beta=3+` (see [`limit`](Self::limit)).
    pub fn window(self, window: Window) -> String {
        let (alpha, beta) = (self.limit(window.alpha), self.limit(window.beta));
        format!("{}={alpha} {}={beta}", self.bound(Bound::Alpha), self.bound(Bound::Beta))
    }
}

/// `>=` before a value that is only a lower bound, `<=` before an upper
/// bound, nothing before an exact value: `>=3`.
pub fn bound_sign(kind: ValueKind) -> &'static str {
    Notation::Ascii.bound_sign(kind)
}

/// The test a cutoff passed, in the trace's words: `v=2 <= alpha=3`, or
/// with symbols `v=2 ≤ α=3`.
pub fn cutoff_test(rule: &CutoffRule, notation: Notation) -> String {
    format!(
        "v={} {} {}={}",
        notation.number(rule.value),
        notation.comparison(rule.comparison()),
        notation.bound(rule.bound),
        notation.limit(rule.limit)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_null_windows_bound_is_its_neighbour_marked_for_every_value() {
        for (value, shown) in
            [(3.0, "3"), (2.5, "2.5"), (-3.0, "-3"), (0.1, "0.1"), (1e6, "1000000")]
        {
            assert_eq!(Notation::Ascii.limit(value), shown);
            assert_eq!(Notation::Ascii.limit(f64::next_up(value)), format!("{shown}+"));
            assert_eq!(Notation::Ascii.limit(f64::next_down(value)), format!("{shown}-"));
            assert_eq!(Notation::Symbols.limit(f64::next_up(value)), format!("{shown}\u{207a}"));
        }
        assert_eq!(Notation::Symbols.limit(f64::INFINITY), "\u{221e}");
    }

    #[test]
    fn pictures_round_values_whose_decimals_repeat() {
        let third = |n| Value::fraction(crate::num::Fraction::new(n, 3));
        assert_eq!(Notation::Symbols.value(third(23)), "\u{2248}7.667");
        assert_eq!(Notation::Ascii.value(third(23)), "23/3");
        assert_eq!(Notation::Symbols.value(third(21)), "7");
        assert_eq!(Notation::Symbols.value(Value::decimal(f64::NEG_INFINITY)), "-\u{221e}");
    }
}
