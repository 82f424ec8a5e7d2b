//! The JSON contract and the schemas: every trace the tool writes parses
//! back into the contract's types, and the committed schemas are current.

mod common;

use std::path::Path;

use gametree::contract::{EventRecord, FORMAT_VERSION, TraceDocument};

#[test]
fn every_json_trace_parses_back_into_the_contract() {
    for tree in common::example_trees() {
        let tree = tree.display().to_string();
        for algo in ["minimax", "negamax", "alphabeta", "negamax-alphabeta"] {
            let output = common::succeed(&["trace", &tree, "--algo", algo, "--format", "json"]);
            let text = String::from_utf8(output.stdout).expect("UTF-8 output");
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
        let current = String::from_utf8(common::succeed(&["schema", which]).stdout).expect("UTF-8");
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
