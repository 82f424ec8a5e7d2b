//! `gametree trace`: run one algorithm on one tree and render the result.
//!
//! This is where a search and a renderer meet; each output format decides
//! which sinks listen to the search.

use std::convert::Infallible;
use std::io::{self, Write};

use crate::answer::Recorder;
use crate::render::answer::Style;
use crate::render::diagram::{self, Canvas, CaptionLines, Frames, Page, Scene};
use crate::render::layout::Layout;
use crate::render::picture::{Look, Picture};
use crate::render::{self, dot, html, tikz};
use crate::search::{self, Event, Flow, Outcome, RunError, SearchError, Sink};
use crate::settings::Settings;
use crate::terminal::Palette;
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
    pub settings: Settings,
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
    pub fn new(settings: Settings, format: Format) -> Request {
        Request {
            settings,
            format,
            palette: Palette::default(),
            look: Look::default(),
            caption: false,
            page: Page::default(),
            style: Style::default(),
        }
    }
}

/// What can stop a trace: the search cannot run, or `out` cannot be written.
pub type TraceError = RunError<io::Error>;

/// Runs `settings`' search of `tree` with `sink`, whose error is `E`.
fn run<S: Sink + ?Sized>(
    tree: &Tree,
    settings: &Settings,
    sink: &mut S,
) -> Result<Outcome, RunError<S::Error>> {
    search::run(tree, settings.algorithm, &settings.options, sink)
}

/// Runs `settings`' search of `tree` with a sink that cannot fail.
fn record<S: Sink<Error = Infallible>>(
    tree: &Tree,
    settings: &Settings,
    sink: &mut S,
) -> Result<Outcome, SearchError> {
    Ok(run(tree, settings, sink)?)
}

/// Runs the search and writes it in the requested format to `out`.
///
/// Everything that can make the search fail is checked before the first
/// byte is written, so output is never partial.
pub fn write(tree: &Tree, request: &Request, out: &mut dyn Write) -> Result<Outcome, TraceError> {
    let Request { ref settings, format, palette, style, .. } = *request;
    search::check(tree, settings.algorithm, &settings.options)?;
    match format {
        Format::Text => run(
            tree,
            settings,
            &mut render::text::TextTrace::new(out, tree, settings, palette, style),
        ),
        Format::Answer => {
            let mut recorder = Recorder::for_tree(tree);
            let outcome = record(tree, settings, &mut recorder)?;
            render::answer::write(out, tree, &recorder.into_answer(), palette, style)?;
            Ok(outcome)
        }
        Format::Json => render::json::write(out, tree, settings),
        Format::Cs188 => {
            let mut generated = render::cs188::Generated::default();
            let outcome = record(tree, settings, &mut generated)?;
            render::cs188::write(out, tree, &outcome, &generated)?;
            Ok(outcome)
        }
        Format::Efg => {
            let outcome = record(tree, settings, &mut search::Discard)?;
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
) -> Result<Outcome, TraceError> {
    let Request { ref settings, look, .. } = *request;
    let mut picture = Picture::new(tree, shown_view(settings));
    let outcome = record(tree, settings, &mut picture)?;
    let caption = request.caption.then(|| match look.exercise {
        true => header(tree, request),
        false => diagram::caption(tree, settings, &outcome),
    });
    let mut canvas = canvas(request, &picture);
    let lines = caption.map(|text| canvas.wrap(&text)).unwrap_or_default();
    canvas.caption_lines = lines.len();
    let scene =
        Scene { caption: lines, principal_variation: &outcome.principal_variation, current: None };
    let shown = if look.exercise { Picture::new(tree, shown_view(settings)) } else { picture };
    draw(out, request.format, &canvas, &shown, &scene)?;
    Ok(outcome)
}

/// Whose point of view the pictures show values from.
fn shown_view(settings: &Settings) -> search::View {
    settings.algorithm.shown_view(&settings.options)
}

/// Runs the search twice, once to lay the tree out (knowing what is
/// pruned) and once to record its steps, and writes the stepping page.
fn write_page(tree: &Tree, request: &Request, out: &mut dyn Write) -> Result<Outcome, TraceError> {
    let settings = &request.settings;
    let mut ended = Picture::new(tree, shown_view(settings));
    record(tree, settings, &mut ended)?;
    let canvas = canvas(request, &ended);
    let mut steps = html::Steps::new(tree, shown_view(settings), &canvas);
    let outcome = record(tree, settings, &mut steps)?;
    let header = header_line(tree, request, crate::notation::Notation::Ascii);
    html::write(out, &canvas, steps, &outcome, &header, shown_view(settings))?;
    Ok(outcome)
}

/// The run's header line in the diagrams' notation: what is searched and
/// how, without the result.
fn header(tree: &Tree, request: &Request) -> String {
    header_line(tree, request, crate::notation::Notation::Symbols)
}

/// What is searched and how, in one line (English: the pictures and the
/// page speak English only).
fn header_line(tree: &Tree, request: &Request, notation: crate::notation::Notation) -> String {
    let (palette, words) = (Palette::default(), crate::lang::Lang::En.words());
    render::text::header_parts(tree, &request.settings, palette, notation, words).join(", ")
}

/// The geometry of every diagram of this search, laid out once; `ended` is
/// the picture of the whole search, whose cuts `--collapse-pruned` stubs.
fn canvas(request: &Request, ended: &Picture<'_>) -> Canvas {
    let Settings { algorithm, ref options, .. } = request.settings;
    let slide = request.format != Format::Html;
    let layout = Layout::new(ended, options, algorithm.has_window(), &request.look, slide);
    Canvas { layout, look: request.look, caption_lines: 0, page: request.page }
}

/// How many steps (events, and so frames) the search takes.
pub fn count_steps(tree: &Tree, request: &Request) -> Result<u64, SearchError> {
    let mut count = StepCount(0);
    record(tree, &request.settings, &mut count)?;
    Ok(count.0)
}

/// Counts events.
struct StepCount(u64);

impl Sink for StepCount {
    type Error = Infallible;

    fn event(&mut self, _: &Event<'_>) -> Result<Flow, Infallible> {
        self.0 += 1;
        Ok(Flow::Continue)
    }
}

/// The canvas every frame of the search shares, and the header line the
/// frames' captions start with (`--caption`): one search to find what is
/// pruned, one to find the longest caption.
fn frame_canvas(tree: &Tree, request: &Request) -> Result<(Canvas, Option<String>), SearchError> {
    let settings = &request.settings;
    let mut ended = Picture::new(tree, shown_view(settings));
    record(tree, settings, &mut ended)?;
    let mut canvas = canvas(request, &ended);
    let header = request.caption.then(|| header(tree, request));
    let mut lines = CaptionLines::new(tree, header.as_deref(), canvas.caption_width());
    record(tree, settings, &mut lines)?;
    canvas.caption_lines = lines.most;
    Ok((canvas, header))
}

/// Runs the search and hands one frame per step (a whole DOT graph or
/// TikZ picture) to `output`, with its step number from 1. Returns how
/// many frames the search has.
pub fn write_frames<E>(
    tree: &Tree,
    request: &Request,
    mut output: impl FnMut(u64, &[u8]) -> Result<(), E>,
) -> Result<u64, RunError<E>> {
    let mut buffer = Vec::new();
    follow_frames(tree, request, None, |step, canvas, picture, scene| {
        buffer.clear();
        draw(&mut buffer, request.format, canvas, picture, scene)
            .expect("a frame is drawn into memory");
        output(step, &buffer)
    })
}

/// Runs the search up to step `n` and writes its frame, as
/// [`write_frames`] would hand it over, straight to `out`; nothing, if the
/// search has fewer steps. Returns how many frames the search has, up to `n`.
pub fn write_frame(
    tree: &Tree,
    request: &Request,
    n: u64,
    out: &mut dyn Write,
) -> Result<u64, TraceError> {
    follow_frames(tree, request, Some(n), |_, canvas, picture, scene| {
        draw(out, request.format, canvas, picture, scene)
    })
}

/// Runs the search and hands every step's picture, or only step `only`'s
/// (stopping the search there), to `draw`. Returns how many frames the
/// search has (up to `only`).
fn follow_frames<E>(
    tree: &Tree,
    request: &Request,
    only: Option<u64>,
    mut draw: impl FnMut(u64, &Canvas, &Picture<'_>, &Scene<'_>) -> Result<(), E>,
) -> Result<u64, RunError<E>> {
    let (canvas, header) = frame_canvas(tree, request)?;
    let picture = Picture::new(tree, shown_view(&request.settings));
    let draw_step =
        |step, picture: &Picture<'_>, scene: &Scene<'_>| draw(step, &canvas, picture, scene);
    let mut frames = Frames::new(picture, &canvas, header, only, draw_step);
    run(tree, &request.settings, &mut frames)?;
    Ok(frames.count())
}

/// Draws one picture in `format`: TikZ, or else DOT.
fn draw(
    out: &mut dyn Write,
    format: Format,
    canvas: &Canvas,
    picture: &Picture<'_>,
    scene: &Scene<'_>,
) -> io::Result<()> {
    match format {
        Format::Tikz => tikz::write(out, canvas, picture, scene),
        _ => dot::write(out, canvas, picture, scene),
    }
}

/// Writes every frame of the search as one TikZ picture whose steps are
/// beamer overlays. Returns how many frames the search has.
pub fn write_overlays(
    tree: &Tree,
    request: &Request,
    out: &mut dyn Write,
) -> Result<u64, TraceError> {
    let (canvas, header) = frame_canvas(tree, request)?;
    tikz::start(out, &canvas, true)?;
    let picture = Picture::new(tree, shown_view(&request.settings));
    let overlay = |step, picture: &Picture<'_>, scene: &Scene<'_>| {
        writeln!(out, "\\only<{step}>{{%")?;
        tikz::body(out, &canvas, picture, scene)?;
        writeln!(out, "}}%")
    };
    let mut frames = Frames::new(picture, &canvas, header, None, overlay);
    run(tree, &request.settings, &mut frames)?;
    let count = frames.count();
    tikz::end(out)?;
    Ok(count)
}
