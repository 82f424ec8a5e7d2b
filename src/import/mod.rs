//! Tree files in other tools' formats: Berkeley CS188's autograder tests
//! and Gambit's `.efg` games. Each is translated into a flat-shape JSON
//! document, which the one reader ([`crate::tree::parse`]) then reads, so
//! every check and error of the tree applies to them unchanged.

pub mod cs188;
pub mod efg;

use std::borrow::Cow;

use crate::tree::input::MAX_MAGNITUDE;
use crate::tree::{self, Naming, Overrides, Tree, TreeError};

/// Reads and validates a tree file in any format gametree takes: one of
/// its own JSON shapes, a CS188 test or an `.efg` game (told apart by
/// their first bytes). The size limit applies to the JSON read, the
/// translation's for a foreign file (the command line refuses a file over
/// it before reading).
pub fn parse(
    input: Cow<'_, [u8]>,
    naming: Naming,
    overrides: Overrides,
) -> Result<Tree, TreeError> {
    if !cs188::looks_like(&input) && !efg::looks_like(&input) {
        return tree::parse(input, naming, overrides);
    }
    let text =
        std::str::from_utf8(&input).map_err(|_| TreeError::new("the file is not UTF-8 text"))?;
    // A byte-order mark is no part of the text (editors do not show it).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (document, suggested) = match efg::looks_like(&input) {
        true => (efg::translate(text)?, None),
        false => cs188::translate(text)?,
    };
    // The translation is read as JSON; a place in it means nothing to the user.
    let unplaced = |error: TreeError| TreeError { position: None, ..error };
    let tree =
        tree::parse(document.to_string().into_bytes(), naming, overrides).map_err(unplaced)?;
    Ok(tree.suggesting(suggested))
}

/// An error about `part`, a slice of the file's `text`, placed at its
/// first character: line and column as an editor counts them, lines
/// ending at `\n`, `\r\n` or a lone `\r`.
fn error_at(text: &str, part: &str, message: String) -> TreeError {
    let offset = (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize).min(text.len());
    let before = &text[..offset];
    let lone_returns =
        before.match_indices('\r').filter(|&(at, _)| !text[at..].starts_with("\r\n"));
    let line = 1 + before.matches('\n').count() + lone_returns.count();
    let line_start = before.rfind(['\n', '\r']).map_or(0, |at| at + 1);
    let column = 1 + before[line_start..].chars().count();
    TreeError { position: Some((line, column)), message }
}

/// A word of a file as an error quotes it: whole if short, else its start
/// and its length.
fn shown(word: &str) -> String {
    match word.char_indices().nth(24) {
        None => word.to_string(),
        Some((end, _)) => format!("{}... ({} characters)", &word[..end], word.chars().count()),
    }
}

/// Whether a number as a file writes it, `text`, whose nearest double is
/// `value`, is within what gametree takes as a value, as the JSON reader
/// decides: an integer written as one of at most 2^53 in magnitude, any
/// other number below 2^53 (it may have been rounded to 2^53 from beyond).
fn within_limit(text: &str, value: f64) -> bool {
    match exact_integer(text) {
        Some(_) => true,
        None if is_integer(text) => false,
        None => value.is_finite() && value.abs() < MAX_MAGNITUDE,
    }
}

/// The integer `text` writes (digits, with a sign or not), if it is one of
/// at most 2^53 in magnitude.
fn exact_integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let magnitude = digits.parse::<u64>().ok().filter(|&n| n <= 1 << 53 && is_integer(text))?;
    Some(if text.starts_with('-') { -(magnitude as i64) } else { magnitude as i64 })
}

/// Whether `text` is an integer written as one: digits, after a sign or not.
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
