//! The tic-tac-toe lecture, as a user runs it: the complete game tree from
//! the empty board, piped into `compare`, gives the node counts the lecture
//! quotes (549,946 nodes, 255,168 leaves, value 0 for a draw).

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::succeed;

#[test]
fn the_full_game_tree_compares_as_the_lecture_says() {
    let tree = succeed(&["gen", "tictactoe"]).stdout;
    let mut compare = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["compare", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gametree runs");
    compare.stdin.take().expect("a pipe").write_all(&tree).expect("the tree is sent");
    let output = compare.wait_with_output().expect("gametree finishes");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let table = String::from_utf8(output.stdout).expect("UTF-8 output");
    let rows: Vec<Vec<&str>> =
        table.lines().skip(1).map(|line| line.split_whitespace().collect()).collect();
    let row = |name: &str| {
        rows.iter().find(|row| row[0] == name).unwrap_or_else(|| panic!("no {name} row: {table}"))
    };
    // algorithm, value, best move, visited, leaves.
    assert_eq!(row("minimax")[..5], ["minimax", "0", "x0", "549946", "255168"], "{table}");
    assert_eq!(row("negamax")[3], "549946", "{table}");
    assert_eq!(row("alphabeta")[..4], ["alphabeta", "0", "x0", "18297"], "{table}");
    assert_eq!(row("negamax-alphabeta")[3], "18297", "{table}");
    // F1's shallow cutoffs alone: more than alpha-beta, far fewer than minimax.
    assert_eq!(row("shallow")[..5], ["shallow", "0", "x0", "29257", "12352"], "{table}");
    // The null-window searches find the same value and move, SSS* with
    // fewer leaves than alpha-beta.
    assert_eq!(row("pvs")[..5], ["pvs", "0", "x0", "17080", "6825"], "{table}");
    assert_eq!(row("mtdf")[..5], ["mtdf", "0", "x0", "16828", "6720"], "{table}");
    assert_eq!(row("sss")[..5], ["sss", "0", "x0", "18335", "7153"], "{table}");
    // The game tree has no static values for iterative deepening.
    assert_eq!(row("id-alphabeta")[1..3], ["-", "-"], "{table}");
    assert_eq!(rows.len(), 11, "{table}");
}

/// The game as a graph of its 5,478 positions: searched as its tree, with
/// the tree's counts; a transposition table searches each position once.
#[test]
fn the_game_graph_has_the_trees_counts_and_a_table_searches_each_position_once() {
    let graph = succeed(&["gen", "tictactoe", "--graph"]).stdout;
    let document: serde_json::Value = serde_json::from_slice(&graph).expect("JSON");
    let inner = document["children"].as_object().expect("child lists").len();
    let leaves = document["values"].as_object().expect("values").len();
    assert_eq!(inner + leaves, 5478);
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tictactoe-graph.json");
    std::fs::write(&path, graph).expect("the graph is written");
    let table = succeed(&["compare", path.to_str().unwrap(), "--transpositions"]).stdout;
    let table = String::from_utf8(table).expect("UTF-8 output");
    let row = |name: &str| -> Vec<String> {
        let line =
            table.lines().find(|line| line.starts_with(&format!("{name} "))).expect("the row");
        line.split_whitespace().map(str::to_string).collect()
    };
    assert_eq!(row("minimax")[3..5], ["549946", "255168"], "{table}");
    assert_eq!(row("alphabeta")[3], "18297", "{table}");
    // 5,478 positions searched, 10,690 taken from the table.
    assert_eq!(row("minimax-transpositions")[3..5], ["16168", "958"], "{table}");
    assert_eq!(row("minimax-transpositions")[7..], ["10690", "remembered"], "{table}");
    assert_eq!(row("alphabeta-transpositions")[3], "4793", "{table}");
}

#[test]
fn the_lectures_variants_b_and_c_with_the_value_range() {
    let tree = succeed(&["gen", "tictactoe"]).stdout;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tictactoe.json");
    std::fs::write(&path, tree).expect("the tree is written");
    let table = succeed(&["compare", path.to_str().unwrap(), "--value-range=-1..1"]).stdout;
    let table = String::from_utf8(table).expect("UTF-8 output");
    let visited = |name: &str| {
        let row = table.lines().find(|line| line.split_whitespace().next() == Some(name));
        row.and_then(|row| row.split_whitespace().nth(3)).unwrap_or_default().to_string()
    };
    // B: stop once the side to move has its best possible value; C: alpha-beta in [-1, 1].
    assert_eq!(visited("minimax"), "94978", "{table}");
    assert_eq!(visited("alphabeta"), "16811", "{table}");
}
