//! `gametree gen connect4`: connect four as the lecture draws it, a few
//! half-moves deep from a position, each position at the horizon valued
//! by a static evaluation.
//!
//! Seven columns, six rows, discs fall to the lowest free cell. Yellow
//! moves first and is MAX; the root's player is the side to move, and the
//! root is named by its colour (`yellow` or `red`). Children are the
//! columns not full, left to right, and every other node is named by the
//! columns played to reach it: `1`, `1.1`, `1.1.1`, ... A position where
//! someone has four in a row is a leaf at whatever depth, worth `inf` (yellow
//! won) or `-inf` (red won); a full board is a draw, 0. Every other node
//! carries its static value ([`evaluate`]), the leaves at the horizon for
//! the search and the inner nodes for `--depth` and iterative deepening.

use std::fmt;
use std::sync::LazyLock;

use super::game::{Game, Horizon, Setup, Value};
use crate::tree::Player;

const COLUMNS: usize = 7;
const ROWS: usize = 6;

/// What an open chain of 1, 2 or 3 discs adds to its colour's score:
/// each disc more triples it.
const WEIGHTS: [i64; 4] = [0, 1, 3, 9];

/// A cell: (row from the bottom, column from the left), both from 0.
type Cell = (usize, usize);

/// The 69 lines of four cells: 24 across, 21 up, 24 on the two diagonals.
static LINES: LazyLock<Vec<[Cell; 4]>> = LazyLock::new(|| {
    let steps: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut lines = Vec::new();
    for (up, across) in steps {
        for row in 0..ROWS as isize {
            for column in 0..COLUMNS as isize {
                let cell = |i: isize| (row + i * up, column + i * across);
                let (last_row, last_column) = cell(3);
                if (0..ROWS as isize).contains(&last_row)
                    && (0..COLUMNS as isize).contains(&last_column)
                {
                    lines.push([0, 1, 2, 3].map(|i| (cell(i).0 as usize, cell(i).1 as usize)));
                }
            }
        }
    }
    lines
});

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Disc {
    Yellow,
    Red,
}

impl Disc {
    fn letter(self) -> char {
        match self {
            Disc::Yellow => 'y',
            Disc::Red => 'r',
        }
    }

    fn colour(self) -> &'static str {
        match self {
            Disc::Yellow => "yellow",
            Disc::Red => "red",
        }
    }
}

/// A connect-four position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Row by row from the bottom.
    cells: [[Option<Disc>; COLUMNS]; ROWS],
}

impl Board {
    /// Reads a position: the columns played in order, `1` to `7` from the
    /// left, yellow first (`4453`; empty for the empty board); or the
    /// board, 6 rows of 7 cells of `y`, `r` and `.` from the top row down,
    /// optionally with `/` or `|` between rows.
    pub fn parse(text: &str) -> Result<Board, String> {
        let board = if text.chars().all(|c| c.is_ascii_digit()) {
            Board::from_moves(text)
        } else {
            Board::from_rows(text)
        };
        board.map_err(|problem| format!("position {text:?}: {problem}"))
    }

    fn from_moves(text: &str) -> Result<Board, String> {
        let mut board = Board { cells: [[None; COLUMNS]; ROWS] };
        for (number, digit) in text.chars().enumerate() {
            let column = digit.to_digit(10).unwrap_or(0) as usize;
            if !(1..=COLUMNS).contains(&column) {
                return Err(format!("there is no column {digit}; the columns are 1 to 7"));
            }
            if let Some(winner) = board.winner() {
                let number = number + 1;
                return Err(format!(
                    "move {number}: the game is over, {} has four",
                    winner.colour()
                ));
            }
            if board.height(column - 1) == ROWS {
                return Err(format!("move {}: column {column} is full", number + 1));
            }
            board = board.drop_disc(column - 1);
        }
        Ok(board)
    }

    fn from_rows(text: &str) -> Result<Board, String> {
        let rows: Vec<usize> = text.split(['/', '|']).map(|row| row.chars().count()).collect();
        if rows.len() > 1 && rows != [COLUMNS; ROWS] {
            return Err("with / or | between rows, give 6 rows of 7 cells".into());
        }
        let mut cells = Vec::with_capacity(ROWS * COLUMNS);
        for c in text.chars().filter(|&c| c != '/' && c != '|') {
            cells.push(match c.to_ascii_lowercase() {
                'y' => Some(Disc::Yellow),
                'r' => Some(Disc::Red),
                '.' => None,
                other => {
                    return Err(format!(
                        "{other:?} is not a cell; use y, r and . (or the columns played, 1 to 7)"
                    ));
                }
            });
        }
        if cells.len() != ROWS * COLUMNS {
            return Err(format!("{} cells; a board has 6 rows of 7", cells.len()));
        }
        let mut board = Board { cells: [[None; COLUMNS]; ROWS] };
        for (index, cell) in cells.into_iter().enumerate() {
            board.cells[ROWS - 1 - index / COLUMNS][index % COLUMNS] = cell;
        }
        board.check().map(|()| board).map_err(|problem| format!("impossible: {problem}"))
    }

    /// Whether the discs could have come from a game: each on the bottom
    /// or on another disc, yellow first, turns alternating, nobody moving
    /// after four in a row.
    fn check(&self) -> Result<(), String> {
        for column in 0..COLUMNS {
            if (self.height(column)..ROWS).any(|row| self.cells[row][column].is_some()) {
                return Err(format!("a disc in column {} floats above an empty cell", column + 1));
            }
        }
        let (yellow, red) = (self.count(Disc::Yellow), self.count(Disc::Red));
        if yellow != red && yellow != red + 1 {
            return Err(format!(
                "yellow moves first, so yellow has as many discs as red or one more (here {yellow} and {red})"
            ));
        }
        match (self.has_four(Disc::Yellow), self.has_four(Disc::Red)) {
            (true, true) => Err("both players have four in a row".into()),
            (true, false) if yellow == red => Err("yellow has four, but red moved after it".into()),
            (false, true) if yellow > red => Err("red has four, but yellow moved after it".into()),
            _ => Ok(()),
        }
    }

    fn count(&self, disc: Disc) -> usize {
        self.cells.iter().flatten().filter(|&&cell| cell == Some(disc)).count()
    }

    /// How many discs the column holds: the row the next one lands in.
    fn height(&self, column: usize) -> usize {
        (0..ROWS).take_while(|&row| self.cells[row][column].is_some()).count()
    }

    fn mover(&self) -> Disc {
        if self.count(Disc::Yellow) == self.count(Disc::Red) { Disc::Yellow } else { Disc::Red }
    }

    /// The board after the player to move drops a disc into `column`, which is not full.
    fn drop_disc(&self, column: usize) -> Board {
        let mut next = *self;
        next.cells[self.height(column)][column] = Some(self.mover());
        next
    }

    /// The discs on a line of four cells.
    fn line(&self, line: &[Cell; 4]) -> [Option<Disc>; 4] {
        line.map(|(row, column)| self.cells[row][column])
    }

    fn has_four(&self, disc: Disc) -> bool {
        LINES.iter().any(|line| self.line(line) == [Some(disc); 4])
    }

    fn winner(&self) -> Option<Disc> {
        [Disc::Yellow, Disc::Red].into_iter().find(|&disc| self.has_four(disc))
    }
}

/// The static evaluation, from yellow's (MAX's) point of view: a line of
/// four cells that holds discs of one colour only is an open chain of
/// that colour, as long as it has discs; each adds 1, 3 or 9 (for 1, 2 or
/// 3 discs) to its colour's score, and the value is yellow's score minus
/// red's. A finished game has its result instead: `inf`, `-inf` or 0.
pub fn evaluate(board: &Board) -> Value {
    if let Some(result) = board.outcome() {
        return result;
    }
    let score = LINES.iter().map(|line| {
        let discs = board.line(line);
        let yellow = discs.iter().filter(|&&cell| cell == Some(Disc::Yellow)).count();
        let red = discs.iter().filter(|&&cell| cell == Some(Disc::Red)).count();
        match (yellow, red) {
            (_, 0) => WEIGHTS[yellow],
            (0, _) => -WEIGHTS[red],
            _ => 0,
        }
    });
    Value::Points(score.sum())
}

impl Game for Board {
    /// A column, 0 (left) to 6.
    type Move = usize;
    const JOIN: &'static str = ".";

    fn player(&self) -> Player {
        match self.mover() {
            Disc::Yellow => Player::Max,
            Disc::Red => Player::Min,
        }
    }

    fn outcome(&self) -> Option<Value> {
        match self.winner() {
            Some(Disc::Yellow) => Some(Value::MaxWins),
            Some(Disc::Red) => Some(Value::MinWins),
            None => self.cells[ROWS - 1].iter().all(Option::is_some).then_some(Value::Points(0)),
        }
    }

    fn moves(&self) -> Vec<usize> {
        (0..COLUMNS).filter(|&column| self.height(column) < ROWS).collect()
    }

    fn play(&self, column: usize) -> Board {
        self.drop_disc(column)
    }

    /// The rows from the top, `y`, `r` and `.`, between them `|`.
    fn board(&self) -> String {
        let rows =
            self.cells.iter().rev().map(|row| {
                row.iter().map(|cell| cell.map_or('.', Disc::letter)).collect::<String>()
            });
        rows.collect::<Vec<_>>().join("|")
    }

    fn root_name(&self) -> String {
        self.mover().colour().into()
    }

    fn move_name(&self, column: usize) -> String {
        (column + 1).to_string()
    }
}

/// The board in six rows of `y`, `r` and `.`, the top row first.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.iter().rev() {
            let cells: Vec<String> =
                row.iter().map(|cell| cell.map_or('.', Disc::letter).to_string()).collect();
            writeln!(f, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

/// `gametree gen connect4`'s options.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position: the columns played in order, 1 to 7, yellow first
    /// (`4453`), or the board, 6 rows of 7 cells of y, r and . from the
    /// top, separated by / or | [default: the empty board].
    #[arg(long, value_name = "POS")]
    position: Option<String>,

    /// How many half-moves to look ahead: nodes this deep are leaves with
    /// their static value (a won position is a leaf at any depth).
    #[arg(long, value_name = "N", default_value_t = 3)]
    plies: u32,

    /// Write the game as a graph of distinct positions, each named by its board (rows from the top, `|` between them), reached by any number of move orders; `trace` and `compare` read it as a graph.
    #[arg(long)]
    graph: bool,
}

impl Setup for Args {
    type Game = Board;

    fn start(&self) -> Result<Board, String> {
        Board::parse(self.position.as_deref().unwrap_or_default())
    }

    fn horizon(&self) -> Option<Horizon<Board>> {
        Some(Horizon { plies: self.plies, evaluate })
    }

    fn graph(&self) -> bool {
        self.graph
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(position: &str) -> Value {
        evaluate(&Board::parse(position).unwrap())
    }

    #[test]
    fn the_evaluation_counts_open_chains_by_length() {
        assert_eq!(value(""), Value::Points(0));
        // A yellow disc at the bottom of the middle column lies on 7 lines
        // of four (4 across, 1 up, 2 diagonal); in the corner on 3.
        assert_eq!(value("4"), Value::Points(7));
        assert_eq!(value("1"), Value::Points(3));
        // Red on top of it blocks yellow's line up and has 9 of its own.
        assert_eq!(value("44"), Value::Points(6 - 9));
        // Three in a row for each side, on two open lines each (9 + 9),
        // with the diagonals in red's favour.
        assert_eq!(value("445566"), Value::Points(-8));
        // The lecture's example position: even.
        assert_eq!(value("1536"), Value::Points(0));
    }

    #[test]
    fn a_finished_game_is_worth_its_result() {
        assert_eq!(value("4455667"), Value::MaxWins);
        assert_eq!(value("12121232"), Value::MinWins);
        let full = "yyrryyr|rryyrry|yyrryyr|rryyrry|yyrryyr|rryyrry";
        assert_eq!(value(full), Value::Points(0));
        let board = Board::parse(full).unwrap();
        assert_eq!((board.outcome(), board.moves()), (Some(Value::Points(0)), vec![]));
    }

    #[test]
    fn both_notations_give_the_same_board() {
        let played = Board::parse("4453").unwrap();
        let drawn = Board::parse("......./......./......./......./...r.../..ryy..").unwrap();
        assert_eq!(played, drawn);
        assert_eq!(played.board(), ".......|.......|.......|.......|...r...|..ryy..");
        assert_eq!((played.player(), played.root_name()), (Player::Max, "yellow".to_string()));
        let red = Board::parse("4").unwrap();
        assert_eq!((red.player(), red.root_name()), (Player::Min, "red".to_string()));
    }

    #[test]
    fn impossible_positions_are_refused() {
        let problem = |text| Board::parse(text).unwrap_err();
        assert!(problem("8").contains("no column 8"));
        assert!(problem("0").contains("no column 0"));
        assert!(problem("4444444").contains("move 7: column 4 is full"));
        assert!(problem("44556677").contains("move 8: the game is over, yellow has four"));
        assert!(problem("y......").contains("7 cells"));
        assert!(problem("......./......./......./......./...y.../.......").contains("floats"));
        assert!(
            problem("......./......./......./......./......./yy.....")
                .contains("yellow moves first")
        );
        let both = "......./......./......./......./rrrr.../yyyy...";
        assert!(problem(both).contains("both players"));
        let late = "......./......./......./......./r....../yyyyrrr";
        assert!(problem(late).contains("red moved after it"));
        let late = "......./......./......./......./y.y..../rrrryyy";
        assert!(problem(late).contains("yellow moved after it"));
        assert!(problem("x").contains("'x' is not a cell"));
        assert!(problem("......|.......|.......|.......|.......|.......").contains("6 rows of 7"));
    }

    #[test]
    fn there_are_69_lines_of_four() {
        assert_eq!(LINES.len(), 69);
    }
}
