//! Keys of a flat file out of pre-order, resolved to their nodes in one
//! sorted pass once the document is read.
//!
//! A key the [`Preorder`](super::builder) guess misses would otherwise be
//! looked up in a hash index of the names: a chain of cache misses each
//! (the index, the name's bounds, its text) on a large tree, which made a
//! breadth-first, reversed or shuffled file of a million nodes read two to
//! four times slower than the same tree in pre-order. Kept instead with
//! what it maps to, every such key is matched at the end by sorting the
//! keys' and the names' hashes and walking both lists together: sequential
//! passes, and comparisons of text the processor can overlap.

use std::hash::BuildHasher;

use hashbrown::DefaultHashBuilder;

use super::RawTree;
use super::builder::Builder;
use crate::tree::names::{Interner, NameTable, tagged};

/// What a deferred key maps to: a child list, stored already as its span
/// of the child ids, or a value.
#[derive(Clone, Copy)]
pub(super) enum Entry {
    Children((u32, u32)),
    Value(f64),
}

/// The keys the guess missed, in the order they were read.
#[derive(Default)]
pub(super) struct Deferred {
    keys: NameTable,
    entries: Vec<Entry>,
}

impl Deferred {
    /// Keeps `key` and what it maps to for [`Deferred::resolve`].
    pub(super) fn push(&mut self, key: &str, entry: Entry) {
        self.keys.push(key);
        self.entries.push(entry);
    }

    /// Whether no key was kept.
    pub(super) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Stores every kept entry at the node its key names. A key that
    /// names no node a child list mentions is the root, which no child
    /// list names: it becomes a node of its own. `false` if two names are
    /// the same, keys name two such nodes, or a node its map gave already:
    /// the document is then read again with an index, which reports such a
    /// file exactly where the problem is. Whether the names are all
    /// different is told here from their sorted hashes, in place of
    /// [`Interner::all_unique`]: hashing every name a second time took
    /// about 8 % of `trace` on a shuffled file of three million nodes.
    pub(super) fn resolve(self, builder: &mut Builder) -> bool {
        let Some(mut ids) = match_names(&self.keys, &builder.interner) else {
            return false;
        };
        let mut root: Option<(&str, u32)> = None;
        for (key, id) in ids.iter_mut().enumerate().filter(|(_, id)| id.is_none()) {
            let name = self.keys.get(key);
            *id = match root {
                Some((root_name, root)) if root_name == name => Some(root),
                Some(_) => return false,
                None => {
                    let added = builder.interner.add(name);
                    let Ok(node) = builder.created::<serde::de::value::Error>(name, added) else {
                        return false;
                    };
                    root = Some((name, node));
                    Some(node)
                }
            };
        }
        let mut stored = ids.into_iter().zip(self.entries);
        stored.all(|(id, entry)| id.is_some_and(|id| entry.store(&mut builder.raw, id as usize)))
    }
}

/// The id of the name equal to each key, in the keys' order; `None` where
/// a key is no name, and no ids at all if two names are the same. Keys and
/// names are paired by hash first, reading the text of both only where two
/// names share a hash; each pair is then checked in the keys' order, so
/// that only the names are read out of order.
fn match_names(keys: &NameTable, names: &Interner) -> Option<Vec<Option<u32>>> {
    let hasher = DefaultHashBuilder::default();
    let by_name = sorted_hashes(&hasher, names.len(), |id| names.name(id as u32));
    if !names.all_different(&by_name) {
        return None;
    }
    let by_key = sorted_hashes(&hasher, keys.len(), |key| keys.get(key));
    let mut ids = vec![None; keys.len()];
    let mut start = 0;
    for tagged in by_key {
        let (hash, key) = (tagged >> 32, tagged as u32 as usize);
        while by_name.get(start).is_some_and(|&name| name >> 32 < hash) {
            start += 1;
        }
        let same_hash = by_name[start..].iter().take_while(|&&name| name >> 32 == hash);
        let mut candidates = same_hash.clone().map(|&name| name as u32);
        ids[key] = match (candidates.next(), candidates.next()) {
            (Some(id), None) => Some(id),
            (None, _) => None,
            _ => same_hash.map(|&name| name as u32).find(|&id| names.name(id) == keys.get(key)),
        };
    }
    for (key, id) in ids.iter_mut().enumerate() {
        *id = id.filter(|&id| names.name(id) == keys.get(key));
    }
    Some(ids)
}

/// Each of `count` texts as its index [`tagged`] with its hash, sorted.
fn sorted_hashes<'a>(
    hasher: &DefaultHashBuilder,
    count: usize,
    text: impl Fn(usize) -> &'a str,
) -> Vec<u64> {
    let tag = |i: usize| tagged(hasher.hash_one(text(i)), i);
    let mut tagged: Vec<u64> = (0..count).map(tag).collect();
    tagged.sort_unstable();
    tagged
}

impl Entry {
    /// Stores the entry at node `id`; `false` if the node has one already.
    pub(super) fn store(self, raw: &mut RawTree, id: usize) -> bool {
        match self {
            Entry::Children(span) => std::mem::replace(&mut raw.child_spans[id], span).1 == 0,
            Entry::Value(value) => std::mem::replace(&mut raw.values[id], value).is_nan(),
        }
    }
}
