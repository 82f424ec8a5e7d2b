//! Why the reader refused a document, as far as a JSON Schema can tell:
//! a key or a shape, which the schema must refuse too, or a check beyond
//! any schema (unique names, one root, sums, ...), which it need not.
//!
//! Refusals are told apart by the reader's messages. Only the checks
//! beyond the schema are listed; every other refusal counts as one for a
//! key or a shape, so a new error of the reader is held to the schema
//! until it is listed here with its reason.

use serde_json::Value;

/// Why the reader refused a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A key or a shape: the schema refuses the document too.
    KeyOrShape,
    /// A check no JSON Schema can make, and what it checks.
    BeyondTheSchema(&'static str),
}

/// The reader's checks beyond the schema: a part of each message, and
/// what the check is about.
const BEYOND_THE_SCHEMA: &[(&str, &str)] = &[
    ("duplicate key", "no key twice: a parsed JSON object keeps one of them"),
    ("invalid node name", "the characters of names"),
    ("is used twice", "unique names"),
    ("but another node has that name", "unique names"),
    ("is listed twice as a child of", "a child once in its parent's list"),
    ("is a child of both", "one parent, outside a graph"),
    ("is not a node of the tree", "the root names a node"),
    ("no root: every node is a child", "one root"),
    ("several root candidates", "one root"),
    ("cycle: ", "no cycles"),
    ("the graph has a cycle", "no cycles"),
    ("nodes unreachable from the root", "every node reachable"),
    ("has neither children nor a value", "a value on every leaf"),
    ("by its own entry; keep one", "the root's player agrees with its entry in players"),
    ("has probabilities but is not a chance node", "probabilities at chance nodes only"),
    (", but its parent ", "probabilities at chance nodes only"),
    ("has no probability, but its siblings have", "all of a chance node's probabilities or none"),
    ("is not a number from 0 to 1", "probabilities from 0 to 1"),
    (", not 1", "probabilities that sum to 1"),
    (", but it has ", "one probability or action per child"),
    ("is empty or has a character that does not show", "actions that show as themselves"),
    ("so no one action or probability labels", "no labels into a shared node of a graph"),
    ("unfolds into", "the size of a graph's tree"),
    ("with a fraction or an exponent must be", "2^53 written with a fraction or an exponent"),
    ("nest deeper than", "nesting depth"),
    ("the input is too large", "the size of the input"),
    ("the path names of the unnamed nodes", "the size of generated names"),
];

/// The message of a chance root, beyond the schema when the root's
/// `players` entry makes it one: the schema sees a flat file's `player`,
/// but not which node is its root.
const CHANCE_ROOT: &str = "is a chance node; the root is a move of MAX or MIN";

impl Refusal {
    /// Why the reader refused `document` with `message`.
    pub fn of(message: &str, document: &Value) -> Refusal {
        if message.contains(CHANCE_ROOT) {
            return match document.get("player").and_then(Value::as_str) {
                Some("chance") => Refusal::KeyOrShape,
                _ => Refusal::BeyondTheSchema("the flat root's entry in players"),
            };
        }
        BEYOND_THE_SCHEMA
            .iter()
            .find(|(part, _)| message.contains(part))
            .map_or(Refusal::KeyOrShape, |&(_, check)| Refusal::BeyondTheSchema(check))
    }
}
