//! The last value each node received, as a [`Witness`](super::Witness)
//! keeps it: for every node, or, for a witness that looks closely at one
//! node, only for the nodes below that node's parent. That is all such a
//! witness reads (the node's siblings and children), and on a large tree
//! a copy for every node was the largest thing `check` held.

use std::ops::Range;

use super::Valued;
use crate::tree::{NodeId, Tree};

pub(super) struct Values {
    /// The ids of the nodes kept, a range because every subtree's ids are
    /// (they are numbered in pre-order).
    kept: Range<usize>,
    values: Vec<Valued>,
}

impl Values {
    /// Room for every node of `tree`.
    pub(super) fn all(tree: &Tree) -> Values {
        Values::of(0..tree.len())
    }

    /// Room for `node` and the nodes below it.
    pub(super) fn below(tree: &Tree, node: NodeId) -> Values {
        let mut last = node;
        while let Some(&child) = tree.children(last).last() {
            last = child;
        }
        Values::of(node.index()..last.index() + 1)
    }

    fn of(kept: Range<usize>) -> Values {
        Values { values: vec![None; kept.len()], kept }
    }

    /// The last value `node` received; none where it received none, or
    /// where it is not kept.
    pub(super) fn get(&self, node: NodeId) -> Valued {
        let at = node.index().checked_sub(self.kept.start)?;
        self.values.get(at).copied().flatten()
    }

    /// `node` received `value` (none: forget its value), if it is kept.
    pub(super) fn set(&mut self, node: NodeId, value: Valued) {
        let at = node.index().checked_sub(self.kept.start);
        if let Some(slot) = at.and_then(|at| self.values.get_mut(at)) {
            *slot = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds::ValueKind;
    use crate::num::Value;
    use crate::tree::{Naming, Overrides, parse};

    #[test]
    fn below_a_node_only_its_subtree_is_kept() {
        // a: b (c d), e (f); in pre-order a b c d e f.
        let text = br#"{"children": {"a": ["b", "e"], "b": ["c", "d"], "e": ["f"]},
            "values": {"c": 1, "d": 2, "f": 3}}"#;
        let tree = parse(&text[..], Naming::Letters, Overrides::default()).unwrap();
        let mut values = Values::below(&tree, NodeId(1));
        let three = Some((Value::from(3.0), ValueKind::Exact));
        for node in tree.nodes() {
            values.set(node, three);
        }
        let kept: Vec<bool> = tree.nodes().map(|node| values.get(node).is_some()).collect();
        assert_eq!(kept, [false, true, true, true, false, false]);
        values.set(NodeId(2), None);
        assert_eq!(values.get(NodeId(2)), None);
        assert_eq!(values.get(NodeId(3)), three);
        let mut all = Values::all(&tree);
        all.set(NodeId(5), three);
        assert_eq!(all.get(NodeId(5)), three);
    }
}
