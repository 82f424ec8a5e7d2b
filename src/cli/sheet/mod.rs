//! `gametree sheet`: a week's exercise sheet in one step: random trees,
//! each with its exercise picture and its answer key, and an index.

use std::path::{Path, PathBuf};

use super::Failure;
use super::args::{ReturnArgs, SearchArgs, WindowArgs, cannot_write};
use super::generate::SpecArgs;
use crate::graphviz::{self, GraphvizError, ImageFormat};
use crate::render::picture::Look;
use crate::search::Algorithm;
use crate::trace::{self, Format, Request};
use crate::tree::{self, Naming, Overrides};

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

    /// The search algorithm the answer keys trace [default: minimax].
    #[arg(short, long, value_enum)]
    algo: Option<Algorithm>,

    #[command(flatten)]
    window: WindowArgs,

    #[command(flatten)]
    returns: ReturnArgs,

    /// The directory to write the sheet into.
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
}

/// One exercise's files, by name in the directory.
struct Exercise {
    tree: String,
    picture: String,
    key: String,
}

/// Runs `gametree sheet`.
pub fn run(args: &SheetArgs) -> Result<(), Failure> {
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
    let settings = search.resolve(Algorithm::MINIMAX)?;
    let dir = &args.output;
    std::fs::create_dir_all(dir).map_err(|error| cannot_write(dir, &error))?;
    let mut exercises = Vec::new();
    for number in 1..=args.count {
        let spec = args.spec.spec(args.seed + u64::from(number - 1))?;
        let mut text = Vec::new();
        crate::generate::random::generate(&spec)
            .write_nested(&mut text)
            .map_err(Failure::Output)?;
        let tree = tree::parse(text.clone(), Naming::Letters, Overrides::default())
            .map_err(|error| Failure::Input { file: "a generated tree".into(), error })?;
        let request = |format, look| Request { look, ..Request::new(settings, format) };
        let exercise = Exercise {
            tree: format!("exercise-{number}.json"),
            picture: String::new(),
            key: format!("exercise-{number}-key.txt"),
        };
        write(dir, &exercise.tree, &text)?;
        let key = traced(&tree, &request(Format::Answer, Look::default()))?;
        write(dir, &exercise.key, &key)?;
        let look = Look { exercise: true, ..Look::default() };
        let diagram = traced(&tree, &request(Format::Dot, look))?;
        let picture = draw(dir, number, &diagram)?;
        exercises.push(Exercise { picture, ..exercise });
    }
    write(dir, "index.md", index(args, settings.algorithm, &exercises).as_bytes())?;
    let noun = if args.count == 1 { "exercise" } else { "exercises" };
    super::say(&format!("wrote {} {noun} into {}: see index.md", args.count, dir.display()));
    Ok(())
}

/// What a search writes in `request`'s format.
fn traced(tree: &tree::Tree, request: &Request) -> Result<Vec<u8>, Failure> {
    let mut text = Vec::new();
    trace::write(tree, request, &mut text).map_err(Failure::of_trace("a generated tree"))?;
    Ok(text)
}

/// Draws the exercise picture as SVG, or writes its DOT when Graphviz is
/// not installed; returns the file's name.
fn draw(dir: &Path, number: u32, diagram: &[u8]) -> Result<String, Failure> {
    let svg = format!("exercise-{number}.svg");
    let timeout = std::time::Duration::from_secs(60);
    match graphviz::draw(diagram, ImageFormat::Svg, &dir.join(&svg), timeout) {
        Ok(_) => Ok(svg),
        Err(GraphvizError::Missing(_)) => {
            let dot = format!("exercise-{number}.dot");
            write(dir, &dot, diagram)?;
            Ok(dot)
        }
        Err(error) => Err(Failure::Graphviz(error)),
    }
}

/// The search options the keys were made with, as `check` takes them.
fn search_flags(args: &SheetArgs) -> String {
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
    flags.into_iter().filter(|(given, _)| *given).map(|(_, flag)| format!(" {flag}")).collect()
}

/// The index: what was generated, and how, with every exercise's files.
fn index(args: &SheetArgs, algorithm: Algorithm, exercises: &[Exercise]) -> String {
    let trees = if exercises.len() == 1 { "tree" } else { "trees" };
    let mut text = format!(
        "# Exercise sheet\n\n{} random {trees} from seed {}, traced with {}.\nGrade an answer with `gametree check TREE ANSWER --algo {}{}`.\n\n| exercise | tree | picture | answer key |\n| --- | --- | --- | --- |\n",
        exercises.len(),
        args.seed,
        algorithm.name(),
        algorithm.name(),
        search_flags(args)
    );
    for (index, exercise) in exercises.iter().enumerate() {
        text.push_str(&format!(
            "| {} | [{}]({}) | [{}]({}) | [{}]({}) |\n",
            index + 1,
            exercise.tree,
            exercise.tree,
            exercise.picture,
            exercise.picture,
            exercise.key,
            exercise.key
        ));
    }
    text
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), Failure> {
    let path = dir.join(name);
    std::fs::write(&path, bytes).map_err(|error| cannot_write(&path, &error))
}
