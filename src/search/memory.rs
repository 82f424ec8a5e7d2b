//! What earlier passes proved about each node's value, for MTD(f) and
//! SSS*: Plaat's "alpha-beta with memory", a table keyed by node.
//!
//! A pass that returns `v` at a node proves a lower bound (it failed high),
//! an upper bound (it failed low) or the exact value; a later pass that
//! enters the node with a window those bounds already decide takes the
//! remembered value instead of searching the subtree again.

use super::{ValueKind, Window};
use crate::tree::NodeId;

/// Lower and upper bounds on every node's value, from the point of view
/// the search computes in.
pub(crate) struct Memory {
    bounds: Vec<(f64, f64)>,
}

impl Memory {
    /// Nothing known yet about any of `nodes` nodes.
    pub fn new(nodes: usize) -> Memory {
        Memory { bounds: vec![(f64::NEG_INFINITY, f64::INFINITY); nodes] }
    }

    /// The value `node` returns without a search when entered with
    /// `window`, and what it says: its exact value once known, a lower
    /// bound that reaches beta, or an upper bound that falls to alpha.
    pub fn recall(&self, node: NodeId, window: Window) -> Option<(f64, ValueKind)> {
        let (lower, upper) = self.bounds[node.index()];
        if lower == upper {
            Some((lower, ValueKind::Exact))
        } else if lower >= window.beta {
            Some((lower, ValueKind::Lower))
        } else if upper <= window.alpha {
            Some((upper, ValueKind::Upper))
        } else {
            None
        }
    }

    /// Keeps what a search of `node` returned.
    pub fn store(&mut self, node: NodeId, value: f64, kind: ValueKind) {
        let bounds = &mut self.bounds[node.index()];
        match kind {
            ValueKind::Exact => *bounds = (value, value),
            ValueKind::Lower => bounds.0 = value,
            ValueKind::Upper => bounds.1 = value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_is_recalled_only_where_it_decides_the_window() {
        let mut memory = Memory::new(2);
        let node = NodeId(1);
        let window = Window { alpha: 4.0, beta: 5.0 };
        assert_eq!(memory.recall(node, window), None);
        memory.store(node, 5.0, ValueKind::Lower);
        assert_eq!(memory.recall(node, window), Some((5.0, ValueKind::Lower)));
        assert_eq!(memory.recall(node, Window { alpha: 5.0, beta: 6.0 }), None);
        memory.store(node, 8.0, ValueKind::Upper);
        assert_eq!(
            memory.recall(node, Window { alpha: 8.0, beta: 9.0 }),
            Some((8.0, ValueKind::Upper))
        );
        assert_eq!(memory.recall(node, Window { alpha: 6.0, beta: 7.0 }), None);
        memory.store(node, 7.0, ValueKind::Exact);
        assert_eq!(memory.recall(node, Window::FULL), Some((7.0, ValueKind::Exact)));
        assert_eq!(memory.recall(NodeId(0), Window::FULL), None);
    }
}
