//! [`Num`]: a value as people and the JSON contract write it. Every layer
//! shows values (the answer lines, `check`, the renderers, the command
//! line's own errors), so the type lives here, below all of them.

mod value;
mod written;

pub use value::{Fraction, Value, parse_fraction};
pub use written::{Match, Written};

use std::borrow::Cow;
use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A value as people write it: integers without a decimal point, other
/// numbers in their shortest round-trip form, infinities as `inf`/`-inf`,
/// and never `-0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

/// The strings that stand for an infinite value, and the value each is.
pub const INFINITIES: [(&str, f64); 7] = [
    ("inf", f64::INFINITY),
    ("+inf", f64::INFINITY),
    ("-inf", f64::NEG_INFINITY),
    ("\u{221e}", f64::INFINITY),
    ("+\u{221e}", f64::INFINITY),
    ("-\u{221e}", f64::NEG_INFINITY),
    ("\u{2212}\u{221e}", f64::NEG_INFINITY),
];

/// The infinity `text` spells, if it is one of the [`INFINITIES`].
pub fn infinity(text: &str) -> Option<f64> {
    INFINITIES.iter().find(|(spelling, _)| *spelling == text).map(|&(_, value)| value)
}

/// Integers up to this magnitude serialise as JSON integers.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0; // 2^53

impl Num {
    /// The value as an integer, when it is a whole number of at most 2^53
    /// in magnitude. (The round trip through `i64` tells a whole number
    /// without `fract`, a library call that ran for every value of a large
    /// trace.)
    pub fn as_integer(self) -> Option<i64> {
        let integer = self.0 as i64;
        (integer as f64 == self.0 && self.0.abs() <= EXACT_INTEGERS).then_some(integer)
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.as_integer(), self.0) {
            (Some(integer), _) => f.write_str(itoa::Buffer::new().format(integer)), // never -0
            (None, f64::INFINITY) => f.write_str("inf"),
            (None, f64::NEG_INFINITY) => f.write_str("-inf"),
            (None, value) => write!(f, "{value}"),
        }
    }
}

impl Serialize for Num {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.as_integer() {
            Some(integer) => serializer.serialize_i64(integer),
            None if self.0.is_infinite() => serializer.serialize_str(&self.to_string()),
            None => serializer.serialize_f64(self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Num, D::Error> {
        deserializer.deserialize_any(NumVisitor)
    }
}

/// Reads a number, or `"inf"`/`"-inf"`.
struct NumVisitor;

impl serde::de::Visitor<'_> for NumVisitor {
    type Value = Num;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, \"inf\" or \"-inf\"")
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Num, E> {
        Ok(Num(v as f64))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Num, E> {
        Ok(Num(v as f64))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Num, E> {
        Ok(Num(v))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Num, E> {
        match text {
            "inf" => Ok(Num(f64::INFINITY)),
            "-inf" => Ok(Num(f64::NEG_INFINITY)),
            other => {
                Err(E::custom(format!("expected a number, \"inf\" or \"-inf\", got {other:?}")))
            }
        }
    }
}

impl JsonSchema for Num {
    fn schema_name() -> Cow<'static, str> {
        "Number".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A number; integral values are written as integers, infinite bounds as the strings \"-inf\" and \"inf\".",
            "anyOf": [{"type": "number"}, {"enum": ["-inf", "inf"]}]
        })
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
    fn long_decimals_print_in_their_shortest_round_trip_form() {
        for value in [4451770270138674.0, 0.1 + 0.2, -2.99, 1e-7, 9007199254740991.0] {
            let shown = Num(value).to_string();
            assert_eq!(shown.parse::<f64>(), Ok(value), "{shown}");
        }
        assert_eq!(Num(4451770270138674.0).to_string(), "4451770270138674");
    }

    #[test]
    fn integers_are_told_by_their_definition() {
        let powers = [52, 53, 54, 62, 63, 64].map(|power| 2f64.powi(power));
        let edges = powers.into_iter().flat_map(|p| [p - 1.0, p, p + 1.0, -p - 1.0, -p, -p + 1.0]);
        let odd = [0.0, -0.0, 0.5, -0.5, 1e-300, 1e20, f64::MAX, f64::MIN, f64::EPSILON];
        let special = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for value in edges.chain(odd).chain(special) {
            let by_definition =
                (value.fract() == 0.0 && value.abs() <= EXACT_INTEGERS).then_some(value as i64);
            assert_eq!(Num(value).as_integer(), by_definition, "{value:e}");
        }
    }

    #[test]
    fn whole_numbers_serialise_as_integers_and_infinities_as_words() {
        let json = |v| serde_json::to_string(&Num(v)).unwrap();
        assert_eq!([json(3.0), json(-0.0), json(0.5)], ["3", "0", "0.5"]);
        assert_eq!([json(f64::INFINITY), json(f64::NEG_INFINITY)], ["\"inf\"", "\"-inf\""]);
        let back: Num = serde_json::from_str("\"-inf\"").unwrap();
        assert_eq!(back, Num(f64::NEG_INFINITY));
        let wrong = serde_json::from_str::<Num>("true").unwrap_err().to_string();
        assert!(wrong.contains("expected a number, \"inf\" or \"-inf\""), "{wrong}");
    }
}
