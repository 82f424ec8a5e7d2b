//! The command line: clap definitions, turning arguments into a request,
//! and mapping every failure to one `error:` line and an exit status.
//!
//! Exit statuses: 0 success, 1 a check found a mismatch, 2 bad input or usage.

mod args;
mod check;
mod compare;
mod destination;
mod generate;
mod man;
mod output;
mod play;
mod sheet;
mod trace;

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{ColorChoice, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::check::classroom::AnswerError;
use crate::graphviz::GraphvizError;
use crate::search::{RunError, SearchError};
use crate::terminal::Palette;
use crate::trace::TraceError;
use crate::tree::TreeError;

const EXAMPLES: &str = "\
Examples:
  gametree trace trees/aima-5-2.json --algo alphabeta
  gametree trace trees/lecture.json --format answer
  echo '[[3,12,8],[2,4,6],[14,5,2]]' | gametree trace - --algo alphabeta --format json
  gametree trace trees/equality.json --algo alphabeta --strict
  gametree trace trees/depth-limited.json --depth 2 --algo negamax";

const CHECK_EXAMPLES: &str = "\
Examples:
  gametree check trees/aima-5-2.json answer.txt --algo alphabeta
  gametree check trees/equality.json answer.txt --algo alphabeta --strict
  gametree check trees/lecture.json expected.json   (a JSON trace: its own settings apply)

Exit status: 0 when every key given is right, 1 when any is wrong, 2 when the tree
or the answer cannot be read.";

const OVERVIEW_EXAMPLES: &str = "\
Examples:
  gametree trace trees/aima-5-2.json --algo alphabeta
  gametree trace trees/aima-5-2.json --algo alphabeta --caption -o aima.svg
  gametree check trees/aima-5-2.json answer.txt --algo alphabeta
  gametree compare trees/aima-5-2.json
  gametree gen random --seed 7 | gametree trace - --algo alphabeta --format answer";

/// Trace minimax, negamax and alpha-beta on small game trees.
#[derive(Debug, Parser)]
#[command(name = "gametree", version, propagate_version = true, about, after_help = OVERVIEW_EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run one algorithm on a tree and print its trace.
    #[command(after_help = EXAMPLES)]
    Trace(trace::TraceArgs),
    /// Grade an answer (classroom lines or a JSON trace) against the search.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(check::CheckArgs),
    /// Run every algorithm on a tree and compare their work.
    Compare(compare::CompareArgs),
    /// Write a random exercise tree or a real game tree.
    #[command(subcommand)]
    Gen(generate::GenCommand),
    /// Play a game to its end with the lecture's search programs.
    #[command(subcommand)]
    Play(play::PlayCommand),
    /// Write an exercise sheet: random trees, their pictures and answer keys.
    Sheet(sheet::SheetArgs),
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
    /// Print a manual page (roff), or write them all into a directory.
    Man(man::ManArgs),
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SchemaKind {
    /// The tree file shapes `trace` reads.
    Input,
    /// The document `trace --format json` writes.
    Trace,
}

/// Why a run failed, and so which status it exits with.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Failure {
    #[error("{0}")]
    Usage(String),
    #[error("{}", located(file, error))]
    Input { file: String, error: TreeError },
    #[error("{file}: {error}")]
    Search { file: String, error: SearchError },
    /// Standard output could not be written.
    #[error("cannot write standard output: {}", args::describe_io(.0))]
    Output(io::Error),
    #[error("{0}")]
    Graphviz(GraphvizError),
    #[error("{}", answer_location(file, error))]
    Answer { file: String, error: AnswerError },
}

impl Failure {
    /// The tree read from `file` cannot be searched as asked.
    fn of_search(file: &str) -> impl Fn(SearchError) -> Failure + Copy + '_ {
        move |error| Failure::Search { file: file.to_string(), error }
    }

    /// A trace of the tree read from `file` failed: standard output broke,
    /// or the tree cannot be searched as asked.
    fn of_trace(file: &str) -> impl Fn(TraceError) -> Failure + Copy + '_ {
        move |error| match error {
            RunError::Sink(error) => Failure::Output(error),
            RunError::Search(error) => Failure::Search { file: file.to_string(), error },
        }
    }
}

/// How a successful run ended.
pub(crate) enum Status {
    Success,
    /// A check found a difference (exit status 1).
    Mismatch,
    /// Some answers of a class could not be read; each verdict line says
    /// why (exit status 2, with no further error line).
    Unreadable,
}

/// `FILE:LINE: message` when the problem has a line, else `FILE: message`.
fn answer_location(file: &str, error: &AnswerError) -> String {
    in_file(file, error.line.map(|line| line.to_string()), &error.message)
}

/// `FILE:LINE:COLUMN: message` when the error has a position, else `FILE: message`.
fn located(file: &str, error: &TreeError) -> String {
    let place = error.position.map(|(line, column)| format!("{line}:{column}"));
    in_file(file, place, &error.message)
}

/// `FILE:PLACE: message`, or `FILE: message` without a place.
fn in_file(file: &str, place: Option<String>, message: &str) -> String {
    match place {
        Some(place) => format!("{file}:{place}: {message}"),
        None => format!("{file}: {message}"),
    }
}

/// Parses the command line, runs it and returns the exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return clap_exit(&error),
    };
    // Large writes: a JSON trace of a large tree is a hundred megabytes.
    let mut out = io::BufWriter::with_capacity(1 << 16, standard_output());
    let result = run(cli, &mut out);
    // Flushed whatever the result: a failed run may have written a verdict.
    // A closed pipe (`gametree ... | head`) ends the output quietly, and
    // the run's exit status stands (`check`'s mismatch is still 1).
    let flushed = written(out.flush());
    exit(result.and_then(|status| flushed.map(|()| status)))
}

/// Whether output was written, or the reader closed the pipe (`gametree
/// ... | head -1`): the writing then ends quietly and the run's exit
/// status stands, so that a CI job with `pipefail` still sees `check`'s
/// mismatch.
pub(crate) fn written(result: io::Result<()>) -> Result<(), Failure> {
    match result {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        result => result.map_err(Failure::Output),
    }
}

/// The exit status of a run, after the one-line error of a failed one.
fn exit(result: Result<Status, Failure>) -> ExitCode {
    match result {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::Mismatch) => ExitCode::from(1),
        Ok(Status::Unreadable) => ExitCode::from(2),
        // A closed pipe (`gametree ... | head`) ends quietly.
        Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(failure) => {
            say(&format!("error: {failure}"));
            ExitCode::from(2)
        }
    }
}

/// The most characters of a line [`say`] writes: a message that quotes a
/// file's megabyte-long key or name is cut, so that it stays a line a
/// person reads.
const SAID: usize = 1000;

/// Writes a line to standard error, with whatever it echoes made
/// [visible](crate::terminal::visible), cut after [`SAID`] characters with
/// `…` and its length in bytes. A failure to write it changes nothing:
/// there is nowhere left to say so, and the exit status stands.
pub(crate) fn say(line: &str) {
    let line = match line.char_indices().nth(SAID) {
        Some((cut, _)) => Cow::Owned(format!("{}… ({} bytes)", &line[..cut], line.len())),
        None => Cow::Borrowed(line),
    };
    let _ = writeln!(io::stderr().lock(), "{}", crate::terminal::visible(&line));
}

/// What clap says about the command line: help and version on standard
/// output (exit 0, or 2 when it cannot be written), usage errors on
/// standard error (exit 2).
fn clap_exit(error: &clap::Error) -> ExitCode {
    // In clap's colours where they go to a terminal.
    let text = |terminal: bool| {
        let text = error.render();
        if terminal { text.ansi().to_string() } else { text.to_string() }
    };
    if error.use_stderr() {
        say(&one_line(&error.render().to_string()));
        return ExitCode::from(error.exit_code() as u8);
    }
    let text = text(io::stdout().is_terminal());
    let mut out = standard_output();
    let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    exit(written.map(|()| Status::Success).map_err(Failure::Output))
}

/// clap's message for a command line it cannot take, as one line: the
/// error and its tips or possible values, without the usage block and the
/// pointer to `--help` (`--help` is always there).
fn one_line(rendered: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for line in rendered.lines().map(str::trim) {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            parts.push(line);
        }
    }
    parts.join(" ").replace(" tip: ", "; tip: ")
}

/// Standard output, for the caller to buffer. Where the platform allows,
/// a second handle on it that writes straight through: the standard
/// library's own handle is line-buffered, so it searches every byte written
/// for a newline, and a JSON trace of a large tree is a hundred megabytes.
fn standard_output() -> Box<dyn Write> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(handle) = io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(std::fs::File::from(handle));
        }
    }
    Box::new(io::stdout().lock())
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<Status, Failure> {
    let done = |()| Status::Success;
    match cli.command {
        Command::Trace(args) => trace::run(&args, out).map(done),
        Command::Check(args) => check::run(&args, out),
        Command::Compare(args) => compare::run(&args, out).map(done),
        Command::Gen(command) => generate::run(&command, out).map(done),
        Command::Play(command) => play::run(&command, out).map(done),
        Command::Sheet(args) => sheet::run(&args).map(done),
        Command::Schema { which } => {
            let schema = match which {
                SchemaKind::Input => crate::schema::input(),
                SchemaKind::Trace => crate::schema::trace(),
            };
            writeln!(out, "{schema}").map(done).map_err(Failure::Output)
        }
        Command::Completions { shell } => {
            // clap_complete panics on a failed write: write the script whole.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gametree", &mut script);
            out.write_all(&script).map(done).map_err(Failure::Output)
        }
        Command::Man(args) => man::run(&args, out).map(done),
    }
}

/// Decides colour once: `always`, `never`, or for `auto` a terminal on
/// stdout with NO_COLOR unset (CLICOLOR_FORCE forces it on).
pub(crate) fn palette(choice: ColorChoice) -> Palette {
    let set = |name| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    let enabled = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            !no_color && (set("CLICOLOR_FORCE") || io::stdout().is_terminal())
        }
    };
    Palette { enabled }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
