//! Node names: compact storage, the generated naming schemes of the nested
//! shapes, and the rule for what a name may contain.

use std::fmt::Write;

use crate::byte_words;

/// How nodes without an explicit name are named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Naming {
    /// Breadth-first letters: a (root), b, c, ..., z, aa, ab, ...
    #[default]
    Letters,
    /// Paths: root, 1, 2, ..., 1.1, 1.2, ...
    Paths,
}

/// All names of a tree in one string, indexed by node.
///
/// One allocation for all names keeps large trees (half a million nodes)
/// small in memory.
#[derive(Debug, Clone, Default)]
pub struct NameTable {
    text: String,
    ends: Vec<u32>,
    /// Whether some name does not [quote as it is](quotes_as_is).
    needs_escapes: bool,
}

impl NameTable {
    /// Room for `names` names of `bytes` bytes in all, without growing.
    pub fn with_capacity(names: usize, bytes: usize) -> NameTable {
        NameTable {
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(names),
            needs_escapes: false,
        }
    }

    /// The bytes of all names together.
    pub fn bytes(&self) -> usize {
        self.text.len()
    }

    /// Appends a name; its index is the number of names before it.
    pub fn push(&mut self, name: &str) {
        self.needs_escapes |= !quotes_as_is(name.as_bytes());
        self.append(name);
    }

    /// [`push`](Self::push) for a name known to [quote as it is](quotes_as_is):
    /// the fast flat readers take no string with an escape or a control
    /// character, and save this look at each of their names.
    pub fn push_quotable(&mut self, name: &str) {
        debug_assert!(quotes_as_is(name.as_bytes()), "{name:?} needs escapes");
        self.append(name);
    }

    fn append(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len() as u32);
    }

    /// Keeps the first `len` names only.
    pub fn truncate(&mut self, len: usize) {
        self.ends.truncate(len);
        self.text.truncate(self.ends.last().map_or(0, |&end| end as usize));
    }

    /// Whether every name [quotes as it is](quotes_as_is).
    pub fn quote_as_they_are(&self) -> bool {
        !self.needs_escapes
    }

    /// How many names there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Where the name at `index` lies in the text.
    #[inline]
    fn range(&self, index: usize) -> std::ops::Range<usize> {
        let start = if index == 0 { 0 } else { self.ends[index - 1] as usize };
        start..self.ends[index] as usize
    }

    /// The name at `index`.
    #[inline]
    pub fn get(&self, index: usize) -> &str {
        &self.text[self.range(index)]
    }
}

/// A [`NameTable`] that also finds names: each name is stored once, in the
/// table, and the index holds only ids.
///
/// The index is a hash table of its own (open addressing, linear probing,
/// at most 5/8 full) because looking up half a million names is a cache
/// miss or more per lookup, and [`Interner::intern_all`] overlaps those
/// misses by touching a batch of slots before it compares any name; a
/// general hash map does not expose its slots for that.
#[derive(Default)]
pub struct Interner {
    table: NameTable,
    /// Each slot is empty (0) or holds a name: its hash's upper 32 bits
    /// above its id + 1, so most mismatches are settled without reading
    /// the name.
    slots: Vec<u64>,
}

/// The names interned by [`Interner::intern_all`] per batch of touched slots.
const BATCH: usize = 16;

impl Interner {
    /// The id of `name`, adding it if it is new; and whether it was new.
    pub fn intern(&mut self, name: &str) -> (u32, bool) {
        self.intern_hashed(name, hash_name(name))
    }

    /// The ids of `names`, in order, adding the new ones.
    pub fn intern_all(&mut self, names: &[Hashed<'_>]) -> Vec<u32> {
        let mut ids = Vec::with_capacity(names.len());
        for batch in names.chunks(BATCH) {
            self.touch(batch);
            ids.extend(batch.iter().map(|name| self.intern_hashed(name.text, name.hash).0));
        }
        ids
    }

    /// Reads the first slot of each hash, then the name it holds, so that
    /// the memory they live in is on its way to the cache, all at once,
    /// before the lookups need it.
    fn touch(&mut self, names: &[Hashed<'_>]) {
        self.reserve_one(); // A table to touch, even before the first name.
        let mask = self.slots.len() - 1;
        let mut sum = 0u64;
        for &Hashed { hash, .. } in names {
            sum = sum.wrapping_add(self.slots[hash as usize & mask]);
        }
        for &Hashed { hash, .. } in names {
            let slot = self.slots[hash as usize & mask];
            if slot != 0 && slot_hash_matches(slot, hash) {
                let name = self.table.get(id_of(slot));
                sum = sum.wrapping_add(name.bytes().next().map_or(0, u64::from));
            }
        }
        std::hint::black_box(sum);
    }

    fn intern_hashed(&mut self, name: &str, hash: u64) -> (u32, bool) {
        self.reserve_one();
        let table = &self.table;
        let index = self
            .probe(hash, |slot| slot_hash_matches(slot, hash) && table.get(id_of(slot)) == name);
        match self.slots[index] {
            0 => {
                let id = self.table.len();
                self.slots[index] = slot_of(hash, id);
                self.table.push(name);
                (id as u32, true)
            }
            slot => (id_of(slot) as u32, false),
        }
    }

    /// The first slot from `hash`'s place on that is empty or holds a name
    /// `is_it` accepts.
    fn probe(&self, hash: u64, is_it: impl Fn(u64) -> bool) -> usize {
        let mask = self.slots.len() - 1;
        let mut index = hash as usize & mask;
        while self.slots[index] != 0 && !is_it(self.slots[index]) {
            index = (index + 1) & mask;
        }
        index
    }

    /// Keeps the table at most 5/8 full after one more name.
    fn reserve_one(&mut self) {
        if 8 * (self.table.len() + 1) > 5 * self.slots.len() {
            self.grow_to(self.slots.len().max(8) * 2);
        }
    }

    fn grow_to(&mut self, slots: usize) {
        self.slots = vec![0; slots];
        for id in 0..self.table.len() {
            let hash = hash_name(self.table.get(id));
            let index = self.probe(hash, |_| false);
            self.slots[index] = slot_of(hash, id);
        }
    }

    /// How many names there are.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Room for about `names` names without growing.
    pub fn with_capacity(names: usize) -> Interner {
        let mut interner = Interner::default();
        interner.grow_to((names * 8 / 5).max(8).next_power_of_two());
        interner
    }

    /// The names, indexed by id.
    pub fn into_table(self) -> NameTable {
        self.table
    }
}

/// A name with its hash, computed once for both steps of
/// [`Interner::intern_all`]: fetching the memory, then looking up.
#[derive(Clone, Copy, Debug)]
pub struct Hashed<'a> {
    text: &'a str,
    hash: u64,
}

impl<'a> Hashed<'a> {
    /// `text` with its hash.
    pub fn new(text: &'a str) -> Hashed<'a> {
        Hashed { text, hash: hash_name(text) }
    }
}

/// The bits of a slot that hold part of the name's hash.
const TAG: u64 = !0xFFFF_FFFF;

/// The slot for the name with `hash` and `id`.
fn slot_of(hash: u64, id: usize) -> u64 {
    (hash & TAG) | (id as u64 + 1)
}

/// Whether a full slot may hold the name with `hash`.
fn slot_hash_matches(slot: u64, hash: u64) -> bool {
    slot & TAG == hash & TAG
}

/// The id in a full slot.
fn id_of(slot: u64) -> usize {
    (slot as u32) as usize - 1
}

/// The FxHash step (as in rustc) over a name's length and bytes, finished
/// with MurmurHash3's 64-bit mixer so that the low bits, which pick the
/// table slot, depend on every byte. Fast, and good enough for names from a
/// local file, where hash flooding is no concern.
///
/// The bytes go in as few whole words as cover them: eight at a time, the
/// last word overlapping the one before; a shorter name in one word made of
/// two overlapping halves, or of its first, middle and last bytes. So a
/// name of a given length is taken in whole, without a step per byte, the
/// way wyhash does it.
pub fn hash_name(name: &str) -> u64 {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let step = |hash: u64, word: u64| (hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    let bytes = name.as_bytes();
    let len = bytes.len();
    let mut hash = step(0, len as u64);
    if len >= 8 {
        let mut words = bytes.chunks_exact(8);
        hash = words.by_ref().fold(hash, |hash, word| step(hash, byte_words::word(word)));
        if !words.remainder().is_empty() {
            hash = step(hash, byte_words::word(&bytes[len - 8..]));
        }
    } else if len >= 4 {
        let half = |at: usize| {
            u64::from(u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes")))
        };
        hash = step(hash, half(0) << 32 | half(len - 4));
    } else if len > 0 {
        let byte = |at: usize| u64::from(bytes[at]);
        hash = step(hash, byte(0) << 16 | byte(len / 2) << 8 | byte(len - 1));
    }
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    hash ^ (hash >> 33)
}

/// The breadth-first letter name of the node at position `index` (0-based):
/// bijective base 26, like spreadsheet columns.
pub fn letters(index: usize) -> String {
    let mut digits = Vec::new();
    let mut rest = index + 1;
    while rest > 0 {
        rest -= 1;
        digits.push(b'a' + (rest % 26) as u8);
        rest /= 26;
    }
    digits.reverse();
    String::from_utf8(digits).expect("ASCII letters")
}

/// The path name of a child at 1-based `position` under a parent named
/// `parent` (the root is named `root` and its children `1`, `2`, ...).
pub fn child_path(parent: Option<&str>, position: usize) -> String {
    match parent {
        None | Some("root") => position.to_string(),
        Some(parent) => {
            let mut name = String::with_capacity(parent.len() + 4);
            let _ = write!(name, "{parent}.{position}");
            name
        }
    }
}

/// The length of [`child_path`] for a parent whose path is `parent` bytes
/// long (`None` for the root, whose children are `1`, `2`, ...).
pub fn child_path_len(parent: Option<u64>, position: usize) -> u64 {
    let digits = u64::from(position.checked_ilog10().unwrap_or(0)) + 1;
    parent.map_or(digits, |parent| parent + 1 + digits)
}

/// Whether `name` can be written between double quotes as it is, in JSON
/// and in DOT: it has no control character, double quote or backslash.
/// Eight bytes at a time, as a trace writes millions of names.
pub fn quotes_as_is(name: &[u8]) -> bool {
    let escaped = |word| {
        byte_words::below(word, 0x20)
            | byte_words::equal(word, b'"')
            | byte_words::equal(word, b'\\')
    };
    let found =
        name.chunks_exact(8).fold(0, |found, chunk| found | escaped(byte_words::word(chunk)));
    // The last eight bytes again, or all of them padded with spaces, which
    // need no escape.
    let last = match name.len().checked_sub(8) {
        Some(start) => byte_words::word(&name[start..]),
        None => {
            let mut padded = [b' '; 8];
            padded.iter_mut().zip(name).for_each(|(slot, &byte)| *slot = byte);
            byte_words::word(&padded)
        }
    };
    (found | escaped(last)) == 0
}

/// Whether a name may hold `byte` with no closer look: printable ASCII
/// other than the classroom notation's `:` and `#`. A non-empty name of
/// such bytes only is always fine.
pub fn is_plain(byte: u8) -> bool {
    byte.is_ascii_graphic() && byte != b':' && byte != b'#'
}

/// Why a name cannot be used, or `None` when it is fine. Whitespace, `:`
/// and `#` separate items in the classroom notation, so names must avoid them.
pub fn problem_with(name: &str) -> Option<&'static str> {
    if !name.is_empty() && name.bytes().all(is_plain) {
        // The common case, settled without decoding characters.
        None
    } else if name.is_empty() {
        Some("node names must not be empty")
    } else if name.chars().any(char::is_whitespace) {
        Some("node names must not contain whitespace")
    } else if name.contains(':') {
        Some("node names must not contain ':'")
    } else if name.contains('#') {
        Some("node names must not contain '#'")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_count_like_spreadsheet_columns() {
        let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702].map(letters).into();
        assert_eq!(names, ["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"]);
    }

    #[test]
    fn every_byte_and_the_length_of_a_name_change_its_hash() {
        for len in 0..=25 {
            let name = "a".repeat(len);
            let hash = hash_name(&name);
            assert_ne!(hash, hash_name(&"a".repeat(len + 1)), "{len} bytes");
            for at in 0..len {
                let mut changed = name.clone().into_bytes();
                changed[at] = b'b';
                let changed = String::from_utf8(changed).unwrap();
                assert_ne!(hash, hash_name(&changed), "{changed}");
            }
        }
    }

    #[test]
    fn path_lengths_are_counted_as_paths_are_made() {
        for position in [1, 9, 10, 99, 100, 12_345] {
            assert_eq!(child_path_len(None, position), child_path(None, position).len() as u64);
            assert_eq!(
                child_path_len(Some(3), position),
                child_path(Some("1.2"), position).len() as u64
            );
        }
    }

    #[test]
    fn paths_start_below_the_root() {
        assert_eq!(child_path(None, 2), "2");
        assert_eq!(child_path(Some("root"), 3), "3");
        assert_eq!(child_path(Some("1.2"), 1), "1.2.1");
    }

    proptest::proptest! {
        #[test]
        fn names_quote_as_they_are_where_no_byte_needs_an_escape(
            bytes in proptest::collection::vec(proptest::prop_oneof![
                proptest::prelude::any::<u8>(),
                proptest::sample::select(b"\"\\\x00\x1f\x20\x7f\x80a".to_vec()),
            ], 0..40),
        ) {
            let expected = bytes.iter().all(|&b| b >= 0x20 && b != b'"' && b != b'\\');
            proptest::prop_assert_eq!(quotes_as_is(&bytes), expected);
        }
    }

    #[test]
    fn a_name_table_knows_whether_its_names_quote_as_they_are() {
        let mut table = NameTable::default();
        table.push("a-longer-name");
        table.push("é");
        assert!(table.quote_as_they_are());
        table.push("say \"hi\"");
        table.push("b");
        assert!(!table.quote_as_they_are());
    }

    #[test]
    fn name_table_returns_what_was_pushed() {
        let mut table = NameTable::default();
        for name in ["a", "", "long-name"] {
            table.push(name);
        }
        assert_eq!([table.get(0), table.get(1), table.get(2)], ["a", "", "long-name"]);
    }

    #[test]
    fn a_truncated_table_keeps_its_first_names_and_grows_from_there() {
        let mut table = NameTable::default();
        for name in ["a", "bc", "def"] {
            table.push(name);
        }
        table.truncate(1);
        table.push("gh");
        assert_eq!((table.len(), table.bytes()), (2, 3));
        assert_eq!([table.get(0), table.get(1)], ["a", "gh"]);
        table.truncate(0);
        assert!(table.is_empty() && table.bytes() == 0);
    }

    #[test]
    fn the_interner_gives_each_name_one_id() {
        let mut interner = Interner::default();
        let names = ["a", "b", "a", "a-rather-long-name", "b", ""];
        let ids: Vec<(u32, bool)> = names.iter().map(|name| interner.intern(name)).collect();
        assert_eq!(ids, [(0, true), (1, true), (0, false), (2, true), (1, false), (3, true)]);
        assert_eq!(interner.into_table().get(2), "a-rather-long-name");
    }

    #[test]
    fn interning_in_batches_gives_the_ids_of_one_at_a_time_through_every_growth() {
        let names: Vec<String> = (0..5_000).map(|i| letters(i * 7 % 3_001)).collect();
        let mut one_at_a_time = Interner::default();
        let expected: Vec<u32> = names.iter().map(|name| one_at_a_time.intern(name).0).collect();
        let names: Vec<Hashed> = names.iter().map(|name| Hashed::new(name)).collect();
        let mut batched = Interner::with_capacity(1);
        assert_eq!(batched.intern_all(&names), expected);
        assert_eq!(batched.len(), 3_001);
        assert_eq!(batched.into_table().get(3_000), one_at_a_time.into_table().get(3_000));
    }

    #[test]
    fn names_reject_separators_of_the_classroom_notation() {
        assert!(problem_with("b").is_none());
        assert!(problem_with("é\u{1}").is_none());
        assert!(problem_with("a\u{2003}b").is_some());
        assert!(problem_with("x:1").is_some());
        assert!(problem_with("a b").is_some());
        assert!(problem_with("#").is_some());
        assert!(problem_with("").is_some());
    }
}
