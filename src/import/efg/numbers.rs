//! The payoffs and probabilities of an `.efg` file, checked before
//! gambit-parser reads it. gambit-parser makes each number an exact big
//! rational, at a cost that grows with the square of its digits and with
//! its exponent (`1e10000` is a number of 10,001 digits): a 49 KB file of
//! such payoffs took seconds. So a number gametree cannot take anyway is
//! refused first, with its place, and the others cost little: every
//! number is what the JSON reader takes as a value, of at most 2^53 in
//! magnitude, and has at most [`MAX_DIGITS`] digits and an exponent of at
//! most three.
//!
//! The payoffs and probabilities are the numbers inside braces (`{ 3, -3 }`,
//! `{ "heads" 1/2 "tails" 1/2 }`); the numbers outside them are the
//! players', information sets' and outcomes' numbers.

use super::super::{error_at, shown, within_limit};
use crate::tree::TreeError;
use crate::tree::input::MAX_MAGNITUDE;

/// The most digits a payoff or probability may have: a double's shortest
/// form has at most 17, and 0.1's exact decimal expansion 55.
pub const MAX_DIGITS: usize = 100;

/// Refuses the first payoff or probability gametree cannot take.
pub fn check(text: &str) -> Result<(), TreeError> {
    let bytes = text.as_bytes();
    let (mut at, mut depth) = (0, 0usize);
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'"' => at = closing_quote(bytes, at + 1),
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'0'..=b'9' | b'+' | b'-' | b'.' if depth > 0 => {
                let length = bytes[at..].iter().position(|&b| ends_number(b));
                let token = &text[at..at + length.unwrap_or(bytes.len() - at)];
                if let Some(problem) = problem_with(token) {
                    let message = format!("the number {} {problem}", shown(token));
                    return Err(error_at(text, token, message));
                }
                at += token.len();
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    Ok(())
}

/// Whether `byte` ends a number: a space, a brace, a comma or a quote.
fn ends_number(byte: u8) -> bool {
    byte.is_ascii_whitespace() || matches!(byte, b'{' | b'}' | b',' | b'"')
}

/// The index of the quote that closes a label opened before `at` (or the
/// end of the text): as gambit-parser reads labels, `\"` is a quote inside
/// the label and any other backslash is itself.
fn closing_quote(bytes: &[u8], mut at: usize) -> usize {
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'"' => return at,
            b'\\' if bytes.get(at + 1) == Some(&b'"') => at += 2,
            _ => at += 1,
        }
    }
    at
}

/// What is wrong with a number, `3`, `-1.5e2` or `1/3` as gambit-parser
/// reads them, if anything; nothing for a word that is no such number
/// (gambit-parser then says where it stopped).
fn problem_with(token: &str) -> Option<String> {
    let (numerator, denominator) = match token.split_once('/') {
        Some((numerator, denominator)) => (numerator, Some(denominator)),
        None => (token, None),
    };
    for part in [Some(numerator), denominator].into_iter().flatten() {
        let (digits, exponent_digits) = shape(part)?;
        if digits > MAX_DIGITS {
            return Some(format!(
                "has {digits} digits; a payoff or probability may have at most {MAX_DIGITS}"
            ));
        }
        if exponent_digits > 3 {
            return Some("has an exponent of more than three digits".to_string());
        }
    }
    let value = |part: &str| part.parse::<f64>().ok();
    let within = match denominator {
        None => within_limit(numerator, value(numerator)?),
        Some(denominator) => {
            let quotient = value(numerator)? / value(denominator).filter(|&d| d != 0.0)?;
            quotient.is_finite() && quotient.abs() <= MAX_MAGNITUDE
        }
    };
    (!within).then(|| "is beyond 2^53 in magnitude".to_string())
}

/// The number of digits of a number as gambit-parser reads one (a sign
/// or not, digits with a decimal point or not, an exponent or not) and of
/// its exponent, leading zeros aside; none for anything else.
fn shape(part: &str) -> Option<(usize, usize)> {
    let unsigned = part.strip_prefix(['+', '-']).unwrap_or(part);
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |text: &str| text.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || !all_digits(fraction) || whole.len() + fraction.len() == 0 {
        return None;
    }
    let exponent_digits = match exponent {
        None => 0,
        Some(exponent) => {
            let digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
            if digits.is_empty() || !all_digits(digits) {
                return None;
            }
            digits.trim_start_matches('0').len()
        }
    };
    Some((whole.len() + fraction.len(), exponent_digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(text: &str) -> Option<String> {
        check(text).err().map(|error| error.to_string())
    }

    #[test]
    fn numbers_gametree_takes_pass() {
        let game = "EFG 2 R \"\" { \"1\" \"2\" }\nc \"\" 1 \"\" { \"a\" 1/3 \"b\" 0.666667 } 0\n\
                    t \"\" 1 \"\" { 9007199254740992, -2.5e3 }\nt \"\" 2 \"\" { 1e-400 -.5 }";
        assert_eq!(said(game), None);
    }

    #[test]
    fn numbers_beyond_2_53_or_with_absurd_digits_are_placed() {
        let at = |payoff: &str| {
            said(&format!("EFG 2 R \"\" {{ \"1\" \"2\" }}\nt \"\" 1 \"\" {{ 0, {payoff} }}"))
        };
        assert_eq!(at("1e400").unwrap(), "2:16: the number 1e400 is beyond 2^53 in magnitude");
        assert_eq!(
            at("9007199254740993").unwrap(),
            "2:16: the number 9007199254740993 is beyond 2^53 in magnitude"
        );
        assert_eq!(
            at("9007199254740992.0").unwrap(),
            "2:16: the number 9007199254740992.0 is beyond 2^53 in magnitude"
        );
        assert_eq!(at("1/0.0000000000000001e-300").unwrap().split_once(": ").unwrap().0, "2:16");
        assert_eq!(
            at("1e10000").unwrap(),
            "2:16: the number 1e10000 has an exponent of more than three digits"
        );
        let long = "1".repeat(101);
        assert_eq!(
            at(&long).unwrap(),
            "2:16: the number 111111111111111111111111... (101 characters) has 101 digits; a payoff or probability may have at most 100"
        );
    }

    #[test]
    fn numbers_in_labels_and_outside_braces_are_not_payoffs() {
        let game = "EFG 2 R \"1e400 \\\"{ 1e400 }\" { \"1\" \"2\" }\n\"{ 1e400\"\n\
                    t \"{1e400}\" 99999999999999999999 \"\" { 1, -1 }";
        assert_eq!(said(game), None);
    }

    #[test]
    fn words_that_are_no_numbers_are_left_to_the_parser() {
        for word in ["1x", "--1", "1e", "1.2.3", ".", "+"] {
            assert_eq!(problem_with(word), None, "{word}");
        }
    }
}
