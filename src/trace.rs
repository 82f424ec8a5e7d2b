//! `gametree trace`: run one algorithm on one tree and render the result.
//!
//! This is where a search and a renderer meet; each output format decides
//! which sinks listen to the search.

use std::io::{self, Write};

use crate::answer::Recorder;
use crate::render::answer::AnswerStream;
use crate::render::dot::{self, Decorations, Frames, Picture};
use crate::render::json::{JsonTrace, Summary};
use crate::render::{self, Palette};
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
    /// A Graphviz digraph of the searched tree.
    Dot,
}

/// What to run and how to show it.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub algorithm: Algorithm,
    pub options: Options,
    pub format: Format,
    pub palette: Palette,
    /// DOT: number the nodes in visiting order.
    pub numbers: bool,
    /// DOT: add a caption line under the diagram.
    pub caption: bool,
}

/// Runs the search and writes it in the requested format to `out`.
///
/// Everything that can make the search fail is checked before the first
/// byte is written, so output is never partial.
pub fn write(tree: &Tree, request: &Request, out: &mut dyn Write) -> Result<Outcome, SearchError> {
    let Request { algorithm, options, format, palette, numbers, caption } = *request;
    search::check(tree, &options)?;
    match format {
        Format::Text => {
            render::text::write_header(out, tree, algorithm, &options, palette)?;
            let mut trace = render::text::TextTrace::new(&mut *out, tree, palette);
            let outcome = search::run(tree, algorithm, &options, &mut trace)?;
            let (out, answer) = trace.finish(&outcome);
            render::text::write_footer(out, tree, &outcome, &answer, palette)?;
            Ok(outcome)
        }
        Format::Answer => {
            let mut answer = AnswerStream::start(&mut *out, tree)?;
            let outcome = search::run(tree, algorithm, &options, &mut answer)?;
            answer.finish(&outcome, palette)?;
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
        Format::Dot => {
            let mut picture = Picture::new(tree);
            let outcome = search::run(tree, algorithm, &options, &mut picture)?;
            let decorations = Decorations {
                numbers,
                caption: caption.then(|| dot::caption(tree, algorithm, &outcome)),
                principal_variation: &outcome.principal_variation,
                current: None,
            };
            dot::write_graph(out, &picture, &decorations)?;
            Ok(outcome)
        }
    }
}

/// How many steps (events, and so frames) the search takes.
pub fn count_steps(tree: &Tree, request: &Request) -> Result<u64, SearchError> {
    let mut count = StepCount(0);
    search::run(tree, request.algorithm, &request.options, &mut count)?;
    Ok(count.0)
}

/// Counts events.
struct StepCount(u64);

impl Sink<'_> for StepCount {
    fn event(&mut self, _: &Event<'_>) -> io::Result<()> {
        self.0 += 1;
        Ok(())
    }
}

/// Runs the search and hands one DOT frame per step to `output`, with its
/// step number from 1; or only frame `only`. Returns how many frames the
/// search has.
pub fn write_frames(
    tree: &Tree,
    request: &Request,
    only: Option<u64>,
    output: impl FnMut(u64, &[u8]) -> io::Result<()>,
) -> Result<u64, SearchError> {
    let mut frames = Frames::new(tree, request.numbers, only, output);
    search::run(tree, request.algorithm, &request.options, &mut frames)?;
    Ok(frames.count())
}
