//! The classroom answer: the five lines courses ask for.
//!
//! ```text
//! order: e:3 f:12 g:8 b:3 h:2 c:2 k:14 l:5 m:2 d:2 a:3
//! leaves: e f g h # k l m
//! pruned: i j
//! best move: b
//! value: 3
//! ```
//!
//! A [`Recorder`] collects them from a search's events; every output format
//! that shows them (text, answer, JSON) uses the same [`Answer`].

use std::borrow::Cow;
use std::convert::Infallible;

use crate::bounds::ValueKind;
use crate::num::Value;
use crate::search::{Event, Flow, Outcome, Sink};
use crate::tree::{NodeId, Tree};

/// One item of the `leaves` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafMark {
    /// A leaf (or depth-limit node) was evaluated.
    Leaf(NodeId),
    /// A cutoff skipped children here (`#`).
    Cutoff,
}

/// The answer to "trace this search", as courses write it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Every node in the order it received its value, with that value (in
    /// the algorithm's point of view).
    pub order: OrderLine,
    /// Evaluated leaves in order, with a mark where each cutoff happened.
    pub leaves: Vec<LeafMark>,
    /// Children skipped by cutoffs, in order.
    pub pruned: Vec<NodeId>,
    pub best_move: Option<NodeId>,
    /// The root's value from MAX's point of view.
    pub value: Value,
}

/// The `order` line: every node in the order it received its value, with
/// that value. Values are kept as doubles, which hold every decimal
/// exactly, with the few fractions (averages at chance nodes) beside them:
/// a tic-tac-toe answer has half a million items, and sixteen bytes a
/// value would take a third more memory.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OrderLine {
    items: Vec<(NodeId, f64)>,
    /// The values that are fractions, each with its item's position.
    fractions: Vec<(u32, Value)>,
}

impl OrderLine {
    /// An empty line with room for `items`.
    pub fn with_capacity(items: usize) -> OrderLine {
        OrderLine { items: Vec::with_capacity(items), fractions: Vec::new() }
    }

    /// Adds `node`, which received `value`.
    pub fn push(&mut self, node: NodeId, value: Value) {
        if value.fraction_part().is_some() {
            self.fractions.push((self.items.len() as u32, value));
        }
        self.items.push((node, value.to_f64()));
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The items in order.
    pub fn iter(&self) -> impl Iterator<Item = (NodeId, Value)> + Clone + '_ {
        let mut fractions = self.fractions.iter().peekable();
        self.items.iter().enumerate().map(move |(at, &(node, value))| {
            match fractions.next_if(|&&(position, _)| position as usize == at) {
                Some(&(_, fraction)) => (node, fraction),
                None => (node, Value::decimal(value)),
            }
        })
    }
}

impl FromIterator<(NodeId, Value)> for OrderLine {
    fn from_iter<I: IntoIterator<Item = (NodeId, Value)>>(items: I) -> OrderLine {
        let mut line = OrderLine::default();
        items.into_iter().for_each(|(node, value)| line.push(node, value));
        line
    }
}

impl Answer {
    /// Which nodes get their values without children: the tree's leaves,
    /// searched or taken from a transposition table, and the nodes the
    /// search evaluated statically at a depth limit. An `order` line of the
    /// inner nodes alone (`--order-line inner`) leaves them out. Kept by
    /// [position](Tree::position): in a game graph, a name is evaluated
    /// where any of its copies is, as the name is to a reader.
    pub fn evaluated(&self, tree: &Tree) -> Vec<bool> {
        let mut evaluated = vec![false; tree.positions()];
        let leaves = tree.nodes().filter(|&node| tree.is_leaf(node));
        let marked = self.leaves.iter().filter_map(|&mark| match mark {
            LeafMark::Leaf(node) => Some(node),
            LeafMark::Cutoff => None,
        });
        for node in leaves.chain(marked) {
            evaluated[tree.position(node) as usize] = true;
        }
        evaluated
    }

    /// The answer with every node its position's first copy, as names
    /// find them: in a game graph searched as its tree, the copies of a
    /// shared node are one node to a reader. A tree without copies
    /// answers as it is, without a copy of its lines.
    pub fn by_first_copies(&self, tree: &Tree) -> Cow<'_, Answer> {
        if tree.positions() == tree.len() {
            return Cow::Borrowed(self);
        }
        let first = tree.first_copies();
        let first = |node: NodeId| first[node.index()];
        Cow::Owned(Answer {
            order: self.order.iter().map(|(node, value)| (first(node), value)).collect(),
            leaves: (self.leaves.iter())
                .map(|&mark| match mark {
                    LeafMark::Leaf(node) => LeafMark::Leaf(first(node)),
                    LeafMark::Cutoff => LeafMark::Cutoff,
                })
                .collect(),
            pruned: self.pruned.iter().map(|&node| first(node)).collect(),
            best_move: self.best_move.map(first),
            value: self.value,
        })
    }
}

/// A sink that collects the answer lines from a search's events.
#[derive(Debug, Default)]
pub struct Recorder {
    order: OrderLine,
    leaves: Vec<LeafMark>,
    pruned: Vec<NodeId>,
    /// The best move and the root's value, once the search is over.
    best_move: Option<NodeId>,
    value: Value,
}

impl Recorder {
    /// A recorder with room for a search of all of `tree`, so that the
    /// lists of a large tree are not copied as they grow.
    pub fn for_tree(tree: &Tree) -> Recorder {
        Recorder {
            order: OrderLine::with_capacity(tree.len()),
            leaves: Vec::with_capacity(tree.len()),
            ..Recorder::default()
        }
    }

    /// The complete answer, once the search is over.
    pub fn into_answer(self) -> Answer {
        Answer {
            order: self.order,
            leaves: self.leaves,
            pruned: self.pruned,
            best_move: self.best_move,
            value: self.value,
        }
    }

    /// Records what `event` adds to the `leaves` and `pruned` lines.
    fn record_marks(&mut self, event: &Event<'_>) {
        match *event {
            Event::Leaf { node, .. } => self.leaves.push(LeafMark::Leaf(node)),
            Event::Cutoff { pruned, .. } => {
                self.leaves.push(LeafMark::Cutoff);
                self.pruned.extend_from_slice(pruned);
            }
            Event::Enter { .. }
            | Event::Update { .. }
            | Event::Value { .. }
            | Event::Research { .. }
            | Event::Recall { .. }
            | Event::Pass { .. }
            | Event::Reorder { .. } => {}
        }
    }
}

/// What `event` adds to the `order` line: a node and the value it received.
pub fn order_item(event: &Event<'_>) -> Option<(NodeId, Value)> {
    received(event).map(|(node, value, _)| (node, value))
}

/// The `order` item an event gives, with what its value says: exact for
/// a leaf, as the event says for a node searched or recalled.
pub fn received(event: &Event<'_>) -> Option<(NodeId, Value, ValueKind)> {
    match *event {
        Event::Leaf { node, value } => Some((node, value, ValueKind::Exact)),
        Event::Value { node, value, kind } | Event::Recall { node, value, kind } => {
            Some((node, value, kind))
        }
        Event::Enter { .. }
        | Event::Update { .. }
        | Event::Cutoff { .. }
        | Event::Research { .. }
        | Event::Pass { .. }
        | Event::Reorder { .. } => None,
    }
}

impl Sink for Recorder {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        if let Some((node, value)) = order_item(event) {
            self.order.push(node, value);
        }
        self.record_marks(event);
        Ok(Flow::Continue)
    }

    fn finish(&mut self, outcome: &Outcome) -> Result<(), Infallible> {
        (self.best_move, self.value) = (outcome.best_move, outcome.value);
        Ok(())
    }

    fn takes_steps(&self) -> bool {
        false
    }
}

/// A sink that collects the kind of each value the `order` line lists, in
/// its order: exact, or a bound (a sheet's key marks the bounds).
#[derive(Debug, Default)]
pub struct OrderKinds(pub Vec<ValueKind>);

impl Sink for OrderKinds {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        if let Some((_, _, kind)) = received(event) {
            self.0.push(kind);
        }
        Ok(Flow::Continue)
    }

    fn takes_steps(&self) -> bool {
        false
    }
}

/// The notation of the lines, shared by the renderers and `check`. Each
/// line's items are a `Display` value, so that long lines are written
/// straight to the output without being built in memory first.
pub mod notation {
    use std::fmt::{self, Write};

    use super::*;
    use crate::notation::Notation;

    /// `e:3 f:12 b:3`.
    pub struct Order<'a>(pub &'a Tree, pub &'a OrderLine);

    impl fmt::Display for Order<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            separated(
                f,
                self.1
                    .iter()
                    .map(|(node, value)| (self.0.name(node), Some((value, ValueKind::Exact)))),
            )
        }
    }

    /// `e:3 f:≥12 b:3`: the order line with each value that is only a
    /// bound marked as the pictures mark it; the third list holds the kind
    /// of each value.
    pub struct MarkedOrder<'a>(pub &'a Tree, pub &'a OrderLine, pub &'a [ValueKind]);

    impl fmt::Display for MarkedOrder<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let items = self
                .1
                .iter()
                .zip(self.2)
                .map(|((node, value), &kind)| (self.0.name(node), Some((value, kind))));
            separated(f, items)
        }
    }

    /// `e f g h # k`.
    pub struct Leaves<'a>(pub &'a Tree, pub &'a [LeafMark]);

    impl fmt::Display for Leaves<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            separated(f, self.1.iter().map(|&mark| (leaf(self.0, mark), None)))
        }
    }

    /// `i j`, or `none`.
    pub struct Nodes<'a>(pub &'a Tree, pub &'a [NodeId]);

    impl fmt::Display for Nodes<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            if self.1.is_empty() {
                return f.write_str("none");
            }
            separated(f, self.1.iter().map(|&node| (self.0.name(node), None)))
        }
    }

    /// Items separated by spaces, each `name` or `name:value`, a value
    /// that is only a bound after its sign (`name:≥value`). They are
    /// put together in pieces of [`PIECE`] bytes before they go to `f`: a
    /// line of a large tree has a million items, and each write to a
    /// formatter is a call through a trait object.
    fn separated<'t>(
        f: &mut fmt::Formatter<'_>,
        items: impl Iterator<Item = (&'t str, Option<(Value, ValueKind)>)>,
    ) -> fmt::Result {
        let mut piece = String::new();
        for (index, (name, value)) in items.enumerate() {
            push_item(&mut piece, index == 0, name, value);
            if piece.len() >= PIECE {
                f.write_str(&piece)?;
                piece.clear();
            }
        }
        f.write_str(&piece)
    }

    /// Appends one item of a line to `piece`, after a space unless it is
    /// the line's `first`.
    #[inline]
    fn push_item(piece: &mut String, first: bool, name: &str, value: Option<(Value, ValueKind)>) {
        if !first {
            piece.push(' ');
        }
        piece.push_str(name);
        let Some((value, kind)) = value else { return };
        piece.push(':');
        // Most values are exact and whole numbers: written straight in.
        if kind != ValueKind::Exact {
            piece.push_str(Notation::Symbols.bound_sign(kind));
        }
        match value.as_integer() {
            Some(integer) => piece.push_str(itoa::Buffer::new().format(integer)),
            None => drop(write!(piece, "{value}")),
        }
    }

    /// How many bytes of a line are put together before they are written.
    const PIECE: usize = 1 << 14;

    /// One item of the `leaves` line: a name or `#`.
    pub fn leaf(tree: &Tree, mark: LeafMark) -> &str {
        match mark {
            LeafMark::Leaf(node) => tree.name(node),
            LeafMark::Cutoff => "#",
        }
    }

    /// A node's name, or `none`.
    pub fn node(tree: &Tree, node: Option<NodeId>) -> &str {
        node.map_or("none", |node| tree.name(node))
    }
}
