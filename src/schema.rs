//! JSON Schemas of what gametree reads and writes (`gametree schema`).
//!
//! The trace schema is generated from the very types that write and parse
//! traces. The input schema describes the three shapes; the reader itself
//! streams through serde visitors, so the shapes are restated here as plain
//! types for the schema generator, with the value spellings taken from the
//! reader's own list; `tests/schema.rs` holds the schema against the reader
//! on every tree file of the tests. Copies are committed under `schemas/`
//! and a test keeps them current.

use std::collections::BTreeMap;

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema, schema_for};

use crate::contract::TraceDocument;
use crate::num::INFINITIES;
use crate::tree::{Perspective, Player};

/// The schema of tree files, pretty-printed.
pub fn input() -> String {
    pretty(schema_for!(TreeFile))
}

/// The schema of `trace --format json` output, pretty-printed.
pub fn trace() -> String {
    pretty(schema_for!(TraceDocument<'static>))
}

fn pretty(schema: schemars::Schema) -> String {
    serde_json::to_string_pretty(&schema).expect("a schema serialises")
}

/// A gametree tree file: one of three shapes, told apart by their form.
#[derive(JsonSchema)]
#[schemars(untagged)]
#[expect(dead_code, reason = "describes the input for the schema generator only")]
enum TreeFile {
    Flat(FlatTree),
    NestedArrays(NestedArray),
    NestedObjects(NestedObject),
}

/// The flat (canonical) shape: child lists and values keyed by node name.
#[derive(JsonSchema, Default)]
#[schemars(deny_unknown_fields)]
#[expect(dead_code, reason = "describes the input for the schema generator only")]
struct FlatTree {
    /// The root's name; by default the one node that is nobody's child.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    root: Option<String>,
    /// Who moves at the root (default max); players alternate by depth.
    #[serde(default)]
    player: Player,
    /// Whose point of view the values are from (default max).
    #[serde(default)]
    perspective: Perspective,
    /// Each inner node's children, left to right (non-empty lists).
    #[serde(default)]
    children: BTreeMap<String, Vec<String>>,
    /// Leaf values, and static evaluations of inner nodes (used under --depth).
    #[serde(default)]
    values: BTreeMap<String, Value>,
    /// Overrides the player of single nodes; "chance" makes a chance node.
    #[serde(default)]
    players: BTreeMap<String, Player>,
    /// A chance node's children's probabilities, in the order of its child
    /// list (default: equally likely); each from 0 to 1, summing to 1.
    #[serde(default)]
    probabilities: BTreeMap<String, Vec<Probability>>,
    /// The actions (moves) that lead to a node's children, in the order of
    /// its child list: edge labels for the text trace and the diagrams.
    #[serde(default)]
    actions: BTreeMap<String, Vec<String>>,
    /// A game graph: a node may be the child of several nodes (a position
    /// reached by different moves); it must have no cycle (default false).
    #[serde(default)]
    graph: bool,
}

/// The chance that a chance node moves to one child.
#[derive(JsonSchema)]
#[schemars(transparent)]
#[expect(dead_code, reason = "describes the input for the schema generator only")]
struct Probability(#[schemars(range(min = 0.0, max = 1.0))] f64);

/// The nested-arrays shape: an array is an inner node, a number a leaf.
/// Nodes are named a, b, c, ... breadth-first (or by path with --names paths).
#[derive(JsonSchema)]
#[schemars(untagged)]
#[expect(dead_code, reason = "describes the input for the schema generator only")]
enum NestedArray {
    Leaf(Value),
    Node(Vec<NestedArray>),
}

/// The nested-objects shape: one object per node.
#[derive(JsonSchema, Default)]
#[schemars(deny_unknown_fields)]
#[expect(dead_code, reason = "describes the input for the schema generator only")]
struct NestedObject {
    /// The node's name; unnamed nodes are named like nested arrays' nodes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    name: Option<String>,
    /// Who moves here; at the root, the base of alternation by depth.
    #[serde(default)]
    player: Player,
    /// Only at the root: whose point of view the values are from.
    #[serde(default)]
    perspective: Perspective,
    /// A leaf's value, or an inner node's static evaluation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Value")]
    value: Option<f64>,
    /// Below a chance node: the chance that it moves here (default: all
    /// its children equally likely).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Probability")]
    probability: Option<f64>,
    /// The action (move) that leads to this node: an edge label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    action: Option<String>,
    /// The children, left to right (non-empty).
    #[serde(default)]
    children: Vec<NestedObject>,
}

/// A node's value: a number of magnitude at most 2^53, or an infinity
/// spelt as one of the strings the reader takes.
struct Value;

impl JsonSchema for Value {
    fn schema_name() -> Cow<'static, str> {
        "Value".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let infinities: Vec<&str> = INFINITIES.iter().map(|&(spelling, _)| spelling).collect();
        json_schema!({
            "description": "A number of magnitude at most 2^53, or an infinity: \"inf\", \"-inf\", \"∞\", \"-∞\", ...",
            "oneOf": [
                {"type": "number", "minimum": -9_007_199_254_740_992_i64, "maximum": 9_007_199_254_740_992_i64},
                {"enum": infinities}
            ]
        })
    }
}
