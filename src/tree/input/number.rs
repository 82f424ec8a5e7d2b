//! A node's value: a number, read exactly, of magnitude at most 2^53, or
//! an infinity written as a string (`"inf"`, `"-inf"`, `"∞"`, ...), as
//! textbooks mark won and lost positions.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use super::MAX_MAGNITUDE;
use crate::num::infinity;

/// A node value: a JSON number of magnitude at most 2^53 or one of the
/// [`INFINITIES`](crate::num::INFINITIES), for the node named `of` when its name is known.
#[derive(Clone, Copy, Default)]
pub(super) struct Number<'n> {
    pub(super) of: Option<&'n str>,
}

impl Number<'_> {
    fn too_large<E: de::Error>(self, shown: impl fmt::Display, why: &str) -> E {
        let node = self.of.map(|name| format!(" of {name}")).unwrap_or_default();
        E::custom(format!("value {shown}{node} is {why}"))
    }
}

impl<'de> DeserializeSeed<'de> for Number<'_> {
    type Value = f64;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<f64, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Number<'_> {
    type Value = f64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.of {
            Some(name) => write!(f, "a number or \"inf\"/\"-inf\" as the value of {name}"),
            None => f.write_str("a number or \"inf\"/\"-inf\""),
        }
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        if v > MAX_MAGNITUDE as u64 {
            return Err(self.too_large(v, "beyond 2^53 in magnitude"));
        }
        Ok(v as f64)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        if v.unsigned_abs() > MAX_MAGNITUDE as u64 {
            return Err(self.too_large(v, "beyond 2^53 in magnitude"));
        }
        Ok(v as f64)
    }

    /// A number written with a fraction or an exponent. Read exactly, it
    /// may still have been rounded to 2^53 from beyond (`9007199254740993.0`
    /// reads as 2^53), so such a number must stay below 2^53; only an
    /// integer written as one may be 2^53 itself.
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        if !v.is_finite() || v.abs() >= MAX_MAGNITUDE {
            let why =
                "not below 2^53 in magnitude, as a number with a fraction or an exponent must be";
            return Err(self.too_large(format_args!("{v:e}"), why));
        }
        Ok(v)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<f64, E> {
        infinity(v).ok_or_else(|| de::Error::invalid_value(de::Unexpected::Str(v), &self))
    }
}
