//! `--format answer`: the five classroom lines and nothing else.
//! The text format ends with the same lines.

use std::io::{self, Write};

use super::{Palette, Role};
use crate::answer::{Answer, LeafMark, Recorder, notation};
use crate::lang::{Lang, Words};
use crate::num::Num;
use crate::search::{Event, Outcome, Sink};
use crate::tree::{NodeId, Tree};

/// How the classroom lines are written: in which language (`--lang`), and
/// whether the order line lists the inner nodes alone (`--order inner`).
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub words: &'static Words,
    pub inner_only: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style { words: Lang::En.words(), inner_only: false }
    }
}

impl Style {
    /// The key of the order line.
    fn order_key(self) -> &'static str {
        if self.inner_only { self.words.inner_order } else { self.words.keys[0] }
    }
}

/// Writes `order`, `leaves`, `pruned`, `best move` and `value`, one per line.
pub fn write(
    out: &mut dyn Write,
    tree: &Tree,
    answer: &Answer,
    palette: Palette,
    style: Style,
) -> io::Result<()> {
    let mut evaluated = vec![false; tree.len()];
    for mark in &answer.leaves {
        if let LeafMark::Leaf(node) = mark {
            evaluated[node.index()] = true;
        }
    }
    let order: Vec<(NodeId, f64)> = match style.inner_only {
        true => answer.order.iter().copied().filter(|(node, _)| !evaluated[node.index()]).collect(),
        false => answer.order.clone(),
    };
    match order.is_empty() {
        // Only the inner order can be empty: a tree that is one leaf.
        true => writeln!(out, "{}: {}", style.order_key(), style.words.nothing)?,
        false => writeln!(out, "{}: {}", style.order_key(), notation::Order(tree, &order))?,
    }
    write_after_order(out, tree, answer, palette, style.words)
}

/// The lines after `order`.
fn write_after_order(
    out: &mut dyn Write,
    tree: &Tree,
    answer: &Answer,
    palette: Palette,
    words: &Words,
) -> io::Result<()> {
    let [_, leaves, pruned_key, best_key, value] = words.keys;
    writeln!(out, "{leaves}: {}", notation::Leaves(tree, &answer.leaves))?;
    let pruned = match answer.pruned.is_empty() {
        true => words.nothing.to_string(),
        false => notation::Nodes(tree, &answer.pruned).to_string(),
    };
    writeln!(out, "{pruned_key}: {}", palette.paint(Role::Pruned, &pruned))?;
    let best = answer.best_move.map_or(words.nothing, |node| tree.name(node));
    writeln!(out, "{best_key}: {}", palette.paint(Role::Best, best))?;
    writeln!(out, "{value}: {}", Num(answer.value))
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
    style: Style,
}

impl<'t, W: Write> AnswerStream<'t, W> {
    /// Starts the `order` line.
    pub fn start(mut out: W, tree: &'t Tree, style: Style) -> io::Result<Self> {
        write!(out, "{}: ", style.order_key())?;
        let piece = String::with_capacity(notation::PIECE + 64);
        let marks = Recorder::without_order(tree);
        Ok(AnswerStream { out, tree, piece, started: false, marks, style })
    }

    /// Ends the `order` line and writes the others.
    pub fn finish(mut self, outcome: &Outcome, palette: Palette) -> io::Result<()> {
        if !self.started {
            self.piece.push_str(self.style.words.nothing);
        }
        self.piece.push('\n');
        self.out.write_all(self.piece.as_bytes())?;
        let answer = self.marks.finish(outcome);
        write_after_order(&mut self.out, self.tree, &answer, palette, self.style.words)
    }
}

impl<'t, W: Write> Sink<'t> for AnswerStream<'t, W> {
    fn event(&mut self, event: &Event<'t>) -> io::Result<()> {
        self.marks.record_marks(event);
        let Some((node, value)) = crate::answer::order_item(event) else {
            return Ok(());
        };
        if self.style.inner_only && matches!(event, Event::Leaf { .. }) {
            return Ok(());
        }
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
    use crate::search::{self, Algorithm, Options, Returns, Window};
    use crate::tree::{Naming, Overrides};

    /// Every example tree, and a tic-tac-toe tree whose `order` line is
    /// written in several pieces.
    fn trees() -> Vec<Tree> {
        let mut texts = crate::tree::example_files();
        let mut game = Vec::new();
        let position = crate::generate::tictactoe::Position::parse("x..|.o.|...").unwrap();
        crate::generate::tictactoe::write(&mut game, position, Default::default()).unwrap();
        texts.push(game);
        let parse = |text: Vec<u8>| crate::tree::parse(text, Naming::Letters, Overrides::default());
        texts.into_iter().map(|text| parse(text).unwrap()).collect()
    }

    #[test]
    fn the_stream_writes_what_the_recorder_answers() {
        let trees = trees();
        assert!(trees.len() > 10, "the example trees and a game: {}", trees.len());
        for tree in &trees {
            for algorithm in Algorithm::ALL {
                let settings = [
                    (false, Returns::FailSoft, Lang::En, false),
                    (true, Returns::FailHard, Lang::De, true),
                    (false, Returns::StartAtBound, Lang::En, true),
                ];
                for (strict, returns, lang, inner_only) in settings {
                    let window = Window::FULL;
                    let options = Options { window, strict, returns, ..Options::default() };
                    let mut recorder = Recorder::for_tree(tree);
                    let outcome = search::run(tree, algorithm, &options, &mut recorder).unwrap();
                    let mut expected = Vec::new();
                    let style = Style { words: lang.words(), inner_only };
                    let answer = recorder.finish(&outcome);
                    write(&mut expected, tree, &answer, Palette::default(), style).unwrap();
                    let mut streamed = Vec::new();
                    let mut stream = AnswerStream::start(&mut streamed, tree, style).unwrap();
                    let outcome = search::run(tree, algorithm, &options, &mut stream);
                    stream.finish(&outcome.unwrap(), Palette::default()).unwrap();
                    assert_eq!(String::from_utf8(streamed), String::from_utf8(expected));
                }
            }
        }
    }
}
