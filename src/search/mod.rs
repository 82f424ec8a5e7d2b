//! The search algorithms and the trace they produce.
//!
//! Every algorithm is a `Rule`: what a node starts with and
//! what it does with each child's value. One iterative `engine` walks the
//! tree for all of them (so a chain a million nodes deep needs no deep call
//! stack) and pushes each step as an [`Event`] into a [`Sink`], the way
//! ripgrep's searcher pushes matches into its printers. Algorithms never
//! print; renderers are sinks.

mod alphabeta;
mod engine;
mod expectimax;
mod limits;
mod minimax;
mod negamax;
mod negamax_alphabeta;
mod shallow;
mod view;
mod window;

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

/// The algorithms, as `--algo` names them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// MAX nodes take the largest child value, MIN nodes the smallest.
    Minimax,
    /// Minimax with every value from the point of view of the player to move.
    Negamax,
    /// Minimax with alpha-beta pruning (minimax form, fail-soft by default).
    Alphabeta,
    /// Alpha-beta in negamax form: child window (-beta, -alpha).
    NegamaxAlphabeta,
    /// Knuth and Moore's F1, the lecture's "partial evaluation": negamax
    /// with one bound w (shallow cutoffs only).
    Shallow,
    /// Minimax with chance nodes, which take the probability-weighted
    /// average of their children's values (expectiminimax).
    Expectimax,
}

impl Algorithm {
    /// Every algorithm, in the order tables list them.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::Alphabeta,
        Algorithm::NegamaxAlphabeta,
        Algorithm::Shallow,
        Algorithm::Expectimax,
    ];

    /// The name `--algo` takes.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::Alphabeta => "alphabeta",
            Algorithm::NegamaxAlphabeta => "negamax-alphabeta",
            Algorithm::Shallow => "shallow",
            Algorithm::Expectimax => "expectimax",
        }
    }

    /// Whether the algorithm can search `tree`: only expectimax searches
    /// chance nodes.
    pub fn searches(self, tree: &Tree) -> bool {
        self == Algorithm::Expectimax || tree.first_chance_node().is_none()
    }

    /// Whether the trace shows a window at each node: the alpha-beta
    /// algorithms', or F1's bound w as beta.
    pub fn has_window(self) -> bool {
        self.prunes() || self == Algorithm::Shallow
    }

    /// Whether the algorithm prunes with an alpha-beta window.
    pub fn prunes(self) -> bool {
        matches!(self, Algorithm::Alphabeta | Algorithm::NegamaxAlphabeta)
    }

    /// Whose point of view the algorithm's values are from.
    pub fn view(self) -> View {
        match self {
            Algorithm::Minimax | Algorithm::Alphabeta | Algorithm::Expectimax => View::Max,
            Algorithm::Negamax | Algorithm::NegamaxAlphabeta | Algorithm::Shallow => View::Mover,
        }
    }

    /// Whose point of view the trace shows values from: the algorithm's,
    /// or for the negamax forms with `--negamax-view moved` the side that
    /// moved into the node.
    pub fn shown_view(self, options: &Options) -> View {
        match (self.view(), options.negamax_view) {
            (View::Mover, NegamaxView::Moved) => View::Moved,
            (view, _) => view,
        }
    }
}

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
}

impl Event<'_> {
    /// The node the event is about.
    pub fn node(&self) -> NodeId {
        match *self {
            Event::Enter { node, .. }
            | Event::Leaf { node, .. }
            | Event::Update { node, .. }
            | Event::Cutoff { node, .. }
            | Event::Value { node, .. } => node,
        }
    }
}

/// Receives a search's events as they happen. `'t` is the lifetime of the
/// tree the events borrow from, so that a sink may keep them.
pub trait Sink<'t> {
    /// Takes one event; an error (a closed pipe) stops the search.
    fn event(&mut self, event: &Event<'t>) -> io::Result<()>;

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

impl Sink<'_> for Discard {
    fn event(&mut self, _: &Event<'_>) -> io::Result<()> {
        Ok(())
    }

    fn takes_steps(&self) -> bool {
        false
    }
}

impl<'t, A: Sink<'t>, B: Sink<'t>> Sink<'t> for (A, B) {
    fn event(&mut self, event: &Event<'t>) -> io::Result<()> {
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
pub fn run<'t>(
    tree: &'t Tree,
    algorithm: Algorithm,
    options: &Options,
    sink: &mut dyn Sink<'t>,
) -> Result<Outcome, SearchError> {
    check(tree, algorithm, options)?;
    let mut moved;
    let sink: &mut dyn Sink<'t> = match algorithm.shown_view(options) {
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
    })
}

#[cfg(test)]
mod tests;
