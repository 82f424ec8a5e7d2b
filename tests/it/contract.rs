//! The JSON contract and the schemas: every trace the tool writes parses
//! back into the contract's types, and the committed schemas are current.

use std::path::Path;

use gametree::contract::{EventRecord, FORMAT_VERSION, TraceDocument};
use gametree::search::Algorithm;

use crate::common;

#[test]
fn every_json_trace_parses_back_into_the_contract() {
    for tree in common::example_trees() {
        let tree = tree.display().to_string();
        for algo in Algorithm::ALL.map(Algorithm::name) {
            let output = common::run(&["trace", &tree, "--algo", algo, "--format", "json"]);
            if !output.status.success() {
                // Only expectimax searches chance nodes, and iterative
                // deepening needs static values.
                let error = String::from_utf8_lossy(&output.stderr);
                let why = ["is a chance node", "no static value"];
                assert!(why.iter().any(|w| error.contains(w)), "{tree} --algo {algo}: {error}");
                continue;
            }
            let text = String::from_utf8(output.stdout).expect("UTF-8 output");
            let document: TraceDocument = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{tree} --algo {algo}: {e}\n{text}"));
            assert_eq!(document.format_version, FORMAT_VERSION);
            assert_eq!(document.algorithm.name(), algo);
            let steps: Vec<u64> = document.events.iter().map(EventRecord::step).collect();
            let expected: Vec<u64> = (1..=steps.len() as u64).collect();
            assert_eq!(steps, expected, "{tree} --algo {algo}: events are numbered in order");
            assert_eq!(
                document.order.last().map(|e| e.node.as_ref()),
                Some(document.root.as_ref())
            );
        }
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
            "{} is out of date; run GAMETREE_UPDATE_SCHEMAS=1 cargo test --test it contract::",
            path.display()
        );
    }
}

#[test]
fn a_trace_with_a_value_range_records_it_and_checks_as_right() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("value-range-trace.json");
    let path = path.to_str().unwrap();
    common::succeed(&["trace", "trees/aima-5-2.json", "--value-range", "2..14", "-o", path]);
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(r#""value_range":[2,14]"#), "{text}");
    let verdict = common::run(&["check", "trees/aima-5-2.json", path]);
    assert_eq!(verdict.status.code(), Some(0), "{}", String::from_utf8_lossy(&verdict.stdout));
    // A wider range given on the command line replaces the trace's: the
    // search then makes no cutoff at c, and the trace's cutoff is wrong.
    let wider = common::run(&["check", "trees/aima-5-2.json", path, "--value-range", "0..20"]);
    assert_eq!(wider.status.code(), Some(1), "{}", String::from_utf8_lossy(&wider.stdout));
}
