//! The command line: clap definitions, turning arguments into a request,
//! and mapping every failure to one `error:` line and an exit status.
//!
//! Exit statuses: 0 success, 1 a check found a mismatch, 2 bad input or usage.

use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{ColorChoice, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::render::Palette;
use crate::search::{Algorithm, Options, SearchError, Window};
use crate::trace::{self, Format, Request};
use crate::tree::{self, Naming, Overrides, Perspective, Player, TreeError};

const EXAMPLES: &str = "\
Examples:
  gametree trace trees/aima-5-2.json --algo alphabeta
  gametree trace trees/lecture.json --format answer
  echo '[[3,12,8],[2,4,6],[14,5,2]]' | gametree trace - --algo alphabeta --format json
  gametree trace trees/equality.json --algo alphabeta --strict
  gametree trace trees/depth-limited.json --depth 2 --algo negamax";

/// Trace minimax, negamax and alpha-beta on small game trees.
#[derive(Debug, Parser)]
#[command(name = "gametree", version, about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run one algorithm on a tree and print its trace.
    #[command(after_help = EXAMPLES)]
    Trace(TraceArgs),
    /// Print the JSON Schema of the input shapes or of the JSON trace.
    Schema {
        #[arg(value_enum)]
        which: SchemaKind,
    },
    /// Print a shell completion script.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SchemaKind {
    /// The tree file shapes `trace` reads.
    Input,
    /// The document `trace --format json` writes.
    Trace,
}

#[derive(Debug, clap::Args)]
struct TraceArgs {
    /// The tree file (JSON, any of the three shapes); `-` reads standard input.
    tree: PathBuf,

    /// The search algorithm.
    #[arg(short, long, value_enum, default_value_t = Algorithm::Minimax)]
    algo: Algorithm,

    /// What to print.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// Alpha-beta: cut only on strict inequality (v > beta, v < alpha).
    #[arg(long)]
    strict: bool,

    /// Alpha-beta: clamp every value into the window its node was entered with.
    #[arg(long)]
    fail_hard: bool,

    /// Alpha-beta: the root's alpha, from MAX's point of view (a number, -inf or inf).
    #[arg(long, value_name = "X", allow_hyphen_values = true, value_parser = parse_bound)]
    alpha: Option<f64>,

    /// Alpha-beta: the root's beta, from MAX's point of view (a number, -inf or inf).
    #[arg(long, value_name = "Y", allow_hyphen_values = true, value_parser = parse_bound)]
    beta: Option<f64>,

    /// Evaluate nodes at this depth (root = 0) by their static value instead of searching below.
    #[arg(long, value_name = "N")]
    depth: Option<u32>,

    /// Who moves at the root (overrides the file).
    #[arg(long, value_enum)]
    player: Option<Player>,

    /// Whose point of view the file's values are from (overrides the file).
    #[arg(long, value_enum)]
    perspective: Option<Perspective>,

    /// How nested shapes name nodes that have no name.
    #[arg(long, value_enum, default_value_t = Naming::Letters)]
    names: Naming,

    /// When to use colour: auto means on a terminal and NO_COLOR unset.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

/// Parses a window bound: a number, `inf` or `-inf` (not NaN).
fn parse_bound(text: &str) -> Result<f64, String> {
    match text.trim() {
        "inf" | "+inf" => Ok(f64::INFINITY),
        "-inf" => Ok(f64::NEG_INFINITY),
        number => number
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("expected a number, inf or -inf, got {text:?}")),
    }
}

/// Why a run failed, and so which status it exits with.
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error("{0}")]
    Usage(String),
    #[error("{}", located(file, error))]
    Input { file: String, error: TreeError },
    #[error("{file}: {error}")]
    Search { file: String, error: SearchError },
    #[error("{0}")]
    Output(io::Error),
}

/// `FILE:LINE:COLUMN: message` when the error has a position, else `FILE: message`.
fn located(file: &str, error: &TreeError) -> String {
    match error.position {
        Some((line, column)) => format!("{file}:{line}:{column}: {}", error.message),
        None => format!("{file}: {}", error.message),
    }
}

/// Parses the command line, runs it and returns the exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(error.exit_code() as u8);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(cli, &mut out).and_then(|()| out.flush().map_err(Failure::Output));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(Failure::Search {
            error: SearchError::Io(error),
            ..
        }) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {failure}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Failure> {
    match cli.command {
        Command::Trace(args) => run_trace(&args, out),
        Command::Schema { which } => {
            let schema = match which {
                SchemaKind::Input => crate::schema::input(),
                SchemaKind::Trace => crate::schema::trace(),
            };
            writeln!(out, "{schema}").map_err(Failure::Output)
        }
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "gametree", out);
            Ok(())
        }
        Command::Man => clap_mangen::Man::new(Cli::command())
            .render(out)
            .map_err(Failure::Output),
    }
}

fn run_trace(args: &TraceArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let request = request(args)?;
    let (file, input) = read_input(&args.tree)?;
    let overrides = Overrides {
        player: args.player,
        perspective: args.perspective,
    };
    let tree = tree::parse(&input, args.names, overrides).map_err(|error| Failure::Input {
        file: file.clone(),
        error,
    })?;
    drop(input);
    let outcome = trace::write(&tree, &request, out).map_err(|error| match error {
        SearchError::Io(error) => Failure::Output(error),
        error => Failure::Search { file, error },
    })?;
    if request.format == Format::Answer
        && let Some(note) = crate::render::text::fail_note(&outcome)
    {
        eprintln!("note: {note}");
    }
    Ok(())
}

/// Checks that the options fit together and builds the request.
fn request(args: &TraceArgs) -> Result<Request, Failure> {
    if !args.algo.prunes() {
        let pruning_only = [
            (args.strict, "--strict"),
            (args.fail_hard, "--fail-hard"),
            (args.alpha.is_some(), "--alpha"),
            (args.beta.is_some(), "--beta"),
        ];
        if let Some((_, flag)) = pruning_only.iter().find(|(given, _)| *given) {
            return Err(Failure::Usage(format!(
                "{flag} applies only to alpha-beta; use --algo alphabeta or --algo negamax-alphabeta"
            )));
        }
    }
    let window = Window {
        alpha: args.alpha.unwrap_or(f64::NEG_INFINITY),
        beta: args.beta.unwrap_or(f64::INFINITY),
    };
    if window.alpha >= window.beta {
        return Err(Failure::Usage(format!(
            "--alpha ({}) must be less than --beta ({})",
            crate::render::Num(window.alpha),
            crate::render::Num(window.beta)
        )));
    }
    let options = Options {
        window,
        strict: args.strict,
        fail_hard: args.fail_hard,
        depth_limit: args.depth,
    };
    Ok(Request {
        algorithm: args.algo,
        options,
        format: args.format,
        palette: palette(args.color),
    })
}

/// Decides colour once: `always`, `never`, or for `auto` a terminal on
/// stdout with NO_COLOR unset (CLICOLOR_FORCE forces it on).
fn palette(choice: ColorChoice) -> Palette {
    let set = |name| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    let enabled = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            !no_color && (set("CLICOLOR_FORCE") || io::stdout().is_terminal())
        }
    };
    colored::control::set_override(enabled);
    Palette { enabled }
}

/// Reads the tree file (or standard input for `-`), returning the name to
/// use in messages and the bytes.
fn read_input(path: &PathBuf) -> Result<(String, Vec<u8>), Failure> {
    let is_stdin = path.as_os_str() == "-";
    let file = if is_stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let mut bytes = Vec::new();
    let read = if is_stdin {
        io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map(drop)
    };
    match read {
        Ok(()) => Ok((file, bytes)),
        Err(error) => Err(Failure::Input {
            error: TreeError::new(describe_io(&error)),
            file,
        }),
    }
}

/// An I/O error in words, without the OS error number.
fn describe_io(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "cannot read: no such file".into(),
        io::ErrorKind::PermissionDenied => "cannot read: permission denied".into(),
        io::ErrorKind::IsADirectory => "cannot read: it is a directory".into(),
        io::ErrorKind::InvalidData => "cannot read: not valid data".into(),
        _ => format!("cannot read: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn bounds_take_numbers_and_infinities_but_not_nan() {
        assert_eq!(parse_bound("-inf"), Ok(f64::NEG_INFINITY));
        assert_eq!(parse_bound("inf"), Ok(f64::INFINITY));
        assert_eq!(parse_bound("-2.5"), Ok(-2.5));
        assert!(parse_bound("nan").is_err());
        assert!(parse_bound("infinity").is_err());
        assert!(parse_bound("x").is_err());
    }
}
