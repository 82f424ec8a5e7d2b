//! Finding the nodes an answer names, by name or (for a best move) by the
//! action that labels the move.

use std::cell::{Cell, OnceCell};
use std::collections::HashMap;

use super::classroom::Unread;
use crate::tree::{NameIndex, NodeId, Tree};

/// The node names of a tree, and the actions of its root's moves, to read
/// items with.
///
/// An answer lists a node's leaves in pre-order, then the node, then the
/// first leaf after them: the node after the one found last, its parent,
/// and the first leaf after the furthest node found are tried before an
/// index of every name, which is built only when they miss (on a tree of a
/// million nodes a lookup in it is a few cache misses, and it takes 10 MB).
pub struct Names<'t> {
    tree: &'t Tree,
    index: OnceCell<NameIndex<'t>>,
    /// Each node's parent (the root's is the root), where every node has a
    /// name of its own; empty in a graph's tree, whose copies share their
    /// names (the index finds the first copy), and then nothing is guessed.
    parents: Vec<NodeId>,
    /// The node found last, and the furthest in pre-order found so far.
    last: Cell<Option<(NodeId, NodeId)>>,
    /// Each name in lower case with its node (the first copy), `None`
    /// where two names differ only in case; built at the first name no
    /// node has as written.
    folded: OnceCell<HashMap<String, Option<NodeId>>>,
}

impl<'t> Names<'t> {
    pub fn of(tree: &'t Tree) -> Names<'t> {
        let named_apart = tree.positions() == tree.len();
        let parents = if named_apart { tree.parents() } else { Vec::new() };
        let last = Cell::new(None);
        Names { tree, index: OnceCell::new(), parents, last, folded: OnceCell::new() }
    }

    /// A new list begins: its first item follows no other.
    pub(super) fn start_list(&self) {
        self.last.set(None);
    }

    fn index(&self) -> &NameIndex<'t> {
        self.index.get_or_init(|| self.tree.name_index())
    }

    /// Whether a node is named `word`.
    pub fn has(&self, word: &str) -> bool {
        self.index().get(word).is_some()
    }

    pub(super) fn node(&self, word: &str) -> Result<NodeId, Unread> {
        let guessed = self.guesses().into_iter().flatten().find(|&n| self.tree.name(n) == word);
        let found = match guessed {
            Some(node) => node,
            None => (self.index().get(word).or_else(|| self.in_other_case(word)))
                .ok_or_else(|| unknown_node(word, self.tree))?,
        };
        let furthest = self.last.get().map_or(found, |(_, furthest)| furthest.max(found));
        self.last.set(Some((found, furthest)));
        Ok(found)
    }

    /// The node named `word` in another case (`B` for `b`), where no
    /// other node's name differs from it only in case: students write the
    /// letters of a tree drawn in lower case as capitals, and the other
    /// way round.
    fn in_other_case(&self, word: &str) -> Option<NodeId> {
        let folded = self.folded.get_or_init(|| {
            let mut folded: HashMap<String, Option<NodeId>> = HashMap::new();
            for node in self.tree.nodes() {
                let name = self.tree.name(node);
                let first = folded.entry(name.to_lowercase()).or_insert(Some(node));
                if first.is_some_and(|first| self.tree.name(first) != name) {
                    *first = None;
                }
            }
            folded
        });
        folded.get(&word.to_lowercase()).copied().flatten()
    }

    /// Where the next item probably is: after the node found last, at its
    /// parent, at the first leaf after the furthest node found (at first,
    /// the tree's first leaf).
    fn guesses(&self) -> [Option<NodeId>; 3] {
        if self.parents.is_empty() {
            return [None; 3];
        }
        let Some((last, furthest)) = self.last.get() else {
            return [self.first_leaf(Some(self.tree.root())), None, None];
        };
        let parent = self.parents[last.index()];
        [self.after(last), Some(parent), self.first_leaf(self.after(furthest))]
    }

    /// The node after `node` in pre-order (ids follow it).
    fn after(&self, node: NodeId) -> Option<NodeId> {
        Some(NodeId(node.0 + 1)).filter(|next| next.index() < self.tree.len())
    }

    /// The first leaf from `node` on in pre-order: its first child comes
    /// right after a node.
    fn first_leaf(&self, mut node: Option<NodeId>) -> Option<NodeId> {
        while let Some(inner) = node.filter(|&n| !self.tree.is_leaf(n)) {
            node = self.after(inner);
        }
        node
    }

    /// A root move, by its node's name (`"z"` where a node is named so) or
    /// by the action that labels it (`Left`, `bet`), quoted or not (CS188's
    /// `.solution` quotes it).
    pub(super) fn root_move(&self, word: &str) -> Result<NodeId, Unread> {
        let moves = self.tree.children(self.tree.root());
        let named = |&node: &NodeId| self.tree.name(node) == word;
        let by_name = match self.parents.is_empty() {
            true => self.index().get(word),
            false => moves.iter().copied().find(named).or_else(|| self.index().get(word)),
        };
        if let Some(node) = by_name {
            return Ok(node);
        }
        let word = word.strip_prefix('"').and_then(|w| w.strip_suffix('"')).unwrap_or(word);
        let by_action = moves.iter().copied().find(|&c| self.tree.action(c) == Some(word));
        by_action.map_or_else(|| self.node(word), Ok)
    }
}

/// `no node is named "b"`, with the name meant when only the case differs:
/// trees drawn with `A`, `B`, ... are often answered in lower case.
fn unknown_node(word: &str, tree: &Tree) -> Unread {
    let wanted: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
    let meant = tree
        .nodes()
        .map(|node| tree.name(node))
        .find(|name| name.chars().flat_map(char::to_lowercase).eq(wanted.iter().copied()))
        .map(str::to_string);
    Unread::UnknownNode { word: word.to_string(), meant }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Naming, Overrides};

    fn tree(document: &str) -> Tree {
        crate::tree::parse(document.as_bytes(), Naming::Letters, Overrides::default()).unwrap()
    }

    /// The nodes below `node` and then `node`, as minimax values them.
    fn post_order(tree: &Tree, node: NodeId, order: &mut Vec<NodeId>) {
        for &child in tree.children(node) {
            post_order(tree, child, order);
        }
        order.push(node);
    }

    #[test]
    fn an_answer_in_the_search_order_is_read_without_the_index() {
        let tree = tree(r#"[[[1, 2], [3, [4, 5]]], [6, [7, 8, 9]], [[10], 11]]"#);
        let names = Names::of(&tree);
        let mut order = Vec::new();
        post_order(&tree, tree.root(), &mut order);
        names.start_list();
        for &node in &order {
            assert_eq!(names.node(tree.name(node)).unwrap(), node);
        }
        names.start_list();
        for node in tree.nodes().filter(|&node| tree.is_leaf(node)) {
            assert_eq!(names.node(tree.name(node)).unwrap(), node);
        }
        let second = tree.children(tree.root())[1];
        assert_eq!(names.root_move(tree.name(second)).unwrap(), second);
        assert!(names.index.get().is_none(), "the index was built");
        // A name no guess finds is looked up.
        names.start_list();
        let [first, .., last] = order[..] else { unreachable!() };
        assert_eq!(names.node(tree.name(first)).unwrap(), first);
        assert_eq!(names.node(tree.name(last)).unwrap(), last);
        assert!(names.index.get().is_some());
    }

    #[test]
    fn a_name_in_another_case_is_its_node_where_no_two_names_differ_only_in_case() {
        let tree =
            tree(r#"{"children": {"r": ["ab", "AB", "c"]}, "values": {"ab": 1, "AB": 2, "c": 3}}"#);
        let names = Names::of(&tree);
        let node = |name: &str| tree.name_index().get(name).unwrap();
        assert_eq!(names.node("C").unwrap(), node("c"));
        assert_eq!(names.node("AB").unwrap(), node("AB"));
        assert_eq!(names.node("ab").unwrap(), node("ab"));
        let meant = Some("ab".to_string());
        assert_eq!(names.node("Ab"), Err(Unread::UnknownNode { word: "Ab".into(), meant }));
    }

    #[test]
    fn a_graphs_shared_node_is_its_first_copy_wherever_it_is_named() {
        let graph = tree(
            r#"{"graph": true, "root": "a",
                "children": {"a": ["b", "c"], "b": ["d", "e"], "c": ["e", "f"]},
                "values": {"d": 1, "e": 2, "f": 3}}"#,
        );
        let names = Names::of(&graph);
        let copies: Vec<NodeId> = graph.nodes().filter(|&n| graph.name(n) == "e").collect();
        assert_eq!(copies.len(), 2);
        // The second copy comes right after c.
        assert_eq!(names.node("c").unwrap().0 + 1, copies[1].0);
        assert_eq!(names.node("e").unwrap(), copies[0]);
        assert_eq!(names.root_move("c").unwrap(), graph.children(graph.root())[1]);
    }
}
