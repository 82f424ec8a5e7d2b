//! `gametree trace`: one algorithm on one tree, written as text, the
//! classroom answer, JSON or DOT, to stdout, a file, an image or frames.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::ColorChoice;

use super::args::{SearchArgs, TreeArgs, cannot_write, first_given};
use super::destination::{Destination, FileKind};
use super::{Failure, palette};
use crate::graphviz::{self, ImageFormat};
use crate::lang::Lang;
use crate::order::Order;
use crate::render::answer::Style;
use crate::render::diagram::Page;
use crate::render::picture::{Labels, Look};
use crate::search::RunError;
use crate::settings::Settings;
use crate::terminal::visible;
use crate::trace::{self, Format, Request, TraceError};
use crate::tree::Tree;

#[derive(Debug, clap::Args)]
pub struct TraceArgs {
    #[command(flatten)]
    search: SearchArgs,

    #[command(flatten)]
    tree: TreeArgs,

    /// What to print [default: text, the format -o's extension names, or
    /// dot with --frames, --frame and image files].
    #[arg(short, long, value_enum)]
    pub(super) format: Option<Format>,

    /// When to use colour: auto means on a terminal and NO_COLOR unset.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    /// Write the output to FILE instead of stdout, in the format its
    /// extension names: .txt text, .json JSON, .dot or .gv DOT, .tex TikZ,
    /// .html a stepping web page, .svg, .png or .pdf an image drawn by
    /// Graphviz's `dot`.
    #[arg(short, long, value_name = "FILE")]
    pub(super) output: Option<PathBuf>,

    /// Text and answer: the language of the classroom lines and the trace's words.
    #[arg(long, value_enum, value_name = "LANG")]
    lang: Option<Lang>,

    /// Text and answer: `inner` lists only the inner nodes in the order
    /// line, as the lecture notes' "order without leaves" does.
    #[arg(long, value_enum, value_name = "WHICH")]
    order_line: Option<OrderLine>,

    /// Diagrams: number the nodes in the order the search visits them.
    #[arg(long)]
    numbers: bool,

    /// Diagrams: add a caption (what was searched and how, the best move
    /// and the value; on frames, the step in words under it).
    #[arg(long)]
    caption: bool,

    /// Diagrams: which texts the nodes carry; `values` draws the tree as
    /// textbooks do.
    #[arg(long, value_enum, value_name = "WHICH")]
    labels: Option<Labels>,

    /// Diagrams: the tree as handed out, with its leaf values and nothing
    /// of the solution.
    #[arg(long, conflicts_with_all = ["frames", "frame", "collapse_pruned", "numbers"])]
    exercise: bool,

    /// Diagrams: draw each pruned subtree as one small stub under its cut edge.
    #[arg(long)]
    collapse_pruned: bool,

    /// Diagrams: draw the children of the nodes on the line from the root
    /// to NODE only; every other inner node is folded, drawn with its
    /// value and one small stub for all below it.
    #[arg(long, value_name = "NODE")]
    fold: Option<String>,

    /// DOT: scale the drawing down to fit W by H inches (Graphviz's `size`).
    #[arg(long, value_name = "W,H", value_parser = parse_size)]
    size: Option<(f64, f64)>,

    /// DOT: the resolution of PNG images, in dots per inch (Graphviz's `dpi`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    dpi: Option<u16>,

    /// Write one frame per search step into DIR (frame-001.dot, ...; with
    /// --format tikz one file, frames.tex, whose steps are beamer overlays).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["frame", "output"])]
    pub(super) frames: Option<PathBuf>,

    /// With --frames: draw each frame with Graphviz in this format instead of writing DOT.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub(super) frames_format: Option<ImageFormat>,

    /// Print only frame N (from 1) of what --frames would write.
    #[arg(long, value_name = "N", value_parser = parse_frame)]
    pub(super) frame: Option<u64>,

    /// Stop Graphviz's `dot` if drawing one image takes longer than this.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    dot_timeout: u64,
}

/// Parses a frame number: frames are numbered from 1.
fn parse_frame(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("frames are numbered from 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a frame number, got {text:?}")),
    }
}

/// Which nodes the order line lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OrderLine {
    /// Every node, leaves included.
    All,
    /// The inner nodes alone.
    Inner,
}

/// Parses `W,H`: a page size in inches.
fn parse_size(text: &str) -> Result<(f64, f64), String> {
    let number = |part: &str| part.trim().parse::<f64>().ok().filter(|n| n.is_finite() && *n > 0.0);
    match text.split_once(',').map(|(w, h)| (number(w), number(h))) {
        Some((Some(width), Some(height))) => Ok((width, height)),
        _ => Err(format!("expected a size in inches as W,H (like 10,5.6), got {text:?}")),
    }
}

/// Runs `gametree trace`.
pub fn run(args: &TraceArgs, stdout: &mut dyn Write) -> Result<(), Failure> {
    let destination = Destination::of(args)?;
    let (file, tree) = args.tree.load()?;
    let request = request(args, &destination, &tree)?;
    let Settings { algorithm, ref options, .. } = request.settings;
    let failed = Failure::of_search(&file);
    let tree = request.settings.arrange(tree).map_err(failed)?;
    let request = folded(args, request, &tree)?;
    // Before any file is created: a search that cannot run writes nothing.
    crate::search::check(&tree, algorithm, options).map_err(failed)?;
    let failed = Failure::of_trace(&file);
    if request.format == Format::Efg
        && let Some(reason) = crate::render::efg::cannot_write(&tree)
    {
        return Err(Failure::Usage(reason));
    }
    let outcome = match destination {
        Destination::Stdout => trace::write(&tree, &request, stdout).map_err(failed)?,
        Destination::File(path, _) => {
            write_file(&path, |out| trace::write(&tree, &request, out), failed)?
        }
        Destination::Image(path, format) => {
            let mut dot_text = Vec::new();
            let outcome = trace::write(&tree, &request, &mut dot_text).map_err(failed)?;
            draw(&dot_text, format, &path, args.dot_timeout)?;
            outcome
        }
        Destination::Frames(dir, _) if request.format == Format::Tikz => {
            return write_overlays(&tree, &request, &dir, failed);
        }
        Destination::Frames(dir, format) => {
            let drawing = format.map(|format| (format, args.dot_timeout));
            return write_frames(&tree, &request, &dir, drawing, failed);
        }
        Destination::Frame(n, None) => {
            // Straight out: the search reaches the frame before a byte is written.
            let count = trace::write_frame(&tree, &request, n, stdout).map_err(failed)?;
            return if count < n { Err(beyond_the_last(n, count)) } else { Ok(()) };
        }
        Destination::Frame(n, Some((path, kind))) => {
            let frame = one_frame(&tree, &request, n, failed)?;
            return match kind {
                FileKind::Image(format) => draw(&frame, format, &path, args.dot_timeout),
                FileKind::Trace(_) => write_file(&path, |out| Ok(out.write_all(&frame)?), failed),
            };
        }
    };
    if request.format == Format::Answer {
        let order = request.settings.order;
        let reordered = (order != Order::Given).then(|| format!("children searched {order}"));
        let notes = reordered.into_iter().chain(crate::render::text::fail_note(&outcome));
        // After the answer, whatever buffering there is.
        stdout.flush().map_err(Failure::Output)?;
        notes.for_each(|note| super::say(&format!("note: {note}")));
    }
    Ok(())
}

/// Frame `n` of the search, as `--frames` would write it, in memory: a
/// file or an image is made only once the frame is known to exist.
fn one_frame(
    tree: &Tree,
    request: &Request,
    n: u64,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<Vec<u8>, Failure> {
    let mut frame = Vec::new();
    let count = trace::write_frame(tree, request, n, &mut frame).map_err(failed)?;
    if count < n { Err(beyond_the_last(n, count)) } else { Ok(frame) }
}

/// The error for a frame number beyond the search's last step.
fn beyond_the_last(n: u64, count: u64) -> Failure {
    Failure::Usage(format!("--frame {n}: this search has {count} frames"))
}

/// Writes every frame into `dir` as `frame-001.dot`, ... (drawn by Graphviz
/// in the format `drawing` gives, with its timeout in seconds), replacing
/// the frames of an earlier run.
fn write_frames(
    tree: &Tree,
    request: &Request,
    dir: &Path,
    drawing: Option<(ImageFormat, u64)>,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<(), Failure> {
    let count = trace::count_steps(tree, request).map_err(|e| failed(RunError::Search(e)))?;
    let width = count.to_string().len().max(3);
    let extension = drawing.map_or("dot", |(format, _)| format.extension());
    let path_of = |step: u64| dir.join(format!("frame-{step:0width$}.{extension}"));
    prepare_frame_dir(dir)?;
    trace::write_frames(tree, request, |step, dot_text| {
        let path = path_of(step);
        match drawing {
            None => write_file(&path, |out| Ok(out.write_all(dot_text)?), &failed),
            Some((format, timeout)) => draw(dot_text, format, &path, timeout),
        }
    })
    .map_err(|error| match error {
        RunError::Sink(failure) => failure,
        RunError::Search(error) => failed(RunError::Search(error)),
    })?;
    super::say(&format!(
        "wrote {count} frames: {} ... {}",
        path_of(1).display(),
        path_of(count).display()
    ));
    Ok(())
}

/// Writes the frames as one TikZ file of beamer overlays, `frames.tex` in `dir`.
fn write_overlays(
    tree: &Tree,
    request: &Request,
    dir: &Path,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<(), Failure> {
    prepare_frame_dir(dir)?;
    let path = dir.join("frames.tex");
    let count = write_file(&path, |out| trace::write_overlays(tree, request, out), failed)?;
    super::say(&format!("wrote {count} frames as beamer overlays: {}", path.display()));
    Ok(())
}

/// Creates the frame directory, or empties it of earlier frames (files
/// named `frame-NNN.dot|svg|png|pdf`; nothing else is touched).
fn prepare_frame_dir(dir: &Path) -> Result<(), Failure> {
    if dir.exists() && !dir.is_dir() {
        return Err(Failure::Usage(format!(
            "--frames {}: it is a file, not a directory",
            dir.display()
        )));
    }
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

/// Draws DOT text with Graphviz, stopping it after `timeout` seconds, and
/// passes its warnings on.
fn draw(dot_text: &[u8], format: ImageFormat, path: &Path, timeout: u64) -> Result<(), Failure> {
    let timeout = std::time::Duration::from_secs(timeout);
    let warnings = graphviz::draw(dot_text, format, path, timeout).map_err(Failure::Graphviz)?;
    if !warnings.is_empty() {
        super::say(&format!("warning: from Graphviz: {warnings}"));
    }
    Ok(())
}

/// Creates the file at `path` and fills it with `write`; if anything
/// fails, the error names the file and what was written is removed.
fn write_file<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, TraceError>,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<T, Failure> {
    let file = std::fs::File::create(path).map_err(|error| cannot_write(path, &error))?;
    let mut out = io::BufWriter::new(file);
    let written = write(&mut out).and_then(|value| Ok(out.flush().map(|()| value)?));
    let result = written.map_err(|error| match error {
        RunError::Sink(error) => cannot_write(path, &error),
        error => failed(error),
    });
    // Only a regular file is removed: `-o /dev/full` is no file to delete.
    if result.is_err() && std::fs::metadata(path).is_ok_and(|meta| meta.is_file()) {
        drop(out.into_parts());
        let _ = std::fs::remove_file(path);
    }
    result
}

/// Refuses options that the output format would ignore.
fn check_flags(args: &TraceArgs, format: Format) -> Result<(), Failure> {
    let picture_flags = [(args.numbers, "--numbers"), (args.caption, "--caption")];
    if !matches!(format, Format::Dot | Format::Tikz)
        && let Some(flag) = first_given(&picture_flags)
    {
        return Err(Failure::Usage(format!(
            "{flag} applies only to pictures; add --format dot or --format tikz"
        )));
    }
    let diagram_flags = [
        (args.labels.is_some(), "--labels"),
        (args.exercise, "--exercise"),
        (args.collapse_pruned, "--collapse-pruned"),
        (args.fold.is_some(), "--fold"),
    ];
    if !format.draws()
        && let Some(flag) = first_given(&diagram_flags)
    {
        return Err(Failure::Usage(format!(
            "{flag} applies only to diagrams; add --format dot, tikz or html"
        )));
    }
    let line_flags = [(args.lang.is_some(), "--lang"), (args.order_line.is_some(), "--order-line")];
    if !matches!(format, Format::Text | Format::Answer)
        && let Some(flag) = first_given(&line_flags)
    {
        let why = match format {
            Format::Json => "; JSON keeps its English field names",
            _ => "",
        };
        return Err(Failure::Usage(format!(
            "{flag} applies only to the text trace and the answer{why}"
        )));
    }
    let graphviz_flags = [(args.size.is_some(), "--size"), (args.dpi.is_some(), "--dpi")];
    if format != Format::Dot
        && let Some(flag) = first_given(&graphviz_flags)
    {
        return Err(Failure::Usage(format!("{flag} applies only to DOT output and images")));
    }
    if format == Format::Tikz && args.frames_format.is_some() {
        return Err(Failure::Usage(
            "--frames-format draws with Graphviz; with --format tikz the frames are one file of beamer overlays".into(),
        ));
    }
    Ok(())
}

/// The request with `--fold`'s node found in the tree as it is searched
/// (after `--order`; in a game graph, its first copy).
fn folded(args: &TraceArgs, request: Request, tree: &Tree) -> Result<Request, Failure> {
    let Some(name) = &args.fold else { return Ok(request) };
    let node = tree.name_index().get(name.as_str()).copied().ok_or_else(|| {
        Failure::Usage(format!("--fold {}: the tree has no node of that name", visible(name)))
    })?;
    Ok(Request { look: Look { fold: Some(node), ..request.look }, ..request })
}

/// Checks that the options fit together and builds the request.
fn request(args: &TraceArgs, destination: &Destination, tree: &Tree) -> Result<Request, Failure> {
    let format = destination.format(args.format)?;
    check_flags(args, format)?;
    let settings = args.search.resolve_for(tree)?;
    // `auto` colours only a terminal, and files are not one.
    let color = match destination {
        Destination::Stdout => args.color,
        _ if args.color == ColorChoice::Auto => ColorChoice::Never,
        _ => args.color,
    };
    let look = Look {
        labels: args.labels.unwrap_or_default(),
        numbers: args.numbers,
        exercise: args.exercise,
        collapse_pruned: args.collapse_pruned,
        fold: None,
    };
    let page = Page { size: args.size, dpi: args.dpi.map(f64::from) };
    let words = args.lang.unwrap_or_default().words();
    let style = Style { words, inner_only: args.order_line == Some(OrderLine::Inner) };
    Ok(Request {
        settings,
        format,
        palette: palette(color),
        look,
        caption: args.caption,
        page,
        style,
    })
}
