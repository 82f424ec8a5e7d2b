//! What a diagram shows, whatever draws it: the state of every node as a
//! search advances ([`Picture`]), and what each node and edge looks like
//! at that moment ([`NodeView`], [`EdgeInk`]), under the options that
//! choose what a picture shows ([`Look`]).
//!
//! The DOT and TikZ renderers draw these views at the places
//! [`Layout`](super::layout::Layout) gives; neither decides what a node shows.

use std::convert::Infallible;

use crate::bounds::{ValueKind, Window};
use crate::notation::Notation;
use crate::num::Value;
use crate::search::{Event, Flow, Sink, View};
use crate::tree::{NodeId, Player, Tree};

/// Which texts the nodes of a diagram carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Labels {
    /// Node names only: no values, no windows.
    Names,
    /// Values (and windows) only, as textbooks draw trees: leaves show their
    /// value, inner nodes are empty until they receive theirs.
    Values,
    /// Names, values and windows.
    #[default]
    Both,
}

impl Labels {
    /// Whether names are shown.
    pub fn names(self) -> bool {
        self != Labels::Values
    }

    /// Whether values and windows are shown.
    pub fn values(self) -> bool {
        self != Labels::Names
    }
}

/// The options that choose what a diagram shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    pub labels: Labels,
    /// Show each node's position in visiting order.
    pub numbers: bool,
    /// The tree as handed out: nothing of the solution.
    pub exercise: bool,
    /// Draw each pruned subtree as one stub under its cut edge.
    pub collapse_pruned: bool,
    /// Draw only the line from the root to this node with the children of
    /// its nodes; fold every other inner node into one stub under it.
    pub fold: Option<NodeId>,
}

/// Where a node stands in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not reached (yet, or ever: below a depth limit).
    Unseen,
    /// Entered, children being searched.
    Open,
    /// Received its value.
    Valued,
    /// Skipped by a cutoff, itself or an ancestor.
    Pruned,
}

/// What one node has shown so far.
#[derive(Clone, Copy, Debug)]
struct Mark {
    status: Status,
    value: Value,
    kind: ValueKind,
    /// The node's latest alpha-beta window (alpha-beta algorithms only).
    window: Option<Window>,
    /// The node's position in visiting order, from 1.
    visit: u32,
    /// The edge into this node is where a cutoff struck.
    cut_here: bool,
    /// The value came from memory, not from a search below the node.
    remembered: bool,
}

/// The state of every node as a search advances; a [`Sink`].
pub struct Picture<'t> {
    tree: &'t Tree,
    /// Whose point of view the algorithm's values are from.
    view: View,
    marks: Vec<Mark>,
    visits: u32,
    steps: u64,
    /// The node the latest event was about.
    current: Option<NodeId>,
}

/// The outline a node is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A triangle pointing up.
    Max,
    /// A triangle pointing down.
    Min,
    /// A circle (a chance node).
    Chance,
    /// A box.
    Leaf,
    /// The small stub that stands for a collapsed pruned subtree.
    Stub,
}

impl Shape {
    /// The shape of `node` of `tree`.
    pub fn of(tree: &Tree, node: NodeId) -> Shape {
        match (tree.is_leaf(node), tree.player(node)) {
            (true, _) => Shape::Leaf,
            (false, Player::Max) => Shape::Max,
            (false, Player::Min) => Shape::Min,
            (false, Player::Chance) => Shape::Chance,
        }
    }
}

/// How strongly a node or edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// In full.
    Normal,
    /// Lighter: not reached yet.
    Faint,
    /// Grey and dashed: pruned.
    Pruned,
    /// Highlighted: the node the current frame is about.
    Current,
    /// Dotted: the node took its value from memory (a transposition
    /// table, or what an earlier pass proved) instead of a search below it.
    Remembered,
}

/// How an edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeInk {
    Normal,
    Faint,
    Pruned,
    /// Pruned, and the cutoff struck here: marked with ✗.
    Cut,
    /// The best move: the first edge of the principal variation.
    Best,
    /// Further down the principal variation.
    Principal,
}

/// One of the texts a node carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Name,
    Value,
    Window,
}

impl Part {
    /// The parts a node of `shape` may carry, top to bottom: a MAX node's
    /// window under its name and value, a MIN node's above them, each at
    /// the triangle's wide side.
    pub fn order(shape: Shape) -> &'static [Part] {
        match shape {
            Shape::Max => &[Part::Name, Part::Value, Part::Window],
            Shape::Min => &[Part::Window, Part::Name, Part::Value],
            Shape::Chance | Shape::Leaf => &[Part::Name, Part::Value],
            Shape::Stub => &[],
        }
    }
}

/// What one node shows at one moment: its texts, plain Unicode with the
/// textbook's symbols (each renderer escapes them its own way).
#[derive(Clone, Debug, PartialEq)]
pub struct NodeView<'t> {
    pub shape: Shape,
    pub ink: Ink,
    pub name: Option<&'t str>,
    /// The node's place in visiting order, with `--numbers`.
    pub visit: Option<u32>,
    /// `3`, `≥5`, `≤2`.
    pub value: Option<String>,
    /// `α=3 β=∞`.
    pub window: Option<String>,
    /// Whether the search has given the node its value.
    pub valued: bool,
}

impl NodeView<'_> {
    /// The text of `part`, if the node shows it now.
    pub fn text(&self, part: Part) -> Option<&str> {
        match part {
            Part::Name => self.name,
            Part::Value => self.value.as_deref(),
            Part::Window => self.window.as_deref(),
        }
    }

    /// The node's label: its parts in [`Part::order`], each as `write`
    /// makes it, joined by `newline`, with the visit number as `number`
    /// makes it before the name (before the first part without a name).
    pub fn label(
        &self,
        number: impl Fn(u32) -> String,
        write: impl Fn(Part, &str) -> String,
        newline: &str,
    ) -> String {
        let shown: Vec<Part> =
            Part::order(self.shape).iter().copied().filter(|&p| self.text(p).is_some()).collect();
        let numbered = shown.iter().position(|&p| p == Part::Name).unwrap_or(0);
        let lines: Vec<String> = shown
            .iter()
            .enumerate()
            .map(|(index, &part)| {
                let text = write(part, self.text(part).unwrap_or_default());
                match self.visit.filter(|_| index == numbered) {
                    Some(visit) => format!("{}{text}", number(visit)),
                    None => text,
                }
            })
            .collect();
        match (lines.is_empty(), self.visit) {
            (true, Some(visit)) => number(visit),
            _ => lines.join(newline),
        }
    }
}

/// A node the search has not reached.
const UNSEEN: Mark = Mark {
    status: Status::Unseen,
    value: Value::decimal(0.0),
    kind: ValueKind::Exact,
    window: None,
    visit: 0,
    cut_here: false,
    remembered: false,
};

impl<'t> Picture<'t> {
    /// The tree before a search whose values are from `view`: every node
    /// unseen.
    pub fn new(tree: &'t Tree, view: View) -> Picture<'t> {
        Picture { tree, view, marks: vec![UNSEEN; tree.len()], visits: 0, steps: 0, current: None }
    }

    /// The tree drawn.
    pub fn tree(&self) -> &'t Tree {
        self.tree
    }

    /// How many events the picture has followed.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The node the latest event was about.
    pub fn current(&self) -> Option<NodeId> {
        self.current
    }

    /// The value `node` has received so far, if any.
    pub fn value(&self, node: NodeId) -> Option<Value> {
        let mark = self.marks[node.index()];
        (mark.status == Status::Valued).then_some(mark.value)
    }

    /// Whether a cutoff pruned the subtree under `node`, at the edge into it.
    pub fn cut_here(&self, node: NodeId) -> bool {
        self.marks[node.index()].cut_here
    }

    /// What `node` shows, under `look`; `current` is highlighted.
    pub fn node(&self, node: NodeId, look: &Look, current: Option<NodeId>) -> NodeView<'t> {
        let tree = self.tree;
        let mark = self.marks[node.index()];
        let solved = !look.exercise;
        let shows_value = match mark.status {
            _ if !look.labels.values() => false,
            _ if tree.is_leaf(node) => true,
            Status::Valued => solved,
            _ => false,
        };
        let value = shows_value.then(|| {
            let kind = if mark.status == Status::Valued { mark.kind } else { ValueKind::Exact };
            let value =
                if mark.status == Status::Valued { mark.value } else { self.leaf_value(node) };
            format!("{}{}", Notation::Symbols.bound_sign(kind), Notation::Symbols.value(value))
        });
        let window = mark
            .window
            .filter(|_| solved && look.labels.values() && !tree.is_leaf(node))
            .filter(|_| matches!(mark.status, Status::Open | Status::Valued))
            .map(|window| Notation::Symbols.window(window));
        let ink = match mark.status {
            _ if solved && current == Some(node) => Ink::Current,
            _ if !solved => Ink::Normal,
            Status::Unseen => Ink::Faint,
            Status::Pruned => Ink::Pruned,
            Status::Valued if mark.remembered => Ink::Remembered,
            Status::Open | Status::Valued => Ink::Normal,
        };
        NodeView {
            shape: Shape::of(tree, node),
            ink,
            name: look.labels.names().then(|| tree.name(node)),
            visit: (solved && look.numbers && mark.visit > 0).then_some(mark.visit),
            value,
            window,
            valued: solved && mark.status == Status::Valued,
        }
    }

    /// How the edge into `child` is drawn; `pv_place` is the child's place
    /// on the principal variation (1 for the best move), if it is on it.
    pub fn edge(&self, child: NodeId, look: &Look, pv_place: Option<usize>) -> EdgeInk {
        let mark = self.marks[child.index()];
        match (mark.status, pv_place) {
            _ if look.exercise => EdgeInk::Normal,
            (Status::Pruned, _) if mark.cut_here => EdgeInk::Cut,
            (Status::Pruned, _) => EdgeInk::Pruned,
            (Status::Unseen, _) => EdgeInk::Faint,
            (_, Some(1)) => EdgeInk::Best,
            (_, Some(_)) => EdgeInk::Principal,
            (_, None) => EdgeInk::Normal,
        }
    }

    /// A leaf's value before the search reaches it, from the point of view
    /// the search will give it, so that it does not change when reached.
    fn leaf_value(&self, node: NodeId) -> Value {
        let value = self.tree.value(node).unwrap_or(f64::NAN);
        Value::decimal(self.view.convert(value, self.tree.player(node)))
    }

    fn mark(&mut self, node: NodeId) -> &mut Mark {
        &mut self.marks[node.index()]
    }

    fn valued(&mut self, node: NodeId, value: Value, kind: ValueKind) {
        let mark = self.mark(node);
        *mark = Mark { status: Status::Valued, value, kind, ..*mark };
    }

    /// Marks `node` and its whole subtree as pruned.
    fn prune(&mut self, node: NodeId) {
        self.mark(node).cut_here = true;
        for below in self.tree.subtree(node) {
            self.marks[below.index()].status = Status::Pruned;
        }
    }
}

impl Sink for Picture<'_> {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        self.steps += 1;
        self.current = Some(event.node());
        match *event {
            Event::Enter { node, window, .. } => {
                self.visits += 1;
                let visit = self.visits;
                let mark = self.mark(node);
                *mark = Mark { status: Status::Open, window, visit, remembered: false, ..*mark };
            }
            Event::Leaf { node, value } => self.valued(node, value, ValueKind::Exact),
            Event::Value { node, value, kind } => self.valued(node, value, kind),
            Event::Update { node, bound, value } => {
                if let Some(window) = &mut self.mark(node).window {
                    window.set(bound, value);
                }
            }
            Event::Cutoff { pruned, .. } => pruned.iter().for_each(|&child| self.prune(child)),
            Event::Recall { node, value, kind } => {
                self.valued(node, value, kind);
                self.mark(node).remembered = true;
            }
            // The child is searched again from scratch.
            Event::Research { child, .. } => {
                for below in self.tree.subtree(child) {
                    self.marks[below.index()] = UNSEEN;
                }
            }
            // The picture shows the latest pass over the tree, its children
            // where the tree has them.
            Event::Pass { .. } => {
                self.marks.fill(UNSEEN);
                self.visits = 0;
            }
            Event::Reorder { .. } => {}
        }
        Ok(Flow::Continue)
    }
}
