//! The JSON contract and the schemas: every trace the tool writes parses
//! back into the contract's types, and the committed schemas are current.

use std::path::Path;
use std::process::Command;

use gametree::render::json::{EventRecord, FORMAT_VERSION, TraceDocument};

fn gametree(args: &[&str]) -> String {
    let output =
        Command::new(env!("CARGO_BIN_EXE_gametree")).args(args).output().expect("gametree runs");
    assert!(
        output.status.success(),
        "gametree {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn example_trees() -> Vec<String> {
    let mut trees: Vec<String> = std::fs::read_dir("trees")
        .expect("trees/ exists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| path.display().to_string())
        .collect();
    trees.sort();
    assert!(trees.len() >= 6, "the example trees are there");
    trees
}

#[test]
fn every_json_trace_parses_back_into_the_contract() {
    for tree in example_trees() {
        for algo in ["minimax", "negamax", "alphabeta", "negamax-alphabeta"] {
            let text = gametree(&["trace", &tree, "--algo", algo, "--format", "json"]);
            let document: TraceDocument = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{tree} --algo {algo}: {e}\n{text}"));
            assert_eq!(document.format_version, FORMAT_VERSION);
            assert_eq!(document.algorithm.name(), algo);
            let steps: Vec<u64> = document.events.iter().map(step).collect();
            let expected: Vec<u64> = (1..=steps.len() as u64).collect();
            assert_eq!(steps, expected, "{tree} --algo {algo}: events are numbered in order");
            assert_eq!(
                document.order.last().map(|e| e.node.as_ref()),
                Some(document.root.as_ref())
            );
        }
    }
}

fn step(event: &EventRecord) -> u64 {
    match *event {
        EventRecord::Enter { step, .. }
        | EventRecord::Leaf { step, .. }
        | EventRecord::Update { step, .. }
        | EventRecord::Cutoff { step, .. }
        | EventRecord::Value { step, .. } => step,
    }
}

#[test]
fn committed_schemas_are_current() {
    for which in ["input", "trace"] {
        let path = Path::new("schemas").join(format!("{which}.schema.json"));
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        let current = gametree(&["schema", which]);
        if std::env::var_os("GAMETREE_UPDATE_SCHEMAS").is_some() {
            std::fs::create_dir_all("schemas").expect("schemas/ can be created");
            std::fs::write(&path, &current).expect("the schema can be written");
            continue;
        }
        assert!(
            committed == current,
            "{} is out of date; run GAMETREE_UPDATE_SCHEMAS=1 cargo test --test contract",
            path.display()
        );
    }
}
