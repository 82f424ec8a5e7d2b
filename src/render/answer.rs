//! `--format answer`: the five classroom lines and nothing else.
//! The text format ends with the same lines.

use std::io::{self, Write};

use super::{Num, Palette, Role};
use crate::answer::{Answer, notation};
use crate::tree::Tree;

/// Writes `order`, `leaves`, `pruned`, `best move` and `value`, one per line.
pub fn write(
    out: &mut dyn Write,
    tree: &Tree,
    answer: &Answer,
    palette: Palette,
) -> io::Result<()> {
    writeln!(out, "order: {}", notation::Order(tree, &answer.order))?;
    writeln!(out, "leaves: {}", notation::Leaves(tree, &answer.leaves))?;
    let pruned = notation::Nodes(tree, &answer.pruned).to_string();
    writeln!(out, "pruned: {}", palette.paint(Role::Pruned, &pruned))?;
    let best = notation::node(tree, answer.best_move);
    writeln!(out, "best move: {}", palette.paint(Role::Best, best))?;
    writeln!(out, "value: {}", Num(answer.value))
}
