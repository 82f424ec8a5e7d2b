//! The verdict of `gametree check`: one line per key as text, or one JSON
//! object for autograders.

use std::io::{self, Write};

use serde::Serialize;

use super::{Palette, Role};
use crate::check::classroom::AnswerError;
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

/// The JSON verdict: `{"readable": bool, "right": bool, "keys": [...]}`,
/// and for an unreadable answer what is wrong with it and where.
#[derive(Serialize)]
struct VerdictRecord<'a> {
    /// Whether the answer could be read at all.
    readable: bool,
    /// Whether every key the answer gives is right.
    right: bool,
    /// Why the answer could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    /// The line of the answer the error is about, if it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
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
        readable: true,
        right: verdict.is_right(),
        error: None,
        line: None,
        keys: verdict.keys.iter().map(KeyRecord::from).collect(),
    };
    write_record(out, &record)
}

/// Writes the JSON verdict on an answer that could not be read.
pub fn write_unreadable(out: &mut dyn Write, error: &AnswerError) -> io::Result<()> {
    let record = VerdictRecord {
        readable: false,
        right: false,
        error: Some(&error.message),
        line: error.line,
        keys: Vec::new(),
    };
    write_record(out, &record)
}

fn write_record(out: &mut dyn Write, record: &VerdictRecord<'_>) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, record).map_err(io::Error::other)?;
    writeln!(out)
}
