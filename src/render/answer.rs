//! `--format answer`: the five classroom lines and nothing else.
//! The text format ends with the same lines.

use std::io::{self, Write};

use super::{Num, Palette, Role};
use crate::answer::{Answer, LeafMark};
use crate::tree::Tree;

/// Writes `order`, `leaves`, `pruned`, `best move` and `value`, one per line.
pub fn write(
    out: &mut dyn Write,
    tree: &Tree,
    answer: &Answer,
    palette: Palette,
) -> io::Result<()> {
    let order: Vec<String> = answer
        .order
        .iter()
        .map(|&(node, value)| format!("{}:{}", tree.name(node), Num(value)))
        .collect();
    writeln!(out, "order: {}", order.join(" "))?;

    let leaves: Vec<&str> = answer
        .leaves
        .iter()
        .map(|mark| match *mark {
            LeafMark::Leaf(node) => tree.name(node),
            LeafMark::Cutoff => "#",
        })
        .collect();
    writeln!(out, "leaves: {}", leaves.join(" "))?;

    let pruned: Vec<&str> = answer.pruned.iter().map(|&node| tree.name(node)).collect();
    let pruned = if pruned.is_empty() { "none".to_string() } else { pruned.join(" ") };
    writeln!(out, "pruned: {}", palette.paint(Role::Pruned, &pruned))?;

    let best = answer.best_move.map_or("none", |node| tree.name(node));
    writeln!(out, "best move: {}", palette.paint(Role::Best, best))?;
    writeln!(out, "value: {}", Num(answer.value))
}
