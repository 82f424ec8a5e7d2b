//! `--format dot`: the searched tree as a Graphviz digraph for slides, and
//! the same picture frame by frame as the search advances.
//!
//! A [`Picture`] follows the search's events and knows, at any moment, what
//! every node looks like: not yet reached, entered, valued, or pruned. The
//! final diagram and every frame are drawn from it by [`write_graph`].
//!
//! Conventions (AIMA's): MAX nodes are triangles, MIN nodes inverted
//! triangles, leaves boxes; `ordering=out` with nodes written in pre-order
//! keeps children left to right. Node ids are generated (`n0`, `n1`, ...) and
//! names appear only inside HTML-like labels, escaped to ASCII, so nothing
//! in a tree file can change the graph's structure.

use std::io::{self, Write};

use super::Palette;
use super::text::describe;
use crate::num::Num;
use crate::search::{Algorithm, Event, Outcome, Sink, ValueKind, Window};
use crate::tree::{NodeId, Player, Tree};

/// Colour of the best move and the principal variation.
const PV_COLOR: &str = "#1f77b4";
/// Fill of the node the current frame is about.
const CURRENT_FILL: &str = "#ffe66d";

/// Where a node stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Not reached (yet, or ever: below a depth limit).
    Unseen,
    /// Entered, children being searched.
    Open,
    /// Received its value.
    Valued,
    /// Skipped by a cutoff, itself or an ancestor.
    Pruned,
}

/// What one node shows.
#[derive(Clone, Copy, Debug)]
struct Mark {
    status: Status,
    value: f64,
    kind: ValueKind,
    /// The node's latest alpha-beta window (alpha-beta algorithms only).
    window: Option<Window>,
    /// The node's position in visiting order, from 1.
    visit: u32,
    /// The edge into this node is where a cutoff struck.
    cut_here: bool,
}

/// The state of every node as a search advances; a [`Sink`].
pub struct Picture<'t> {
    tree: &'t Tree,
    marks: Vec<Mark>,
    visits: u32,
    steps: u64,
    /// The node the latest event was about.
    current: Option<NodeId>,
}

impl<'t> Picture<'t> {
    /// The tree before the search: every node unseen.
    pub fn new(tree: &'t Tree) -> Picture<'t> {
        let blank = Mark {
            status: Status::Unseen,
            value: 0.0,
            kind: ValueKind::Exact,
            window: None,
            visit: 0,
            cut_here: false,
        };
        Picture { tree, marks: vec![blank; tree.len()], visits: 0, steps: 0, current: None }
    }

    fn mark(&mut self, node: NodeId) -> &mut Mark {
        &mut self.marks[node.index()]
    }

    fn valued(&mut self, node: NodeId, value: f64, kind: ValueKind) {
        let mark = self.mark(node);
        *mark = Mark { status: Status::Valued, value, kind, ..*mark };
    }

    /// Marks `node` and its whole subtree as pruned.
    fn prune(&mut self, node: NodeId) {
        self.mark(node).cut_here = true;
        let mut stack = vec![node];
        while let Some(next) = stack.pop() {
            self.mark(next).status = Status::Pruned;
            stack.extend_from_slice(self.tree.children(next));
        }
    }
}

impl Sink<'_> for Picture<'_> {
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.steps += 1;
        self.current = Some(event.node());
        match *event {
            Event::Enter { node, window, .. } => {
                self.visits += 1;
                let visit = self.visits;
                let mark = self.mark(node);
                *mark = Mark { status: Status::Open, window, visit, ..*mark };
            }
            Event::Leaf { node, value } => self.valued(node, value, ValueKind::Exact),
            Event::Value { node, value, kind } => self.valued(node, value, kind),
            Event::Update { node, bound, value } => {
                if let Some(window) = &mut self.mark(node).window {
                    window.set(bound, value);
                }
            }
            Event::Cutoff { pruned, .. } => pruned.iter().for_each(|&child| self.prune(child)),
        }
        Ok(())
    }
}

/// What to draw besides the nodes.
#[derive(Clone, Debug, Default)]
pub struct Decorations<'a> {
    /// Show each node's position in visiting order.
    pub numbers: bool,
    /// A line under the diagram.
    pub caption: Option<String>,
    /// The principal variation to highlight, root first (its first edge is
    /// the best move).
    pub principal_variation: &'a [NodeId],
    /// The node to highlight (a frame's subject).
    pub current: Option<NodeId>,
}

/// The caption of a finished search: algorithm, root player, best move, value.
pub fn caption(tree: &Tree, algorithm: Algorithm, outcome: &Outcome) -> String {
    let root = tree.root();
    let best = outcome.best_move.map_or("none", |node| tree.name(node));
    format!(
        "{}: root {} ({}), best move {best}, value {}",
        algorithm.name(),
        tree.name(root),
        tree.player(root),
        Num(outcome.value)
    )
}

/// Writes the whole tree as it stands in `picture`.
pub fn write_graph(
    out: &mut dyn Write,
    picture: &Picture<'_>,
    decorations: &Decorations<'_>,
) -> io::Result<()> {
    let tree = picture.tree;
    writeln!(out, "digraph gametree {{")?;
    writeln!(
        out,
        "  graph [ordering=out, forcelabels=true, nodesep=0.3, ranksep=0.5, fontname=\"Helvetica\"];"
    )?;
    writeln!(
        out,
        "  node [fontname=\"Helvetica\", fontsize=12, margin=0.04, style=filled, fillcolor=white];"
    )?;
    writeln!(out, "  edge [arrowhead=none];")?;
    if let Some(caption) = &decorations.caption {
        writeln!(out, "  label=<{}>;\n  labelloc=b;", html(caption))?;
    }
    for node in tree.nodes() {
        write_node(out, picture, node, decorations)?;
    }
    // Each principal-variation node's place on it (the root is 0), so that
    // an edge lies on it exactly when its child does.
    let mut pv_place = vec![None; tree.len()];
    for (place, node) in decorations.principal_variation.iter().enumerate() {
        pv_place[node.index()] = Some(place);
    }
    for parent in tree.nodes() {
        for &child in tree.children(parent) {
            write_edge(out, picture, parent, child, pv_place[child.index()])?;
        }
    }
    writeln!(out, "}}")
}

fn write_node(
    out: &mut dyn Write,
    picture: &Picture<'_>,
    node: NodeId,
    decorations: &Decorations<'_>,
) -> io::Result<()> {
    let tree = picture.tree;
    let mark = picture.marks[node.index()];
    let shape = match (tree.is_leaf(node), tree.player(node)) {
        (true, _) => "box",
        (false, Player::Max) => "triangle",
        (false, Player::Min) => "invtriangle",
    };
    let mut label = html(tree.name(node));
    if decorations.numbers && mark.visit > 0 {
        label = format!("<FONT POINT-SIZE=\"9\">{}</FONT> {label}", mark.visit);
    }
    if mark.status == Status::Valued {
        label.push_str(&format!("<BR/><B>{}</B>", valued(mark.value, mark.kind)));
    }
    let mut attributes = vec![format!("shape={shape}"), format!("label=<{label}>")];
    if let Some(window) =
        mark.window.filter(|_| mark.status != Status::Unseen && !tree.is_leaf(node))
    {
        attributes.push(format!(
            "xlabel=<&alpha;={} &beta;={}>",
            number(window.alpha),
            number(window.beta)
        ));
    }
    attributes.extend(node_style(mark.status, decorations.current == Some(node)));
    writeln!(out, "  n{} [{}];", node.0, attributes.join(", "))
}

fn node_style(status: Status, current: bool) -> Vec<String> {
    let look: &[&str] = match status {
        _ if current => {
            return vec!["penwidth=2.5".into(), format!("fillcolor=\"{CURRENT_FILL}\"")];
        }
        Status::Unseen => &["color=gray80", "fontcolor=gray70"],
        Status::Pruned => &["style=\"dashed,filled\"", "color=gray60", "fontcolor=gray60"],
        Status::Open | Status::Valued => &[],
    };
    look.iter().map(|&a| a.to_string()).collect()
}

/// Writes the edge into `child`; `pv_place` is the child's place on the
/// principal variation, if it is on it (1 for the best move).
fn write_edge(
    out: &mut dyn Write,
    picture: &Picture<'_>,
    parent: NodeId,
    child: NodeId,
    pv_place: Option<usize>,
) -> io::Result<()> {
    let mark = picture.marks[child.index()];
    let style = match (mark.status, pv_place) {
        (Status::Pruned, _) if mark.cut_here => {
            "style=dashed, color=gray60, label=<<FONT COLOR=\"red\">&#x2717;</FONT>>".to_string()
        }
        (Status::Pruned, _) => "style=dashed, color=gray60".to_string(),
        (Status::Unseen, _) => "color=gray80".to_string(),
        (_, Some(1)) => format!("color=\"{PV_COLOR}\", penwidth=3.5"),
        (_, Some(_)) => format!("color=\"{PV_COLOR}\", penwidth=2.5"),
        (_, None) => String::new(),
    };
    if style.is_empty() {
        writeln!(out, "  n{} -> n{};", parent.0, child.0)
    } else {
        writeln!(out, "  n{} -> n{} [{style}];", parent.0, child.0)
    }
}

/// A node's value as a label shows it: `3`, or `&ge;5` / `&le;2` for bounds.
fn valued(value: f64, kind: ValueKind) -> String {
    let prefix = match kind {
        ValueKind::Exact => "",
        ValueKind::Lower => "&ge;",
        ValueKind::Upper => "&le;",
    };
    format!("{prefix}{}", number(value))
}

/// A number in an HTML label, with `&infin;` for infinities.
fn number(value: f64) -> String {
    match Num(value).to_string().as_str() {
        "inf" => "&infin;".to_string(),
        "-inf" => "-&infin;".to_string(),
        text => text.to_string(),
    }
}

/// Text made safe for an HTML-like label and pure ASCII: markup and the
/// characters DOT treats specially become character references.
pub fn html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\\' | '{' | '}' | '|' | '[' | ']' => escaped.push_str(&format!("&#{};", c as u32)),
            ' '..='~' => escaped.push(c),
            _ => escaped.push_str(&format!("&#{};", c as u32)),
        }
    }
    escaped
}

/// Draws one frame per search step, or only the one step asked for,
/// handing each to `output` with its step number (from 1).
///
/// A frame shows the tree after that step: valued nodes with their values,
/// the step's node highlighted, open nodes with their current window,
/// pruned parts once cut, unreached nodes faint, and the step in words.
pub struct Frames<'t, F> {
    picture: Picture<'t>,
    numbers: bool,
    /// The one step to draw, or `None` for all: drawing a frame costs time
    /// in the size of the tree, every frame of a large tree much more.
    only: Option<u64>,
    output: F,
    buffer: Vec<u8>,
}

impl<'t, F: FnMut(u64, &[u8]) -> io::Result<()>> Frames<'t, F> {
    pub fn new(tree: &'t Tree, numbers: bool, only: Option<u64>, output: F) -> Self {
        Frames { picture: Picture::new(tree), numbers, only, output, buffer: Vec::new() }
    }

    /// How many frames were drawn.
    pub fn count(&self) -> u64 {
        self.picture.steps
    }
}

impl<F: FnMut(u64, &[u8]) -> io::Result<()>> Sink<'_> for Frames<'_, F> {
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.picture.event(event)?;
        let step = self.picture.steps;
        if self.only.is_some_and(|only| only != step) {
            return Ok(());
        }
        let words = describe(self.picture.tree, event, Palette::default());
        let decorations = Decorations {
            numbers: self.numbers,
            caption: Some(format!("step {step}: {words}")),
            principal_variation: &[],
            current: self.picture.current,
        };
        self.buffer.clear();
        write_graph(&mut self.buffer, &self.picture, &decorations)?;
        (self.output)(step, &self.buffer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_escape_markup_and_dot_syntax_and_stay_ascii() {
        assert_eq!(html(r#"a"b\c"#), "a&quot;b&#92;c");
        assert_eq!(html("<x&y>"), "&lt;x&amp;y&gt;");
        assert_eq!(html("{|}"), "&#123;&#124;&#125;");
        assert_eq!(html("ö"), "&#246;");
    }

    #[test]
    fn bounds_and_infinities_read_as_symbols() {
        assert_eq!(valued(5.0, ValueKind::Lower), "&ge;5");
        assert_eq!(valued(-2.0, ValueKind::Upper), "&le;-2");
        assert_eq!(number(f64::NEG_INFINITY), "-&infin;");
    }
}
