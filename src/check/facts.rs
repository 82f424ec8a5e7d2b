//! What grading needs of a search besides its answer lines: what each
//! value said (exact, or a bound) in the order the nodes received them, and
//! the last value each node received.
//!
//! Kept apart from the [`Witness`](super::explain::Witness), which keeps
//! what explanations need (windows, entries, cutoffs: about 200 bytes a
//! node): a right answer is graded with the facts alone, in 25 bytes a
//! node, and the witness follows a second search only where a key is
//! wrong.

use std::convert::Infallible;

use crate::answer;
use crate::bounds::ValueKind;
use crate::num::Value;
use crate::search::{Algorithm, Event, Flow, Sink};
use crate::tree::{NodeId, Tree};

/// The values a search gave; a [`Sink`] that takes no steps.
pub struct Facts<'t> {
    tree: &'t Tree,
    algorithm: Algorithm,
    /// The last value each node received (in the algorithm's point of
    /// view), and what it says.
    value: Vec<Option<(Value, ValueKind)>>,
    /// What each value received says, in the order received.
    kinds: Vec<ValueKind>,
}

impl<'t> Facts<'t> {
    /// The facts of `algorithm` searching `tree`, before the search.
    pub fn new(tree: &'t Tree, algorithm: Algorithm) -> Facts<'t> {
        Facts { tree, algorithm, value: vec![None; tree.len()], kinds: Vec::new() }
    }

    /// `node` receives `value`, which says `kind`.
    pub fn receive(&mut self, node: NodeId, value: Value, kind: ValueKind) {
        self.value[node.index()] = Some((value, kind));
        self.kinds.push(kind);
    }

    /// What each value the search gave says (exact, or a bound), in the
    /// order the nodes received them: the `order` line's.
    pub fn received_kinds(&self) -> &[ValueKind] {
        &self.kinds
    }

    /// The value `node` received last, and what it says; none if the
    /// search did not reach it.
    pub fn received(&self, node: NodeId) -> Option<(Value, ValueKind)> {
        self.value[node.index()]
    }

    /// The value `node` received, if the search reached it.
    pub fn value_of(&self, node: NodeId) -> Option<Value> {
        self.received(node).map(|(value, _)| value)
    }

    /// Whether `child` is a move from the root whose exact value, seen by
    /// the root, is the root's own: as good as the best move.
    pub fn is_best_child(&self, child: NodeId) -> bool {
        let root = self.tree.root();
        let (Some(best), Some((value, ValueKind::Exact))) =
            (self.value_of(root), self.received(child))
        else {
            return false;
        };
        let seen =
            self.algorithm.view().seen_by(value, self.tree.player(child), self.tree.player(root));
        self.tree.children(root).contains(&child) && seen == best
    }
}

impl Sink for Facts<'_> {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        if let Some((node, value, kind)) = answer::received(event) {
            self.receive(node, value, kind);
        }
        Ok(Flow::Continue)
    }

    fn takes_steps(&self) -> bool {
        false
    }
}
