//! `gametree gen`: trees to trace, made up (`random`) or real (the games
//! of [`game`]), written as tree files.

pub mod connect4;
pub mod game;
pub mod nim;
pub mod random;
pub mod tictactoe;

use std::fmt;
use std::io::{self, Write};

use crate::tree::Player;

/// SplitMix64 (Steele, Lea and Flood, 2014), the generator behind `gen
/// random`. Its algorithm is fixed here, so a seed gives the same tree on
/// every platform and in every later version of gametree.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole number from `low` to `high` inclusive: `low + next % span`.
    pub fn between(&mut self, low: i64, high: i64) -> i64 {
        let span = (high - low) as u64 + 1;
        low + (self.next_u64() % span) as i64
    }

    /// A number in [0, 1): the top 53 bits of the next draw, scaled.
    pub fn fraction(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Writes a tree in the flat shape, one child list per line:
/// `{"root": ..., "player": ..., "children": {...}, "values": {...}}`.
pub struct FlatWriter<W: Write> {
    out: W,
    first_child_list: bool,
    first_value: bool,
}

impl<W: Write> FlatWriter<W> {
    /// Writes the head of the document.
    pub fn start(mut out: W, root: &str, player: Player) -> io::Result<Self> {
        let player = serde_json::to_string(&player).expect("a player serialises");
        write!(out, "{{\"root\": {}, \"player\": {player},\n \"children\": {{", quoted(root))?;
        Ok(FlatWriter { out, first_child_list: true, first_value: true })
    }

    /// One inner node's children; all of them come before any value.
    pub fn children<'a>(
        &mut self,
        parent: &str,
        children: impl IntoIterator<Item = &'a str>,
    ) -> io::Result<()> {
        let separator = if self.first_child_list { "\n  " } else { ",\n  " };
        self.first_child_list = false;
        let list: Vec<String> = children.into_iter().map(quoted).collect();
        write!(self.out, "{separator}{}: [{}]", quoted(parent), list.join(", "))
    }

    /// One node's value (a leaf's, or an inner node's static value), as
    /// a number or JSON text such as `"inf"`.
    pub fn value(&mut self, node: &str, value: impl fmt::Display) -> io::Result<()> {
        let separator = if self.first_value { "},\n \"values\": {\n  " } else { ",\n  " };
        self.first_value = false;
        write!(self.out, "{separator}{}: {value}", quoted(node))
    }

    /// Closes the document.
    pub fn finish(self) -> io::Result<W> {
        self.finish_with(&[])
    }

    /// Closes the document after `more` members, each `"key": value` text.
    pub fn finish_with(mut self, more: &[String]) -> io::Result<W> {
        if self.first_value {
            write!(self.out, "}},\n \"values\": {{")?;
        }
        write!(self.out, "}}")?;
        for member in more {
            write!(self.out, ",\n {member}")?;
        }
        writeln!(self.out, "}}")?;
        Ok(self.out)
    }
}

/// A name as a JSON string (generated names need no escaping, but any name is safe).
fn quoted(name: &str) -> String {
    serde_json::to_string(name).expect("a string serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_published_sequence() {
        // The first outputs for seed 0, as the reference implementation gives them.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn between_stays_in_range() {
        let mut rng = SplitMix64::new(7);
        assert!((0..1000).map(|_| rng.between(-2, 3)).all(|v| (-2..=3).contains(&v)));
    }
}
