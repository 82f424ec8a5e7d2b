//! One way to describe a game, and the trees `gametree gen` makes from it.
//!
//! A game is its rules: whose move it is, the moves in a fixed order, the
//! positions where the game is over (or the rules decide it) and what
//! they are worth, and a board to name a position by ([`Game`]). From
//! that alone come the complete game tree, the tree cut at a ply limit
//! with a static evaluation at the horizon ([`Horizon`]), the game graph
//! of distinct positions, and the trees `gametree play` searches. A new
//! game is one file of its rules and its command-line options
//! ([`Setup`]), registered in `cli/generate.rs`.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{self, Write};

use super::FlatWriter;
use crate::tree::Player;

/// The most nodes `gametree gen` writes for a game's tree (or for the
/// tree its graph unfolds into): tic-tac-toe's complete tree has 549,946,
/// connect four's to 7 plies 960,800.
pub const MAX_NODES: u64 = 2_000_000;

/// A value in a generated tree, from MAX's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Points(i64),
    /// A won game, worth more than any evaluation (`"inf"`).
    MaxWins,
    /// A lost game, worth less than any evaluation (`"-inf"`).
    MinWins,
}

/// A game's rules, as the generators need them.
pub trait Game: Clone {
    /// What leads from a position to one of its children.
    type Move: Copy;
    /// What goes between the moves of a path in a node's name: `""` makes
    /// `x4o0`, `"."` makes `1.1.1`.
    const JOIN: &'static str;

    /// Who moves: MAX or MIN.
    fn player(&self) -> Player;
    /// The value of a position where the game is over, or where the rules
    /// decide it without a move; `None` where the game goes on.
    fn outcome(&self) -> Option<Value>;
    /// The moves, in the order the tree lists them; at least one wherever
    /// [`Game::outcome`] is `None`.
    fn moves(&self) -> Vec<Self::Move>;
    /// The position after `mv`, one of [`Game::moves`].
    fn play(&self, mv: Self::Move) -> Self;
    /// The board as a node name, the same for the same position however
    /// it was reached: the position's name (and key) in the game graph.
    fn board(&self) -> String;
    /// The name of the root of a tree from this position.
    fn root_name(&self) -> String;
    /// A move as a step of a node's name (its path from the root).
    fn move_name(&self, mv: Self::Move) -> String;
}

/// As a tree file writes it: `3`, `"inf"`, `"-inf"`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Points(points) => write!(f, "{points}"),
            Value::MaxWins => f.write_str("\"inf\""),
            Value::MinWins => f.write_str("\"-inf\""),
        }
    }
}

/// Where a depth-limited tree stops, and how it values the positions it
/// stops at. Every node then carries its static value (inner nodes for
/// `--depth` and iterative deepening). The game must reach a position
/// after the same number of moves on every path (true of games where
/// every move adds a piece), so that the game graph cut at the horizon is
/// well defined.
pub struct Horizon<G> {
    /// The depth of the horizon: the root is at 0, its children at 1.
    pub plies: u32,
    /// The static evaluation, from MAX's point of view.
    pub evaluate: fn(&G) -> Value,
}

/// How to write a game: the tree or the graph, complete or cut.
pub struct Shape<'h, G> {
    pub horizon: Option<&'h Horizon<G>>,
    /// The game graph: each position once, named by its board.
    pub graph: bool,
}

/// What a game's `gen` command line gives.
pub trait Setup {
    type Game: Game;
    /// The starting position, or why the options do not give one.
    fn start(&self) -> Result<Self::Game, String>;
    /// The ply limit and evaluation, for a game that has them.
    fn horizon(&self) -> Option<Horizon<Self::Game>>;
    /// Whether to write the game graph.
    fn graph(&self) -> bool;
}

/// Why `gen` wrote nothing, or not all.
#[derive(Debug)]
pub enum GenError {
    /// The options do not give a tree to write.
    Usage(String),
    Output(io::Error),
}

/// Writes the game `setup` describes, after checking that it is not too
/// large, so that nothing is written when it is.
pub fn generate(setup: &impl Setup, out: &mut dyn Write) -> Result<(), GenError> {
    let game = setup.start().map_err(GenError::Usage)?;
    let horizon = setup.horizon();
    let shape = Shape { horizon: horizon.as_ref(), graph: setup.graph() };
    if let Some(problem) = too_large(&game, shape.horizon) {
        return Err(GenError::Usage(problem));
    }
    write(out, &game, &shape).map_err(GenError::Output)
}

/// What a position is in the tree.
enum Node<M> {
    /// A leaf and its value: the game is over, or the horizon is reached.
    Leaf(Value),
    /// The moves to its children, and its static value under a horizon.
    Inner(Vec<M>, Option<Value>),
}

fn node<G: Game>(position: &G, depth: u32, horizon: Option<&Horizon<G>>) -> Node<G::Move> {
    if let Some(value) = position.outcome() {
        return Node::Leaf(value);
    }
    match horizon {
        Some(horizon) if depth >= horizon.plies => Node::Leaf((horizon.evaluate)(position)),
        _ => Node::Inner(position.moves(), horizon.map(|horizon| (horizon.evaluate)(position))),
    }
}

/// Writes the tree (or graph) of `game` in the flat shape: child lists in
/// pre-order, then the values in pre-order. Tree nodes are named by their
/// path of moves (the root by [`Game::root_name`]), graph nodes by their
/// boards, each position once, the first child searched first.
pub fn write<G: Game>(out: &mut dyn Write, game: &G, shape: &Shape<G>) -> io::Result<()> {
    let name = |position: &G, path: &str| match (shape.graph, path) {
        (true, _) => position.board(),
        (false, "") => position.root_name(),
        (false, path) => path.to_string(),
    };
    let mut writer = FlatWriter::start(out, &name(game, ""), game.player())?;
    let mut seen = HashSet::from([game.board()]);
    let mut values = Vec::new();
    // Each entry: a position, its path of moves, its depth.
    let mut stack = vec![(game.clone(), String::new(), 0)];
    while let Some((position, path, depth)) = stack.pop() {
        let own = name(&position, &path);
        let (moves, value) = match node(&position, depth, shape.horizon) {
            Node::Leaf(value) => {
                values.push((own, value));
                continue;
            }
            Node::Inner(moves, value) => (moves, value),
        };
        let children: Vec<(G, String)> = moves
            .into_iter()
            .map(|mv| (position.play(mv), step(&path, G::JOIN, &position.move_name(mv))))
            .collect();
        let names: Vec<String> = children.iter().map(|(child, path)| name(child, path)).collect();
        writer.children(&own, names.iter().map(String::as_str))?;
        values.extend(value.map(|value| (own, value)));
        let fresh = children
            .into_iter()
            .rev()
            .filter(|(child, _)| !shape.graph || seen.insert(child.board()));
        stack.extend(fresh.map(|(child, path)| (child, path, depth + 1)));
    }
    for (name, value) in &values {
        writer.value(name, value)?;
    }
    let graph = if shape.graph { vec!["\"graph\": true".to_string()] } else { Vec::new() };
    writer.finish_with(&graph).map(drop)
}

/// The path to a child: its parent's path, then the move.
fn step(path: &str, join: &str, mv: &str) -> String {
    let mut child = String::with_capacity(path.len() + join.len() + mv.len());
    if !path.is_empty() {
        child.push_str(path);
        child.push_str(join);
    }
    child.push_str(mv);
    child
}

/// Why the tree is too large to write, if it is: more than
/// [`MAX_NODES`] nodes. A game graph is refused by the same measure: it
/// is searched as its tree.
pub fn too_large<G: Game>(game: &G, horizon: Option<&Horizon<G>>) -> Option<String> {
    let smaller = match horizon {
        Some(_) => "ask for fewer plies",
        None => "start from a smaller position",
    };
    (count(game, horizon) > MAX_NODES).then(|| {
        format!("the game tree has more than {MAX_NODES} nodes, the most gen writes; {smaller}")
    })
}

/// The nodes of the tree, level by level, each position once per level
/// with the number of paths that reach it; counting stops past
/// [`MAX_NODES`].
fn count<G: Game>(game: &G, horizon: Option<&Horizon<G>>) -> u64 {
    let mut level = HashMap::from([(game.board(), (game.clone(), 1u64))]);
    let mut counted = 1u64;
    for depth in 0.. {
        let mut next: HashMap<String, (G, u64)> = HashMap::new();
        for (position, paths) in level.into_values() {
            let Node::Inner(moves, _) = node(&position, depth, horizon) else { continue };
            counted = counted.saturating_add(paths.saturating_mul(moves.len() as u64));
            if counted > MAX_NODES {
                return counted;
            }
            for mv in moves {
                let child = position.play(mv);
                let entry = next.entry(child.board()).or_insert((child, 0));
                entry.1 = entry.1.saturating_add(paths);
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    counted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::tictactoe::{Position, Rules, TicTacToe};

    /// The nodes of a written tree: its child lists' entries and the root.
    fn written_nodes(game: &TicTacToe) -> u64 {
        let mut text = Vec::new();
        write(&mut text, game, &Shape { horizon: None, graph: false }).unwrap();
        let document: serde_json::Value = serde_json::from_slice(&text).unwrap();
        let lists = document["children"].as_object().unwrap().values();
        1 + lists.map(|list| list.as_array().unwrap().len() as u64).sum::<u64>()
    }

    #[test]
    fn the_count_before_writing_is_the_written_trees_size() {
        for rules in [Rules::AllMoves, Rules::ForcedWin] {
            for board in ["x...o....", "xo..x...o", "xx.|oo.|..."] {
                let game = TicTacToe { position: Position::parse(board).unwrap(), rules };
                assert_eq!(count(&game, None), written_nodes(&game), "{board} {rules:?}");
            }
        }
        let empty =
            TicTacToe { position: Position::parse(".........").unwrap(), rules: Rules::AllMoves };
        assert_eq!(count(&empty, None), 549_946);
        assert_eq!(too_large(&empty, None), None);
    }

    #[test]
    fn a_horizon_gives_every_node_its_static_value() {
        let game =
            TicTacToe { position: Position::parse("xo.|...|...").unwrap(), rules: Rules::AllMoves };
        let horizon = Horizon { plies: 1, evaluate: |_: &TicTacToe| Value::Points(7) };
        let mut text = Vec::new();
        write(&mut text, &game, &Shape { horizon: Some(&horizon), graph: false }).unwrap();
        let document: serde_json::Value = serde_json::from_slice(&text).unwrap();
        assert_eq!(document["children"]["start"].as_array().unwrap().len(), 7);
        let values = document["values"].as_object().unwrap();
        assert_eq!(values.len(), 8, "{values:?}");
        assert!(values.values().all(|value| value == 7), "{values:?}");
    }

    #[test]
    fn won_and_lost_games_are_infinite_in_the_tree_file() {
        assert_eq!(Value::Points(-3).to_string(), "-3");
        assert_eq!(Value::MaxWins.to_string(), "\"inf\"");
        assert_eq!(Value::MinWins.to_string(), "\"-inf\"");
    }
}
