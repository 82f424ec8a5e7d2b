//! Checking a JSON trace written by `gametree trace --format json` against
//! the search: every contract field and every event.

use serde::Serialize;

use super::classroom::AnswerError;
use super::{KeyVerdict, Verdict};
use crate::render::json::{FORMAT_VERSION, TraceDocument};

/// Whether an answer is a JSON document rather than classroom lines.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads a JSON trace.
pub fn read(text: &str) -> Result<TraceDocument<'_>, AnswerError> {
    let document: TraceDocument = serde_json::from_str(text).map_err(|error| AnswerError {
        line: Some(error.line()),
        message: format!("not a gametree trace: {}", crate::tree::input::json_message(&error)),
    })?;
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

/// Compares every field of `answer` with the search's `expected` trace.
pub fn grade(answer: &TraceDocument<'_>, expected: &TraceDocument<'_>) -> Verdict {
    let keys = fields(answer)
        .into_iter()
        .zip(fields(expected))
        .map(|((key, answer), (_, search))| grade_field(key, &answer, &search))
        .collect();
    Verdict { keys }
}

/// A field as JSON text: its items if it is a list, else its one value.
struct Field {
    items: Vec<String>,
    is_list: bool,
}

impl Field {
    /// What the verdict shows of the whole field: the value, or the length of a list.
    fn summary(&self) -> String {
        match (self.is_list, self.items.as_slice()) {
            (false, [value]) => value.clone(),
            _ => format!("{} items", self.items.len()),
        }
    }
}

fn one(value: &impl Serialize) -> Field {
    Field { items: vec![json(value)], is_list: false }
}

fn list<T: Serialize>(items: &[T]) -> Field {
    Field { items: items.iter().map(json).collect(), is_list: true }
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("trace fields serialise")
}

/// Every contract field of a trace, in the order a trace lists them.
fn fields(trace: &TraceDocument<'_>) -> [(&'static str, Field); 14] {
    [
        ("format_version", one(&trace.format_version)),
        ("algorithm", one(&trace.algorithm)),
        ("root", one(&trace.root)),
        ("player", one(&trace.player)),
        ("options", one(&trace.options)),
        ("value", one(&trace.value)),
        ("fail", one(&trace.fail)),
        ("best_move", one(&trace.best_move)),
        ("principal_variation", list(&trace.principal_variation)),
        ("order", list(&trace.order)),
        ("leaves", list(&trace.leaves)),
        ("pruned", list(&trace.pruned)),
        ("stats", one(&trace.stats)),
        ("events", list(&trace.events)),
    ]
}

fn grade_field(key: &str, answer: &Field, search: &Field) -> KeyVerdict {
    let wrong = super::first_difference(&answer.items, &search.items, |a, s| a == s).map(|i| {
        let position = search.is_list.then_some(i + 1);
        super::wrong_at(position, answer.items.get(i).cloned(), search.items.get(i).cloned(), None)
    });
    KeyVerdict { key: key.to_string(), expected: search.summary(), got: answer.summary(), wrong }
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
        let trace: TraceDocument = serde_json::from_str(&text).unwrap();
        let mut compared: Vec<&str> = fields(&trace).iter().map(|(key, _)| *key).collect();
        properties.sort();
        compared.sort();
        assert_eq!(properties, compared);
    }
}
