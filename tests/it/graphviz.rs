//! Every diagram gametree draws goes through the real Graphviz `dot`, which
//! must accept it without a single error or warning.
//!
//! Without Graphviz these tests say so and pass; `.ci/run` installs it and
//! sets GAMETREE_REQUIRE_GRAPHVIZ=1 so that in CI they always run.

use std::path::Path;

use crate::common::{self, dot, graphviz_available, succeed as gametree};

#[test]
fn every_tree_and_algorithm_renders_cleanly() {
    if !graphviz_available() {
        return;
    }
    for tree in common::example_trees() {
        let tree = tree.to_str().expect("a UTF-8 path");
        for algo in ["minimax", "negamax", "alphabeta", "negamax-alphabeta"] {
            let algo = common::algo_for(tree, algo);
            let diagram = gametree(&[
                "trace",
                tree,
                "--algo",
                algo,
                "--format",
                "dot",
                "--numbers",
                "--caption",
            ]);
            dot(&diagram.stdout, "svg", &format!("{tree} --algo {algo}"));
        }
    }
}

#[test]
fn names_full_of_quotes_and_braces_draw_exactly_their_own_nodes() {
    if !graphviz_available() {
        return;
    }
    let diagram =
        gametree(&["trace", "trees/awkward-names.json", "--algo", "alphabeta", "--format", "dot"]);
    let plain = dot(&diagram.stdout, "plain", "awkward-names.json");
    let count = |kind: &str| plain.lines().filter(|line| line.starts_with(kind)).count();
    assert_eq!((count("node "), count("edge ")), (7, 6), "{plain}");
}

#[test]
fn frames_render_one_by_one_and_replace_an_earlier_run() {
    if !graphviz_available() {
        return;
    }
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("frames-test");
    let _ = std::fs::remove_dir_all(&scratch);
    let dir = scratch.join("svg");
    std::fs::create_dir_all(&dir).expect("the frame directory can be made");
    std::fs::write(dir.join("frame-999.svg"), "stale").expect("a stale frame");
    std::fs::write(dir.join("notes.txt"), "kept").expect("another file");
    let args = ["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--frames"];
    let output =
        gametree(&[&args[..], &[dir.to_str().unwrap(), "--frames-format", "svg"]].concat());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("frames were written")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 27 + 1, "27 frames and notes.txt: {names:?}");
    assert_eq!(names.first().map(String::as_str), Some("frame-001.svg"));
    assert_eq!(names[26], "frame-027.svg");
    assert_eq!(names[27], "notes.txt");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.starts_with("wrote 27 frames: "), "{said}");
    // Frame 15, as DOT, is what --frame 15 prints.
    let dot_dir = scratch.join("dot");
    gametree(&[&args[..], &[dot_dir.to_str().unwrap()]].concat());
    let frame = std::fs::read(dot_dir.join("frame-015.dot")).expect("frame 15 exists");
    assert_eq!(
        frame,
        gametree(&["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--frame", "15"]).stdout
    );
}
