//! `gametree play tictactoe`: a game to its end, printed as the lecture
//! prints it: before each move `generate tree... (N nodes)`, after it the
//! board. With `--human` a person plays one side from standard input.

use std::io::{self, BufRead, Write};

use super::args::describe_io;
use super::{Failure, say};
use crate::generate::tictactoe::Position;
use crate::play::{self, Variant};

#[derive(Debug, clap::Subcommand)]
pub enum PlayCommand {
    /// Tic-tac-toe, both sides (or one) played by the lecture's programs.
    Tictactoe(TicTacToeArgs),
}

#[derive(Debug, clap::Args)]
pub struct TicTacToeArgs {
    /// The lecture's program that chooses the moves.
    #[arg(long, value_enum, default_value_t = Variant::A)]
    variant: Variant,

    /// The position to play from: 9 cells of x, o and . row by row, rows optionally separated by / or |.
    #[arg(long, value_name = "POS", default_value = ".........")]
    position: String,

    /// Play this side yourself: type a cell 0-8 (row by row, 0 top left) on standard input.
    #[arg(long, value_name = "SIDE", value_parser = ["x", "o"])]
    human: Option<String>,
}

/// Runs `gametree play`.
pub fn run(command: &PlayCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let PlayCommand::Tictactoe(args) = command;
    let mut position = Position::parse(&args.position).map_err(Failure::Usage)?;
    let mut input = io::stdin().lock();
    let human = args.human.as_deref();
    if human == Some(position.mover_letter()) && position.result().is_none() {
        // The person moves first: show where.
        writeln!(out, "{position}").map_err(Failure::Output)?;
    }
    while position.result().is_none() {
        let cell = if human == Some(position.mover_letter()) {
            out.flush().map_err(Failure::Output)?;
            human_move(&mut input, position)?
        } else {
            let choice = play::choose(position, args.variant);
            writeln!(out, "generate tree... ({} nodes)", choice.nodes).map_err(Failure::Output)?;
            choice.cell
        };
        position = position.play(cell).map_err(Failure::Usage)?;
        writeln!(out, "{position}").map_err(Failure::Output)?;
    }
    writeln!(out, "{}", verdict(&position)).map_err(Failure::Output)
}

/// The person's move: a line with an empty cell's number. A wrong line is
/// explained and asked again; the end of the input ends the game.
fn human_move(input: &mut impl BufRead, position: Position) -> Result<usize, Failure> {
    loop {
        let empty: Vec<String> = (0..9)
            .filter(|&cell| position.play(cell).is_ok())
            .map(|cell| cell.to_string())
            .collect();
        say(&format!(
            "{} to move: a cell 0-8, row by row from the top left (empty: {})",
            position.mover_letter(),
            empty.join(" ")
        ));
        let mut line = String::new();
        let read = input.read_line(&mut line).map_err(|error| {
            Failure::Usage(format!("cannot read standard input: {}", describe_io(&error)))
        })?;
        if read == 0 {
            return Err(Failure::Usage("standard input ended before the game did".into()));
        }
        let cell = line
            .trim()
            .parse::<usize>()
            .map_err(|_| format!("{:?} is not a cell; type a number from 0 to 8", line.trim()));
        match cell.and_then(|cell| position.play(cell).map(|_| cell)) {
            Ok(cell) => return Ok(cell),
            Err(problem) => say(&format!("error: {problem}")),
        }
    }
}

/// How the game ended.
fn verdict(position: &Position) -> &'static str {
    match position.result() {
        Some(1) => "x wins",
        Some(-1) => "o wins",
        _ => "draw",
    }
}
