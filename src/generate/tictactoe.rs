//! `gametree gen tictactoe`: the complete game tree of tic-tac-toe from a
//! position, for the lecture that counts the nodes minimax and alpha-beta
//! visit.
//!
//! X moves first and is MAX. A position where someone has three in a row,
//! or the board is full, is a leaf worth +1 (X won), -1 (O won) or 0 (draw).
//! Children are the moves in increasing cell order (cell 0 top left, cell 8
//! bottom right). The root is named `start`; every other node by the moves
//! that lead to it, mover and cell: `x4`, `x4o0`, `x4o0x8`, ... From the
//! empty board the tree has 549,946 nodes.
//!
//! With the [`Rules::ForcedWin`] of the lecture's fourth program the tree is
//! smaller: a player who can win at once has won, and a player whose
//! opponent threatens to win at once only blocks.

use std::fmt;
use std::io::{self, Write};

use super::game::{self, Game, Shape, Value};
use crate::tree::Player;

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// A board: nine cells, row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    cells: [Option<Mark>; 9],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Mark {
    X,
    O,
}

impl Mark {
    fn letter(self) -> char {
        match self {
            Mark::X => 'x',
            Mark::O => 'o',
        }
    }

    fn opponent(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// A win for this player, from X's (MAX's) point of view.
    fn win(self) -> i64 {
        match self {
            Mark::X => 1,
            Mark::O => -1,
        }
    }
}

/// Which moves the tree holds at a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// Every legal move.
    #[default]
    AllMoves,
    /// The lecture's fourth program (variant D): a player who can complete
    /// a line has won, so the position is a leaf worth that win; a player
    /// whose opponent could complete one next only blocks it (the lowest
    /// such cell, as the lecture's program finds it).
    ForcedWin,
}

impl Position {
    /// Reads `x..|.o.|...`: nine cells of `x`, `o` and `.` in row-major
    /// order, optionally with `/` or `|` between rows. Impossible positions
    /// are refused, and so are separators anywhere but between rows, which
    /// would leave the board ambiguous.
    pub fn parse(text: &str) -> Result<Position, String> {
        let rows: Vec<usize> = text.split(['/', '|']).map(|row| row.chars().count()).collect();
        if rows.len() > 1 && rows != [3, 3, 3] {
            return Err(format!(
                "position {text:?}: with / or | between rows, give 3 rows of 3 cells"
            ));
        }
        let mut cells = Vec::with_capacity(9);
        for c in text.chars().filter(|&c| c != '/' && c != '|') {
            cells.push(match c.to_ascii_lowercase() {
                'x' => Some(Mark::X),
                'o' => Some(Mark::O),
                '.' => None,
                other => {
                    return Err(format!(
                        "position {text:?}: {other:?} is not a cell; use x, o and . (rows may be separated by / or |)"
                    ));
                }
            });
        }
        let cells: [Option<Mark>; 9] = cells.try_into().map_err(|cells: Vec<_>| {
            format!("position {text:?} has {} cells; a board has 9", cells.len())
        })?;
        let position = Position { cells };
        position
            .check()
            .map_err(|problem| format!("position {text:?} is impossible: {problem}"))?;
        Ok(position)
    }

    fn count(&self, mark: Mark) -> usize {
        self.cells.iter().filter(|&&cell| cell == Some(mark)).count()
    }

    fn has_line(&self, mark: Mark) -> bool {
        LINES.iter().any(|line| line.iter().all(|&cell| self.cells[cell] == Some(mark)))
    }

    /// Whether the marks could have come from a game: X first, turns
    /// alternating, nobody moving after a win.
    fn check(&self) -> Result<(), String> {
        let (x, o) = (self.count(Mark::X), self.count(Mark::O));
        if x != o && x != o + 1 {
            return Err(format!(
                "X moves first, so X has as many marks as O or one more (here {x} and {o})"
            ));
        }
        match (self.has_line(Mark::X), self.has_line(Mark::O)) {
            (true, true) => Err("both players have three in a row".into()),
            (true, false) if x == o => Err("X has three in a row, but O moved after it".into()),
            (false, true) if x > o => Err("O has three in a row, but X moved after it".into()),
            _ => Ok(()),
        }
    }

    /// The empty cells where `mark` would complete a line, lowest first.
    fn winning_cells(&self, mark: Mark) -> impl Iterator<Item = usize> + '_ {
        self.empty_cells().filter(move |&cell| self.with(cell, mark).has_line(mark))
    }

    fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(|&cell| self.cells[cell].is_none())
    }

    fn with(&self, cell: usize, mark: Mark) -> Position {
        let mut next = *self;
        next.cells[cell] = Some(mark);
        next
    }

    /// The position after the player to move marks `cell`, if it is empty
    /// and the game is not over.
    pub fn play(&self, cell: usize) -> Result<Position, String> {
        if self.result().is_some() {
            return Err("the game is over".into());
        }
        match self.cells.get(cell) {
            Some(None) => Ok(self.with(cell, self.mover())),
            Some(Some(_)) => Err(format!("cell {cell} is taken")),
            None => Err(format!("there is no cell {cell}; the cells are 0 to 8")),
        }
    }

    /// The first cell where the player to move completes a line.
    pub fn winning_move(&self) -> Option<usize> {
        self.winning_cells(self.mover()).next()
    }

    /// Who moves next, `x` or `o`.
    pub fn mover_letter(&self) -> &'static str {
        match self.mover() {
            Mark::X => "x",
            Mark::O => "o",
        }
    }

    /// Who moves next.
    fn mover(&self) -> Mark {
        if self.count(Mark::X) == self.count(Mark::O) { Mark::X } else { Mark::O }
    }

    /// The value of a finished game, from X's (MAX's) point of view.
    pub fn result(&self) -> Option<i64> {
        if self.has_line(Mark::X) {
            Some(1)
        } else if self.has_line(Mark::O) {
            Some(-1)
        } else if self.cells.iter().all(Option::is_some) {
            Some(0)
        } else {
            None
        }
    }

    /// MAX (X) or MIN (O): who is to move.
    pub fn root_player(&self) -> Player {
        match self.mover() {
            Mark::X => Player::Max,
            Mark::O => Player::Min,
        }
    }
}

impl Position {
    /// The board as a node name: `x..|.o.|...`.
    fn board(&self) -> String {
        let rows = self
            .cells
            .chunks(3)
            .map(|row| row.iter().map(|c| c.map_or('.', Mark::letter)).collect::<String>());
        rows.collect::<Vec<_>>().join("|")
    }
}

/// The board in three rows of `x`, `o` and `.`, cells separated by spaces.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(3) {
            let cells: Vec<char> = row.iter().map(|cell| cell.map_or('.', Mark::letter)).collect();
            writeln!(f, "{} {} {}", cells[0], cells[1], cells[2])?;
        }
        Ok(())
    }
}

/// Writes the complete game tree from `position` under `rules` in the flat shape.
pub fn write(out: &mut dyn Write, position: Position, rules: Rules) -> io::Result<()> {
    game::write(out, &TicTacToe { position, rules }, &Shape { horizon: None, graph: false })
}

/// Tic-tac-toe under `rules` from a position, as a [`Game`]. The root is
/// named `start`, every other node by the moves that lead to it (`x4o0`);
/// in the game graph a position is named by its board (`x..|.o.|...`):
/// from the empty board 5,478 positions instead of 549,946 nodes.
#[derive(Clone, Copy, Debug)]
pub struct TicTacToe {
    pub position: Position,
    pub rules: Rules,
}

impl Game for TicTacToe {
    /// A cell, 0 (top left) to 8 (bottom right).
    type Move = usize;
    const JOIN: &'static str = "";

    fn player(&self) -> Player {
        self.position.root_player()
    }

    /// A finished game; under the forced-win rule also a position where
    /// the player to move can complete a line, worth that win.
    fn outcome(&self) -> Option<Value> {
        let forced = || match self.rules {
            Rules::ForcedWin => self.position.winning_move().map(|_| self.position.mover().win()),
            Rules::AllMoves => None,
        };
        self.position.result().or_else(forced).map(Value::Points)
    }

    /// The empty cells; under the forced-win rule, facing a threat, only
    /// the lowest cell that blocks it.
    fn moves(&self) -> Vec<usize> {
        let position = &self.position;
        let block = || position.winning_cells(position.mover().opponent()).next();
        match self.rules {
            Rules::ForcedWin => {
                block().map_or_else(|| position.empty_cells().collect(), |cell| vec![cell])
            }
            Rules::AllMoves => position.empty_cells().collect(),
        }
    }

    fn play(&self, cell: usize) -> TicTacToe {
        let position = self.position.with(cell, self.position.mover());
        TicTacToe { position, ..*self }
    }

    fn board(&self) -> String {
        self.position.board()
    }

    fn root_name(&self) -> String {
        "start".into()
    }

    fn move_name(&self, cell: usize) -> String {
        [self.position.mover().letter(), char::from(b'0' + cell as u8)].iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_with_or_without_row_separators() {
        let a = Position::parse("x..|.o.|...").unwrap();
        let b = Position::parse("X...O....").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.root_player(), Player::Max);
    }

    #[test]
    fn impossible_positions_are_refused() {
        let problem = |text| Position::parse(text).unwrap_err();
        assert!(problem("xx.......").contains("X moves first"));
        assert!(problem("xxxooo...").contains("both players"));
        assert!(problem("xxxoo.o..").contains("O moved after it"));
        assert!(problem("oooxx.x.x").contains("X moved after it"));
        assert!(problem("x..").contains("has 3 cells"));
        assert!(problem("..|...|....").contains("3 rows of 3 cells"));
        assert!(problem("x..|.o....").contains("3 rows of 3 cells"));
        assert!(problem("x..|.o.|...|").contains("3 rows of 3 cells"));
        assert!(problem("x.......a").contains("'a' is not a cell"));
    }

    #[test]
    fn a_finished_game_is_a_single_leaf() {
        let mut text = Vec::new();
        write(&mut text, Position::parse("xxx|oo.|...").unwrap(), Rules::AllMoves).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("\"values\": {\n  \"start\": 1}"), "{text}");
    }
}
