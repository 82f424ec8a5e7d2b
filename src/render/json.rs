//! `--format json`: the trace as one JSON object, the contract of
//! [`crate::contract`] (format version 1).
//!
//! The summary fields come first, one per line; `events` comes last, one
//! event per line, so that expected traces diff well in version control.
//! Events are written as the search runs, never held in memory: each by
//! [`write_event`], with its keys and words as literals, which is three
//! times faster than serialising its record (a tic-tac-toe trace has 1.1
//! million events). The contract's types read them back, as the tests show.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;

use crate::answer::{Answer, LeafMark, notation};
use crate::contract::{
    FORMAT_VERSION, Fail, OptionsRecord, OrderEntry, StatsRecord, TraceDocument,
};
use crate::num::Num;
use crate::order;
use crate::search::{
    Algorithm, Event, NegamaxView, Options, Outcome, Returns, Sink, ValueKind, View,
};
use crate::tree::{NodeId, Player, Tree};

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
                fail_hard: options.returns == Returns::FailHard,
                start_at_bound: options.returns == Returns::StartAtBound,
                negamax_view: (algorithm.shown_view(options) == View::Moved)
                    .then_some(NegamaxView::Moved),
                order: Some(options.order).filter(|&order| order != order::Order::Given),
                depth_limit: options.depth_limit,
                value_range: options.value_range.map(|range| [Num(range.alpha), Num(range.beta)]),
                perspective: Some(tree.perspective()),
                guess: (algorithm == Algorithm::Mtdf).then_some(Num(options.guess)),
                transpositions: options.transpositions,
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

    /// Closes the document and flushes it.
    pub fn finish(mut self) -> io::Result<()> {
        self.out.write_all(b"\n  ]\n}\n")?;
        self.out.flush()
    }
}

impl<'t, W: Write> Sink for JsonTrace<'t, W> {
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.step += 1;
        self.line.clear();
        self.line.extend_from_slice(if self.step == 1 { b"\n    " } else { b",\n    " });
        write_event(&mut self.line, self.tree, self.step, event);
        self.out.write_all(&self.line)
    }
}

/// Appends event number `step` as its [`EventRecord`] reads it: one JSON
/// object, keys in the record's order.
pub fn write_event(line: &mut Vec<u8>, tree: &Tree, step: u64, event: &Event<'_>) {
    line.extend_from_slice(b"{\"type\":\"");
    line.extend_from_slice(type_name(event).as_bytes());
    line.extend_from_slice(b"\",\"step\":");
    json(line, &step);
    member(line, b"node", tree.name(event.node()));
    match *event {
        Event::Enter { node, depth, player, window } => {
            member(line, b"depth", &depth);
            word(line, b"player", player_word(player));
            if let Some(window) = window {
                member(line, b"alpha", &Num(window.alpha));
                member(line, b"beta", &Num(window.beta));
            }
            if let Some(probability) = tree.probability(node) {
                member(line, b"probability", &Num(probability));
            }
            if let Some(action) = tree.action(node) {
                member(line, b"action", action);
            }
        }
        Event::Leaf { value, .. } => member(line, b"value", &Num(value)),
        Event::Update { bound, value, .. } => {
            word(line, b"bound", bound.name());
            member(line, b"value", &Num(value));
        }
        Event::Cutoff { rule, pruned, .. } => {
            member(line, b"value", &Num(rule.value));
            word(line, b"test", rule.comparison());
            word(line, b"bound", rule.bound.name());
            member(line, b"limit", &Num(rule.limit));
            let names: Vec<&str> = pruned.iter().map(|&child| tree.name(child)).collect();
            member(line, b"pruned", &names);
        }
        Event::Value { value, kind, .. } | Event::Recall { value, kind, .. } => {
            member(line, b"value", &Num(value));
            word(line, b"kind", kind_word(kind));
        }
        Event::Research { child, value, .. } => {
            member(line, b"child", tree.name(child));
            member(line, b"value", &Num(value));
        }
        Event::Pass { number, window, depth_limit, .. } => {
            member(line, b"number", &number);
            member(line, b"alpha", &Num(window.alpha));
            member(line, b"beta", &Num(window.beta));
            if let Some(depth_limit) = depth_limit {
                member(line, b"depth_limit", &depth_limit);
            }
        }
        Event::Reorder { children, .. } => {
            let names: Vec<&str> = children.iter().map(|&child| tree.name(child)).collect();
            member(line, b"children", &names);
        }
    }
    line.push(b'}');
}

/// The event's `type` in the contract.
fn type_name(event: &Event<'_>) -> &'static str {
    match event {
        Event::Enter { .. } => "enter",
        Event::Leaf { .. } => "leaf",
        Event::Update { .. } => "update",
        Event::Cutoff { .. } => "cutoff",
        Event::Value { .. } => "value",
        Event::Research { .. } => "research",
        Event::Recall { .. } => "recall",
        Event::Pass { .. } => "pass",
        Event::Reorder { .. } => "reorder",
    }
}

/// Appends `,"key":` and the value as serde_json writes it.
fn member(line: &mut Vec<u8>, key: &[u8], value: &(impl Serialize + ?Sized)) {
    line.extend_from_slice(b",\"");
    line.extend_from_slice(key);
    line.extend_from_slice(b"\":");
    json(line, value);
}

/// Appends `,"key":"word"` for a word that needs no escaping.
fn word(line: &mut Vec<u8>, key: &[u8], word: &str) {
    line.extend_from_slice(b",\"");
    line.extend_from_slice(key);
    line.extend_from_slice(b"\":\"");
    line.extend_from_slice(word.as_bytes());
    line.push(b'"');
}

/// Appends a value as serde_json writes it.
fn json(line: &mut Vec<u8>, value: &(impl Serialize + ?Sized)) {
    serde_json::to_writer(line, value).expect("a value serialises into memory");
}

/// A player as the contract names it.
fn player_word(player: Player) -> &'static str {
    match player {
        Player::Max => "max",
        Player::Min => "min",
        Player::Chance => "chance",
    }
}

/// A value kind as the contract names it.
fn kind_word(kind: ValueKind) -> &'static str {
    match kind {
        ValueKind::Exact => "exact",
        ValueKind::Lower => "lower",
        ValueKind::Upper => "upper",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Recorder;
    use crate::contract::EventRecord;
    use crate::search::{self, SearchError};

    /// A sink that keeps every event as its record.
    struct Records<'t> {
        tree: &'t Tree,
        records: Vec<EventRecord<'t>>,
    }

    impl Sink for Records<'_> {
        fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
            let step = self.records.len() as u64 + 1;
            self.records.push(EventRecord::new(self.tree, step, event));
            Ok(())
        }
    }

    /// The whole trace document, events included, built in memory.
    fn document<'t>(
        tree: &'t Tree,
        algorithm: Algorithm,
        options: &Options,
    ) -> Result<TraceDocument<'t>, SearchError> {
        let records = Records { tree, records: Vec::new() };
        let mut sinks = (Recorder::default(), records);
        let outcome = search::run(tree, algorithm, options, &mut sinks)?;
        let (recorder, records) = sinks;
        let answer = recorder.finish(&outcome);
        let mut document = Summary::new(tree, algorithm, options, &outcome, &answer).to_document();
        document.events = records.records;
        Ok(document)
    }
    use crate::search::Window;
    use crate::trace::{Format, Request};
    use crate::tree::{Naming, Overrides};

    /// The written summary and events read back as the document they stand
    /// for (their layout is pinned by the CLI cases).
    #[test]
    fn written_traces_read_back_as_their_documents() {
        let mut traces = 0;
        for_every_search(|tree, algorithm, options, document| {
            let request = Request::new(algorithm, *options, Format::Json);
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
        tictactoe::write(&mut text, Position::parse("xo.|...|...").unwrap(), Default::default())
            .unwrap();
        let tree = crate::tree::parse(text, Naming::Letters, Overrides::default()).unwrap();
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
            let request = Request::new(algorithm, Options::default(), Format::Json);
            let mut written = Vec::new();
            crate::trace::write(&tree, &request, &mut written).unwrap();
            let read: TraceDocument = serde_json::from_slice(&written).unwrap();
            let document = document(&tree, algorithm, &request.options).unwrap();
            assert!(document.events.len() > 1_000, "{} events", document.events.len());
            assert_eq!(read, document);
        }
    }

    /// Runs `check` on the trace document of every search with every
    /// algorithm and setting on every example tree (names with quotes,
    /// backslashes and non-ASCII letters; fractions; bounds; cutoffs), plus
    /// a name with a quote, a backslash and a combining mark.
    fn for_every_search(mut check: impl FnMut(&Tree, Algorithm, &Options, &TraceDocument<'_>)) {
        let mut texts = crate::tree::example_files();
        texts.push(r#"{"children": {"q\"\\\u00e9\u0301": ["x"]}, "values": {"x": 0.5}}"#.into());
        let windows = [Window::FULL, Window { alpha: 2.5, beta: 3.0 }];
        for text in &texts {
            let tree =
                crate::tree::parse(text.as_slice(), Naming::Letters, Overrides::default()).unwrap();
            for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
                for window in windows {
                    let returns = [Returns::FailSoft, Returns::FailHard, Returns::StartAtBound];
                    for (strict, returns) in
                        [false, true].into_iter().flat_map(|s| returns.map(|r| (s, r)))
                    {
                        // Minimax and negamax ignore the pruning settings
                        // (only the command line refuses them); their
                        // documents still record them.
                        let options = Options { window, strict, returns, ..Options::default() };
                        let document = document(&tree, algorithm, &options)
                            .expect("without a depth limit every search runs");
                        check(&tree, algorithm, &options, &document);
                    }
                }
            }
        }
    }
}
