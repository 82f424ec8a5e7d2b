//! `--format text`: the search step by step, indented by depth, then the
//! classroom lines.
//!
//! ```text
//! alphabeta, fail-soft, root a (MAX)
//! a MAX  alpha=-inf beta=inf
//!   b MIN  alpha=-inf beta=inf
//!     e = 3
//!   b: beta = 3
//! ...
//! ```
//! Indentation stops growing past [`MAX_INDENT`] levels so deep trees stay
//! readable in 80 columns.

use std::io::{self, Write};

use super::answer::Style;
use crate::answer::{Answer, Recorder};
use crate::bounds::{ValueKind, Window};
use crate::lang::Words;
use crate::notation::Notation;
use crate::num::Value;
use crate::order::Order;
use crate::search::{Event, Flow, Outcome, Sink, View};
use crate::settings::Settings;
use crate::terminal::{Palette, Role};
use crate::tree::{NodeId, Player, Tree};

/// Deeper levels are indented as much as this one.
pub const MAX_INDENT: usize = 20;

/// What is searched, and how, in parts: the algorithm, the point of view
/// of negamax values, the pruning conventions, the depth limit, the root.
pub fn header_parts(
    tree: &Tree,
    settings: &Settings,
    palette: Palette,
    notation: Notation,
    words: &Words,
) -> Vec<String> {
    let Settings { algorithm, ref options, order } = *settings;
    let root = tree.root();
    let mut parts = vec![algorithm.name().to_string()];
    match algorithm.shown_view(options) {
        View::Mover => parts.push(words.mover_view.into()),
        View::Moved => parts.push(words.moved_view.into()),
        View::Max => {}
    }
    if order != Order::Given {
        parts.push(format!("{} {order}", words.children_searched));
    }
    if algorithm.prunes() {
        parts.push(options.returns.name().into());
        if options.strict {
            parts.push(words.strict.into());
        }
        if options.window != Window::FULL {
            parts.push(format!("{} {}", words.window, notation.window(options.window)));
        }
    }
    if algorithm.about().guesses {
        parts.push(format!("{} {}", words.guess, notation.number(options.guess)));
    }
    if let Some(limit) = options.depth_limit {
        parts.push(format!("{} {limit}", words.depth_limit));
    }
    if options.transpositions {
        parts.push(words.transposition_table.into());
    }
    let player = player_tag(palette, tree.player(root));
    parts.push(format!("{} {} ({player})", words.root, tree.name(root)));
    parts
}

/// The width the text trace keeps to where it can.
const WIDTH: usize = 80;

/// Joins `parts` with ", ", starting a new line instead where a part would
/// pass `width` columns (colour codes take none).
fn wrap(parts: &[String], width: usize) -> String {
    let mut text = String::new();
    let mut column = 0;
    for (index, part) in parts.iter().enumerate() {
        let part_width = visible_width(part);
        if index > 0 {
            if column + 2 + part_width > width {
                text.push_str(",\n");
                column = 0;
            } else {
                text.push_str(", ");
                column += 2;
            }
        }
        text.push_str(part);
        column += part_width;
    }
    text
}

/// Characters a terminal shows: ANSI colour sequences take no columns.
fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in text.chars() {
        match c {
            '\x1b' => in_escape = true,
            'm' if in_escape => in_escape = false,
            _ if in_escape => {}
            _ => width += 1,
        }
    }
    width
}

/// The closing lines: principal variation, any fail-low/high note, then
/// the classroom answer.
fn write_footer(
    out: &mut dyn Write,
    tree: &Tree,
    outcome: &Outcome,
    answer: &Answer,
    palette: Palette,
    style: Style,
) -> io::Result<()> {
    let pv: Vec<&str> = outcome.principal_variation.iter().map(|&n| tree.name(n)).collect();
    writeln!(out, "{}: {}", style.words.principal_variation, pv.join(" "))?;
    if let Some(note) = fail_note(outcome) {
        writeln!(out, "note: {note}")?;
    }
    writeln!(out)?;
    super::answer::write(out, tree, answer, palette, style)
}

/// Says when the root's value is only a bound: the root failed low or high
/// in a narrowed window.
pub fn fail_note(outcome: &Outcome) -> Option<String> {
    let (name, relation) = match outcome.kind {
        ValueKind::Exact => return None,
        ValueKind::Lower => ("high", "at least"),
        ValueKind::Upper => ("low", "at most"),
    };
    Some(format!(
        "the root failed {name}: the true value is {relation} {}, and the best move may not be the true one",
        outcome.value
    ))
}

fn player_tag(palette: Palette, player: Player) -> String {
    let role = match player {
        Player::Max => Role::Max,
        Player::Min => Role::Min,
        Player::Chance => Role::Chance,
    };
    palette.paint(role, &player.to_string())
}

/// The whole text trace as a sink: the header, the search step by step,
/// the closing lines.
pub struct TextTrace<'a, W: Write> {
    out: W,
    tree: &'a Tree,
    settings: &'a Settings,
    palette: Palette,
    style: Style,
    /// How many nodes are entered and not yet valued: the open node's depth + 1.
    open: usize,
    /// An entered node whose line waits to see whether it is a leaf (then
    /// entering and evaluating share one line).
    pending: Option<(NodeId, Player, Option<Window>)>,
    recorder: Recorder,
    /// The line being written, reused.
    line: String,
}

impl<'a, W: Write> TextTrace<'a, W> {
    pub fn new(
        out: W,
        tree: &'a Tree,
        settings: &'a Settings,
        palette: Palette,
        style: Style,
    ) -> Self {
        TextTrace {
            out,
            tree,
            settings,
            palette,
            style,
            open: 0,
            pending: None,
            recorder: Recorder::default(),
            line: String::new(),
        }
    }

    fn flush_pending(&mut self) -> io::Result<()> {
        let Some((node, player, window)) = self.pending.take() else {
            return Ok(());
        };
        let enter = Event::Enter { node, depth: 0, player, window };
        self.write_line(&enter)
    }

    /// Writes `event` on its own line, indented to the open node's depth.
    fn write_line(&mut self, event: &Event<'_>) -> io::Result<()> {
        let depth = self.open.saturating_sub(1).min(MAX_INDENT);
        self.line.clear();
        self.line.extend(std::iter::repeat_n(' ', 2 * depth));
        let words = self.style.words;
        self.line.push_str(&describe(self.tree, event, self.palette, Notation::Ascii, words));
        self.line.push('\n');
        self.out.write_all(self.line.as_bytes())
    }
}

impl<W: Write> Sink for TextTrace<'_, W> {
    type Error = io::Error;

    /// The header: what is searched, and how (wrapped at 80 columns).
    fn begin(&mut self) -> io::Result<()> {
        let words = self.style.words;
        let parts = header_parts(self.tree, self.settings, self.palette, Notation::Ascii, words);
        writeln!(self.out, "{}", wrap(&parts, WIDTH))
    }

    fn event(&mut self, event: &Event<'_>) -> io::Result<Flow> {
        let Ok(_) = self.recorder.event(event);
        match *event {
            Event::Enter { node, player, window, .. } => {
                self.flush_pending()?;
                self.open += 1;
                self.pending = Some((node, player, window));
                return Ok(Flow::Continue);
            }
            // A leaf's entering and evaluation share one line, as do a
            // remembered node's.
            Event::Leaf { .. } | Event::Recall { .. } => self.pending = None,
            _ => self.flush_pending()?,
        }
        self.write_line(event)?;
        if matches!(event, Event::Leaf { .. } | Event::Value { .. } | Event::Recall { .. }) {
            self.open -= 1;
        }
        Ok(Flow::Continue)
    }

    fn finish(&mut self, outcome: &Outcome) -> io::Result<()> {
        let Ok(()) = self.recorder.finish(outcome);
        let answer = std::mem::take(&mut self.recorder).into_answer();
        write_footer(&mut self.out, self.tree, outcome, &answer, self.palette, self.style)?;
        self.out.flush()
    }
}

/// What each node says of the edge into it: the action that leads to it,
/// and below a chance node how likely it is.
fn edge_note(tree: &Tree, node: NodeId) -> String {
    let action = tree.action(node).map(|a| format!("  action={a}")).unwrap_or_default();
    let p = tree.probability(node).map(|p| format!("  p={p}")).unwrap_or_default();
    action + &p
}

/// `lower bound` or `upper bound`, nothing for an exact value.
fn bound_note(kind: ValueKind, words: &Words) -> Option<&'static str> {
    match kind {
        ValueKind::Exact => None,
        ValueKind::Lower => Some(words.lower_bound),
        ValueKind::Upper => Some(words.upper_bound),
    }
}

/// One step of a search in words, as the text trace and slide captions
/// show it: `b MIN  alpha=-inf beta=inf`, `e = 3`, `b: beta = 3`,
/// `c: v=2 <= alpha=3: prune i j`, `c = 2 (upper bound)`; pictures use the
/// symbols (`α=-∞`).
pub fn describe(
    tree: &Tree,
    event: &Event<'_>,
    palette: Palette,
    notation: Notation,
    words: &Words,
) -> String {
    let paint_value = |value: Value| palette.paint(Role::Value, &notation.value(value));
    let edge = |node| edge_note(tree, node);
    match *event {
        Event::Enter { node, player, window, .. } => {
            let tag = player_tag(palette, player);
            let window = window.map(|w| format!("  {}", notation.window(w))).unwrap_or_default();
            format!("{} {tag}{window}{}", tree.name(node), edge(node))
        }
        Event::Leaf { node, value } => {
            let note = match tree.is_leaf(node) {
                true => String::new(),
                false => format!(" ({})", words.static_value),
            };
            format!("{} = {}{note}{}", tree.name(node), paint_value(value), edge(node))
        }
        Event::Update { node, bound, value } => {
            let bound = notation.bound(bound);
            format!("{}: {bound} = {}", tree.name(node), notation.number(value))
        }
        Event::Cutoff { node, rule, pruned } => {
            let names: Vec<&str> = pruned.iter().map(|&n| tree.name(n)).collect();
            let reason =
                palette.paint(Role::Cutoff, &crate::notation::cutoff_test(&rule, notation));
            let pruned = palette.paint(Role::Pruned, &names.join(" "));
            let prune = crate::lang::fill(words.prune, &[("nodes", &pruned)]);
            format!("{}: {reason}: {prune}", tree.name(node))
        }
        Event::Value { node, value, kind } => {
            let note = bound_note(kind, words).map(|note| format!(" ({note})")).unwrap_or_default();
            format!("{} = {}{note}", tree.name(node), paint_value(value))
        }
        Event::Recall { node, value, kind } => {
            let remembered = words.remembered;
            let note =
                bound_note(kind, words).map_or(remembered.into(), |n| format!("{n}, {remembered}"));
            format!("{} = {} ({note})", tree.name(node), paint_value(value))
        }
        Event::Research { node, child, value } => {
            let (node, child, value) = (tree.name(node), tree.name(child), notation.value(value));
            let (passes, again) = (words.passes_null_window, words.search_again);
            format!("{node}: {child}={value} {passes}: {again} {child}")
        }
        Event::Pass { number, window, depth_limit, .. } => {
            let depth =
                depth_limit.map(|d| format!(", {} {d}", words.depth_limit)).unwrap_or_default();
            format!("{} {number}{depth}: {}", words.pass, notation.window(window))
        }
        Event::Reorder { node, children } => {
            let names: Vec<&str> = children.iter().map(|&child| tree.name(child)).collect();
            format!("{}: {} {}", tree.name(node), words.children_searched, names.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_wraps_at_the_width_without_counting_colour() {
        let parts: Vec<String> =
            ["negamax-alphabeta", "values from the mover's point of view", "fail-soft"]
                .map(String::from)
                .into();
        assert_eq!(
            wrap(&parts, 60),
            "negamax-alphabeta, values from the mover's point of view,\nfail-soft"
        );
        assert_eq!(visible_width("\x1b[1;31mMAX\x1b[0m"), 3);
    }
}
