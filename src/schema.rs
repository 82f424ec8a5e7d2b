//! JSON Schemas of what gametree reads and writes (`gametree schema`).
//!
//! The input schema is written by hand: `schemas/input.schema.json` is
//! the one description of tree files, printed as it is. The reader streams
//! through serde visitors with key tables of its own, so tests hold the two
//! together: the unit tests below check the schema's spellings against the
//! reader's (players, perspectives, infinities), one in the reader checks
//! its property lists against the reader's keys, and `tests/it/schema/` runs
//! both over every tree file of the tests and a generated corpus, in both
//! directions. The trace schema is generated from the very types that
//! write and parse traces; its committed copy under `schemas/` is kept
//! current by a test.

use schemars::schema_for;

use crate::contract::TraceDocument;

/// The schema of tree files, as committed (pretty-printed, no final newline).
pub fn input() -> String {
    INPUT.trim_end().to_string()
}

/// The committed input schema.
const INPUT: &str = include_str!("../schemas/input.schema.json");

/// The schema of `trace --format json` output, pretty-printed.
pub fn trace() -> String {
    pretty(schema_for!(TraceDocument<'static>))
}

fn pretty(schema: schemars::Schema) -> String {
    serde_json::to_string_pretty(&schema).expect("a schema serialises")
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::num::INFINITIES;
    use crate::tree::input::MAX_MAGNITUDE;
    use crate::tree::{Perspective, Player};

    fn input_schema() -> Value {
        serde_json::from_str(&super::input()).expect("the input schema is JSON")
    }

    /// Every string a schema allows by `const` or `enum`, anywhere in it.
    fn spellings(schema: &Value) -> Vec<&str> {
        match schema {
            Value::Object(fields) => fields
                .iter()
                .flat_map(|(key, value)| match (key.as_str(), value) {
                    ("const", Value::String(text)) => vec![text.as_str()],
                    ("enum", Value::Array(items)) => {
                        items.iter().filter_map(Value::as_str).collect()
                    }
                    _ => spellings(value),
                })
                .collect(),
            Value::Array(items) => items.iter().flat_map(spellings).collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn the_input_schema_is_a_json_schema() {
        let schema = input_schema();
        assert!(jsonschema::meta::is_valid(&schema), "not a valid JSON Schema");
        assert!(super::INPUT.ends_with("}\n"), "the committed file ends with one newline");
    }

    #[test]
    fn the_input_schema_spells_players_and_perspectives_as_the_reader_does() {
        let schema = input_schema();
        let defs = &schema["$defs"];
        let player = serde_json::to_value(schemars::schema_for!(Player)).unwrap();
        assert_eq!(spellings(&defs["Player"]), spellings(&player));
        let not_chance = |&spelling: &&str| spelling != "chance";
        let root_players: Vec<&str> = spellings(&player).into_iter().filter(not_chance).collect();
        assert_eq!(spellings(&defs["RootPlayer"]), root_players);
        let perspective = serde_json::to_value(schemars::schema_for!(Perspective)).unwrap();
        assert_eq!(spellings(&defs["Perspective"]), spellings(&perspective));
    }

    #[test]
    fn the_input_schema_spells_values_as_the_reader_does() {
        let value = &input_schema()["$defs"]["Value"];
        let infinities: Vec<&str> = INFINITIES.iter().map(|&(spelling, _)| spelling).collect();
        assert_eq!(spellings(value), infinities);
        let number = &value["anyOf"][0];
        assert_eq!(number["maximum"], json!(MAX_MAGNITUDE as u64));
        assert_eq!(number["minimum"], json!(-(MAX_MAGNITUDE as i64)));
    }
}
