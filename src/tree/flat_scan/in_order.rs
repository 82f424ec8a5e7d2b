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
//! A listed child's name waits in a small table of its own (the lists on
//! the stack are short) until the child is reached and numbered, then goes
//! into the tree's table of names, in the order of the nodes; the keys are
//! compared with those copies.
//!
//! What construction does not rule out is a name used for two nodes. The
//! names' hashes are compared at the end; any two alike (a name used twice,
//! or a rare collision) leave the document to the exact reader.
//!
//! The scan runs beside this building, on another thread
//! ([`scan_beside`](super::scan_beside)).

use std::io::Read;

use super::{Header, Piece, Resolve, Token};
use crate::pipeline;
use crate::tree::names::{self, NameTable};
use crate::tree::validate::Overrides;
use crate::tree::{NodeId, Perspective, Player, Tree};

/// Reads the document in `source`, of about `size` bytes, `piece` bytes at
/// a time, if it is a flat document in pre-order that the fast readers
/// take, with no `players`; applies the file's and the command line's
/// players and perspective, as [`validate`](crate::tree::validate()) does.
pub fn read(
    source: impl Read + Send,
    piece: usize,
    size: u64,
    overrides: Overrides,
) -> Option<Tree> {
    let nodes = super::likely_nodes(size);
    let builder = Builder {
        // The tic-tac-toe tree's names are 35% of its file.
        names: NameTable::with_capacity(nodes, usize::try_from(size / 2).unwrap_or(0)),
        hashes: Hashes::with_capacity(nodes),
        ..Builder::default()
    };
    let (header, builder) = super::scan_beside(source, piece, builder)?;
    builder.finish(header, overrides)
}

/// The tree as far as it has been read.
#[derive(Default)]
struct Builder {
    /// The names of the nodes so far.
    names: NameTable,
    /// The hashes of the names so far.
    hashes: Hashes,
    /// Who moves at each node, MAX at the root.
    players: Vec<Player>,
    /// NaN where a node has no value (yet).
    values: Vec<f64>,
    child_starts: Vec<u32>,
    child_ids: Vec<NodeId>,
    /// The names of listed children not reached yet, innermost list last
    /// (the root's first).
    pending: NameTable,
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

impl Resolve for Builder {
    fn resolve(&mut self, piece: &Piece) -> Option<()> {
        piece.tokens.iter().try_for_each(|&token| match token {
            Token::Parent(name) => self.parent(piece.name(name)),
            Token::Child(name) => {
                self.pending.push_quotable(piece.name(name));
                self.child_ids.push(NodeId(0));
                Some(())
            }
            Token::EndOfList(_) => {
                self.lists.last_mut()?.end = self.pending.len();
                Some(())
            }
            Token::Value(name, value) => self.value(piece.name(name), value),
            Token::Player(..) => None,
        })
    }
}

impl Builder {
    /// A key of `children`: the root, or the child it names is reached.
    fn parent(&mut self, name: &str) -> Option<()> {
        let node = if self.names.is_empty() {
            // The root, numbered as a reached child is.
            self.pending.push_quotable(name);
            self.add_node(0, Player::Max)
        } else {
            self.reach(Some(name))?
        };
        let start = self.pending.len();
        let player = self.players[node.index()].opponent();
        let slots = self.child_ids.len();
        self.lists.push(List { start, next: start, end: start, slots, player });
        Some(())
    }

    /// An entry of `values`, for the next node in pre-order of that name.
    fn value(&mut self, name: &str, value: f64) -> Option<()> {
        let from = match self.next_valued {
            Some(node) => node,
            None => self.close_children(),
        };
        let node = self.find_valued(from, name)?;
        self.values[node] = value;
        self.next_valued = Some(node + 1);
        Some(())
    }

    /// Numbers the next node, named as the `pending` name at `index`,
    /// which lists its children (if any) next.
    fn add_node(&mut self, index: usize, player: Player) -> NodeId {
        let node = NodeId(self.names.len() as u32);
        let name = self.pending.get(index);
        self.names.push_quotable(name);
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
        loop {
            self.drop_reached_lists();
            let list = self.lists.last_mut()?;
            let (index, player) = (list.next, list.player);
            let slot = list.slots + (list.next - list.start);
            list.next += 1;
            let node = self.add_node(index, player);
            self.child_ids[slot] = node;
            if key == Some(self.names.get(node.index())) {
                // Before the node's own list goes on top: a chain a million
                // deep then keeps one list, not a million.
                self.drop_reached_lists();
                return Some(node);
            }
        }
    }

    /// Drops the innermost lists whose children have all been reached.
    fn drop_reached_lists(&mut self) {
        while let Some(list) = self.lists.last().filter(|list| list.next == list.end) {
            self.pending.truncate(list.start);
            self.lists.pop();
        }
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
            .find(|&node| self.name(node) == name)
    }

    fn name(&self, node: usize) -> &str {
        self.names.get(node)
    }

    fn is_leaf(&self, node: usize) -> bool {
        self.child_starts[node] == self.child_starts[node + 1]
    }

    /// The tree, if `values` was read and gave every leaf a value, the
    /// header's root (if any) is the first node, and no name is used twice.
    fn finish(self, header: Header, overrides: Overrides) -> Option<Tree> {
        self.hashes.all_distinct().then_some(())?;
        let valued_up_to = self.next_valued?;
        let nodes = self.names.len();
        (valued_up_to..nodes).all(|node| !self.is_leaf(node)).then_some(())?;
        header.root.as_deref().is_none_or(|root| root == self.name(0)).then_some(())?;
        let mut tree = Tree {
            names: self.names,
            players: self.players,
            values: self.values,
            child_starts: self.child_starts,
            child_ids: self.child_ids,
        };
        if overrides.root_player(header.player, None) == Player::Min {
            for player in &mut tree.players {
                *player = player.opponent();
            }
        }
        // Values from MAX's point of view are kept as they are.
        let perspective = overrides.perspective(header.perspective);
        if perspective != Perspective::Max {
            for (value, &player) in tree.values.iter_mut().zip(&tree.players) {
                *value = perspective.to_max(*value, player);
            }
        }
        Some(tree)
    }
}

/// The hashes of names, to tell at the end whether any two are alike.
///
/// They are kept in parts by their top byte, and each part is checked on
/// its own with a small table that stays in the processor's cache: one
/// table for half a million hashes would miss the cache on nearly every one.
struct Hashes {
    parts: Vec<Vec<u64>>,
}

/// How many parts [`Hashes`] keeps: one per value of the top byte.
const PARTS: usize = 256;

impl Default for Hashes {
    fn default() -> Hashes {
        Hashes::with_capacity(0)
    }
}

impl Hashes {
    /// Room for about `names` hashes without growing.
    fn with_capacity(names: usize) -> Hashes {
        let per_part = names / PARTS * 5 / 4;
        Hashes { parts: (0..PARTS).map(|_| Vec::with_capacity(per_part)).collect() }
    }

    fn push(&mut self, hash: u64) {
        self.parts[(hash >> 56) as usize].push(hash);
    }

    /// Whether no two hashes are alike (or differ in the lowest bit only,
    /// which the table gives up to mark empty slots). Many hashes are
    /// checked half on another thread: on the tic-tac-toe tree this check
    /// is 3 ms during which the other core would have nothing to do.
    fn all_distinct(&self) -> bool {
        let hashes: usize = self.parts.iter().map(Vec::len).sum();
        if hashes < CHECKED_BESIDE_FROM {
            return parts_distinct(&self.parts);
        }
        let (first, second) = self.parts.split_at(PARTS / 2);
        let distinct =
            pipeline::both("name checker", || parts_distinct(first), || parts_distinct(second));
        distinct == (true, true)
    }
}

/// How many hashes make it worth starting a thread to check half of them.
const CHECKED_BESIDE_FROM: usize = 1 << 16;

/// Whether no two hashes in any one of `parts` are alike, as
/// [`Hashes::all_distinct`] tells it.
fn parts_distinct(parts: &[Vec<u64>]) -> bool {
    let largest = parts.iter().map(Vec::len).max().unwrap_or(0);
    let mut slots = vec![0u64; (2 * largest).max(2).next_power_of_two()];
    parts.iter().all(|part| {
        slots.fill(0);
        part.iter().all(|&hash| insert_new(&mut slots, hash | 1))
    })
}

/// Puts `hash` (not 0) into the open-addressing table `slots` (a power of
/// two long, with room to spare); whether it was not there yet.
fn insert_new(slots: &mut [u64], hash: u64) -> bool {
    let mask = slots.len() - 1;
    let mut index = hash as usize & mask;
    loop {
        match slots[index] {
            0 => {
                slots[index] = hash;
                return true;
            }
            slot if slot == hash => return false,
            _ => index = (index + 1) & mask,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_given_twice_is_found_among_many_in_either_half() {
        let hashes: Vec<u64> = (0..3 * CHECKED_BESIDE_FROM as u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) << 1)
            .collect();
        let distinct_with = |extra: Option<u64>| {
            let mut set = Hashes::with_capacity(hashes.len());
            hashes.iter().chain(&extra).for_each(|&hash| set.push(hash));
            set.all_distinct()
        };
        assert!(distinct_with(None));
        // Parts by the top byte: the top bit tells which thread checks it.
        let first_half = hashes.iter().find(|&&hash| hash >> 63 == 0).copied();
        let second_half = hashes.iter().find(|&&hash| hash >> 63 == 1).copied();
        assert!(!distinct_with(first_half));
        assert!(!distinct_with(second_half));
    }
}
