//! [`Value`]: a value exactly as written or computed. A leaf's value is a
//! decimal as the tree file writes it (kept as the double whose shortest
//! form is that decimal); expectimax's averages and probabilities such as
//! 1/3 are fractions. Comparisons are exact, so equal values are equal and
//! ties follow the documented rule.

use std::cmp::Ordering;
use std::fmt;

use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedMul, ToPrimitive};

use super::Num;

/// A decimal or a fraction, in sixteen bytes, copied freely.
#[derive(Clone, Copy)]
pub struct Value {
    /// A decimal's bits when `denominator` is 0, else the numerator.
    numerator: i64,
    /// 0 for a decimal, else the fraction's denominator (positive, and
    /// coprime with the numerator).
    denominator: i64,
}

/// An exact number: a fraction of 64-bit integers.
pub type Fraction = Ratio<i64>;

impl Value {
    /// A decimal: a number as written (or an infinity).
    #[inline]
    pub const fn decimal(value: f64) -> Value {
        // Never -0: a negated zero is zero.
        let value = if value == 0.0 { 0.0 } else { value };
        Value { numerator: value.to_bits() as i64, denominator: 0 }
    }

    /// A fraction; a whole number that a double holds is a decimal.
    pub fn fraction(fraction: Fraction) -> Value {
        let whole = fraction.is_integer() && fraction.numer().unsigned_abs() <= 1 << 53;
        match whole {
            true => Value::decimal(*fraction.numer() as f64),
            false => Value { numerator: *fraction.numer(), denominator: *fraction.denom() },
        }
    }

    /// The decimal this value is, if it is one.
    #[inline]
    fn as_decimal(self) -> Option<f64> {
        (self.denominator == 0).then(|| f64::from_bits(self.numerator as u64))
    }

    /// The nearest double.
    #[inline]
    pub fn to_f64(self) -> f64 {
        match self.as_decimal() {
            Some(value) => value,
            None => {
                Fraction::new_raw(self.numerator, self.denominator).to_f64().unwrap_or(f64::NAN)
            }
        }
    }

    /// The value as an integer, where it is a whole decimal of at most
    /// 2^53 in magnitude.
    #[inline]
    pub fn as_integer(self) -> Option<i64> {
        Num(self.as_decimal()?).as_integer()
    }

    /// The value without its sign.
    pub fn abs(self) -> Value {
        if self < Value::decimal(0.0) { -self } else { self }
    }

    /// Whether the value is finite.
    pub fn is_finite(self) -> bool {
        self.as_decimal().is_none_or(f64::is_finite)
    }

    /// The value as an exact fraction: a decimal as its shortest form
    /// writes it (`0.1` is 1/10); none for an infinity, or a decimal with
    /// more digits than 64-bit fractions hold.
    pub fn exact(self) -> Option<Fraction> {
        match self.as_decimal() {
            None => Some(Fraction::new_raw(self.numerator, self.denominator)),
            Some(value) => decimal_fraction(value),
        }
    }

    /// The fraction, where the value is not a decimal that a double holds
    /// as written: what the JSON trace writes as `"exact"`.
    pub fn fraction_part(self) -> Option<Fraction> {
        (self.denominator != 0).then(|| Fraction::new_raw(self.numerator, self.denominator))
    }

    /// Whether the value is a fraction whose decimals never end (23/3),
    /// which people can only read rounded.
    pub fn repeats(self) -> bool {
        self.fraction_part().is_some_and(|fraction| decimal_places(*fraction.denom()).is_none())
    }

    /// `weight` times this value plus `sum`, exactly; none where 64-bit
    /// fractions cannot hold it.
    pub fn weighted(self, weight: Value, sum: Value) -> Option<Value> {
        let product = self.exact()?.checked_mul(&weight.exact()?)?;
        Some(Value::fraction(product.checked_add(&sum.exact()?)?))
    }

    /// The value rounded to `places` decimals (half away from zero),
    /// exactly; none beyond 64-bit fractions.
    pub fn round_to(self, places: usize) -> Option<Value> {
        let scale = Fraction::from_integer(10i64.checked_pow(places as u32)?);
        let scaled = self.exact()?.checked_mul(&scale)?;
        Some(Value::fraction(scaled.round() / scale))
    }

    /// The value rounded to `digits` significant digits, as a decimal
    /// string: `7.667` for 23/3 with four.
    pub fn rounded(self, digits: usize) -> String {
        let value = self.to_f64();
        if !value.is_finite() || value == 0.0 {
            return Num(value).to_string();
        }
        let magnitude = value.abs().log10().floor() as i32;
        let decimals = (digits as i32 - 1 - magnitude).max(0) as usize;
        let text = format!("{value:.decimals$}");
        let text = if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.')
        } else {
            &text
        };
        if text == "-0" { "0".to_string() } else { text.to_string() }
    }
}

/// `value`, a decimal, as the fraction its shortest form writes.
fn decimal_fraction(value: f64) -> Option<Fraction> {
    if !value.is_finite() {
        return None;
    }
    let text = format!("{value:e}");
    let (digits, exponent) = text.split_once('e')?;
    let exponent: i32 = exponent.parse().ok()?;
    let negative = digits.starts_with('-');
    let digits = digits.trim_start_matches('-');
    let (whole, decimals) = digits.split_once('.').unwrap_or((digits, ""));
    let mantissa: i64 = format!("{whole}{decimals}").parse().ok()?;
    let scale = exponent - decimals.len() as i32;
    let ten = |power: u32| 10i64.checked_pow(power);
    let fraction = match scale >= 0 {
        true => Fraction::from_integer(mantissa.checked_mul(ten(scale as u32)?)?),
        false => Fraction::new(mantissa, ten(scale.unsigned_abs())?),
    };
    Some(if negative { -fraction } else { fraction })
}

/// How many decimal places a fraction with `denominator` has when
/// written out, if it ends: the denominator has no prime factor but 2 and 5.
fn decimal_places(mut denominator: i64) -> Option<usize> {
    let (mut twos, mut fives) = (0, 0);
    while denominator % 2 == 0 {
        denominator /= 2;
        twos += 1;
    }
    while denominator % 5 == 0 {
        denominator /= 5;
        fives += 1;
    }
    (denominator == 1).then_some(twos.max(fives))
}

impl Default for Value {
    /// Zero.
    fn default() -> Value {
        Value::decimal(0.0)
    }
}

impl From<f64> for Value {
    fn from(value: f64) -> Value {
        Value::decimal(value)
    }
}

impl PartialEq for Value {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for Value {
    /// Exact: two decimals as doubles, anything else as fractions
    /// (infinities beyond every fraction).
    #[inline]
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        if let (Some(a), Some(b)) = (self.as_decimal(), other.as_decimal()) {
            return a.partial_cmp(&b);
        }
        match (self.exact(), other.exact()) {
            (Some(a), Some(b)) => Some(a.cmp(&b)),
            // An infinity, or a decimal too fine for a fraction: the doubles.
            _ => self.to_f64().partial_cmp(&other.to_f64()),
        }
    }
}

impl std::ops::Neg for Value {
    type Output = Value;

    #[inline]
    fn neg(self) -> Value {
        match self.as_decimal() {
            Some(value) => Value::decimal(-value),
            None => Value { numerator: -self.numerator, ..self },
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// As the text trace, the classroom lines and explanations write a value:
/// a decimal in its shortest form (`7`, `15.4`, `-inf`), a fraction whose
/// decimals end written out (`15.4`), and one whose decimals repeat as the
/// fraction (`23/3`).
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(fraction) = self.fraction_part() else {
            return fmt::Display::fmt(&Num(self.to_f64()), f);
        };
        let written = decimal_places(*fraction.denom()).and_then(|p| written_out(fraction, p));
        match written {
            Some(decimals) => f.write_str(&decimals),
            None => write!(f, "{}/{}", fraction.numer(), fraction.denom()),
        }
    }
}

/// A fraction whose decimals end, written out to its `places`; `None`
/// where they are too many to compute in 128 bits (1/2^40 has 40): the
/// fraction is then written as one.
fn written_out(fraction: Fraction, places: usize) -> Option<String> {
    let scale = 10i128.checked_pow(u32::try_from(places).ok()?)?;
    let scaled = i128::from(*fraction.numer()).checked_mul(scale)? / i128::from(*fraction.denom());
    let (sign, scaled) = if scaled < 0 { ("-", -scaled) } else { ("", scaled) };
    let (whole, part) = (scaled / scale, scaled % scale);
    let part = format!("{part:0places$}");
    let part = part.trim_end_matches('0');
    Some(if part.is_empty() { format!("{sign}{whole}") } else { format!("{sign}{whole}.{part}") })
}

/// Reads a value as tree files write it: a number, an infinity
/// (`"inf"`, `"-inf"`, `"∞"`, ...), or a fraction as a string (`"1/3"`).
impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl serde::de::Visitor<'_> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, or a fraction such as \"1/3\"")
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::decimal(v as f64))
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::decimal(v as f64))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::decimal(v))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Value, E> {
        if let Some(infinity) = super::infinity(text) {
            return Ok(Value::decimal(infinity));
        }
        parse_fraction(text)
            .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(text), &self))
    }
}

/// `p/q`, whole numbers with `q` not 0, as a fraction. Neither may be
/// -2^63, whose negation (to move a sign) does not fit in 64 bits.
pub fn parse_fraction(text: &str) -> Option<Value> {
    let (numerator, denominator) = text.split_once('/')?;
    let whole = |part: &str| part.trim().parse::<i64>().ok().filter(|&n| n != i64::MIN);
    let (numerator, denominator) = (whole(numerator)?, whole(denominator)?);
    (denominator != 0).then(|| Value::fraction(Fraction::new(numerator, denominator)))
}

impl Value {
    /// How many decimal places a decimal is written with (`0.333333`: 6);
    /// none for a fraction or an infinity.
    pub fn places(self) -> Option<usize> {
        let fraction = decimal_fraction(self.as_decimal()?)?;
        decimal_places(*fraction.denom())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn third(n: i64) -> Value {
        Value::fraction(Fraction::new(n, 3))
    }

    #[test]
    fn decimals_too_many_for_128_bits_print_as_the_fraction() {
        let tiny = Value::fraction(Fraction::new(1, 1 << 40));
        assert_eq!(tiny.to_string(), "1/1099511627776");
        assert_eq!(
            Value::fraction(Fraction::new(1, 1 << 20)).to_string(),
            "0.00000095367431640625"
        );
    }

    #[test]
    fn fractions_with_a_part_of_minus_2_to_the_63_are_refused() {
        assert_eq!(parse_fraction("-1/-9223372036854775808"), None);
        assert_eq!(parse_fraction("-9223372036854775808/3"), None);
        assert!(parse_fraction("-9223372036854775807/-3").is_some());
    }

    #[test]
    fn values_print_as_decimals_where_their_decimals_end_else_as_fractions() {
        let shown = |value: Value| value.to_string();
        assert_eq!(shown(Value::decimal(15.4)), "15.4");
        assert_eq!(shown(Value::decimal(-0.0)), "0");
        assert_eq!(shown(Value::fraction(Fraction::new(77, 5))), "15.4");
        assert_eq!(shown(Value::fraction(Fraction::new(-7, 8))), "-0.875");
        assert_eq!(shown(third(23)), "23/3");
        assert_eq!(shown(third(-23)), "-23/3");
        assert_eq!(shown(Value::fraction(Fraction::new(21, 3))), "7");
        assert_eq!(shown(Value::decimal(f64::NEG_INFINITY)), "-inf");
    }

    #[test]
    fn comparisons_are_exact() {
        // 14/3 + 5/3 + 2/3 is 7, and 7 is no better than 7.
        let sum = [14, 5, 2].iter().try_fold(Value::decimal(0.0), |sum, &v| {
            Value::decimal(f64::from(v)).weighted(third(1), sum)
        });
        assert_eq!(sum, Some(Value::decimal(7.0)));
        assert!(third(23) > Value::decimal(7.66666666666666));
        assert!(third(23) < Value::decimal(7.666666666666667));
        assert!(Value::decimal(0.1) == Value::fraction(Fraction::new(1, 10)));
        assert!(Value::decimal(f64::INFINITY) > third(100));
        assert_eq!((-third(2)).to_string(), "-2/3");
    }

    #[test]
    fn a_decimal_is_the_fraction_its_shortest_form_writes() {
        let exact = |value: f64| Value::decimal(value).exact();
        assert_eq!(exact(0.1), Some(Fraction::new(1, 10)));
        assert_eq!(exact(-2.5e-3), Some(Fraction::new(-1, 400)));
        assert_eq!(exact(4451770270138674.0), Some(Fraction::from_integer(4451770270138674)));
        assert_eq!(exact(1e-30), None);
        assert_eq!(exact(f64::INFINITY), None);
    }

    #[test]
    fn repeating_values_round_to_significant_digits() {
        assert!(third(23).repeats() && !Value::fraction(Fraction::new(77, 5)).repeats());
        assert_eq!(third(23).rounded(4), "7.667");
        assert_eq!(third(-1).rounded(4), "-0.3333");
        assert_eq!(Value::fraction(Fraction::new(370_370, 3)).rounded(4), "123457");
        assert_eq!(third(23).rounded(12), "7.66666666667");
    }
}
