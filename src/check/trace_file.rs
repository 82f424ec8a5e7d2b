//! Checking a JSON trace written by `gametree trace --format json` against
//! the search: every contract field and every event.
//!
//! A trace of a large tree is a hundred megabytes, so nothing is built for
//! all of it at once: the events are kept as their text, and each is read
//! and compared while the search makes the event it should be.

use serde::Serialize;
use serde_json::value::RawValue;

use super::classroom::{AnswerError, Key, shown};
use super::{KeyVerdict, Verdict, first_difference, verdict, wrong_at};
use crate::answer::Recorder;
use crate::contract::{EventRecord, FORMAT_VERSION, Name, OrderEntry, Summary, TraceDocument};
use crate::search::{self, Event, Flow, RunError, SearchError, Sink, View};
use crate::settings::{Requested, Settings};
use crate::tree::{Player, Tree};

/// A trace as `check` reads it: every field, each event as its text.
pub type TraceAnswer<'a> = Read<'a, Vec<&'a RawValue>>;

/// Whether an answer is a JSON document rather than classroom lines.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// The error for a trace that serde_json cannot read at `line`.
fn unreadable(error: &serde_json::Error, line: usize) -> AnswerError {
    AnswerError {
        line: Some(line),
        message: format!("not a gametree trace: {}", crate::tree::input::json_message(error)),
    }
}

/// Reads a JSON trace; its events are read when they are compared.
pub fn read(text: &str) -> Result<TraceAnswer<'_>, AnswerError> {
    let document: TraceAnswer = serde_json::from_str(text)
        .map_err(|error| unreadable(&error, crate::tree::input::json_line(&error)))?;
    if document.format_version != FORMAT_VERSION {
        return Err(AnswerError::whole(format!(
            "trace format_version {} is not supported; this gametree reads version {FORMAT_VERSION}",
            document.format_version
        )));
    }
    if document.player == Player::Chance {
        return Err(AnswerError::whole(
            "not a gametree trace: its root player is \"chance\", and the root is a move of MAX or MIN",
        ));
    }
    Ok(document)
}

/// The settings to check `trace` with: those `given` (on the command
/// line), and the trace's own record for the rest, where they apply to the
/// algorithm that is checked.
pub fn requested(given: &Requested, trace: &TraceAnswer<'_>) -> Requested {
    let record = &trace.options;
    let algorithm = given.algorithm.unwrap_or(trace.algorithm);
    let about = algorithm.about();
    let finite = |bound: crate::num::Num| bound.0.is_finite().then_some(bound.0);
    let recorded_returns = if record.fail_hard {
        Some(search::Returns::FailHard)
    } else if record.start_at_bound {
        Some(search::Returns::StartAtBound)
    } else {
        None
    };
    let range =
        record.value_range.map(|[lo, hi]| crate::bounds::Window { alpha: lo.0, beta: hi.0 });
    Requested {
        algorithm: Some(algorithm),
        alpha: given.alpha.or(finite(record.alpha).filter(|_| algorithm.prunes())),
        beta: given.beta.or(finite(record.beta).filter(|_| algorithm.prunes())),
        strict: given.strict || (record.strict && about.conventions),
        returns: given.returns.or(recorded_returns.filter(|_| about.conventions)),
        negamax_view: given
            .negamax_view
            .or(record.negamax_view.filter(|_| about.view == View::Mover)),
        depth: given.depth.or(record.depth_limit),
        order: given.order.or(record.order),
        value_range: given.value_range.or(range),
        guess: given.guess.or(record.guess.map(|guess| guess.0).filter(|_| about.guesses)),
        transpositions: given.transpositions || record.transpositions,
    }
}

/// Runs the search `settings` ask for and compares every field of
/// `answer`, whose text is `text`, with it, the events while the search
/// makes them. The search is known to run.
pub fn grade(
    tree: &Tree,
    settings: &Settings,
    answer: &TraceAnswer<'_>,
    text: &str,
) -> Result<Verdict, AnswerError> {
    let events = EventCheck { tree, answer: &answer.events, text, step: 0, wrong: None };
    let mut sinks = (Recorder::for_tree(tree), events);
    let searched = search::run(tree, settings.algorithm, &settings.options, &mut sinks);
    let outcome = searched.map_err(|error| match error {
        RunError::Sink(unreadable) => unreadable,
        RunError::Search(error) => AnswerError::whole(unsearchable(&error)),
    })?;
    let (recorder, events) = sinks;
    let search = recorder.into_answer();
    let mut expected = Summary::of(tree, settings, &outcome, &search).to_owned_lists();
    // Traces written before `perspective` was recorded leave it out.
    if answer.options.perspective.is_none() {
        expected.options.perspective = None;
    }
    let mut keys = summary_verdicts(answer, &expected);
    keys.push(events.verdict());
    for key in &mut keys {
        key.about = classroom_key(&key.key);
    }
    let (points, lang) = (Default::default(), Default::default());
    Ok(Verdict { keys, convention: None, skipped: Vec::new(), points, lang })
}

/// Why the search a trace records cannot run, for the student: in the
/// exercise's words, not the command line's (`--depth 1: …` is the
/// teacher's wording of the same).
pub(super) fn unsearchable(error: &SearchError) -> String {
    let why = match error {
        SearchError::MissingStaticValue { node, limit } => format!(
            "the search to depth {limit} stops at node {node}, which has children but no static value"
        ),
        SearchError::IterationWithoutStaticValue { node, depth } => format!(
            "iterative deepening's iteration {depth} stops at node {node}, which has children but no static value"
        ),
        SearchError::OutsideRange { node, value, range } => {
            format!("node {node} has the value {value}, outside the value range {range}")
        }
        SearchError::ChanceNode { algorithm, node } => format!(
            "it searches with {algorithm}, but node {node} is a chance node, which only expectimax searches"
        ),
        SearchError::InfiniteWithChance { .. } | SearchError::NotExact => error.to_string(),
    };
    format!("the trace cannot be checked: {why}")
}

/// The classroom key a trace field stands for, in the gradebook.
fn classroom_key(field: &str) -> Option<Key> {
    let keys = [
        ("order", Key::Order),
        ("leaves", Key::Leaves),
        ("pruned", Key::Pruned),
        ("best_move", Key::BestMove),
        ("value", Key::Value),
    ];
    keys.iter().find(|&&(name, _)| name == field).map(|&(_, key)| key)
}

/// A trace's lists as `check` reads them, with its events in `Events`.
type Read<'a, Events> = TraceDocument<'a, Vec<Name<'a>>, Vec<OrderEntry<'a>>, Events>;

/// The verdicts on every field but `events`, in the order a trace lists them.
fn summary_verdicts<A, S>(answer: &Read<'_, A>, search: &Read<'_, S>) -> Vec<KeyVerdict> {
    let mut keys = vec![
        one("format_version", &answer.format_version, &search.format_version),
        one("algorithm", &answer.algorithm, &search.algorithm),
        one("root", &answer.root, &search.root),
        one("player", &answer.player, &search.player),
        one("options", &answer.options, &search.options),
        one("value", &answer.value, &search.value),
        one("fail", &answer.fail, &search.fail),
        one("best_move", &answer.best_move, &search.best_move),
        list("principal_variation", &answer.principal_variation, &search.principal_variation),
        list("order", &answer.order, &search.order),
        list("leaves", &answer.leaves, &search.leaves),
        list("pruned", &answer.pruned, &search.pruned),
        one("stats", &answer.stats, &search.stats),
    ];
    // Only a trace with a fraction says `exact`; its verdict follows `value`.
    if answer.exact.is_some() || search.exact.is_some() {
        keys.insert(6, one("exact", &answer.exact, &search.exact));
    }
    keys
}

/// The verdict on a field with one value, shown as JSON.
fn one<T: Serialize + PartialEq>(key: &str, answer: &T, search: &T) -> KeyVerdict {
    let (got, expected) = (json(answer), json(search));
    let wrong =
        (answer != search).then(|| wrong_at(None, Some(shown(&got)), Some(expected.clone()), None));
    verdict(key, expected, shown(&got), wrong)
}

/// The verdict on a list field: its length, and the first item that differs.
fn list<T: Serialize + PartialEq>(key: &str, answer: &[T], search: &[T]) -> KeyVerdict {
    let shown_json = |item: &T| shown(json(item));
    let wrong = first_difference(answer, search, |a, s| a == s).map(|i| {
        wrong_at(Some(i + 1), answer.get(i).map(shown_json), search.get(i).map(json), None)
    });
    verdict(key, items(search.len()), items(answer.len()), wrong)
}

fn items(count: usize) -> String {
    format!("{count} items")
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("trace fields serialise")
}

/// Compares each event the search makes with the answer's event of the
/// same step, until the first that differs.
struct EventCheck<'a, 't> {
    tree: &'t Tree,
    answer: &'a [&'a RawValue],
    /// The whole answer, for the line of an event.
    text: &'a str,
    step: u64,
    wrong: Option<super::Wrong>,
}

impl EventCheck<'_, '_> {
    /// The error for the answer's event `event`, which serde_json cannot
    /// read as a record of the contract.
    fn unreadable(&self, event: &RawValue, error: &serde_json::Error) -> AnswerError {
        let offset = event.get().as_ptr() as usize - self.text.as_ptr() as usize;
        let line = self.text[..offset].matches('\n').count() + 1;
        let reason = crate::tree::input::json_message(error);
        AnswerError { line: Some(line), message: format!("not a gametree trace: {reason}") }
    }

    /// The verdict on `events`, once the search is over.
    fn verdict(self) -> KeyVerdict {
        let made = self.step as usize;
        let wrong = self.wrong.or_else(|| {
            let extra = self.answer.get(made).map(|&event| compact(event));
            extra.map(|extra| wrong_at(Some(made + 1), Some(extra), None, None))
        });
        verdict("events", items(made), items(self.answer.len()), wrong)
    }
}

/// An answer's event as a verdict shows it: written as gametree writes
/// one (on one line, whatever indenting another tool gave the file) where
/// it is a record of the contract, else as the file has it.
fn compact(event: &RawValue) -> String {
    match serde_json::from_str::<EventRecord>(event.get()) {
        Ok(record) => shown(serde_json::to_string(&record).expect("a record serialises")),
        Err(_) => shown(event.get()),
    }
}

impl<'t> Sink for EventCheck<'_, 't> {
    /// An answer's event that is no record of the contract.
    type Error = AnswerError;

    /// Reads the answer's event of this step and compares it with the
    /// search's; keeps the first that differs.
    fn event(&mut self, event: &Event<'_>) -> Result<Flow, AnswerError> {
        self.step += 1;
        if self.wrong.is_some() {
            return Ok(Flow::Continue);
        }
        let made = EventRecord::new(self.tree, self.step, event);
        let given = self.answer.get(self.step as usize - 1);
        let read = given
            .map(|text| serde_json::from_str::<EventRecord>(text.get()).map_err(|e| (text, e)))
            .transpose()
            .map_err(|(text, error)| self.unreadable(text, &error))?;
        if read.as_ref() != Some(&made) {
            let written = serde_json::to_string(&made).expect("a record serialises");
            let position = Some(self.step as usize);
            let given = given.map(|&text| compact(text));
            self.wrong = Some(wrong_at(position, given, Some(written), None));
        }
        Ok(Flow::Continue)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compared_fields_are_the_contracts_fields() {
        let schema: serde_json::Value = serde_json::from_str(&crate::schema::trace()).unwrap();
        let mut properties: Vec<&str> =
            schema["properties"].as_object().unwrap().keys().map(String::as_str).collect();
        let text = std::fs::read_to_string("tests/answers/aima-trace.json").unwrap();
        let trace = read(&text).unwrap();
        let tree = crate::tree::parse(
            std::fs::read("trees/aima-5-2.json").unwrap(),
            Default::default(),
            Default::default(),
        )
        .unwrap();
        let settings = Settings::of(trace.algorithm);
        let verdict = grade(&tree, &settings, &trace, &text).unwrap();
        let mut compared: Vec<&str> = verdict.keys.iter().map(|key| key.key.as_str()).collect();
        // AIMA's values are whole: its trace has no fractions to say exactly.
        properties.retain(|&property| property != "exact");
        properties.sort();
        compared.sort();
        assert_eq!(properties, compared);
    }
}
