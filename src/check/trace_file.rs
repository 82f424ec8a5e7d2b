//! Checking a JSON trace written by `gametree trace --format json` against
//! the search: every contract field and every event.
//!
//! A trace of a large tree is a hundred megabytes, so nothing is built for
//! all of it at once: the events are kept as their text, and each is read
//! and compared while the search makes the event it should be.

use std::io;

use serde::Serialize;
use serde_json::value::RawValue;

use super::classroom::AnswerError;
use super::{KeyVerdict, Verdict, first_difference, wrong_at};
use crate::answer::Recorder;
use crate::contract::{EventRecord, FORMAT_VERSION, TraceDocument};
use crate::render::json::{Summary, write_event};
use crate::search::{self, Algorithm, Event, Options, SearchError, Sink};
use crate::tree::Tree;

/// A trace as `check` reads it: every field, each event as its text.
pub type TraceAnswer<'a> = TraceDocument<'a, Vec<&'a RawValue>>;

/// Whether an answer is a JSON document rather than classroom lines.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Why a trace could not be graded.
#[derive(Debug)]
pub enum GradeError {
    /// An event is not a record of the contract.
    Unreadable(AnswerError),
    /// The search could not run.
    Search(SearchError),
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
        return Err(AnswerError {
            line: None,
            message: format!(
                "trace format_version {} is not supported; this gametree reads version {FORMAT_VERSION}",
                document.format_version
            ),
        });
    }
    Ok(document)
}

/// Runs the search the trace says it is of and compares every field of
/// `answer`, whose text is `text`, with it, the events while the search
/// makes them.
pub fn grade(
    tree: &Tree,
    algorithm: Algorithm,
    options: &Options,
    answer: &TraceAnswer<'_>,
    text: &str,
) -> Result<Verdict, GradeError> {
    let events =
        EventCheck { tree, answer: &answer.events, step: 0, wrong: None, written: Vec::new() };
    let mut sinks = (Recorder::for_tree(tree), events);
    let searched = search::run(tree, algorithm, options, &mut sinks);
    let (recorder, events) = sinks;
    let outcome = match searched {
        Err(SearchError::Io(error)) => {
            return Err(GradeError::Unreadable(events.unreadable(text, &error)));
        }
        searched => searched.map_err(GradeError::Search)?,
    };
    let search = recorder.finish(&outcome);
    let mut expected = Summary::new(tree, algorithm, options, &outcome, &search).to_document();
    // Traces written before `perspective` was recorded leave it out.
    if answer.options.perspective.is_none() {
        expected.options.perspective = None;
    }
    let mut keys = summary_verdicts(answer, &expected);
    keys.push(events.verdict());
    Ok(Verdict { keys, hint: None })
}

/// The verdicts on every field but `events`, in the order a trace lists them.
fn summary_verdicts<A: Default, S: Default>(
    answer: &TraceDocument<'_, A>,
    search: &TraceDocument<'_, S>,
) -> Vec<KeyVerdict> {
    vec![
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
    ]
}

/// The verdict on a field with one value, shown as JSON.
fn one<T: Serialize + PartialEq>(key: &str, answer: &T, search: &T) -> KeyVerdict {
    let (got, expected) = (json(answer), json(search));
    let wrong =
        (answer != search).then(|| wrong_at(None, Some(got.clone()), Some(expected.clone()), None));
    KeyVerdict { key: key.to_string(), expected, got, wrong }
}

/// The verdict on a list field: its length, and the first item that differs.
fn list<T: Serialize + PartialEq>(key: &str, answer: &[T], search: &[T]) -> KeyVerdict {
    let wrong = first_difference(answer, search, |a, s| a == s)
        .map(|i| wrong_at(Some(i + 1), answer.get(i).map(json), search.get(i).map(json), None));
    KeyVerdict {
        key: key.to_string(),
        expected: items(search.len()),
        got: items(answer.len()),
        wrong,
    }
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
    step: u64,
    wrong: Option<super::Wrong>,
    /// The event the search made, as `trace --format json` writes it.
    written: Vec<u8>,
}

impl EventCheck<'_, '_> {
    /// The error for the answer's event at the last step, which `error`
    /// says is no record of the contract; `text` is the whole answer.
    fn unreadable(&self, text: &str, error: &std::io::Error) -> AnswerError {
        let event = self.answer[self.step as usize - 1].get();
        let offset = event.as_ptr() as usize - text.as_ptr() as usize;
        let line = text[..offset].matches('\n').count() + 1;
        let json = error.get_ref().and_then(|inner| inner.downcast_ref::<serde_json::Error>());
        let reason = json.map_or_else(|| error.to_string(), crate::tree::input::json_message);
        AnswerError { line: Some(line), message: format!("not a gametree trace: {reason}") }
    }

    /// The verdict on `events`, once the search is over.
    fn verdict(self) -> KeyVerdict {
        let made = self.step as usize;
        let wrong = self.wrong.or_else(|| {
            let extra = self.answer.get(made).map(|event| event.get().to_string());
            extra.map(|extra| wrong_at(Some(made + 1), Some(extra), None, None))
        });
        KeyVerdict {
            key: "events".to_string(),
            expected: items(made),
            got: items(self.answer.len()),
            wrong,
        }
    }
}

impl<'t> Sink for EventCheck<'_, 't> {
    /// Compares the event; an answer's event that is no record of the
    /// contract stops the search with an error ([`EventCheck::unreadable`]).
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.step += 1;
        if self.wrong.is_some() {
            return Ok(());
        }
        self.written.clear();
        write_event(&mut self.written, self.tree, self.step, event);
        let given = self.answer.get(self.step as usize - 1).map(|text| text.get());
        // The tool's own text is the record; other spellings are read.
        if given.map(str::as_bytes) == Some(&self.written[..]) {
            return Ok(());
        }
        let read = given.map(serde_json::from_str::<EventRecord>).transpose()?;
        if read != Some(EventRecord::new(self.tree, self.step, event)) {
            let written = String::from_utf8(self.written.clone()).expect("JSON is UTF-8");
            let position = Some(self.step as usize);
            self.wrong = Some(wrong_at(position, given.map(str::to_string), Some(written), None));
        }
        Ok(())
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
        let verdict = grade(&tree, trace.algorithm, &Options::default(), &trace, &text).unwrap();
        let mut compared: Vec<&str> = verdict.keys.iter().map(|key| key.key.as_str()).collect();
        properties.sort();
        compared.sort();
        assert_eq!(properties, compared);
    }
}
