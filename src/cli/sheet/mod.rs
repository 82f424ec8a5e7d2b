//! `gametree sheet`: a week's exercises to hand out, in one step: random
//! trees, a student's sheet (each task's text, its exercise picture, room
//! to answer) and a teacher's (the solved pictures and the answer keys),
//! as HTML always and as PDF where pdflatex is installed, with the trees
//! and keys beside them for `gametree check`.
//!
//! Everything is made in memory and checked first, then written into a
//! new folder beside the target, which replaces the target only once
//! complete: a failed run leaves the previous sheet as it was.

mod exercise;
mod folder;
mod pdf;

use std::path::{Path, PathBuf};

use super::Failure;
use super::args::{ReturnArgs, SearchArgs, WindowArgs, cannot_write};
use super::generate::{Probabilities, SpecArgs, parse_chance};
use crate::lang::Lang;
use crate::render::sheet::{self, Document, Sheet};
use crate::search::Algorithm;
use crate::settings::Settings;
use exercise::Exercise;

#[derive(Debug, clap::Args)]
pub struct SheetArgs {
    /// How many exercises.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    count: u32,

    /// The seed of the first tree (the next ones take the next seeds);
    /// the same seed gives the same sheet.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    #[command(flatten)]
    spec: SpecArgs,

    /// The search algorithm the tasks name and the keys trace [default: minimax].
    #[arg(short, long, value_enum)]
    algo: Option<Algorithm>,

    #[command(flatten)]
    window: WindowArgs,

    #[command(flatten)]
    returns: ReturnArgs,

    /// With --algo expectimax: the chance (0 to 1) that an inner node
    /// below the root is a chance node [default: 0.5].
    #[arg(long, value_name = "P", value_parser = parse_chance)]
    chance: Option<f64>,

    /// With --algo expectimax: the chance nodes' children's probabilities.
    #[arg(long, value_enum, default_value_t = Probabilities::Equal)]
    probabilities: Probabilities,

    /// The language of the tasks and the keys.
    #[arg(long, value_enum, value_name = "LANG", default_value_t = Lang::En)]
    lang: Lang,

    /// The folder to write the sheet into: a new or empty one, or a
    /// previous sheet's, which is replaced.
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
}

/// Runs `gametree sheet`.
pub fn run(args: &SheetArgs) -> Result<(), Failure> {
    if args.seed.checked_add(u64::from(args.count - 1)).is_none() {
        return Err(Failure::Usage(format!(
            "--seed {} with --count {}: the exercises take the seeds from S on, which run past {}",
            args.seed,
            args.count,
            u64::MAX
        )));
    }
    let settings = settings(args)?;
    let target = folder::Target::check(&args.output)?;
    let exercises = (1..=args.count)
        .map(|number| Exercise::make(args, &settings, number))
        .collect::<Result<Vec<_>, _>>()?;
    let staging = target.stage()?;
    let scratch =
        tempfile::tempdir().map_err(|error| cannot_write(Path::new("a scratch folder"), &error))?;
    let mut tasks = Vec::new();
    let mut graphviz = true;
    for exercise in &exercises {
        exercise.write(staging.path())?;
        tasks.push(exercise.task(scratch.path(), &mut graphviz)?);
    }
    let sheet = Sheet {
        lang: args.lang,
        settings,
        seed: args.seed,
        check_flags: check_flags(args, settings.algorithm),
        tasks,
    };
    let pdf = pdf::available();
    for (document, name) in [(Document::Student, "student"), (Document::Teacher, "teacher")] {
        write(staging.path(), &format!("{name}.html"), sheet::html(&sheet, document).as_bytes())?;
        let tex = sheet::latex(&sheet, document);
        write(staging.path(), &format!("{name}.tex"), tex.as_bytes())?;
        if pdf {
            let compiled = pdf::compile(&tex, name, scratch.path())?;
            write(staging.path(), &format!("{name}.pdf"), &compiled)?;
        }
    }
    target.replace(staging)?;
    super::say(&summary(args, pdf, graphviz));
    Ok(())
}

/// The settings of the sheet's searches, refusing what a random tree
/// cannot be searched with before anything is made.
fn settings(args: &SheetArgs) -> Result<Settings, Failure> {
    let algorithm = args.algo.unwrap_or(Algorithm::MINIMAX);
    if algorithm.about().deepens {
        return Err(Failure::Usage(format!(
            "--algo {}: iterative deepening needs a static value on every inner node, and random trees have values only at their leaves",
            algorithm.name()
        )));
    }
    if args.chance.is_some() && !algorithm.about().chance {
        return Err(Failure::Usage(format!(
            "--chance makes chance nodes, which only --algo expectimax searches, not --algo {}",
            algorithm.name()
        )));
    }
    let search = SearchArgs {
        algo: args.algo,
        window: args.window,
        returns: args.returns,
        negamax_view: None,
        order: None,
        depth: None,
        value_range: None,
        guess: None,
        transpositions: false,
    };
    search.resolve(Algorithm::MINIMAX)
}

/// What was written, and where.
fn summary(args: &SheetArgs, pdf: bool, graphviz: bool) -> String {
    let noun = if args.count == 1 { "exercise" } else { "exercises" };
    let dir = args.output.display();
    let documents = match pdf {
        true => "student.pdf and teacher.pdf (and .html, .tex)",
        false => "student.html and teacher.html (and .tex: pdflatex was not found, so no PDF)",
    };
    let pictures =
        if graphviz { "" } else { "; Graphviz was not found, so the HTML has no pictures" };
    format!("wrote {} {noun} into {dir}: {documents}{pictures}", args.count)
}

/// The options `check` needs to grade an answer as the keys were made.
fn check_flags(args: &SheetArgs, algorithm: Algorithm) -> String {
    let number = |bound: Option<f64>| bound.map(|bound| crate::num::Num(bound).to_string());
    let flags = [
        (args.window.strict, "--strict".to_string()),
        (args.returns.fail_hard, "--fail-hard".to_string()),
        (args.returns.start_at_bound, "--start-at-bound".to_string()),
        (
            args.window.alpha.is_some(),
            format!("--alpha={}", number(args.window.alpha).unwrap_or_default()),
        ),
        (
            args.window.beta.is_some(),
            format!("--beta={}", number(args.window.beta).unwrap_or_default()),
        ),
    ];
    let given = flags.into_iter().filter(|(given, _)| *given).map(|(_, flag)| format!(" {flag}"));
    // An algorithm that cannot cut is graded on the four lines asked.
    let keys = if sheet::cuts(algorithm) { "" } else { " --keys order,leaves,best-move,value" };
    format!("--algo {}{}{keys}", algorithm.name(), given.collect::<String>())
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), Failure> {
    let path = dir.join(name);
    std::fs::write(&path, bytes).map_err(|error| cannot_write(&path, &error))
}
