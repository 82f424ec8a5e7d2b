//! Flat documents in pre-order, built into the final [`Tree`] as they are
//! scanned.
//!
//! When `children` lists its keys in pre-order (as `gametree gen tictactoe`
//! writes them), each key is the next node in pre-order that has children.
//! The reader keeps the listed children it has not reached yet on a stack,
//! reaches them in pre-order up to the child the key names, and takes every
//! child it passes on the way for a leaf. Nodes are thus numbered in
//! pre-order as they are met, and every listed name is a node of its own
//! under the one parent that lists it: the tree is well formed by
//! construction, without the look-ups and renumbering of the structural
//! checks. `values` must then follow, also in pre-order, so each of its keys
//! is found by looking ahead from the last one.
//!
//! What construction does not rule out is a name used for two nodes; the
//! names' hashes are compared at the end, and any two alike (a name used
//! twice, or a rare collision) leave the document to the exact reader.

use super::{Header, Resolve};
use crate::tree::names::{self, NameTable};
use crate::tree::validate::Overrides;
use crate::tree::{NodeId, Perspective, Player, Tree};

/// A tree read in pre-order, before the command line's overrides.
#[derive(Debug)]
pub struct Preordered {
    /// The tree as if MAX moved at the root and values were from MAX's
    /// point of view.
    tree: Tree,
    /// The file's `player`.
    player: Option<Player>,
    /// The file's `perspective`.
    perspective: Option<Perspective>,
}

impl Preordered {
    /// The tree with the file's and the command line's players and
    /// perspective applied, as [`validate`](crate::tree::validate()) applies them.
    pub fn finish(self, overrides: Overrides) -> Tree {
        let mut tree = self.tree;
        if overrides.root_player(self.player, None) == Player::Min {
            for player in &mut tree.players {
                *player = player.opponent();
            }
        }
        if overrides.perspective(self.perspective) == Perspective::Mover {
            for (value, player) in tree.values.iter_mut().zip(&tree.players) {
                *value *= player.sign();
            }
        }
        tree
    }
}

/// Reads `text` if it is a flat document in pre-order that the fast
/// readers take, with no `players`.
pub fn read(text: &str) -> Option<Preordered> {
    let mut builder = Builder::default();
    let header = super::scan(text, &mut builder)?;
    builder.finish(header)
}

/// The tree as far as it has been read.
#[derive(Default)]
struct Builder<'a> {
    names: NameTable,
    hashes: Vec<u64>,
    /// Who moves at each node, MAX at the root.
    players: Vec<Player>,
    /// NaN where a node has no value (yet).
    values: Vec<f64>,
    child_starts: Vec<u32>,
    child_ids: Vec<NodeId>,
    /// The names of listed children not reached yet, innermost list last.
    pending: Vec<&'a str>,
    /// The child lists that have children not reached yet, innermost last.
    lists: Vec<List>,
    /// Once `values` has begun: the first node its next key may name.
    next_valued: Option<usize>,
}

/// A child list whose children are being reached.
struct List {
    /// Where its names start in `pending`.
    start: usize,
    /// Its next name to reach, in `pending`.
    next: usize,
    /// Where its names end in `pending`.
    end: usize,
    /// Where its children's ids go in `child_ids`.
    slots: usize,
    /// Who moves at its children.
    player: Player,
}

impl<'a> Resolve<'a> for Builder<'a> {
    fn parent(&mut self, name: &'a str) -> Option<()> {
        let node = if self.names.is_empty() {
            self.add_node(name, Player::Max)
        } else {
            self.reach(Some(name))?
        };
        let start = self.pending.len();
        let player = self.players[node.index()].opponent();
        let slots = self.child_ids.len();
        self.lists.push(List { start, next: start, end: start, slots, player });
        Some(())
    }

    fn child(&mut self, name: &'a str) -> Option<()> {
        self.pending.push(name);
        self.child_ids.push(NodeId(0));
        Some(())
    }

    fn end_of_list(&mut self, _count: u32) -> Option<()> {
        self.lists.last_mut()?.end = self.pending.len();
        Some(())
    }

    fn value(&mut self, name: &'a str, value: f64) -> Option<()> {
        let from = match self.next_valued {
            Some(node) => node,
            None => self.close_children(),
        };
        let node = self.find_valued(from, name)?;
        self.values[node] = value;
        self.next_valued = Some(node + 1);
        Some(())
    }

    fn player(&mut self, _node: &'a str, _player: Player) -> Option<()> {
        None
    }
}

impl<'a> Builder<'a> {
    /// Numbers the next node, which lists its children (if any) next.
    fn add_node(&mut self, name: &'a str, player: Player) -> NodeId {
        let node = NodeId(self.names.len() as u32);
        self.names.push(name);
        self.hashes.push(names::hash_name(name));
        self.players.push(player);
        self.values.push(f64::NAN);
        self.child_starts.push(self.child_ids.len() as u32);
        node
    }

    /// Reaches the listed children in pre-order up to the one named `key`
    /// and returns it; the children passed on the way have no child list.
    /// `None` when no child still to reach is named `key`.
    fn reach(&mut self, key: Option<&str>) -> Option<NodeId> {
        while let Some(list) = self.lists.last_mut() {
            if list.next == list.end {
                self.pending.truncate(list.start);
                self.lists.pop();
                continue;
            }
            let (name, player) = (self.pending[list.next], list.player);
            let slot = list.slots + (list.next - list.start);
            list.next += 1;
            let node = self.add_node(name, player);
            self.child_ids[slot] = node;
            if key == Some(name) {
                return Some(node);
            }
        }
        None
    }

    /// Ends `children`: every child not reached yet has no child list.
    /// Returns the first node `values` may name, the root.
    fn close_children(&mut self) -> usize {
        self.reach(None);
        self.child_starts.push(self.child_ids.len() as u32);
        0
    }

    /// The first node from `from` on that is named `name`, if every node
    /// before it has children (a leaf passed over would have no value).
    fn find_valued(&self, from: usize, name: &str) -> Option<usize> {
        (from..self.names.len())
            .take_while(|&node| node == from || !self.is_leaf(node - 1))
            .find(|&node| self.names.get(node) == name)
    }

    fn is_leaf(&self, node: usize) -> bool {
        self.child_starts[node] == self.child_starts[node + 1]
    }

    /// The tree, if `values` was read and gave every leaf a value, the
    /// header's root (if any) is the first node, and no name is used twice.
    fn finish(self, header: Header) -> Option<Preordered> {
        let valued_up_to = self.next_valued?;
        let nodes = self.names.len();
        (valued_up_to..nodes).all(|node| !self.is_leaf(node)).then_some(())?;
        header.root.is_none_or(|root| root == self.names.get(0)).then_some(())?;
        let mut hashes = self.hashes;
        hashes.sort_unstable();
        hashes.windows(2).all(|pair| pair[0] != pair[1]).then_some(())?;
        let tree = Tree {
            names: self.names,
            players: self.players,
            values: self.values,
            child_starts: self.child_starts,
            child_ids: self.child_ids,
        };
        Some(Preordered { tree, player: header.player, perspective: header.perspective })
    }
}
