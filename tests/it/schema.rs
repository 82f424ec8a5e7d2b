//! `gametree schema input` against the reader, on every tree file the CLI
//! cases use: a file the reader takes must fit the schema, and a file the
//! schema refuses must be refused by the reader. (The schema cannot say
//! everything the reader checks, such as one root or no cycles, so a file
//! may fit the schema and still be refused.)

use std::path::PathBuf;

use gametree::tree::{self, Naming, Overrides};
use serde_json::{Value, json};

fn json_files(dir: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the directory exists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

fn validator() -> jsonschema::Validator {
    let schema: Value =
        serde_json::from_str(&gametree::schema::input()).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

fn reads(bytes: &[u8]) -> bool {
    tree::parse(bytes, Naming::Letters, Overrides::default()).is_ok()
}

#[test]
fn every_tree_the_reader_takes_fits_the_schema_and_every_misfit_is_refused() {
    let validator = validator();
    let mut checked = 0;
    for dir in ["trees", "tests/bad", "tests/answers"] {
        for path in json_files(dir) {
            let bytes = std::fs::read(&path).expect("the file reads");
            let Ok(document) = serde_json::from_slice::<Value>(&bytes) else {
                assert!(!reads(&bytes), "{} is not JSON but reads", path.display());
                continue;
            };
            if document.get("format_version").is_some() {
                continue; // a JSON trace, not a tree
            }
            let fits = validator.is_valid(&document);
            let read = reads(&bytes);
            assert!(fits || !read, "{} reads but does not fit the schema", path.display());
            checked += 1;
        }
    }
    assert!(checked > 40, "only {checked} tree files");
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
            let bytes = document.to_string();
            assert!(reads(bytes.as_bytes()), "{bytes} does not read");
            assert!(validator.is_valid(&document), "{bytes} does not fit the schema");
        }
    }
    for value in [json!("infinity"), json!("x"), json!(null), json!(9_007_199_254_740_993_i64)] {
        let document = json!([[value.clone(), 1]]);
        let bytes = document.to_string();
        assert!(!reads(bytes.as_bytes()), "{bytes} reads");
        assert!(!validator.is_valid(&document), "{bytes} fits the schema");
    }
}
