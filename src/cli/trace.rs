//! `gametree trace`: one algorithm on one tree, written as text, the
//! classroom answer, JSON or DOT, to stdout, a file, an image or frames.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::ColorChoice;

use super::args::{SearchArgs, TreeArgs, cannot_write};
use super::destination::{self, Destination, FileKind};
use super::output::{self, Pending};
use super::{Failure, palette};
use crate::graphviz::{self, ImageFormat};
use crate::lang::Lang;
use crate::order::Order;
use crate::render::answer::Style;
use crate::render::diagram::Page;
use crate::render::picture::{Labels, Look};
use crate::search::{Outcome, RunError};
use crate::settings::Settings;
use crate::settings::first_given;
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
    /// Graphviz's `dot`. `-o -` is stdout.
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

    /// DOT: the resolution of PNG images, in dots per inch (Graphviz's
    /// `dpi`; PNG images gametree draws default to 192, sharp on a 1080p
    /// projector).
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
    #[arg(long, value_name = "N", value_parser = destination::parse_frame)]
    pub(super) frame: Option<u64>,

    /// Stop Graphviz's `dot` if drawing one image takes longer than this;
    /// 0 lets it take as long as it needs.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    dot_timeout: u64,
}

impl TraceArgs {
    /// The flags that say where the output goes.
    fn destination(&self) -> destination::Flags<'_> {
        destination::Flags {
            output: self.output.as_deref(),
            frames: self.frames.as_deref(),
            frames_format: self.frames_format,
            frame: self.frame,
        }
    }

    /// How long `dot` may take for one image: `--dot-timeout`, none for 0.
    fn timeout(&self) -> Option<Duration> {
        (self.dot_timeout > 0).then(|| Duration::from_secs(self.dot_timeout))
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
    let destination = Destination::of(args.destination())?;
    let (file, tree) = args.tree.load()?;
    let request = request(args, &destination, &tree)?;
    let frames = matches!(destination, Destination::Frames(..));
    if let Some(reason) = trace::too_large(&tree, &request, frames) {
        return Err(Failure::Usage(reason));
    }
    let tree = trace::arrange(tree, &request).map_err(Failure::of_search(&file))?;
    let request = folded(args, request, &tree)?;
    refuse_before_writing(&tree, &request, &file)?;
    let failed = Failure::of_trace(&file);
    let outcome = match destination {
        Destination::Stdout => trace::write(&tree, &request, stdout).map_err(failed)?,
        Destination::File(path, _) => {
            write_file(&path, |out| trace::write(&tree, &request, out), failed)?
        }
        Destination::Image(path, format) => {
            let mut dot_text = Vec::new();
            let outcome = trace::write(&tree, &request, &mut dot_text).map_err(failed)?;
            draw(&dot_text, format, &path, args.timeout())?;
            outcome
        }
        Destination::Frames(dir, _) if request.format == Format::Tikz => {
            return write_overlays(&tree, &request, &dir, failed);
        }
        Destination::Frames(dir, format) => {
            let drawing = format.map(|format| (format, args.timeout()));
            return write_frames(&tree, &request, &dir, drawing, failed);
        }
        Destination::Frame(n, None) => {
            let frame = one_frame(&tree, &request, n, failed)?;
            return stdout.write_all(&frame).map_err(Failure::Output);
        }
        Destination::Frame(n, Some((path, kind))) => {
            let frame = one_frame(&tree, &request, n, failed)?;
            return match kind {
                FileKind::Image(format) => draw(&frame, format, &path, args.timeout()),
                FileKind::Trace(_) => write_file(&path, |out| Ok(out.write_all(&frame)?), failed),
            };
        }
    };
    if request.format == Format::Answer {
        // After the answer, whatever buffering there is.
        stdout.flush().map_err(Failure::Output)?;
        answer_notes(&request, &outcome).for_each(|note| super::say(&format!("note: {note}")));
    }
    Ok(())
}

/// Refuses, before any file is created, what cannot be searched or
/// written: a search that cannot run, a tree a Gambit game or a TikZ
/// picture cannot hold.
fn refuse_before_writing(tree: &Tree, request: &Request, file: &str) -> Result<(), Failure> {
    let Settings { algorithm, ref options, .. } = request.settings;
    crate::search::check(tree, algorithm, options).map_err(Failure::of_search(file))?;
    if request.format == Format::Efg
        && let Some(reason) = crate::render::efg::cannot_write(tree)
    {
        return Err(Failure::Usage(reason));
    }
    if request.format == Format::Tikz {
        tikz_drawable(tree, request, file)?;
    }
    Ok(())
}

/// The notes after an answer: the child order searched, if not the
/// file's, and where the root's value is only a bound.
fn answer_notes(request: &Request, outcome: &Outcome) -> impl Iterator<Item = String> {
    let order = request.settings.order;
    let reordered = (order != Order::Given).then(|| format!("children searched {order}"));
    reordered.into_iter().chain(crate::render::text::fail_note(outcome))
}

/// Frame `n` of the search, as `--frames` would write it.
fn one_frame(
    tree: &Tree,
    request: &Request,
    n: u64,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<Vec<u8>, Failure> {
    let mut frame = None;
    let count = trace::write_frames(tree, request, Some(n), |_, dot_text| {
        frame = Some(dot_text.to_vec());
        Ok::<(), io::Error>(())
    })
    .map_err(failed)?;
    frame.ok_or_else(|| Failure::Usage(format!("--frame {n}: this search has {count} frames")))
}

/// Writes every frame into `dir` as `frame-001.dot`, ... (drawn by Graphviz
/// in the format `drawing` gives, with its timeout), replacing the frames
/// of an earlier run only once all the new ones are written.
fn write_frames(
    tree: &Tree,
    request: &Request,
    dir: &Path,
    drawing: Option<(ImageFormat, Option<Duration>)>,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<(), Failure> {
    let count = trace::count_frames(tree, request).map_err(|e| failed(RunError::Search(e)))?;
    let width = count.to_string().len().max(3);
    let extension = drawing.map_or("dot", |(format, _)| format.extension());
    let name_of = |step: u64| format!("frame-{step:0width$}.{extension}");
    if drawing.is_some() {
        graphviz::check_installed(dir).map_err(Failure::Graphviz)?;
    }
    let frames = start_frames(dir)?;
    trace::write_frames(tree, request, None, |step, dot_text| {
        let (path, target) = (frames.path(&name_of(step)), frames.target(&name_of(step)));
        match drawing {
            None => std::fs::write(&path, dot_text).map_err(|error| cannot_write(&target, &error)),
            Some((format, timeout)) => draw_into(dot_text, format, &path, &target, timeout),
        }
    })
    .map_err(|error| match error {
        RunError::Sink(failure) => failure,
        RunError::Search(error) => failed(RunError::Search(error)),
    })?;
    frames.finish().map_err(|(path, error)| cannot_write(&path, &error))?;
    let path_of = |step: u64| dir.join(name_of(step));
    super::say(&format!(
        "wrote {count} frames: {} ... {}",
        path_of(1).display(),
        path_of(count).display()
    ));
    Ok(())
}

/// Writes the frames as one TikZ file of beamer overlays, `frames.tex` in
/// `dir`, in place of an earlier run's frames.
fn write_overlays(
    tree: &Tree,
    request: &Request,
    dir: &Path,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<(), Failure> {
    let frames = start_frames(dir)?;
    let path = frames.target("frames.tex");
    let mut file = std::fs::File::create(frames.path("frames.tex"))
        .map_err(|error| cannot_write(&path, &error))?;
    let count = fill(&mut file, &path, |out| trace::write_overlays(tree, request, out), failed)?;
    frames.finish().map_err(|(path, error)| cannot_write(&path, &error))?;
    super::say(&format!("wrote {count} frames as beamer overlays: {}", path.display()));
    Ok(())
}

/// Starts new frames for the folder `dir`, which must not be a file.
fn start_frames(dir: &Path) -> Result<output::Frames, Failure> {
    if dir.exists() && !dir.is_dir() {
        return Err(Failure::Usage(format!(
            "--frames {}: it is a file, not a directory",
            dir.display()
        )));
    }
    output::Frames::new(dir).map_err(|error| cannot_write(dir, &error))
}

/// Draws DOT text with Graphviz into the image file `path`, replacing it
/// only once the drawing is complete.
fn draw(
    dot_text: &[u8],
    format: ImageFormat,
    path: &Path,
    timeout: Option<Duration>,
) -> Result<(), Failure> {
    let pending = Pending::new(path).map_err(|error| cannot_write(path, &error))?;
    draw_into(dot_text, format, pending.path(), path, timeout)?;
    pending.finish().map_err(|error| cannot_write(path, &error))
}

/// Draws DOT text with Graphviz into `image`, the file being made for
/// `target`, and passes its warnings on.
fn draw_into(
    dot_text: &[u8],
    format: ImageFormat,
    image: &Path,
    target: &Path,
    timeout: Option<Duration>,
) -> Result<(), Failure> {
    let warnings =
        graphviz::draw_into(dot_text, format, image, target, timeout).map_err(Failure::Graphviz)?;
    if !warnings.is_empty() {
        super::say(&format!("warning: from Graphviz: {warnings}"));
    }
    Ok(())
}

/// Writes the file at `path` with `write`, in place of any earlier file
/// only once complete: if anything fails, the error names the file and
/// the earlier file is left as it was.
fn write_file<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, TraceError>,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<T, Failure> {
    let mut pending = Pending::new(path).map_err(|error| cannot_write(path, &error))?;
    let value = fill(pending.file(), path, write, failed)?;
    pending.finish().map_err(|error| cannot_write(path, &error))?;
    Ok(value)
}

/// Fills `file`, which is being written for `path`, with `write`.
fn fill<T>(
    file: &mut std::fs::File,
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<T, TraceError>,
    failed: impl Fn(TraceError) -> Failure,
) -> Result<T, Failure> {
    let mut out = io::BufWriter::new(file);
    let written = write(&mut out).and_then(|value| Ok(out.flush().map(|()| value)?));
    written.map_err(|error| match error {
        RunError::Sink(error) => cannot_write(path, &error),
        error => failed(error),
    })
}

/// Refuses, before any file is written, a TikZ picture pdflatex could not
/// typeset: a name it has no letter for, too many nodes, or a picture
/// longer than TeX's lengths.
fn tikz_drawable(tree: &Tree, request: &Request, file: &str) -> Result<(), Failure> {
    let reason = match crate::render::tikz::cannot_draw(tree) {
        Some(reason) => Some(reason),
        None => trace::tikz_too_large(tree, request).map_err(Failure::of_search(file))?,
    };
    reason.map_or(Ok(()), |reason| Err(Failure::Usage(reason)))
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

/// The resolution of PNG images unless `--dpi` says otherwise: twice
/// Graphviz's 96, so that a picture fills a 1080p projector sharply.
const PNG_DPI: f64 = 192.0;

/// Whether the destination is a PNG image Graphviz draws.
fn draws_png(destination: &Destination) -> bool {
    matches!(
        destination,
        Destination::Image(_, ImageFormat::Png)
            | Destination::Frames(_, Some(ImageFormat::Png))
            | Destination::Frame(_, Some((_, FileKind::Image(ImageFormat::Png))))
    )
}

/// The request with `--fold`'s node found in the tree as it is searched
/// (after `--order`; in a game graph, its first copy).
fn folded(args: &TraceArgs, request: Request, tree: &Tree) -> Result<Request, Failure> {
    let Some(name) = &args.fold else { return Ok(request) };
    let node = tree.name_index().get(name).ok_or_else(|| {
        Failure::Usage(format!("--fold {}: the tree has no node of that name", visible(name)))
    })?;
    Ok(Request { look: Look { fold: Some(node), ..request.look }, ..request })
}

/// Checks that the options fit together and builds the request.
fn request(args: &TraceArgs, destination: &Destination, tree: &Tree) -> Result<Request, Failure> {
    let format = destination.format(args.format)?;
    check_flags(args, format)?;
    let settings = args.search.resolve_for(tree)?;
    if args.exercise && format == Format::Html && settings.order != Order::Given {
        return Err(Failure::Usage(format!(
            "--exercise --order {}: the page steps through the search in the order searched, which gives the ranking away; draw the exercise with --format dot or tikz",
            settings.order
        )));
    }
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
    let dpi = args.dpi.map(f64::from).or(draws_png(destination).then_some(PNG_DPI));
    let page = Page { size: args.size, dpi };
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
