//! The command line: clap definitions, turning arguments into a request,
//! and mapping every failure to one `error:` line and an exit status.
//!
//! Exit statuses: 0 success, 1 a check found a mismatch, 2 bad input or usage.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{ColorChoice, CommandFactory, Parser, Subcommand, ValueEnum};

use crate::graphviz::{self, GraphvizError, ImageFormat};
use crate::render::{Num, Palette};
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

    /// What to print [default: text, or dot with --frames, --frame and image files].
    #[arg(short, long, value_enum)]
    format: Option<Format>,

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

    /// Write the output to FILE instead of stdout; FILE.svg, .png or .pdf is
    /// drawn by Graphviz's `dot`.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// DOT: number the nodes in the order the search visits them.
    #[arg(long)]
    numbers: bool,

    /// DOT: add a caption with the algorithm, root player, best move and value.
    #[arg(long)]
    caption: bool,

    /// DOT: write one frame per search step into DIR (frame-001.dot, ...).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["frame", "output"])]
    frames: Option<PathBuf>,

    /// With --frames: also draw each frame with Graphviz in this format.
    #[arg(long, value_enum, value_name = "FORMAT", requires = "frames")]
    frames_format: Option<ImageFormat>,

    /// DOT: print only frame N (from 1) of what --frames would write.
    #[arg(long, value_name = "N", value_parser = parse_frame, conflicts_with = "output")]
    frame: Option<u64>,
}

/// Where `trace` sends its output.
#[derive(Debug)]
enum Destination {
    Stdout,
    File(PathBuf),
    Image(PathBuf, ImageFormat),
    Frames(PathBuf, Option<ImageFormat>),
    Frame(u64),
}

impl TraceArgs {
    fn destination(&self) -> Destination {
        if let Some(dir) = &self.frames {
            return Destination::Frames(dir.clone(), self.frames_format);
        }
        if let Some(n) = self.frame {
            return Destination::Frame(n);
        }
        match &self.output {
            None => Destination::Stdout,
            Some(path) => match ImageFormat::of_path(path) {
                Some(format) => Destination::Image(path.clone(), format),
                None => Destination::File(path.clone()),
            },
        }
    }
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

/// Parses a frame number: frames are numbered from 1.
fn parse_frame(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("frames are numbered from 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a frame number, got {text:?}")),
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
    #[error("{0}")]
    Graphviz(GraphvizError),
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
        Err(Failure::Search { error: SearchError::Io(error), .. })
            if error.kind() == io::ErrorKind::BrokenPipe =>
        {
            ExitCode::SUCCESS
        }
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
        Command::Man => clap_mangen::Man::new(Cli::command()).render(out).map_err(Failure::Output),
    }
}

fn run_trace(args: &TraceArgs, stdout: &mut dyn Write) -> Result<(), Failure> {
    let destination = args.destination();
    let request = request(args, &destination)?;
    let (file, input) = read_input(&args.tree)?;
    let overrides = Overrides { player: args.player, perspective: args.perspective };
    let tree = tree::parse(&input, args.names, overrides)
        .map_err(|error| Failure::Input { file: file.clone(), error })?;
    drop(input);
    let failed = |error| match error {
        SearchError::Io(error) => Failure::Output(error),
        error => Failure::Search { file: file.clone(), error },
    };
    let outcome = match destination {
        Destination::Stdout => trace::write(&tree, &request, stdout).map_err(failed)?,
        Destination::File(path) => {
            let mut out = io::BufWriter::new(create(&path)?);
            let outcome = trace::write(&tree, &request, &mut out).map_err(failed)?;
            out.flush().map_err(|error| cannot_write(&path, &error))?;
            outcome
        }
        Destination::Image(path, format) => {
            let mut dot_text = Vec::new();
            let outcome = trace::write(&tree, &request, &mut dot_text).map_err(failed)?;
            draw(&dot_text, format, &path)?;
            outcome
        }
        Destination::Frames(dir, format) => {
            return write_frames(&tree, &request, &dir, format, failed);
        }
        Destination::Frame(n) => {
            let frame = one_frame(&tree, &request, n, failed)?;
            return stdout.write_all(&frame).map_err(Failure::Output);
        }
    };
    if request.format == Format::Answer
        && let Some(note) = crate::render::text::fail_note(&outcome)
    {
        eprintln!("note: {note}");
    }
    Ok(())
}

/// Frame `n` of the search, as `--frames` would write it.
fn one_frame(
    tree: &tree::Tree,
    request: &Request,
    n: u64,
    failed: impl Fn(SearchError) -> Failure,
) -> Result<Vec<u8>, Failure> {
    let mut frame = None;
    let count = trace::write_frames(tree, request, |step, dot_text| {
        if step == n {
            frame = Some(dot_text.to_vec());
        }
        Ok(())
    })
    .map_err(failed)?;
    frame.ok_or_else(|| Failure::Usage(format!("--frame {n}: this search has {count} frames")))
}

/// Writes every frame into `dir` as `frame-001.dot`, ... (drawn by Graphviz
/// when `format` is given), replacing the frames of an earlier run.
fn write_frames(
    tree: &tree::Tree,
    request: &Request,
    dir: &Path,
    format: Option<ImageFormat>,
    failed: impl Fn(SearchError) -> Failure,
) -> Result<(), Failure> {
    let count = trace::count_steps(tree, request).map_err(&failed)?;
    let width = count.to_string().len().max(3);
    let extension = format.map_or("dot", ImageFormat::extension);
    let path_of = |step: u64| dir.join(format!("frame-{step:0width$}.{extension}"));
    prepare_frame_dir(dir)?;
    let mut failure = None;
    let written = trace::write_frames(tree, request, |step, dot_text| {
        let path = path_of(step);
        let result = match format {
            None => std::fs::write(&path, dot_text).map_err(|error| cannot_write(&path, &error)),
            Some(format) => draw(dot_text, format, &path),
        };
        // Keep the real failure; the search only needs to stop.
        result.map_err(|error| {
            failure = Some(error);
            io::Error::other("a frame could not be written")
        })
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    written.map_err(failed)?;
    eprintln!("wrote {count} frames: {} ... {}", path_of(1).display(), path_of(count).display());
    Ok(())
}

/// Creates the frame directory, or empties it of earlier frames (files
/// named `frame-NNN.dot|svg|png|pdf`; nothing else is touched).
fn prepare_frame_dir(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|error| cannot_write(dir, &error))?;
    let entries = std::fs::read_dir(dir).map_err(|error| cannot_write(dir, &error))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if is_frame_file(&name.to_string_lossy()) {
            std::fs::remove_file(entry.path())
                .map_err(|error| cannot_write(&entry.path(), &error))?;
        }
    }
    Ok(())
}

/// Whether a file name is one `--frames` writes: `frame-<digits>.<ext>`.
fn is_frame_file(name: &str) -> bool {
    let Some((stem, extension)) = name.rsplit_once('.') else { return false };
    let Some(number) = stem.strip_prefix("frame-") else { return false };
    !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && ["dot", "svg", "png", "pdf"].contains(&extension)
}

/// Draws DOT text with Graphviz, passing its warnings on.
fn draw(dot_text: &[u8], format: ImageFormat, path: &Path) -> Result<(), Failure> {
    let warnings = graphviz::draw(dot_text, format, path).map_err(Failure::Graphviz)?;
    if !warnings.is_empty() {
        eprintln!("warning: from Graphviz: {warnings}");
    }
    Ok(())
}

fn create(path: &Path) -> Result<std::fs::File, Failure> {
    std::fs::File::create(path).map_err(|error| cannot_write(path, &error))
}

fn cannot_write(path: &Path, error: &io::Error) -> Failure {
    Failure::Usage(format!("cannot write {}: {}", path.display(), describe_io(error)))
}

/// Checks that the options fit together and builds the request.
fn request(args: &TraceArgs, destination: &Destination) -> Result<Request, Failure> {
    let format = format(args, destination)?;
    let misplaced = |flags: &[(bool, &'static str)]| {
        flags.iter().find(|(given, _)| *given).map(|(_, flag)| *flag)
    };
    if format != Format::Dot
        && let Some(flag) = misplaced(&[(args.numbers, "--numbers"), (args.caption, "--caption")])
    {
        return Err(Failure::Usage(format!("{flag} applies only to DOT output; add --format dot")));
    }
    let pruning_flags = [
        (args.strict, "--strict"),
        (args.fail_hard, "--fail-hard"),
        (args.alpha.is_some(), "--alpha"),
        (args.beta.is_some(), "--beta"),
    ];
    if !args.algo.prunes()
        && let Some(flag) = misplaced(&pruning_flags)
    {
        return Err(Failure::Usage(format!(
            "{flag} applies only to alpha-beta; use --algo alphabeta or --algo negamax-alphabeta"
        )));
    }
    let window = Window {
        alpha: args.alpha.unwrap_or(f64::NEG_INFINITY),
        beta: args.beta.unwrap_or(f64::INFINITY),
    };
    if window.alpha >= window.beta {
        return Err(Failure::Usage(format!(
            "--alpha ({}) must be less than --beta ({})",
            Num(window.alpha),
            Num(window.beta)
        )));
    }
    let options =
        Options { window, strict: args.strict, fail_hard: args.fail_hard, depth_limit: args.depth };
    Ok(Request {
        algorithm: args.algo,
        options,
        format,
        palette: palette(args.color),
        numbers: args.numbers,
        caption: args.caption,
    })
}

/// The output format: as given, or DOT where the destination draws.
fn format(args: &TraceArgs, destination: &Destination) -> Result<Format, Failure> {
    let drawing = match destination {
        Destination::Image(path, _) => Some(format!("-o {}", path.display())),
        Destination::Frames(..) => Some("--frames".to_string()),
        Destination::Frame(_) => Some("--frame".to_string()),
        Destination::Stdout | Destination::File(_) => None,
    };
    match (args.format, drawing) {
        (Some(format), Some(what)) if format != Format::Dot => {
            let name =
                format.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default();
            Err(Failure::Usage(format!(
                "{what} draws DOT, so it cannot be used with --format {name}"
            )))
        }
        (_, Some(_)) => Ok(Format::Dot),
        (format, None) => Ok(format.unwrap_or_default()),
    }
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
    let file = if is_stdin { "<stdin>".to_string() } else { path.display().to_string() };
    let mut bytes = Vec::new();
    let read = if is_stdin {
        io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)).map(drop)
    };
    match read {
        Ok(()) => Ok((file, bytes)),
        Err(error) => Err(Failure::Input { error: TreeError::new(describe_io(&error)), file }),
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
