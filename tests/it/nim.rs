//! Nim, the third game: `gen nim`'s trees, searched, give the winner
//! Bouton's theorem names, under normal and misère play, as trees and as
//! game graphs with a transposition table.

use crate::common::{succeed, succeed_with_input};
use gametree::search::Algorithm;

/// Whether the player to move wins with perfect play (Bouton, 1901):
/// under normal play when the heaps' XOR is not 0; under misère play the
/// same, except when no heap holds more than one stick, then when the
/// number of heaps of one is even.
fn first_player_wins(heaps: &[u32], misere: bool) -> bool {
    let xor = heaps.iter().fold(0, |x, &heap| x ^ heap);
    if misere && heaps.iter().all(|&heap| heap <= 1) {
        return heaps.iter().filter(|&&heap| heap == 1).count() % 2 == 0;
    }
    xor != 0
}

/// The value a search of `gen nim` finds, with `generate` options for `gen` and `trace` options for the search.
fn searched(heaps: &[u32], generate: &[&str], trace: &[&str]) -> String {
    let heaps: Vec<String> = heaps.iter().map(u32::to_string).collect();
    let heaps: Vec<&str> = heaps.iter().map(String::as_str).collect();
    let tree = succeed(&[&["gen", "nim"][..], &heaps, generate].concat()).stdout;
    let answer = [&["trace", "-", "--format", "answer", "--algo", "alphabeta"][..], trace].concat();
    let answer = String::from_utf8(succeed_with_input(&answer, &tree).stdout).unwrap();
    answer.lines().find_map(|line| line.strip_prefix("value: ")).unwrap().to_string()
}

#[test]
fn the_search_finds_the_winner_bouton_names() {
    let cases: [&[u32]; 8] =
        [&[1], &[2], &[1, 1], &[1, 2], &[1, 2, 3], &[2, 2, 1], &[1, 1, 1], &[3, 4]];
    for heaps in cases {
        for misere in [false, true] {
            let rule: &[&str] = if misere { &["--last-take", "loses"] } else { &[] };
            let expected = if first_player_wins(heaps, misere) { "1" } else { "-1" };
            assert_eq!(searched(heaps, rule, &[]), expected, "{heaps:?} misère {misere}");
            let graph = [rule, &["--graph"]].concat();
            let remembered = searched(heaps, &graph, &["--transpositions"]);
            assert_eq!(remembered, expected, "{heaps:?} misère {misere}, as a graph");
        }
    }
}

/// Every algorithm searches a generated Nim tree (`gen nim | trace -`)
/// and finds that 1 2 3 is lost for the player to move; all but
/// iterative deepening, which needs static values and Nim has none.
#[test]
fn every_algorithm_searches_the_generated_tree() {
    let tree = succeed(&["gen", "nim", "1", "2", "3"]).stdout;
    // Every algorithm but iterative deepening, which needs static values.
    let algorithms = Algorithm::ALL.into_iter().filter(|&a| a != Algorithm::ID_ALPHABETA);
    for algo in algorithms.map(Algorithm::name) {
        let answer =
            succeed_with_input(&["trace", "-", "--algo", algo, "--format", "answer"], &tree);
        let answer = String::from_utf8(answer.stdout).unwrap();
        assert!(answer.ends_with("value: -1\n"), "{algo}: {answer}");
    }
}
