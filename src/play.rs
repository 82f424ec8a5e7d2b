//! `gametree play tictactoe`: the tic-tac-toe lecture's four programs, each
//! choosing its moves by building the game tree from the position and
//! searching it, as the lecture counts them.
//!
//! A move's node count is the number of positions the search creates, the
//! root included: the nodes it visits in the tree `gen tictactoe` writes
//! (with `--forced-win` for variant D). From the empty board the four
//! variants play the same game with the lecture's counts, 549,946 (A),
//! 94,978 (B), 16,811 (C) and 2,738 (D) nodes before the first move.

use crate::bounds::Window;
use crate::generate::game::{self, Game, Shape};
use crate::generate::tictactoe::{Position, Rules, TicTacToe};
use crate::search::{self, Algorithm, Discard, Options};
use crate::tree::{Naming, Overrides};

/// The lecture's four programs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Variant {
    /// Full minimax.
    #[default]
    A,
    /// Minimax that stops at a node once the side to move has its best possible value.
    B,
    /// Alpha-beta with the window [-1, 1].
    C,
    /// C with the forced-win rule: win at once if possible, else block an
    /// immediate threat without searching the other moves.
    D,
}

/// The values a tic-tac-toe position can take: O wins, draw, X wins.
const RESULTS: Window = Window { alpha: -1.0, beta: 1.0 };

impl Variant {
    fn rules(self) -> Rules {
        if self == Variant::D { Rules::ForcedWin } else { Rules::AllMoves }
    }

    fn search(self) -> (Algorithm, Options) {
        let range = Options { value_range: Some(RESULTS), window: RESULTS, ..Options::default() };
        match self {
            Variant::A => (Algorithm::MINIMAX, Options::default()),
            Variant::B => (Algorithm::MINIMAX, range),
            Variant::C | Variant::D => (Algorithm::ALPHABETA, range),
        }
    }
}

/// The move a variant makes, and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The cell marked, 0 (top left) to 8 (bottom right).
    pub cell: usize,
    /// The positions the search created, the root included.
    pub nodes: u64,
}

/// The move `variant` makes at `position`, a game that is not over. The
/// search breaks ties by taking the first best move in cell order.
pub fn choose(position: Position, variant: Variant) -> Choice {
    let game = TicTacToe { position, rules: variant.rules() };
    let (algorithm, options) = variant.search();
    let searched = search_game(&game, algorithm, &options);
    // Under the forced-win rule a position where the mover wins at once is
    // a leaf: the move is that win, found without a search.
    let cell = searched.best.or_else(|| position.winning_move());
    Choice {
        cell: cell.expect("an unfinished game's root is a leaf only by a win"),
        nodes: searched.nodes,
    }
}

/// What a search of a game's tree found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched<M> {
    /// The first best move; none where the root is a leaf.
    pub best: Option<M>,
    /// The nodes the search visited, the root included.
    pub nodes: u64,
}

/// Builds the complete tree of `game` as `gametree gen` writes it and
/// searches it with `algorithm` and `options`.
pub fn search_game<G: Game>(
    game: &G,
    algorithm: Algorithm,
    options: &Options,
) -> Searched<G::Move> {
    let mut text = Vec::new();
    let shape = Shape { horizon: None, graph: false };
    game::write(&mut text, game, &shape).expect("writing to memory succeeds");
    let tree = crate::tree::parse(text, Naming::Letters, Overrides::default())
        .expect("the generated tree is valid");
    let outcome =
        search::run(&tree, algorithm, options, &mut Discard).expect("a generated tree searches");
    // The root's children are the moves, in the order the game gives them.
    let children = tree.children(tree.root());
    let best = outcome.best_move.and_then(|best| children.iter().position(|&child| child == best));
    Searched { best: best.map(|index| game.moves()[index]), nodes: outcome.stats.nodes_visited }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lecture's game, X0 O4 X1 O2 X6 O3 X5 O7 X8, and each program's
    /// counts before each move.
    #[test]
    fn every_variant_plays_the_lectures_game_with_its_counts() {
        let counts = [
            (Variant::B, [94_978, 3_763, 1_924, 61, 50, 17, 10, 5, 2]),
            (Variant::C, [16_811, 1_903, 728, 61, 50, 17, 10, 5, 2]),
            (Variant::D, [2_738, 271, 106, 9, 8, 7, 6, 5, 2]),
        ];
        for (variant, counts) in counts {
            let mut position = Position::parse(".........").unwrap();
            let mut played = Vec::new();
            for expected in counts {
                let choice = choose(position, variant);
                assert_eq!(choice.nodes, expected, "{variant:?} at\n{position}");
                played.push(choice.cell);
                position = position.play(choice.cell).unwrap();
            }
            assert_eq!(played, [0, 4, 1, 2, 6, 3, 5, 7, 8], "{variant:?}");
            assert_eq!(position.result(), Some(0));
        }
    }

    #[test]
    fn under_the_forced_win_rule_a_win_at_once_is_played_without_a_search() {
        let position = Position::parse("xx.|oo.|...").unwrap();
        assert_eq!(choose(position, Variant::D), Choice { cell: 2, nodes: 1 });
        // The other variants search and find the same win.
        assert_eq!(choose(position, Variant::C).cell, 2);
    }
}
