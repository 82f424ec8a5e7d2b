//! What the diagram formats (DOT, TikZ) share: the geometry and options of
//! a whole run ([`Canvas`]), what one drawing adds to it ([`Scene`]), the
//! captions, and the frames of a search, one per step.

use std::convert::Infallible;

use super::layout::{CAPTION_PT, Layout, line_height, text_width};
use super::picture::{Look, Picture};
use super::text::{describe, header_parts};
use crate::notation::Notation;
use crate::search::{Event, Flow, Outcome, Sink};
use crate::settings::Settings;
use crate::terminal::Palette;
use crate::tree::{NodeId, Tree};

/// The page size and resolution Graphviz is asked for (`--size`, `--dpi`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Page {
    /// Width and height in inches: the drawing is scaled down to fit.
    pub size: Option<(f64, f64)>,
    pub dpi: Option<f64>,
}

/// What stays the same in every drawing of one run.
#[derive(Clone, Debug)]
pub struct Canvas {
    pub layout: Layout,
    pub look: Look,
    /// Lines kept for the caption under the tree, the most any drawing of
    /// the run needs, so that every frame has the same size.
    pub caption_lines: usize,
    pub page: Page,
}

impl Canvas {
    /// The caption's width: the tree's, or enough for a short line.
    pub fn caption_width(&self) -> f64 {
        self.layout.width().max(3.0)
    }

    /// The caption's height.
    pub fn caption_height(&self) -> f64 {
        self.caption_lines as f64 * line_height(CAPTION_PT)
    }

    /// `text` broken into lines that fit under the tree.
    pub fn wrap(&self, text: &str) -> Vec<String> {
        wrap(text, self.caption_width())
    }
}

/// What one drawing shows besides the nodes.
#[derive(Clone, Debug, Default)]
pub struct Scene<'a> {
    /// The caption's lines.
    pub caption: Vec<String>,
    /// The principal variation to highlight, root first.
    pub principal_variation: &'a [NodeId],
    /// The node to highlight (a frame's subject).
    pub current: Option<NodeId>,
}

/// Each node's place on the principal variation (the root is 0), so that
/// an edge lies on it exactly when its child does.
pub fn pv_places(tree: &Tree, principal_variation: &[NodeId]) -> Vec<Option<usize>> {
    let mut places = vec![None; tree.len()];
    for (place, node) in principal_variation.iter().enumerate() {
        places[node.index()] = Some(place);
    }
    places
}

/// The caption of a finished search, with the textbook's symbols: what was
/// searched and how (as the text trace's header says it), then the best
/// move and the value.
pub fn caption(tree: &Tree, settings: &Settings, outcome: &Outcome) -> String {
    let words = crate::lang::Lang::En.words();
    let mut parts = header_parts(tree, settings, Palette::default(), Notation::Symbols, words);
    let best = outcome.best_move.map_or("none", |node| tree.name(node));
    parts.push(format!("best move {best}"));
    parts.push(format!("value {}", Notation::Symbols.value(outcome.value)));
    parts.join(", ")
}

/// The caption of a frame: the step in words, under the header line when
/// there is one.
pub fn frame_caption(header: Option<&str>, step: u64, words: &str) -> String {
    match header {
        Some(header) => format!("{header}\nstep {step}: {words}"),
        None => format!("step {step}: {words}"),
    }
}

/// Breaks `text` at spaces (and at its own newlines) into lines of at most
/// `width` inches at the caption's size; a word longer than a line gets
/// one to itself.
pub fn wrap(text: &str, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for (starts_line, word) in line_starts(paragraph, width) {
            if starts_line {
                lines.push(std::mem::take(&mut line));
            } else if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
    }
    lines
}

/// How many lines [`wrap`] breaks `text` into, counted without making them.
pub fn line_count(text: &str, width: f64) -> usize {
    let breaks = |paragraph| line_starts(paragraph, width).filter(|&(starts, _)| starts).count();
    text.lines().map(|paragraph| 1 + breaks(paragraph)).sum()
}

/// The words of `paragraph`, each with whether it starts a new line when
/// the paragraph is set in lines of at most `width` inches (the first word
/// does not). A line's width grows by a space and a word at a time (text
/// widths add up), rather than the whole line being measured again for
/// each word: a long caption is measured in linear time. A billionth of
/// an inch of slack keeps a line that fits when measured whole from
/// breaking because the sum of its parts rounds differently.
fn line_starts(paragraph: &str, width: f64) -> impl Iterator<Item = (bool, &str)> {
    let space = text_width(" ", CAPTION_PT);
    let words = paragraph.split(' ').filter(|word| !word.is_empty());
    words.scan(None, move |line: &mut Option<f64>, word| {
        let word_width = text_width(word, CAPTION_PT);
        let longer = line.map(|line| line + space + word_width);
        let starts_line = longer.is_some_and(|longer| longer > width + 1e-9);
        *line = Some(if starts_line { word_width } else { longer.unwrap_or(word_width) });
        Some((starts_line, word))
    })
}

/// Follows a search and hands every step's picture, or only step `only`'s,
/// to `draw` with the step number (from 1) and the scene to draw.
pub struct Frames<'t, F> {
    picture: Picture<'t>,
    canvas: &'t Canvas,
    /// The run's caption, above each step's words (`--caption`).
    header: Option<String>,
    only: Option<u64>,
    draw: F,
}

impl<'t, F, E> Frames<'t, F>
where
    F: FnMut(u64, &Picture<'t>, &Scene<'_>) -> Result<(), E>,
{
    pub fn new(
        picture: Picture<'t>,
        canvas: &'t Canvas,
        header: Option<String>,
        only: Option<u64>,
        draw: F,
    ) -> Self {
        Frames { picture, canvas, header, only, draw }
    }

    /// How many frames the search has.
    pub fn count(&self) -> u64 {
        self.picture.steps()
    }
}

impl<'t, F, E> Sink for Frames<'t, F>
where
    F: FnMut(u64, &Picture<'t>, &Scene<'_>) -> Result<(), E>,
{
    type Error = E;

    /// Draws the step's frame; with only one frame wanted, stops once it
    /// is drawn.
    fn event(&mut self, event: &Event<'_>) -> Result<Flow, E> {
        let Ok(_) = self.picture.event(event);
        let step = self.picture.steps();
        if self.only.is_some_and(|only| only != step) {
            return Ok(Flow::Continue);
        }
        let tree = self.picture.tree();
        let words = describe(
            tree,
            event,
            Palette::default(),
            Notation::Symbols,
            crate::lang::Lang::En.words(),
        );
        let text = frame_caption(self.header.as_deref(), step, &words);
        let scene = Scene {
            caption: self.canvas.wrap(&text),
            principal_variation: &[],
            current: self.picture.current(),
        };
        (self.draw)(step, &self.picture, &scene)?;
        Ok(if self.only.is_some() { Flow::Stop } else { Flow::Continue })
    }
}

/// Counts the caption lines the frames of a search need, for
/// [`Canvas::caption_lines`].
pub struct CaptionLines<'t> {
    tree: &'t Tree,
    /// The lines of the header above each step's words.
    header_lines: usize,
    width: f64,
    steps: u64,
    /// The most lines a frame's caption has.
    pub most: usize,
}

impl<'t> CaptionLines<'t> {
    pub fn new(tree: &'t Tree, header: Option<&str>, width: f64) -> Self {
        let header_lines = header.map_or(0, |header| line_count(header, width));
        CaptionLines { tree, header_lines, width, steps: 0, most: 0 }
    }
}

impl Sink for CaptionLines<'_> {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        self.steps += 1;
        let words = describe(
            self.tree,
            event,
            Palette::default(),
            Notation::Symbols,
            crate::lang::Lang::En.words(),
        );
        let step = frame_caption(None, self.steps, &words);
        self.most = self.most.max(self.header_lines + line_count(&step, self.width));
        Ok(Flow::Continue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_wrap_at_spaces_and_keep_long_words_whole() {
        assert_eq!(wrap("a b c", 10.0), ["a b c"]);
        let narrow = text_width("abc de", CAPTION_PT);
        assert_eq!(wrap("abc de fg", narrow), ["abc de", "fg"]);
        assert_eq!(wrap("abcdefghij k", 0.1), ["abcdefghij", "k"]);
        assert_eq!(wrap("head\nstep 1: a", 10.0), ["head", "step 1: a"]);
        assert_eq!(wrap("a  b\n\nc", 10.0), ["a b", "", "c"]);
    }

    #[test]
    fn lines_are_counted_as_wrap_makes_them() {
        let texts = ["a b c", "abc de fg", "abcdefghij k", "head\nstep 1: a", "a  b\n\nc", ""];
        for text in texts {
            for width in [0.1, text_width("abc de", CAPTION_PT), 10.0] {
                assert_eq!(line_count(text, width), wrap(text, width).len(), "{text:?} {width}");
            }
        }
    }
}
