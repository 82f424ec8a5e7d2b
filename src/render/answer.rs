//! `--format answer`: the five classroom lines and nothing else.
//! The text format ends with the same lines.

use std::io::{self, Write};

use super::{Palette, Role};
use crate::answer::{Answer, Recorder, notation};
use crate::num::Num;
use crate::search::{Event, Outcome, Sink};
use crate::tree::Tree;

/// Writes `order`, `leaves`, `pruned`, `best move` and `value`, one per line.
pub fn write(
    out: &mut dyn Write,
    tree: &Tree,
    answer: &Answer,
    palette: Palette,
) -> io::Result<()> {
    writeln!(out, "order: {}", notation::Order(tree, &answer.order))?;
    write_after_order(out, tree, answer, palette)
}

/// The lines after `order`.
fn write_after_order(
    out: &mut dyn Write,
    tree: &Tree,
    answer: &Answer,
    palette: Palette,
) -> io::Result<()> {
    writeln!(out, "leaves: {}", notation::Leaves(tree, &answer.leaves))?;
    let pruned = notation::Nodes(tree, &answer.pruned).to_string();
    writeln!(out, "pruned: {}", palette.paint(Role::Pruned, &pruned))?;
    let best = notation::node(tree, answer.best_move);
    writeln!(out, "best move: {}", palette.paint(Role::Best, best))?;
    writeln!(out, "value: {}", Num(answer.value))
}

/// The same lines written while the search runs: the `order` line item by
/// item as nodes receive their values, so that it is not kept, and the
/// rest once the search is over ([`AnswerStream::finish`]).
pub struct AnswerStream<'t, W: Write> {
    out: W,
    tree: &'t Tree,
    /// The `order` items not written yet.
    piece: String,
    /// Whether an item has been written yet.
    started: bool,
    /// The `leaves` and `pruned` lines.
    marks: Recorder,
}

impl<'t, W: Write> AnswerStream<'t, W> {
    /// Starts the `order` line.
    pub fn start(mut out: W, tree: &'t Tree) -> io::Result<Self> {
        out.write_all(b"order: ")?;
        let piece = String::with_capacity(notation::PIECE + 64);
        Ok(AnswerStream { out, tree, piece, started: false, marks: Recorder::without_order(tree) })
    }

    /// Ends the `order` line and writes the others.
    pub fn finish(mut self, outcome: &Outcome, palette: Palette) -> io::Result<()> {
        self.piece.push('\n');
        self.out.write_all(self.piece.as_bytes())?;
        let answer = self.marks.finish(outcome);
        write_after_order(&mut self.out, self.tree, &answer, palette)
    }
}

impl<'t, W: Write> Sink<'t> for AnswerStream<'t, W> {
    fn event(&mut self, event: &Event<'t>) -> io::Result<()> {
        self.marks.record_marks(event);
        let Some((node, value)) = crate::answer::order_item(event) else {
            return Ok(());
        };
        notation::push_item(&mut self.piece, !self.started, self.tree.name(node), Some(Num(value)));
        self.started = true;
        if self.piece.len() >= notation::PIECE {
            self.out.write_all(self.piece.as_bytes())?;
            self.piece.clear();
        }
        Ok(())
    }

    fn takes_steps(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{self, Algorithm, Options, Window};
    use crate::tree::{Naming, Overrides};

    /// Every example tree, and a tic-tac-toe tree whose `order` line is
    /// written in several pieces.
    fn trees() -> Vec<Tree> {
        let mut texts = crate::tree::example_files();
        let mut game = Vec::new();
        let position = crate::generate::tictactoe::Position::parse("x..|.o.|...").unwrap();
        crate::generate::tictactoe::write(&mut game, position).unwrap();
        texts.push(game);
        let parse = |text: Vec<u8>| crate::tree::parse(text, Naming::Letters, Overrides::default());
        texts.into_iter().map(|text| parse(text).unwrap()).collect()
    }

    #[test]
    fn the_stream_writes_what_the_recorder_answers() {
        let trees = trees();
        assert_eq!(trees.len(), 11, "the ten example trees and a game");
        for tree in &trees {
            for algorithm in Algorithm::ALL {
                for (strict, fail_hard) in [(false, false), (true, true)] {
                    let window = Window::FULL;
                    let options = Options { window, strict, fail_hard, depth_limit: None };
                    let mut recorder = Recorder::for_tree(tree);
                    let outcome = search::run(tree, algorithm, &options, &mut recorder).unwrap();
                    let mut expected = Vec::new();
                    write(&mut expected, tree, &recorder.finish(&outcome), Palette::default())
                        .unwrap();
                    let mut streamed = Vec::new();
                    let mut stream = AnswerStream::start(&mut streamed, tree).unwrap();
                    let outcome = search::run(tree, algorithm, &options, &mut stream);
                    stream.finish(&outcome.unwrap(), Palette::default()).unwrap();
                    assert_eq!(String::from_utf8(streamed), String::from_utf8(expected));
                }
            }
        }
    }
}
