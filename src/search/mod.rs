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

pub use algorithm::{About, Algorithm, Preset, Windows};
pub(crate) use limits::best_possible;
pub use limits::check;

use std::convert::Infallible;

use crate::num::Value;
use crate::tree::{NodeId, Player, Tree};

use crate::bounds::{Bound, CutoffRule, ValueKind, Window};
pub(crate) use view::MovedView;
pub use view::{NegamaxView, Returns, View};

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
            depth_limit: None,
            value_range: None,
            guess: 0.0,
            transpositions: false,
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
    Leaf { node: NodeId, value: Value },
    /// Alpha or beta at `node` improved to `value`.
    Update { node: NodeId, bound: Bound, value: f64 },
    /// `node` stops searching: `pruned` are the children it skips.
    Cutoff { node: NodeId, rule: CutoffRule, pruned: &'t [NodeId] },
    /// An inner node receives its value.
    Value { node: NodeId, value: Value, kind: ValueKind },
    /// `node` searches `child` again: its `value` from a null-window probe
    /// was better than the node's best, inside its window (PVS).
    Research { node: NodeId, child: NodeId, value: Value },
    /// `node` receives its value from memory, without a search: what an
    /// earlier pass proved, or with transpositions an earlier copy of the
    /// same position; exact, or a bound that already decides its window.
    Recall { node: NodeId, value: Value, kind: ValueKind },
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

/// Whether the search goes on after a step: a sink that has what it
/// wanted (one frame of many) stops it, and the search then ends as if it
/// were complete ([`Outcome::stopped`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// A node took a child's value: what the node's best value was before and
/// after, in the algorithm's point of view. Explanations read these
/// instead of working out each rule's bookkeeping again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Absorption {
    pub node: NodeId,
    pub child: NodeId,
    /// The child's value as the node sees it (negated across a change of
    /// player in the negamax forms).
    pub seen: Value,
    /// The node's best value before this child, and with it.
    pub before: Value,
    pub after: Value,
    /// The cutoff test the node made after this child, whether it held or
    /// not (a [`Event::Cutoff`] follows when it held); none for the
    /// algorithms that do not prune.
    pub test: Option<CutoffRule>,
}

/// Receives a search's steps as they happen; a sink that keeps what an
/// event borrows copies it. The search calls [`begin`](Sink::begin), then
/// [`event`](Sink::event) (and, for a sink that takes steps,
/// [`absorbed`](Sink::absorbed)) for every step, then
/// [`finish`](Sink::finish) with what it found, unless a step stopped it.
pub trait Sink {
    /// What can go wrong in the sink (an output that cannot be written);
    /// it ends the search, and [`run`] returns it.
    type Error;

    /// Before the first step: a header, the start of a document.
    fn begin(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Takes one step of the search.
    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Self::Error>;

    /// A node took a child's value (only for a sink that takes steps).
    fn absorbed(&mut self, _absorption: &Absorption) -> Result<Flow, Self::Error> {
        Ok(Flow::Continue)
    }

    /// After the last step of a search that was not stopped.
    fn finish(&mut self, _outcome: &Outcome) -> Result<(), Self::Error> {
        Ok(())
    }

    /// Whether the sink takes every step, [`Event::Enter`],
    /// [`Event::Update`] and [`absorbed`](Sink::absorbed) included. A sink
    /// that only records what nodes receive (values, leaves, cutoffs) says
    /// no, and the search does not make those steps: on a tree without
    /// cutoffs they are half of all.
    fn takes_steps(&self) -> bool {
        true
    }
}

/// A sink that keeps nothing, for when only the [`Outcome`] matters.
pub struct Discard;

impl Sink for Discard {
    type Error = Infallible;

    fn event(&mut self, _: &Event<'_>) -> Result<Flow, Infallible> {
        Ok(Flow::Continue)
    }

    fn takes_steps(&self) -> bool {
        false
    }
}

/// Two sinks: the first one records and can neither fail nor stop (an
/// answer, a witness); the second takes every step after it.
impl<A: Sink<Error = Infallible>, B: Sink> Sink for (A, B) {
    type Error = B::Error;

    fn begin(&mut self) -> Result<(), B::Error> {
        let Ok(()) = self.0.begin();
        self.1.begin()
    }

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, B::Error> {
        let Ok(_) = self.0.event(event);
        self.1.event(event)
    }

    fn absorbed(&mut self, absorption: &Absorption) -> Result<Flow, B::Error> {
        if self.0.takes_steps() {
            let Ok(_) = self.0.absorbed(absorption);
        }
        self.1.absorbed(absorption)
    }

    fn finish(&mut self, outcome: &Outcome) -> Result<(), B::Error> {
        let Ok(()) = self.0.finish(outcome);
        self.1.finish(outcome)
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
    /// Passes over the tree (MTD(f), SSS*, iterative deepening); 0 for the
    /// one-pass algorithms.
    pub passes: u64,
    /// Nodes that took their value from memory (earlier passes, or the
    /// transposition table).
    pub memory_hits: u64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The root's value, from MAX's point of view.
    pub value: Value,
    /// Whether `value` is exact or only a bound (the root failed low or high
    /// in a narrowed window), from MAX's point of view.
    pub kind: ValueKind,
    /// The first root child whose value beat every earlier one (the first
    /// child, if none did).
    pub best_move: Option<NodeId>,
    /// The root, its best child, that child's best child, ... to a leaf.
    pub principal_variation: Vec<NodeId>,
    pub stats: Stats,
    /// The sink stopped the search ([`Flow::Stop`]): only `stats` say
    /// anything, about the steps made until then.
    pub stopped: bool,
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
    /// An average at a chance node needs more digits than exact
    /// arithmetic on 64-bit fractions holds.
    #[error(
        "the expected values of this tree need fractions beyond 64-bit numbers (values with many digits, or many levels of chance nodes); gametree computes expectimax only exactly"
    )]
    NotExact,
}

/// Why a run ended without its outcome: the search could not run, or the
/// sink failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError<E> {
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The sink's own error (an output that cannot be written).
    #[error("{0}")]
    Sink(E),
}

/// A write error of a sink that writes.
impl From<std::io::Error> for RunError<std::io::Error> {
    fn from(error: std::io::Error) -> Self {
        RunError::Sink(error)
    }
}

/// A run whose sink cannot fail fails only as a search.
impl From<RunError<Infallible>> for SearchError {
    fn from(error: RunError<Infallible>) -> SearchError {
        match error {
            RunError::Search(error) => error,
            RunError::Sink(never) => match never {},
        }
    }
}

/// Runs `algorithm` on `tree`, pushing every step into `sink`.
///
/// Checks up front that the search can run (the depth limit can be
/// honoured, the tree has no chance node the algorithm cannot search), so
/// a sink never sees part of a search that then fails.
pub fn run<S: Sink + ?Sized>(
    tree: &Tree,
    algorithm: Algorithm,
    options: &Options,
    sink: &mut S,
) -> Result<Outcome, RunError<S::Error>> {
    check(tree, algorithm, options)?;
    sink.begin().map_err(RunError::Sink)?;
    let mut receiver = engine::Receiver::new(sink);
    let searched = match algorithm.shown_view(options) {
        View::Moved => (algorithm.about().search)(tree, options, &mut MovedView(&mut receiver)),
        _ => (algorithm.about().search)(tree, options, &mut receiver),
    };
    if let Some(error) = receiver.error.take() {
        return Err(RunError::Sink(error));
    }
    let outcome = searched.unwrap_or_else(Outcome::stopped);
    if !outcome.stopped {
        sink.finish(&outcome).map_err(RunError::Sink)?;
    }
    Ok(outcome)
}

impl Outcome {
    /// The outcome of a search its sink stopped after `stats`' steps.
    fn stopped(engine::Stopped(stats): engine::Stopped) -> Outcome {
        Outcome {
            value: Value::decimal(0.0),
            kind: ValueKind::Exact,
            best_move: None,
            principal_variation: Vec::new(),
            stats,
            stopped: true,
        }
    }
}

#[cfg(test)]
mod tests;
