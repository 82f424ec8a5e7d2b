//! What a diagram's nodes and edges look like, whatever draws them: the
//! options that choose what a picture shows ([`Look`]), the outlines,
//! inks and lines of text a node has ([`Shape`], [`Ink`], [`Part`]), and
//! what one node shows at one moment ([`NodeView`]).
//!
//! [`Part::slots`] decides which lines a node has and in which order, the
//! same in every picture of a run; the layout sizes nodes for them, and
//! the DOT, TikZ and HTML renderers draw them in those slots.

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

    /// The lines a node of `shape` has in every picture of a run, top to
    /// bottom, each in a slot of its own whether or not it shows anything
    /// at the moment, so that no text moves from frame to frame: the parts
    /// `labels` shows, and windows only where the algorithm has them.
    pub fn slots(shape: Shape, labels: Labels, windows: bool) -> Vec<Part> {
        let carried = |part: &&Part| match part {
            Part::Name => labels.names(),
            Part::Value => labels.values(),
            Part::Window => labels.values() && windows,
        };
        Part::order(shape).iter().filter(carried).copied().collect()
    }
}

/// What one node shows at one moment: its texts, plain Unicode with the
/// textbook's symbols (each renderer escapes them its own way).
#[derive(Clone, Debug, PartialEq)]
pub struct NodeView<'t> {
    pub shape: Shape,
    pub ink: Ink,
    /// The node's lines, top to bottom ([`Part::slots`]): the same in
    /// every picture of a run, shown or blank.
    pub slots: Vec<Part>,
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

    /// The line the visit number goes before: the name's, or else the first.
    pub fn numbered(&self) -> Option<Part> {
        self.slots.iter().copied().find(|&part| part == Part::Name).or(self.slots.first().copied())
    }

    /// The node's label: one line per slot, each as `write` makes it from
    /// the part and its text (empty where the slot is blank now, for
    /// `write` to keep the line's height), joined by `newline`, with the
    /// visit number as `number` makes it before the name (before the
    /// first line where there is no name).
    pub fn label(
        &self,
        number: impl Fn(u32) -> String,
        write: impl Fn(Part, &str) -> String,
        newline: &str,
    ) -> String {
        let numbered = self.slots.iter().position(|&p| Some(p) == self.numbered()).unwrap_or(0);
        let lines: Vec<String> = self
            .slots
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
