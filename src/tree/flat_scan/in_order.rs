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
//! What construction does not rule out is a name used for two nodes. The
//! names' hashes are checked for one seen before on a second thread, while
//! the scan goes on; any two alike (a name used twice, or a rare collision)
//! leave the document to the exact reader.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::mpsc;

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
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel(BATCHES_IN_FLIGHT);
        let checking = std::thread::Builder::new()
            .name("name checker".into())
            .spawn_scoped(scope, move || all_distinct(&receiver, text.len() / BYTES_PER_NAME))
            .ok()?;
        let mut builder = Builder { sender: Some(sender), ..Builder::default() };
        let header = super::scan(text, &mut builder);
        let sent = builder.send_hashes();
        builder.sender = None;
        let distinct = checking.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (sent.is_some() && distinct).then_some(())?;
        builder.finish(header?)
    })
}

/// Hashes per batch sent to the checking thread.
const BATCH: usize = 4096;

/// Batches sent but not yet taken before the scanner waits.
const BATCHES_IN_FLIGHT: usize = 16;

/// A guess at the input size per node, to size the set of hashes up
/// front (the tic-tac-toe tree takes 43 bytes).
const BYTES_PER_NAME: usize = 48;

/// The checking thread: whether all hashes received differ.
fn all_distinct(receiver: &mpsc::Receiver<Vec<u64>>, names: usize) -> bool {
    let mut seen: HashSet<u64, BuildHasherDefault<Identity>> =
        HashSet::with_capacity_and_hasher(names, BuildHasherDefault::default());
    let mut distinct = true;
    for batch in receiver {
        distinct &= batch.into_iter().all(|hash| seen.insert(hash));
    }
    distinct
}

/// The hasher of a set of hashes: each is its own hash.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// The tree as far as it has been read.
#[derive(Default)]
struct Builder<'a> {
    names: NameTable,
    /// The hashes of the names not yet sent to the checking thread.
    hashes: Vec<u64>,
    sender: Option<mpsc::SyncSender<Vec<u64>>>,
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
            self.add_node(name, Player::Max)?
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
    fn add_node(&mut self, name: &'a str, player: Player) -> Option<NodeId> {
        let node = NodeId(self.names.len() as u32);
        self.names.push(name);
        self.hashes.push(names::hash_name(name));
        if self.hashes.len() == BATCH {
            self.send_hashes()?;
        }
        self.players.push(player);
        self.values.push(f64::NAN);
        self.child_starts.push(self.child_ids.len() as u32);
        Some(node)
    }

    /// Sends the hashes of the names met since the last batch.
    fn send_hashes(&mut self) -> Option<()> {
        let batch = std::mem::replace(&mut self.hashes, Vec::with_capacity(BATCH));
        self.sender.as_ref()?.send(batch).ok()
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
            let node = self.add_node(name, player)?;
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

    /// The tree, if `values` was read and gave every leaf a value, and the
    /// header's root (if any) is the first node.
    fn finish(self, header: Header) -> Option<Preordered> {
        let valued_up_to = self.next_valued?;
        let nodes = self.names.len();
        (valued_up_to..nodes).all(|node| !self.is_leaf(node)).then_some(())?;
        header.root.is_none_or(|root| root == self.names.get(0)).then_some(())?;
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
