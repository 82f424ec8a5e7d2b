//! The verdict of `gametree check`: one line per key as text, one JSON
//! object for autograders, or for a class one line per answer file and a
//! CSV gradebook ([`gradescope`](super::gradescope) writes Gradescope's
//! `results.json`). What the student reads (the keys, the skipped lines,
//! what the answer does differently) is in the verdict's language; what
//! only the teacher reads (`teacher:` lines) names the command line's
//! flags.

use std::io::{self, Write};

use serde::Serialize;

use super::classroom::{AnswerError, Key};
use super::{KeyVerdict, Mark, NOTHING, Points, Verdict};
use crate::lang::Words;
use crate::num::Num;
use crate::terminal::{Palette, Role, visible};

/// How a key is named to the student: in the verdict's language where it
/// is a classroom key, as the trace names it otherwise.
pub fn key_label(key: &KeyVerdict, words: &Words) -> String {
    match key.about {
        Some(about) if key.key == about.name() => words.keys[about.index()].to_string(),
        Some(Key::Order) if key.key == "order (inner nodes)" => words.inner_order.to_string(),
        Some(Key::Leaves) if key.key == "leaves (without #)" => {
            words.leaves_without_marks.to_string()
        }
        _ => key.key.clone(),
    }
}

/// `order: ok`, `pruned: missing`, or `leaves: wrong at item 5: the answer
/// has i, the search has #; why`, in `words`.
pub fn key_line(key: &KeyVerdict, words: &Words, palette: Palette) -> String {
    let said = words.verdict;
    let label = key_label(key, words);
    let Some(wrong) = key.wrong.as_ref().filter(|_| !key.missing) else {
        let mark = if key.missing { said.missing } else { said.ok };
        let role = if key.missing { Role::Wrong } else { Role::Best };
        return format!("{label}: {}", palette.paint(role, mark));
    };
    let at = wrong.position.map(|p| format!(" {} {p}", said.at_item)).unwrap_or_default();
    let why = wrong.explanation.as_ref().map(|why| format!("; {}", visible(why)));
    let why = why.unwrap_or_default();
    let item = |item: &str| match item {
        NOTHING => said.nothing.to_string(),
        item => visible(item).into_owned(),
    };
    format!(
        "{label}: {}{at}: {} {}, {} {}{why}",
        palette.paint(Role::Wrong, said.wrong),
        said.answer_has,
        item(&wrong.answer),
        said.search_has,
        item(&wrong.search)
    )
}

/// `score: 4 of 5`, in `words`.
fn score_line(verdict: &Verdict, words: &Words) -> String {
    let (score, max) = verdict.score();
    format!("{}: {} {} {}", words.verdict.score, Num(score), words.verdict.of, Num(max))
}

/// What the student is told beyond the keys: the lines skipped, and what
/// the answer does differently from the exercise.
pub fn student_notes(verdict: &Verdict) -> Vec<String> {
    let skipped = verdict.skipped.iter().map(|skipped| skipped.describe(verdict.lang));
    let note = verdict.lang.words().verdict.note;
    let convention = verdict.convention.iter().map(|c| format!("{note}: {}", c.student));
    skipped.chain(convention).collect()
}

/// Writes the verdict for a person: a line per key, the lines skipped,
/// a note for the student, the teacher's notes, and the score.
pub fn write_text(out: &mut dyn Write, verdict: &Verdict, palette: Palette) -> io::Result<()> {
    let words = verdict.lang.words();
    for key in &verdict.keys {
        writeln!(out, "{}", key_line(key, words, palette))?;
    }
    for note in student_notes(verdict) {
        writeln!(out, "{}", visible(&note))?;
    }
    for note in verdict.teacher_notes() {
        writeln!(out, "teacher: {}", visible(&note))?;
    }
    writeln!(out, "{}", score_line(verdict, words))
}

/// The JSON verdict: `{"readable", "right", "score", "max_score", "keys":
/// [...]}`, with what the student and the teacher are told, and for an
/// unreadable answer what is wrong with it and where.
#[derive(Serialize)]
struct VerdictRecord<'a> {
    /// Whether the answer could be read at all.
    readable: bool,
    /// Whether every key asked for is given and right.
    right: bool,
    score: f64,
    max_score: f64,
    /// Why the answer could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    /// The line of the answer the error is about, if it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    /// For the student: what the answer does differently from the exercise.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    /// For the teacher: another convention under which the whole answer is right.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
    /// Lines of the answer that were not read.
    warnings: Vec<Warning>,
    keys: Vec<KeyRecord<'a>>,
}

#[derive(Serialize)]
struct Warning {
    line: usize,
    message: String,
}

#[derive(Serialize)]
struct KeyRecord<'a> {
    key: &'a str,
    ok: bool,
    /// `ok`, `wrong` or `missing`.
    status: &'static str,
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
    /// For the teacher: a value taken as a rounding or within the tolerance.
    #[serde(skip_serializing_if = "Option::is_none")]
    accepted: Option<&'a str>,
}

impl<'a> From<&'a KeyVerdict> for KeyRecord<'a> {
    fn from(key: &'a KeyVerdict) -> KeyRecord<'a> {
        let wrong = key.wrong.as_ref();
        let status = match (key.missing, wrong) {
            (true, _) => Mark::Missing,
            (false, None) => Mark::Ok,
            (false, Some(_)) => Mark::Wrong,
        };
        KeyRecord {
            key: &key.key,
            ok: wrong.is_none(),
            status: status.name(),
            expected: &key.expected,
            got: &key.got,
            position: wrong.and_then(|w| w.position),
            answer_item: wrong.map(|w| w.answer.as_str()),
            search_item: wrong.map(|w| w.search.as_str()),
            explanation: wrong.and_then(|w| w.explanation.as_deref()),
            accepted: key.accepted.as_deref(),
        }
    }
}

/// Writes the verdict as one JSON object.
pub fn write_json(out: &mut dyn Write, verdict: &Verdict) -> io::Result<()> {
    let (score, max_score) = verdict.score();
    let warnings = (verdict.skipped.iter())
        .map(|s| Warning { line: s.line, message: s.describe(verdict.lang) })
        .collect();
    let record = VerdictRecord {
        readable: true,
        right: verdict.is_right(),
        score,
        max_score,
        error: None,
        line: None,
        note: verdict.convention.as_ref().map(|c| c.student.as_str()),
        hint: verdict.convention.as_ref().map(|c| c.teacher.as_str()),
        warnings,
        keys: verdict.keys.iter().map(KeyRecord::from).collect(),
    };
    write_record(out, &record)
}

/// Writes the JSON verdict on an answer that could not be read.
pub fn write_unreadable(
    out: &mut dyn Write,
    error: &AnswerError,
    points: Points,
) -> io::Result<()> {
    let record = VerdictRecord {
        readable: false,
        right: false,
        score: 0.0,
        max_score: points.total(),
        error: Some(&error.message),
        line: error.line,
        note: None,
        hint: None,
        warnings: Vec::new(),
        keys: Vec::new(),
    };
    write_record(out, &record)
}

pub(super) fn write_record(out: &mut dyn Write, record: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, record).map_err(io::Error::other)?;
    writeln!(out)
}

/// One answer file of a class, graded or with the reason it cannot be
/// read (a directory, a missing or binary file, no answer line).
pub type Graded<'a> = (&'a str, Result<&'a Verdict, String>);

/// The keys asked for whose mark is `mark`, by name.
fn marked(verdict: &Verdict, mark: Mark) -> Vec<&'static str> {
    let keys = verdict.points.keys().filter(|&(key, _)| verdict.mark(key) == mark);
    keys.map(|(key, _)| key.name()).collect()
}

/// One line per answer file (`ada.txt: right, 5 of 5`, `bob.txt: wrong,
/// 2 of 5 (wrong: order, pruned; missing: value)`, `eve.txt: unreadable,
/// 0 of 5: line 3: ...`), then a summary line. File names are escaped
/// for the terminal: a newline or an escape in a name stays on its line.
pub fn write_class(out: &mut dyn Write, graded: &[Graded<'_>], points: Points) -> io::Result<()> {
    let (mut right, mut wrong, mut unreadable) = (0, 0, 0);
    for (file, result) in graded {
        let file = visible(file);
        let verdict = match result {
            Ok(verdict) => verdict,
            Err(reason) => {
                unreadable += 1;
                let total = Num(points.total());
                writeln!(out, "{file}: unreadable, 0 of {total}: {}", visible(reason))?;
                continue;
            }
        };
        let (score, max) = verdict.score();
        let mut line = format!("{file}: ");
        if verdict.is_right() {
            right += 1;
            line += &format!("right, {} of {}", Num(score), Num(max));
        } else {
            wrong += 1;
            line += &format!("wrong, {} of {}", Num(score), Num(max));
            let lists = [
                ("wrong", marked(verdict, Mark::Wrong)),
                ("missing", marked(verdict, Mark::Missing)),
            ];
            let lists: Vec<String> = (lists.iter().filter(|(_, keys)| !keys.is_empty()))
                .map(|(mark, keys)| format!("{mark}: {}", keys.join(", ")))
                .collect();
            if !lists.is_empty() {
                line += &format!(" ({})", lists.join("; "));
            }
        }
        if let [_, ..] = verdict.skipped.as_slice() {
            let count = verdict.skipped.len();
            line += &format!("; {count} {} skipped", if count == 1 { "line" } else { "lines" });
        }
        for note in verdict.teacher_notes() {
            line += &format!("; teacher: {}", visible(&note));
        }
        writeln!(out, "{line}")?;
    }
    writeln!(out, "{} answers: {right} right, {wrong} wrong, {unreadable} unreadable", graded.len())
}

/// A gradebook: `file,status,` a column per key asked for (`ok`, `wrong`
/// or `missing`), `score,max score,explanation` (the first wrong key's
/// verdict line, in the verdict's language), `teacher` (notes for the
/// teacher, in English) and `skipped` (the lines not read, in the
/// verdict's language, as the text verdict says them).
pub fn write_csv(out: &mut dyn Write, graded: &[Graded<'_>], points: Points) -> io::Result<()> {
    let keys: Vec<Key> = points.keys().map(|(key, _)| key).collect();
    let names: Vec<&str> = keys.iter().map(|key| key.name()).collect();
    writeln!(out, "file,status,{},score,max score,explanation,teacher,skipped", names.join(","))?;
    for (file, result) in graded {
        let row: Vec<String> = match result {
            Ok(verdict) => {
                let (score, max) = verdict.score();
                let status = if verdict.is_right() { "right" } else { "wrong" };
                let wrong = |missing: bool| {
                    verdict.keys.iter().find(move |k| k.wrong.is_some() && k.missing == missing)
                };
                let first = wrong(false).or_else(|| wrong(true));
                // The verdict's line as the text verdict says it, in one
                // language: the explanation in it is in the verdict's.
                let words = verdict.lang.words();
                let explanation = first.map(|key| key_line(key, words, Palette::default()));
                let skipped: Vec<String> =
                    verdict.skipped.iter().map(|s| s.describe(verdict.lang)).collect();
                let marks = keys.iter().map(|&key| verdict.mark(key).name().to_string());
                [status.to_string()]
                    .into_iter()
                    .chain(marks)
                    .chain([Num(score).to_string(), Num(max).to_string()])
                    .chain([explanation.unwrap_or_default(), verdict.teacher_notes().join(" / ")])
                    .chain([skipped.join(" / ")])
                    .collect()
            }
            Err(reason) => ["unreadable".to_string()]
                .into_iter()
                .chain(keys.iter().map(|_| Mark::Missing.name().to_string()))
                .chain(["0".to_string(), Num(points.total()).to_string(), reason.clone()])
                .chain([String::new(), String::new()])
                .collect(),
        };
        let fields: Vec<String> = row.iter().map(|field| csv_field(field)).collect();
        writeln!(out, "{},{}", csv_field(file), fields.join(","))?;
    }
    Ok(())
}

/// A CSV field, its control characters escaped as the class summary
/// escapes them (a file name's ESC never reaches a terminal, nor a newline
/// splits a row), quoted when it holds a comma or a quote.
fn csv_field(text: &str) -> String {
    let text = visible(text);
    if text.contains([',', '"']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{KeyVerdict, Wrong};
    use crate::lang::Lang;

    fn key(name: &str, about: Key, wrong: bool, missing: bool) -> KeyVerdict {
        let wrong = wrong.then(|| Wrong {
            position: Some(2),
            answer: "x".into(),
            search: NOTHING.into(),
            explanation: Some("why".into()),
        });
        let key = name.to_string();
        let (expected, got) = (String::new(), String::new());
        KeyVerdict { key, about: Some(about), expected, got, wrong, missing, accepted: None }
    }

    fn verdict() -> Verdict {
        Verdict {
            keys: vec![
                key("order (inner nodes)", Key::Order, false, false),
                key("leaves", Key::Leaves, true, false),
                key("pruned", Key::Pruned, true, true),
            ],
            convention: None,
            skipped: Vec::new(),
            points: Points::parse("order=2,leaves=1,pruned=1").unwrap(),
            lang: Lang::En,
        }
    }

    fn text(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn keys_are_named_and_marked_in_the_verdicts_language() {
        let verdict = verdict();
        let en = text(|out| write_text(out, &verdict, Palette::default()));
        assert_eq!(
            en,
            "order (inner nodes): ok\nleaves: wrong at item 2: the answer has x, the search has (nothing); why\npruned: missing\nscore: 2 of 4\n"
        );
        let de = Verdict { lang: Lang::De, ..verdict };
        let de = text(|out| write_text(out, &de, Palette::default()));
        assert!(de.starts_with("Reihenfolge der besuchten Knoten (ohne Bl\u{e4}tter): richtig\nBl\u{e4}tter: falsch bei Eintrag 2: die Antwort hat x, die Suche hat (nichts); why\nabgeschnitten: fehlt\nPunkte: 2 von 4\n"), "{de}");
    }

    #[test]
    fn a_class_names_every_file_on_its_own_line() {
        let verdict = verdict();
        let graded: Vec<Graded> =
            vec![("a\u{1b}[2J\nb.txt", Ok(&verdict)), ("c\nd.txt", Err("not UTF-8 text".into()))];
        let summary = text(|out| write_class(out, &graded, verdict.points));
        assert_eq!(
            summary,
            "a\\u{1b}[2J\\u{a}b.txt: wrong, 2 of 4 (wrong: leaves; missing: pruned)\nc\\u{a}d.txt: unreadable, 0 of 4: not UTF-8 text\n2 answers: 0 right, 1 wrong, 1 unreadable\n"
        );
        let csv = text(|out| write_csv(out, &graded, verdict.points));
        assert_eq!(
            csv,
            "file,status,order,leaves,pruned,score,max score,explanation,teacher,skipped\na\\u{1b}[2J\\u{a}b.txt,wrong,ok,wrong,missing,2,4,\"leaves: wrong at item 2: the answer has x, the search has (nothing); why\",,\nc\\u{a}d.txt,unreadable,missing,missing,missing,0,4,not UTF-8 text,,\n"
        );
    }
}
