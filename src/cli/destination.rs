//! Where `gametree trace` sends its output, and in which format: the
//! flags `-o`, `--frames`, `--frame` and `--format` checked against each
//! other, so that none is silently ignored or misread.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use super::Failure;
use crate::graphviz::ImageFormat;
use crate::trace::Format;

/// What an output file holds, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// Text of this format (`.txt` holds the text trace or the answer).
    Trace(Format),
    /// An image Graphviz draws.
    Image(ImageFormat),
}

/// The extensions `-o` knows, for the error about one it does not.
const KNOWN: &str = ".txt, .json, .dot, .gv, .tex, .html, .solution, .efg, .svg, .png and .pdf";

impl FileKind {
    /// The kind `path`'s extension names; `None` for a file without one,
    /// which holds whatever `--format` says.
    fn of(path: &Path) -> Result<Option<FileKind>, Failure> {
        let Some(extension) = path.extension() else { return Ok(None) };
        let extension = extension.to_string_lossy().to_ascii_lowercase();
        let kind = match extension.as_str() {
            "txt" => FileKind::Trace(Format::Text),
            "json" => FileKind::Trace(Format::Json),
            "dot" | "gv" => FileKind::Trace(Format::Dot),
            "tex" => FileKind::Trace(Format::Tikz),
            "html" | "htm" => FileKind::Trace(Format::Html),
            "solution" => FileKind::Trace(Format::Cs188),
            "efg" => FileKind::Trace(Format::Efg),
            _ => match ImageFormat::of_path(path) {
                Some(format) => FileKind::Image(format),
                None => {
                    return Err(Failure::Usage(format!(
                        "-o {}: gametree does not write .{extension} files; it writes {KNOWN}",
                        path.display()
                    )));
                }
            },
        };
        Ok(Some(kind))
    }

    /// Whether the file can hold output of `format`.
    fn holds(self, format: Format) -> bool {
        match self {
            FileKind::Trace(Format::Text) => matches!(format, Format::Text | Format::Answer),
            FileKind::Trace(own) => own == format,
            FileKind::Image(_) => format == Format::Dot,
        }
    }
}

/// Parses a frame number: frames are numbered from 1.
pub(super) fn parse_frame(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("frames are numbered from 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a frame number, got {text:?}")),
    }
}

/// The flags that say where `trace`'s output goes.
pub struct Flags<'a> {
    /// `-o FILE`.
    pub output: Option<&'a Path>,
    /// `--frames DIR` and `--frames-format`.
    pub frames: Option<&'a Path>,
    pub frames_format: Option<ImageFormat>,
    /// `--frame N`.
    pub frame: Option<u64>,
}

/// Where `trace` sends its output.
#[derive(Debug)]
pub enum Destination {
    Stdout,
    /// A text file, and the kind its extension names.
    File(PathBuf, Option<FileKind>),
    Image(PathBuf, ImageFormat),
    Frames(PathBuf, Option<ImageFormat>),
    /// One frame, to standard output or to a DOT or image file.
    Frame(u64, Option<(PathBuf, FileKind)>),
}

impl Destination {
    /// The destination the flags ask for, checked to fit together.
    pub fn of(flags: Flags<'_>) -> Result<Destination, Failure> {
        if flags.frames_format.is_some() && flags.frames.is_none() {
            return Err(Failure::Usage(
                "--frames-format applies only to --frames DIR; for one frame, use --frame N -o FILE.png".into(),
            ));
        }
        // `-o -` is standard output, as `-` is standard input.
        let file = match flags.output.filter(|path| *path != Path::new("-")) {
            Some(path) => Some((path.to_path_buf(), FileKind::of(path)?)),
            None => None,
        };
        Ok(match (flags.frames, flags.frame, file) {
            (Some(dir), _, _) => Destination::Frames(dir.to_path_buf(), flags.frames_format),
            (None, Some(n), None) => Destination::Frame(n, None),
            (None, Some(n), Some((path, Some(kind))))
                if kind.holds(Format::Dot) || kind.holds(Format::Tikz) =>
            {
                Destination::Frame(n, Some((path, kind)))
            }
            (None, Some(_), Some((path, _))) => {
                return Err(Failure::Usage(format!(
                    "--frame draws a diagram: -o {} cannot hold it; use .dot, .gv, .tex, .svg, .png or .pdf",
                    path.display()
                )));
            }
            (None, None, None) => Destination::Stdout,
            (None, None, Some((path, Some(FileKind::Image(format))))) => {
                Destination::Image(path, format)
            }
            (None, None, Some((path, kind))) => Destination::File(path, kind),
        })
    }

    /// The output format: as given, as the file's extension names, or DOT
    /// where the destination draws; an error where they disagree.
    pub fn format(&self, given: Option<Format>) -> Result<Format, Failure> {
        let (what, wanted) = match self {
            Destination::Stdout | Destination::File(_, None) => {
                return Ok(given.unwrap_or_default());
            }
            Destination::File(path, Some(kind)) => (format!("-o {}", path.display()), *kind),
            Destination::Image(path, format) => {
                (format!("-o {}", path.display()), FileKind::Image(*format))
            }
            Destination::Frame(_, Some((path, kind))) => (format!("-o {}", path.display()), *kind),
            Destination::Frames(..) => return frames_format("--frames", given),
            Destination::Frame(_, None) => return frames_format("--frame", given),
        };
        let (own, written) = match wanted {
            FileKind::Trace(Format::Text) => (Format::Text, "text"),
            FileKind::Trace(Format::Json) => (Format::Json, "JSON"),
            FileKind::Trace(Format::Tikz) => (Format::Tikz, "TikZ"),
            FileKind::Trace(Format::Html) => (Format::Html, "a web page"),
            FileKind::Trace(Format::Cs188) => (Format::Cs188, "CS188 solution lines"),
            FileKind::Trace(Format::Efg) => (Format::Efg, "a Gambit game"),
            FileKind::Trace(format) => (format, "DOT"),
            FileKind::Image(_) => (Format::Dot, "an image drawn from DOT"),
        };
        match given {
            Some(format) if !wanted.holds(format) => Err(Failure::Usage(format!(
                "{what} writes {written}, so it cannot be used with --format {}",
                name(format)
            ))),
            Some(format) => Ok(format),
            None => Ok(own),
        }
    }
}

/// The format of frames: a diagram, DOT unless `--format tikz` asks for TikZ.
fn frames_format(flag: &str, given: Option<Format>) -> Result<Format, Failure> {
    match given {
        None => Ok(Format::Dot),
        Some(format @ (Format::Dot | Format::Tikz)) => Ok(format),
        Some(format) => Err(Failure::Usage(format!(
            "{flag} draws diagrams, so it cannot be used with --format {}; use dot or tikz",
            name(format)
        ))),
    }
}

/// A format's name as `--format` takes it.
fn name(format: Format) -> String {
    format.to_possible_value().map(|value| value.get_name().to_string()).unwrap_or_default()
}
