//! What grading needs of a search besides its answer lines: what each
//! value said (exact, or a bound), in the order the nodes received them.
//!
//! Kept apart from the [`Witness`](super::explain::Witness), which keeps
//! what explanations need (whether each node was valued, and its cutoff:
//! 5 bytes a node): a right answer is graded with the facts alone, in a
//! byte a value, and the witness follows a second search only where a key
//! is wrong.

use std::convert::Infallible;

use crate::answer::{self, OrderLine};
use crate::bounds::ValueKind;
use crate::search::{Algorithm, Event, Flow, Sink};
use crate::tree::{NodeId, Tree};

/// What the values a search gave say; a [`Sink`] that takes no steps.
pub struct Facts<'t> {
    tree: &'t Tree,
    algorithm: Algorithm,
    /// What each value received says, in the order received.
    kinds: Vec<ValueKind>,
}

impl<'t> Facts<'t> {
    /// The facts of `algorithm` searching `tree`, before the search.
    pub fn new(tree: &'t Tree, algorithm: Algorithm) -> Facts<'t> {
        Facts { tree, algorithm, kinds: Vec::new() }
    }

    /// A node receives a value, which says `kind`.
    pub fn receive(&mut self, kind: ValueKind) {
        self.kinds.push(kind);
    }

    /// What each value the search gave says (exact, or a bound), in the
    /// order the nodes received them: the `order` line's.
    pub fn received_kinds(&self) -> &[ValueKind] {
        &self.kinds
    }

    /// Whether `child` is a move from the root whose exact value, seen by
    /// the root, is the root's own: as good as the best move. `order` is
    /// the search's order line, whose last value for a node is its own.
    pub fn is_best_child(&self, order: &OrderLine, child: NodeId) -> bool {
        let root = self.tree.root();
        if !self.tree.children(root).contains(&child) {
            return false;
        }
        let (mut best, mut valued) = (None, None);
        for ((node, value), &kind) in order.iter().zip(&self.kinds) {
            if node == root {
                best = Some(value);
            } else if node == child {
                valued = Some((value, kind));
            }
        }
        let (Some(best), Some((value, ValueKind::Exact))) = (best, valued) else {
            return false;
        };
        let seen =
            self.algorithm.view().seen_by(value, self.tree.player(child), self.tree.player(root));
        seen == best
    }
}

impl Sink for Facts<'_> {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        if let Some((_, _, kind)) = answer::received(event) {
            self.receive(kind);
        }
        Ok(Flow::Continue)
    }

    fn takes_steps(&self) -> bool {
        false
    }
}
