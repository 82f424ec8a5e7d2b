//! The random inputs of the properties: trees with many ties, any JSON
//! value, and alpha-beta windows.

use gametree::bounds::Window;
use proptest::prelude::*;
use serde_json::{Value, json};

/// A random tree as a nested-objects document (nodes get letter names),
/// its leaves worth -3 to 3 or now and then `"inf"` or `"-inf"`.
pub fn tree_document() -> impl Strategy<Value = Value> {
    tree_document_up_to(5)
}

/// Random trees of at most `depth` levels below the root.
pub fn tree_document_up_to(depth: u32) -> impl Strategy<Value = Value> {
    let value = prop_oneof![
        12 => (-3i64..=3).prop_map(Value::from),
        1 => Just(json!("inf")),
        1 => Just(json!("-inf")),
    ];
    random_tree(depth, value)
}

/// Random trees with leaves worth -3 to 3.
pub fn finite_tree_document() -> impl Strategy<Value = Value> {
    random_tree(5, (-3i64..=3).prop_map(Value::from))
}

fn random_tree(
    depth: u32,
    value: impl Strategy<Value = Value> + 'static,
) -> impl Strategy<Value = Value> {
    let leaf = value.prop_map(|v| json!({ "value": v }));
    let node = leaf.prop_recursive(depth, 80, 4, |child| {
        (prop::option::weighted(0.15, player()), prop::collection::vec(child, 1..=4)).prop_map(
            |(player, children)| match player {
                Some(player) => json!({ "player": player, "children": children }),
                None => json!({ "children": children }),
            },
        )
    });
    (node, player()).prop_map(|(mut root, player)| {
        root["player"] = json!(player);
        root
    })
}

fn player() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("max"), Just("min")]
}

/// Any JSON value, with the keys tree files use among random ones.
pub fn json_value() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        Just("root".to_string()),
        Just("children".to_string()),
        Just("values".to_string()),
        Just("players".to_string()),
        Just("player".to_string()),
        Just("name".to_string()),
        Just("value".to_string()),
        "[a-c]{1,2}",
    ];
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "[a-c:# ]{0,3}".prop_map(Value::String),
        prop_oneof![Just("max"), Just("min")].prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 40, 5, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..5)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

/// A window from -4 to 4 with alpha < beta, or infinite on either side.
pub fn window() -> impl Strategy<Value = Window> {
    let bound = prop_oneof![(-4i32..=4).prop_map(f64::from), Just(f64::INFINITY)];
    (bound.clone(), bound).prop_filter_map("alpha < beta", |(a, b)| {
        let window = Window { alpha: -a, beta: b };
        (window.alpha < window.beta).then_some(window)
    })
}
