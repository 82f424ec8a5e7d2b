//! The [`Builder`] the visitors fill while the document is read, and the
//! names it gives the nested shapes' unnamed nodes once it is read.

use std::collections::HashSet;

use serde::de;

use super::deferred::{Deferred, Entry};
use super::keys::FlatField;
use super::{RawTree, RootSpec, TreeError, check_name};
use crate::tree::names::{self, Interner, NameTable, Naming, SameNames};

/// A guess at the input size per node, to size the tables up front
/// instead of growing them (tree files from `gametree gen` take 40 to 50).
pub(super) const BYTES_PER_NODE: usize = 32;

/// Collects nodes while the document is read.
#[derive(Default)]
pub(super) struct Builder {
    pub(super) raw: RawTree,
    /// Names and ids of the flat shape.
    pub(super) interner: Interner,
    /// The nested shapes' explicit names, by id (`None`: to be generated).
    pub(super) explicit: Vec<Option<String>>,
    pub(super) nested: bool,
    /// Guesses of the flat maps' keys.
    preorder: Preorder,
    /// Keys the guesses missed, resolved once the document is read.
    deferred: Deferred,
    /// Whether two nodes turned out to have the same name while names were
    /// not indexed: the document must be read again with an index.
    pub(super) same_names: bool,
}

impl Builder {
    /// A builder with room for about `nodes` nodes. Names are indexed from
    /// the start if `indexed`, else only once a name must be looked up
    /// (see [`Interner`]).
    pub(super) fn with_capacity(nodes: usize, indexed: bool) -> Builder {
        let interner = if indexed { Interner::indexed(nodes) } else { Interner::default() };
        let mut builder = Builder { interner, ..Builder::default() };
        builder.raw.child_spans.reserve(nodes);
        builder.raw.child_ids.reserve(nodes);
        builder.raw.values.reserve(nodes);
        builder.raw.players.reserve(nodes);
        builder
    }

    pub(super) fn add_node(&mut self) -> u32 {
        let id = self.raw.child_spans.len() as u32;
        self.raw.child_spans.push((0, 0));
        self.raw.values.push(f64::NAN);
        self.raw.players.push(None);
        if self.nested {
            self.explicit.push(None);
        }
        id
    }

    /// The id of a node a flat child list names: new, unless names are
    /// indexed and it was named before, or keys are out of pre-order and
    /// it is the node the document's first key named (a key that came
    /// before its parent's child list). Always inlined into the loop over
    /// a child list, the reader's hottest: called, it costs 1.5 % of the
    /// instructions of `trace --format answer` on a tic-tac-toe tree.
    #[inline(always)]
    pub(super) fn mention<E: de::Error>(&mut self, name: &str) -> Result<u32, E> {
        if !self.deferred.is_empty() && self.interner.name(0) == name {
            return Ok(0);
        }
        let added = self.interner.add(name);
        self.created(name, added)
    }

    /// The id of the node named `name`, created if it is new.
    pub(super) fn intern<E: de::Error>(&mut self, name: &str) -> Result<u32, E> {
        let interned = if self.interner.is_empty() {
            self.interner.add(name) // The first name is new: no index needed.
        } else {
            self.interner.intern(name)
        };
        self.created(name, interned)
    }

    /// Makes the node for a name that `interned` says is new.
    pub(super) fn created<E: de::Error>(
        &mut self,
        name: &str,
        interned: Result<(u32, bool), SameNames>,
    ) -> Result<u32, E> {
        let Ok((id, new)) = interned else {
            self.same_names = true;
            return Err(E::custom("a name is used twice"));
        };
        if new {
            check_name::<E>(name)?;
            let added = self.add_node();
            debug_assert_eq!(id, added);
        }
        Ok(id)
    }

    /// The id of the node a key of `children` or `values` names: found
    /// without a lookup where the key is the node the [`Preorder`] guess
    /// expects. `None` for a key out of that order while names are not
    /// indexed: what it maps to is then kept for the end ([`Deferred`]).
    pub(super) fn key<E: de::Error>(
        &mut self,
        field: FlatField,
        name: &str,
    ) -> Result<Option<u32>, E> {
        let names = &self.interner;
        let guess = match field {
            FlatField::Children => self.preorder.inner(names, name),
            _ => self.preorder.leaf(names, name),
        };
        match guess {
            Some(id) => Ok(Some(id)),
            None if names.is_indexed() || names.is_empty() => self.intern(name).map(Some),
            None => Ok(None),
        }
    }

    /// Stores the child list or value a key maps to at its node `id`, or
    /// keeps it for the end if the key is deferred; whether the node had
    /// one already.
    #[inline]
    pub(super) fn store(&mut self, id: Option<u32>, name: &str, entry: Entry) -> bool {
        match id {
            Some(id) => !entry.store(&mut self.raw, id as usize),
            None => {
                self.deferred.push(name, entry);
                false
            }
        }
    }

    /// Notes the child list at `span` of the child ids, whose nodes may be
    /// the next keys.
    pub(super) fn expect_children(&mut self, (start, len): (u32, u32)) {
        let children = &self.raw.child_ids[start as usize..(start + len) as usize];
        self.preorder.pending.extend(children.iter().rev());
    }

    /// Stores a child list read in one piece; returns its span.
    pub(super) fn store_children(&mut self, children: &[u32]) -> (u32, u32) {
        let start = self.raw.child_ids.len() as u32;
        self.raw.child_ids.extend_from_slice(children);
        (start, children.len() as u32)
    }

    /// The tree read; `None` if names were not indexed and two are the
    /// same, so that the document must be read again with an index.
    pub(super) fn finish(mut self, naming: Naming) -> Result<Option<RawTree>, TreeError> {
        if self.raw.is_empty() {
            return Err(TreeError::new("the tree has no nodes"));
        }
        self.preorder = Preorder::default(); // Room for the uniqueness check.
        self.raw.matched_late = !self.deferred.is_empty();
        let resolved = match self.raw.matched_late {
            false => self.interner.all_unique(),
            true => std::mem::take(&mut self.deferred).resolve(&mut self),
        };
        if !resolved {
            return Ok(None);
        }
        self.raw.names =
            if self.nested { self.name_nested(naming)? } else { self.interner.into_table() };
        Ok(Some(self.raw))
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
        if path_bytes > crate::tree::MAX_INPUT_BYTES {
            return Err(TreeError::new(format!(
                "the path names of the unnamed nodes would take {path_bytes} bytes, more than the 4 GiB gametree keeps names in; use --names letters or name the nodes"
            )));
        }
        let mut names: Vec<Option<String>> = self.explicit.clone();
        let mut queue = std::collections::VecDeque::from([(root, String::from("root"))]);
        // The letter name of each node in turn, used where it has no name.
        let mut letters = names::letter_names();
        let mut position = 0;
        while let Some((node, path)) = queue.pop_front() {
            let letter = letters.next().expect("the letter names never run out");
            if names[node as usize].is_none() {
                let name = match naming {
                    Naming::Letters => letter,
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

/// Guesses which node a key of a flat map names, for the common file that
/// lists child lists and values in pre-order (as `gametree gen` writes
/// them): each key is then the node a walk of the tree expects next, and
/// comparing one name settles it. Looking names up instead is a cache miss
/// each on a large tree, and was most of the reading time. A wrong guess
/// costs a comparison: every node is passed over at most once, so reading
/// stays linear whatever the order.
#[derive(Default)]
struct Preorder {
    /// Nodes that may come next as keys of `children`, the next on top.
    pending: Vec<u32>,
    /// Nodes passed over as keys of `children`, in pre-order: the leaves,
    /// in the order `values` lists them.
    leaves: Vec<u32>,
    /// How many of `leaves` keys of `values` have matched.
    matched: usize,
}

impl Preorder {
    /// The node named `key` if it is the next inner node of the walk.
    fn inner(&mut self, names: &Interner, key: &str) -> Option<u32> {
        while let Some(next) = self.pending.pop() {
            if names.name(next) == key {
                return Some(next);
            }
            self.leaves.push(next);
        }
        None
    }

    /// The node named `key` if it is the next leaf of the walk.
    fn leaf(&mut self, names: &Interner, key: &str) -> Option<u32> {
        if self.matched == self.leaves.len() {
            self.leaves.extend(self.pending.pop());
        }
        let next = *self.leaves.get(self.matched)?;
        (names.name(next) == key).then(|| {
            self.matched += 1;
            next
        })
    }
}

#[cfg(test)]
mod tests {
    use serde::de::DeserializeSeed;

    use super::super::Document;
    use super::*;

    /// The builder after reading the document `text`.
    fn read(text: &str) -> Builder {
        let mut builder = Builder::default();
        let mut de = serde_json::Deserializer::from_str(text);
        Document { builder: &mut builder }.deserialize(&mut de).unwrap();
        builder
    }

    /// Whether reading `text` needed an index of the names, or a second
    /// reading with one.
    fn indexed(text: &str) -> bool {
        let builder = read(text);
        builder.interner.is_indexed() || builder.finish(Naming::Letters).unwrap().is_none()
    }

    #[test]
    fn a_flat_file_in_any_key_order_is_read_without_looking_names_up() {
        let file = |children: &str, values: &str| {
            format!(r#"{{"children": {{{children}}}, "values": {{{values}}}}}"#)
        };
        let children = r#""a": ["b", "c"], "b": ["d", "e"], "c": ["f", "g"]"#;
        let values = r#""d": 1, "e": 2, "f": 3, "g": 4"#;
        assert!(!indexed(&file(children, values)));
        // Keys out of pre-order are matched once the file is read: "c"
        // before "b", "g" first, the root last.
        let children = r#""c": ["f", "g"], "b": ["d", "e"], "a": ["b", "c"]"#;
        let values = r#""g": 4, "d": 1, "e": 2, "f": 3"#;
        assert!(!indexed(&file(children, values)));
        // A node two lists name is looked up, and so are the nodes of a
        // file with two keys after the first that no list names.
        assert!(indexed(&file(r#""a": ["b", "c"], "c": ["b"]"#, r#""b": 1"#)));
        let three_roots = r#""c": ["d"], "a": ["b"], "e": ["f"]"#;
        assert!(indexed(&file(three_roots, r#""b": 1, "d": 2, "f": 3"#)));
        // So is a node two lists name in a file whose keys were matched
        // late ("a" comes after its child "c").
        assert!(indexed(&file(r#""c": ["b"], "a": ["b", "c"]"#, r#""b": 1"#)));
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
            let builder = read(text);
            let RootSpec::Node(root) = builder.raw.root else { panic!("no root in {text}") };
            let table = builder.name_nested(Naming::Paths).unwrap();
            let explicit: usize = builder.explicit.iter().flatten().map(String::len).sum();
            assert_eq!(builder.path_name_bytes(root), (table.bytes() - explicit) as u64, "{text}");
        }
    }
}
