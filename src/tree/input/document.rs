//! The top of a document: which shape it has, and the top-level object of
//! the flat and nested-object shapes.
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::builder::Builder;
use super::check_name;
use super::flat::FlatMap;
use super::keys::{Expected, FLAT_KEYS, FlatField, KeyOf, NESTED_ROOT_KEYS, ObjectKey, TopKey};
use super::nested::{NestedArray, read_node_objects};
use super::{Number, RootSpec};

/// The whole document: an object (flat or nested-object shape), an array
/// (nested arrays) or a lone number (a one-leaf tree).
pub(super) struct Document<'b> {
    pub(super) builder: &'b mut Builder,
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

    /// A lone infinity is a tree of one leaf; any other string is no tree.
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        match crate::num::infinity(v) {
            Some(_) => self.nested_arrays(|reader| reader.visit_str(v)),
            None => Err(de::Error::invalid_type(de::Unexpected::Str(v), &self)),
        }
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

pub(super) fn read_top_object<'de, A: MapAccess<'de>>(
    b: &mut Builder,
    mut map: A,
) -> Result<(), A::Error> {
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
        if let Some(field) = FlatField::under(key) {
            // Nodes of the nested shape exist already: a map of flat nodes
            // cannot be read beside them.
            if nested_children.is_some() {
                let nested = first_of_shape(&seen, true, ObjectShape::NestedObjects);
                return Err(mixed_shapes(key, nested.unwrap_or(TopKey::Children)));
            }
            map.next_value_seed(FlatMap { builder: b, field })?;
            continue;
        }
        match key {
            TopKey::Root => b.raw.root = RootSpec::Named(map.next_value()?),
            TopKey::Player => b.raw.player = Some(map.next_value()?),
            TopKey::Perspective => b.raw.perspective = Some(map.next_value()?),
            TopKey::Graph => b.raw.graph = map.next_value()?,
            TopKey::Values | TopKey::Players | TopKey::Probabilities | TopKey::Actions => {
                unreachable!("read as a flat map above")
            }
            TopKey::Name => {
                let text: String = map.next_value()?;
                check_name::<A::Error>(&text)?;
                name = Some(text);
            }
            TopKey::Value => value = Some(map.next_value_seed(Number::default())?),
            TopKey::Children => {
                // Nodes of the flat shape may exist already: an array of
                // nested nodes cannot be read beside them.
                let flat = first_of_shape(&seen[..seen.len() - 1], false, ObjectShape::Flat);
                let nested = first_of_shape(&seen, true, ObjectShape::NestedObjects);
                let mixed = flat.zip(nested);
                nested_children = map.next_value_seed(ChildrenOfTop { builder: b, mixed })?
            }
        }
    }
    let first_of = |shape| first_of_shape(&seen, nested_children.is_some(), shape);
    match (first_of(ObjectShape::Flat), first_of(ObjectShape::NestedObjects)) {
        (Some(flat), Some(nested)) => Err(mixed_shapes(flat, nested)),
        (None, Some(_)) => {
            nested_root(b, name, value, nested_children);
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Makes the root of a nested-object document from the fields the
/// top-level object gave it.
fn nested_root(
    b: &mut Builder,
    name: Option<String>,
    value: Option<f64>,
    children: Option<Vec<u32>>,
) {
    b.nested = true;
    let root = b.add_node();
    b.explicit[root as usize] = name;
    b.raw.values[root as usize] = value.unwrap_or(f64::NAN);
    if let Some(children) = children {
        b.raw.child_spans[root as usize] = b.store_children(&children);
    }
    b.raw.root = RootSpec::Node(root);
}

/// The first of the `seen` keys that belongs to `shape`.
pub(super) fn first_of_shape(
    seen: &[TopKey],
    nested_children: bool,
    shape: ObjectShape,
) -> Option<TopKey> {
    seen.iter().copied().find(|&key| ObjectShape::of(key, nested_children) == Some(shape))
}

/// The error for a top-level object with keys of both shapes.
pub(super) fn mixed_shapes<E: de::Error>(flat: TopKey, nested: TopKey) -> E {
    E::custom(format!(
        "key {:?} belongs to the flat shape and {:?} to the nested-object shape; use one shape",
        flat.name(),
        nested.name(),
    ))
}

/// The two shapes a top-level object can have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum ObjectShape {
    Flat,
    NestedObjects,
}

impl ObjectShape {
    /// The shape `key` belongs to, if only one has it: `player` and
    /// `perspective` belong to both, and `children` to the one its value
    /// showed (`nested_children`: an array of node objects).
    fn of(key: TopKey, nested_children: bool) -> Option<ObjectShape> {
        match key {
            TopKey::Root
            | TopKey::Values
            | TopKey::Players
            | TopKey::Probabilities
            | TopKey::Actions
            | TopKey::Graph => Some(ObjectShape::Flat),
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
pub(super) struct ChildrenOfTop<'b> {
    pub(super) builder: &'b mut Builder,
    /// The first flat and nested-object keys before it, were it an array:
    /// then the document mixes the shapes.
    pub(super) mixed: Option<(TopKey, TopKey)>,
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
        if let Some((flat, nested)) = self.mixed {
            return Err(mixed_shapes(flat, nested));
        }
        self.builder.nested = true;
        read_node_objects(self.builder, seq).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::super::keys::NodeKey;
    use super::*;

    /// The property names of one object in `gametree schema input`, sorted.
    fn schema_properties(object: &str) -> Vec<String> {
        let schema: serde_json::Value = serde_json::from_str(&crate::schema::input()).unwrap();
        let properties = schema["$defs"][object]["properties"].as_object();
        let mut names: Vec<String> = properties.expect(object).keys().cloned().collect();
        names.sort();
        names
    }

    /// The names of `keys` for which `keep` holds, sorted.
    fn names_of<K: ObjectKey>(keep: impl Fn(K) -> bool) -> Vec<String> {
        let mut names: Vec<String> =
            K::NAMES.iter().filter(|&&(key, _)| keep(key)).map(|&(_, n)| n.to_string()).collect();
        names.sort();
        names
    }

    /// The keys a top-level object of `shape` takes: its own and those of
    /// either shape (`children` is the nested shape's when it is an array).
    fn top_keys(shape: ObjectShape) -> Vec<String> {
        let nested = shape == ObjectShape::NestedObjects;
        names_of(|key: TopKey| ObjectShape::of(key, nested).is_none_or(|of| of == shape))
    }

    #[test]
    fn the_input_schema_has_the_keys_the_reader_takes_in_each_object() {
        assert_eq!(schema_properties("FlatTree"), top_keys(ObjectShape::Flat));
        assert_eq!(schema_properties("NestedRoot"), top_keys(ObjectShape::NestedObjects));
        assert_eq!(schema_properties("NestedNode"), names_of(|_: NodeKey| true));
    }
}
