//! The search algorithms and the trace they produce.
//!
//! Every algorithm is a `Rule`: what a node starts with and
//! what it does with each child's value. One iterative `engine` walks the
//! tree for all of them (so a chain a million nodes deep needs no deep call
//! stack) and pushes each step as an [`Event`] into a [`Sink`], the way
//! ripgrep's searcher pushes matches into its printers. Algorithms never
//! print; renderers are sinks.

mod algorithm;
mod alphabeta;
mod deepening;
mod engine;
mod expectimax;
mod limits;
mod memory;
mod minimax;
mod mtdf;
mod negamax;
mod negamax_alphabeta;
mod pvs;
mod shallow;
mod view;
mod window;

pub use algorithm::Algorithm;
pub(crate) use limits::best_possible;
pub use limits::check;

use std::io;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::order::Order;
use crate::tree::{NodeId, Player, Tree};

pub(crate) use view::MovedView;
pub use view::{NegamaxView, Returns, View};
use window::Pruning;
pub use window::Window;

/// How the search is run; the defaults are the textbook ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// The root's window, from MAX's point of view.
    pub window: Window,
    /// Cut only on strict inequality (`v > beta`, `v < alpha`).
    pub strict: bool,
    /// What a node returns when its value falls outside its window.
    pub returns: Returns,
    /// Whose point of view the negamax forms' trace shows values from.
    pub negamax_view: NegamaxView,
    /// How the tree's children were put in order before the search
    /// ([`arrange`](crate::order::arrange)); the search takes the tree as
    /// it is given, and the trace records this.
    pub order: Order,
    /// Nodes at this depth (root = 0) are evaluated statically.
    pub depth_limit: Option<u32>,
    /// The values the game can take, LO as `alpha` and HI as `beta`, from
    /// MAX's point of view (`--value-range`): a node stops once it has the
    /// best value its player can get.
    pub value_range: Option<Window>,
    /// MTD(f)'s first guess at the root's value, from MAX's point of view.
    pub guess: f64,
    /// Remember each position's result in a transposition table, keyed by
    /// the graph node every copy of a shared node stands for
    /// (`--transpositions`).
    pub transpositions: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            window: Window::FULL,
            strict: false,
            returns: Returns::FailSoft,
            negamax_view: NegamaxView::ToMove,
            order: Order::Given,
            depth_limit: None,
            value_range: None,
            guess: 0.0,
            transpositions: false,
        }
    }
}

/// Which of alpha and beta.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    Alpha,
    Beta,
}

impl Bound {
    /// `alpha` or `beta`.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Alpha => "alpha",
            Bound::Beta => "beta",
        }
    }
}

/// What a node's value says about its true minimax value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    /// The true value.
    Exact,
    /// The true value is at least this (the node failed high).
    Lower,
    /// The true value is at most this (the node failed low).
    Upper,
}

impl ValueKind {
    /// The same statement seen from the other player's point of view.
    pub fn flipped(self) -> ValueKind {
        match self {
            ValueKind::Exact => ValueKind::Exact,
            ValueKind::Lower => ValueKind::Upper,
            ValueKind::Upper => ValueKind::Lower,
        }
    }
}

/// Why a node stopped searching its children: `value` compared with the
/// bound `limit` (`v >= beta`, or `v <= alpha`; strict `>`/`<` under `--strict`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CutoffRule {
    pub value: f64,
    pub bound: Bound,
    pub limit: f64,
    pub strict: bool,
}

impl CutoffRule {
    /// The comparison that held: `>=`, `>`, `<=` or `<`.
    pub fn comparison(&self) -> &'static str {
        match (self.bound, self.strict) {
            (Bound::Beta, false) => ">=",
            (Bound::Beta, true) => ">",
            (Bound::Alpha, false) => "<=",
            (Bound::Alpha, true) => "<",
        }
    }
}

/// One step of a search. Values are from the algorithm's own point of view
/// (MAX's for minimax and alphabeta, the mover's for the negamax forms).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event<'t> {
    /// The search is called on a node; `window` is its alpha-beta window on
    /// entry (none for algorithms without one).
    Enter { node: NodeId, depth: u32, player: Player, window: Option<Window> },
    /// A leaf (or a node at the depth limit) is evaluated and so receives its value.
    Leaf { node: NodeId, value: f64 },
    /// Alpha or beta at `node` improved to `value`.
    Update { node: NodeId, bound: Bound, value: f64 },
    /// `node` stops searching: `pruned` are the children it skips.
    Cutoff { node: NodeId, rule: CutoffRule, pruned: &'t [NodeId] },
    /// An inner node receives its value.
    Value { node: NodeId, value: f64, kind: ValueKind },
    /// `node` searches `child` again: its `value` from a null-window probe
    /// was better than the node's best, inside its window (PVS).
    Research { node: NodeId, child: NodeId, value: f64 },
    /// `node` receives its value from what earlier passes proved, without
    /// a search: exact, or a bound that already decides its window.
    Recall { node: NodeId, value: f64, kind: ValueKind },
    /// Pass `number` (from 1) over the tree begins at the root `node`, with
    /// the root's `window` (MTD(f), SSS*), and for iterative deepening the
    /// depth it searches to.
    Pass { node: NodeId, number: u32, window: Window, depth_limit: Option<u32> },
    /// From now on `node` searches its children in the order `children`
    /// (iterative deepening: best first by the previous pass's values).
    Reorder { node: NodeId, children: &'t [NodeId] },
}

impl Event<'_> {
    /// The node the event is about.
    pub fn node(&self) -> NodeId {
        match *self {
            Event::Enter { node, .. }
            | Event::Leaf { node, .. }
            | Event::Update { node, .. }
            | Event::Cutoff { node, .. }
            | Event::Value { node, .. }
            | Event::Research { node, .. }
            | Event::Recall { node, .. }
            | Event::Pass { node, .. }
            | Event::Reorder { node, .. } => node,
        }
    }
}

/// Receives a search's events as they happen; a sink that keeps what an
/// event borrows copies it.
pub trait Sink {
    /// Takes one event; an error (a closed pipe) stops the search.
    fn event(&mut self, event: &Event<'_>) -> io::Result<()>;

    /// Whether the sink takes every step, [`Event::Enter`] and
    /// [`Event::Update`] included. A sink that only records what nodes
    /// receive (values, leaves, cutoffs) says no, and the search does not
    /// make those events: on a tree without cutoffs they are half of all.
    fn takes_steps(&self) -> bool {
        true
    }
}

/// A sink that keeps nothing, for when only the [`Outcome`] matters.
pub struct Discard;

impl Sink for Discard {
    fn event(&mut self, _: &Event<'_>) -> io::Result<()> {
        Ok(())
    }

    fn takes_steps(&self) -> bool {
        false
    }
}

impl<A: Sink, B: Sink> Sink for (A, B) {
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.0.event(event)?;
        self.1.event(event)
    }

    fn takes_steps(&self) -> bool {
        self.0.takes_steps() || self.1.takes_steps()
    }
}

/// Counts of the work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes the search was called on, root and leaves included.
    pub nodes_visited: u64,
    /// Leaves (and depth-limit nodes) evaluated.
    pub leaves_evaluated: u64,
    /// Cutoffs that skipped at least one child.
    pub cutoffs: u64,
    /// Nodes in the tree.
    pub nodes_total: u64,
    /// The depth of the deepest node visited (the root is at 0): a search
    /// keeps one frame per level above it.
    pub deepest: u32,
    /// Children searched again after a null-window probe (PVS).
    pub researches: u64,
    /// Passes over the tree (MTD(f), SSS*); 0 for the one-pass algorithms.
    pub passes: u64,
    /// Nodes that took their value from the memory of earlier passes.
    pub memory_hits: u64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The root's value, from MAX's point of view.
    pub value: f64,
    /// Whether `value` is exact or only a bound (the root failed low or high
    /// in a narrowed window), from MAX's point of view.
    pub kind: ValueKind,
    /// The first root child whose value beat every earlier one (the first
    /// child, if none did).
    pub best_move: Option<NodeId>,
    /// The root, its best child, that child's best child, ... to a leaf.
    pub principal_variation: Vec<NodeId>,
    pub stats: Stats,
}

/// Why a search could not run or finish.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// A node at the depth limit has children but no static value.
    #[error("--depth {limit}: node {node} at depth {limit} has children but no static value")]
    MissingStaticValue { node: String, limit: u32 },
    /// An iteration of iterative deepening stops at a node with children
    /// but no static value.
    #[error(
        "--algo id-alphabeta: iteration {depth} stops at depth {depth}, where node {node} has children but no static value; iterative deepening needs a static value on every inner node it stops at"
    )]
    IterationWithoutStaticValue { node: String, depth: u32 },
    /// A value lies outside `--value-range`.
    #[error("--value-range {range}: node {node} has the value {value}, outside the range")]
    OutsideRange { node: String, value: String, range: String },
    /// The algorithm does not know chance nodes, and the tree has one.
    #[error(
        "--algo {algorithm}: node {node} is a chance node, which only expectimax searches; use --algo expectimax"
    )]
    ChanceNode { algorithm: &'static str, node: String },
    /// An infinite value in a tree with chance nodes: an average of `inf`
    /// and `-inf` has no value.
    #[error(
        "node {node} has the value {value}; in a tree with chance nodes every value must be finite"
    )]
    InfiniteWithChance { node: String, value: String },
    /// The sink failed (for example, the output pipe closed).
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Runs `algorithm` on `tree`, pushing every step into `sink`.
///
/// Checks up front that the depth limit can be honoured, so a sink never
/// sees part of a search that then fails.
pub fn run(
    tree: &Tree,
    algorithm: Algorithm,
    options: &Options,
    sink: &mut dyn Sink,
) -> Result<Outcome, SearchError> {
    check(tree, algorithm, options)?;
    let mut moved;
    let sink: &mut dyn Sink = match algorithm.shown_view(options) {
        View::Moved => {
            moved = MovedView(sink);
            &mut moved
        }
        _ => sink,
    };
    Ok(match algorithm {
        Algorithm::Minimax => {
            engine::walk(tree, &minimax::Minimax(options.value_range), options, sink)?
        }
        Algorithm::Negamax => {
            engine::walk(tree, &negamax::Negamax(options.value_range), options, sink)?
        }
        Algorithm::Alphabeta => {
            let rule = alphabeta::AlphaBeta(Pruning::new(options));
            engine::walk(tree, &rule, options, sink)?
        }
        Algorithm::NegamaxAlphabeta => {
            let rule = negamax_alphabeta::NegamaxAlphaBeta(Pruning::new(options));
            engine::walk(tree, &rule, options, sink)?
        }
        Algorithm::Shallow => {
            engine::walk(tree, &shallow::Shallow(options.value_range), options, sink)?
        }
        Algorithm::Expectimax => {
            let rule = expectimax::Expectimax(minimax::Minimax(options.value_range));
            engine::walk(tree, &rule, options, sink)?
        }
        Algorithm::Pvs => {
            // A null window needs fail-soft values and cutoffs on equality.
            let pruning =
                Pruning { strict: false, returns: Returns::FailSoft, ..Pruning::new(options) };
            engine::walk(tree, &pvs::Pvs(pruning), options, sink)?
        }
        Algorithm::Mtdf => mtdf::search(tree, options.guess, options, sink)?,
        Algorithm::Sss => {
            // The best the root's player could hope for.
            let hope = match tree.player(tree.root()) {
                Player::Min => f64::NEG_INFINITY,
                Player::Max | Player::Chance => f64::INFINITY,
            };
            mtdf::search(tree, hope, options, sink)?
        }
        Algorithm::IdAlphabeta => deepening::search(tree, options, sink)?,
    })
}

#[cfg(test)]
mod tests;
