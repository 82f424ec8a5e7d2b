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

    /// The name at `index`.
    pub fn get(&self, index: usize) -> &str {
        let start = if index == 0 { 0 } else { self.ends[index - 1] as usize };
        &self.text[start..self.ends[index] as usize]
    }
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
    fn names_reject_separators_of_the_classroom_notation() {
        assert!(problem_with("b").is_none());
        assert!(problem_with("x:1").is_some());
        assert!(problem_with("a b").is_some());
        assert!(problem_with("#").is_some());
        assert!(problem_with("").is_some());
    }
}
