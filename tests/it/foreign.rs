//! Foreign readers on hostile files (issue 41): each test is a reproduction
//! of a CS188 `.test` or Gambit `.efg` file that was slow to read, named
//! after what it did. The files are written at test time, since they are
//! big.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::common::run;

fn write(name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("foreign");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Reads `path` with `gametree trace --format answer`, returning its exit
/// status, standard error and how long it took.
fn trace(path: &str) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    let output = run(&["trace", path, "--format", "answer"]);
    let took = started.elapsed();
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned(), took)
}

/// Generous for a debug build on a busy machine: the old readers took
/// seconds in release builds and far more in debug ones.
const QUICK: Duration = Duration::from_secs(15);

const EFG_HEADER: &str = "EFG 2 R \"g\" { \"1\" \"2\" }\n\"\"\n\n";

#[test]
fn a_49_kb_efg_of_1e10000_payoffs_took_7_s() {
    let mut game = EFG_HEADER.to_string();
    for i in 0..800 {
        game += &format!("p \"\" {} {} \"\" {{ \"a\" \"b\" }} 0\n", 1 + i % 2, i / 2 + 1);
        game += &format!("t \"\" {} \"\" {{ 1e10000, -1e10000 }}\n", i + 1);
    }
    game += "t \"\" 801 \"\" { 0, 0 }\n";
    assert!(game.len() > 49_000);
    let path = write("exponents.efg", &game);
    let (status, stderr, took) = trace(&path);
    assert_eq!(status, Some(2));
    assert_eq!(
        stderr,
        format!(
            "error: {path}:5:13: the number 1e10000 has an exponent of more than three digits\n"
        )
    );
    assert!(took < QUICK, "took {took:?}");
}

#[test]
fn an_efg_payoff_of_200000_digits_took_12_s() {
    let digits = format!("1{}", "0".repeat(199_999));
    let game = format!(
        "{EFG_HEADER}p \"\" 1 1 \"\" {{ \"a\" \"b\" }} 0\nt \"\" 1 \"\" {{ {digits}, -{digits} }}\nt \"\" 2 \"\" {{ 0, 0 }}\n"
    );
    let path = write("digits.efg", &game);
    let (status, stderr, took) = trace(&path);
    assert_eq!(status, Some(2));
    assert_eq!(
        stderr,
        format!(
            "error: {path}:5:13: the number 100000000000000000000000... (200000 characters) has 200000 digits; a payoff or probability may have at most 100\n"
        )
    );
    assert!(took < QUICK, "took {took:?}");
}

/// A CS188 test whose start state has `moves` successors, each a leaf.
fn wide_cs188(moves: usize) -> String {
    let successors: Vec<String> = (0..moves).map(|i| format!("s m{i} l{i}")).collect();
    let evaluation: Vec<String> = (0..moves).map(|i| format!("l{i} {}", i % 7)).collect();
    format!(
        "class: \"GraphGameTreeTest\"\nalg: \"MinimaxAgent\"\ndepth: \"1\"\nnum_agents: \"2\"\n\
         start_state: \"s\"\nwin_states: \"\"\nlose_states: \"\"\n\
         successors: \"\"\"\n{}\n\"\"\"\nevaluation: \"\"\"\n{}\n\"\"\"\n",
        successors.join("\n"),
        evaluation.join("\n")
    )
}

#[test]
fn a_cs188_file_of_80000_lines_took_30_s() {
    // Each state scanned every successor line: 40,000 lines took 4.3 s and
    // 80,000 lines 30 s in a release build.
    let path = write("wide.test", &wide_cs188(40_000));
    let (status, stderr, took) = trace(&path);
    assert_eq!(status, Some(0), "{stderr}");
    assert!(took < QUICK, "took {took:?}");
}
