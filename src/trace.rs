//! `gametree trace`: run one algorithm on one tree and render the result.
//!
//! This is where a search and a renderer meet; each output format decides
//! which sinks listen to the search.

use std::convert::Infallible;
use std::io::{self, Write};

use crate::answer::{OrderKinds, Recorder};
use crate::contract::Summary;
use crate::lang::Words;
use crate::render::answer::Style;
use crate::render::diagram::{self, Canvas, Frames, Page, Scene};
use crate::render::layout::{Layout, Metrics};
use crate::render::picture::{Look, Picture};
use crate::render::{self, dot, html, tikz};
use crate::search::{self, Outcome, RunError, SearchError, Sink};
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

/// The most nodes a tree may have for a picture: DOT, and the SVG, PNG or
/// PDF Graphviz draws from it (one frame included), and the HTML page.
/// Larger pictures are unreadable and slow to draw (the page of
/// tic-tac-toe's 549,946 nodes took 358 MB); they are refused before
/// anything is written.
pub const MOST_PICTURE_NODES: usize = 10_000;

/// The most nodes a tree may have for `--frames` (DOT, images or TikZ
/// overlays): every frame is a whole picture, and there are about two
/// frames a node.
pub const MOST_FRAMES_NODES: usize = 500;

/// Why `tree` is too large for the DOT pictures `request` asks for (all
/// its `frames`, or one) or for the HTML page, if it is.
pub fn too_large(tree: &Tree, request: &Request, frames: bool) -> Option<String> {
    let (most, what) = match (request.format, frames) {
        (Format::Dot | Format::Tikz, true) => {
            (MOST_FRAMES_NODES, "--frames draws trees of at most")
        }
        (Format::Dot, false) => {
            (MOST_PICTURE_NODES, "pictures (DOT, SVG, PNG, PDF) show trees of at most")
        }
        (Format::Html, _) => (MOST_PICTURE_NODES, "the HTML page shows trees of at most"),
        _ => return None,
    };
    (tree.len() > most).then(|| {
        format!(
            "the tree has {} nodes; {what} {most} nodes: trace it as text or JSON instead",
            tree.len()
        )
    })
}

/// `tree` as `request` searches and draws it: its children in the order
/// the search takes them (`--order`), except in an exercise picture,
/// which keeps the file's order so as not to give the ranking away.
pub fn arrange(tree: Tree, request: &Request) -> Result<Tree, SearchError> {
    match request.look.exercise && request.format != Format::Html {
        true => Ok(tree),
        false => request.settings.arrange(tree),
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
        Format::Json => write_json(tree, settings, out),
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

/// The classroom lines of `settings`' search of `tree` as an answer key
/// in `words`, each as its key and its items, with every bound in the
/// order line marked (`f:≥16`): what a sheet hands the teacher and
/// `check` takes as it is.
pub fn key(
    tree: &Tree,
    settings: &Settings,
    words: &'static Words,
) -> Result<[(&'static str, String); 5], SearchError> {
    let mut sinks = (Recorder::for_tree(tree), OrderKinds::default());
    record(tree, settings, &mut sinks)?;
    let (recorder, kinds) = sinks;
    Ok(render::answer::key(tree, &recorder.into_answer(), &kinds.0, words))
}

/// Runs the search twice: once for the JSON trace's summary, which comes
/// first, and once more while the JSON renderer writes its events, each
/// as it happens (a trace of tic-tac-toe has 1.1 million events, never
/// held in memory).
fn write_json(
    tree: &Tree,
    settings: &Settings,
    out: &mut dyn Write,
) -> Result<Outcome, TraceError> {
    let mut recorder = Recorder::for_tree(tree);
    let outcome = record(tree, settings, &mut recorder)?;
    let answer = recorder.into_answer();
    let summary = Summary::of(tree, settings, &outcome, &answer);
    render::json::write(out, tree, summary, &Search { tree, settings })?;
    Ok(outcome)
}

/// `settings`' search of `tree`, run again for a JSON trace's events.
struct Search<'a> {
    tree: &'a Tree,
    settings: &'a Settings,
}

impl render::json::Replay for Search<'_> {
    fn replay<S: Sink>(&self, sink: &mut S) -> Result<Outcome, RunError<S::Error>> {
        run(self.tree, self.settings, sink)
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
    let mut picture = Picture::new(tree, settings);
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
    let shown = if look.exercise { Picture::new(tree, settings) } else { picture };
    match request.format {
        Format::Tikz => tikz::write(out, &canvas, &shown, &scene)?,
        _ => dot::write(out, &canvas, &shown, &scene)?,
    }
    Ok(outcome)
}

/// Runs the search twice, once to lay the tree out (knowing what is
/// pruned) and once to record its steps, and writes the stepping page.
fn write_page(tree: &Tree, request: &Request, out: &mut dyn Write) -> Result<Outcome, TraceError> {
    let settings = &request.settings;
    let mut ended = Picture::new(tree, settings);
    record(tree, settings, &mut ended)?;
    let canvas = canvas(request, &ended);
    let mut steps = html::Steps::new(tree, settings, &canvas);
    let outcome = record(tree, settings, &mut steps)?;
    let header = header_line(tree, request, crate::notation::Notation::Ascii);
    html::write(out, &canvas, steps, &outcome, &header, settings)?;
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
    // A TikZ picture is fitted to its place as a whole: rows further apart
    // than its shapes need only make it smaller.
    let slide = !matches!(request.format, Format::Html | Format::Tikz);
    let metrics = if request.format == Format::Tikz { Metrics::TEX } else { Metrics::GRAPHVIZ };
    let Settings { algorithm, ref options, .. } = request.settings;
    let negates = algorithm.shown_view(options) != crate::search::View::Max;
    let layout = Layout::new(ended, options, &request.look, slide, (metrics, negates));
    Canvas { layout, look: request.look, caption_lines: 0, page: request.page }
}

/// How many frames the search has: one per step that changes the picture,
/// and the last one with the answer.
pub fn count_frames(tree: &Tree, request: &Request) -> Result<u64, SearchError> {
    let (canvas, _) = frame_canvas(tree, request)?;
    let mut frames =
        Frames::new(Picture::new(tree, &request.settings), &canvas, None, None, no_draw);
    record(tree, &request.settings, &mut frames)?;
    Ok(frames.count())
}

/// A frame's drawing that draws nothing, for counting frames.
fn no_draw(_: u64, _: &Picture<'_>, _: &Scene<'_>) -> Result<(), Infallible> {
    Ok(())
}

/// The canvas every frame of the search shares, and the header line the
/// frames' captions start with (`--caption`): one search to find what is
/// pruned, one to find the longest caption.
fn frame_canvas(tree: &Tree, request: &Request) -> Result<(Canvas, Option<String>), SearchError> {
    let settings = &request.settings;
    let mut ended = Picture::new(tree, settings);
    record(tree, settings, &mut ended)?;
    let mut canvas = canvas(request, &ended);
    let header = request.caption.then(|| header(tree, request));
    let mut most = 0;
    let lines = |_, _: &Picture<'_>, scene: &Scene<'_>| {
        most = most.max(scene.caption.len());
        Ok::<(), Infallible>(())
    };
    let picture = Picture::new(tree, settings);
    record(tree, settings, &mut Frames::new(picture, &canvas, header.clone(), None, lines))?;
    canvas.caption_lines = most;
    Ok((canvas, header))
}

/// Why `tree` cannot be drawn as TikZ under `request`, still or in
/// frames: its picture, laid out, is too large for TeX
/// ([`tikz::too_large`]). Asked before anything is written.
pub fn tikz_too_large(tree: &Tree, request: &Request) -> Result<Option<String>, SearchError> {
    let (canvas, _) = frame_canvas(tree, request)?;
    Ok(tikz::too_large(&canvas))
}

/// Runs the search and hands one frame per step (a whole DOT graph or
/// TikZ picture) to `output`, with its step number from 1; or only frame
/// `only`, stopping the search there. Returns how many frames the search
/// has (up to `only`).
pub fn write_frames<E>(
    tree: &Tree,
    request: &Request,
    only: Option<u64>,
    mut output: impl FnMut(u64, &[u8]) -> Result<(), E>,
) -> Result<u64, RunError<E>> {
    let (canvas, header) = frame_canvas(tree, request)?;
    let mut buffer = Vec::new();
    let draw = |step, picture: &Picture<'_>, scene: &Scene<'_>| {
        buffer.clear();
        let drawn = match request.format {
            Format::Tikz => tikz::write(&mut buffer, &canvas, picture, scene),
            _ => dot::write(&mut buffer, &canvas, picture, scene),
        };
        drawn.expect("a frame is drawn into memory");
        output(step, &buffer)
    };
    let picture = Picture::new(tree, &request.settings);
    let mut frames = Frames::new(picture, &canvas, header, only, draw);
    run(tree, &request.settings, &mut frames)?;
    Ok(frames.count())
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
    let picture = Picture::new(tree, &request.settings);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds::Window;
    use crate::lang::Lang;
    use crate::search::{Algorithm, Options};
    use crate::tree::{Naming, Overrides};

    /// The lecture's tree, searched by alpha-beta with the window `window`.
    fn lecture(window: Window) -> (Tree, Settings) {
        let text = r#"{"children": {"a": ["b", "c"], "b": ["d", "e"], "c": ["f", "g"]},
                       "values": {"d": 10, "e": 8, "f": 4, "g": 50}}"#;
        let tree = crate::tree::parse(text.as_bytes(), Naming::Letters, Overrides::default());
        let options = Options { window, ..Options::default() };
        (tree.unwrap(), Settings { options, ..Settings::of(Algorithm::ALPHABETA) })
    }

    /// An answer key is `--format answer`'s lines with every bound in the
    /// order line marked as the pictures mark it: a root that fails high
    /// (lower bounds), and one that fails low (upper bounds).
    #[test]
    fn a_key_is_the_answer_lines_with_the_bounds_marked() {
        let windows =
            [(2.0, 3.0, "d:10 e:8 b:≥8 a:≥8"), (9.0, 11.0, "d:10 e:8 b:≤8 f:4 c:≤4 a:≤8")];
        for (alpha, beta, order) in windows {
            let (tree, settings) = lecture(Window { alpha, beta });
            let key = key(&tree, &settings, Lang::En.words()).unwrap();
            let mut answer = Vec::new();
            write(&tree, &Request::new(settings, Format::Answer), &mut answer).unwrap();
            let answer = String::from_utf8(answer).unwrap();
            let (_, after_order) = answer.split_once('\n').unwrap();
            let lines: Vec<String> =
                key.iter().map(|(key, items)| format!("{key}: {items}\n")).collect();
            assert_eq!(lines[0], format!("order: {order}\n"));
            assert_eq!(lines[1..].concat(), after_order);
        }
    }
}
