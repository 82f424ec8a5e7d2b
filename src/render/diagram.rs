//! What the diagram formats (DOT, TikZ) share: the geometry and options of
//! a whole run ([`Canvas`]), what one drawing adds to it ([`Scene`]), the
//! captions, and the frames of a search: one per step that changes the
//! picture, and a last one with the answer.
//!
//! A step is one event of the trace, except that a node entered and at
//! once evaluated (a leaf, a node at the depth limit) or given its value
//! from memory is one step, as the text trace gives it one line.

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

    /// `text` broken into lines that fit under the tree, with room to
    /// spare for the points Graphviz pads a label with.
    pub fn wrap(&self, text: &str) -> Vec<String> {
        wrap(text, self.caption_width() - 0.1)
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

/// The words of the last frame: the search's answer.
pub fn ending(tree: &Tree, outcome: &Outcome, notation: Notation) -> String {
    let best = outcome.best_move.map_or("none", |node| tree.name(node));
    format!("the search ends: best move {best}, value {}", notation.value(outcome.value))
}

/// Whether `event` completes the step that entering `entered` began: the
/// node is evaluated where it stands or takes its value from memory.
pub fn completes(entered: NodeId, event: &Event<'_>) -> bool {
    matches!(*event, Event::Leaf { node, .. } | Event::Recall { node, .. } if node == entered)
}

/// The caption of a frame: the step in words, under the header line when
/// there is one.
pub fn frame_caption(header: Option<&str>, step: u64, words: &str) -> String {
    match header {
        Some(header) => format!("{header}\nstep {step}: {words}"),
        None => format!("step {step}: {words}"),
    }
}

/// Breaks `text` (at its own newlines, then between phrases, which end
/// at a comma or a colon) into lines of at most `width` inches at the
/// caption's size; a phrase longer than a line breaks at spaces, and a word
/// longer than a line gets one to itself.
pub fn wrap(text: &str, width: f64) -> Vec<String> {
    let fits = |line: &str| text_width(line, CAPTION_PT) <= width;
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        // A paragraph that fits is its own line, as the phrases would
        // build it; most captions do (a frame's caption is measured for
        // every step of a search, to size the canvas).
        if fits(paragraph) {
            lines.push(words(paragraph).collect::<Vec<_>>().join(" "));
            continue;
        }
        let mut line = String::new();
        for piece in pieces(paragraph, fits) {
            let longer = format!("{line} {piece}");
            if !line.is_empty() && !fits(&longer) {
                lines.push(std::mem::take(&mut line));
            }
            line = if line.is_empty() { piece } else { longer };
        }
        lines.push(line);
    }
    lines
}

/// The phrases of `paragraph`, each split into its words where it does
/// not `fit` a line.
fn pieces(paragraph: &str, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut phrases = vec![String::new()];
    for word in words(paragraph) {
        let phrase = phrases.last_mut().expect("a phrase is open");
        if !phrase.is_empty() {
            phrase.push(' ');
        }
        phrase.push_str(word);
        if word.ends_with([',', ':']) {
            phrases.push(String::new());
        }
    }
    let split = |phrase: String| match fits(&phrase) {
        true => vec![phrase],
        false => phrase.split(' ').map(str::to_string).collect(),
    };
    phrases.into_iter().filter(|phrase| !phrase.is_empty()).flat_map(split).collect()
}

/// The words of `paragraph`, between its spaces.
fn words(paragraph: &str) -> impl Iterator<Item = &str> {
    paragraph.split(' ').filter(|word| !word.is_empty())
}

/// Follows a search and hands every frame's picture, or only frame
/// `only`'s, to `draw` with the frame's number (from 1) and the scene to
/// draw; the last frame, after the search, shows the answer.
pub struct Frames<'t, F> {
    picture: Picture<'t>,
    canvas: &'t Canvas,
    /// The run's caption, above each step's words (`--caption`).
    header: Option<String>,
    only: Option<u64>,
    /// How many frames there have been.
    frames: u64,
    /// An entered node and the words of its step, held back until the
    /// next event says whether the node is evaluated at once.
    held: Option<(NodeId, String)>,
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
        Frames { picture, canvas, header, only, frames: 0, held: None, draw }
    }

    /// How many frames the search has had so far (all of them once it is over).
    pub fn count(&self) -> u64 {
        self.frames
    }

    /// The next frame, with `words` as its caption and `principal_variation`
    /// highlighted; stops the search once the one frame wanted is drawn.
    fn frame(&mut self, words: &str, principal_variation: &[NodeId]) -> Result<Flow, E> {
        self.frames += 1;
        if self.only.is_some_and(|only| only != self.frames) {
            return Ok(Flow::Continue);
        }
        let text = frame_caption(self.header.as_deref(), self.frames, words);
        let scene = Scene {
            caption: self.canvas.wrap(&text),
            principal_variation,
            current: self.picture.current(),
        };
        (self.draw)(self.frames, &self.picture, &scene)?;
        Ok(if self.only.is_some() { Flow::Stop } else { Flow::Continue })
    }
}

impl<'t, F, E> Sink for Frames<'t, F>
where
    F: FnMut(u64, &Picture<'t>, &Scene<'_>) -> Result<(), E>,
{
    type Error = E;

    /// Draws the frame of the step the event ends.
    fn event(&mut self, event: &Event<'_>) -> Result<Flow, E> {
        if let Some((entered, words)) = self.held.take()
            && !completes(entered, event)
            && self.frame(&words, &[])? == Flow::Stop
        {
            return Ok(Flow::Stop);
        }
        let Ok(_) = self.picture.event(event);
        let tree = self.picture.tree();
        let words = describe(
            tree,
            event,
            Palette::default(),
            Notation::Symbols,
            crate::lang::Lang::En.words(),
        );
        if let Event::Enter { node, .. } = *event {
            self.held = Some((node, words));
            return Ok(Flow::Continue);
        }
        self.frame(&words, &[])
    }

    /// Draws the last frame: the whole search, its answer highlighted.
    fn finish(&mut self, outcome: &Outcome) -> Result<(), E> {
        let Ok(()) = self.picture.finish(outcome);
        let words = ending(self.picture.tree(), outcome, Notation::Symbols);
        self.frame(&words, &outcome.principal_variation)?;
        Ok(())
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
        // A paragraph that fits is one line, its words one space apart.
        assert_eq!(wrap(" a  b, c ", 10.0), ["a b, c"]);
        assert_eq!(wrap(" a  b, c ", text_width("a b,", CAPTION_PT)), ["a b,", "c"]);
    }

    #[test]
    fn captions_wrap_between_phrases() {
        let header = "alphabeta, fail-soft, root a (MAX), best move b, value 3";
        let width = text_width("alphabeta, fail-soft, root a", CAPTION_PT);
        assert_eq!(
            wrap(header, width),
            ["alphabeta, fail-soft,", "root a (MAX),", "best move b, value 3"]
        );
        let step = "step 15: c: v=2 \u{2264} \u{3b1}=3: prune i j";
        let width = text_width("step 15: c: v=2 \u{2264} \u{3b1}=3: prune", CAPTION_PT);
        assert_eq!(wrap(step, width), ["step 15: c: v=2 \u{2264} \u{3b1}=3:", "prune i j"]);
    }
}
