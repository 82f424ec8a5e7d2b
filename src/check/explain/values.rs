//! The values a node's children received, as a witness that looks
//! closely at the node keeps them: the only values it reads. A value for
//! every node, kept by every witness, was the largest thing `check` held
//! on a large tree (24 bytes a node).

use super::Valued;
use crate::tree::{NodeId, Tree};

pub(super) struct Values<'t> {
    /// The nodes kept, in increasing order (a node's children are: ids
    /// follow pre-order).
    kept: &'t [NodeId],
    values: Vec<Valued>,
}

impl<'t> Values<'t> {
    /// Room for no node.
    pub(super) fn none() -> Values<'t> {
        Values { kept: &[], values: Vec::new() }
    }

    /// Room for `node`'s children.
    pub(super) fn children_of(tree: &'t Tree, node: NodeId) -> Values<'t> {
        let kept = tree.children(node);
        debug_assert!(kept.is_sorted(), "children are numbered left to right");
        Values { kept, values: vec![None; kept.len()] }
    }

    /// `node` received `value` (none: forget its value), if it is kept.
    pub(super) fn set(&mut self, node: NodeId, value: Valued) {
        if let Ok(at) = self.kept.binary_search(&node) {
            self.values[at] = value;
        }
    }

    /// The values of the nodes kept, in order.
    pub(super) fn now(&self) -> Vec<Valued> {
        self.values.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds::ValueKind;
    use crate::num::Value;
    use crate::tree::{Naming, Overrides, parse};

    #[test]
    fn only_the_childrens_values_are_kept() {
        // a: b (c d), e (f); in pre-order a b c d e f.
        let text = br#"{"children": {"a": ["b", "e"], "b": ["c", "d"], "e": ["f"]},
            "values": {"c": 1, "d": 2, "f": 3}}"#;
        let tree = parse(&text[..], Naming::Letters, Overrides::default()).unwrap();
        let mut values = Values::children_of(&tree, NodeId(0));
        let three = Some((Value::from(3.0), ValueKind::Exact));
        for node in tree.nodes() {
            values.set(node, three);
        }
        assert_eq!(values.now(), [three, three]);
        values.set(NodeId(4), None);
        assert_eq!(values.now(), [three, None]);
        let mut none = Values::none();
        none.set(NodeId(1), three);
        assert_eq!(none.now(), []);
    }
}
