//! Gradescope's autograder `results.json`: a test per key the exercise
//! asks for, worth its points when right; what the student is told in the
//! top-level `output`; the teacher's notes in a test of no points whose
//! `visibility` the course chooses (by default `after_published`, so that
//! students do not see them before the grades are published).

use std::io::{self, Write};

use serde::Serialize;

use super::classroom::Key;
use super::report::{key_line, student_notes, write_record};
use super::{Points, Verdict};
use crate::lang::Lang;
use crate::terminal::Palette;

/// When Gradescope shows a test to students, spelt as Gradescope does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Visible,
    Hidden,
    #[value(name = "after_due_date")]
    AfterDueDate,
    #[default]
    #[value(name = "after_published")]
    AfterPublished,
}

#[derive(Serialize)]
struct Test {
    name: String,
    score: f64,
    max_score: f64,
    output: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    visibility: Option<Visibility>,
}

#[derive(Serialize)]
struct Results {
    score: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<String>,
    tests: Vec<Test>,
}

/// The name of the test of the teacher's notes.
const TEACHER: &str = "notes for the teacher";

/// A test's name: the key in `names`, the course's language (`--lang`),
/// so that every submission's tests are named alike, whatever language
/// or form (an order of the inner nodes) the answer is written in.
fn test_name(key: Key, names: Lang) -> String {
    names.words().keys[key.index()].to_string()
}

/// Writes `results.json` for a graded answer, its tests named in `names`;
/// the teacher's notes, if any, are shown to students as `teacher` says.
pub fn write(
    out: &mut dyn Write,
    verdict: &Verdict,
    teacher: Visibility,
    names: Lang,
) -> io::Result<()> {
    let words = verdict.lang.words();
    let mut tests: Vec<Test> = verdict
        .points
        .keys()
        .filter_map(|(key, max_score)| {
            let given = verdict.keys.iter().find(|k| k.about == Some(key))?;
            let score = if given.wrong.is_none() { max_score } else { 0.0 };
            let output = key_line(given, words, Palette::default());
            let name = test_name(key, names);
            Some(Test { name, score, max_score, output, visibility: None })
        })
        .collect();
    let notes = verdict.teacher_notes();
    if !notes.is_empty() {
        let output = notes.join("\n");
        let name = TEACHER.to_string();
        tests.push(Test { name, score: 0.0, max_score: 0.0, output, visibility: Some(teacher) });
    }
    let score = tests.iter().map(|test| test.score).sum();
    let output = Some(student_notes(verdict).join("\n")).filter(|notes| !notes.is_empty());
    write_record(out, &Results { score, output, tests })
}

/// Writes `results.json` for an answer that cannot be read or was not
/// handed in: every key (named in `names`) scores nothing, and the output
/// is the `reason`.
pub fn write_unreadable(
    out: &mut dyn Write,
    reason: &str,
    points: Points,
    names: Lang,
) -> io::Result<()> {
    let output = reason.to_string();
    let tests = points
        .keys()
        .map(|(key, max_score)| Test {
            name: test_name(key, names),
            score: 0.0,
            max_score,
            output: output.clone(),
            visibility: None,
        })
        .collect();
    write_record(out, &Results { score: 0.0, output: Some(output), tests })
}
