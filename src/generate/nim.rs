//! `gametree gen nim`: the complete game tree of Nim, the game of taking
//! sticks from heaps.
//!
//! The heaps are `a`, `b`, `c`, ... in the order given. A move takes one
//! or more sticks from one heap; moves go heap by heap, fewest sticks
//! first, and are named by heap and number, `b3` taking 3 from heap b.
//! Nodes are named by their moves (`start`, `a1`, `a1.b2`, ...), or in
//! the game graph by the heaps left and who moves (`1|0|2/min`). MAX moves first. When
//! every heap is empty the game is over: under normal play the player who
//! took the last stick won (the leaf is worth +1 for MAX, -1 for MIN);
//! with `--last-take loses` (misère play) that player lost.

use super::game::{Game, Horizon, Setup, Value};
use crate::tree::Player;

/// At most this many heaps, named `a` to `z`.
const MAX_HEAPS: usize = 26;
/// At most this many sticks in a heap (a heap of 21 alone already has
/// more than 2,000,000 nodes in its tree; its graph is smaller).
const MAX_STICKS: u32 = 100;

/// What taking the last stick does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LastTake {
    /// Normal play: who takes the last stick wins.
    #[default]
    Wins,
    /// Misère play: who takes the last stick loses.
    Loses,
}

/// A Nim position: the heaps, who moves, and the rule for the last stick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    heaps: Vec<u32>,
    mover: Player,
    last_take: LastTake,
}

impl Nim {
    /// The position with these heaps, MAX to move.
    pub fn new(heaps: &[u32], last_take: LastTake) -> Result<Nim, String> {
        if heaps.len() > MAX_HEAPS {
            return Err(format!("{} heaps; Nim here has at most {MAX_HEAPS}", heaps.len()));
        }
        if let Some(heap) = heaps.iter().find(|&&heap| heap > MAX_STICKS) {
            return Err(format!("a heap of {heap}; a heap holds at most {MAX_STICKS} sticks"));
        }
        Ok(Nim { heaps: heaps.to_vec(), mover: Player::Max, last_take })
    }
}

/// A move: which heap, how many sticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    heap: usize,
    sticks: u32,
}

impl Game for Nim {
    type Move = Take;
    const JOIN: &'static str = ".";

    fn player(&self) -> Player {
        self.mover
    }

    /// With every heap empty, the player who took the last stick (not the
    /// player to move) won, or under misère play lost.
    fn outcome(&self) -> Option<Value> {
        if self.heaps.iter().any(|&heap| heap > 0) {
            return None;
        }
        let took_last = self.mover.opponent();
        let winner = match self.last_take {
            LastTake::Wins => took_last,
            LastTake::Loses => self.mover,
        };
        Some(Value::Points(if winner == Player::Max { 1 } else { -1 }))
    }

    fn moves(&self) -> Vec<Take> {
        let heaps = self.heaps.iter().enumerate();
        heaps
            .flat_map(|(heap, &size)| (1..=size).map(move |sticks| Take { heap, sticks }))
            .collect()
    }

    fn play(&self, take: Take) -> Nim {
        let mut next = self.clone();
        next.heaps[take.heap] -= take.sticks;
        next.mover = self.mover.opponent();
        next
    }

    /// The heaps left and who moves, `1|0|2/min`: the same heaps with the
    /// other player to move are another position.
    fn board(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(u32::to_string).collect();
        let mover = if self.mover == Player::Max { "max" } else { "min" };
        format!("{}/{mover}", heaps.join("|"))
    }

    fn root_name(&self) -> String {
        "start".into()
    }

    fn move_name(&self, take: Take) -> String {
        format!("{}{}", char::from(b'a' + take.heap as u8), take.sticks)
    }
}

/// `gametree gen nim`'s options.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The heaps: how many sticks each holds (heaps a, b, c, ... in this order).
    #[arg(value_name = "HEAP", required = true)]
    heaps: Vec<u32>,

    /// Whether the player who takes the last stick wins (normal play) or loses (misère play).
    #[arg(long, value_enum, value_name = "RULE", default_value_t = LastTake::Wins)]
    last_take: LastTake,

    /// Write the game as a graph of distinct positions, each named by the heaps left and who moves (`1|0|2/min`); `trace` and `compare` read it as a graph.
    #[arg(long)]
    graph: bool,
}

impl Setup for Args {
    type Game = Nim;

    fn start(&self) -> Result<Nim, String> {
        Nim::new(&self.heaps, self.last_take)
    }

    fn horizon(&self) -> Option<Horizon<Nim>> {
        None
    }

    fn graph(&self) -> bool {
        self.graph
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_go_heap_by_heap_fewest_sticks_first() {
        let nim = Nim::new(&[2, 0, 1], LastTake::Wins).unwrap();
        let names: Vec<String> = nim.moves().into_iter().map(|take| nim.move_name(take)).collect();
        assert_eq!(names, ["a1", "a2", "c1"]);
        let after = nim.play(Take { heap: 0, sticks: 2 });
        assert_eq!((after.board(), after.player()), ("0|0|1/min".to_string(), Player::Min));
    }

    #[test]
    fn the_last_stick_decides_the_game() {
        // MAX took the last stick: MIN is to move at the empty heaps.
        let over = Nim::new(&[1], LastTake::Wins).unwrap().play(Take { heap: 0, sticks: 1 });
        assert_eq!(over.outcome(), Some(Value::Points(1)));
        let misere = Nim { last_take: LastTake::Loses, ..over };
        assert_eq!(misere.outcome(), Some(Value::Points(-1)));
        assert_eq!(Nim::new(&[0, 1], LastTake::Wins).unwrap().outcome(), None);
    }

    #[test]
    fn too_many_heaps_or_sticks_are_refused() {
        assert!(Nim::new(&[1; 27], LastTake::Wins).unwrap_err().contains("at most 26"));
        assert!(Nim::new(&[3, 101], LastTake::Wins).unwrap_err().contains("at most 100 sticks"));
    }
}
