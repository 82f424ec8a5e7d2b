//! The nested shapes: arrays of arrays and numbers, and node objects.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::builder::Builder;
use super::keys::{KeyOf, NODE_KEYS, NodeKey, ObjectKey};
use super::{Number, check_name};

/// A nested-arrays node: an array (inner node) or a number (leaf).
/// Returns the new node's id.
pub(super) struct NestedArray<'b> {
    pub(super) builder: &'b mut Builder,
}

impl NestedArray<'_> {
    /// A new leaf worth `value`.
    fn leaf(self, value: f64) -> u32 {
        let id = self.builder.add_node();
        self.builder.raw.values[id as usize] = value;
        id
    }
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
        f.write_str("a number or \"inf\"/\"-inf\" (leaf) or an array (inner node)")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u32, E> {
        Ok(self.leaf(Number::default().visit_u64::<E>(v)?))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u32, E> {
        Ok(self.leaf(Number::default().visit_i64::<E>(v)?))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u32, E> {
        Ok(self.leaf(Number::default().visit_f64::<E>(v)?))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<u32, E> {
        Ok(self.leaf(Number::default().visit_str::<E>(v)?))
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
pub(super) fn read_node_objects<'de, A: SeqAccess<'de>>(
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
pub(super) struct NodeObject<'b> {
    pub(super) builder: &'b mut Builder,
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
        f.write_str(
            "a node object with \"name\", \"player\", \"value\", \"probability\", \"action\" or \"children\"",
        )
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
                NodeKey::Probability => drop(b.raw.probability.insert(id, map.next_value()?)),
                NodeKey::Action => drop(b.raw.action.insert(id, map.next_value()?)),
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
pub(super) struct NodeObjects<'b> {
    pub(super) builder: &'b mut Builder,
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
