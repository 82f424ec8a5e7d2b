//! `gametree check`: grade answer files against the search, one or a
//! whole class at once.

use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;

use clap::ColorChoice;

use super::args::{ReturnArgs, SearchArgs, TreeArgs, WindowArgs, read_input};
use super::conventions;
use super::{Failure, Status, palette};
use crate::answer::Recorder;
use crate::check::trace_file::{self, GradeError, TraceAnswer};
use crate::check::{self, GradeOptions, classroom, explain::Witness};
use crate::render::verdict::{self, Points};
use crate::search::{self, Algorithm, Returns, SearchError, View, Window};
use crate::tree::{Overrides, Tree};

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
    let (tree_file, tree_input) = read_input(&args.tree.tree)?;
    if single {
        return run_one(args, out, &tree_file, tree_input);
    }
    let mut results = Vec::new();
    for answer in &args.answers {
        let result = grade(args, answer, &tree_file, Cow::Borrowed(&tree_input));
        if let Err(failure @ (Failure::Input { .. } | Failure::Search { .. } | Failure::Usage(_))) =
            result
        {
            return Err(failure);
        }
        results.push((answer.display().to_string(), result));
    }
    let graded: Vec<(&str, Result<&check::Verdict, String>)> = results
        .iter()
        .map(|(file, result)| (file.as_str(), result.as_ref().map_err(unreadable_reason)))
        .collect();
    match args.format {
        VerdictFormat::Csv => verdict::write_csv(out, &graded),
        _ => verdict::write_class(out, &graded),
    }
    .map_err(Failure::Output)?;
    Ok(class_status(&graded))
}

/// Grades the one answer and prints its verdict in the format asked for.
fn run_one(
    args: &CheckArgs,
    out: &mut dyn Write,
    tree_file: &str,
    tree_input: Vec<u8>,
) -> Result<Status, Failure> {
    let answer = &args.answers[0];
    let verdict = match (grade(args, answer, tree_file, Cow::Owned(tree_input)), args.format) {
        (Err(Failure::Answer { file, error }), format) if format != VerdictFormat::Text => {
            let reason = error.to_string();
            match format {
                VerdictFormat::Json => verdict::write_unreadable(out, &error),
                VerdictFormat::Csv => verdict::write_csv(out, &[(&file, Err(reason))]),
                _ => verdict::write_gradescope_unreadable(out, &reason, args.points.as_ref()),
            }
            .map_err(Failure::Output)?;
            return Err(Failure::Answer { file, error });
        }
        (verdict, _) => verdict?,
    };
    match args.format {
        VerdictFormat::Text => verdict::write_text(out, &verdict, palette(args.color)),
        VerdictFormat::Json => verdict::write_json(out, &verdict),
        VerdictFormat::Csv => {
            verdict::write_csv(out, &[(&answer.display().to_string(), Ok(&verdict))])
        }
        VerdictFormat::Gradescope => verdict::write_gradescope(out, &verdict, args.points.as_ref()),
    }
    .map_err(Failure::Output)?;
    Ok(if verdict.is_right() { Status::Success } else { Status::Mismatch })
}

fn unreadable_reason(failure: &Failure) -> String {
    match failure {
        Failure::Answer { error, .. } => error.to_string(),
        other => other.to_string(),
    }
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

/// Reads one answer and grades it against the tree read from `tree_input`
/// (a JSON trace needs it once: handed over, it is dropped once read, which
/// leaves a large trace's check the memory).
fn grade(
    args: &CheckArgs,
    answer: &PathBuf,
    tree_file: &str,
    tree_input: Cow<'_, [u8]>,
) -> Result<check::Verdict, Failure> {
    let (answer_file, bytes) = read_input(answer)?;
    let unreadable =
        |error: classroom::AnswerError| Failure::Answer { file: answer_file.clone(), error };
    let text = String::from_utf8(bytes).map_err(|_| {
        unreadable(classroom::AnswerError { line: None, message: "not UTF-8 text".into() })
    })?;
    // A byte-order mark, as some editors save one, is no part of the answer.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let load = |defaults: Overrides| {
        args.search.arrange(args.tree.parse(tree_file, &*tree_input, defaults)?, tree_file)
    };
    let failed = Failure::of_search(tree_file);
    if trace_file::looks_like_json(text) {
        let answer = trace_file::read(text).map_err(unreadable)?;
        // The trace's own root player, perspective and order, unless given.
        let overrides = Overrides {
            player: Some(answer.player),
            perspective: answer.options.perspective,
            graph: false,
        };
        let search = with_trace_settings(&args.search, &answer);
        let tree = search.arrange(args.tree.parse(tree_file, tree_input, overrides)?, tree_file)?;
        let (algorithm, options) = search.resolve(Algorithm::Minimax)?;
        return trace_file::grade(&tree, algorithm, &options, &answer, text).map_err(|error| {
            match error {
                GradeError::Unreadable(error) => unreadable(error),
                GradeError::Search(error) => failed(error),
            }
        });
    }
    let tree = load(Overrides::default())?;
    let lines = classroom::parse(text, &tree).map_err(unreadable)?;
    let options =
        GradeOptions { any_best_move: args.any_best_move, require_marks: args.require_marks };
    let mut verdict = grade_classroom(&tree, &lines, &args.search, options, failed)?;
    if !verdict.is_right() {
        verdict.hint = other_convention(args, &tree, &lines, text, &load, options);
    }
    Ok(verdict)
}

/// Runs the search with a witness and grades the classroom lines.
fn grade_classroom(
    tree: &Tree,
    lines: &[classroom::Line],
    search: &SearchArgs,
    options: GradeOptions,
    failed: impl Fn(SearchError) -> Failure,
) -> Result<check::Verdict, Failure> {
    let (algorithm, search_options) = search.resolve_for(tree)?;
    let mut sinks = (Recorder::default(), Witness::new(tree, algorithm, &search_options));
    let outcome = search::run(tree, algorithm, &search_options, &mut sinks).map_err(failed)?;
    let (recorder, witness) = sinks;
    Ok(check::grade(tree, lines, &recorder.finish(&outcome), &witness, options))
}

/// The first other convention under which the whole answer is right, in
/// words ("this answer is right with --strict: ...").
fn other_convention(
    args: &CheckArgs,
    tree: &Tree,
    lines: &[classroom::Line],
    text: &str,
    load: &dyn Fn(Overrides) -> Result<Tree, Failure>,
    options: GradeOptions,
) -> Option<String> {
    let (algorithm, _) = args.search.resolve_for(tree).ok()?;
    let given = Overrides {
        player: args.tree.player,
        perspective: args.tree.perspective,
        graph: args.tree.graph,
    };
    conventions::others(tree, algorithm, &args.search, given).into_iter().find_map(|other| {
        let other_tree = match other.overrides {
            Some(overrides) => load(overrides).ok()?,
            None => tree.clone(),
        };
        let lines = match other.overrides {
            Some(_) => classroom::parse(text, &other_tree).ok()?,
            None => lines.to_vec(),
        };
        let failed = Failure::of_search("");
        let verdict = grade_classroom(&other_tree, &lines, &other.search, options, failed).ok()?;
        verdict.is_right().then(|| format!("this answer is right {}", other.words))
    })
}

/// The search settings for checking a JSON trace: those given on the
/// command line, and the trace's own for the rest.
fn with_trace_settings(given: &SearchArgs, trace: &TraceAnswer<'_>) -> SearchArgs {
    let algorithm = given.algo.unwrap_or(trace.algorithm);
    let recorded = trace.options.value_range.map(|[lo, hi]| Window { alpha: lo.0, beta: hi.0 });
    let value_range = given.value_range.or(recorded);
    let order = given.order.or(trace.options.order);
    let guess = given.guess.or(trace.options.guess.map(|guess| guess.0));
    let negamax_view = match algorithm.view() {
        View::Mover => given.negamax_view.or(trace.options.negamax_view),
        _ => given.negamax_view,
    };
    if !algorithm.prunes() {
        return SearchArgs {
            algo: Some(algorithm),
            depth: given.depth.or(trace.options.depth_limit),
            value_range,
            negamax_view,
            order,
            guess,
            transpositions: given.transpositions || trace.options.transpositions,
            ..*given
        };
    }
    let finite = |bound: f64| bound.is_finite().then_some(bound);
    SearchArgs {
        algo: Some(algorithm),
        window: WindowArgs {
            strict: given.window.strict || trace.options.strict,
            alpha: given.window.alpha.or(finite(trace.options.alpha.0)),
            beta: given.window.beta.or(finite(trace.options.beta.0)),
        },
        returns: match given.returns.returns() {
            Returns::FailSoft => ReturnArgs {
                fail_hard: trace.options.fail_hard,
                start_at_bound: trace.options.start_at_bound,
            },
            _ => given.returns,
        },
        negamax_view,
        order,
        depth: given.depth.or(trace.options.depth_limit),
        value_range,
        guess,
        transpositions: given.transpositions || trace.options.transpositions,
    }
}
