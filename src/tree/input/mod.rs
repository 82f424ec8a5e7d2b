//! Reading tree files: the three JSON shapes, detected from the document.
//!
//! - **flat**: `{"root", "player", "perspective", "children", "values", "players"}`,
//!   child lists and values keyed by node name;
//! - **nested arrays**: `[[3, 12, 8], [2, 4, 6]]`, an array is an inner node
//!   and a number a leaf;
//! - **nested objects**: `{"name", "player", "value", "children": [...]}`.
//!
//! The one reader of every shape: the document is read in one pass with
//! serde visitors that build a [`RawTree`] directly, never an intermediate
//! `serde_json::Value`. That keeps large trees small in memory and lets
//! every object reject duplicate keys (serde_json's maps would silently
//! keep the last one). Nested shapes recurse as deep as the document nests:
//! a document that trips serde_json's own limit of 128 levels is scanned
//! for nesting beyond [`MAX_NESTING`] and read again without the limit,
//! with `serde_stacker` growing the stack on demand; the others, flat files
//! among them, pay for neither. Structural checks that need the whole tree
//! (one root, no cycles, ...) are left to [`validate()`](super::validate()).

mod builder;
mod deferred;
mod document;
mod flat;
mod keys;
mod nested;
mod number;

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, DeserializeSeed};

use super::names::{self, NameTable, Naming};
use super::{Perspective, Player};
use crate::num::Value;
use builder::Builder;
use document::Document;
use number::Number;

/// Values beyond this magnitude are not exactly representable as integers
/// in an f64 (nor in a JavaScript number), so they are refused.
pub const MAX_MAGNITUDE: f64 = 9_007_199_254_740_992.0; // 2^53

/// Documents that nest arrays and objects deeper than this are refused
/// before parsing, with a clear error. A nested-arrays tree uses one level
/// per tree level and a nested-objects tree two, so both shapes work to a
/// depth of 100,000; the flat shape has no depth limit.
pub const MAX_NESTING: usize = 200_001;

/// A tree as read from a file, before the structural checks.
///
/// Node ids are indices; everything is kept in flat vectors so that half a
/// million nodes stay small in memory.
#[derive(Debug, Default)]
pub struct RawTree {
    pub names: NameTable,
    /// Each node's child list as (start, length) in `child_ids`; length 0
    /// when the file gave the node no child list (empty lists are refused).
    pub child_spans: Vec<(u32, u32)>,
    pub child_ids: Vec<u32>,
    /// Each node's value; NaN where the file gave none.
    pub values: Vec<f64>,
    pub players: Vec<Option<Player>>,
    /// The flat shape's `probabilities`: a chance node's children's, in
    /// the order of its child list.
    pub probabilities: HashMap<u32, Vec<Value>>,
    /// The nested-object shape's `probability` of a node, given on the node.
    pub probability: HashMap<u32, Value>,
    /// The flat shape's `actions`: the moves that lead to a node's
    /// children, in the order of its child list.
    pub actions: HashMap<u32, Vec<String>>,
    /// The nested-object shape's `action` of a node: the move into it.
    pub action: HashMap<u32, String>,
    pub root: RootSpec,
    /// The file's `player`: who moves at the root.
    pub player: Option<Player>,
    pub perspective: Option<Perspective>,
    /// The flat shape's `graph`: a node may have several parents.
    pub graph: bool,
    /// Some keys were matched to their nodes once the document was read
    /// (see `deferred.rs`): the ids are then not in the order in which the
    /// file first names the nodes, which error messages list them in.
    pub matched_late: bool,
}

/// How a file says which node is the root.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub enum RootSpec {
    /// It does not: the root is the one node that is nobody's child.
    #[default]
    Unnamed,
    /// By name (the flat shape's `root`).
    Named(String),
    /// By its place: the outermost node of a nested shape.
    Node(u32),
}

impl RawTree {
    /// Node `id`'s children, if the file gave it a child list.
    pub fn children(&self, id: usize) -> Option<&[u32]> {
        let (start, len) = self.child_spans[id];
        (len > 0).then(|| &self.child_ids[start as usize..(start + len) as usize])
    }

    /// Node `id`'s value, if the file gave it one.
    pub fn value(&self, id: usize) -> Option<f64> {
        Some(self.values[id]).filter(|v| !v.is_nan())
    }

    /// How many nodes there are.
    pub fn len(&self) -> usize {
        self.child_spans.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.child_spans.is_empty()
    }
}

/// An error in a tree file, with its position when the reader knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeError {
    /// 1-based line and column (in characters) of the problem.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl TreeError {
    /// An error about the tree as a whole, with no position.
    pub fn new(message: impl Into<String>) -> TreeError {
        TreeError { position: None, message: message.into() }
    }

    fn from_json(error: &serde_json::Error, input: &[u8]) -> TreeError {
        let message = json_message(error);
        if error.line() == 0 {
            return TreeError::new(message);
        }
        // serde_json places an error at the last byte it read, counting
        // columns in bytes from 1; column 0 is the newline before the line
        // (the last byte of a file that ends too soon, with a newline).
        let line_start: usize =
            input.split(|&b| b == b'\n').take(error.line() - 1).map(|l| l.len() + 1).sum();
        let offset = (line_start + error.column()).saturating_sub(1);
        TreeError { position: Some(char_position(input, offset)), message }
    }
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, column)) => write!(f, "{line}:{column}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A serde_json error's message without the " at line L column C" it
/// appends, for messages that give the place their own way.
pub fn json_message(error: &serde_json::Error) -> String {
    let full = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_string()
}

/// The line of the last byte serde_json read: the line before when that
/// was the newline ending it (serde_json's column 0), as at the end of a
/// file that ends too soon.
pub fn json_line(error: &serde_json::Error) -> usize {
    match error.column() {
        0 => error.line().saturating_sub(1).max(1),
        _ => error.line(),
    }
}

/// The number of UTF-8 characters in `bytes`: the bytes that start one.
fn char_count(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

/// The 1-based line and column (in characters) of the byte at `offset`.
fn char_position(input: &[u8], offset: usize) -> (usize, usize) {
    let before = &input[..offset.min(input.len())];
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + char_count(&before[line_start..]);
    (line, column)
}

/// The offset of the first `[` or `{` nested deeper than `limit`, if any.
/// serde reads nested values recursively, and an error deep inside them
/// costs time per level, so overly deep documents are caught before they
/// are read without serde_json's limit.
fn first_too_deep(input: &[u8], limit: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(&byte) = input.get(at) {
        match byte {
            b'"' => at = closing_quote(input, at + 1),
            b'[' | b'{' if depth == limit => return Some(at),
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    None
}

/// The offset of the quote that closes a string starting at `from` (the
/// input's length if none does), found by skipping to quotes and escapes.
fn closing_quote(input: &[u8], mut from: usize) -> usize {
    while let Some(found) = memchr::memchr2(b'"', b'\\', &input[from.min(input.len())..]) {
        if input[from + found] == b'"' {
            return from + found;
        }
        from += found + 2; // An escape and the character it escapes.
    }
    input.len()
}

/// Reads a tree document in any of the three shapes. Nodes without a name
/// (nested shapes) are named by `naming`.
pub fn read(input: &[u8], naming: Naming) -> Result<RawTree, TreeError> {
    read_pass(input, naming, false)
}

/// [`read`], with every name looked up as it is read, so that the ids are
/// in the order in which the file first names the nodes.
pub fn read_in_file_order(input: &[u8], naming: Naming) -> Result<RawTree, TreeError> {
    read_pass(input, naming, true)
}

fn read_pass(input: &[u8], naming: Naming, indexed: bool) -> Result<RawTree, TreeError> {
    // A byte-order mark, as some editors save one, is no part of the text.
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let input = std::str::from_utf8(input).map_err(|error| TreeError {
        position: Some(char_position(input, error.valid_up_to())),
        message: "the file is not UTF-8 text".to_string(),
    })?;
    if input.bytes().all(|byte| byte.is_ascii_whitespace()) {
        return Err(TreeError::new("empty input: expected a tree in JSON"));
    }
    let mut pass = Pass { indexed, deep: false };
    loop {
        match read_once(input, naming, pass)? {
            Read::Tree(raw) => return Ok(*raw),
            Read::SameNames => pass.indexed = true,
            Read::TooDeep => {
                if let Some(offset) = first_too_deep(input.as_bytes(), MAX_NESTING) {
                    return Err(TreeError {
                        position: Some(char_position(input.as_bytes(), offset)),
                        message: format!(
                            "arrays and objects nest deeper than {MAX_NESTING} levels; write deep trees in the flat shape"
                        ),
                    });
                }
                pass.deep = true;
            }
        }
    }
}

/// How a pass over the document reads it.
#[derive(Clone, Copy)]
struct Pass {
    /// Names are indexed from the start (see [`names::Interner`]).
    indexed: bool,
    /// Nesting deeper than serde_json's limit of 128 levels is read, with
    /// the stack grown on demand.
    deep: bool,
}

/// What a pass over the document found.
enum Read {
    Tree(Box<RawTree>),
    /// Two names are the same and were not indexed: read again with an index.
    SameNames,
    /// The document nests deeper than serde_json's limit: read it again
    /// without the limit.
    TooDeep,
}

/// One pass over the document.
fn read_once(input: &str, naming: Naming, pass: Pass) -> Result<Read, TreeError> {
    let nodes = input.len() / builder::BYTES_PER_NODE;
    let mut builder = Builder::with_capacity(nodes, pass.indexed);
    let mut de = serde_json::Deserializer::from_str(input);
    let document = Document { builder: &mut builder };
    let parsed = match pass.deep {
        false => document.deserialize(&mut de),
        true => {
            de.disable_recursion_limit();
            document.deserialize(serde_stacker::Deserializer::new(&mut de))
        }
    };
    match parsed.and_then(|()| de.end()) {
        Err(_) if builder.same_names => Ok(Read::SameNames),
        Err(error) if !pass.deep && json_message(&error) == "recursion limit exceeded" => {
            Ok(Read::TooDeep)
        }
        Err(error) => Err(TreeError::from_json(&error, input.as_bytes())),
        Ok(()) => {
            Ok(builder.finish(naming)?.map_or(Read::SameNames, |raw| Read::Tree(Box::new(raw))))
        }
    }
}

fn check_name<E: de::Error>(name: &str) -> Result<(), E> {
    match names::problem_with(name) {
        Some(problem) => Err(E::custom(format!("invalid node name {name:?}: {problem}"))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str, naming: Naming) -> Vec<String> {
        let raw = read(text.as_bytes(), naming).expect("a valid document");
        (0..raw.len()).map(|id| raw.names.get(id).to_string()).collect()
    }

    #[test]
    fn nested_arrays_are_named_breadth_first() {
        let read = names("[[3, 12], [2, [4, 6]]]", Naming::Letters);
        // Created depth-first, named breadth-first: a; b c; d e f g; h i.
        assert_eq!(read, ["a", "b", "d", "e", "c", "f", "g", "h", "i"]);
    }

    #[test]
    fn paths_name_nodes_by_position() {
        let read = names("[[3, 12], [2, [4, 6]]]", Naming::Paths);
        assert_eq!(read, ["root", "1", "1.1", "1.2", "2", "2.1", "2.2", "2.2.1", "2.2.2"]);
    }

    #[test]
    fn nested_objects_keep_explicit_names_and_fill_in_the_rest() {
        let read = names(
            r#"{"name": "top", "children": [{"value": 1}, {"name": "x", "value": 2}]}"#,
            Naming::Letters,
        );
        // The root object is made last, once its shape is known.
        assert_eq!(read, ["b", "x", "top"]);
    }

    #[test]
    fn a_flat_document_may_give_values_before_children() {
        let raw =
            read(br#"{"values": {"b": 1}, "children": {"a": ["b"]}}"#, Naming::Letters).unwrap();
        assert_eq!([raw.names.get(0), raw.names.get(1)], ["b", "a"]);
        assert_eq!([raw.children(0), raw.children(1)], [None, Some(&[0][..])]);
    }

    #[test]
    fn error_columns_count_characters_not_bytes() {
        // "x" is the 26th byte but the 25th character.
        let error =
            read("{\"children\": {\"ö\": [\"b\" x]}}".as_bytes(), Naming::Letters).unwrap_err();
        assert_eq!(error.position, Some((1, 25)));
        let error = read("[\n  \"é\", 1]".as_bytes(), Naming::Letters).unwrap_err();
        assert_eq!(error.position.map(|(line, _)| line), Some(2));
    }

    #[test]
    fn a_file_that_ends_too_soon_is_wrong_where_it_ends() {
        let error = read(b"[[1, 2], [3", Naming::Letters).unwrap_err();
        assert_eq!(error.to_string(), "1:11: EOF while parsing a list");
        let error = read(b"[[1, 2],\n [3\n", Naming::Letters).unwrap_err();
        assert_eq!(error.to_string(), "2:4: EOF while parsing a list");
    }

    #[test]
    fn a_lone_number_beyond_2_to_the_53_is_refused_like_any_value() {
        let error = read(b"9007199254740993", Naming::Letters).unwrap_err();
        assert!(error.message.contains("beyond 2^53"), "{}", error.message);
        assert!(read(b"9007199254740992", Naming::Letters).is_ok());
        let error = read(b"-9007199254740993", Naming::Letters).unwrap_err();
        assert!(error.message.contains("beyond 2^53"), "{}", error.message);
        assert!(read(b"-9007199254740992", Naming::Letters).is_ok());
        for spelt in ["9007199254740993e0", "9007199254740993.0", "-9.007199254740993e15"] {
            let error = read(spelt.as_bytes(), Naming::Letters).unwrap_err();
            assert!(error.message.contains("not below 2^53"), "{spelt}: {}", error.message);
        }
    }

    #[test]
    fn nesting_past_serde_jsons_limit_of_128_is_read_again_without_it() {
        for depth in [127, 128, 129, 1000] {
            let text = format!("{}7{}", "[".repeat(depth), "]".repeat(depth));
            let raw = read(text.as_bytes(), Naming::Letters).expect("a deep chain");
            assert_eq!((raw.len(), raw.value(depth)), (depth + 1, Some(7.0)), "{depth}");
        }
        // An error after the limit tripped is found by the second pass.
        let text = format!("{}7{}}}", "[".repeat(200), "]".repeat(199));
        assert_eq!(read(text.as_bytes(), Naming::Letters).unwrap_err().position, Some((1, 401)));
    }

    #[test]
    fn too_deep_nesting_is_found_outside_strings_only() {
        assert_eq!(first_too_deep(b"[[[1]]]", 2), Some(2));
        assert_eq!(first_too_deep(br#"[["[[[\"[[["]]"#, 2), None);
        assert_eq!(first_too_deep(br#"[["{"]]"#, 2), None);
        assert_eq!(first_too_deep(br#"["\\", [[1]]]"#, 2), Some(8));
        assert_eq!(first_too_deep(br#"["unclosed [[["#, 0), Some(0));
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_other_bytes_must_be_utf8() {
        assert!(read(b"\xEF\xBB\xBF[1, 2]", Naming::Letters).is_ok());
        let error = read(b"[1,\n \"a\xFFb\"]", Naming::Letters).unwrap_err();
        assert_eq!(error.to_string(), "2:4: the file is not UTF-8 text");
    }

    #[test]
    fn long_decimals_are_read_exactly() {
        let raw = read(b"[[4451770270138674.0, 1]]", Naming::Letters).unwrap();
        assert_eq!(raw.value(2), Some(4451770270138674.0));
    }
}
