//! Helpers the integration tests share: running the real binary and
//! finding the example trees.

#![allow(dead_code, reason = "each test file uses the helpers it needs")]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `gametree` with `args`, whatever its exit status.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree")).args(args).output().expect("gametree runs")
}

/// Runs `gametree` with `args`, which must succeed.
pub fn succeed(args: &[&str]) -> Output {
    let output = run(args);
    assert!(
        output.status.success(),
        "gametree {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The example trees under trees/, sorted.
pub fn example_trees() -> Vec<PathBuf> {
    let mut trees: Vec<PathBuf> = std::fs::read_dir("trees")
        .expect("trees/ exists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    trees.sort();
    assert!(trees.len() >= 6, "the example trees are there");
    trees
}

/// `algo`, or `expectimax` for a tree with chance nodes, which only
/// expectimax searches.
pub fn algo_for(tree: &str, algo: &'static str) -> &'static str {
    let text = std::fs::read(tree).expect("the tree file is there");
    let tree = gametree::tree::parse(text, Default::default(), Default::default())
        .expect("an example tree is valid");
    if tree.first_chance_node().is_some() { "expectimax" } else { algo }
}

/// Whether Graphviz's `dot` is installed; where it is not, the caller
/// skips its test, unless GAMETREE_REQUIRE_GRAPHVIZ says it must run.
pub fn graphviz_available() -> bool {
    let found = Command::new("dot").arg("-V").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("GAMETREE_REQUIRE_GRAPHVIZ").is_none(),
            "GAMETREE_REQUIRE_GRAPHVIZ is set but Graphviz's `dot` is not installed"
        );
        eprintln!("skipped: Graphviz's `dot` is not installed (apt-get install graphviz)");
    }
    found
}

/// Runs `dot -T<format>` on `input` and returns its output, failing on any
/// message Graphviz prints.
pub fn dot(input: &[u8], format: &str, what: &str) -> String {
    let mut child = Command::new("dot")
        .arg(format!("-T{format}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dot starts");
    child.stdin.take().expect("piped").write_all(input).expect("dot reads its input");
    let output = child.wait_with_output().expect("dot finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && stderr.is_empty(), "dot on {what}: {stderr}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Runs `gametree` with `args` and `input` on its standard input, which must succeed.
pub fn succeed_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gametree runs");
    child.stdin.take().expect("piped").write_all(input).expect("gametree reads its input");
    let output = child.wait_with_output().expect("gametree finishes");
    assert!(
        output.status.success(),
        "gametree {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}
