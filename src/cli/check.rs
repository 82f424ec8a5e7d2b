//! `gametree check`: grade answer files against the search, one or a
//! whole class at once.

use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;

use clap::ColorChoice;

use super::args::{SearchArgs, TreeArgs, read_input};
use super::{Failure, Status, palette};
use crate::check::report::{self as verdict, Points};
use crate::check::{self, Exercise, ExerciseError, GradeOptions, TreeSource};

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

    /// Gradescope: points per key, as KEY=N,... (order, leaves, pruned,
    /// best-move, value) [default: one point for each of the five keys].
    #[arg(long, value_name = "KEY=N,...", value_parser = Points::parse)]
    points: Option<Points>,

    /// When to use colour: auto means on a terminal and NO_COLOR unset.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum VerdictFormat {
    /// One line per key: ok, or the first wrong item and why; for several
    /// answers, one line per file.
    Text,
    /// One JSON object, for autograders (one answer only).
    Json,
    /// A gradebook: file, right, keys wrong, score.
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

/// Runs `gametree check`. Exit 0 when every answer is right, 1 when any is
/// wrong, 2 when any cannot be read; a JSON or Gradescope verdict is
/// printed for an unreadable answer too.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<Status, Failure> {
    let single = args.answers.len() == 1;
    if !single && matches!(args.format, VerdictFormat::Json | VerdictFormat::Gradescope) {
        return Err(Failure::Usage(
            "--format json and gradescope grade one answer; for a class use --format csv or text"
                .into(),
        ));
    }
    if args.points.is_some() && args.format != VerdictFormat::Gradescope {
        return Err(Failure::Usage("--points applies only to --format gradescope".into()));
    }
    if args.answers.iter().filter(|path| path.as_os_str() == "-").count() > 1 {
        return Err(Failure::Usage("only one answer can be read from standard input".into()));
    }
    let (tree_file, bytes) = read_input(&args.tree.tree)?;
    let source = TreeSource {
        bytes: Cow::Owned(bytes),
        naming: args.tree.names,
        given: args.tree.overrides(),
    };
    let options = GradeOptions {
        any_best_move: args.any_best_move,
        require_marks: args.require_marks,
        tolerance: args.tolerance,
    };
    let exercise = Exercise::new(source, args.search.requested(), options)
        .map_err(|error| exercise_failure(&tree_file, error))?;
    super::args::say_notes(&tree_file, exercise.tree());
    if single {
        return run_one(args, out, exercise);
    }
    let mut results = Vec::new();
    for answer in &args.answers {
        let (file, bytes) = read_input(answer)?;
        results.push((file, exercise.grade(&bytes).map_err(|error| error.to_string())));
    }
    let graded: Vec<(&str, Result<&check::Verdict, String>)> = results
        .iter()
        .map(|(file, result)| (file.as_str(), result.as_ref().map_err(String::clone)))
        .collect();
    match args.format {
        VerdictFormat::Csv => verdict::write_csv(out, &graded),
        _ => verdict::write_class(out, &graded),
    }
    .map_err(Failure::Output)?;
    Ok(class_status(&graded))
}

/// The run's error for an exercise that cannot be graded.
fn exercise_failure(file: &str, error: ExerciseError) -> Failure {
    match error {
        ExerciseError::Tree(error) => Failure::Input { file: file.to_string(), error },
        ExerciseError::Refused(refused) => Failure::Usage(refused.0),
        ExerciseError::Search(error) => Failure::Search { file: file.to_string(), error },
    }
}

/// Grades the one answer and prints its verdict in the format asked for.
fn run_one(args: &CheckArgs, out: &mut dyn Write, exercise: Exercise) -> Result<Status, Failure> {
    let (file, bytes) = read_input(&args.answers[0])?;
    let verdict = match (exercise.grade_alone(&bytes), args.format) {
        (Err(error), VerdictFormat::Text) => return Err(Failure::Answer { file, error }),
        (Err(error), format) => {
            let reason = error.to_string();
            match format {
                VerdictFormat::Json => verdict::write_unreadable(out, &error),
                VerdictFormat::Csv => verdict::write_csv(out, &[(&file, Err(reason))]),
                _ => verdict::write_gradescope_unreadable(out, &reason, args.points.as_ref()),
            }
            .map_err(Failure::Output)?;
            return Err(Failure::Answer { file, error });
        }
        (Ok(verdict), _) => verdict,
    };
    match args.format {
        VerdictFormat::Text => verdict::write_text(out, &verdict, palette(args.color)),
        VerdictFormat::Json => verdict::write_json(out, &verdict),
        VerdictFormat::Csv => verdict::write_csv(out, &[(&file, Ok(&verdict))]),
        VerdictFormat::Gradescope => verdict::write_gradescope(out, &verdict, args.points.as_ref()),
    }
    .map_err(Failure::Output)?;
    Ok(if verdict.is_right() { Status::Success } else { Status::Mismatch })
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
