//! Node names: compact storage, the generated naming schemes of the nested
//! shapes, and the rule for what a name may contain.

use std::fmt::Write;

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
}

impl NameTable {
    /// Appends a name; its index is the number of names before it.
    pub fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len() as u32);
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
    fn range(&self, index: usize) -> std::ops::Range<usize> {
        let start = if index == 0 { 0 } else { self.ends[index - 1] as usize };
        start..self.ends[index] as usize
    }

    /// The name at `index`.
    pub fn get(&self, index: usize) -> &str {
        &self.text[self.range(index)]
    }
}

/// A [`NameTable`] that also finds names: each name is stored once, in the
/// table, and the index holds only ids.
#[derive(Default)]
pub struct Interner {
    table: NameTable,
    index: hashbrown::HashTable<u32>,
}

impl Interner {
    /// The id of `name`, adding it if it is new; and whether it was new.
    pub fn intern(&mut self, name: &str) -> (u32, bool) {
        let table = &self.table;
        let entry = self.index.entry(
            hash_name(name),
            |&id| &table.text.as_bytes()[table.range(id as usize)] == name.as_bytes(),
            |&id| hash_name(table.get(id as usize)),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(found) => (*found.get(), false),
            hashbrown::hash_table::Entry::Vacant(slot) => {
                let id = table.ends.len() as u32;
                slot.insert(id);
                self.table.push(name);
                (id, true)
            }
        }
    }

    /// Room for about `names` names without growing.
    pub fn with_capacity(names: usize) -> Interner {
        Interner { table: NameTable::default(), index: hashbrown::HashTable::with_capacity(names) }
    }

    /// The names, indexed by id.
    pub fn into_table(self) -> NameTable {
        self.table
    }
}

/// The FxHash function (as in rustc) over a name's bytes, finished with
/// MurmurHash3's 64-bit mixer so that the low bits, which pick the table
/// slot, depend on every byte. Fast, and good enough for names from a local
/// file, where hash flooding is no concern.
fn hash_name(name: &str) -> u64 {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut hash = 0u64;
    let mut chunks = name.as_bytes().chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        hash = (hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
    for &byte in chunks.remainder() {
        hash = (hash.rotate_left(5) ^ u64::from(byte)).wrapping_mul(SEED);
    }
    let mut hash = (hash.rotate_left(5) ^ name.len() as u64).wrapping_mul(SEED);
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

/// Why a name cannot be used, or `None` when it is fine. Whitespace, `:`
/// and `#` separate items in the classroom notation, so names must avoid them.
pub fn problem_with(name: &str) -> Option<&'static str> {
    if name.is_empty() {
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
        let ids: Vec<(u32, bool)> = names.iter().map(|name| interner.intern(name)).collect();
        assert_eq!(ids, [(0, true), (1, true), (0, false), (2, true), (1, false), (3, true)]);
        assert_eq!(interner.into_table().get(2), "a-rather-long-name");
    }

    #[test]
    fn names_reject_separators_of_the_classroom_notation() {
        assert!(problem_with("b").is_none());
        assert!(problem_with("x:1").is_some());
        assert!(problem_with("a b").is_some());
        assert!(problem_with("#").is_some());
        assert!(problem_with("").is_some());
    }
}
