//! The validated game tree every algorithm and renderer works on.
//!
//! A [`Tree`] is built once from one of the input shapes (see [`input`]) and
//! checked by [`validate()`]; after that it is immutable and always well formed:
//! one root, every node reachable, no cycles, a value on every leaf. Nodes are
//! numbered in pre-order (the root is node 0 and children keep the order the
//! input gave), so walking ids in order walks the tree as it is drawn.

mod edges;
mod graph;
pub mod input;
mod name_index;
pub mod names;
mod seen;
pub mod validate;

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::num::Value;

/// Index of a node in its [`Tree`], in pre-order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The index into per-node vectors.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Who moves at a node.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The maximising player (moves at the root unless the tree says otherwise).
    #[default]
    Max,
    /// The minimising player.
    Min,
    /// Nature: the children are outcomes of a random event, each with its
    /// probability (expectimax averages them). Never the root, never a
    /// `--player`.
    #[value(skip)]
    Chance,
}

impl Player {
    /// The other player (chance has none: it stays chance).
    pub fn opponent(self) -> Player {
        match self {
            Player::Max => Player::Min,
            Player::Min => Player::Max,
            Player::Chance => Player::Chance,
        }
    }

    /// The sign that turns a value from MAX's point of view into this
    /// player's (and back): +1 for MAX, -1 for MIN. A chance node moves
    /// for nobody, so its values stay MAX's.
    pub fn sign(self) -> f64 {
        match self {
            Player::Max | Player::Chance => 1.0,
            Player::Min => -1.0,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Max => "MAX",
            Player::Min => "MIN",
            Player::Chance => "CHANCE",
        })
    }
}

/// Whose point of view the values in a tree file are written from.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum Perspective {
    /// Every value is from MAX's point of view (the minimax convention).
    #[default]
    Max,
    /// Each value is from the point of view of the player to move at that
    /// node (the negamax convention).
    Mover,
}

impl Perspective {
    /// A value the file gives at a node where `player` moves, from MAX's
    /// point of view, as the tree keeps it.
    pub fn to_max(self, value: f64, player: Player) -> f64 {
        match self {
            Perspective::Max => value,
            Perspective::Mover => value * player.sign(),
        }
    }
}

/// The search a file asks for (a CS188 test's `alg`), as `--algo` names
/// it, and whether it prunes only on strict inequality, as CS188's
/// alpha-beta does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggested {
    pub algorithm: &'static str,
    pub strict: bool,
}

/// An immutable, validated game tree.
///
/// Values are stored from MAX's point of view whatever the file's
/// perspective; a value on an inner node is its static evaluation, used only
/// when a depth limit stops the search there.
#[derive(Debug, Clone)]
pub struct Tree {
    /// The names in the order the reader met them (names are not copied
    /// into pre-order: on a large tree that was ten megabytes of fresh
    /// memory); shared by the trees made from this one.
    names: Arc<names::NameTable>,
    /// Each node's name and children; shared by the trees made from this
    /// one.
    shape: Arc<Shape>,
    players: Vec<Player>,
    /// NaN where a node has no value.
    values: Vec<f64>,
    /// Each chance node's child's probability, none for the other nodes;
    /// it ends at the last node with one (empty without chance nodes).
    probabilities: Vec<Option<Value>>,
    /// The action that leads to each node, empty where none does; it ends
    /// at the last node with one (empty without actions).
    actions: Vec<String>,
    /// The search the file asks for (a CS188 test's `alg`).
    suggested: Option<Suggested>,
    /// Whose point of view the file's values were written from.
    perspective: Perspective,
    /// What the reader noted without refusing the file.
    notes: Vec<String>,
    /// Whether every node's player follows from the root's by depth: the
    /// file names no player below the root ([`Tree::seen_as`] needs it).
    players_by_depth: bool,
}

/// Which name each node has and which children it has.
#[derive(Debug)]
struct Shape {
    /// `name_of[node]` is the index of `node`'s name in the names.
    name_of: Vec<u32>,
    /// `child_ids[child_starts[i]..child_starts[i + 1]]` are node i's children.
    child_starts: Vec<u32>,
    child_ids: Vec<NodeId>,
}

impl Tree {
    /// The root, always node 0.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// A tree always has a root, so it is never empty.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// All node ids, in pre-order.
    pub fn nodes(&self) -> impl DoubleEndedIterator<Item = NodeId> + use<> {
        (0..self.len() as u32).map(NodeId)
    }

    /// The node's name as the input gave it (or as it was generated).
    #[inline]
    pub fn name(&self, node: NodeId) -> &str {
        self.names.get(self.shape.name_of[node.index()] as usize)
    }

    /// Whose point of view the file's values were written from (the tree
    /// keeps them from MAX's).
    pub fn perspective(&self) -> Perspective {
        self.perspective
    }

    /// Who moves at the node.
    pub fn player(&self, node: NodeId) -> Player {
        self.players[node.index()]
    }

    /// The node's leaf value or static evaluation, from MAX's point of view.
    pub fn value(&self, node: NodeId) -> Option<f64> {
        Some(self.values[node.index()]).filter(|v| !v.is_nan())
    }

    /// The position `node` stands for: in a game graph unfolded into its
    /// tree (`--graph`), the graph's node, shared by all its copies; else
    /// a number of its own. Positions are numbered from 0 to
    /// [`positions`](Self::positions).
    pub fn position(&self, node: NodeId) -> u32 {
        self.shape.name_of[node.index()]
    }

    /// How many positions there are.
    pub fn positions(&self) -> usize {
        self.names.len()
    }

    /// The node's children, left to right.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        let Shape { child_starts, child_ids, .. } = &*self.shape;
        let (start, end) = (child_starts[node.index()], child_starts[node.index() + 1]);
        &child_ids[start as usize..end as usize]
    }

    /// The probability that the node's parent, a chance node, moves to it
    /// (`None` when the parent is not a chance node).
    pub fn probability(&self, node: NodeId) -> Option<Value> {
        self.probabilities.get(node.index()).copied().flatten()
    }

    /// What the reader noted about the file without refusing it
    /// (probabilities scaled to sum to 1), for the user to see.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The action (move) that leads to the node, if the file names it.
    pub fn action(&self, node: NodeId) -> Option<&str> {
        self.actions.get(node.index()).map(String::as_str).filter(|action| !action.is_empty())
    }

    /// The search the file asks for, if it names one (a CS188 test's `alg`).
    pub fn suggested(&self) -> Option<Suggested> {
        self.suggested
    }

    /// The tree, asking for the search `suggested` (a CS188 test's `alg`).
    pub fn suggesting(mut self, suggested: Option<Suggested>) -> Tree {
        self.suggested = suggested;
        self
    }

    /// The first chance node in pre-order, if the tree has one.
    pub fn first_chance_node(&self) -> Option<NodeId> {
        self.nodes().find(|&node| self.player(node) == Player::Chance && !self.is_leaf(node))
    }

    /// Whether the node has no children.
    pub fn is_leaf(&self, node: NodeId) -> bool {
        self.children(node).is_empty()
    }

    /// `node` and every node below it.
    pub fn subtree(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let mut stack = vec![node];
        std::iter::from_fn(move || {
            let next = stack.pop()?;
            stack.extend_from_slice(self.children(next));
            Some(next)
        })
    }

    /// Each node's parent; the root's is the root (a graph's copies each
    /// have their own parent: the graph is unfolded into a tree).
    pub fn parents(&self) -> Vec<NodeId> {
        let mut parents = vec![self.root(); self.len()];
        for node in self.nodes() {
            for &child in self.children(node) {
                parents[child.index()] = node;
            }
        }
        parents
    }

    /// Every node by name, for looking names up; the copies of a graph's
    /// node share its name, which finds the first copy.
    pub fn name_index(&self) -> NameIndex<'_> {
        NameIndex::of(self)
    }

    /// Each node's first copy (in pre-order) of the position it stands
    /// for: the node itself in a tree.
    pub fn first_copies(&self) -> Vec<NodeId> {
        let mut first = vec![None; self.positions()];
        self.nodes().map(|node| *first[self.position(node) as usize].get_or_insert(node)).collect()
    }

    /// The same tree with each inner node's children put in the order
    /// `arrange` gives them (it receives them left to right). Nodes keep
    /// their names, players and values; ids follow the new pre-order.
    pub fn rearranged(&self, mut arrange: impl FnMut(NodeId, &mut Vec<NodeId>)) -> Tree {
        let mut order = Vec::with_capacity(self.len());
        let mut arranged = vec![Vec::new(); self.len()];
        let mut stack = vec![self.root()];
        while let Some(node) = stack.pop() {
            order.push(node.0);
            let mut children = self.children(node).to_vec();
            arrange(node, &mut children);
            stack.extend(children.iter().rev());
            arranged[node.index()] = children.iter().map(|child| child.0).collect();
        }
        let name_of = |node: u32| self.shape.name_of[node as usize];
        let mut tree = Tree::assemble(&order, self.names.clone(), name_of, |node| Parts {
            player: self.player(NodeId(node)),
            value: self.values[node as usize],
            children: &arranged[node as usize],
            probability: self.probability(NodeId(node)),
            action: self.action(NodeId(node)),
        });
        tree.perspective = self.perspective;
        tree.suggested = self.suggested;
        tree.players_by_depth = self.players_by_depth;
        tree
    }

    /// Builds a tree from nodes listed in pre-order: `order` holds every id
    /// of another numbering once, and `parts` is asked about each node in
    /// that order, its child ids also in the other numbering. The tree's ids
    /// are the positions in `order`; `name_of` gives each node's index in
    /// `names`, by its id in the other numbering.
    fn assemble<'a>(
        order: &[u32],
        names: Arc<names::NameTable>,
        name_of: impl Fn(u32) -> u32,
        mut parts: impl FnMut(u32) -> Parts<'a>,
    ) -> Tree {
        let mut new_id = vec![NodeId(0); order.len()];
        for (position, &node) in order.iter().enumerate() {
            new_id[node as usize] = NodeId(position as u32);
        }
        let mut shape = Shape {
            name_of: order.iter().map(|&node| name_of(node)).collect(),
            child_starts: Vec::with_capacity(order.len() + 1),
            child_ids: Vec::with_capacity(order.len().saturating_sub(1)),
        };
        let mut players = Vec::with_capacity(order.len());
        let mut values = Vec::with_capacity(order.len());
        let (mut probabilities, mut actions) = (Vec::new(), Vec::new());
        shape.child_starts.push(0);
        for (position, &node) in order.iter().enumerate() {
            let Parts { player, value, children, probability, action } = parts(node);
            if let Some(probability) = probability {
                probabilities.resize(position, None);
                probabilities.push(Some(probability));
            }
            if let Some(action) = action {
                actions.resize(position, String::new());
                actions.push(action.to_string());
            }
            players.push(player);
            values.push(value);
            shape.child_ids.extend(children.iter().map(|&child| new_id[child as usize]));
            shape.child_starts.push(shape.child_ids.len() as u32);
        }
        Tree {
            names,
            shape: Arc::new(shape),
            players,
            values,
            probabilities,
            actions,
            suggested: None,
            perspective: Perspective::default(),
            notes: Vec::new(),
            players_by_depth: false,
        }
    }
}

/// What [`Tree::assemble`] needs to know of one node.
struct Parts<'a> {
    player: Player,
    /// The leaf value or static evaluation from MAX's point of view; NaN for none.
    value: f64,
    children: &'a [u32],
    /// Its probability, if its parent is a chance node.
    probability: Option<Value>,
    /// The action that leads to it, if it has one.
    action: Option<&'a str>,
}

pub use input::TreeError;
pub use name_index::NameIndex;
pub use names::Naming;
pub use validate::{Overrides, validate};

/// The largest input the reader takes, 4 GiB: nodes, child lists and the
/// offsets of names are numbered with 32 bits.
pub const MAX_INPUT_BYTES: u64 = u32::MAX as u64;

/// Why an input of `len` bytes is not read, if it is larger than
/// [`MAX_INPUT_BYTES`].
pub fn too_large(len: u64) -> Option<String> {
    (len > MAX_INPUT_BYTES).then(|| format!("{len} bytes; gametree reads trees of up to 4 GiB"))
}

/// Reads and validates a tree document in any of the JSON shapes (other
/// tools' formats are [`crate::import`]'s). An input handed over (a
/// `Vec`) is dropped as soon as it has been read, before the structural
/// checks build the tree; a borrowed one is never copied.
pub fn parse<'a>(
    input: impl Into<Cow<'a, [u8]>>,
    naming: Naming,
    overrides: Overrides,
) -> Result<Tree, TreeError> {
    let input = input.into();
    if let Some(reason) = too_large(input.len() as u64) {
        return Err(TreeError::new(format!("the input is too large: {reason}")));
    }
    let raw = input::read(&input, naming)?;
    if !raw.matched_late {
        drop(input);
        return validate::validate(raw, overrides);
    }
    // Read again in the file's order, so that an error lists nodes as
    // the file first names them.
    validate::validate(raw, overrides)
        .or_else(|_| validate::validate(input::read_in_file_order(&input, naming)?, overrides))
}

/// The example tree files under `trees/`, for tests that go through all of them.
#[cfg(test)]
pub fn example_files() -> Vec<Vec<u8>> {
    let dir = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/trees")).unwrap();
    let mut paths: Vec<_> = dir.map(|entry| entry.unwrap().path()).collect();
    paths.sort();
    paths.retain(|path| path.extension().is_some_and(|e| e == "json"));
    paths.iter().map(|path| std::fs::read(path).unwrap()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_of_up_to_4_gib_are_taken() {
        assert_eq!(too_large(0), None);
        assert_eq!(too_large(u64::from(u32::MAX)), None);
        let over = too_large(u64::from(u32::MAX) + 1).expect("one byte over is refused");
        assert_eq!(over, "4294967296 bytes; gametree reads trees of up to 4 GiB");
    }

    #[test]
    fn the_root_player_may_be_given_twice_alike() {
        let text = br#"{"player": "min", "players": {"a": "min"}, "children": {"a": ["b"]}, "values": {"b": 1}}"#;
        let tree = parse(&text[..], Naming::Letters, Overrides::default()).unwrap();
        assert_eq!(tree.player(tree.root()), Player::Min);
    }
}
