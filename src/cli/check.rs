//! `gametree check`: grade an answer file against the search.

use std::io::Write;
use std::path::PathBuf;

use clap::ColorChoice;

use super::args::{SearchArgs, TreeArgs, WindowArgs, read_input};
use super::{Failure, Status, palette};
use crate::answer::Recorder;
use crate::check::trace_file::{self, GradeError, TraceAnswer};
use crate::check::{self, classroom, explain::Witness};
use crate::render::verdict;
use crate::search::{self, Algorithm, SearchError};
use crate::tree::{Overrides, Tree};

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    tree: TreeArgs,

    /// The answer: classroom lines or a JSON trace (detected); `-` reads standard input.
    answer: PathBuf,

    #[command(flatten)]
    search: SearchArgs,

    /// How to print the verdict.
    #[arg(short, long, value_enum, default_value_t = VerdictFormat::Text)]
    format: VerdictFormat,

    /// When to use colour: auto means on a terminal and NO_COLOR unset.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum VerdictFormat {
    /// One line per key: ok, or the first wrong item and why.
    Text,
    /// One JSON object, for autograders.
    Json,
}

/// Runs `gametree check`. With `--format json` an unreadable answer still
/// gets a JSON verdict on standard output, besides the error and exit 2.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> Result<Status, Failure> {
    let verdict = match (grade(args), args.format) {
        (Err(Failure::Answer { file, error }), VerdictFormat::Json) => {
            verdict::write_unreadable(out, &error).map_err(Failure::Output)?;
            return Err(Failure::Answer { file, error });
        }
        (verdict, _) => verdict?,
    };
    match args.format {
        VerdictFormat::Text => verdict::write_text(out, &verdict, palette(args.color)),
        VerdictFormat::Json => verdict::write_json(out, &verdict),
    }
    .map_err(Failure::Output)?;
    Ok(if verdict.is_right() { Status::Success } else { Status::Mismatch })
}

/// Reads the tree and the answer and grades the answer.
fn grade(args: &CheckArgs) -> Result<check::Verdict, Failure> {
    if args.tree.tree.as_os_str() == "-" && args.answer.as_os_str() == "-" {
        return Err(Failure::Usage(
            "the tree and the answer cannot both be read from standard input".into(),
        ));
    }
    let (answer_file, bytes) = read_input(&args.answer)?;
    let unreadable =
        |error: classroom::AnswerError| Failure::Answer { file: answer_file.clone(), error };
    let text = String::from_utf8(bytes).map_err(|_| {
        unreadable(classroom::AnswerError { line: None, message: "not UTF-8 text".into() })
    })?;
    // A byte-order mark, as some editors save one, is no part of the answer.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Ok(if trace_file::looks_like_json(text) {
        let answer = trace_file::read(text).map_err(unreadable)?;
        // The trace's own root player and perspective, unless given.
        let recorded =
            Overrides { player: Some(answer.player), perspective: answer.options.perspective };
        let (tree_file, tree) = args.tree.load_as(recorded)?;
        let failed = Failure::of_search(&tree_file);
        let (algorithm, options) =
            with_trace_settings(&args.search, &answer).resolve(Algorithm::Minimax)?;
        trace_file::grade(&tree, algorithm, &options, &answer, text).map_err(
            |error| match error {
                GradeError::Unreadable(error) => unreadable(error),
                GradeError::Search(error) => failed(error),
            },
        )?
    } else {
        let (tree_file, tree) = args.tree.load()?;
        let lines = classroom::parse(text, &tree).map_err(unreadable)?;
        grade_classroom(&tree, &lines, &args.search, Failure::of_search(&tree_file))?
    })
}

/// Runs the search with a witness and grades the classroom lines.
fn grade_classroom(
    tree: &Tree,
    lines: &[classroom::Line],
    search: &SearchArgs,
    failed: impl Fn(SearchError) -> Failure,
) -> Result<check::Verdict, Failure> {
    let (algorithm, options) = search.resolve(Algorithm::Minimax)?;
    let mut sinks = (Recorder::default(), Witness::new(tree, algorithm, options.strict));
    let outcome = search::run(tree, algorithm, &options, &mut sinks).map_err(failed)?;
    let (recorder, witness) = sinks;
    Ok(check::grade(tree, lines, &recorder.finish(&outcome), &witness))
}

/// The search settings for checking a JSON trace: those given on the
/// command line, and the trace's own for the rest.
fn with_trace_settings(given: &SearchArgs, trace: &TraceAnswer<'_>) -> SearchArgs {
    let algorithm = given.algo.unwrap_or(trace.algorithm);
    if !algorithm.prunes() {
        return SearchArgs {
            algo: Some(algorithm),
            depth: given.depth.or(trace.options.depth_limit),
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
        fail_hard: given.fail_hard || trace.options.fail_hard,
        depth: given.depth.or(trace.options.depth_limit),
    }
}
