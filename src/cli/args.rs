//! Argument groups the subcommands share: which tree to read and how, and
//! how to search it.

use std::borrow::Cow;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::Failure;
use crate::bounds::Window;
use crate::order::Order;
use crate::search::{Algorithm, NegamaxView, Returns};
use crate::settings::{Requested, Settings};
use crate::tree::{self, Naming, Overrides, Perspective, Player, Tree};

/// The tree file and how to read it.
#[derive(Debug, clap::Args)]
pub struct TreeArgs {
    /// The tree file (JSON, any of the three shapes, or a CS188 game-tree test); `-` reads standard input.
    pub tree: PathBuf,

    /// Who moves at the root (overrides the file).
    #[arg(long, value_enum)]
    pub player: Option<Player>,

    /// Whose point of view the file's values are from (overrides the file).
    #[arg(long, value_enum)]
    pub perspective: Option<Perspective>,

    /// How nested shapes name nodes that have no name.
    #[arg(long, value_enum, default_value_t = Naming::Letters)]
    pub names: Naming,

    /// The flat file is a game graph: a node may have several parents (a position reached by different moves). Searched as its tree, a shared node once per path.
    #[arg(long)]
    pub graph: bool,
}

impl TreeArgs {
    /// What the command line says of the tree.
    pub fn overrides(&self) -> Overrides {
        Overrides { player: self.player, perspective: self.perspective, graph: self.graph }
    }

    /// Reads and validates the tree; returns the name to use in messages too.
    pub fn load(&self) -> Result<(String, Tree), Failure> {
        self.load_as(Overrides::default())
    }

    /// [`load`](Self::load), with `defaults` for the overrides the command
    /// line does not give (`check` takes them from a JSON trace).
    pub fn load_as(&self, defaults: Overrides) -> Result<(String, Tree), Failure> {
        let (file, input) = read_input(&self.tree)?;
        let tree = self.parse(&file, input, defaults)?;
        Ok((file, tree))
    }

    /// The tree from `input`, already read from `file`, with `defaults`
    /// for the overrides the command line does not give (`check` reads
    /// the tree again under other conventions, and a pipe reads once).
    pub fn parse<'a>(
        &self,
        file: &str,
        input: impl Into<Cow<'a, [u8]>>,
        defaults: Overrides,
    ) -> Result<Tree, Failure> {
        let overrides = self.overrides().or(defaults);
        let tree = crate::import::parse(input.into(), self.names, overrides)
            .map_err(|error| Failure::Input { file: file.to_string(), error })?;
        say_notes(file, &tree);
        Ok(tree)
    }
}

/// Says on standard error what the reader noted about the tree file
/// without refusing it (probabilities scaled to sum to 1).
pub fn say_notes(file: &str, tree: &Tree) {
    for note in tree.notes() {
        super::say(&format!("note: {file}: {note}"));
    }
}

/// `cannot write PATH: why`, a usage failure (exit status 2).
pub fn cannot_write(path: &Path, error: &io::Error) -> Failure {
    Failure::Usage(format!("cannot write {}: {}", path.display(), describe_io(error)))
}

/// The alpha-beta settings `compare` applies to its alpha-beta rows.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct WindowArgs {
    /// Alpha-beta: cut only on strict inequality (v > beta, v < alpha).
    #[arg(long)]
    pub strict: bool,

    /// Alpha-beta: the root's alpha, from MAX's point of view (a number, -inf or inf).
    #[arg(long, value_name = "X", allow_hyphen_values = true, value_parser = parse_bound)]
    pub alpha: Option<f64>,

    /// Alpha-beta: the root's beta, from MAX's point of view (a number, -inf or inf).
    #[arg(long, value_name = "Y", allow_hyphen_values = true, value_parser = parse_bound)]
    pub beta: Option<f64>,
}

/// Which algorithm, and how it searches.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct SearchArgs {
    /// The search algorithm [default: minimax].
    #[arg(short, long, value_enum)]
    pub algo: Option<Algorithm>,

    #[command(flatten)]
    pub window: WindowArgs,

    #[command(flatten)]
    pub returns: ReturnArgs,

    /// Negamax forms: show values from the point of view of the player to move at the node, or of the player who moved into it (each negated) [default: to-move].
    #[arg(long, value_enum, value_name = "SIDE")]
    pub negamax_view: Option<NegamaxView>,

    /// Evaluate nodes at this depth (root = 0) by their static value instead of searching below.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,

    /// Search each node's children in this order: given, best-first or worst-first (by minimax value), or random:SEED.
    #[arg(long, value_name = "ORDER")]
    pub order: Option<Order>,

    /// The values the game can take, from MAX's point of view: minimax and
    /// negamax stop at a node once it has its player's best possible value;
    /// for alpha-beta it is the root's window.
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true, value_parser = parse_range, conflicts_with_all = ["alpha", "beta"])]
    pub value_range: Option<Window>,

    /// MTD(f): the first guess at the root's value, from MAX's point of view [default: 0].
    #[arg(long, value_name = "F", allow_hyphen_values = true, value_parser = parse_bound)]
    pub guess: Option<f64>,

    /// Keep each position's result in a transposition table and take it when a game graph (--graph) reaches the position again.
    #[arg(long)]
    pub transpositions: bool,
}

/// What an alpha-beta node returns outside its window: fail-soft unless
/// one of these is given.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct ReturnArgs {
    /// Alpha-beta: clamp every value into the window its node was entered with.
    #[arg(long)]
    pub fail_hard: bool,

    /// Alpha-beta: start a MAX node's v at its alpha, a MIN node's at its beta (Knuth and Moore's F2).
    #[arg(long, conflicts_with = "fail_hard")]
    pub start_at_bound: bool,
}

impl ReturnArgs {
    /// The convention these flags choose.
    pub fn returns(self) -> Returns {
        if self.fail_hard {
            Returns::FailHard
        } else if self.start_at_bound {
            Returns::StartAtBound
        } else {
            Returns::FailSoft
        }
    }
}

/// Parses `LO..HI`: two numbers, LO below HI.
pub fn parse_range(text: &str) -> Result<Window, String> {
    let (low, high) =
        text.split_once("..").ok_or_else(|| format!("expected LO..HI, got {text:?}"))?;
    let (alpha, beta) = (parse_bound(low)?, parse_bound(high)?);
    if alpha >= beta {
        return Err(format!("{text:?}: LO must be below HI"));
    }
    Ok(Window { alpha, beta })
}

impl SearchArgs {
    /// The settings asked for, to be resolved for a tree or an answer.
    pub fn requested(&self) -> Requested {
        Requested {
            algorithm: self.algo,
            alpha: self.window.alpha,
            beta: self.window.beta,
            strict: self.window.strict,
            returns: Some(self.returns.returns()).filter(|&r| r != Returns::FailSoft),
            negamax_view: self.negamax_view,
            depth: self.depth,
            order: self.order,
            value_range: self.value_range,
            guess: self.guess,
            transpositions: self.transpositions,
        }
    }

    /// The settings for `tree`, checked to fit together (see
    /// [`Requested::resolve_for`]).
    pub fn resolve_for(&self, tree: &Tree) -> Result<Settings, Failure> {
        self.requested().resolve_for(tree).map_err(|refused| Failure::Usage(refused.0))
    }

    /// The settings, with `default` where `--algo` is not given.
    pub fn resolve(&self, default: Algorithm) -> Result<Settings, Failure> {
        self.requested().resolve(default).map_err(|refused| Failure::Usage(refused.0))
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

/// Reads a file (or standard input for `-`), returning the name to use in
/// messages and the bytes.
pub fn read_input(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    let file = name_in_messages(path);
    match read_within(path, tree::MAX_INPUT_BYTES, tree::too_large) {
        Ok(bytes) => Ok((file, bytes)),
        Err(error) => {
            let error = tree::TreeError::new(format!("cannot read: {}", describe_io(&error)));
            Err(Failure::Input { error, file })
        }
    }
}

/// The bytes of a file (or standard input for `-`) of at most `limit`
/// bytes; a larger one is refused (`FileTooLarge`, with the reason
/// `too_large` gives for its length) after reading no more than one byte
/// past the limit, so an endless input (`/dev/zero`) ends too.
pub fn read_within(
    path: &Path,
    limit: u64,
    too_large: fn(u64) -> Option<String>,
) -> io::Result<Vec<u8>> {
    let refuse_beyond = |len: u64| match too_large(len) {
        Some(reason) => Err(io::Error::new(io::ErrorKind::FileTooLarge, reason)),
        None => Ok(()),
    };
    let (source, expected): (Box<dyn Read>, u64) = if is_stdin(path) {
        (Box::new(io::stdin().lock()), 0)
    } else {
        // One open file, read once: a pipe or a FIFO cannot be read twice.
        let file = std::fs::File::open(path)?;
        let metadata = file.metadata()?;
        let expected = if metadata.is_file() { metadata.len() } else { 0 };
        refuse_beyond(expected)?;
        (Box::new(file), expected)
    };
    let mut bytes = Vec::with_capacity(expected.min(limit) as usize);
    source.take(limit + 1).read_to_end(&mut bytes)?;
    refuse_beyond(bytes.len() as u64)?;
    Ok(bytes)
}

/// Whether `path` stands for standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages name the file at `path`.
pub fn name_in_messages(path: &Path) -> String {
    if is_stdin(path) { "<stdin>".to_string() } else { path.display().to_string() }
}

/// Why an I/O operation failed, in words, without the OS error number.
pub fn describe_io(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file or directory".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::IsADirectory => "it is a directory".into(),
        io::ErrorKind::NotADirectory => "a part of the path is not a directory".into(),
        io::ErrorKind::InvalidData => "not valid data".into(),
        // gametree's own refusal of a large input says why; the system's does not.
        io::ErrorKind::FileTooLarge => match error.get_ref() {
            Some(reason) => format!("too large: {reason}"),
            None => "the file would grow too large".into(),
        },
        io::ErrorKind::StorageFull => "no space left on device".into(),
        _ => {
            let text = error.to_string();
            let words = text.split(" (os error").next().unwrap_or(&text);
            let mut chars = words.chars();
            chars
                .next()
                .map(|first| first.to_lowercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
