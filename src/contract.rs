//! The JSON trace's contract (format version 1): the document `trace
//! --format json` writes ([`crate::render::json`]) and `check` reads. The
//! types here are its schema (`gametree schema trace`) and read a written
//! trace back.

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::num::Num;
use crate::order::Order;
use crate::search::{Algorithm, Bound, Event, NegamaxView, Stats, ValueKind};
use crate::tree::{Perspective, Player, Tree};

/// The version of this contract; it changes only when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// A whole trace document, as `gametree trace --format json` writes it.
// `Events` is the type `events` is read as: every record by default, or
// each record's text (`&RawValue`) for `check` to compare one at a time.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "TraceDocument")]
pub struct TraceDocument<'a, Events: Default = Vec<EventRecord<'a>>> {
    /// Always 1 for this contract.
    pub format_version: u32,
    pub algorithm: Algorithm,
    /// The root's name.
    #[serde(borrow)]
    pub root: Cow<'a, str>,
    /// Who moves at the root (by the file or `--player`); `check` searches
    /// the tree with it.
    pub player: Player,
    pub options: OptionsRecord,
    /// The root's value from MAX's point of view, for every algorithm.
    pub value: Num,
    /// `"low"` or `"high"` when the root's value fell outside a narrowed
    /// window and is only a bound; otherwise null.
    pub fail: Option<Fail>,
    /// The first root child whose value beat every earlier one; null when the root is a leaf.
    #[serde(borrow)]
    pub best_move: Option<Cow<'a, str>>,
    /// The root, its best child, that child's best child, ... down to a leaf.
    #[serde(borrow)]
    pub principal_variation: Vec<Cow<'a, str>>,
    /// Every node in the order it received its value (the algorithm's point of view).
    #[serde(borrow)]
    pub order: Vec<OrderEntry<'a>>,
    /// Evaluated leaves in order, with `"#"` where a cutoff happened.
    #[serde(borrow)]
    pub leaves: Vec<Cow<'a, str>>,
    /// Children skipped by cutoffs, in order.
    #[serde(borrow)]
    pub pruned: Vec<Cow<'a, str>>,
    pub stats: StatsRecord,
    /// The full step-by-step trace.
    #[serde(default)]
    pub events: Events,
}

/// How the search was run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OptionsRecord {
    /// The root's alpha (MAX's point of view); `"-inf"` by default.
    pub alpha: Num,
    /// The root's beta (MAX's point of view); `"inf"` by default.
    pub beta: Num,
    /// Cutoffs only on strict inequality.
    pub strict: bool,
    /// Values clamped into each node's entry window.
    pub fail_hard: bool,
    /// A MAX node's v starts at its alpha and a MIN node's at its beta
    /// (`--start-at-bound`, Knuth and Moore's F2); absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub start_at_bound: bool,
    /// `moved` when the negamax forms' values are shown from the point of
    /// view of the player who moved into each node (`--negamax-view
    /// moved`); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub negamax_view: Option<NegamaxView>,
    /// How children were put in order before the search (`--order`:
    /// `best-first`, `worst-first`, `random:SEED`); absent when as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Order>,
    /// Depth at which nodes are evaluated statically; null for none.
    pub depth_limit: Option<u32>,
    /// Whose point of view the tree file's values were read from (`max` or
    /// `mover`, by the file or `--perspective`). Written since gametree
    /// 0.1 (issue 20); absent in older traces, which `check` then reads
    /// with the tree file's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perspective: Option<Perspective>,
    /// `[LO, HI]`, the values the game can take (`--value-range`); absent
    /// when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_range: Option<[Num; 2]>,
    /// MTD(f)'s first guess at the root's value (`--guess`), MAX's point
    /// of view; present for `mtdf` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guess: Option<Num>,
    /// A transposition table took each position's result
    /// (`--transpositions`); absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub transpositions: bool,
}

/// Which side of a narrowed window the root's value fell on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Fail {
    /// value <= alpha: the true value is at most `value`.
    Low,
    /// value >= beta: the true value is at least `value`.
    High,
}

impl Fail {
    /// The fail side of a root value of `kind`, if it is a bound.
    pub fn of(kind: ValueKind) -> Option<Fail> {
        match kind {
            ValueKind::Exact => None,
            ValueKind::Lower => Some(Fail::High),
            ValueKind::Upper => Some(Fail::Low),
        }
    }
}

/// One item of `order`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderEntry<'a> {
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub value: Num,
}

/// Counts of the work the search did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatsRecord {
    /// Nodes the search was called on, root and leaves included.
    pub nodes_visited: u64,
    /// Leaves (and depth-limit nodes) evaluated.
    pub leaves_evaluated: u64,
    /// Cutoffs that skipped at least one child.
    pub cutoffs: u64,
    /// Nodes in the tree.
    pub nodes_total: u64,
    /// Children searched again after a null-window probe (`pvs`); absent
    /// when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub researches: u64,
    /// Passes over the tree (`mtdf`, `sss`); absent for the one-pass
    /// algorithms.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub passes: u64,
    /// Nodes that took their value from the memory of earlier passes,
    /// without a search; absent when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub memory_hits: u64,
}

fn is_zero(count: &u64) -> bool {
    *count == 0
}

impl From<Stats> for StatsRecord {
    fn from(s: Stats) -> StatsRecord {
        StatsRecord {
            nodes_visited: s.nodes_visited,
            leaves_evaluated: s.leaves_evaluated,
            cutoffs: s.cutoffs,
            nodes_total: s.nodes_total,
            researches: s.researches,
            passes: s.passes,
            memory_hits: s.memory_hits,
        }
    }
}

/// One step of the search, numbered from 1 by `step`. Values are from the
/// algorithm's point of view (the mover's for the negamax forms).
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum EventRecord<'a> {
    /// The search is called on a node. `alpha` and `beta` (its window on
    /// entry) are present for alpha-beta algorithms only.
    Enter {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        depth: u32,
        player: Player,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        alpha: Option<Num>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        beta: Option<Num>,
        /// The chance that the node's parent, a chance node, moves here.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        probability: Option<Num>,
        /// The action (move) that leads to the node, if the file names it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[serde(borrow)]
        action: Option<Cow<'a, str>>,
    },
    /// A leaf, or a node at the depth limit, is evaluated and receives its value.
    Leaf {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        value: Num,
    },
    /// Alpha or beta at `node` improves to `value`.
    Update {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        bound: Bound,
        value: Num,
    },
    /// `node` stops searching because `value` `test` `bound` (whose value is
    /// `limit`) holds, e.g. 2 <= alpha=3; `pruned` are the skipped children.
    Cutoff {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        value: Num,
        test: String,
        bound: Bound,
        limit: Num,
        #[serde(borrow)]
        pruned: Vec<Cow<'a, str>>,
    },
    /// An inner node receives its value; `kind` says whether it is exact or
    /// only a lower or upper bound (fail-soft values at cut nodes).
    Value {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        value: Num,
        kind: ValueKind,
    },
    /// `node` searches `child` again with its whole window: the child's
    /// `value` from a null-window probe showed it better (PVS).
    Research {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        #[serde(borrow)]
        child: Cow<'a, str>,
        value: Num,
    },
    /// `node` receives its value from what earlier passes proved, without a
    /// search (MTD(f), SSS*); `kind` says whether it is exact or a bound.
    Recall {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        value: Num,
        kind: ValueKind,
    },
    /// Pass `number` (from 1) over the tree begins at the root `node` with
    /// the window `alpha`, `beta` (MTD(f), SSS*, iterative deepening); the
    /// root's next `value` event is the pass's result. `depth_limit` is the
    /// depth an iteration of `id-alphabeta` searches to.
    Pass {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        number: u32,
        alpha: Num,
        beta: Num,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        depth_limit: Option<u32>,
    },
    /// From now on `node` searches its children in the order `children`
    /// (`id-alphabeta`: best first by the previous iteration's values).
    Reorder {
        step: u64,
        #[serde(borrow)]
        node: Cow<'a, str>,
        #[serde(borrow)]
        children: Vec<Cow<'a, str>>,
    },
}

impl<'a> EventRecord<'a> {
    /// The record of `event`, the `step`-th of the search.
    pub fn new(tree: &'a Tree, step: u64, event: &Event<'_>) -> EventRecord<'a> {
        let name = |node| Cow::Borrowed(tree.name(node));
        match *event {
            Event::Enter { node, depth, player, window } => EventRecord::Enter {
                step,
                node: name(node),
                depth,
                player,
                alpha: window.map(|w| Num(w.alpha)),
                beta: window.map(|w| Num(w.beta)),
                probability: tree.probability(node).map(Num),
                action: tree.action(node).map(Cow::Borrowed),
            },
            Event::Leaf { node, value } => {
                EventRecord::Leaf { step, node: name(node), value: Num(value) }
            }
            Event::Update { node, bound, value } => {
                EventRecord::Update { step, node: name(node), bound, value: Num(value) }
            }
            Event::Cutoff { node, rule, pruned } => EventRecord::Cutoff {
                step,
                node: name(node),
                value: Num(rule.value),
                test: rule.comparison().to_string(),
                bound: rule.bound,
                limit: Num(rule.limit),
                pruned: pruned.iter().map(|&n| name(n)).collect(),
            },
            Event::Value { node, value, kind } => {
                EventRecord::Value { step, node: name(node), value: Num(value), kind }
            }
            Event::Research { node, child, value } => EventRecord::Research {
                step,
                node: name(node),
                child: name(child),
                value: Num(value),
            },
            Event::Recall { node, value, kind } => {
                EventRecord::Recall { step, node: name(node), value: Num(value), kind }
            }
            Event::Pass { node, number, window, depth_limit } => EventRecord::Pass {
                step,
                node: name(node),
                number,
                alpha: Num(window.alpha),
                beta: Num(window.beta),
                depth_limit,
            },
            Event::Reorder { node, children } => EventRecord::Reorder {
                step,
                node: name(node),
                children: children.iter().map(|&n| name(n)).collect(),
            },
        }
    }
}
