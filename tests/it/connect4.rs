//! Connect four as the lecture draws it: `gen connect4` against a short
//! program of its own (columns as stacks, a four found from the last
//! disc), level by level, position by position; and its trees searched.

use gametree::search::Algorithm;
use std::collections::{BTreeMap, HashSet};

use crate::common::{succeed, succeed_with_input};
use serde_json::Value;

/// A board as the reference sees it: seven columns, each a stack of
/// discs from the bottom, 1 for yellow and 2 for red.
type Columns = Vec<Vec<u8>>;

/// Whether the disc just dropped into `column` completes four, counted
/// outwards from it in each of the four directions.
fn completes_four(columns: &Columns, column: usize) -> bool {
    let row = columns[column].len() as i64 - 1;
    let disc = columns[column][row as usize];
    let at = |c: i64, r: i64| {
        (0..7).contains(&c) && r >= 0 && columns[c as usize].get(r as usize) == Some(&disc)
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
        let run = |sign: i64| {
            (1..4).take_while(|&i| at(column as i64 + sign * i * dc, row + sign * i * dr)).count()
        };
        1 + run(1) + run(-1) >= 4
    })
}

/// The positions at each depth below `columns` (`mover` to move), down to
/// `plies`, one entry per path; a position where someone just completed
/// four, or a full board, has no children.
fn reference(
    columns: &mut Columns,
    mover: u8,
    depth: usize,
    plies: usize,
    levels: &mut Vec<Vec<Columns>>,
) {
    levels[depth].push(columns.clone());
    if depth == plies {
        return;
    }
    for column in 0..7 {
        if columns[column].len() == 6 {
            continue;
        }
        columns[column].push(mover);
        if completes_four(columns, column) {
            levels[depth + 1].push(columns.clone());
        } else {
            reference(columns, 3 - mover, depth + 1, plies, levels);
        }
        columns[column].pop();
    }
}

/// The reference's positions by depth from the columns played in `moves`.
fn reference_levels(moves: &str, plies: usize) -> Vec<Vec<Columns>> {
    let mut columns: Columns = vec![Vec::new(); 7];
    for (number, digit) in moves.bytes().enumerate() {
        columns[usize::from(digit - b'1')].push(if number.is_multiple_of(2) { 1 } else { 2 });
    }
    let mover = if moves.len().is_multiple_of(2) { 1 } else { 2 };
    let mut levels = vec![Vec::new(); plies + 1];
    reference(&mut columns, mover, 0, plies, &mut levels);
    levels
}

/// A generated tree file's node names by depth, breadth-first from the root.
fn levels_of(document: &Value) -> Vec<Vec<String>> {
    let children = document["children"].as_object().expect("child lists");
    let mut levels = vec![vec![document["root"].as_str().expect("a root").to_string()]];
    loop {
        let next: Vec<String> = levels
            .last()
            .unwrap()
            .iter()
            .flat_map(|node| {
                children.get(node).and_then(Value::as_array).cloned().unwrap_or_default()
            })
            .map(|child| child.as_str().expect("a name").to_string())
            .collect();
        if next.is_empty() {
            return levels;
        }
        levels.push(next);
    }
}

fn generate(args: &[&str]) -> Value {
    let output = succeed(&[&["gen", "connect4"][..], args].concat());
    serde_json::from_slice(&output.stdout).expect("gen writes JSON")
}

/// Positions where wins come within four half-moves: red's four in
/// column 2 after ply 2, yellow's in column 1 at ply 1, full columns.
const POSITIONS: [&str; 4] = ["", "121212", "4444445", "3344553"];

#[test]
fn the_tree_has_the_references_nodes_at_every_depth() {
    for position in POSITIONS {
        for plies in 1..=4 {
            let document = generate(&["--position", position, "--plies", &plies.to_string()]);
            let counts: Vec<usize> = levels_of(&document).iter().map(Vec::len).collect();
            let mut expected: Vec<usize> =
                reference_levels(position, plies).iter().map(Vec::len).collect();
            while expected.last() == Some(&0) {
                expected.pop();
            }
            assert_eq!(counts, expected, "--position {position:?} --plies {plies}");
        }
    }
    // The lecture's levels: 7, 49, 343, and 2,401 a half-move further.
    let empty = generate(&["--plies", "4"]);
    let counts: Vec<usize> = levels_of(&empty).iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 7, 49, 343, 2401]);
}

#[test]
fn a_four_is_a_leaf_at_any_depth() {
    let document = generate(&["--position", "121212", "--plies", "3"]);
    let children = &document["children"];
    let values = &document["values"];
    // Yellow completes column 1 at once; after yellow's 3, red completes column 2.
    assert_eq!((children.get("1"), &values["1"]), (None, &Value::from("inf")));
    assert_eq!((children.get("3.2"), &values["3.2"]), (None, &Value::from("-inf")));
    assert_eq!(children["3"].as_array().unwrap().len(), 7);
    // Every other node carries its static value, the inner ones too.
    assert!(values["3"].is_i64() && values["3.1.1"].is_i64(), "{values}");
    assert_eq!(document["root"], "yellow");
}

#[test]
fn the_graph_has_the_references_distinct_positions_at_every_depth() {
    for position in POSITIONS {
        let graph = generate(&["--position", position, "--plies", "4", "--graph"]);
        assert_eq!(graph["graph"], true);
        let distinct: Vec<usize> = levels_of(&graph)
            .iter()
            .map(|level| level.iter().collect::<HashSet<_>>().len())
            .collect();
        let expected: Vec<usize> = reference_levels(position, 4)
            .into_iter()
            .map(|level| level.into_iter().collect::<HashSet<_>>().len())
            .filter(|&count| count > 0)
            .collect();
        assert_eq!(distinct, expected, "--position {position:?}");
    }
    // From the empty board 2,401 move orders reach 1,120 positions after
    // four half-moves.
    let graph = generate(&["--plies", "4", "--graph"]);
    let levels = levels_of(&graph);
    let distinct: Vec<usize> =
        levels.iter().map(|level| level.iter().collect::<HashSet<_>>().len()).collect();
    assert_eq!(distinct, [1, 7, 49, 238, 1120]);
}

/// Every algorithm searches the generated tree and finds minimax's value.
#[test]
fn every_algorithm_searches_the_generated_tree() {
    let tree = generate(&["--position", "1536", "--plies", "3"]);
    let text = serde_json::to_vec(&tree).unwrap();
    let mut values = BTreeMap::new();
    for algo in Algorithm::ALL.map(Algorithm::name) {
        let answer =
            succeed_with_input(&["trace", "-", "--algo", algo, "--format", "answer"], &text);
        let answer = String::from_utf8(answer.stdout).unwrap();
        let value =
            answer.lines().find_map(|line| line.strip_prefix("value: ")).unwrap().to_string();
        let best =
            answer.lines().find_map(|line| line.strip_prefix("best move: ")).unwrap().to_string();
        values.insert(algo, (value, best));
    }
    assert!(
        values.values().all(|found| found == &("13".to_string(), "4".to_string())),
        "{values:?}"
    );
}

#[test]
fn the_lectures_tree_in_the_docs_is_what_gen_writes() {
    let written = succeed(&["gen", "connect4", "--position", "1536"]).stdout;
    let committed = std::fs::read("trees/games/connect-four.json").expect("the file is there");
    assert!(committed == written, "trees/games/connect-four.json is not gen's output: rewrite it");
}

/// `n` with a comma every three digits, as the docs' tables write numbers.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The visited column of `compare`'s rows named `rows`.
fn visited(table: &[u8], rows: &[&str]) -> Vec<u64> {
    let table = String::from_utf8(table.to_vec()).unwrap();
    rows.iter()
        .map(|name| {
            let row = table.lines().find(|line| line.split_whitespace().next() == Some(name));
            let row = row.unwrap_or_else(|| panic!("no {name} row: {table}"));
            row.split_whitespace().nth(3).unwrap().parse().unwrap()
        })
        .collect()
}

/// The table of what the search saves, at the depths cheap enough to
/// search in a test: its rows are what `compare` counts.
#[test]
fn the_docs_table_of_savings_is_what_compare_counts() {
    let docs = std::fs::read_to_string("docs/exercises-and-games.md").unwrap();
    for plies in ["3", "4"] {
        let tree = succeed(&["gen", "connect4", "--plies", plies]).stdout;
        let table = succeed_with_input(&["compare", "-"], &tree).stdout;
        let rows = ["minimax", "alphabeta", "alphabeta-best-order", "id-alphabeta"];
        let mut counts = visited(&table, &rows);
        let graph = succeed(&["gen", "connect4", "--plies", plies, "--graph"]).stdout;
        let table = succeed_with_input(&["compare", "-", "--transpositions"], &graph).stdout;
        counts.extend(visited(&table, &["minimax-transpositions", "alphabeta-transpositions"]));
        let cells: Vec<String> = counts.into_iter().map(grouped).collect();
        let row = format!("| {plies} | {} |", cells.join(" | "));
        assert!(docs.contains(&row), "docs/exercises-and-games.md lacks the row {row}");
    }
}
