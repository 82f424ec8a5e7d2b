//! `--format answer`: the five classroom lines and nothing else.
//! The text format ends with the same lines, and a sheet's answer key is
//! them with the bounds marked.

use std::borrow::Cow;
use std::fmt::Display;
use std::io::{self, Write};

use crate::answer::{Answer, OrderLine, notation};
use crate::bounds::ValueKind;
use crate::lang::{Lang, Words};
use crate::terminal::{Palette, Role};
use crate::tree::{NodeId, Tree};

/// How the classroom lines are written: in which language (`--lang`), and
/// whether the order line lists the inner nodes alone (`--order-line inner`).
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
    let order = match style.inner_only {
        true => Cow::Owned(inner_order(tree, answer)),
        false => Cow::Borrowed(&answer.order),
    };
    match order.is_empty() {
        // Only the inner order can be empty: a tree that is one leaf.
        true => writeln!(out, "{}: {}", style.order_key(), style.words.nothing)?,
        false => writeln!(out, "{}: {}", style.order_key(), notation::Order(tree, &order))?,
    }
    write_after_order(out, tree, answer, palette, style.words)
}

/// The order line's items without the leaves (`--order-line inner`). In a
/// game graph, a node is left out where any of its copies is a leaf, as
/// its name is to a reader.
fn inner_order(tree: &Tree, answer: &Answer) -> OrderLine {
    let evaluated = answer.evaluated(tree);
    let inner = |node: NodeId| !evaluated[tree.position(node) as usize];
    answer.order.iter().filter(|&(node, _)| inner(node)).collect()
}

/// Writes the lines after `order`.
fn write_after_order(
    out: &mut dyn Write,
    tree: &Tree,
    answer: &Answer,
    palette: Palette,
    words: &'static Words,
) -> io::Result<()> {
    for (key, items) in after_order(tree, answer, palette, words) {
        writeln!(out, "{key}: {items}")?;
    }
    Ok(())
}

/// The lines after `order` (`leaves`, `pruned`, `best move`, `value`),
/// each as its key and its items, which a long line writes as it goes.
fn after_order<'a>(
    tree: &'a Tree,
    answer: &'a Answer,
    palette: Palette,
    words: &'static Words,
) -> [(&'static str, Box<dyn Display + 'a>); 4] {
    let [_, leaves, pruned_key, best_key, value] = words.keys;
    let pruned = match answer.pruned.is_empty() {
        true => words.nothing.to_string(),
        false => notation::Nodes(tree, &answer.pruned).to_string(),
    };
    let best = answer.best_move.map_or(words.nothing, |node| tree.name(node));
    [
        (leaves, Box::new(notation::Leaves(tree, &answer.leaves))),
        (pruned_key, Box::new(palette.paint(Role::Pruned, &pruned))),
        (best_key, Box::new(palette.paint(Role::Best, best))),
        (value, Box::new(answer.value)),
    ]
}

/// The five lines as an answer key in `words`, each as its key and its
/// items, with every value in the order line that is only a bound marked
/// as the pictures mark it (`f:≥16`); `kinds` holds the kind of each of
/// its values ([`OrderKinds`](crate::answer::OrderKinds)). `check` takes
/// the key as it is.
pub fn key(
    tree: &Tree,
    answer: &Answer,
    kinds: &[ValueKind],
    words: &'static Words,
) -> [(&'static str, String); 5] {
    let [leaves, pruned, best, value] = after_order(tree, answer, Palette::default(), words)
        .map(|(key, items)| (key, items.to_string()));
    let order = notation::MarkedOrder(tree, &answer.order, kinds).to_string();
    [(words.keys[0], order), leaves, pruned, best, value]
}
