//! A generated corpus of small tree documents. A few documents the reader
//! takes, in every shape, each with every subset of a list of extras
//! (optional keys it may have, mostly right: mostly documents that read),
//! and every document one change away from a document with all its extras
//! (a key set to a value, a key or an item removed, an item replaced or
//! added, anywhere in it), from small pools of keys and values that mix
//! the right ones with wrong ones: mostly documents that do not read.
//! Deterministic: the same documents in the same order on every run.

use std::collections::BTreeSet;

use serde_json::Value;

/// A document the reader takes, and extras it may have: a key to set, by
/// the JSON pointer of its object, and the value as JSON.
struct Base {
    document: &'static str,
    extras: &'static [(&'static str, &'static str, &'static str)],
}

const BASES: &[Base] = &[
    Base { document: "7", extras: &[] },
    Base { document: r#""-inf""#, extras: &[] },
    Base { document: r#"[[3, 12.5], [-2, "∞", [0]]]"#, extras: &[] },
    Base {
        document: r#"{"children": {"a": ["b", "c"], "b": ["d", "e"]}, "values": {"c": 3, "d": 1, "e": "-inf"}}"#,
        extras: &[
            ("", "player", r#""min""#),
            ("", "perspective", r#""mover""#),
            ("", "root", r#""a""#),
            ("", "graph", "false"),
            ("/values", "b", "2"),
            ("", "players", r#"{"b": "chance"}"#),
            ("", "probabilities", r#"{"b": [0.25, 0.75]}"#),
            ("", "actions", r#"{"a": ["left", "right"]}"#),
        ],
    },
    Base {
        document: r#"{"graph": true, "children": {"a": ["b", "c"], "b": ["d"], "c": ["d"]}, "values": {"d": 1}}"#,
        extras: &[
            ("", "player", r#""max""#),
            ("", "perspective", r#""max""#),
            ("", "root", r#""a""#),
            ("/values", "a", "0"),
            ("", "actions", r#"{"a": ["x", "y"]}"#),
        ],
    },
    Base {
        document: r#"{"value": 3}"#,
        extras: &[
            ("", "name", r#""r""#),
            ("", "player", r#""min""#),
            ("", "perspective", r#""mover""#),
        ],
    },
    Base {
        document: r#"{"children": [{"value": 1}, {"children": [{"value": 2}, {"value": "inf"}]}]}"#,
        extras: &[
            ("", "name", r#""r""#),
            ("", "player", r#""min""#),
            ("", "perspective", r#""mover""#),
            ("", "value", "0"),
            ("/children/0", "name", r#""s""#),
            ("/children/0", "action", r#""go""#),
            ("/children/1", "player", r#""chance""#),
            ("/children/1/children/0", "probability", "0.5"),
            ("/children/1/children/1", "probability", "0.5"),
        ],
    },
];

/// Keys to set: every key of every object, node names, and one unknown.
const KEYS: &[&str] = &[
    "root",
    "player",
    "perspective",
    "children",
    "values",
    "players",
    "probabilities",
    "actions",
    "graph",
    "name",
    "value",
    "probability",
    "action",
    "a",
    "b",
    "d",
    "comment",
];

/// Values to set keys to and to put in arrays: right for some place, and
/// wrong for others.
const VALUES: &[&str] = &[
    "null",
    "true",
    "0",
    "1",
    "-2.5",
    "0.5",
    "9007199254740993",
    r#""inf""#,
    r#""x""#,
    r#""""#,
    r#""max""#,
    r#""min""#,
    r#""chance""#,
    r#""mover""#,
    "[]",
    "[1]",
    r#"["b"]"#,
    r#"["x", "y"]"#,
    "[0.5, 0.5]",
    r#"[{"value": 1}]"#,
    "[{}]",
    "{}",
    r#"{"b": 1}"#,
    r#"{"b": ["c"]}"#,
    r#"{"b": "chance"}"#,
    r#"{"value": 1}"#,
    r#"{"children": []}"#,
];

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The corpus, each document once.
pub fn documents() -> Vec<Value> {
    let values: Vec<Value> = VALUES.iter().map(|text| parse(text)).collect();
    let mut seen = BTreeSet::new();
    let mut corpus = Vec::new();
    for base in BASES {
        let with_extras = with_subsets_of_extras(base);
        let changed = one_change_from(with_extras.last().expect("all extras"), &values);
        for document in with_extras.into_iter().chain(values.iter().cloned()).chain(changed) {
            if seen.insert(document.to_string()) {
                corpus.push(document);
            }
        }
    }
    corpus
}

/// `base` with every subset of its extras, the one with all of them last.
fn with_subsets_of_extras(base: &Base) -> Vec<Value> {
    let document = parse(base.document);
    let subsets = 0..1u32 << base.extras.len();
    let with = |subset: u32| {
        let mut document = document.clone();
        for (i, &(pointer, key, value)) in base.extras.iter().enumerate() {
            if subset & (1 << i) != 0 {
                let object = document.pointer_mut(pointer).and_then(Value::as_object_mut);
                object.expect("extras go into objects").insert(key.to_string(), parse(value));
            }
        }
        document
    };
    subsets.map(with).collect()
}

/// Every document one change away from `base`.
fn one_change_from(base: &Value, values: &[Value]) -> Vec<Value> {
    let mut changed = Vec::new();
    for pointer in containers(base, String::new()) {
        let mut change = |edit: &dyn Fn(&mut Value)| {
            let mut document = base.clone();
            edit(document.pointer_mut(&pointer).expect("the container is there"));
            changed.push(document);
        };
        match &base.pointer(&pointer).expect("the container is there") {
            Value::Object(fields) => {
                for key in fields.keys() {
                    change(&|at| drop(at.as_object_mut().unwrap().remove(key)));
                }
                for key in KEYS {
                    for value in values {
                        change(&|at| {
                            drop(at.as_object_mut().unwrap().insert(key.to_string(), value.clone()))
                        });
                    }
                }
            }
            Value::Array(items) => {
                for index in 0..items.len() {
                    change(&|at| drop(at.as_array_mut().unwrap().remove(index)));
                    for value in values {
                        change(&|at| at[index] = value.clone());
                    }
                }
                for value in values {
                    change(&|at| at.as_array_mut().unwrap().push(value.clone()));
                }
            }
            _ => unreachable!("containers are objects and arrays"),
        }
    }
    changed
}

/// The JSON pointers of every object and array in `value`, itself first.
fn containers(value: &Value, pointer: String) -> Vec<String> {
    let inner: Vec<(String, &Value)> = match value {
        Value::Object(fields) => fields.iter().map(|(key, v)| (escape(key), v)).collect(),
        Value::Array(items) => items.iter().enumerate().map(|(i, v)| (i.to_string(), v)).collect(),
        _ => return Vec::new(),
    };
    let below = inner.into_iter().flat_map(|(step, v)| containers(v, format!("{pointer}/{step}")));
    [pointer.clone()].into_iter().chain(below).collect()
}

/// A key as a step of a JSON pointer.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
