//! Argument groups the subcommands share: which tree to read and how, and
//! how to search it.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::Failure;
use crate::render::Num;
use crate::search::{Algorithm, Options, Window};
use crate::tree::{self, Naming, Overrides, Perspective, Player, Tree};

/// The tree file and how to read it.
#[derive(Debug, clap::Args)]
pub struct TreeArgs {
    /// The tree file (JSON, any of the three shapes); `-` reads standard input.
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
}

impl TreeArgs {
    /// Reads and validates the tree; returns the name to use in messages too.
    pub fn load(&self) -> Result<(String, Tree), Failure> {
        let overrides = Overrides { player: self.player, perspective: self.perspective };
        if let Some(tree) = self.read_in_order(overrides) {
            return Ok((name_in_messages(&self.tree), tree));
        }
        let (file, input) = read_input(&self.tree)?;
        match tree::parse(input, self.names, overrides) {
            Ok(tree) => Ok((file, tree)),
            Err(error) => Err(Failure::Input { file, error }),
        }
    }

    /// The tree, read as the file is read, where the file is a flat
    /// document in pre-order (as generated trees are), without the file's
    /// bytes all in memory at once: most of the time reading a large file
    /// whole takes is the system's handing out memory for it. `None` for
    /// any other file, or standard input, which are then read whole.
    fn read_in_order(&self, overrides: Overrides) -> Option<Tree> {
        if is_stdin(&self.tree) {
            return None;
        }
        let file = std::fs::File::open(&self.tree).ok()?;
        let metadata = file.metadata().ok()?;
        (metadata.is_file() && tree::too_large(metadata.len()).is_none()).then_some(())?;
        tree::read_in_order(file, metadata.len(), overrides)
    }
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

impl WindowArgs {
    /// The root window, checked to be non-empty.
    pub fn window(&self) -> Result<Window, Failure> {
        let window = Window {
            alpha: self.alpha.unwrap_or(f64::NEG_INFINITY),
            beta: self.beta.unwrap_or(f64::INFINITY),
        };
        if window.alpha >= window.beta {
            return Err(Failure::Usage(format!(
                "--alpha ({}) must be less than --beta ({})",
                Num(window.alpha),
                Num(window.beta)
            )));
        }
        Ok(window)
    }
}

/// Which algorithm, and how it searches.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct SearchArgs {
    /// The search algorithm [default: minimax].
    #[arg(short, long, value_enum)]
    pub algo: Option<Algorithm>,

    #[command(flatten)]
    pub window: WindowArgs,

    /// Alpha-beta: clamp every value into the window its node was entered with.
    #[arg(long)]
    pub fail_hard: bool,

    /// Evaluate nodes at this depth (root = 0) by their static value instead of searching below.
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
}

impl SearchArgs {
    /// The algorithm and its options, checked to fit together.
    pub fn resolve(&self, default: Algorithm) -> Result<(Algorithm, Options), Failure> {
        let algorithm = self.algo.unwrap_or(default);
        let pruning_flags = [
            (self.window.strict, "--strict"),
            (self.fail_hard, "--fail-hard"),
            (self.window.alpha.is_some(), "--alpha"),
            (self.window.beta.is_some(), "--beta"),
        ];
        if !algorithm.prunes()
            && let Some(flag) = first_given(&pruning_flags)
        {
            return Err(Failure::Usage(format!(
                "{flag} applies only to alpha-beta; use --algo alphabeta or --algo negamax-alphabeta"
            )));
        }
        let options = Options {
            window: self.window.window()?,
            strict: self.window.strict,
            fail_hard: self.fail_hard,
            depth_limit: self.depth,
        };
        Ok((algorithm, options))
    }
}

/// The first flag of `flags` that was given.
pub fn first_given(flags: &[(bool, &'static str)]) -> Option<&'static str> {
    flags.iter().find(|(given, _)| *given).map(|(_, flag)| *flag)
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
pub fn read_input(path: &PathBuf) -> Result<(String, Vec<u8>), Failure> {
    let file = name_in_messages(path);
    let read = if is_stdin(path) { read_at_most(io::stdin().lock(), 0) } else { read_file(path) };
    match read {
        Ok(bytes) => Ok((file, bytes)),
        Err(error) => {
            let error = tree::TreeError::new(format!("cannot read: {}", describe_io(&error)));
            Err(Failure::Input { error, file })
        }
    }
}

/// Whether `path` stands for standard input.
fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages name the file at `path`.
fn name_in_messages(path: &Path) -> String {
    if is_stdin(path) { "<stdin>".to_string() } else { path.display().to_string() }
}

/// A file's bytes, read into a buffer sized from its length (no growing
/// and copying on the way), a large one [in two halves at once](read_in_halves);
/// a file too large to read is refused before anything is read.
fn read_file(path: &PathBuf) -> io::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    let metadata = file.metadata()?;
    let len = metadata.len();
    refuse_if_too_large(len)?;
    if metadata.is_file()
        && len >= HALVES_FROM
        && let Some(bytes) = read_in_halves(&file, len as usize)?
    {
        return Ok(bytes);
    }
    read_at_most(file, len as usize)
}

/// From this size on, a file is read in two halves at once.
const HALVES_FROM: u64 = 1 << 20;

/// A file of `len` bytes, read in two halves at once, one per core: most
/// of the time reading takes goes to the system's copying the bytes into
/// new memory, and that goes on both cores. `None` where the file changed
/// size meanwhile (the caller then reads it as it is now).
#[cfg(unix)]
fn read_in_halves(file: &std::fs::File, len: usize) -> io::Result<Option<Vec<u8>>> {
    use std::os::unix::fs::FileExt;
    let mut bytes = vec![0; len];
    let (first, second) = bytes.split_at_mut(len / 2);
    let (first, second) = crate::pipeline::both(
        "file reader",
        || file.read_exact_at(first, 0),
        || file.read_exact_at(second, (len / 2) as u64),
    );
    match first.and(second) {
        Ok(()) if file.read_at(&mut [0], len as u64)? == 0 => Ok(Some(bytes)),
        Err(error) if error.kind() != io::ErrorKind::UnexpectedEof => Err(error),
        _ => Ok(None),
    }
}

#[cfg(not(unix))]
fn read_in_halves(_: &std::fs::File, _: usize) -> io::Result<Option<Vec<u8>>> {
    Ok(None)
}

/// Everything `source` gives, up to one byte more than a tree may have
/// (refused); `expected` is the size to start with.
fn read_at_most(source: impl Read, expected: usize) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(expected);
    source.take(tree::MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    refuse_if_too_large(bytes.len() as u64)?;
    Ok(bytes)
}

fn refuse_if_too_large(len: u64) -> io::Result<()> {
    match tree::too_large(len) {
        Some(reason) => Err(io::Error::new(io::ErrorKind::FileTooLarge, reason)),
        None => Ok(()),
    }
}

/// Why an I/O operation failed, in words, without the OS error number.
pub fn describe_io(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file or directory".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::IsADirectory => "it is a directory".into(),
        io::ErrorKind::NotADirectory => "a part of the path is not a directory".into(),
        io::ErrorKind::InvalidData => "not valid data".into(),
        io::ErrorKind::FileTooLarge => format!("too large: {error}"),
        _ => error.to_string(),
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

    #[test]
    fn a_flat_file_in_pre_order_is_read_as_it_streams_in_and_alike() {
        let args = |tree: &str| TreeArgs {
            tree: PathBuf::from(tree),
            player: Some(Player::Min),
            perspective: None,
            names: Naming::Letters,
        };
        let overrides = Overrides { player: Some(Player::Min), perspective: None };
        let lecture = args(concat!(env!("CARGO_MANIFEST_DIR"), "/trees/lecture.json"));
        let streamed = lecture.read_in_order(overrides).expect("a flat file in pre-order");
        let (_, bytes) = read_input(&lecture.tree).unwrap();
        let whole = tree::parse(bytes, Naming::Letters, overrides).unwrap();
        assert_eq!(format!("{streamed:?}"), format!("{whole:?}"));
        let nested = args(concat!(env!("CARGO_MANIFEST_DIR"), "/trees/aima-5-2.json"));
        assert!(nested.read_in_order(overrides).is_none());
        assert!(args("-").read_in_order(overrides).is_none());
    }

    #[test]
    #[cfg(unix)]
    fn large_files_are_read_whole_in_halves() {
        for len in [HALVES_FROM as usize, 3 * HALVES_FROM as usize + 1] {
            let bytes: Vec<u8> = (0..len).map(|at| (at * 7 % 251) as u8).collect();
            let name = format!("gametree-halves-{}-{len}", std::process::id());
            let path = std::env::temp_dir().join(name);
            std::fs::write(&path, &bytes).unwrap();
            let halves = read_in_halves(&std::fs::File::open(&path).unwrap(), len).unwrap();
            let read = read_file(&path).unwrap();
            std::fs::remove_file(&path).unwrap();
            assert!(halves.is_some_and(|halves| halves == bytes), "{len} bytes in halves");
            assert!(read == bytes, "{len} bytes");
        }
    }

    #[test]
    #[cfg(unix)]
    fn a_file_whose_size_changed_is_left_to_the_plain_read() {
        let len = HALVES_FROM as usize;
        let path = std::env::temp_dir().join(format!("gametree-changed-{}", std::process::id()));
        std::fs::write(&path, vec![b'x'; len]).unwrap();
        let file = std::fs::File::open(&path).unwrap();
        // As if the file had grown, and as if it had shrunk, since its
        // length was taken.
        let grown = read_in_halves(&file, len - 1).unwrap();
        let shrunk = read_in_halves(&file, len + 1).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(grown.is_none() && shrunk.is_none());
    }
}
