//! Node names: compact storage, the generated naming schemes of the nested
//! shapes, and the rule for what a name may contain.

use std::fmt::Write;
use std::hash::BuildHasher;

use hashbrown::DefaultHashBuilder;
use hashbrown::hash_table::{Entry, HashTable};

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
#[derive(Debug, Clone)]
pub struct NameTable {
    text: String,
    /// Where each name starts, and after the last where the text ends:
    /// name `i` is `text[starts[i]..starts[i + 1]]`.
    starts: Vec<u32>,
}

impl Default for NameTable {
    fn default() -> NameTable {
        NameTable { text: String::new(), starts: vec![0] }
    }
}

impl NameTable {
    /// The bytes of all names together.
    pub fn bytes(&self) -> usize {
        self.text.len()
    }

    /// Appends a name; its index is the number of names before it.
    pub fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.starts.push(self.text.len() as u32);
    }

    /// How many names there are.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name at `index`.
    pub fn get(&self, index: usize) -> &str {
        &self.text[self.starts[index] as usize..self.starts[index + 1] as usize]
    }
}

/// A [`NameTable`] that also finds names by text, through an index of
/// ids (four bytes a name, each name stored once, in the table).
///
/// The index is kept only once a name has to be found: a file in pre-order
/// names every node first in a child list, where it is new, and then as a
/// key, where the reader expects it and needs no lookup. Without the index,
/// whether every name is new is checked once, at the end, through a bitmap
/// of the names' hashes ([`Interner::all_unique`]): one pass over the names
/// in order instead of a cache miss for each of half a million lookups.
#[derive(Default)]
pub struct Interner {
    table: NameTable,
    index: Option<HashTable<u32>>,
    hasher: DefaultHashBuilder,
}

/// Two names of a table that has no index are the same: the caller reads
/// again with an index from the start, which tells which.
#[derive(Debug, PartialEq, Eq)]
pub struct SameNames;

impl Interner {
    /// An interner that indexes every name from the start.
    pub fn indexed(names: usize) -> Interner {
        Interner { index: Some(HashTable::with_capacity(names)), ..Interner::default() }
    }

    /// Whether names are indexed.
    pub fn is_indexed(&self) -> bool {
        self.index.is_some()
    }

    /// Adds a name taken to be new, without looking for it, unless names
    /// are indexed.
    pub fn add(&mut self, name: &str) -> Result<(u32, bool), SameNames> {
        match self.index {
            Some(_) => self.intern(name),
            None => Ok((self.push(name), true)),
        }
    }

    /// The id of `name`, adding it if it is new; and whether it was new.
    /// Indexes every name first if they are not yet.
    pub fn intern(&mut self, name: &str) -> Result<(u32, bool), SameNames> {
        if self.index.is_none() {
            self.index_all()?;
        }
        let Interner { table, index, hasher } = self;
        let index = index.as_mut().expect("indexed above");
        let same = |&id: &u32| table.get(id as usize) == name;
        let rehash = |&id: &u32| hasher.hash_one(table.get(id as usize));
        match index.entry(hasher.hash_one(name), same, rehash) {
            Entry::Occupied(entry) => Ok((*entry.get(), false)),
            Entry::Vacant(entry) => {
                entry.insert(table.len() as u32);
                Ok((self.push(name), true))
            }
        }
    }

    fn push(&mut self, name: &str) -> u32 {
        self.table.push(name);
        self.table.len() as u32 - 1
    }

    fn index_all(&mut self) -> Result<(), SameNames> {
        let mut index = HashTable::with_capacity(self.table.len());
        for id in 0..self.table.len() as u32 {
            let name = self.table.get(id as usize);
            let hash = self.hasher.hash_one(name);
            let table = &self.table;
            let rehash = |&id: &u32| self.hasher.hash_one(table.get(id as usize));
            match index.entry(hash, |&other: &u32| table.get(other as usize) == name, rehash) {
                Entry::Occupied(_) => return Err(SameNames),
                Entry::Vacant(entry) => drop(entry.insert(id)),
            }
        }
        self.index = Some(index);
        Ok(())
    }

    /// Whether no two names are the same: always, for an indexed table.
    /// Otherwise each name's hash marks a bit of a bitmap with about 8
    /// bits a name, and only the names whose bit another name marked too
    /// (one in eight to sixteen) are compared, by [`Self::all_different`]
    /// on their sorted hashes: two passes in the names' order over a
    /// bitmap small enough to stay in cache, about two thirds of the
    /// instructions of sorting every name's hash and half its memory. The
    /// one bitmap first marks every name, then only the bits marked twice:
    /// this runs while the file and the whole raw tree are held, at the
    /// reader's peak memory.
    pub fn all_unique(&self) -> bool {
        if self.is_indexed() {
            return true;
        }
        let bits = (self.table.len() * 8).next_power_of_two().max(64);
        let hash = |id: usize| self.hasher.hash_one(self.table.get(id));
        let bit = |hash: u64| hash as usize & (bits - 1);
        let mut bitmap = vec![0u64; bits / 64];
        let is_set = |bitmap: &[u64], bit: usize| bitmap[bit / 64] & 1 << (bit % 64) != 0;
        let mut twice = Vec::new();
        for id in 0..self.table.len() {
            let bit = bit(hash(id));
            if is_set(&bitmap, bit) {
                twice.push(bit);
            }
            bitmap[bit / 64] |= 1 << (bit % 64);
        }
        bitmap.fill(0);
        for bit in twice {
            bitmap[bit / 64] |= 1 << (bit % 64);
        }
        let suspect = |id: usize| {
            let hash = hash(id);
            is_set(&bitmap, bit(hash)).then(|| tagged(hash, id))
        };
        let mut suspects: Vec<u64> = (0..self.table.len()).filter_map(suspect).collect();
        suspects.sort_unstable();
        self.all_different(&suspects)
    }

    /// Whether no two of the names in `by_name` are the same, told from
    /// their [`tagged`] hashes, sorted: the same names have the same hash,
    /// so only names whose hashes share their upper half (a few in a
    /// million) are compared.
    pub fn all_different(&self, by_name: &[u64]) -> bool {
        let name = |tagged: u64| self.name(tagged as u32);
        by_name.chunk_by(|a, b| a >> 32 == b >> 32).all(|same_hash| {
            let mut rest = same_hash.iter();
            while let Some(&first) = rest.next() {
                if rest.clone().any(|&other| name(other) == name(first)) {
                    return false;
                }
            }
            true
        })
    }

    /// Whether there are no names yet.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// How many names there are.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// The name with id `id`.
    pub fn name(&self, id: u32) -> &str {
        self.table.get(id as usize)
    }

    /// The names, indexed by id.
    pub fn into_table(self) -> NameTable {
        self.table
    }
}

/// A text's `index` tagged with the upper half of its `hash` (that half
/// kept in place, the index in the lower half): sorted, such words are in
/// the order of the hashes, one word each to sort.
pub fn tagged(hash: u64, index: usize) -> u64 {
    hash & !u64::from(u32::MAX) | index as u64
}

/// The letter names nodes are given breadth-first where nothing names
/// them: a, b, ..., z, aa, ab, ..., counted in bijective base 26 like
/// spreadsheet columns, without the names no node may have (`none`, the
/// 256,573rd, is a reserved word).
pub fn letter_names() -> impl Iterator<Item = String> {
    (0..).map(letters).filter(|name| problem_with(name).is_none())
}

/// The letter name number `index` (0-based) in bijective base 26.
fn letters(index: usize) -> String {
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

/// The characters that separate items or values in the classroom lines
/// (`e:3 f:12`, `e=3; f=12`, `a,b`), and so may not be part of a name.
pub const SEPARATORS: [char; 5] = [':', '#', ',', ';', '='];

/// The signs of a bound (`c:≤2`), which the classroom lines read together
/// with the word before them: no name holds one.
pub const BOUND_SIGNS: [char; 2] = ['\u{2264}', '\u{2265}'];

/// Words the classroom lines use for "no node": `pruned: none`.
pub const RESERVED: [&str; 3] = ["none", "-", "\u{2014}"];

/// The bytes of the longest [`RESERVED`] word, `none`.
const LONGEST_RESERVED: usize = 4;

/// Whether `word` is one of the [`RESERVED`] words (`none` in any case):
/// it says "no node" in the classroom lines, and so no node has it as its name.
pub fn is_reserved(word: &str) -> bool {
    RESERVED.iter().any(|reserved| word.eq_ignore_ascii_case(reserved))
}

/// The bytes a name may hold without a closer look: printable ASCII but
/// the separators. A table, because every name of a file is checked:
/// tested against each separator in turn, the check took 5.6 % of
/// `trace --format answer` on the tic-tac-toe tree, through the table 3.5 %.
const PLAIN: [bool; 256] = {
    let mut plain = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        plain[byte] = (byte as u8).is_ascii_graphic();
        byte += 1;
    }
    let mut separator = 0;
    while separator < SEPARATORS.len() {
        plain[SEPARATORS[separator] as usize] = false;
        separator += 1;
    }
    plain
};

/// Why a name cannot be used, or `None` when it is fine.
///
/// Every name the reader takes must come out of every output and back in
/// unchanged: the classroom lines separate items by whitespace and the
/// [`SEPARATORS`], and say "nothing" with the [`RESERVED`] words; a
/// terminal must never receive a control character or an invisible
/// direction mark from a tree file; Graphviz refuses control characters
/// and noncharacters. Any other character, accents and combining marks
/// included, is fine.
pub fn problem_with(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("node names must not be empty".into());
    }
    // Most names are longer than any reserved word, and are not compared.
    if name.len() <= LONGEST_RESERVED && is_reserved(name) {
        return Some(format!("{name:?} means \"no node\" in the classroom lines"));
    }
    // Every byte looked at, without stopping at the first that is not
    // plain: the loop then does one load and one `and` a byte.
    if name.bytes().fold(true, |plain, byte| plain & PLAIN[usize::from(byte)]) {
        return None; // The common case, settled without decoding characters.
    }
    let bad = name.chars().find(|&c| {
        c.is_whitespace()
            || SEPARATORS.contains(&c)
            || BOUND_SIGNS.contains(&c)
            || !crate::terminal::shows(c)
    })?;
    Some(match bad {
        c if c.is_whitespace() => "node names must not contain whitespace".into(),
        c if SEPARATORS.contains(&c) => format!("node names must not contain {c:?}"),
        c if BOUND_SIGNS.contains(&c) => {
            format!("node names must not contain {c:?}, the sign of a bound in the answer lines")
        }
        c => format!("node names must not contain {:?}, which does not show as itself", c),
    })
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
    fn no_reserved_word_is_longer_than_the_longest() {
        let longest = RESERVED.iter().map(|word| word.len()).max();
        assert_eq!(longest, Some(LONGEST_RESERVED));
    }

    #[test]
    fn generated_names_never_reach_the_reserved_word_none() {
        assert_eq!(letters(256_572), "none");
        let names: Vec<String> = letter_names().take(256_575).collect();
        assert!(names.iter().all(|name| problem_with(name).is_none()));
        assert_eq!(names[..3], ["a", "b", "c"]);
        assert_eq!(names[256_571..], ["nond", "nonf", "nong", "nonh"]);
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

    #[test]
    fn name_table_returns_what_was_pushed() {
        let mut table = NameTable::default();
        for name in ["a", "", "long-name"] {
            table.push(name);
        }
        assert_eq!([table.get(0), table.get(1), table.get(2)], ["a", "", "long-name"]);
    }

    #[test]
    fn the_interner_gives_each_name_one_id() {
        let mut interner = Interner::default();
        let names = ["a", "b", "a", "a-rather-long-name", "b", ""];
        let ids: Vec<(u32, bool)> =
            names.iter().map(|name| interner.intern(name).unwrap()).collect();
        assert_eq!(ids, [(0, true), (1, true), (0, false), (2, true), (1, false), (3, true)]);
        assert_eq!(interner.into_table().get(2), "a-rather-long-name");
    }

    #[test]
    fn only_names_of_the_same_hash_are_compared_and_the_same_ones_found() {
        let mut names = Interner::default();
        for name in ["x", "y", "x"] {
            names.add(name).unwrap();
        }
        // Hashes made up: each name tagged with the upper half it is given.
        let tagged = |pairs: &[(u64, u64)]| pairs.iter().map(|&(h, id)| h << 32 | id).collect();
        let by_name: Vec<u64> = tagged(&[(1, 0), (1, 1), (2, 2)]);
        assert!(names.all_different(&by_name), "x and y share a hash, not a name");
        let by_name: Vec<u64> = tagged(&[(1, 0), (1, 1), (1, 2)]);
        assert!(!names.all_different(&by_name), "the two x share both");
        let by_name: Vec<u64> = tagged(&[(1, 0), (2, 1), (3, 2)]);
        assert!(names.all_different(&by_name), "names of other hashes are not compared");
    }

    #[test]
    fn names_added_unindexed_are_checked_at_the_end_or_when_one_is_looked_up() {
        let mut unique = Interner::default();
        for name in ["a", "b", "c"] {
            assert_eq!(unique.add(name).map(|(_, new)| new), Ok(true));
        }
        assert!(!unique.is_indexed() && unique.all_unique());
        assert_eq!(unique.intern("b"), Ok((1, false)));
        assert!(unique.is_indexed());
        assert_eq!(unique.add("b"), Ok((1, false)));

        let mut indexed = Interner::indexed(4);
        assert_eq!([indexed.add("a"), indexed.add("a")], [Ok((0, true)), Ok((0, false))]);

        let mut twice = Interner::default();
        for name in ["a", "b", "a"] {
            twice.add(name).unwrap();
        }
        assert!(!twice.all_unique());
        assert_eq!(twice.intern("c"), Err(SameNames));

        // Enough names that some share a bit of the bitmap: only a name
        // given twice makes them other than unique.
        let mut many = Interner::default();
        for id in 0..100_000 {
            many.add(&format!("n{id}")).unwrap();
        }
        assert!(many.all_unique());
        many.add("n77777").unwrap();
        assert!(!many.all_unique());
    }

    #[test]
    fn names_reject_separators_of_the_classroom_notation() {
        assert!(problem_with("b").is_none());
        assert!(problem_with("e\u{301}").is_none());
        for name in
            ["é\u{1}", "x\u{1b}[2J", "a\u{202e}b", "\u{fffe}", "\u{fdd0}", "zero\u{200b}width"]
        {
            assert!(problem_with(name).is_some(), "{name:?}");
        }
        for name in ["a,b", "a;b", "a=b", "none", "None", "-", "\u{2014}"] {
            assert!(problem_with(name).is_some(), "{name:?}");
        }
        assert!(problem_with("-a").is_none() && problem_with("nonesuch").is_none());
        let said = |name: &str| problem_with(name).unwrap_or_default();
        assert_eq!(said("a\u{2003}b"), "node names must not contain whitespace");
        assert_eq!(said("a,b"), "node names must not contain ','");
        assert_eq!(
            said("a\u{1b}"),
            "node names must not contain '\\u{1b}', which does not show as itself"
        );
        assert_eq!(said("none"), "\"none\" means \"no node\" in the classroom lines");
        assert!(problem_with("a\u{2003}b").is_some());
        assert!(problem_with("x:1").is_some());
        assert!(problem_with("a b").is_some());
        assert!(problem_with("#").is_some());
        assert!(problem_with("").is_some());
    }
}
