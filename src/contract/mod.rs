//! The JSON trace's contract (format version 1): the document `trace
//! --format json` writes, `check` reads and `gametree schema trace`
//! describes, all from the types here, as ripgrep's JSON printer does.
//!
//! [`TraceDocument`]'s lists are type parameters: the schema and `check`
//! read them into vectors, while the writer streams them from the search's
//! answer ([`NameList`], [`OrderList`]) and its events from a second run
//! of the search, so that a trace of a large tree is never held whole.

mod event;

use std::borrow::Cow;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize, Serializer};

pub use event::EventRecord;

use crate::answer::{Answer, LeafMark, OrderLine, notation};
use crate::bounds::ValueKind;
use crate::num::{Num, Value};
use crate::order::Order;
use crate::search::{NegamaxView, Outcome, Returns, Stats, View};
use crate::settings::Settings;
use crate::tree::{NodeId, Perspective, Player, Tree};

/// The version of this contract; it changes only when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// A whole trace document, as `gametree trace --format json` writes it.
// `Names`, `Entries` and `Events` are how its lists are held: vectors of
// records by default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    rename = "TraceDocument",
    bound = "Names: JsonSchema, Entries: JsonSchema, Events: JsonSchema + Default"
)]
pub struct TraceDocument<
    'a,
    Names = Vec<Name<'a>>,
    Entries = Vec<OrderEntry<'a>>,
    Events = Vec<EventRecord<'a>>,
> {
    /// Always 1 for this contract.
    pub format_version: u32,
    pub algorithm: crate::search::Algorithm,
    /// The root's name.
    #[serde(borrow)]
    pub root: Cow<'a, str>,
    /// Who moves at the root (by the file or `--player`); `check` searches
    /// the tree with it.
    pub player: Player,
    pub options: OptionsRecord,
    /// The root's value from MAX's point of view, for every algorithm.
    pub value: Num,
    /// The root's exact value, where `value` (the nearest double) is not
    /// it: a fraction such as `"23/3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
    /// `"low"` or `"high"` when the root's value fell outside a narrowed
    /// window and is only a bound; otherwise null.
    pub fail: Option<Fail>,
    /// The first root child whose value beat every earlier one; null when the root is a leaf.
    #[serde(borrow)]
    pub best_move: Option<Cow<'a, str>>,
    /// The root, its best child, that child's best child, ... down to a leaf.
    pub principal_variation: Names,
    /// Every node in the order it received its value (the algorithm's point of view).
    pub order: Entries,
    /// Evaluated leaves in order, with `"#"` where a cutoff happened.
    pub leaves: Names,
    /// Children skipped by cutoffs, in order.
    pub pruned: Names,
    pub stats: StatsRecord,
    /// The full step-by-step trace.
    #[serde(default)]
    pub events: Events,
}

/// A document whose lists are read from a search's outcome and answer as
/// they are written, and whose events are still to come.
pub type Summary<'t, 'a> = TraceDocument<'t, NameList<'t, 'a>, OrderList<'t, 'a>, ()>;

impl<'t, 'a> Summary<'t, 'a> {
    /// The document of the search of `tree` under `settings` that found
    /// `outcome` and `answer`, without its events.
    pub fn of(
        tree: &'t Tree,
        settings: &Settings,
        outcome: &'a Outcome,
        answer: &'a Answer,
    ) -> Summary<'t, 'a> {
        TraceDocument {
            format_version: FORMAT_VERSION,
            algorithm: settings.algorithm,
            root: Cow::Borrowed(tree.name(tree.root())),
            player: tree.player(tree.root()),
            options: OptionsRecord::of(tree, settings),
            value: number(outcome.value),
            exact: Exact::of(outcome.value),
            fail: Fail::of(outcome.kind),
            best_move: outcome.best_move.map(|node| Cow::Borrowed(tree.name(node))),
            principal_variation: NameList::Nodes(tree, &outcome.principal_variation),
            order: OrderList(tree, &answer.order),
            leaves: NameList::Leaves(tree, &answer.leaves),
            pruned: NameList::Nodes(tree, &answer.pruned),
            stats: outcome.stats.into(),
            events: (),
        }
    }

    /// The same document with `events`.
    pub fn with_events<E>(
        self,
        events: E,
    ) -> TraceDocument<'t, NameList<'t, 'a>, OrderList<'t, 'a>, E> {
        TraceDocument {
            format_version: self.format_version,
            algorithm: self.algorithm,
            root: self.root,
            player: self.player,
            options: self.options,
            value: self.value,
            exact: self.exact,
            fail: self.fail,
            best_move: self.best_move,
            principal_variation: self.principal_variation,
            order: self.order,
            leaves: self.leaves,
            pruned: self.pruned,
            stats: self.stats,
            events,
        }
    }

    /// The same document with its lists built in memory, and no events.
    pub fn to_owned_lists(&self) -> TraceDocument<'t> {
        TraceDocument {
            format_version: self.format_version,
            algorithm: self.algorithm,
            root: self.root.clone(),
            player: self.player,
            options: self.options.clone(),
            value: self.value,
            exact: self.exact,
            fail: self.fail,
            best_move: self.best_move.clone(),
            principal_variation: self.principal_variation.names().collect(),
            order: self.order.entries().collect(),
            leaves: self.leaves.names().collect(),
            pruned: self.pruned.names().collect(),
            stats: self.stats.clone(),
            events: Vec::new(),
        }
    }
}

// A node's name in a list, borrowed from the input where it can be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
#[schemars(inline)]
pub struct Name<'a>(#[serde(borrow)] pub Cow<'a, str>);

/// A list of names read from a search as it is written: nodes, or the
/// `leaves` line's items (`"#"` for a cutoff).
#[derive(Debug, Clone, Copy)]
pub enum NameList<'t, 'a> {
    Nodes(&'t Tree, &'a [NodeId]),
    Leaves(&'t Tree, &'a [LeafMark]),
}

impl<'t, 'a> NameList<'t, 'a> {
    fn names(&self) -> impl Iterator<Item = Name<'t>> + use<'t, 'a> {
        let (nodes, leaves) = match *self {
            NameList::Nodes(tree, nodes) => (Some((tree, nodes)), None),
            NameList::Leaves(tree, marks) => (None, Some((tree, marks))),
        };
        let nodes = nodes.into_iter().flat_map(|(tree, nodes)| nodes.iter().map(|&n| tree.name(n)));
        let leaves = (leaves.into_iter())
            .flat_map(|(tree, marks)| marks.iter().map(|&mark| notation::leaf(tree, mark)));
        nodes.chain(leaves).map(|name| Name(Cow::Borrowed(name)))
    }
}

impl Serialize for NameList<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.names())
    }
}

/// The `order` list read from a search's answer as it is written.
#[derive(Debug, Clone, Copy)]
pub struct OrderList<'t, 'a>(&'t Tree, &'a OrderLine);

impl<'t, 'a> OrderList<'t, 'a> {
    fn entries(&self) -> impl Iterator<Item = OrderEntry<'t>> + use<'t, 'a> {
        let OrderList(tree, order) = *self;
        order.iter().map(|(node, value)| OrderEntry {
            node: Cow::Borrowed(tree.name(node)),
            value: number(value),
            exact: Exact::of(value),
        })
    }
}

impl Serialize for OrderList<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.entries())
    }
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

impl OptionsRecord {
    /// The record of `settings`, for a search of `tree`.
    pub fn of(tree: &Tree, settings: &Settings) -> OptionsRecord {
        let Settings { algorithm, ref options, order } = *settings;
        OptionsRecord {
            alpha: Num(options.window.alpha),
            beta: Num(options.window.beta),
            strict: options.strict,
            fail_hard: options.returns == Returns::FailHard,
            start_at_bound: options.returns == Returns::StartAtBound,
            negamax_view: (algorithm.shown_view(options) == View::Moved)
                .then_some(NegamaxView::Moved),
            order: Some(order).filter(|&order| order != Order::Given),
            depth_limit: options.depth_limit,
            value_range: options.value_range.map(|range| [Num(range.alpha), Num(range.beta)]),
            perspective: Some(tree.perspective()),
            guess: algorithm.about().guesses.then_some(Num(options.guess)),
            transpositions: options.transpositions,
        }
    }
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
    /// The exact value, where `value` (the nearest double) is not it: a
    /// fraction such as `"23/3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
}

/// A value exactly, where the JSON number beside it (the nearest double)
/// is not the value: a fraction, `"23/3"`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exact(pub Value);

impl Exact {
    /// The exact form of `value`, if its nearest double is not it.
    pub fn of(value: Value) -> Option<Exact> {
        (Value::decimal(value.to_f64()) != value).then_some(Exact(value))
    }
}

/// `value` as a JSON number: its nearest double.
fn number(value: Value) -> Num {
    Num(value.to_f64())
}

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.exact() {
            Some(fraction) => {
                serializer.collect_str(&format_args!("{}/{}", fraction.numer(), fraction.denom()))
            }
            None => serializer.collect_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Exact {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Exact, D::Error> {
        let text = <Cow<'de, str>>::deserialize(deserializer)?;
        crate::num::parse_fraction(&text).map(Exact).ok_or_else(|| {
            serde::de::Error::custom(format!("expected a fraction such as \"23/3\", got {text:?}"))
        })
    }
}

impl JsonSchema for Exact {
    fn schema_name() -> Cow<'static, str> {
        "Exact".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A value exactly, as a fraction, where the number beside it is only the nearest double.",
            "type": "string",
            "pattern": "^-?[0-9]+/[0-9]+$"
        })
    }
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
    /// Passes over the tree (`mtdf`, `sss`, `id-alphabeta`); absent for
    /// the one-pass algorithms.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub passes: u64,
    /// Nodes that took their value from memory, without a search: what an
    /// earlier pass proved, or with `transpositions` an earlier copy of
    /// the same position; absent when none.
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
