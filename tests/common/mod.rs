//! Helpers the integration tests share: running the real binary and
//! finding the example trees.

#![allow(dead_code, reason = "each test file uses the helpers it needs")]

use std::path::PathBuf;
use std::process::{Command, Output};

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
