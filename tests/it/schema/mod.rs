//! `gametree schema input` against the reader, in both directions: a
//! document the reader takes fits the schema, and a document it refuses
//! for a key or a shape does not. Refusals for checks beyond any schema
//! (unique names, one root, sums, ...) are told apart by [`Refusal`] and
//! held to nothing. Run over every tree file of the tests, the documents
//! of issue 37 the schema used to take, and a generated [`corpus`].

mod corpus;
mod refusal;

use std::path::{Path, PathBuf};

use gametree::tree::{self, Naming, Overrides};
use refusal::Refusal;
use serde_json::{Value, json};

fn validator() -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(&gametree::schema::input()).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

/// What the reader made of a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Read,
    Refused(Refusal),
    /// The reader panicked: a known bug on documents that mix the shapes
    /// (see [`mixes_shapes`]), which the schema must refuse.
    Panicked,
}

/// Reads `bytes`, the text of `document`, and checks that the schema
/// agrees: it takes what the reader takes, and refuses what the reader
/// refuses for a key or a shape. `label` names the document in a failure.
fn agree(
    validator: &jsonschema::Validator,
    label: &str,
    document: &Value,
    bytes: &[u8],
) -> Outcome {
    let fits = validator.validate(document).map_err(|error| error.to_string());
    let read =
        std::panic::catch_unwind(|| tree::parse(bytes, Naming::Letters, Overrides::default()));
    let (outcome, message) = match read {
        Ok(Ok(_)) => (Outcome::Read, String::new()),
        Ok(Err(error)) => (Outcome::Refused(Refusal::of(&error.message, document)), error.message),
        Err(_) if mixes_shapes(document) => (Outcome::Panicked, "a panic".to_string()),
        Err(panic) => std::panic::resume_unwind(panic),
    };
    match (outcome, fits) {
        (Outcome::Read, Err(why)) => panic!("{label} reads but does not fit the schema: {why}"),
        (Outcome::Refused(Refusal::KeyOrShape) | Outcome::Panicked, Ok(())) => {
            panic!("{label} is refused for a key or a shape ({message}) but fits the schema")
        }
        _ => outcome,
    }
}

/// Whether `document` is a top-level object with a nested shape's
/// `children` array and a key only the flat shape has. The reader panics
/// on some of these instead of refusing them ("use one shape"), when a
/// flat map comes before the array and a node in it has a name:
/// `{"actions": {"a": ["x"]}, "children": [{"name": "s", "value": 1}]}`.
fn mixes_shapes(document: &Value) -> bool {
    let flat_only = ["root", "values", "players", "probabilities", "actions", "graph"];
    document["children"].is_array() && flat_only.iter().any(|key| document.get(key).is_some())
}

/// How many documents had each outcome.
#[derive(Debug, Default)]
struct Tally {
    read: usize,
    key_or_shape: usize,
    beyond: usize,
    panicked: usize,
}

impl Tally {
    fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Read => self.read += 1,
            Outcome::Refused(Refusal::KeyOrShape) => self.key_or_shape += 1,
            Outcome::Refused(Refusal::BeyondTheSchema(_)) => self.beyond += 1,
            Outcome::Panicked => self.panicked += 1,
        }
    }

    fn total(&self) -> usize {
        self.read + self.key_or_shape + self.beyond + self.panicked
    }
}

/// The tree files of the tests: JSON files and CLI inputs under `dir`
/// and its subdirectories, sorted.
fn tree_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the directory exists") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(tree_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "json" || ext == "stdin") {
            files.push(path);
        }
    }
    files.sort();
    files
}

#[test]
fn every_tree_file_of_the_tests_is_read_and_fits_alike() {
    let validator = validator();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut tally, mut not_json) = (Tally::default(), 0);
    for path in [root.join("trees"), root.join("tests")].iter().flat_map(|dir| tree_files(dir)) {
        let bytes = std::fs::read(&path).expect("the file reads");
        let label = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        let Ok(document) = serde_json::from_slice::<Value>(&bytes) else {
            let read = tree::parse(&bytes[..], Naming::Letters, Overrides::default());
            assert!(read.is_err(), "{label} is not JSON but reads");
            not_json += 1;
            continue;
        };
        if document.get("format_version").is_some() {
            continue; // a JSON trace, not a tree
        }
        tally.add(agree(&validator, &label, &document, &bytes));
    }
    eprintln!("tree files: {tally:?}, and {not_json} not JSON");
    assert!(tally.read >= 15 && tally.key_or_shape >= 20 && tally.beyond >= 25, "{tally:?}");
}

#[test]
fn the_generated_corpus_is_read_and_fits_alike() {
    let validator = validator();
    let mut tally = Tally::default();
    for document in corpus::documents() {
        let text = document.to_string();
        tally.add(agree(&validator, &text, &document, text.as_bytes()));
    }
    eprintln!("generated documents: {tally:?}, {} in all", tally.total());
    assert!(tally.read >= 500 && tally.key_or_shape >= 5000 && tally.beyond >= 500, "{tally:?}");
}

/// A document the schema used to take but the reader refuses, the same
/// document put right, and a part of the reader's message.
struct Issue37 {
    what: &'static str,
    refused: &'static str,
    fixed: &'static str,
    message: &'static str,
}

const ISSUE_37: &[Issue37] = &[
    Issue37 {
        what: "a child node with perspective",
        refused: r#"{"children": [{"value": 1, "perspective": "mover"}]}"#,
        fixed: r#"{"perspective": "mover", "children": [{"value": 1}]}"#,
        message: r#"unknown key "perspective""#,
    },
    Issue37 {
        what: "a nested root with action",
        refused: r#"{"action": "go", "children": [{"value": 1}]}"#,
        fixed: r#"{"children": [{"action": "go", "value": 1}]}"#,
        message: r#"unknown key "action""#,
    },
    Issue37 {
        what: "a nested root with probability",
        refused: r#"{"probability": 1, "children": [{"value": 1}]}"#,
        fixed: r#"{"children": [{"player": "chance", "children": [{"probability": 1, "value": 1}]}]}"#,
        message: r#"unknown key "probability""#,
    },
    Issue37 { what: "[]", refused: "[]", fixed: "[1]", message: "empty array" },
    Issue37 {
        what: "{}",
        refused: "{}",
        fixed: r#"{"values": {"a": 1}}"#,
        message: "the tree has no nodes",
    },
    Issue37 {
        what: "an empty child list, flat",
        refused: r#"{"children": {"a": ["b"], "b": []}, "values": {"b": 1}}"#,
        fixed: r#"{"children": {"a": ["b"]}, "values": {"b": 1}}"#,
        message: r#"the child list of "b" is empty"#,
    },
    Issue37 {
        what: "an empty child list, nested arrays",
        refused: "[[1], []]",
        fixed: "[[1], [2]]",
        message: "empty array",
    },
    Issue37 {
        what: "an empty child list, nested root",
        refused: r#"{"value": 0, "children": []}"#,
        fixed: r#"{"value": 0}"#,
        message: r#"empty "children" array"#,
    },
    Issue37 {
        what: "an empty child list, nested node",
        refused: r#"{"children": [{"value": 1}, {"children": []}]}"#,
        fixed: r#"{"children": [{"value": 1}, {"children": [{"value": 2}]}]}"#,
        message: r#"empty "children" array"#,
    },
    Issue37 {
        what: "a chance root, flat",
        refused: r#"{"player": "chance", "children": {"a": ["b"]}, "values": {"b": 1}}"#,
        fixed: r#"{"player": "min", "children": {"a": ["b"]}, "values": {"b": 1}}"#,
        message: "the root a is a chance node",
    },
    Issue37 {
        what: "a chance root, nested objects",
        refused: r#"{"player": "chance", "children": [{"value": 1}]}"#,
        fixed: r#"{"player": "min", "children": [{"value": 1}]}"#,
        message: "the root a is a chance node",
    },
];

#[test]
fn the_documents_of_issue_37_are_refused_by_the_schema_and_the_reader() {
    let validator = validator();
    for case in ISSUE_37 {
        let refused: Value = serde_json::from_str(case.refused).unwrap();
        let error = tree::parse(case.refused.as_bytes(), Naming::Letters, Overrides::default())
            .expect_err(case.what);
        assert!(error.message.contains(case.message), "{}: {error}", case.what);
        let refusal = Refusal::of(&error.message, &refused);
        assert_eq!(refusal, Refusal::KeyOrShape, "{}: {error}", case.what);
        assert!(!validator.is_valid(&refused), "{} fits the schema", case.what);
        let fixed: Value = serde_json::from_str(case.fixed).unwrap();
        let outcome = agree(&validator, case.fixed, &fixed, case.fixed.as_bytes());
        assert_eq!(outcome, Outcome::Read, "{} put right", case.what);
    }
}

/// A flat file makes its root a chance node with the root's entry in
/// `players` too; the schema cannot tell which node is the root, so that
/// refusal is beyond it. (A nested-arrays tree has no way to say who moves.)
#[test]
fn a_chance_root_by_its_players_entry_is_beyond_the_schema() {
    let text = std::fs::read_to_string("tests/bad/chance-root.json").unwrap();
    let document: Value = serde_json::from_str(&text).unwrap();
    let error = tree::parse(text.as_bytes(), Naming::Letters, Overrides::default()).unwrap_err();
    assert!(matches!(Refusal::of(&error.message, &document), Refusal::BeyondTheSchema(_)));
}

/// Probabilities are read exactly: one above 1 is refused by both, and a
/// fraction written as a string reads and fits.
#[test]
fn a_probability_above_1_is_refused_and_a_fraction_fits() {
    let document = |shares| {
        json!({"players": {"b": "chance"}, "children": {"a": ["b"], "b": ["c", "d"]},
        "probabilities": {"b": shares}, "values": {"c": 1, "d": 2}})
    };
    let above = document(json!([1.0000000001, 0]));
    let text = above.to_string();
    assert!(matches!(agree(&validator(), &text, &above, text.as_bytes()), Outcome::Refused(_)));
    let thirds = document(json!(["1/3", "2/3"]));
    let text = thirds.to_string();
    assert_eq!(agree(&validator(), &text, &thirds, text.as_bytes()), Outcome::Read);
}

#[test]
fn every_value_spelling_the_reader_takes_fits_the_schema() {
    let validator = validator();
    let spellings = gametree::num::INFINITIES.iter().map(|&(spelling, _)| json!(spelling));
    for value in spellings.chain([json!(3), json!(-2.5), json!(9_007_199_254_740_992_i64)]) {
        for document in [
            json!([[value.clone(), 1]]),
            json!({"children": {"a": ["b"]}, "values": {"b": value.clone()}}),
            json!({"children": [{"value": value.clone()}]}),
        ] {
            let text = document.to_string();
            assert_eq!(agree(&validator, &text, &document, text.as_bytes()), Outcome::Read);
        }
    }
    for value in [json!("infinity"), json!("x"), json!(null), json!(9_007_199_254_740_993_i64)] {
        let document = json!([[value.clone(), 1]]);
        let text = document.to_string();
        let outcome = agree(&validator, &text, &document, text.as_bytes());
        assert_eq!(outcome, Outcome::Refused(Refusal::KeyOrShape), "{text}");
    }
}
