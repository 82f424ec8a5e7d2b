//! `--format json`: the trace as one JSON object, a stable contract for
//! scripts (format version 1).
//!
//! The summary fields come first, one per line; `events` comes last, one
//! event per line, so that expected traces diff well in version control.
//! Events are written as the search runs, never held in memory beyond a
//! few turns of [`in_turns`](crate::pipeline::in_turns), by which both
//! threads share the formatting. The types
//! here are also the contract's schema (`gametree schema trace`) and parse
//! a written trace back.

use std::borrow::Cow;
use std::io;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Num;
use crate::answer::{Answer, LeafMark, notation};
use crate::pipeline::Turns;
use crate::search::{Algorithm, Bound, Event, Options, Outcome, Sink, Stats, ValueKind};
use crate::tree::names::quotes_as_is;
use crate::tree::{NodeId, Player, Tree};

/// The version of this contract; it changes only when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// A whole trace document, as `gametree trace --format json` writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TraceDocument<'a> {
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
    #[serde(borrow, default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventRecord<'a>>,
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
    /// Whether every name of the tree quotes as it is.
    names_quote_as_they_are: bool,
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
            names_quote_as_they_are: tree.names_quote_as_they_are(),
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
    /// and leaves the top-level object open for `events`. Written by hand,
    /// like the events, because the lists can hold a million names.
    fn write(&self, turns: &mut Turns<'_>) -> io::Result<()> {
        field(turns, b"{\n  ", "format_version", &self.format_version)?;
        field(turns, NEXT_FIELD, "algorithm", &self.algorithm)?;
        field(turns, NEXT_FIELD, "root", &self.root)?;
        field(turns, NEXT_FIELD, "player", &self.player)?;
        field(turns, NEXT_FIELD, "options", &self.options)?;
        field(turns, NEXT_FIELD, "value", &self.value)?;
        field(turns, NEXT_FIELD, "fail", &self.fail)?;
        field(turns, NEXT_FIELD, "best_move", &self.best_move)?;
        let as_is = self.names_quote_as_they_are;
        let write_name = |line: &mut Vec<u8>, name: Cow<'_, str>| node_name(line, as_is, &name);
        list(turns, "principal_variation", self.principal_variation.items(), write_name)?;
        list(turns, "order", self.order.entries(), |line, entry| entry.write_compact(line, as_is))?;
        list(turns, "leaves", self.leaves.items(), write_name)?;
        list(turns, "pruned", self.pruned.items(), write_name)?;
        field(turns, NEXT_FIELD, "stats", &self.stats)
    }
}

/// What comes before a top-level member but the first.
const NEXT_FIELD: &[u8] = b",\n  ";

/// A top-level member on its own line after `separator`, its value
/// written compactly by serde_json.
fn field(
    turns: &mut Turns<'_>,
    separator: &[u8],
    key: &str,
    value: &impl Serialize,
) -> io::Result<()> {
    turns.item(|bytes| {
        field_key(bytes, separator, key);
        serde_json::to_writer(bytes, value).expect("a value serializes into memory");
    })
}

/// A top-level member that is an array of `items`, each appended by
/// `write`, on its own line.
fn list<T>(
    turns: &mut Turns<'_>,
    key: &str,
    items: impl Iterator<Item = T>,
    write: impl Fn(&mut Vec<u8>, T),
) -> io::Result<()> {
    turns.item(|bytes| {
        field_key(bytes, NEXT_FIELD, key);
        bytes.push(b'[');
    })?;
    for (index, item) in items.enumerate() {
        turns.item(|bytes| {
            if index > 0 {
                bytes.push(b',');
            }
            write(bytes, item);
        })?;
    }
    turns.item(|bytes| bytes.push(b']'))
}

/// `separator` and `"key": `.
fn field_key(bytes: &mut Vec<u8>, separator: &[u8], key: &str) {
    bytes.extend_from_slice(separator);
    bytes.push(b'"');
    bytes.extend_from_slice(key.as_bytes());
    bytes.extend_from_slice(b"\": ");
}

impl OrderEntry<'_> {
    /// Appends the entry as `serde_json::to_writer` writes it; `as_is`
    /// as for [`node_name`].
    fn write_compact(&self, line: &mut Vec<u8>, as_is: bool) {
        line.extend_from_slice(b"{\"node\":");
        node_name(line, as_is, &self.node);
        number_member(line, b"value", self.value.0);
        line.push(b'}');
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
/// events as a [`Sink`], then [`JsonTrace::finish`]. Each item is formatted
/// in its [turn](crate::pipeline::in_turns).
pub struct JsonTrace<'a, 'w, 't> {
    turns: &'a mut Turns<'w>,
    tree: &'t Tree,
    step: u64,
}

impl<'a, 'w, 't> JsonTrace<'a, 'w, 't> {
    /// Writes the summary fields and opens the `events` array.
    pub fn start(
        turns: &'a mut Turns<'w>,
        tree: &'t Tree,
        summary: &Summary<'_, '_>,
    ) -> io::Result<Self> {
        summary.write(turns)?;
        turns.item(|bytes| field_key(bytes, NEXT_FIELD, "events"))?;
        turns.item(|bytes| bytes.push(b'['))?;
        Ok(JsonTrace { turns, tree, step: 0 })
    }

    /// Closes the document.
    pub fn finish(self) -> io::Result<()> {
        self.turns.item(|bytes| bytes.extend_from_slice(b"\n  ]\n}\n"))
    }
}

impl<'t> Sink<'t> for JsonTrace<'_, '_, 't> {
    fn event(&mut self, event: &Event<'t>) -> io::Result<()> {
        self.step += 1;
        let (tree, step) = (self.tree, self.step);
        self.turns.item(|bytes| {
            // Two literals, not one chosen: each is then copied without a call.
            if step == 1 {
                bytes.extend_from_slice(b"\n    ");
            } else {
                bytes.extend_from_slice(b",\n    ");
            }
            write_event(bytes, tree, step, event);
        })
    }
}

/// Appends event number `step` as `serde_json::to_writer` writes its
/// [`EventRecord`], without building the record: keys and words as
/// literals, numbers by `itoa`, and plain names copied as they are
/// (serde_json scans every string for characters to escape, keys
/// included). A trace of the tic-tac-toe tree has 1.1 million events; a
/// test holds the two to the same bytes.
fn write_event(line: &mut Vec<u8>, tree: &Tree, step: u64, event: &Event<'_>) {
    let as_is = tree.names_quote_as_they_are();
    open_record(line, event);
    push_integer(line, step);
    line.extend_from_slice(b",\"node\":");
    node_name(line, as_is, tree.name(event.node()));
    match *event {
        Event::Enter { depth, player, window, .. } => {
            line.extend_from_slice(b",\"depth\":");
            push_integer(line, depth);
            word_member(line, b"player", player_word(player));
            if let Some(window) = window {
                number_member(line, b"alpha", window.alpha);
                number_member(line, b"beta", window.beta);
            }
        }
        Event::Leaf { value, .. } => number_member(line, b"value", value),
        Event::Update { bound, value, .. } => {
            word_member(line, b"bound", bound.name());
            number_member(line, b"value", value);
        }
        Event::Cutoff { rule, pruned, .. } => {
            number_member(line, b"value", rule.value);
            word_member(line, b"test", rule.comparison());
            word_member(line, b"bound", rule.bound.name());
            number_member(line, b"limit", rule.limit);
            line.extend_from_slice(b",\"pruned\":[");
            for (index, &child) in pruned.iter().enumerate() {
                if index > 0 {
                    line.push(b',');
                }
                node_name(line, as_is, tree.name(child));
            }
            line.push(b']');
        }
        Event::Value { value, kind, .. } => {
            number_member(line, b"value", value);
            word_member(line, b"kind", kind_word(kind));
        }
    }
    line.push(b'}');
}

/// Appends an event's record up to its step number: its `type` as serde
/// names it (`rename_all = "snake_case"`), and the `step` key. One literal
/// per arm, so that each is copied without a call.
fn open_record(line: &mut Vec<u8>, event: &Event<'_>) {
    match event {
        Event::Enter { .. } => line.extend_from_slice(b"{\"type\":\"enter\",\"step\":"),
        Event::Leaf { .. } => line.extend_from_slice(b"{\"type\":\"leaf\",\"step\":"),
        Event::Update { .. } => line.extend_from_slice(b"{\"type\":\"update\",\"step\":"),
        Event::Cutoff { .. } => line.extend_from_slice(b"{\"type\":\"cutoff\",\"step\":"),
        Event::Value { .. } => line.extend_from_slice(b"{\"type\":\"value\",\"step\":"),
    }
}

/// Appends `,"key":value`, the value as serde_json writes a [`Num`].
#[inline]
fn number_member(line: &mut Vec<u8>, key: &[u8], value: f64) {
    line.extend_from_slice(b",\"");
    line.extend_from_slice(key);
    line.extend_from_slice(b"\":");
    match Num(value).as_integer() {
        Some(integer) => push_integer(line, integer),
        None => serde_json::to_writer(line, &Num(value)).expect("a number serializes into memory"),
    }
}

/// Appends an integer as serde_json writes it; a single digit (most values
/// and depths) without a call.
#[inline]
fn push_integer<I: itoa::Integer + TryInto<u8>>(line: &mut Vec<u8>, integer: I) {
    match integer.try_into() {
        Ok(digit @ 0..=9) => line.push(b'0' + digit),
        _ => line.extend_from_slice(itoa::Buffer::new().format(integer).as_bytes()),
    }
}

/// Appends `,"key":"word"` for a word that needs no escaping.
#[inline]
fn word_member(line: &mut Vec<u8>, key: &[u8], word: &str) {
    line.extend_from_slice(b",\"");
    line.extend_from_slice(key);
    line.extend_from_slice(b"\":\"");
    line.extend_from_slice(word.as_bytes());
    line.push(b'"');
}

/// A player as serde names it (`rename_all = "lowercase"`).
fn player_word(player: Player) -> &'static str {
    match player {
        Player::Max => "max",
        Player::Min => "min",
    }
}

/// A value kind as serde names it (`rename_all = "lowercase"`).
fn kind_word(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Exact => "exact",
        ValueKind::Lower => "lower",
        ValueKind::Upper => "upper",
    }
}

/// Appends a node's name (or a list's `#`) as a JSON string. `as_is` says
/// that every name of the tree [quotes as it is](quotes_as_is), so this one
/// need not be looked at.
#[inline(always)]
fn node_name(line: &mut Vec<u8>, as_is: bool, name: &str) {
    if as_is || quotes_as_is(name.as_bytes()) {
        line.push(b'"');
        line.extend_from_slice(name.as_bytes());
        line.push(b'"');
    } else {
        serde_json::to_writer(line, name).expect("a string serializes into memory");
    }
}

impl Serialize for Num {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.as_integer() {
            Some(integer) => serializer.serialize_i64(integer),
            None if self.0.is_infinite() => serializer.serialize_str(&self.to_string()),
            None => serializer.serialize_f64(self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Num, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Number(f64),
            Text(String),
        }
        match Repr::deserialize(deserializer)? {
            Repr::Number(value) => Ok(Num(value)),
            Repr::Text(text) if text == "inf" => Ok(Num(f64::INFINITY)),
            Repr::Text(text) if text == "-inf" => Ok(Num(f64::NEG_INFINITY)),
            Repr::Text(other) => Err(serde::de::Error::custom(format!(
                "expected a number, \"inf\" or \"-inf\", got {other:?}"
            ))),
        }
    }
}

impl JsonSchema for Num {
    fn schema_name() -> Cow<'static, str> {
        "Number".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A number; integral values are written as integers, infinite bounds as the strings \"-inf\" and \"inf\".",
            "anyOf": [{"type": "number"}, {"enum": ["-inf", "inf"]}]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Palette;
    use crate::search::Window;
    use crate::trace::{Format, Request};
    use crate::tree::{Naming, Overrides};

    /// Every record of searches with every algorithm and setting on every
    /// example tree (names with quotes, backslashes and non-ASCII letters;
    /// fractions; bounds; cutoffs), plus a name with a control character.
    #[test]
    fn events_are_written_as_serde_json_writes_their_records() {
        let mut events = 0;
        for_every_search(|tree, algorithm, options, _| {
            let mut sink = Compared { tree, step: 0 };
            crate::search::run(tree, algorithm, options, &mut sink).unwrap();
            events += sink.step;
        });
        assert!(events > 1000, "only {events} events compared");
    }

    /// Compares each event as [`write_event`] writes it with its record as
    /// serde_json writes it.
    struct Compared<'t> {
        tree: &'t Tree,
        step: u64,
    }

    impl<'t> Sink<'t> for Compared<'t> {
        fn event(&mut self, event: &Event<'t>) -> io::Result<()> {
            self.step += 1;
            let mut written = Vec::new();
            write_event(&mut written, self.tree, self.step, event);
            let record = EventRecord::new(self.tree, self.step, event);
            assert_eq!(
                String::from_utf8(written).unwrap(),
                serde_json::to_string(&record).unwrap()
            );
            Ok(())
        }
    }

    /// The hand-written summary and events read back as the document they
    /// stand for (their layout is pinned by the CLI cases).
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

    /// A trace long enough to span many turns, so that both threads can
    /// take some (which one takes which is up to them).
    #[test]
    fn traces_written_in_many_turns_read_back_as_their_documents() {
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
            // At least two turns of events (16,464 for minimax).
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
