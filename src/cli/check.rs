//! `gametree check`: grade answer files against the search, one or a
//! whole class at once.

use std::borrow::Cow;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use clap::ColorChoice;

use super::args::{
    SearchArgs, TreeArgs, cannot_write, describe_io, is_stdin, name_in_messages, read_input,
    read_within,
};
use super::output::Pending;
use super::{Failure, Status, palette};
use crate::check::classroom::AnswerError;
use crate::check::gradescope::{self, Visibility};
use crate::check::report as verdict;
use crate::check::{self, Exercise, ExerciseError, GradeOptions, Points, TreeSource};
use crate::lang::Lang;
use crate::tree::TreeError;

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    tree: TreeArgs,

    /// The answers: classroom lines or JSON traces (detected); `-` reads
    /// standard input. Several files grade a class, one line each.
    #[arg(required = true, value_name = "ANSWER")]
    answers: Vec<PathBuf>,

    #[command(flatten)]
    search: SearchArgs,

    /// Accept as best move any move to a root child with the root's value.
    #[arg(long)]
    any_best_move: bool,

    /// A `leaves` line without the `#` marks of the cutoffs is wrong.
    #[arg(long)]
    require_marks: bool,

    /// Accept a value this near the computed one (by default only the
    /// exact value, or for a value whose decimals never end, such as 23/3,
    /// its rounding to two places or more: 7.67).
    #[arg(long, value_name = "X", value_parser = parse_tolerance)]
    tolerance: Option<f64>,

    /// How to print the verdict.
    #[arg(short, long, value_enum, default_value_t = VerdictFormat::Text)]
    format: VerdictFormat,

    /// The keys the exercise asks for, as KEY,... (order, leaves, pruned,
    /// best-move, value); a key the answer leaves out is wrong ("missing")
    /// [default: all five].
    #[arg(long, value_name = "KEY,...", value_parser = Points::parse_keys)]
    keys: Option<Points>,

    /// Points per key, as KEY=N,... (N from 0 to 1000), in every format; a
    /// key asked for and not named is worth one point [default: one point
    /// for each key asked for; alone, it asks for the keys it names].
    #[arg(long, value_name = "KEY=N,...", value_parser = Points::parse)]
    points: Option<Points>,

    /// The language of the feedback [default: the answer's], and of
    /// Gradescope's test names [default: English].
    #[arg(long, value_enum)]
    lang: Option<Lang>,

    /// Gradescope: when students see the notes for the teacher (another
    /// convention the answer follows, values taken as roundings).
    #[arg(long, value_enum, default_value_t = Visibility::AfterPublished)]
    teacher_visibility: Visibility,

    /// When to use colour: auto means on a terminal and NO_COLOR unset
    /// (never in a file -o writes).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    /// Write the verdicts to FILE instead of stdout (a gradebook with
    /// --format csv), replacing an earlier FILE only once they are
    /// complete. `-o -` is stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

impl CheckArgs {
    /// The file `-o` names, if it names one (`-o -` is standard output).
    fn output_file(&self) -> Option<&Path> {
        self.output.as_deref().filter(|path| !is_stdin(path))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum VerdictFormat {
    /// One line per key: ok, or the first wrong item and why; for several
    /// answers, one line per file.
    Text,
    /// One JSON object, for autograders (one answer only).
    Json,
    /// A gradebook: file, status, a column per key, score, explanation.
    Csv,
    /// Gradescope's autograder results.json (one answer only).
    Gradescope,
}

/// Parses a tolerance: a number not below 0.
fn parse_tolerance(text: &str) -> Result<f64, String> {
    match crate::num::Written::parse(text).map(|written| written.value.to_f64()) {
        Some(tolerance) if tolerance >= 0.0 && tolerance.is_finite() => Ok(tolerance),
        _ => Err(format!("expected a number not below 0, got {text:?}")),
    }
}

/// Runs `gametree check`, its verdicts to standard output or the file
/// `-o` names. Exit 0 when every answer is right, 1 when any is wrong, 2
/// when any cannot be read; a JSON or Gradescope verdict is written for an
/// unreadable answer too.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<Status, Failure> {
    match args.output_file() {
        None => verdicts(args, out),
        Some(path) if read_by(args, path) => Err(Failure::Usage(format!(
            "-o {}: it is a file this check reads; write the verdicts to another file",
            path.display()
        ))),
        Some(path) => verdicts_into(path, args),
    }
}

/// Whether `path` is the tree file or an answer file of `args`: `-o` must
/// not replace a student's answer with the gradebook.
fn read_by(args: &CheckArgs, path: &Path) -> bool {
    let Ok(target) = std::fs::canonicalize(path) else { return false };
    let inputs = std::iter::once(&args.tree.tree).chain(&args.answers);
    inputs.filter_map(|input| std::fs::canonicalize(input).ok()).any(|input| input == target)
}

/// Grades into the file at `path`, which replaces an earlier file once the
/// verdicts are complete: the verdicts are made in memory (a line or two
/// an answer), and a run that writes none (a tree that cannot be read, a
/// single unreadable answer in text) leaves any earlier file as it was.
fn verdicts_into(path: &Path, args: &CheckArgs) -> Result<Status, Failure> {
    let mut pending = Pending::new(path).map_err(|error| cannot_write(path, &error))?;
    let mut written = Vec::new();
    let status = verdicts(args, &mut written);
    if !written.is_empty() {
        let file = pending.file();
        file.write_all(&written).map_err(|error| cannot_write(path, &error))?;
        pending.finish().map_err(|error| cannot_write(path, &error))?;
    }
    status
}

/// Grades every answer and writes the verdicts to `out`.
fn verdicts(args: &CheckArgs, out: &mut dyn Write) -> Result<Status, Failure> {
    let single = args.answers.len() == 1;
    if !single && matches!(args.format, VerdictFormat::Json | VerdictFormat::Gradescope) {
        return Err(Failure::Usage(
            "--format json and gradescope grade one answer; for a class use --format csv or text"
                .into(),
        ));
    }
    let files = std::iter::once(&args.tree.tree).chain(&args.answers);
    if files.filter(|path| is_stdin(path)).count() > 1 {
        return Err(Failure::Usage(
            "`-` (standard input) can be given once: for the tree or for one answer".into(),
        ));
    }
    let (tree_file, bytes) = read_input(&args.tree.tree)?;
    let source = TreeSource {
        bytes: Cow::Owned(bytes),
        file: regular_file(&args.tree.tree),
        naming: args.tree.names,
        given: args.tree.overrides(),
    };
    let points = Points::choose(args.keys, args.points).map_err(Failure::Usage)?;
    let options = GradeOptions {
        any_best_move: args.any_best_move,
        require_marks: args.require_marks,
        tolerance: args.tolerance,
        points,
        lang: args.lang,
    };
    let exercise = Exercise::new(source, args.search.requested(), options)
        .map_err(|error| exercise_failure(&tree_file, error))?;
    super::args::say_notes(&tree_file, exercise.tree());
    if single {
        return run_one(args, out, exercise, points);
    }
    let mut results = Vec::new();
    for answer in &args.answers {
        let graded = read_answer(answer).and_then(|(file, bytes)| {
            exercise.grade(&bytes).map_err(|error| error.to_string()).map(|v| (file, v))
        });
        results.push(match graded {
            Ok((file, verdict)) => (file, Ok(verdict)),
            Err(reason) => (name_in_messages(answer), Err(reason)),
        });
    }
    if exercise.tree_changed() {
        let error = TreeError::new("the file changed while answers were graded; grade them again");
        return Err(Failure::Input { file: tree_file, error });
    }
    let graded: Vec<verdict::Graded> = results
        .iter()
        .map(|(file, result)| (file.as_str(), result.as_ref().map_err(String::clone)))
        .collect();
    let written = match args.format {
        VerdictFormat::Csv => verdict::write_csv(out, &graded, points),
        _ => verdict::write_class(out, &graded, points),
    };
    super::written(written).map(|()| class_status(&graded))
}

/// The most bytes of classroom lines read: far above any real answer (the
/// whole tic-tac-toe order is 14 MiB), so that an endless or huge file is
/// refused as that answer's verdict. A JSON trace in a file may be as
/// large as a tree file (the tic-tac-toe trace is 111 MiB).
const MAX_ANSWER_BYTES: u64 = 64 << 20;

/// `path` opened, if it is a regular file, which can be read again: the
/// exercise then does not hold the tree file's bytes (standard input and
/// pipes are read once, and held). It is opened after the bytes were
/// read; a file replaced in between is not what was read, and the
/// exercise finds it changed should it need it.
fn regular_file(path: &Path) -> Option<std::fs::File> {
    if is_stdin(path) {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    file.metadata().is_ok_and(|metadata| metadata.is_file()).then_some(file)
}

/// Why an answer of `len` bytes is not read, if it is too large.
fn answer_too_large(len: u64) -> Option<String> {
    (len > MAX_ANSWER_BYTES).then(|| "the answer is larger than 64 MiB".to_string())
}

/// An answer file's name and bytes, or why it cannot be read (missing, a
/// directory, unreadable, too large), as a reason for its verdict.
fn read_answer(path: &Path) -> Result<(String, Vec<u8>), String> {
    let read = match read_within(path, MAX_ANSWER_BYTES, answer_too_large) {
        Err(error) if error.kind() == ErrorKind::FileTooLarge && is_trace_file(path) => {
            read_within(path, crate::tree::MAX_INPUT_BYTES, crate::tree::too_large)
        }
        read => read,
    };
    match read {
        Ok(bytes) => Ok((name_in_messages(path), bytes)),
        Err(error) => Err(match (error.kind(), error.get_ref()) {
            (ErrorKind::FileTooLarge, Some(reason)) => reason.to_string(),
            _ => format!("cannot read: {}", describe_io(&error)),
        }),
    }
}

/// Whether `path` is a file (not a stream, which may be endless) whose
/// first character is a JSON object's `{`: a JSON trace. A named pipe is
/// not opened again: its writer is gone, and the open would wait forever.
fn is_trace_file(path: &Path) -> bool {
    if !std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file()) {
        return false;
    }
    let mut start = [0u8; 64];
    let read =
        std::fs::File::open(path).and_then(|mut file| std::io::Read::read(&mut file, &mut start));
    let start = &start[..read.unwrap_or(0)];
    start.iter().find(|byte| !byte.is_ascii_whitespace()) == Some(&b'{')
}

/// The run's error for an exercise that cannot be graded.
fn exercise_failure(file: &str, error: ExerciseError) -> Failure {
    match error {
        ExerciseError::Tree(error) => Failure::Input { file: file.to_string(), error },
        ExerciseError::Refused(refused) => Failure::Usage(refused.0),
        ExerciseError::Search(error) => Failure::Search { file: file.to_string(), error },
    }
}

/// Grades the one answer and prints its verdict in the format asked for;
/// an answer that cannot be read (or was not handed in) still gets a JSON,
/// CSV or Gradescope verdict, with exit status 2.
fn run_one(
    args: &CheckArgs,
    out: &mut dyn Write,
    exercise: Exercise,
    points: Points,
) -> Result<Status, Failure> {
    let path = &args.answers[0];
    let graded = match read_answer(path) {
        Ok((file, bytes)) => exercise.grade_alone(&bytes).map_err(|error| (file, error)),
        Err(reason) => Err((name_in_messages(path), AnswerError::whole(reason))),
    };
    let verdict = match (graded, args.format) {
        (Err((file, error)), VerdictFormat::Text) => return Err(Failure::Answer { file, error }),
        (Err((file, error)), format) => {
            let reason = error.to_string();
            let written = match format {
                VerdictFormat::Json => verdict::write_unreadable(out, &error, points),
                VerdictFormat::Csv => verdict::write_csv(out, &[(&file, Err(reason))], points),
                _ => {
                    let reason = submitted(path, &reason);
                    gradescope::write_unreadable(out, &reason, points, test_names(args))
                }
            };
            super::written(written)?;
            return Err(Failure::Answer { file, error });
        }
        (Ok(verdict), _) => verdict,
    };
    let file = name_in_messages(path);
    let written = match args.format {
        VerdictFormat::Text => verdict::write_text(out, &verdict, colours(args)),
        VerdictFormat::Json => verdict::write_json(out, &verdict),
        VerdictFormat::Csv => verdict::write_csv(out, &[(&file, Ok(&verdict))], points),
        VerdictFormat::Gradescope => {
            gradescope::write(out, &verdict, args.teacher_visibility, test_names(args))
        }
    };
    super::written(written)?;
    Ok(if verdict.is_right() { Status::Success } else { Status::Mismatch })
}

/// The colours of a text verdict: none in a file `-o` names unless
/// `--color always` asks for them.
fn colours(args: &CheckArgs) -> crate::terminal::Palette {
    match args.output_file() {
        Some(_) if args.color != ColorChoice::Always => palette(ColorChoice::Never),
        _ => palette(args.color),
    }
}

/// The language of Gradescope's test names: `--lang`, else English, never
/// the answer's, so that every submission's tests are named alike.
fn test_names(args: &CheckArgs) -> Lang {
    args.lang.unwrap_or_default()
}

/// Why a Gradescope submission cannot be graded, naming the file the
/// student hands in (`answer.txt`), not the autograder's path to it.
fn submitted(path: &std::path::Path, reason: &str) -> String {
    let stdin = is_stdin(path);
    let name = match path.file_name() {
        Some(name) if !stdin => name.to_string_lossy().into_owned(),
        _ => name_in_messages(path),
    };
    if !stdin && !path.exists() {
        return format!("no {name} was submitted");
    }
    let reason = reason.strip_prefix("cannot read: ").unwrap_or(reason);
    format!("{name} cannot be read: {reason}")
}

/// 0 when every answer is right, 1 when any is wrong, 2 when any cannot be read.
fn class_status(graded: &[(&str, Result<&check::Verdict, String>)]) -> Status {
    if graded.iter().any(|(_, result)| result.is_err()) {
        Status::Unreadable
    } else if graded.iter().all(|(_, result)| result.as_ref().is_ok_and(|v| v.is_right())) {
        Status::Success
    } else {
        Status::Mismatch
    }
}
