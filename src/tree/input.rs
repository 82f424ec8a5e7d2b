//! Reading tree files: the three JSON shapes, detected from the document.
//!
//! - **flat**: `{"root", "player", "perspective", "children", "values", "players"}`,
//!   child lists and values keyed by node name;
//! - **nested arrays**: `[[3, 12, 8], [2, 4, 6]]`, an array is an inner node
//!   and a number a leaf;
//! - **nested objects**: `{"name", "player", "value", "children": [...]}`.
//!
//! The document is read in one streaming pass with serde visitors that build a
//! [`RawTree`] directly, never an intermediate `serde_json::Value`: that keeps
//! large trees small in memory and lets every object reject duplicate keys
//! (serde_json's maps would silently keep the last one). Structural checks
//! that need the whole tree (one root, no cycles, ...) are left to
//! [`validate`](super::validate).

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::names::{self, Naming};
use super::{Perspective, Player};

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
/// Node ids are indices into the vectors. `children[i]` is `None` when the
/// file gave node i no child list.
#[derive(Debug, Default)]
pub struct RawTree {
    pub names: Vec<String>,
    pub children: Vec<Option<Vec<u32>>>,
    pub values: Vec<Option<f64>>,
    pub players: Vec<Option<Player>>,
    /// The root named by the file, if it names one.
    pub root: Option<String>,
    /// The file's `player`: who moves at the root.
    pub player: Option<Player>,
    pub perspective: Option<Perspective>,
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
    let mut builder = Builder::default();
    let mut de = serde_json::Deserializer::from_slice(input);
    de.disable_recursion_limit();
    let parsed = Document { builder: &mut builder }.deserialize(&mut de).and_then(|()| de.end());
    parsed.map_err(|error| TreeError::from_json(&error, input))?;
    builder.finish(naming)
}

/// Collects nodes while the document is read.
#[derive(Default)]
struct Builder {
    raw: RawTree,
    /// Name to id, for the flat shape.
    ids: HashMap<String, u32>,
    /// Which nodes carry an explicit name (nested shapes may omit names).
    named: Vec<bool>,
    nested: bool,
}

impl Builder {
    fn add_node(&mut self, name: Option<String>) -> u32 {
        let id = self.raw.names.len() as u32;
        self.named.push(name.is_some());
        self.raw.names.push(name.unwrap_or_default());
        self.raw.children.push(None);
        self.raw.values.push(None);
        self.raw.players.push(None);
        id
    }

    /// The id of a flat-shape node, created on first mention.
    fn intern<E: de::Error>(&mut self, name: &str) -> Result<u32, E> {
        if let Some(&id) = self.ids.get(name) {
            return Ok(id);
        }
        check_name::<E>(name)?;
        let id = self.add_node(Some(name.to_string()));
        self.ids.insert(name.to_string(), id);
        Ok(id)
    }

    fn finish(mut self, naming: Naming) -> Result<RawTree, TreeError> {
        if self.raw.names.is_empty() {
            return Err(TreeError::new("the tree has no nodes"));
        }
        if self.nested {
            self.name_unnamed(naming)?;
        }
        Ok(self.raw)
    }

    /// Gives generated names to nested-shape nodes without one, in
    /// breadth-first order, and rejects clashes with explicit names.
    fn name_unnamed(&mut self, naming: Naming) -> Result<(), TreeError> {
        let mut taken: HashSet<&str> = HashSet::new();
        for (id, name) in self.raw.names.iter().enumerate() {
            if self.named[id] && !taken.insert(name) {
                return Err(TreeError::new(format!("node name {name:?} is used twice")));
            }
        }
        let mut generated = Vec::new();
        let mut paths = vec![String::from("root")];
        let mut queue = std::collections::VecDeque::from([(0u32, 0usize)]);
        let mut position = 0;
        while let Some((node, path)) = queue.pop_front() {
            if !self.named[node as usize] {
                let name = match naming {
                    Naming::Letters => names::letters(position),
                    Naming::Paths => paths[path].clone(),
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
                generated.push((node, name));
            }
            position += 1;
            for (i, &child) in self.raw.children[node as usize].iter().flatten().enumerate() {
                let parent = (naming == Naming::Paths).then(|| paths[path].as_str());
                let child_path = names::child_path(parent, i + 1);
                paths.push(child_path);
                queue.push_back((child, paths.len() - 1));
            }
        }
        for (node, name) in generated {
            self.raw.names[node as usize] = name;
        }
        Ok(())
    }
}

fn check_name<E: de::Error>(name: &str) -> Result<(), E> {
    match names::problem_with(name) {
        Some(problem) => Err(E::custom(format!("invalid node name {name:?}: {problem}"))),
        None => Ok(()),
    }
}

/// The keys a top-level object may have, of either object shape.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(field_identifier, rename_all = "lowercase")]
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

/// The keys a node object below the root may have.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(field_identifier, rename_all = "lowercase")]
enum NodeKey {
    Name,
    Player,
    Value,
    Children,
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
        self.builder.nested = true;
        NestedArray { builder: self.builder }.visit_seq(seq).map(drop)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.visit_f64(v as f64)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.visit_f64(v as f64)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.builder.nested = true;
        NestedArray { builder: self.builder }.visit_f64(v).map(drop)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        read_top_object(self.builder, map)
    }
}

fn read_top_object<'de, A: MapAccess<'de>>(b: &mut Builder, mut map: A) -> Result<(), A::Error> {
    let mut seen: Vec<TopKey> = Vec::new();
    // The root of a nested-object tree is node 0, created up front; a flat
    // document discards it (see below).
    let root = b.add_node(None);
    let mut nested_children = false;
    while let Some(key) = map.next_key::<TopKey>()? {
        if seen.contains(&key) {
            return Err(de::Error::custom(format!("duplicate key {:?}", key_name(key))));
        }
        seen.push(key);
        match key {
            TopKey::Root => b.raw.root = Some(map.next_value()?),
            TopKey::Player => b.raw.player = Some(map.next_value()?),
            TopKey::Perspective => b.raw.perspective = Some(map.next_value()?),
            TopKey::Values => {
                map.next_value_seed(FlatMap { builder: b, field: FlatField::Values })?
            }
            TopKey::Players => {
                map.next_value_seed(FlatMap { builder: b, field: FlatField::Players })?
            }
            TopKey::Name => {
                let name: String = map.next_value()?;
                check_name::<A::Error>(&name)?;
                b.raw.names[root as usize] = name;
                b.named[root as usize] = true;
            }
            TopKey::Value => {
                b.raw.values[root as usize] = Some(map.next_value_seed(Number::default())?)
            }
            TopKey::Children => {
                nested_children = map.next_value_seed(ChildrenOfTop { builder: b, root })?;
            }
        }
    }
    let is_flat = |k: &&TopKey| flat_only(**k) || (**k == TopKey::Children && !nested_children);
    let is_nested = |k: &&TopKey| {
        matches!(k, TopKey::Name | TopKey::Value) || (**k == TopKey::Children && nested_children)
    };
    let flat_key = seen.iter().find(is_flat);
    let nested_key = seen.iter().find(is_nested);
    match (flat_key, nested_key) {
        (Some(&flat), Some(&nested)) => Err(de::Error::custom(format!(
            "key {:?} belongs to the flat shape and {:?} to the nested-object shape; use one shape",
            key_name(flat),
            key_name(nested),
        ))),
        (None, Some(_)) => {
            b.nested = true;
            Ok(())
        }
        _ => {
            drop_placeholder_root(b, root);
            Ok(())
        }
    }
}

/// Keys that only the flat shape has. (`children` belongs to either shape,
/// settled by its value's type; `player` and `perspective` to both.)
fn flat_only(key: TopKey) -> bool {
    matches!(key, TopKey::Root | TopKey::Values | TopKey::Players)
}

fn key_name(key: TopKey) -> &'static str {
    match key {
        TopKey::Root => "root",
        TopKey::Player => "player",
        TopKey::Perspective => "perspective",
        TopKey::Children => "children",
        TopKey::Values => "values",
        TopKey::Players => "players",
        TopKey::Name => "name",
        TopKey::Value => "value",
    }
}

/// The flat shape has no node 0 of its own: remove the placeholder that
/// [`read_top_object`] created and shift every id down by one.
fn drop_placeholder_root(b: &mut Builder, placeholder: u32) {
    debug_assert_eq!(placeholder, 0);
    b.raw.names.remove(0);
    b.raw.children.remove(0);
    b.raw.values.remove(0);
    b.raw.players.remove(0);
    b.named.remove(0);
    for id in b.ids.values_mut() {
        *id -= 1;
    }
    for child in b.raw.children.iter_mut().flatten().flatten() {
        *child -= 1;
    }
}

/// The value of the top-level `children`: an object (flat shape) or an
/// array of node objects (nested-object shape). Returns whether it was the
/// nested form.
struct ChildrenOfTop<'b> {
    builder: &'b mut Builder,
    root: u32,
}

impl<'de> DeserializeSeed<'de> for ChildrenOfTop<'_> {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<bool, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ChildrenOfTop<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of child lists (flat shape) or an array of nodes (nested shape)")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<bool, A::Error> {
        FlatMap { builder: self.builder, field: FlatField::Children }.visit_map(map)?;
        Ok(false)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<bool, A::Error> {
        let children = read_node_objects(self.builder, seq)?;
        self.builder.raw.children[self.root as usize] = Some(children);
        Ok(true)
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
    fn key(self) -> &'static str {
        match self {
            FlatField::Children => "children",
            FlatField::Values => "values",
            FlatField::Players => "players",
        }
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
        while let Some(name) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            let id = b.intern::<A::Error>(&name)? as usize;
            let duplicate = match self.field {
                FlatField::Children => {
                    let list = map.next_value_seed(ChildList { builder: b, parent: &name })?;
                    b.raw.children[id].replace(list).is_some()
                }
                FlatField::Values => {
                    let value = map.next_value_seed(Number { of: Some(&name) })?;
                    b.raw.values[id].replace(value).is_some()
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

/// A flat-shape child list: a non-empty array of node names.
struct ChildList<'b, 'n> {
    builder: &'b mut Builder,
    parent: &'n str,
}

impl<'de> DeserializeSeed<'de> for ChildList<'_, '_> {
    type Value = Vec<u32>;
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Vec<u32>, D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ChildList<'_, '_> {
    type Value = Vec<u32>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an array of child names for {:?}", self.parent)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u32>, A::Error> {
        let mut children = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(name) = seq.next_element::<std::borrow::Cow<'de, str>>()? {
            children.push(self.builder.intern::<A::Error>(&name)?);
        }
        if children.is_empty() {
            return Err(de::Error::custom(format!(
                "the child list of {:?} is empty; a leaf takes a value instead",
                self.parent
            )));
        }
        Ok(children)
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
        let id = self.builder.add_node(None);
        self.builder.raw.values[id as usize] = Some(value);
        Ok(id)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<u32, A::Error> {
        let id = self.builder.add_node(None);
        let mut children = Vec::new();
        while let Some(child) = seq.next_element_seed(NestedArray { builder: self.builder })? {
            children.push(child);
        }
        if children.is_empty() {
            return Err(de::Error::custom("empty array: an inner node needs at least one child"));
        }
        self.builder.raw.children[id as usize] = Some(children);
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
        let id = b.add_node(None);
        let mut seen: Vec<NodeKey> = Vec::new();
        while let Some(key) = map.next_key::<NodeKey>()? {
            if seen.contains(&key) {
                return Err(de::Error::custom(format!("duplicate key {:?}", node_key_name(key))));
            }
            seen.push(key);
            let node = id as usize;
            match key {
                NodeKey::Name => {
                    let name: String = map.next_value()?;
                    check_name::<A::Error>(&name)?;
                    b.raw.names[node] = name;
                    b.named[node] = true;
                }
                NodeKey::Player => b.raw.players[node] = Some(map.next_value()?),
                NodeKey::Value => {
                    b.raw.values[node] = Some(map.next_value_seed(Number::default())?)
                }
                NodeKey::Children => {
                    let seed = NodeObjects { builder: b };
                    b.raw.children[node] = Some(map.next_value_seed(seed)?);
                }
            }
        }
        Ok(id)
    }
}

fn node_key_name(key: NodeKey) -> &'static str {
    match key {
        NodeKey::Name => "name",
        NodeKey::Player => "player",
        NodeKey::Value => "value",
        NodeKey::Children => "children",
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
        read(text.as_bytes(), naming).expect("a valid document").names
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
        assert_eq!(read, ["top", "b", "x"]);
    }

    #[test]
    fn a_flat_document_may_give_values_before_children() {
        let raw =
            read(br#"{"values": {"b": 1}, "children": {"a": ["b"]}}"#, Naming::Letters).unwrap();
        assert_eq!(raw.names, ["b", "a"]);
        assert_eq!(raw.children, [None, Some(vec![0])]);
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
    fn too_deep_nesting_is_found_outside_strings_only() {
        assert_eq!(first_too_deep(b"[[[1]]]", 2), Some(2));
        assert_eq!(first_too_deep(br#"[["[[[\"[[["]]"#, 2), None);
    }
}
