//! Flat documents in any order: every name is looked up in a hash table.
//!
//! Two threads share the work: the scanning one sends the names it meets,
//! in batches, to one that looks them up ([`Interner::intern_all`]), so that
//! scanning (bound by the processor) and looking up (bound by memory)
//! overlap. The [`RawTree`] read this way goes through the usual structural
//! checks.

use std::sync::mpsc;

use super::{Header, Resolve};
use crate::tree::Player;
use crate::tree::input::{RawTree, RootSpec};
use crate::tree::names::{Hashed, Interner};

/// Reads `text` if it is a flat document the fast readers take.
pub fn read(text: &str) -> Option<RawTree> {
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel(BATCHES_IN_FLIGHT);
        let interning = std::thread::Builder::new()
            .name("name interner".into())
            .spawn_scoped(scope, move || intern_batches(&receiver, text.len() / BYTES_PER_NAME))
            .ok()?;
        let mut mentions = Mentions { sender: Some(sender), ..Mentions::default() };
        let header = super::scan(text, &mut mentions);
        let sent = mentions.finish();
        let (interner, ids) =
            interning.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        sent?;
        mentions.build(header?, interner, &ids)
    })
}

/// Names per batch sent to the interning thread.
const BATCH: usize = 4096;

/// Batches sent but not yet taken before the scanner waits.
const BATCHES_IN_FLIGHT: usize = 16;

/// A guess at the input size per node name, to size the name table up
/// front (the tic-tac-toe tree takes 43 bytes; an underestimate costs a
/// regrowth, an overestimate cache misses on a sparser table).
const BYTES_PER_NAME: usize = 48;

/// The interning thread: the names received and their ids in order.
fn intern_batches(receiver: &mpsc::Receiver<Vec<Hashed>>, names: usize) -> (Interner, Vec<u32>) {
    let mut interner = Interner::with_capacity(names);
    let mut ids = Vec::with_capacity(2 * names);
    for batch in receiver {
        ids.extend(interner.intern_all(&batch));
    }
    (interner, ids)
}

/// The names a scan met, numbered in order ("mentions") and sent away to
/// be looked up, and what the document says about them by those numbers.
#[derive(Default)]
struct Mentions<'a> {
    /// Names not yet sent to the interning thread.
    batch: Vec<Hashed<'a>>,
    sender: Option<mpsc::SyncSender<Vec<Hashed<'a>>>>,
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

impl<'a> Resolve<'a> for Mentions<'a> {
    fn parent(&mut self, name: &'a str) -> Option<()> {
        self.parent = self.mention(name)?;
        Some(())
    }

    fn child(&mut self, name: &'a str) -> Option<()> {
        self.mention(name).map(drop)
    }

    fn end_of_list(&mut self, count: u32) -> Option<()> {
        self.child_lists.push((self.parent, count));
        Some(())
    }

    fn value(&mut self, node: &'a str, value: f64) -> Option<()> {
        let node = self.mention(node)?;
        self.values.push((node, value));
        Some(())
    }

    fn player(&mut self, node: &'a str, player: Player) -> Option<()> {
        let node = self.mention(node)?;
        self.players.push((node, player));
        Some(())
    }
}

impl<'a> Mentions<'a> {
    /// Sends `name` on to be looked up; returns its mention's number.
    fn mention(&mut self, name: &'a str) -> Option<u32> {
        self.batch.push(Hashed::new(name));
        if self.batch.len() == BATCH {
            self.send()?;
        }
        let number = self.count;
        self.count = number.checked_add(1)?;
        Some(number)
    }

    /// Sends the names met since the last batch.
    fn send(&mut self) -> Option<()> {
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.sender.as_ref()?.send(batch).ok()
    }

    /// Sends the last names and lets the interning thread finish.
    fn finish(&mut self) -> Option<()> {
        let sent = self.send();
        self.sender = None;
        sent
    }

    /// Builds the tree from the names' `ids` (by mention), or `None` where
    /// the general reader would find a problem (no nodes, a key given twice).
    fn build(self, header: Header, interner: Interner, ids: &[u32]) -> Option<RawTree> {
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
            root: header.root.map_or(RootSpec::Unnamed, |name| RootSpec::Named(name.into())),
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
