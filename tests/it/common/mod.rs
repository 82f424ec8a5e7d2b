//! Helpers the integration tests share: running the real binary and
//! finding the example trees.

use std::fmt::Debug;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use proptest::strategy::Strategy;
use proptest::test_runner::{
    Config as ProptestConfig, FileFailurePersistence, TestCaseResult, TestRunner,
};

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

/// Proptest's configuration for the properties: `PROPTEST_CASES` cases,
/// or proptest's default of 256 where it is unset (`.ci/run` sets 3000),
/// and the seeds of past failures kept beside the test's source file, in
/// `tests/it/<module>.proptest-regressions`. (Proptest's default,
/// `SourceParallel`, would look for them in
/// `tests/proptest-regressions/<module>.txt` since `tests/it/main.rs`
/// exists, and so miss the committed ones.)
pub fn proptest_config() -> ProptestConfig {
    let persistence = FileFailurePersistence::WithSource("proptest-regressions");
    ProptestConfig { failure_persistence: Some(Box::new(persistence)), ..ProptestConfig::default() }
}

/// Runs the property `test` like `proptest!` does, but on `share.0 /
/// share.1` of the configured cases, rounded up: for a property that costs
/// far more a case than the others. (`proptest!` cannot: since proptest
/// 1.2, `PROPTEST_CASES` overrides any number of cases a test asks for.)
/// `source_file` is the test's `file!()`, beside which the seeds of its
/// past failures are kept.
pub fn run_share_of_cases<S>(
    share: (u32, u32),
    source_file: &'static str,
    strategy: &S,
    test: impl Fn(S::Value) -> TestCaseResult,
) where
    S: Strategy,
    S::Value: Debug,
{
    let config = proptest_config();
    let cases = (u64::from(config.cases) * u64::from(share.0)).div_ceil(u64::from(share.1));
    let cases = u32::try_from(cases).unwrap_or(u32::MAX);
    let config = ProptestConfig { cases, source_file: Some(source_file), ..config };
    let mut runner = TestRunner::new(config);
    if let Err(error) = runner.run(strategy, test) {
        panic!("{error}\n{runner}");
    }
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
