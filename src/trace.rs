//! `gametree trace`: run one algorithm on one tree and render the result.
//!
//! This is where a search and a renderer meet; each output format decides
//! which sinks listen to the search.

use std::io::Write;

use crate::answer::Recorder;
use crate::render::json::{JsonTrace, TraceDocument};
use crate::render::{self, Palette};
use crate::search::{self, Algorithm, Options, Outcome, SearchError};
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
}

/// What to run and how to show it.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub algorithm: Algorithm,
    pub options: Options,
    pub format: Format,
    pub palette: Palette,
}

/// Runs the search and writes it in the requested format to `out`.
///
/// Everything that can make the search fail is checked before the first
/// byte is written, so output is never partial.
pub fn write(tree: &Tree, request: &Request, out: &mut dyn Write) -> Result<Outcome, SearchError> {
    let Request {
        algorithm,
        options,
        format,
        palette,
    } = *request;
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
            let mut recorder = Recorder::default();
            let outcome = search::run(tree, algorithm, &options, &mut recorder)?;
            render::answer::write(out, tree, &recorder.finish(&outcome), palette)?;
            Ok(outcome)
        }
        Format::Json => {
            // Two passes: the summary fields come first in the document, and
            // the events are streamed after them instead of being stored.
            let mut recorder = Recorder::default();
            let outcome = search::run(tree, algorithm, &options, &mut recorder)?;
            let answer = recorder.finish(&outcome);
            let summary = TraceDocument::summary(tree, algorithm, &options, &outcome, &answer);
            let mut trace = JsonTrace::start(&mut *out, tree, &summary)?;
            search::run(tree, algorithm, &options, &mut trace)?;
            trace.finish()?;
            Ok(outcome)
        }
    }
}
