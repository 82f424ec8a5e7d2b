//! `gametree check`: grade an answer against the search.
//!
//! An answer is either classroom lines (see [`classroom`]) or a JSON trace
//! written by `gametree trace --format json` (see [`trace_file`]). Every key
//! or field the answer gives is compared with what the search does; for the
//! first wrong item of each, the verdict says where it is, what the answer
//! and the search say, and why the search does what it does
//! ([`explain`]).

mod answer_file;
pub mod classroom;
mod conventions;
mod copies;
mod exercise;
pub mod explain;
pub mod facts;
pub mod gradebook;
mod grader;
pub mod gradescope;
pub mod layout;
mod names;
pub mod report;
mod source;
pub mod trace_file;
mod written;

pub use conventions::Convention;
pub use exercise::{Exercise, ExerciseError};
pub use gradebook::{Mark, Points};
pub use source::TreeSource;

use crate::answer::Answer;
use crate::lang::Lang;
use crate::tree::Tree;
use classroom::{Key, Reading, Skipped};
use explain::Witness;
use facts::Facts;

/// The verdict on one key of the answer.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyVerdict {
    /// `order`, `best move`, ..., or a trace field such as `events`.
    pub key: String,
    /// The classroom key the verdict is about, for the gradebook (a
    /// trace's `best_move` is `best move`'s); none for other trace fields.
    pub about: Option<Key>,
    /// What the search gives, as the answer would write it.
    pub expected: String,
    /// What the answer says.
    pub got: String,
    /// The first difference; none when the key is right.
    pub wrong: Option<Wrong>,
    /// The exercise asks for the key and the answer leaves it out.
    pub missing: bool,
    /// For the teacher: a value taken as a rounding or within the
    /// tolerance, not as written exactly.
    pub accepted: Option<String>,
}

/// The first item where an answer and the search differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Wrong {
    /// 1-based position of the item, for lists.
    pub position: Option<usize>,
    /// The item as the answer has it (`(nothing)` past its end).
    pub answer: String,
    /// The item as the search has it (`(nothing)` past its end).
    pub search: String,
    /// Why the search does what it does there.
    pub explanation: Option<String>,
}

/// The verdict on a whole answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub keys: Vec<KeyVerdict>,
    /// Another convention under which the whole answer is right, in words
    /// for the student and for the teacher.
    pub convention: Option<Convention>,
    /// The answer's lines that were not read.
    pub skipped: Vec<Skipped>,
    /// The keys asked for and their points.
    pub points: Points,
    /// The language to speak to the student in.
    pub lang: Lang,
}

/// How strictly to grade, beyond the search's own answer.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GradeOptions {
    /// Accept any move to a root child with the root's exact value.
    pub any_best_move: bool,
    /// A `leaves` line must mark the cutoffs with `#`.
    pub require_marks: bool,
    /// How far a written value may be from the computed one (`--tolerance`);
    /// without one, only the exact value or its rounding.
    pub tolerance: Option<f64>,
    /// The keys asked for, and their points (`--keys`, `--points`).
    pub points: Points,
    /// The language of the feedback (`--lang`); by default the answer's.
    pub lang: Option<Lang>,
}

impl Verdict {
    /// Whether every key the exercise asks for is given and right.
    pub fn is_right(&self) -> bool {
        self.keys.iter().all(|key| key.wrong.is_none())
    }

    /// The teacher's notes: values accepted in another form, then the
    /// convention under which the answer would be right.
    pub fn teacher_notes(&self) -> Vec<String> {
        let accepted = self.keys.iter().filter_map(|key| key.accepted.clone());
        accepted.chain(self.convention.as_ref().map(|c| c.teacher.clone())).collect()
    }
}

const NOTHING: &str = "(nothing)";

/// Grades classroom lines against the search's `answer`, explained by
/// `witness`: a verdict for each key the exercise asks for, in the order
/// of [`Key::ALL`]; a key it does not ask for is skipped.
pub fn grade(
    tree: &Tree,
    reading: &Reading,
    answer: &Answer,
    witness: &Witness<'_>,
    options: GradeOptions,
) -> Verdict {
    grade_with(tree, reading, (answer, witness.facts()), Some(witness), options)
}

/// Grades classroom lines against the search's answer and facts; without
/// a `witness` the wrong items go unexplained, a grade that only tells
/// right from wrong.
pub fn grade_with(
    tree: &Tree,
    reading: &Reading,
    (answer, facts): (&Answer, &Facts<'_>),
    witness: Option<&Witness<'_>>,
    options: GradeOptions,
) -> Verdict {
    let copies = answer;
    let answer = &answer.by_first_copies(tree);
    let lang = options.lang.unwrap_or(reading.lang);
    let say = lang.words().explain;
    let grader = grader::Grader { tree, answer, copies, facts, witness, options, lang, say };
    let mut skipped = reading.skipped.clone();
    for line in &reading.lines {
        if !options.points.asks(line.key) {
            let why = layout::Why::NotAsked(line.key);
            skipped.push(Skipped { line: line.number, why });
        }
    }
    skipped.sort_by_key(|skipped| skipped.line);
    let keys = Key::ALL
        .into_iter()
        .filter(|&key| options.points.asks(key))
        .map(|key| match reading.lines.iter().find(|line| line.key == key) {
            Some(line) => KeyVerdict { about: Some(key), ..grader.line(line) },
            None => grader.missing(key),
        })
        .collect();
    Verdict { keys, convention: None, skipped, points: options.points, lang }
}

/// The first position where two lists differ, if they do (where one
/// ends first, if it does).
pub(crate) fn first_difference<A, S>(
    answer: impl IntoIterator<Item = A>,
    search: impl IntoIterator<Item = S>,
    same: impl Fn(&A, &S) -> bool,
) -> Option<usize> {
    let (mut answer, mut search) = (answer.into_iter(), search.into_iter());
    let mut at = 0;
    loop {
        match (answer.next(), search.next()) {
            (Some(a), Some(s)) if same(&a, &s) => at += 1,
            (None, None) => return None,
            _ => return Some(at),
        }
    }
}

/// The first wrong item: at `position` in a list (or a whole value), as
/// the answer and the search have it (`None` past the end of a list).
pub(crate) fn wrong_at(
    position: Option<usize>,
    answer: Option<String>,
    search: Option<String>,
    explanation: Option<String>,
) -> Wrong {
    let shown = |item: Option<String>| item.unwrap_or_else(|| NOTHING.to_string());
    Wrong { position, answer: shown(answer), search: shown(search), explanation }
}

pub(crate) fn verdict(
    key: &str,
    expected: String,
    got: String,
    wrong: Option<Wrong>,
) -> KeyVerdict {
    let key = key.to_string();
    KeyVerdict { key, about: None, expected, got, wrong, missing: false, accepted: None }
}
