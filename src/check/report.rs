//! The verdict of `gametree check`: one line per key as text, one JSON
//! object for autograders, Gradescope's `results.json`, or for a class one
//! line per answer file and a CSV gradebook.

use std::io::{self, Write};

use serde::Serialize;

use super::classroom::{AnswerError, Key};
use super::{KeyVerdict, Verdict};
use crate::lang;
use crate::terminal::{Palette, Role};

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
    if let Some(hint) = &verdict.hint {
        writeln!(out, "note: {hint}")?;
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
    /// Another convention under which the whole answer is right.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
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
        hint: verdict.hint.as_deref(),
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
        hint: None,
        keys: Vec::new(),
    };
    write_record(out, &record)
}

fn write_record(out: &mut dyn Write, record: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, record).map_err(io::Error::other)?;
    writeln!(out)
}

/// One answer file of a class, graded or with the reason it cannot be read.
pub type Graded<'a> = (&'a str, Result<&'a Verdict, String>);

/// The wrong keys of a verdict, by name.
fn wrong_keys(verdict: &Verdict) -> Vec<&str> {
    verdict.keys.iter().filter(|key| key.wrong.is_some()).map(|key| key.key.as_str()).collect()
}

/// One line per answer file (`ada.txt: right`, `bob.txt: 2 of 5 keys
/// wrong (order, pruned)`, `eve.txt: unreadable: line 3: ...`), then a
/// summary line.
pub fn write_class(out: &mut dyn Write, graded: &[Graded<'_>]) -> io::Result<()> {
    let (mut right, mut wrong, mut unreadable) = (0, 0, 0);
    for (file, result) in graded {
        match result {
            Ok(verdict) if verdict.is_right() => {
                right += 1;
                writeln!(out, "{file}: right")?;
            }
            Ok(verdict) => {
                wrong += 1;
                let keys = wrong_keys(verdict);
                let total = verdict.keys.len();
                let noun = if total == 1 { "key" } else { "keys" };
                writeln!(
                    out,
                    "{file}: {} of {total} {noun} wrong ({})",
                    keys.len(),
                    keys.join(", ")
                )?;
            }
            Err(reason) => {
                unreadable += 1;
                writeln!(out, "{file}: unreadable: {reason}")?;
            }
        }
    }
    writeln!(out, "{} answers: {right} right, {wrong} wrong, {unreadable} unreadable", graded.len())
}

/// A gradebook: `file,right,keys wrong,score`, the score the share of the
/// answer's keys that are right (0 for an unreadable answer).
pub fn write_csv(out: &mut dyn Write, graded: &[Graded<'_>]) -> io::Result<()> {
    writeln!(out, "file,right,keys wrong,score")?;
    for (file, result) in graded {
        let (right, wrong, score) = match result {
            Ok(verdict) => {
                let wrong = wrong_keys(verdict);
                let total = verdict.keys.len().max(1) as f64;
                let score = (total - wrong.len() as f64) / total;
                (verdict.is_right(), wrong.join(" "), format!("{score:.2}"))
            }
            Err(_) => (false, "unreadable".to_string(), "0.00".to_string()),
        };
        writeln!(out, "{},{right},{},{score}", csv_field(file), csv_field(&wrong))?;
    }
    Ok(())
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Points for each classroom key (`--points order=2,leaves=1`); keys not
/// named score nothing. By default each of the five keys is worth a point.
#[derive(Clone, Debug, PartialEq)]
pub struct Points(Vec<(Key, f64)>);

impl Default for Points {
    fn default() -> Points {
        Points(Key::ALL.iter().map(|&key| (key, 1.0)).collect())
    }
}

impl Points {
    /// Parses `KEY=N,...`.
    pub fn parse(text: &str) -> Result<Points, String> {
        let mut points = Vec::new();
        for part in text.split(',') {
            let (key, number) =
                part.split_once('=').ok_or_else(|| format!("expected KEY=N, got {part:?}"))?;
            let key = lang::key_index(key).map(|index| Key::ALL[index]).ok_or_else(|| {
                format!(
                    "unknown key {key:?}; the keys are order, leaves, pruned, best-move and value"
                )
            })?;
            let number: f64 = number
                .trim()
                .parse()
                .ok()
                .filter(|n: &f64| n.is_finite() && *n >= 0.0)
                .ok_or_else(|| format!("expected a number of points, got {number:?}"))?;
            points.push((key, number));
        }
        Ok(Points(points))
    }
}

#[derive(Serialize)]
struct GradescopeTest<'a> {
    name: &'a str,
    score: f64,
    max_score: f64,
    output: String,
}

#[derive(Serialize)]
struct GradescopeResults<'a> {
    score: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<&'a str>,
    tests: Vec<GradescopeTest<'a>>,
}

/// Gradescope's `results.json`: one test per key, worth its points when
/// right; a key the answer does not give scores nothing.
pub fn write_gradescope(
    out: &mut dyn Write,
    verdict: &Verdict,
    points: Option<&Points>,
) -> io::Result<()> {
    let points = points.cloned().unwrap_or_default();
    let tests: Vec<GradescopeTest<'_>> = points
        .0
        .iter()
        .map(|&(key, max_score)| {
            let given = verdict.keys.iter().find(|k| k.key.split(" (").next() == Some(key.name()));
            let (score, output) = match given {
                Some(k) if k.wrong.is_none() => (max_score, format!("{}: ok", key.name())),
                Some(k) => (0.0, one_line(k)),
                None => (0.0, format!("the answer has no `{}:` line", key.name())),
            };
            GradescopeTest { name: key.name(), score, max_score, output }
        })
        .collect();
    let score = tests.iter().map(|test| test.score).sum();
    write_record(out, &GradescopeResults { score, output: verdict.hint.as_deref(), tests })
}

/// Gradescope's `results.json` for an answer that cannot be read: every
/// key scores nothing, and the output says why.
pub fn write_gradescope_unreadable(
    out: &mut dyn Write,
    reason: &str,
    points: Option<&Points>,
) -> io::Result<()> {
    let points = points.cloned().unwrap_or_default();
    let output = format!("the answer cannot be read: {reason}");
    let tests = points
        .0
        .iter()
        .map(|&(key, max_score)| GradescopeTest {
            name: key.name(),
            score: 0.0,
            max_score,
            output: output.clone(),
        })
        .collect();
    write_record(out, &GradescopeResults { score: 0.0, output: Some(&output), tests })
}

/// A key's verdict in one line, as the text verdict says it.
fn one_line(key: &KeyVerdict) -> String {
    let verdict = Verdict { keys: vec![key.clone()], hint: None };
    let mut line = Vec::new();
    let _ = write_text(&mut line, &verdict, Palette::default());
    String::from_utf8_lossy(&line).trim_end().to_string()
}
