//! The verdict of `gametree check`: one line per key as text, or one JSON
//! object for autograders.

use std::io::{self, Write};

use serde::Serialize;

use super::{Palette, Role};
use crate::check::{KeyVerdict, Verdict};

/// Writes `key: ok` or `key: wrong at item N: the answer has A, the search has B; why`.
pub fn write_text(out: &mut dyn Write, verdict: &Verdict, palette: Palette) -> io::Result<()> {
    for key in &verdict.keys {
        let Some(wrong) = &key.wrong else {
            writeln!(out, "{}: {}", key.key, palette.paint(Role::Best, "ok"))?;
            continue;
        };
        let at = wrong.position.map(|p| format!(" at item {p}")).unwrap_or_default();
        let why = wrong.explanation.as_ref().map(|why| format!("; {why}")).unwrap_or_default();
        writeln!(
            out,
            "{}: {}{at}: the answer has {}, the search has {}{why}",
            key.key,
            palette.paint(Role::Wrong, "wrong"),
            wrong.answer,
            wrong.search
        )?;
    }
    Ok(())
}

/// The JSON verdict: `{"right": bool, "keys": [...]}`.
#[derive(Serialize)]
struct VerdictRecord<'a> {
    /// Whether every key the answer gives is right.
    right: bool,
    keys: Vec<KeyRecord<'a>>,
}

#[derive(Serialize)]
struct KeyRecord<'a> {
    key: &'a str,
    ok: bool,
    /// What the search gives.
    expected: &'a str,
    /// What the answer says.
    got: &'a str,
    /// The first wrong item's 1-based position in a list.
    position: Option<usize>,
    /// The first wrong item as the answer has it.
    answer_item: Option<&'a str>,
    /// The first wrong item as the search has it.
    search_item: Option<&'a str>,
    explanation: Option<&'a str>,
}

impl<'a> From<&'a KeyVerdict> for KeyRecord<'a> {
    fn from(key: &'a KeyVerdict) -> KeyRecord<'a> {
        let wrong = key.wrong.as_ref();
        KeyRecord {
            key: &key.key,
            ok: wrong.is_none(),
            expected: &key.expected,
            got: &key.got,
            position: wrong.and_then(|w| w.position),
            answer_item: wrong.map(|w| w.answer.as_str()),
            search_item: wrong.map(|w| w.search.as_str()),
            explanation: wrong.and_then(|w| w.explanation.as_deref()),
        }
    }
}

/// Writes the verdict as one JSON object on one line.
pub fn write_json(out: &mut dyn Write, verdict: &Verdict) -> io::Result<()> {
    let record = VerdictRecord {
        right: verdict.is_right(),
        keys: verdict.keys.iter().map(KeyRecord::from).collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &record).map_err(io::Error::other)?;
    writeln!(out)
}
