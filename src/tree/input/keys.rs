//! The keys of the objects in a tree file, the keyed maps of the flat
//! shape, and the error for a key that is not one of them, with the nearest
//! known key. `gametree schema input`
//! (`schemas/input.schema.json`) lists the same keys; a unit test of
//! `document.rs` holds its property lists to these tables.
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use crate::spelling;

/// The keys a top-level object may have, of either object shape.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum TopKey {
    Root,
    Player,
    Perspective,
    Children,
    Values,
    Players,
    Probabilities,
    Actions,
    Graph,
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
        (TopKey::Probabilities, "probabilities"),
        (TopKey::Actions, "actions"),
        (TopKey::Graph, "graph"),
        (TopKey::Name, "name"),
        (TopKey::Value, "value"),
    ];
}

/// The keys of the flat shape, for an error about one it does not have.
pub(super) const FLAT_KEYS: Expected<TopKey> = (
    &[
        TopKey::Root,
        TopKey::Player,
        TopKey::Perspective,
        TopKey::Children,
        TopKey::Values,
        TopKey::Players,
        TopKey::Probabilities,
        TopKey::Actions,
        TopKey::Graph,
    ],
    "flat shape",
);

/// The keys of a nested-object root, for an error about one it does not have.
pub(super) const NESTED_ROOT_KEYS: Expected<TopKey> =
    (&[TopKey::Name, TopKey::Player, TopKey::Value, TopKey::Children], "nested-object shape");

/// The keyed maps of the flat shape.
#[derive(Clone, Copy)]
pub(super) enum FlatField {
    Children,
    Values,
    Players,
    Probabilities,
    Actions,
}

impl FlatField {
    /// The maps every top-level object under their key reads as flat
    /// maps (`children` may be the nested shape's, so it is not one).
    const KEYED: [(TopKey, FlatField); 4] = [
        (TopKey::Values, FlatField::Values),
        (TopKey::Players, FlatField::Players),
        (TopKey::Probabilities, FlatField::Probabilities),
        (TopKey::Actions, FlatField::Actions),
    ];

    /// The flat map under the top-level `key`, if it is one of [`KEYED`](Self::KEYED).
    pub(super) fn under(key: TopKey) -> Option<FlatField> {
        Self::KEYED.iter().find(|(k, _)| *k == key).map(|&(_, field)| field)
    }

    /// The top-level key the map is under.
    pub(super) fn key(self) -> &'static str {
        let key = match self {
            FlatField::Children => TopKey::Children,
            FlatField::Values => TopKey::Values,
            FlatField::Players => TopKey::Players,
            FlatField::Probabilities => TopKey::Probabilities,
            FlatField::Actions => TopKey::Actions,
        };
        key.name()
    }
}

/// The keys a node object below the root may have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum NodeKey {
    Name,
    Player,
    Value,
    Probability,
    Action,
    Children,
}

impl ObjectKey for NodeKey {
    const NAMES: &[(NodeKey, &str)] = &[
        (NodeKey::Name, "name"),
        (NodeKey::Player, "player"),
        (NodeKey::Value, "value"),
        (NodeKey::Probability, "probability"),
        (NodeKey::Action, "action"),
        (NodeKey::Children, "children"),
    ];
}

/// The keys of a node object, for an error about one it does not have.
pub(super) const NODE_KEYS: Expected<NodeKey> = (
    &[
        NodeKey::Name,
        NodeKey::Player,
        NodeKey::Value,
        NodeKey::Probability,
        NodeKey::Action,
        NodeKey::Children,
    ],
    "node object",
);

/// The keys of one kind of object in a tree file.
pub(super) trait ObjectKey: Copy + PartialEq + 'static {
    /// Every key with its name in the file.
    const NAMES: &[(Self, &str)];

    /// The key's name in the file.
    fn name(self) -> &'static str {
        Self::NAMES.iter().find(|&&(key, _)| key == self).map_or("", |&(_, name)| name)
    }
}

/// Keys an object expects and what the object is ("flat shape"), for the
/// error about a key it does not know.
pub(super) type Expected<K> = (&'static [K], &'static str);

/// Reads an object key by name. An unknown key is an error that suggests
/// the nearest known one and lists the keys `expected` (a top-level object
/// whose shape is not yet known expects those of either shape).
pub(super) struct KeyOf<K: 'static> {
    pub(super) expected: &'static [Expected<K>],
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
pub(super) fn unknown_key<K: ObjectKey>(text: &str, expected: &[Expected<K>]) -> String {
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
