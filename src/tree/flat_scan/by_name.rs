//! Flat documents in any order: every name is looked up in a hash table.
//!
//! The look-ups run beside the scan, on another thread
//! ([`scan_beside`](super::scan_beside)), so that scanning (bound by the
//! processor) and looking up (bound by memory) overlap. The [`RawTree`]
//! read this way goes through the usual structural checks.

use super::{Header, Piece, Resolve, Token};
use crate::tree::Player;
use crate::tree::input::{RawTree, RootSpec};
use crate::tree::names::{Hashed, Interner};

/// Reads `text`, `piece` bytes at a time, if it is a flat document the
/// fast readers take.
pub fn read(text: &[u8], piece: usize) -> Option<RawTree> {
    let names = super::likely_nodes(text.len() as u64);
    let mentions = Mentions {
        interner: Interner::with_capacity(names),
        ids: Vec::with_capacity(2 * names),
        ..Mentions::default()
    };
    let (header, mentions) = super::scan_beside(text, piece, mentions)?;
    mentions.build(header)
}

/// Names looked up together: [`Interner::intern_all`] fetches the memory
/// for a group's look-ups all at once.
const LOOK_UP_GROUP: usize = 1024;

/// The names a scan met, numbered in order ("mentions") and looked up, and
/// what the document says about them by those numbers.
#[derive(Default)]
struct Mentions {
    interner: Interner,
    /// The ids of the names looked up, by mention.
    ids: Vec<u32>,
    /// How many names were met so far.
    count: u32,
    /// The mention of the parent whose child list is being read.
    parent: u32,
    /// Each child list: the mention of its parent's name and how many
    /// children follow that mention.
    child_lists: Vec<(u32, u32)>,
    /// Each value, by the mention of its node's name.
    values: Vec<(u32, f64)>,
    /// Each `players` entry, by the mention of its node's name.
    players: Vec<(u32, Player)>,
}

/// Names of one piece met but not looked up yet.
type Waiting<'p> = Vec<Hashed<'p>>;

impl Resolve for Mentions {
    fn resolve(&mut self, piece: &Piece) -> Option<()> {
        let mut waiting = Waiting::with_capacity(LOOK_UP_GROUP);
        for &token in &piece.tokens {
            match token {
                Token::Parent(name) => {
                    self.parent = self.mention(&mut waiting, piece.name(name))?
                }
                Token::Child(name) => {
                    self.mention(&mut waiting, piece.name(name))?;
                }
                Token::EndOfList(count) => self.child_lists.push((self.parent, count)),
                Token::Value(node, value) => {
                    let node = self.mention(&mut waiting, piece.name(node))?;
                    self.values.push((node, value));
                }
                Token::Player(node, player) => {
                    let node = self.mention(&mut waiting, piece.name(node))?;
                    self.players.push((node, player));
                }
            }
        }
        self.look_up(&mut waiting);
        Some(())
    }
}

impl Mentions {
    /// Takes `name` to be looked up; returns its mention's number.
    fn mention<'p>(&mut self, waiting: &mut Waiting<'p>, name: &'p str) -> Option<u32> {
        waiting.push(Hashed::new(name));
        if waiting.len() == LOOK_UP_GROUP {
            self.look_up(waiting);
        }
        let number = self.count;
        self.count = number.checked_add(1)?;
        Some(number)
    }

    fn look_up(&mut self, waiting: &mut Waiting<'_>) {
        self.ids.extend(self.interner.intern_all(waiting));
        waiting.clear();
    }

    /// Builds the tree once every name has been looked up, or `None` where
    /// the general reader would find a problem (no nodes, a key given twice).
    fn build(self, header: Header) -> Option<RawTree> {
        let (interner, ids) = (self.interner, &self.ids);
        let nodes = interner.len();
        if nodes == 0 {
            return None;
        }
        let mut raw = RawTree {
            names: interner.into_table(),
            child_spans: vec![(0, 0); nodes],
            child_ids: Vec::with_capacity(ids.len() - self.child_lists.len()),
            values: vec![f64::NAN; nodes],
            players: vec![None; nodes],
            root: header.root.map_or(RootSpec::Unnamed, RootSpec::Named),
            player: header.player,
            perspective: header.perspective,
        };
        for &(parent, count) in &self.child_lists {
            let first = parent as usize + 1;
            let start = raw.child_ids.len() as u32;
            raw.child_ids.extend_from_slice(&ids[first..first + count as usize]);
            let span = &mut raw.child_spans[ids[parent as usize] as usize];
            (span.1 == 0).then_some(())?;
            *span = (start, count);
        }
        for &(node, value) in &self.values {
            let slot = &mut raw.values[ids[node as usize] as usize];
            slot.is_nan().then_some(())?;
            *slot = value;
        }
        for &(node, player) in &self.players {
            raw.players[ids[node as usize] as usize].replace(player).is_none().then_some(())?;
        }
        Some(raw)
    }
}
