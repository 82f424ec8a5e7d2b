//! `gametree trace`: run one algorithm on one tree and render the result.
//!
//! This is where a search and a renderer meet; each output format decides
//! which sinks listen to the search.

use std::io::{self, Write};

use crate::answer::Recorder;
use crate::render::answer::Style;
use crate::render::diagram::{self, Canvas, CaptionLines, Frames, Page, Scene};
use crate::render::json::{JsonTrace, Summary};
use crate::render::layout::Layout;
use crate::render::picture::{Look, Picture};
use crate::render::{self, Palette, dot, html, tikz};
use crate::search::{self, Algorithm, Event, Options, Outcome, SearchError, Sink};
use crate::tree::Tree;

/// The output formats of `trace`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The search step by step, then the classroom lines.
    #[default]
    Text,
    /// Only the five classroom lines.
    Answer,
    /// One JSON object: summary fields and every event.
    Json,
    /// A Graphviz graph of the searched tree.
    Dot,
    /// A TikZ picture of the searched tree, for LaTeX.
    Tikz,
    /// One self-contained web page that steps through the search.
    Html,
    /// The `action` and `generated` lines of a CS188 `.solution` file.
    Cs188,
    /// The tree as a Gambit extensive-form game (`.efg`), without static values.
    Efg,
}

impl Format {
    /// Whether the format draws the tree.
    pub fn draws(self) -> bool {
        matches!(self, Format::Dot | Format::Tikz | Format::Html)
    }
}

/// What to run and how to show it.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub algorithm: Algorithm,
    pub options: Options,
    pub format: Format,
    pub palette: Palette,
    /// Diagrams: what the nodes show.
    pub look: Look,
    /// Diagrams: add a caption under the tree.
    pub caption: bool,
    /// DOT: the page size and resolution for Graphviz.
    pub page: Page,
    /// Text and answer: the language of the classroom lines, and whether
    /// the order line lists the inner nodes alone.
    pub style: Style,
}

impl Request {
    /// A request for `format` with the default look, page, palette and
    /// classroom style, and no caption.
    pub fn new(algorithm: Algorithm, options: Options, format: Format) -> Request {
        Request {
            algorithm,
            options,
            format,
            palette: Palette::default(),
            look: Look::default(),
            caption: false,
            page: Page::default(),
            style: Style::default(),
        }
    }
}

/// Runs the search and writes it in the requested format to `out`.
///
/// Everything that can make the search fail is checked before the first
/// byte is written, so output is never partial.
pub fn write(tree: &Tree, request: &Request, out: &mut dyn Write) -> Result<Outcome, SearchError> {
    let Request { algorithm, options, format, palette, .. } = *request;
    search::check(tree, algorithm, &options)?;
    match format {
        Format::Text => {
            let words = request.style.words;
            render::text::write_header(out, tree, algorithm, &options, palette, words)?;
            let mut trace = render::text::TextTrace::new(&mut *out, tree, palette, words);
            let outcome = search::run(tree, algorithm, &options, &mut trace)?;
            let (out, answer) = trace.finish(&outcome);
            render::text::write_footer(out, tree, &outcome, &answer, palette, request.style)?;
            Ok(outcome)
        }
        Format::Answer => {
            let mut recorder = Recorder::for_tree(tree);
            let outcome = search::run(tree, algorithm, &options, &mut recorder)?;
            let answer = recorder.finish(&outcome);
            render::answer::write(out, tree, &answer, palette, request.style)?;
            Ok(outcome)
        }
        Format::Json => {
            // Two passes: the summary fields come first in the document, and
            // the events are written after them as the search runs again,
            // instead of being stored.
            let mut recorder = Recorder::for_tree(tree);
            let outcome = search::run(tree, algorithm, &options, &mut recorder)?;
            let answer = recorder.finish(&outcome);
            let summary = Summary::new(tree, algorithm, &options, &outcome, &answer);
            let mut trace = JsonTrace::start(io::BufWriter::new(&mut *out), tree, &summary)?;
            search::run(tree, algorithm, &options, &mut trace)?;
            trace.finish()?;
            Ok(outcome)
        }
        Format::Cs188 => {
            let mut generated = render::cs188::Generated::default();
            let outcome = search::run(tree, algorithm, &options, &mut generated)?;
            render::cs188::write(out, tree, &outcome, &generated)?;
            Ok(outcome)
        }
        Format::Efg => {
            let outcome = search::run(tree, algorithm, &options, &mut search::Discard)?;
            render::efg::write(out, tree)?;
            Ok(outcome)
        }
        Format::Dot | Format::Tikz => write_diagram(tree, request, out),
        Format::Html => write_page(tree, request, out),
    }
}

/// Runs the search and draws the tree as it ends (or as it was handed out,
/// with `--exercise`).
fn write_diagram(
    tree: &Tree,
    request: &Request,
    out: &mut dyn Write,
) -> Result<Outcome, SearchError> {
    let Request { algorithm, options, look, .. } = *request;
    let mut picture = Picture::new(tree, algorithm.shown_view(&options));
    let outcome = search::run(tree, algorithm, &options, &mut picture)?;
    let caption = request.caption.then(|| match look.exercise {
        true => header(tree, request),
        false => diagram::caption(tree, algorithm, &options, &outcome),
    });
    let mut canvas = canvas(request, &picture);
    let lines = caption.map(|text| canvas.wrap(&text)).unwrap_or_default();
    canvas.caption_lines = lines.len();
    let scene =
        Scene { caption: lines, principal_variation: &outcome.principal_variation, current: None };
    let shown =
        if look.exercise { Picture::new(tree, algorithm.shown_view(&options)) } else { picture };
    match request.format {
        Format::Tikz => tikz::write(out, &canvas, &shown, &scene)?,
        _ => dot::write(out, &canvas, &shown, &scene)?,
    }
    Ok(outcome)
}

/// Runs the search twice, once to lay the tree out (knowing what is
/// pruned) and once to record its steps, and writes the stepping page.
fn write_page(tree: &Tree, request: &Request, out: &mut dyn Write) -> Result<Outcome, SearchError> {
    let Request { algorithm, options, .. } = *request;
    let mut ended = Picture::new(tree, algorithm.shown_view(&options));
    search::run(tree, algorithm, &options, &mut ended)?;
    let canvas = canvas(request, &ended);
    let mut steps = html::Steps::new(tree, algorithm.shown_view(&options), &canvas);
    let outcome = search::run(tree, algorithm, &options, &mut steps)?;
    let header = header_line(tree, request, render::Notation::Ascii);
    html::write(out, &canvas, steps, &outcome, &header, algorithm.shown_view(&options))?;
    Ok(outcome)
}

/// The run's header line in the diagrams' notation: what is searched and
/// how, without the result.
fn header(tree: &Tree, request: &Request) -> String {
    header_line(tree, request, render::Notation::Symbols)
}

/// What is searched and how, in one line (English: the pictures and the
/// page speak English only).
fn header_line(tree: &Tree, request: &Request, notation: render::Notation) -> String {
    let (palette, words) = (Palette::default(), crate::lang::Lang::En.words());
    let parts = render::text::header_parts(
        tree,
        request.algorithm,
        &request.options,
        palette,
        notation,
        words,
    );
    parts.join(", ")
}

/// The geometry of every diagram of this search, laid out once; `ended` is
/// the picture of the whole search, whose cuts `--collapse-pruned` stubs.
fn canvas(request: &Request, ended: &Picture<'_>) -> Canvas {
    let windows = request.algorithm.has_window();
    let slide = request.format != Format::Html;
    let layout = Layout::new(ended, &request.options, windows, &request.look, slide);
    Canvas { layout, look: request.look, caption_lines: 0, page: request.page }
}

/// How many steps (events, and so frames) the search takes.
pub fn count_steps(tree: &Tree, request: &Request) -> Result<u64, SearchError> {
    let mut count = StepCount(0);
    search::run(tree, request.algorithm, &request.options, &mut count)?;
    Ok(count.0)
}

/// Counts events.
struct StepCount(u64);

impl Sink for StepCount {
    fn event(&mut self, _: &Event<'_>) -> io::Result<()> {
        self.0 += 1;
        Ok(())
    }
}

/// The canvas every frame of the search shares, and the header line the
/// frames' captions start with (`--caption`): one search to find what is
/// pruned, one to find the longest caption.
fn frame_canvas(tree: &Tree, request: &Request) -> Result<(Canvas, Option<String>), SearchError> {
    let Request { algorithm, options, .. } = *request;
    let mut ended = Picture::new(tree, algorithm.shown_view(&options));
    search::run(tree, algorithm, &options, &mut ended)?;
    let mut canvas = canvas(request, &ended);
    let header = request.caption.then(|| header(tree, request));
    let mut lines = CaptionLines::new(tree, header.clone(), canvas.caption_width());
    search::run(tree, algorithm, &options, &mut lines)?;
    canvas.caption_lines = lines.most;
    Ok((canvas, header))
}

/// Runs the search and hands one frame per step (a whole DOT graph or
/// TikZ picture) to `output`, with its step number from 1; or only frame
/// `only`. Returns how many frames the search has.
pub fn write_frames(
    tree: &Tree,
    request: &Request,
    only: Option<u64>,
    mut output: impl FnMut(u64, &[u8]) -> io::Result<()>,
) -> Result<u64, SearchError> {
    let (canvas, header) = frame_canvas(tree, request)?;
    let mut buffer = Vec::new();
    let draw = |step, picture: &Picture<'_>, scene: &Scene<'_>| {
        buffer.clear();
        match request.format {
            Format::Tikz => tikz::write(&mut buffer, &canvas, picture, scene)?,
            _ => dot::write(&mut buffer, &canvas, picture, scene)?,
        }
        output(step, &buffer)
    };
    let picture = Picture::new(tree, request.algorithm.shown_view(&request.options));
    let mut frames = Frames::new(picture, &canvas, header, only, draw);
    search::run(tree, request.algorithm, &request.options, &mut frames)?;
    Ok(frames.count())
}

/// Writes every frame of the search as one TikZ picture whose steps are
/// beamer overlays. Returns how many frames the search has.
pub fn write_overlays(
    tree: &Tree,
    request: &Request,
    out: &mut dyn Write,
) -> Result<u64, SearchError> {
    let (canvas, header) = frame_canvas(tree, request)?;
    tikz::start(out, &canvas, true)?;
    let picture = Picture::new(tree, request.algorithm.shown_view(&request.options));
    let overlay = |step, picture: &Picture<'_>, scene: &Scene<'_>| {
        writeln!(out, "\\only<{step}>{{%")?;
        tikz::body(out, &canvas, picture, scene)?;
        writeln!(out, "}}%")
    };
    let mut frames = Frames::new(picture, &canvas, header, None, overlay);
    search::run(tree, request.algorithm, &request.options, &mut frames)?;
    let count = frames.count();
    tikz::end(out)?;
    Ok(count)
}
