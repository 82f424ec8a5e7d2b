//! Finding a node by its name: an index of node ids, four bytes a name,
//! which reads the names from the tree instead of keeping them again.

use std::hash::BuildHasher;

use hashbrown::DefaultHashBuilder;
use hashbrown::hash_table::{Entry, HashTable};

use super::{NodeId, Tree};

/// Every node of a tree by name; the copies of a graph's node share its
/// name, which finds the first copy (in pre-order).
pub struct NameIndex<'t> {
    tree: &'t Tree,
    ids: HashTable<NodeId>,
    hasher: DefaultHashBuilder,
}

impl<'t> NameIndex<'t> {
    /// The index of `tree`'s names.
    pub(super) fn of(tree: &'t Tree) -> NameIndex<'t> {
        let hasher = DefaultHashBuilder::default();
        let mut ids = HashTable::with_capacity(tree.positions());
        let rehash = |&node: &NodeId| hasher.hash_one(tree.name(node));
        for node in tree.nodes() {
            let name = tree.name(node);
            let same = |&other: &NodeId| tree.name(other) == name;
            if let Entry::Vacant(entry) = ids.entry(hasher.hash_one(name), same, rehash) {
                entry.insert(node);
            }
        }
        NameIndex { tree, ids, hasher }
    }

    /// The node named `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<NodeId> {
        let same = |&node: &NodeId| self.tree.name(node) == name;
        self.ids.find(self.hasher.hash_one(name), same).copied()
    }
}
