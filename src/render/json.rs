//! `--format json`: the trace as one JSON object, a stable contract for
//! scripts (format version 1).
//!
//! The summary fields come first, one per line; `events` comes last, one
//! event per line, so that expected traces diff well in version control.
//! Events are written as the search runs, never held in memory. The types
//! here are the contract's schema (`gametree schema trace`), write every
//! event and parse a written trace back.

use std::borrow::Cow;
use std::io::{self, Write};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::answer::{Answer, LeafMark, notation};
use crate::num::Num;
use crate::search::{Algorithm, Bound, Event, Options, Outcome, Sink, Stats, ValueKind};
use crate::tree::{NodeId, Player, Tree};

/// The version of this contract; it changes only when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// A whole trace document, as `gametree trace --format json` writes it.
// `Events` is the type `events` is read as: every record by default, or
// `serde::de::IgnoredAny` to read the summary of a large trace alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "TraceDocument")]
pub struct TraceDocument<'a, Events: Default = Vec<EventRecord<'a>>> {
    /// Always 1 for this contract.
    pub format_version: u32,
    pub algorithm: Algorithm,
    /// The root's name.
    #[serde(borrow)]
    pub root: Cow<'a, str>,
    /// Who moves at the root.
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
    /// Depth at which nodes are evaluated statically; null for none.
    pub depth_limit: Option<u32>,
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
}

impl From<Stats> for StatsRecord {
    fn from(s: Stats) -> StatsRecord {
        StatsRecord {
            nodes_visited: s.nodes_visited,
            leaves_evaluated: s.leaves_evaluated,
            cutoffs: s.cutoffs,
            nodes_total: s.nodes_total,
        }
    }
}

/// One step of the search, numbered from 1 by `step`. Values are from the
/// algorithm's point of view (the mover's for the negamax forms).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
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
        }
    }
}

/// The summary part of a trace (everything but `events`), as the writer
/// streams it: the lists are read straight from the search's answer rather
/// than built in memory. [`Summary::to_document`] gives the same fields as a
/// [`TraceDocument`].
pub struct Summary<'t, 'a> {
    format_version: u32,
    algorithm: Algorithm,
    root: &'t str,
    player: Player,
    options: OptionsRecord,
    value: Num,
    fail: Option<Fail>,
    best_move: Option<&'t str>,
    principal_variation: Names<'t, 'a>,
    order: Order<'t, 'a>,
    leaves: Leaves<'t, 'a>,
    pruned: Names<'t, 'a>,
    stats: StatsRecord,
}

impl<'t, 'a> Summary<'t, 'a> {
    pub fn new(
        tree: &'t Tree,
        algorithm: Algorithm,
        options: &Options,
        outcome: &'a Outcome,
        answer: &'a Answer,
    ) -> Summary<'t, 'a> {
        Summary {
            format_version: FORMAT_VERSION,
            algorithm,
            root: tree.name(tree.root()),
            player: tree.player(tree.root()),
            options: OptionsRecord {
                alpha: Num(options.window.alpha),
                beta: Num(options.window.beta),
                strict: options.strict,
                fail_hard: options.fail_hard,
                depth_limit: options.depth_limit,
            },
            value: Num(outcome.value),
            fail: Fail::of(outcome.kind),
            best_move: outcome.best_move.map(|node| tree.name(node)),
            principal_variation: Names(tree, &outcome.principal_variation),
            order: Order(tree, &answer.order),
            leaves: Leaves(tree, &answer.leaves),
            pruned: Names(tree, &answer.pruned),
            stats: outcome.stats.into(),
        }
    }

    /// The same summary as a trace document (without events), its lists
    /// built in memory.
    pub fn to_document(&self) -> TraceDocument<'t> {
        TraceDocument {
            format_version: self.format_version,
            algorithm: self.algorithm,
            root: Cow::Borrowed(self.root),
            player: self.player,
            options: self.options.clone(),
            value: self.value,
            fail: self.fail,
            best_move: self.best_move.map(Cow::Borrowed),
            principal_variation: self.principal_variation.items().collect(),
            order: self.order.entries().collect(),
            leaves: self.leaves.items().collect(),
            pruned: self.pruned.items().collect(),
            stats: self.stats.clone(),
            events: Vec::new(),
        }
    }

    /// Writes the fields in the order of [`TraceDocument`], one per line,
    /// and leaves the top-level object open for `events`. The lists are
    /// serialised as they are read: they can hold a million names.
    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(b"{")?;
        field(out, "format_version", &self.format_version)?;
        field(out, "algorithm", &self.algorithm)?;
        field(out, "root", &self.root)?;
        field(out, "player", &self.player)?;
        field(out, "options", &self.options)?;
        field(out, "value", &self.value)?;
        field(out, "fail", &self.fail)?;
        field(out, "best_move", &self.best_move)?;
        field(out, "principal_variation", &Lazy(|| self.principal_variation.items()))?;
        field(out, "order", &Lazy(|| self.order.entries()))?;
        field(out, "leaves", &Lazy(|| self.leaves.items()))?;
        field(out, "pruned", &Lazy(|| self.pruned.items()))?;
        field(out, "stats", &self.stats)?;
        out.write_all(b",\n  \"events\": [")
    }
}

/// A top-level member on its own line, its value written compactly by
/// serde_json; a comma ends the line before unless it is the first.
fn field(out: &mut impl Write, key: &str, value: &impl Serialize) -> io::Result<()> {
    let separator = if key == "format_version" { "\n  " } else { ",\n  " };
    write!(out, "{separator}\"{key}\": ")?;
    serde_json::to_writer(out, value).map_err(io::Error::from)
}

/// A list serialised from the iterator its function gives, never built.
struct Lazy<F>(F);

impl<F: Fn() -> I, I: Iterator<Item = T>, T: Serialize> Serialize for Lazy<F> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

/// Node names, written as a JSON array as they are read.
struct Names<'t, 'a>(&'t Tree, &'a [NodeId]);

impl<'t, 'a> Names<'t, 'a> {
    fn items(&self) -> impl Iterator<Item = Cow<'t, str>> + use<'t, 'a> {
        let tree = self.0;
        self.1.iter().map(move |&node| Cow::Borrowed(tree.name(node)))
    }
}

/// The `leaves` list: names, and `"#"` for cutoffs.
struct Leaves<'t, 'a>(&'t Tree, &'a [LeafMark]);

impl<'t, 'a> Leaves<'t, 'a> {
    fn items(&self) -> impl Iterator<Item = Cow<'t, str>> + use<'t, 'a> {
        let tree = self.0;
        self.1.iter().map(move |&mark| Cow::Borrowed(notation::leaf(tree, mark)))
    }
}

/// The `order` list.
struct Order<'t, 'a>(&'t Tree, &'a [(NodeId, f64)]);

impl<'t, 'a> Order<'t, 'a> {
    fn entries(&self) -> impl Iterator<Item = OrderEntry<'t>> + use<'t, 'a> {
        let tree = self.0;
        self.1.iter().map(move |&(node, value)| OrderEntry {
            node: Cow::Borrowed(tree.name(node)),
            value: Num(value),
        })
    }
}

/// A sink that keeps every event as its record, for comparing whole traces.
pub struct Records<'t> {
    tree: &'t Tree,
    pub records: Vec<EventRecord<'t>>,
}

impl<'t> Records<'t> {
    pub fn new(tree: &'t Tree) -> Records<'t> {
        Records { tree, records: Vec::new() }
    }
}

impl Sink<'_> for Records<'_> {
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        let step = self.records.len() as u64 + 1;
        self.records.push(EventRecord::new(self.tree, step, event));
        Ok(())
    }
}

/// Writes a trace: first [`JsonTrace::start`] with the summary, then the
/// events as a [`Sink`], then [`JsonTrace::finish`].
pub struct JsonTrace<'t, W: Write> {
    out: W,
    tree: &'t Tree,
    step: u64,
    /// One event's line, formatted before it is written in one piece.
    line: Vec<u8>,
}

impl<'t, W: Write> JsonTrace<'t, W> {
    /// Writes the summary fields and opens the `events` array.
    pub fn start(mut out: W, tree: &'t Tree, summary: &Summary<'_, '_>) -> io::Result<Self> {
        summary.write(&mut out)?;
        Ok(JsonTrace { out, tree, step: 0, line: Vec::with_capacity(256) })
    }

    /// Closes the document.
    pub fn finish(mut self) -> io::Result<()> {
        self.out.write_all(b"\n  ]\n}\n")
    }
}

impl<'t, W: Write> Sink<'t> for JsonTrace<'t, W> {
    fn event(&mut self, event: &Event<'t>) -> io::Result<()> {
        self.step += 1;
        self.line.clear();
        self.line.extend_from_slice(if self.step == 1 { b"\n    " } else { b",\n    " });
        let record = EventRecord::new(self.tree, self.step, event);
        serde_json::to_writer(&mut self.line, &record)?;
        self.out.write_all(&self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Palette;
    use crate::search::Window;
    use crate::trace::{Format, Request};
    use crate::tree::{Naming, Overrides};

    /// The written summary and events read back as the document they stand
    /// for (their layout is pinned by the CLI cases).
    #[test]
    fn written_traces_read_back_as_their_documents() {
        let mut traces = 0;
        for_every_search(|tree, algorithm, options, document| {
            let request = Request {
                algorithm,
                options: *options,
                format: Format::Json,
                palette: Palette::default(),
                numbers: false,
                caption: false,
            };
            let mut written = Vec::new();
            crate::trace::write(tree, &request, &mut written).unwrap();
            let read: TraceDocument = serde_json::from_slice(&written).unwrap();
            assert_eq!(&read, document, "{}", String::from_utf8_lossy(&written));
            traces += 1;
        });
        assert!(traces > 300, "only {traces} traces compared");
    }

    /// A trace of thousands of events, with summary lists as long.
    #[test]
    fn long_traces_read_back_as_their_documents() {
        use crate::generate::tictactoe::{self, Position};
        let mut text = Vec::new();
        tictactoe::write(&mut text, Position::parse("xo.|...|...").unwrap()).unwrap();
        let tree = crate::tree::parse(text, Naming::Letters, Overrides::default()).unwrap();
        for algorithm in Algorithm::ALL {
            let request = Request {
                algorithm,
                options: Options::default(),
                format: Format::Json,
                palette: Palette::default(),
                numbers: false,
                caption: false,
            };
            let mut written = Vec::new();
            crate::trace::write(&tree, &request, &mut written).unwrap();
            let read: TraceDocument = serde_json::from_slice(&written).unwrap();
            let document = crate::trace::document(&tree, algorithm, &request.options).unwrap();
            assert!(document.events.len() > 1_500, "{} events", document.events.len());
            assert_eq!(read, document);
        }
    }

    /// Runs `check` on the trace document of every search with every
    /// algorithm and setting on every example tree (names with quotes,
    /// backslashes and non-ASCII letters; fractions; bounds; cutoffs), plus
    /// a tree with a control character in a name.
    fn for_every_search(mut check: impl FnMut(&Tree, Algorithm, &Options, &TraceDocument<'_>)) {
        let mut texts = crate::tree::example_files();
        texts.push(br#"{"children": {"bell\u0007\u001f": ["x"]}, "values": {"x": 0.5}}"#.to_vec());
        let windows = [Window::FULL, Window { alpha: 2.5, beta: 3.0 }];
        for text in &texts {
            let tree =
                crate::tree::parse(text.as_slice(), Naming::Letters, Overrides::default()).unwrap();
            for algorithm in Algorithm::ALL {
                for window in windows {
                    for (strict, fail_hard) in
                        [(false, false), (true, false), (false, true), (true, true)]
                    {
                        // Minimax and negamax ignore the pruning settings
                        // (only the command line refuses them); their
                        // documents still record them.
                        let options = Options { window, strict, fail_hard, depth_limit: None };
                        let document = crate::trace::document(&tree, algorithm, &options)
                            .expect("without a depth limit every search runs");
                        check(&tree, algorithm, &options, &document);
                    }
                }
            }
        }
    }
}
