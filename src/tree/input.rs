//! Reading tree files: the three JSON shapes, detected from the document.
//!
//! - **flat**: `{"root", "player", "perspective", "children", "values", "players"}`,
//!   child lists and values keyed by node name;
//! - **nested arrays**: `[[3, 12, 8], [2, 4, 6]]`, an array is an inner node
//!   and a number a leaf;
//! - **nested objects**: `{"name", "player", "value", "children": [...]}`.
//!
//! This is the general reader: any document, and every error with its
//! position. (Plain flat documents, the large generated ones, are read
//! faster by `flat_scan`, which builds the same trees and leaves everything
//! else to this reader.) The document is read in one streaming
//! pass with serde visitors that build a [`RawTree`] directly, never an
//! intermediate `serde_json::Value`: that keeps large trees small in memory
//! and lets every object reject duplicate keys (serde_json's maps would
//! silently keep the last one). Structural checks that need the whole tree
//! (one root, no cycles, ...) are left to [`validate()`](super::validate()).

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::names::{self, Interner, NameTable, Naming};
use super::{Perspective, Player};
use crate::spelling;

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
    pub root: RootSpec,
    /// The file's `player`: who moves at the root.
    pub player: Option<Player>,
    pub perspective: Option<Perspective>,
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
        let column = char_column(input, error.line(), error.column());
        TreeError { position: Some((error.line(), column)), message }
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

/// serde_json counts columns in bytes; people count characters.
fn char_column(input: &[u8], line: usize, byte_column: usize) -> usize {
    let line_start: usize = input.split(|&b| b == b'\n').take(line - 1).map(|l| l.len() + 1).sum();
    let end = (line_start + byte_column).min(input.len());
    char_count(&input[line_start.min(end)..end])
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
/// costs time per level, so overly deep documents are caught up front.
fn first_too_deep(input: &[u8], limit: usize) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (offset, &byte) in input.iter().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' if depth == limit => return Some(offset),
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Reads a tree document in any of the three shapes. Nodes without a name
/// (nested shapes) are named by `naming`.
pub fn read(input: &[u8], naming: Naming) -> Result<RawTree, TreeError> {
    if input.iter().all(u8::is_ascii_whitespace) {
        return Err(TreeError::new("empty input: expected a tree in JSON"));
    }
    if let Some(offset) = first_too_deep(input, MAX_NESTING) {
        let (line, column) = char_position(input, offset);
        return Err(TreeError {
            position: Some((line, column)),
            message: format!(
                "arrays and objects nest deeper than {MAX_NESTING} levels; write deep trees in the flat shape"
            ),
        });
    }
    let mut builder = Builder::with_capacity(input.len() / BYTES_PER_NODE);
    let mut de = serde_json::Deserializer::from_slice(input);
    de.disable_recursion_limit();
    let parsed = Document { builder: &mut builder }.deserialize(&mut de).and_then(|()| de.end());
    parsed.map_err(|error| TreeError::from_json(&error, input))?;
    builder.finish(naming)
}

/// A guess at the input size per node, to size the tables up front
/// instead of growing them (tree files from `gametree gen` take 40 to 50).
const BYTES_PER_NODE: usize = 32;

/// Collects nodes while the document is read.
#[derive(Default)]
struct Builder {
    raw: RawTree,
    /// Names and ids of the flat shape.
    interner: Interner,
    /// The nested shapes' explicit names, by id (`None`: to be generated).
    explicit: Vec<Option<String>>,
    nested: bool,
}

impl Builder {
    fn with_capacity(nodes: usize) -> Builder {
        let mut builder =
            Builder { interner: Interner::with_capacity(nodes), ..Builder::default() };
        builder.raw.child_spans.reserve(nodes);
        builder.raw.child_ids.reserve(nodes);
        builder.raw.values.reserve(nodes);
        builder.raw.players.reserve(nodes);
        builder
    }

    fn add_node(&mut self) -> u32 {
        let id = self.raw.child_spans.len() as u32;
        self.raw.child_spans.push((0, 0));
        self.raw.values.push(f64::NAN);
        self.raw.players.push(None);
        if self.nested {
            self.explicit.push(None);
        }
        id
    }

    /// The id of a flat-shape node, created on first mention.
    fn intern<E: de::Error>(&mut self, name: &str) -> Result<u32, E> {
        let (id, new) = self.interner.intern(name);
        if new {
            check_name::<E>(name)?;
            let added = self.add_node();
            debug_assert_eq!(id, added);
        }
        Ok(id)
    }

    /// Stores a child list read in one piece; returns its span.
    fn store_children(&mut self, children: &[u32]) -> (u32, u32) {
        let start = self.raw.child_ids.len() as u32;
        self.raw.child_ids.extend_from_slice(children);
        (start, children.len() as u32)
    }

    fn finish(mut self, naming: Naming) -> Result<RawTree, TreeError> {
        if self.raw.is_empty() {
            return Err(TreeError::new("the tree has no nodes"));
        }
        self.raw.names =
            if self.nested { self.name_nested(naming)? } else { self.interner.into_table() };
        Ok(self.raw)
    }

    /// Names the nested shapes' nodes: the explicit names, and generated
    /// ones for the rest in breadth-first order. Rejects a name used twice.
    fn name_nested(&self, naming: Naming) -> Result<NameTable, TreeError> {
        let mut taken: HashSet<&str> = HashSet::new();
        for name in self.explicit.iter().flatten() {
            if !taken.insert(name) {
                return Err(TreeError::new(format!("node name {name:?} is used twice")));
            }
        }
        let RootSpec::Node(root) = self.raw.root else {
            return Err(TreeError::new("a nested tree has no root"));
        };
        let path_bytes = if naming == Naming::Paths { self.path_name_bytes(root) } else { 0 };
        if path_bytes > super::MAX_INPUT_BYTES {
            return Err(TreeError::new(format!(
                "the path names of the unnamed nodes would take {path_bytes} bytes, more than the 4 GiB gametree keeps names in; use --names letters or name the nodes"
            )));
        }
        let mut names: Vec<Option<String>> = self.explicit.clone();
        let mut queue = std::collections::VecDeque::from([(root, String::from("root"))]);
        let mut position = 0;
        while let Some((node, path)) = queue.pop_front() {
            if names[node as usize].is_none() {
                let name = match naming {
                    Naming::Letters => names::letters(position),
                    Naming::Paths => path.clone(),
                };
                if taken.contains(name.as_str()) {
                    let place = match naming {
                        Naming::Letters => {
                            format!("number {} in breadth-first order", position + 1)
                        }
                        Naming::Paths => format!("at path {name}"),
                    };
                    return Err(TreeError::new(format!(
                        "the unnamed node {place} would be named {name:?}, but another node has that name; name it explicitly"
                    )));
                }
                names[node as usize] = Some(name);
            }
            position += 1;
            let parent = (naming == Naming::Paths).then_some(path.as_str());
            for (i, &child) in
                self.raw.children(node as usize).unwrap_or_default().iter().enumerate()
            {
                queue.push_back((child, names::child_path(parent, i + 1)));
            }
        }
        let mut table = NameTable::default();
        for name in names {
            table.push(name.as_deref().unwrap_or_default());
        }
        Ok(table)
    }

    /// How many bytes the path names of the unnamed nodes take, counted
    /// without making them: in a deep tree they grow with the depth, and a
    /// chain 100,000 deep would need 10 GB of them.
    fn path_name_bytes(&self, root: u32) -> u64 {
        let mut total = 0;
        // Nodes with the length of their path name; `root` is 4 bytes.
        let mut queue = std::collections::VecDeque::from([(root, None)]);
        while let Some((node, length)) = queue.pop_front() {
            if self.explicit[node as usize].is_none() {
                total += length.unwrap_or(4);
            }
            for (i, &child) in
                self.raw.children(node as usize).unwrap_or_default().iter().enumerate()
            {
                queue.push_back((child, Some(names::child_path_len(length, i + 1))));
            }
        }
        total
    }
}

fn check_name<E: de::Error>(name: &str) -> Result<(), E> {
    match names::problem_with(name) {
        Some(problem) => Err(E::custom(format!("invalid node name {name:?}: {problem}"))),
        None => Ok(()),
    }
}

/// The keys a top-level object may have, of either object shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TopKey {
    Root,
    Player,
    Perspective,
    Children,
    Values,
    Players,
    Name,
    Value,
}

impl ObjectKey for TopKey {
    const NAMES: &[(TopKey, &str)] = &[
        (TopKey::Root, "root"),
        (TopKey::Player, "player"),
        (TopKey::Perspective, "perspective"),
        (TopKey::Children, "children"),
        (TopKey::Values, "values"),
        (TopKey::Players, "players"),
        (TopKey::Name, "name"),
        (TopKey::Value, "value"),
    ];
}

/// The keys of the flat shape, for an error about one it does not have.
const FLAT_KEYS: Expected<TopKey> = (
    &[
        TopKey::Root,
        TopKey::Player,
        TopKey::Perspective,
        TopKey::Children,
        TopKey::Values,
        TopKey::Players,
    ],
    "flat shape",
);

/// The keys of a nested-object root, for an error about one it does not have.
const NESTED_ROOT_KEYS: Expected<TopKey> =
    (&[TopKey::Name, TopKey::Player, TopKey::Value, TopKey::Children], "nested-object shape");

/// The keys a node object below the root may have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum NodeKey {
    Name,
    Player,
    Value,
    Children,
}

impl ObjectKey for NodeKey {
    const NAMES: &[(NodeKey, &str)] = &[
        (NodeKey::Name, "name"),
        (NodeKey::Player, "player"),
        (NodeKey::Value, "value"),
        (NodeKey::Children, "children"),
    ];
}

/// The keys of a node object, for an error about one it does not have.
const NODE_KEYS: Expected<NodeKey> =
    (&[NodeKey::Name, NodeKey::Player, NodeKey::Value, NodeKey::Children], "node object");

/// The keys of one kind of object in a tree file.
trait ObjectKey: Copy + PartialEq + 'static {
    /// Every key with its name in the file.
    const NAMES: &[(Self, &str)];

    /// The key's name in the file.
    fn name(self) -> &'static str {
        Self::NAMES.iter().find(|&&(key, _)| key == self).map_or("", |&(_, name)| name)
    }
}

/// Keys an object expects and what the object is ("flat shape"), for the
/// error about a key it does not know.
type Expected<K> = (&'static [K], &'static str);

/// Reads an object key by name. An unknown key is an error that suggests
/// the nearest known one and lists the keys `expected` (a top-level object
/// whose shape is not yet known expects those of either shape).
struct KeyOf<K: 'static> {
    expected: &'static [Expected<K>],
}

impl<'de, K: ObjectKey> DeserializeSeed<'de> for KeyOf<K> {
    type Value = K;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<K, D::Error> {
        de.deserialize_identifier(self)
    }
}

impl<K: ObjectKey> Visitor<'_> for KeyOf<K> {
    type Value = K;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<K, E> {
        match K::NAMES.iter().find(|&&(_, name)| name == text) {
            Some(&(key, _)) => Ok(key),
            None => Err(E::custom(unknown_key(text, self.expected))),
        }
    }
}

/// `unknown key "chlidren" (did you mean "children"?); expected root, ...
/// or players (flat shape)`.
fn unknown_key<K: ObjectKey>(text: &str, expected: &[Expected<K>]) -> String {
    let known = expected.iter().flat_map(|(keys, _)| keys.iter().map(|key| key.name()));
    let suggestion = spelling::did_you_mean(spelling::nearest(text, known));
    let lists: Vec<String> = expected
        .iter()
        .map(|(keys, object)| {
            let names: Vec<&str> = keys.iter().map(|key| key.name()).collect();
            format!("{} ({object})", spelling::one_of(&names))
        })
        .collect();
    format!("unknown key {text:?}{suggestion}; expected {}", lists.join(", or "))
}

/// The whole document: an object (flat or nested-object shape), an array
/// (nested arrays) or a lone number (a one-leaf tree).
struct Document<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for Document<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Document<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tree: an object or an array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.nested_arrays(|reader| reader.visit_seq(seq))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.nested_arrays(|reader| reader.visit_u64(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.nested_arrays(|reader| reader.visit_i64(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.nested_arrays(|reader| reader.visit_f64(v))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        read_top_object(self.builder, map)
    }
}

impl Document<'_> {
    /// The document is a nested-arrays tree (or a lone number): `read` reads
    /// its root.
    fn nested_arrays<E>(
        self,
        read: impl FnOnce(NestedArray<'_>) -> Result<u32, E>,
    ) -> Result<(), E> {
        self.builder.nested = true;
        let root = read(NestedArray { builder: &mut *self.builder })?;
        self.builder.raw.root = RootSpec::Node(root);
        Ok(())
    }
}

fn read_top_object<'de, A: MapAccess<'de>>(b: &mut Builder, mut map: A) -> Result<(), A::Error> {
    let mut seen: Vec<TopKey> = Vec::new();
    // A nested-object root's own fields, kept until the shape is known.
    let (mut name, mut value, mut nested_children) = (None, None, None);
    loop {
        let shape = seen.iter().find_map(|&key| ObjectShape::of(key, nested_children.is_some()));
        let Some(key) = map.next_key_seed(KeyOf { expected: ObjectShape::expected(shape) })? else {
            break;
        };
        if seen.contains(&key) {
            return Err(de::Error::custom(format!("duplicate key {:?}", key.name())));
        }
        seen.push(key);
        // Nodes of the nested shape exist already: a map of flat nodes
        // cannot be read beside them.
        if nested_children.is_some() && matches!(key, TopKey::Values | TopKey::Players) {
            let nested = first_of_shape(&seen, true, ObjectShape::NestedObjects);
            return Err(mixed_shapes(key, nested.unwrap_or(TopKey::Children)));
        }
        match key {
            TopKey::Root => b.raw.root = RootSpec::Named(map.next_value()?),
            TopKey::Player => b.raw.player = Some(map.next_value()?),
            TopKey::Perspective => b.raw.perspective = Some(map.next_value()?),
            TopKey::Values => {
                map.next_value_seed(FlatMap { builder: b, field: FlatField::Values })?
            }
            TopKey::Players => {
                map.next_value_seed(FlatMap { builder: b, field: FlatField::Players })?
            }
            TopKey::Name => {
                let text: String = map.next_value()?;
                check_name::<A::Error>(&text)?;
                name = Some(text);
            }
            TopKey::Value => value = Some(map.next_value_seed(Number::default())?),
            TopKey::Children => {
                nested_children = map.next_value_seed(ChildrenOfTop { builder: b })?
            }
        }
    }
    let first_of = |shape| first_of_shape(&seen, nested_children.is_some(), shape);
    match (first_of(ObjectShape::Flat), first_of(ObjectShape::NestedObjects)) {
        (Some(flat), Some(nested)) => Err(mixed_shapes(flat, nested)),
        (None, Some(_)) => {
            b.nested = true;
            let root = b.add_node();
            b.explicit[root as usize] = name;
            b.raw.values[root as usize] = value.unwrap_or(f64::NAN);
            if let Some(children) = nested_children {
                b.raw.child_spans[root as usize] = b.store_children(&children);
            }
            b.raw.root = RootSpec::Node(root);
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The first of the `seen` keys that belongs to `shape`.
fn first_of_shape(seen: &[TopKey], nested_children: bool, shape: ObjectShape) -> Option<TopKey> {
    seen.iter().copied().find(|&key| ObjectShape::of(key, nested_children) == Some(shape))
}

/// The error for a top-level object with keys of both shapes.
fn mixed_shapes<E: de::Error>(flat: TopKey, nested: TopKey) -> E {
    E::custom(format!(
        "key {:?} belongs to the flat shape and {:?} to the nested-object shape; use one shape",
        flat.name(),
        nested.name(),
    ))
}

/// The two shapes a top-level object can have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ObjectShape {
    Flat,
    NestedObjects,
}

impl ObjectShape {
    /// The shape `key` belongs to, if only one has it: `player` and
    /// `perspective` belong to both, and `children` to the one its value
    /// showed (`nested_children`: an array of node objects).
    fn of(key: TopKey, nested_children: bool) -> Option<ObjectShape> {
        match key {
            TopKey::Root | TopKey::Values | TopKey::Players => Some(ObjectShape::Flat),
            TopKey::Name | TopKey::Value => Some(ObjectShape::NestedObjects),
            TopKey::Children if nested_children => Some(ObjectShape::NestedObjects),
            TopKey::Children => Some(ObjectShape::Flat),
            TopKey::Player | TopKey::Perspective => None,
        }
    }

    /// The keys an object of `shape` expects; of either shape while the
    /// shape is not known.
    fn expected(shape: Option<ObjectShape>) -> &'static [Expected<TopKey>] {
        match shape {
            Some(ObjectShape::Flat) => &[FLAT_KEYS],
            Some(ObjectShape::NestedObjects) => &[NESTED_ROOT_KEYS],
            None => &[FLAT_KEYS, NESTED_ROOT_KEYS],
        }
    }
}

/// The value of the top-level `children`: an object (flat shape, stored
/// at once) or an array of node objects (nested-object shape, whose ids are
/// returned for the root made once the whole object is read).
struct ChildrenOfTop<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for ChildrenOfTop<'_> {
    type Value = Option<Vec<u32>>;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Option<Vec<u32>>, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ChildrenOfTop<'_> {
    type Value = Option<Vec<u32>>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of child lists (flat shape) or an array of nodes (nested shape)")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Option<Vec<u32>>, A::Error> {
        FlatMap { builder: self.builder, field: FlatField::Children }.visit_map(map)?;
        Ok(None)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<Vec<u32>>, A::Error> {
        self.builder.nested = true;
        read_node_objects(self.builder, seq).map(Some)
    }
}

/// The three keyed maps of the flat shape.
#[derive(Clone, Copy)]
enum FlatField {
    Children,
    Values,
    Players,
}

impl FlatField {
    /// The top-level key the map is under.
    fn key(self) -> &'static str {
        let key = match self {
            FlatField::Children => TopKey::Children,
            FlatField::Values => TopKey::Values,
            FlatField::Players => TopKey::Players,
        };
        key.name()
    }
}

/// One of the flat shape's maps from node name to child list, value or
/// player. A name given twice in the same map is an error.
struct FlatMap<'b> {
    builder: &'b mut Builder,
    field: FlatField,
}

impl<'de> DeserializeSeed<'de> for FlatMap<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for FlatMap<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an object keyed by node name for {:?}", self.field.key())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let b = self.builder;
        while let Some(Name(name)) = map.next_key::<Name<'de>>()? {
            let id = b.intern::<A::Error>(&name)? as usize;
            let duplicate = match self.field {
                FlatField::Children => {
                    let span = map.next_value_seed(ChildList { builder: b, parent: &name })?;
                    std::mem::replace(&mut b.raw.child_spans[id], span).1 > 0
                }
                FlatField::Values => {
                    let value = map.next_value_seed(Number { of: Some(&name) })?;
                    !std::mem::replace(&mut b.raw.values[id], value).is_nan()
                }
                FlatField::Players => b.raw.players[id].replace(map.next_value()?).is_some(),
            };
            if duplicate {
                return Err(de::Error::custom(format!(
                    "duplicate key {name:?} in {:?}",
                    self.field.key()
                )));
            }
        }
        Ok(())
    }
}

/// A flat-shape child list: a non-empty array of node names, stored as
/// it is read. Returns its span in the child ids.
struct ChildList<'b, 'n> {
    builder: &'b mut Builder,
    parent: &'n str,
}

impl<'de> DeserializeSeed<'de> for ChildList<'_, '_> {
    type Value = (u32, u32);
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(u32, u32), D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ChildList<'_, '_> {
    type Value = (u32, u32);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an array of child names for {:?}", self.parent)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(u32, u32), A::Error> {
        let b = self.builder;
        let start = b.raw.child_ids.len();
        while let Some(Name(name)) = seq.next_element::<Name<'de>>()? {
            let id = b.intern::<A::Error>(&name)?;
            b.raw.child_ids.push(id);
        }
        let len = b.raw.child_ids.len() - start;
        if len == 0 {
            return Err(de::Error::custom(format!(
                "the child list of {:?} is empty; a leaf takes a value instead",
                self.parent
            )));
        }
        Ok((start as u32, len as u32))
    }
}

/// A name as the document has it: borrowed from the input unless it
/// contains escapes, so most names cost no allocation.
struct Name<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Name<'de> {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Name<'de>, D::Error> {
        struct NameVisitor;
        impl<'de> Visitor<'de> for NameVisitor {
            type Value = Name<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a node name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Name<'de>, E> {
                Ok(Name(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Name<'de>, E> {
                Ok(Name(Cow::Owned(v.to_string())))
            }
        }
        de.deserialize_str(NameVisitor)
    }
}

/// A node value: a finite JSON number of magnitude at most 2^53, for the
/// node named `of` when its name is known.
#[derive(Clone, Copy, Default)]
struct Number<'n> {
    of: Option<&'n str>,
}

impl Number<'_> {
    fn too_large<E: de::Error>(self, shown: impl fmt::Display) -> E {
        let node = self.of.map(|name| format!(" of {name}")).unwrap_or_default();
        E::custom(format!("value {shown}{node} is beyond 2^53 in magnitude"))
    }
}

impl<'de> DeserializeSeed<'de> for Number<'_> {
    type Value = f64;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<f64, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Number<'_> {
    type Value = f64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.of {
            Some(name) => write!(f, "a finite number as the value of {name}"),
            None => f.write_str("a finite number"),
        }
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        if v > MAX_MAGNITUDE as u64 {
            return Err(self.too_large(v));
        }
        Ok(v as f64)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        if v.unsigned_abs() > MAX_MAGNITUDE as u64 {
            return Err(self.too_large(v));
        }
        Ok(v as f64)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        if !v.is_finite() || v.abs() > MAX_MAGNITUDE {
            return Err(self.too_large(format_args!("{v:e}")));
        }
        Ok(v)
    }
}

/// A nested-arrays node: an array (inner node) or a number (leaf).
/// Returns the new node's id.
struct NestedArray<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for NestedArray<'_> {
    type Value = u32;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<u32, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for NestedArray<'_> {
    type Value = u32;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number (leaf) or an array (inner node)")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u32, E> {
        self.visit_f64(Number::default().visit_u64::<E>(v)?)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u32, E> {
        self.visit_f64(Number::default().visit_i64::<E>(v)?)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u32, E> {
        let value = Number::default().visit_f64::<E>(v)?;
        let id = self.builder.add_node();
        self.builder.raw.values[id as usize] = value;
        Ok(id)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<u32, A::Error> {
        let b = self.builder;
        let id = b.add_node();
        let mut children = Vec::new();
        while let Some(child) = seq.next_element_seed(NestedArray { builder: b })? {
            children.push(child);
        }
        if children.is_empty() {
            return Err(de::Error::custom("empty array: an inner node needs at least one child"));
        }
        b.raw.child_spans[id as usize] = b.store_children(&children);
        Ok(id)
    }
}

/// Reads an array of nested node objects, returning their ids.
fn read_node_objects<'de, A: SeqAccess<'de>>(
    b: &mut Builder,
    mut seq: A,
) -> Result<Vec<u32>, A::Error> {
    let mut children = Vec::new();
    while let Some(child) = seq.next_element_seed(NodeObject { builder: b })? {
        children.push(child);
    }
    if children.is_empty() {
        return Err(de::Error::custom(
            "empty \"children\" array: a leaf takes a \"value\" instead",
        ));
    }
    Ok(children)
}

/// A nested-object node below the root. Returns the new node's id.
struct NodeObject<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for NodeObject<'_> {
    type Value = u32;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<u32, D::Error> {
        de.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for NodeObject<'_> {
    type Value = u32;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node object with \"name\", \"player\", \"value\" or \"children\"")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<u32, A::Error> {
        let b = self.builder;
        let id = b.add_node();
        let mut seen: Vec<NodeKey> = Vec::new();
        while let Some(key) = map.next_key_seed(KeyOf { expected: &[NODE_KEYS] })? {
            if seen.contains(&key) {
                return Err(de::Error::custom(format!("duplicate key {:?}", key.name())));
            }
            seen.push(key);
            let node = id as usize;
            match key {
                NodeKey::Name => {
                    let name: String = map.next_value()?;
                    check_name::<A::Error>(&name)?;
                    b.explicit[node] = Some(name);
                }
                NodeKey::Player => b.raw.players[node] = Some(map.next_value()?),
                NodeKey::Value => b.raw.values[node] = map.next_value_seed(Number::default())?,
                NodeKey::Children => {
                    let children = map.next_value_seed(NodeObjects { builder: b })?;
                    b.raw.child_spans[node] = b.store_children(&children);
                }
            }
        }
        Ok(id)
    }
}

/// The `children` array of a nested node object.
struct NodeObjects<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for NodeObjects<'_> {
    type Value = Vec<u32>;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Vec<u32>, D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for NodeObjects<'_> {
    type Value = Vec<u32>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of node objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Vec<u32>, A::Error> {
        read_node_objects(self.builder, seq)
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
    fn path_names_are_counted_before_they_are_made() {
        let wide = format!("[{}]", vec!["1"; 120].join(", "));
        let texts = [
            "[[3, 12], [2, [4, 6]]]",
            "[[[[[[[[[[[1]]]]]]]]]]]",
            r#"{"name": "top", "children": [{"value": 1}, {"name": "x", "children": [{"value": 2}]}]}"#,
            &wide,
        ];
        for text in texts {
            let mut builder = Builder::default();
            let mut de = serde_json::Deserializer::from_str(text);
            Document { builder: &mut builder }.deserialize(&mut de).unwrap();
            let RootSpec::Node(root) = builder.raw.root else { panic!("no root in {text}") };
            let table = builder.name_nested(Naming::Paths).unwrap();
            let explicit: usize = builder.explicit.iter().flatten().map(String::len).sum();
            assert_eq!(builder.path_name_bytes(root), (table.bytes() - explicit) as u64, "{text}");
        }
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
    fn a_lone_number_beyond_2_to_the_53_is_refused_like_any_value() {
        let error = read(b"9007199254740993", Naming::Letters).unwrap_err();
        assert!(error.message.contains("beyond 2^53"), "{}", error.message);
        assert!(read(b"9007199254740992", Naming::Letters).is_ok());
    }

    #[test]
    fn too_deep_nesting_is_found_outside_strings_only() {
        assert_eq!(first_too_deep(b"[[[1]]]", 2), Some(2));
        assert_eq!(first_too_deep(br#"[["[[[\"[[["]]"#, 2), None);
    }
}
