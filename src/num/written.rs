//! Numbers as students write them, and when such a number is the value
//! the search computed.
//!
//! A written number is an integer or a decimal (`3`, `-2.5`, `1,5` with a
//! decimal comma), a fraction (`23/3`), or an infinity (`inf`, `∞`, `-∞`);
//! a minus may be the ASCII hyphen, the minus sign U+2212 of typeset
//! slides or an en dash. It is the computed value when it is that value
//! exactly; for a value whose decimals never end (23/3), also when it is
//! a decimal of at least two places that is the value rounded to those
//! places (`7.67`, `7.667`); and with a tolerance, when it is that near.

use std::fmt;

use super::{INFINITIES, Value};

/// A number as an answer writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Written {
    pub value: Value,
    /// How many decimal places it is written with (none for a fraction),
    /// at most 255: no value rounds to more than 18 (a byte, not a word,
    /// as an answer's order line holds a number for each of its items).
    pub places: Option<u8>,
}

/// How a written number matches the computed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    /// It is the value.
    Exact,
    /// It is the value rounded to the places written.
    Rounded,
    /// It is within the tolerance the course allows.
    Near,
    /// It is not the value.
    No,
}

impl Written {
    /// Reads `text`: see the [module](self) for the forms.
    pub fn parse(text: &str) -> Option<Written> {
        let text = text.replace(['\u{2212}', '\u{2013}'], "-");
        if let Some(&(_, infinity)) = INFINITIES.iter().find(|(spelling, _)| *spelling == text) {
            return Some(Written { value: Value::decimal(infinity), places: None });
        }
        if let Some(value) = super::parse_fraction(&text) {
            return Some(Written { value, places: None });
        }
        let decimal = decimal_point(&text)?;
        let value: f64 = decimal.parse().ok().filter(|value: &f64| value.is_finite())?;
        let places = decimal.split_once('.').map_or(0, |(_, decimals)| decimals.len());
        let places = u8::try_from(places).unwrap_or(u8::MAX);
        Some(Written { value: Value::decimal(value), places: Some(places) })
    }

    /// How this number matches `computed`, the search's value, with a
    /// `tolerance` (none: only the exact value, or its rounding).
    pub fn matches(self, computed: Value, tolerance: Option<f64>) -> Match {
        if self.value == computed {
            return Match::Exact;
        }
        let rounded = self.places.filter(|&places| places >= 2 && computed.repeats());
        if rounded.is_some_and(|places| computed.round_to(places.into()) == Some(self.value)) {
            return Match::Rounded;
        }
        let off = (self.value.to_f64() - computed.to_f64()).abs();
        match tolerance {
            Some(tolerance) if off <= tolerance => Match::Near,
            _ => Match::No,
        }
    }
}

/// `text` as a decimal with a point: a decimal comma between two digits
/// (`1,5`) is a point; any other comma makes it no number.
fn decimal_point(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut decimal = String::with_capacity(text.len());
    for (at, &c) in chars.iter().enumerate() {
        let between_digits = at > 0
            && chars[at - 1].is_ascii_digit()
            && chars.get(at + 1).is_some_and(char::is_ascii_digit);
        match c {
            ',' if between_digits => decimal.push('.'),
            ',' => return None,
            c if c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E') => decimal.push(c),
            _ => return None,
        }
    }
    Some(decimal)
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.value, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::Fraction;

    fn read(text: &str) -> Value {
        Written::parse(text).unwrap_or_else(|| panic!("{text:?} reads")).value
    }

    #[test]
    fn reads_the_forms_students_write() {
        assert_eq!(read("1,5"), Value::decimal(1.5));
        assert_eq!(read("\u{2212}2"), Value::decimal(-2.0));
        assert_eq!(read("\u{2013}2.5"), Value::decimal(-2.5));
        assert_eq!(read("23/3"), Value::fraction(Fraction::new(23, 3)));
        assert_eq!(read("-\u{221e}"), Value::decimal(f64::NEG_INFINITY));
        assert_eq!(read("1e3"), Value::decimal(1000.0));
        for bad in ["1,", ",5", "1, 5", "1,5,", "x", "1/0", "", "NaN", "inf/3"] {
            assert!(Written::parse(bad).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn a_repeating_value_is_matched_by_its_rounding_to_two_places_or_more() {
        let value = Value::fraction(Fraction::new(23, 3));
        let matches = |text: &str| Written::parse(text).unwrap().matches(value, None);
        assert_eq!(matches("23/3"), Match::Exact);
        assert_eq!(matches("46/6"), Match::Exact);
        assert_eq!(matches("7.67"), Match::Rounded);
        assert_eq!(matches("7,667"), Match::Rounded);
        assert_eq!(matches("7.7"), Match::No);
        assert_eq!(matches("7.66"), Match::No);
        assert_eq!(matches("7.666666666666667"), Match::Rounded);
        let near = Written::parse("7.7").unwrap().matches(value, Some(0.05));
        assert_eq!(near, Match::Near);
        // A decimal value is matched only exactly.
        let decimal = Written::parse("15.40").unwrap().matches(Value::decimal(15.4), None);
        assert_eq!(decimal, Match::Exact);
        assert_eq!(Written::parse("15.4").unwrap().matches(Value::decimal(15.41), None), Match::No);
    }
}
