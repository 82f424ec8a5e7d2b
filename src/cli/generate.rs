//! `gametree gen`: write a random exercise tree or a real game tree.

use std::io::Write;

use super::Failure;
use crate::generate::game::{self, GenError, Horizon, Setup};
use crate::generate::random::{self, ChanceSpec, Spec};
use crate::generate::tictactoe::{Position, Rules, TicTacToe};
use crate::generate::{connect4, nim};
use crate::tree::Player;

#[derive(Debug, clap::Subcommand)]
pub enum GenCommand {
    /// A random exercise tree; the same seed always gives the same tree.
    Random(RandomArgs),
    /// The complete game tree of tic-tac-toe from a position (flat shape).
    Tictactoe(TicTacToeArgs),
    /// Connect four from a position, a few half-moves deep, with static values (flat shape).
    Connect4(connect4::Args),
    /// The complete game tree of Nim from heaps of sticks (flat shape).
    Nim(nim::Args),
}

#[derive(Debug, clap::Args)]
pub struct RandomArgs {
    #[command(flatten)]
    pub spec: SpecArgs,

    /// The seed; the same seed gives the same tree.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    /// The shape to write [default: nested up to 1000 nodes, flat beyond,
    /// and flat with chance nodes].
    #[arg(long, value_enum)]
    shape: Option<Shape>,

    /// The chance (0 to 1) that an inner node below the root is a chance
    /// node, for expectimax exercises (written in the flat shape).
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse_chance)]
    chance: f64,

    /// The chance nodes' children's probabilities: all equally likely, or
    /// random tenths (hundredths for more than ten children).
    #[arg(long, value_enum, default_value_t = Probabilities::Equal)]
    probabilities: Probabilities,

    /// Who moves at the root (written into the flat shape; nested arrays have no player).
    #[arg(long, value_enum, default_value_t = Player::Max)]
    player: Player,
}

/// What a random tree looks like (`gen random` and `sheet`).
#[derive(Debug, clap::Args)]
pub struct SpecArgs {
    /// Depth of the leaves (the root is depth 0).
    #[arg(long, value_name = "D", default_value_t = 3)]
    depth: u32,

    /// Children per inner node: a number B, or a range MIN-MAX.
    #[arg(long, value_name = "B|MIN-MAX", default_value = "2-3", value_parser = parse_branching)]
    branching: (u32, u32),

    /// Leaf values: whole numbers from LO to HI.
    #[arg(long, value_name = "LO..HI", default_value = "0..20", allow_hyphen_values = true, value_parser = parse_values)]
    values: (i64, i64),

    /// The chance (0 to 1) that a node above the full depth is a leaf.
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse_chance)]
    leaf_chance: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Probabilities {
    /// Every child of a chance node equally likely.
    Equal,
    /// Random probabilities in tenths (or hundredths).
    Random,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Shape {
    /// Nested arrays: `[[3,12,8],[2,4,6]]`.
    Nested,
    /// The flat shape: child lists and values by name.
    Flat,
}

#[derive(Debug, clap::Args)]
pub struct TicTacToeArgs {
    /// The position: 9 cells of x, o and . row by row, rows optionally separated by / or |.
    #[arg(long, value_name = "POS", default_value = ".........")]
    position: String,

    /// The rules of the lecture's fourth program (`play tictactoe --variant d`):
    /// a player who can win at once has won (the position is a leaf), and a
    /// player whose opponent threatens to win at once only blocks.
    #[arg(long)]
    forced_win: bool,

    /// Write the game as a graph of distinct positions, each named by its board (`x..|.o.|...`), reached by any number of move orders; `trace` and `compare` read it as a graph.
    #[arg(long)]
    graph: bool,
}

/// Runs `gametree gen`.
pub fn run(command: &GenCommand, out: &mut dyn Write) -> Result<(), Failure> {
    match command {
        GenCommand::Random(args) => random(args, out),
        GenCommand::Tictactoe(args) => write_game(args, out),
        GenCommand::Connect4(args) => write_game(args, out),
        GenCommand::Nim(args) => write_game(args, out),
    }
}

/// Writes the tree (or graph) of the game `setup` describes.
fn write_game(setup: &impl Setup, out: &mut dyn Write) -> Result<(), Failure> {
    game::generate(setup, out).map_err(|error| match error {
        GenError::Usage(problem) => Failure::Usage(problem),
        GenError::Output(error) => Failure::Output(error),
    })
}

impl Setup for TicTacToeArgs {
    type Game = TicTacToe;

    fn start(&self) -> Result<TicTacToe, String> {
        let rules = if self.forced_win { Rules::ForcedWin } else { Rules::AllMoves };
        Ok(TicTacToe { position: Position::parse(&self.position)?, rules })
    }

    fn horizon(&self) -> Option<Horizon<TicTacToe>> {
        None
    }

    fn graph(&self) -> bool {
        self.graph
    }
}

impl SpecArgs {
    /// The tree these options and `seed` describe, if it is not too large.
    pub fn spec(&self, seed: u64) -> Result<Spec, Failure> {
        let spec = Spec {
            depth: self.depth,
            branching: self.branching,
            values: self.values,
            seed,
            leaf_chance: self.leaf_chance,
        };
        if random::worst_case_nodes(&spec) > random::MAX_NODES {
            return Err(Failure::Usage(format!(
                "--depth {} with up to {} children could make more than {} nodes, the most gen random makes",
                spec.depth,
                spec.branching.1,
                random::MAX_NODES
            )));
        }
        Ok(spec)
    }
}

fn random(args: &RandomArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let spec = args.spec.spec(args.seed)?;
    if args.shape == Some(Shape::Nested) && args.player == Player::Min {
        return Err(Failure::Usage(
            "nested arrays have no player; use --shape flat with --player min".into(),
        ));
    }
    let chance = ChanceSpec {
        chance: args.chance,
        random_probabilities: args.probabilities == Probabilities::Random,
    };
    let tree = random::generate(&spec).with_chance(args.seed, chance);
    if args.shape == Some(Shape::Nested) && tree.has_chance_nodes() {
        return Err(Failure::Usage(
            "nested arrays have no chance nodes; use --shape flat with --chance".into(),
        ));
    }
    let nested = match args.shape {
        Some(shape) => shape == Shape::Nested,
        None => {
            tree.len() <= random::NESTED_UP_TO
                && args.player == Player::Max
                && !tree.has_chance_nodes()
        }
    };
    let written = if nested { tree.write_nested(out) } else { tree.write_flat(out, args.player) };
    written.map_err(Failure::Output)
}

/// `3` or `2-4`: at least one child, MIN at most MAX.
fn parse_branching(text: &str) -> Result<(u32, u32), String> {
    let number = |part: &str| {
        part.trim().parse::<u32>().map_err(|_| format!("expected B or MIN-MAX, got {text:?}"))
    };
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (number(low)?, number(high)?),
        None => (number(text)?, number(text)?),
    };
    if low == 0 || low > high {
        return Err(format!("{text:?}: need 1 <= MIN <= MAX"));
    }
    Ok((low, high))
}

/// `0..20` or `-5..5`: LO at most HI, both within 2^53.
fn parse_values(text: &str) -> Result<(i64, i64), String> {
    let (low, high) =
        text.split_once("..").ok_or_else(|| format!("expected LO..HI, got {text:?}"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<i64>()
            .map_err(|_| format!("expected LO..HI with whole numbers, got {text:?}"))
    };
    let (low, high) = (number(low)?, number(high)?);
    let limit = 1i64 << 53;
    if low > high || low < -limit || high > limit {
        return Err(format!("{text:?}: need LO <= HI, both within 2^53"));
    }
    Ok((low, high))
}

/// A probability from 0 to 1.
fn parse_chance(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("expected a chance from 0 to 1, got {text:?}"))
}
