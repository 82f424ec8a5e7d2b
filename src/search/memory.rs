//! What the search proved about nodes it met before: for MTD(f) and SSS*,
//! Plaat's "alpha-beta with memory", a table keyed by node; with
//! `--transpositions`, a transposition table keyed by position, the node
//! of the game graph every copy of a shared node stands for.
//!
//! A search that returns `v` at a node proves a lower bound (it failed
//! high), an upper bound (it failed low) or the exact value, to the depth
//! it looked. A later visit that needs no deeper a search, and whose window
//! those bounds already decide, takes the remembered value instead of
//! searching the subtree again.

use crate::bounds::{ValueKind, Window};
use crate::tree::{NodeId, Tree};

/// Lower and upper bounds on node values, from the point of view the
/// search computes in.
pub(crate) struct Memory {
    bounds: Vec<Bounds>,
    /// Whether entries belong to positions rather than tree nodes.
    by_position: bool,
}

#[derive(Clone, Copy)]
struct Bounds {
    lower: f64,
    upper: f64,
    /// How many levels below the node the search that proved them looked
    /// (`u32::MAX`: to the leaves).
    depth: u32,
}

const NOTHING: Bounds = Bounds { lower: f64::NEG_INFINITY, upper: f64::INFINITY, depth: 0 };

impl Memory {
    /// Nothing known yet about any node of `tree`, or with `by_position`
    /// about any of its positions.
    pub fn new(tree: &Tree, by_position: bool) -> Memory {
        let entries = if by_position { tree.positions() } else { tree.len() };
        Memory { bounds: vec![NOTHING; entries], by_position }
    }

    fn key(&self, tree: &Tree, node: NodeId) -> usize {
        slot(tree, node, self.by_position)
    }

    /// Whether entries belong to positions rather than tree nodes.
    pub fn by_position(&self) -> bool {
        self.by_position
    }

    /// The value `node` returns without a search when entered with
    /// `window` and `depth` levels left to search, and what it says: its
    /// exact value once known, a lower bound that reaches beta, or an upper
    /// bound that falls to alpha, proved by a search at least as deep.
    pub fn recall(
        &self,
        tree: &Tree,
        node: NodeId,
        window: Window,
        depth: u32,
    ) -> Option<(f64, ValueKind)> {
        let Bounds { lower, upper, depth: proved } = self.bounds[self.key(tree, node)];
        if proved < depth {
            None
        } else if lower == upper {
            Some((lower, ValueKind::Exact))
        } else if lower >= window.beta {
            Some((lower, ValueKind::Lower))
        } else if upper <= window.alpha {
            Some((upper, ValueKind::Upper))
        } else {
            None
        }
    }

    /// Keeps what a search of `node` with `depth` levels left returned;
    /// bounds from a search of another depth are forgotten.
    pub fn store(&mut self, tree: &Tree, node: NodeId, value: f64, kind: ValueKind, depth: u32) {
        let key = self.key(tree, node);
        let bounds = &mut self.bounds[key];
        if bounds.depth != depth {
            *bounds = Bounds { depth, ..NOTHING };
        }
        match kind {
            ValueKind::Exact => (bounds.lower, bounds.upper) = (value, value),
            ValueKind::Lower => bounds.lower = value,
            ValueKind::Upper => bounds.upper = value,
        }
    }
}

/// Where what is learnt of `node` is kept: with `by_position`, at the
/// position its copies share; else at the node itself.
pub(crate) fn slot(tree: &Tree, node: NodeId, by_position: bool) -> usize {
    if by_position { tree.position(node) as usize } else { node.index() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Naming, Overrides};

    #[test]
    fn a_bound_is_recalled_only_where_it_decides_the_window() {
        let tree =
            crate::tree::parse(&b"[1, 2]"[..], Naming::Letters, Overrides::default()).unwrap();
        let mut memory = Memory::new(&tree, false);
        let node = NodeId(1);
        let window = Window { alpha: 4.0, beta: 5.0 };
        assert_eq!(memory.recall(&tree, node, window, 0), None);
        memory.store(&tree, node, 5.0, ValueKind::Lower, 0);
        assert_eq!(memory.recall(&tree, node, window, 0), Some((5.0, ValueKind::Lower)));
        assert_eq!(memory.recall(&tree, node, Window { alpha: 5.0, beta: 6.0 }, 0), None);
        memory.store(&tree, node, 8.0, ValueKind::Upper, 0);
        let above = Window { alpha: 8.0, beta: 9.0 };
        assert_eq!(memory.recall(&tree, node, above, 0), Some((8.0, ValueKind::Upper)));
        assert_eq!(memory.recall(&tree, node, Window { alpha: 6.0, beta: 7.0 }, 0), None);
        memory.store(&tree, node, 7.0, ValueKind::Exact, 0);
        assert_eq!(memory.recall(&tree, node, Window::FULL, 0), Some((7.0, ValueKind::Exact)));
        assert_eq!(memory.recall(&tree, NodeId(0), Window::FULL, 0), None);
    }

    #[test]
    fn only_a_search_as_deep_decides_and_another_depth_starts_afresh() {
        let tree =
            crate::tree::parse(&b"[1, 2]"[..], Naming::Letters, Overrides::default()).unwrap();
        let mut memory = Memory::new(&tree, false);
        let node = NodeId(2);
        memory.store(&tree, node, 3.0, ValueKind::Exact, 2);
        assert_eq!(memory.recall(&tree, node, Window::FULL, 3), None);
        assert_eq!(memory.recall(&tree, node, Window::FULL, 1), Some((3.0, ValueKind::Exact)));
        memory.store(&tree, node, 4.0, ValueKind::Lower, 1);
        assert_eq!(memory.recall(&tree, node, Window::FULL, 1), None);
        assert_eq!(
            memory.recall(&tree, node, Window { alpha: 0.0, beta: 4.0 }, 1),
            Some((4.0, ValueKind::Lower))
        );
    }

    #[test]
    fn the_copies_of_a_position_share_an_entry_only_in_a_table_by_position() {
        let graph = br#"{"graph": true, "children": {"a": ["b", "c"], "b": ["d"], "c": ["d"]},
            "values": {"d": 1}}"#;
        let graph = crate::tree::parse(&graph[..], Naming::Letters, Overrides::default()).unwrap();
        let copies: Vec<NodeId> = graph.nodes().filter(|&n| graph.name(n) == "d").collect();
        assert_eq!(copies.len(), 2);
        for by_position in [false, true] {
            let mut memory = Memory::new(&graph, by_position);
            assert_eq!(memory.by_position(), by_position);
            memory.store(&graph, copies[0], 1.0, ValueKind::Exact, 0);
            let recalled = memory.recall(&graph, copies[1], Window::FULL, 0);
            assert_eq!(recalled.is_some(), by_position);
        }
    }
}
