//! The flat shape's maps: child lists, values and players keyed by node name.
use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::Number;
use super::builder::Builder;
use super::deferred::Entry;
use super::keys::FlatField;

/// One of the flat shape's maps from node name to child list, value or
/// player. A name given twice in the same map is an error.
pub(super) struct FlatMap<'b> {
    pub(super) builder: &'b mut Builder,
    pub(super) field: FlatField,
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
            let duplicate = match self.field {
                FlatField::Children => {
                    let id = b.key::<A::Error>(self.field, &name)?;
                    let span = map.next_value_seed(ChildList { builder: b, parent: &name })?;
                    b.expect_children(span);
                    b.store(id, &name, Entry::Children(span))
                }
                FlatField::Values => {
                    let id = b.key::<A::Error>(self.field, &name)?;
                    let value = map.next_value_seed(Number { of: Some(&name) })?;
                    b.store(id, &name, Entry::Value(value))
                }
                FlatField::Players => {
                    let id = b.intern::<A::Error>(&name)? as usize;
                    b.raw.players[id].replace(map.next_value()?).is_some()
                }
                FlatField::Probabilities => {
                    let id = b.intern::<A::Error>(&name)?;
                    b.raw.probabilities.insert(id, map.next_value()?).is_some()
                }
                FlatField::Actions => {
                    let id = b.intern::<A::Error>(&name)?;
                    b.raw.actions.insert(id, map.next_value()?).is_some()
                }
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
pub(super) struct ChildList<'b, 'n> {
    pub(super) builder: &'b mut Builder,
    pub(super) parent: &'n str,
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
            let id = b.mention::<A::Error>(&name)?;
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
pub(super) struct Name<'de>(Cow<'de, str>);

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
