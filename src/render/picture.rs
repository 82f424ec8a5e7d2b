//! What a diagram shows, whatever draws it: the state of every node as a
//! search advances ([`Picture`]), and what each node and edge looks like
//! at that moment ([`NodeView`], [`EdgeInk`]), under the options that
//! choose what a picture shows ([`Look`]).
//!
//! The DOT, TikZ and HTML renderers draw these views at the places
//! [`Layout`](super::layout::Layout) gives; none decides what a node shows.
//! An exercise shows every value the search will read (leaves, static
//! values at the depth limit, and for iterative deepening at every depth)
//! and fades what it never reaches. After the search, the picture shows
//! what every node received last in any pass over the tree and the root's
//! value as the search found it.

use std::convert::Infallible;

use crate::bounds::{ValueKind, Window};
use crate::notation::Notation;
use crate::num::Value;
use crate::search::{Event, Flow, Outcome, Sink, View};
use crate::settings::Settings;
use crate::tree::{NodeId, Tree};

pub use super::look::{EdgeInk, Ink, Labels, Look, NodeView, Part, Shape};

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

/// What the search will read at a node, known before it runs: what an
/// exercise must show for the search to be done by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// Its value is searched for below it.
    Searched,
    /// A leaf or a node at the depth limit: its value is read as given.
    Given,
    /// An inner node whose static value a shallower iteration of iterative
    /// deepening reads, and the deeper ones search below.
    Iterated,
    /// Below the depth limit: never reached.
    Beyond,
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
    /// Whether the algorithm gives its nodes alpha-beta windows.
    windows: bool,
    readings: Vec<Reading>,
    marks: Vec<Mark>,
    /// What the earlier passes over the whole tree (MTD(f), SSS*) left at
    /// each node, for the final picture; empty until a second pass.
    earlier: Vec<Mark>,
    visits: u32,
    steps: u64,
    /// The node the latest event was about.
    current: Option<NodeId>,
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
    /// The tree before the search `settings` ask for: every node unseen.
    pub fn new(tree: &'t Tree, settings: &Settings) -> Picture<'t> {
        let algorithm = settings.algorithm;
        Picture {
            tree,
            view: algorithm.shown_view(&settings.options),
            windows: algorithm.has_window(),
            readings: readings(tree, settings),
            marks: vec![UNSEEN; tree.len()],
            earlier: Vec::new(),
            visits: 0,
            steps: 0,
            current: None,
        }
    }

    /// The tree drawn.
    pub fn tree(&self) -> &'t Tree {
        self.tree
    }

    /// How many events the picture has followed.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The node the latest event was about (none once the search is over).
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

    /// The lines of a node of `shape` under `look` ([`Part::slots`]).
    pub fn slots(&self, shape: Shape, look: &Look) -> Vec<Part> {
        Part::slots(shape, look.labels, self.windows)
    }

    /// The value `node` shows before the search gives it one: a leaf's
    /// and a node's at the depth limit, and in an exercise the static
    /// values iterative deepening reads; from the point of view the search
    /// will give them, so that they do not change when reached.
    fn given(&self, node: NodeId, look: &Look) -> Option<Value> {
        let shown = match self.readings[node.index()] {
            Reading::Given => true,
            Reading::Iterated => look.exercise,
            Reading::Searched | Reading::Beyond => false,
        };
        let value = self.tree.value(node).filter(|_| shown)?;
        Some(Value::decimal(self.view.convert(value, self.tree.player(node))))
    }

    /// What `node` shows, under `look`; `current` is highlighted.
    pub fn node(&self, node: NodeId, look: &Look, current: Option<NodeId>) -> NodeView<'t> {
        let tree = self.tree;
        let mark = self.marks[node.index()];
        let solved = !look.exercise;
        let value = match mark.status {
            _ if !look.labels.values() => None,
            Status::Valued if solved => Some((mark.value, mark.kind)),
            _ => self.given(node, look).map(|value| (value, ValueKind::Exact)),
        };
        let value = value.map(|(value, kind)| {
            format!("{}{}", Notation::Symbols.bound_sign(kind), Notation::Symbols.value(value))
        });
        let window = mark
            .window
            .filter(|_| solved && look.labels.values() && !tree.is_leaf(node))
            .filter(|_| matches!(mark.status, Status::Open | Status::Valued))
            .map(|window| Notation::Symbols.window(window));
        let ink = match mark.status {
            _ if solved && current == Some(node) => Ink::Current,
            _ if self.readings[node.index()] == Reading::Beyond => Ink::Faint,
            _ if !solved => Ink::Normal,
            Status::Unseen => Ink::Faint,
            Status::Pruned => Ink::Pruned,
            Status::Valued if mark.remembered => Ink::Remembered,
            Status::Open | Status::Valued => Ink::Normal,
        };
        let shape = Shape::of(tree, node);
        NodeView {
            shape,
            ink,
            slots: self.slots(shape, look),
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
            _ if self.readings[child.index()] == Reading::Beyond => EdgeInk::Faint,
            _ if look.exercise => EdgeInk::Normal,
            (Status::Pruned, _) if mark.cut_here => EdgeInk::Cut,
            (Status::Pruned, _) => EdgeInk::Pruned,
            (Status::Unseen, _) => EdgeInk::Faint,
            (_, Some(1)) => EdgeInk::Best,
            (_, Some(_)) => EdgeInk::Principal,
            (_, None) => EdgeInk::Normal,
        }
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

    /// Keeps what the pass that ends left at each node, over what earlier
    /// passes left ([`latest`]).
    fn keep_pass(&mut self) {
        if self.earlier.is_empty() {
            self.earlier = vec![UNSEEN; self.tree.len()];
        }
        for (earlier, &now) in self.earlier.iter_mut().zip(&self.marks) {
            *earlier = latest(*earlier, now);
        }
    }
}

/// What a node shows at the end of a search of several passes: the value
/// it received last, in whichever pass (with its window only from the
/// last pass); else pruned (with the ✗ of any pass that cut there), if
/// any pass pruned it; else what it is now.
fn latest(earlier: Mark, now: Mark) -> Mark {
    match (earlier.status, now.status) {
        (_, Status::Valued) => now,
        (Status::Valued, _) => Mark { window: None, ..earlier },
        (_, Status::Pruned) => Mark { cut_here: now.cut_here || earlier.cut_here, ..now },
        (Status::Pruned, _) => earlier,
        _ => now,
    }
}

/// What the search `settings` ask for will read at each node.
fn readings(tree: &Tree, settings: &Settings) -> Vec<Reading> {
    let limit = settings.options.depth_limit;
    let deepens = settings.algorithm.about().deepens;
    // Ids are in pre-order: a parent comes before its children.
    let mut depth = vec![0u32; tree.len()];
    let mut readings = Vec::with_capacity(tree.len());
    for node in tree.nodes() {
        let here = depth[node.index()];
        for &child in tree.children(node) {
            depth[child.index()] = here + 1;
        }
        readings.push(match limit {
            Some(limit) if here > limit => Reading::Beyond,
            Some(limit) if here == limit => Reading::Given,
            _ if tree.is_leaf(node) => Reading::Given,
            _ if deepens && here > 0 && tree.value(node).is_some() => Reading::Iterated,
            _ => Reading::Searched,
        });
    }
    readings
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
            // A node evaluated where it stands carries no window, as a leaf.
            Event::Leaf { node, value } => {
                self.valued(node, value, ValueKind::Exact);
                self.mark(node).window = None;
            }
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
            // where the tree has them; what passes over the whole tree
            // found is kept for the end, but not what shallower iterations
            // of iterative deepening found.
            Event::Pass { depth_limit, .. } => {
                match depth_limit {
                    None => self.keep_pass(),
                    Some(_) => self.earlier.clear(),
                }
                self.marks.fill(UNSEEN);
                self.visits = 0;
            }
            Event::Reorder { .. } => {}
        }
        Ok(Flow::Continue)
    }

    /// The picture of the whole search: what each node received last, in
    /// any pass, and the root's value as the search found it (exact where
    /// the passes of MTD(f) and SSS* closed in on it).
    fn finish(&mut self, outcome: &Outcome) -> Result<(), Infallible> {
        if !self.earlier.is_empty() {
            self.keep_pass();
            std::mem::swap(&mut self.marks, &mut self.earlier);
        }
        let root = self.tree.root();
        let player = self.tree.player(root);
        let negated = self.view.convert(1.0, player) < 0.0;
        let value = self.view.convert(outcome.value, player);
        let kind = if negated { outcome.kind.flipped() } else { outcome.kind };
        self.valued(root, value, kind);
        self.current = None;
        Ok(())
    }
}
