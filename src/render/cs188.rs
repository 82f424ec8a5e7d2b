//! `--format cs188`: the two lines Berkeley CS188's `.solution` files hold
//! for a game-tree test, so that a course can `diff` gametree's answer
//! with its own:
//!
//! ```text
//! action: "ACTION"
//! generated: "STATE STATE ..."
//! ```
//!
//! `action` is the best root move's action (its node's name where the
//! file names no action), `generated` the root and every node the search
//! entered, in byte order, as CS188's autograder lists the states its
//! agent generated.

use std::convert::Infallible;
use std::io::{self, Write};

use crate::search::{Event, Flow, Outcome, Sink};
use crate::tree::{NodeId, Tree};

/// Keeps the nodes a search enters.
#[derive(Default)]
pub struct Generated(Vec<NodeId>);

impl Sink for Generated {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        if let Event::Enter { node, .. } = *event {
            self.0.push(node);
        }
        Ok(Flow::Continue)
    }
}

/// Writes the `action` and `generated` lines.
pub fn write(
    out: &mut dyn Write,
    tree: &Tree,
    outcome: &Outcome,
    generated: &Generated,
) -> io::Result<()> {
    let action =
        outcome.best_move.map_or("None", |node| tree.action(node).unwrap_or(tree.name(node)));
    let mut names: Vec<&str> = generated.0.iter().map(|&node| tree.name(node)).collect();
    names.sort_unstable();
    writeln!(out, "action: \"{action}\"")?;
    writeln!(out, "generated: \"{}\"", names.join(" "))
}
