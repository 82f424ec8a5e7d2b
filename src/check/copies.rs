//! Which copy of a game graph's shared position an answer's item means,
//! for the explanations.
//!
//! A game graph is searched as its tree, where a position that two move
//! orders reach is two nodes: copies with one name. An answer names
//! positions, and the grade compares lines by name
//! ([`Answer::by_first_copies`](crate::answer::Answer::by_first_copies)).
//! An explanation is about one copy. Where the answer says what the
//! search's line says, that is the search's copy. Elsewhere it is read
//! from where the answer is in the tree, as a student walks it: the copy
//! above the one the item before meant (an `order` line goes up to each
//! parent), else the first one after that one's subtree, else the first.

use std::borrow::Cow;
use std::collections::HashMap;
use std::iter;

use super::classroom::OrderItems;
use crate::answer::LeafMark;
use crate::tree::{NodeId, Tree};

/// An answer's `order` items copy by copy, read against the search's
/// `line` of copies; the items themselves in a tree without copies.
pub(super) fn order<'i>(
    tree: &Tree,
    items: &'i OrderItems,
    line: impl Iterator<Item = NodeId>,
) -> Cow<'i, OrderItems> {
    if !has_copies(tree) {
        return Cow::Borrowed(items);
    }
    let mut copies = Copies::of(tree, true);
    let items = items.iter().zip(padded(line));
    Cow::Owned(items.map(|((node, claim), at)| (copies.meant(node, at), claim)).collect())
}

/// An answer's `leaves` line copy by copy, read against the search's
/// `line` of copies.
pub(super) fn leaves<'m>(
    tree: &Tree,
    marks: &'m [LeafMark],
    line: &[LeafMark],
) -> Cow<'m, [LeafMark]> {
    if !has_copies(tree) {
        return Cow::Borrowed(marks);
    }
    let mut copies = Copies::of(tree, false);
    let marks = marks.iter().zip(padded(line.iter())).map(|(&mark, at)| match (mark, at) {
        (LeafMark::Leaf(node), Some(&LeafMark::Leaf(copy))) => {
            LeafMark::Leaf(copies.meant(node, Some(copy)))
        }
        (LeafMark::Leaf(node), _) => LeafMark::Leaf(copies.meant(node, None)),
        (LeafMark::Cutoff, _) => LeafMark::Cutoff,
    });
    marks.collect()
}

/// An answer's `pruned` line copy by copy, read against the search's
/// `line` of copies.
pub(super) fn pruned<'m>(tree: &Tree, nodes: &'m [NodeId], line: &[NodeId]) -> Cow<'m, [NodeId]> {
    if !has_copies(tree) {
        return Cow::Borrowed(nodes);
    }
    let mut copies = Copies::of(tree, false);
    let nodes = nodes.iter().zip(padded(line.iter().copied()));
    nodes.map(|(&node, at)| copies.meant(node, at)).collect()
}

/// Whether `tree` is a game graph's, with copies of shared nodes.
pub(super) fn has_copies(tree: &Tree) -> bool {
    tree.positions() != tree.len()
}

/// Whether `node` is one of several copies of a game graph's position.
pub(super) fn is_shared(tree: &Tree, node: NodeId) -> bool {
    let position = tree.position(node);
    has_copies(tree) && tree.nodes().filter(|&n| tree.position(n) == position).nth(1).is_some()
}

/// A line's items, then none for ever: past its end.
fn padded<T>(line: impl Iterator<Item = T>) -> impl Iterator<Item = Option<T>> {
    line.map(Some).chain(iter::repeat_with(|| None))
}

/// The copies of a game graph's tree, to read an answer's line by.
struct Copies<'t> {
    tree: &'t Tree,
    /// Each node's last descendant (itself for a leaf): ids follow
    /// pre-order, so its subtree is the ids from it to that one.
    last: Vec<NodeId>,
    /// Each position's copies, in pre-order.
    of_position: HashMap<u32, Vec<NodeId>>,
    /// Whether the line lists nodes after their children (`order`), not
    /// before (`leaves`, `pruned`).
    post_order: bool,
    /// The copy the item before meant.
    previous: Option<NodeId>,
}

impl<'t> Copies<'t> {
    fn of(tree: &'t Tree, post_order: bool) -> Copies<'t> {
        let mut of_position: HashMap<u32, Vec<NodeId>> = HashMap::new();
        for node in tree.nodes() {
            of_position.entry(tree.position(node)).or_default().push(node);
        }
        let mut last: Vec<NodeId> = tree.nodes().collect();
        for node in tree.nodes().rev() {
            if let Some(&child) = tree.children(node).last() {
                last[node.index()] = last[child.index()];
            }
        }
        Copies { tree, last, of_position, post_order, previous: None }
    }

    /// The copy the answer's next item, naming `node` (its position's
    /// first copy, as names find it), means where the search's line has
    /// `searched` (none for a `#` or past the line's end).
    fn meant(&mut self, node: NodeId, searched: Option<NodeId>) -> NodeId {
        let position = self.tree.position(node);
        let searched = searched.filter(|&copy| self.tree.position(copy) == position);
        let copy = searched.or_else(|| self.next_on_walk(position)).unwrap_or(node);
        self.previous = Some(copy);
        copy
    }

    /// The copy of `position` the answer's walk of the tree reaches next,
    /// from the copy the item before meant: after it in pre-order; in an
    /// `order` line, above it or after its subtree.
    fn next_on_walk(&self, position: u32) -> Option<NodeId> {
        let previous = self.previous?;
        let copies = &self.of_position[&position];
        let after = |node: NodeId| copies.get(copies.partition_point(|&c| c <= node)).copied();
        if !self.post_order {
            return after(previous);
        }
        // No position is its own ancestor: only its last copy before
        // `previous` can be above it.
        let before = copies[..copies.partition_point(|&c| c < previous)].last().copied();
        let above = before.filter(|&copy| self.last[copy.index()] >= previous);
        above.or_else(|| after(self.last[previous.index()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Naming, Overrides};

    #[test]
    fn an_item_means_the_searchs_copy_else_the_one_where_the_answer_is() {
        // a b d g h e h i c e h i f i j, in pre-order.
        let graph = crate::tree::parse(
            std::fs::read("trees/transpositions.json").unwrap().as_slice(),
            Naming::Letters,
            Overrides::default(),
        )
        .unwrap();
        let copies = |name: &str| -> Vec<NodeId> {
            graph.nodes().filter(|&n| graph.name(n) == name).collect()
        };
        let [h1, h2, h3]: [NodeId; 3] = copies("h").try_into().unwrap();
        let [i1, i2, i3]: [NodeId; 3] = copies("i").try_into().unwrap();
        let [b]: [NodeId; 1] = copies("b").try_into().unwrap();
        let [e1, e2]: [NodeId; 2] = copies("e").try_into().unwrap();
        // An `order` line.
        let mut meant = Copies::of(&graph, true);
        assert_eq!(meant.meant(h1, Some(h3)), h3, "the search's copy");
        assert_eq!(meant.meant(e1, None), e2, "the copy above the one before");
        assert_eq!(meant.meant(i1, Some(h1)), i3, "none above: the first after its subtree");
        assert_eq!(meant.meant(h1, None), h1, "none after either: the first copy");
        assert_eq!(meant.meant(h1, None), h2, "the same name again: the next copy");
        assert_eq!(meant.meant(i1, None), i1);
        assert_eq!(meant.meant(b, None), b, "a node that is not shared is itself");
        // A `pruned` line: the next copy may be in the subtree.
        let mut meant = Copies::of(&graph, false);
        assert_eq!(meant.meant(e1, Some(e2)), e2);
        assert_eq!(meant.meant(i1, None), i2);
        assert_eq!(meant.meant(e1, None), e1, "none after: the first copy");
    }
}
