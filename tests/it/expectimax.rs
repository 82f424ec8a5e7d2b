//! Expectimax against an independent reference: random trees with chance
//! nodes (with and without probabilities, some of them 0), many ties, both
//! root players, with and without a depth limit. The reference computes
//! from the JSON document itself, recursively, apart from the reader and
//! the engine. When a property fails, proptest prints the smallest tree it
//! found as the JSON that `gametree trace` reads.

use std::io;

use gametree::search::{self, Algorithm, Event, Options, Outcome, Sink};
use gametree::tree::{self, Naming, Overrides, Player, Tree};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A random tree as a nested-objects document: leaves worth -3 to 3,
/// inner nodes with a static value of -3 to 3 (used under a depth limit),
/// about a third of the inner nodes below the root chance nodes, half of
/// those with explicit probabilities (integer weights 0 to 3, scaled).
fn chance_tree() -> impl Strategy<Value = Value> {
    let leaf = (-3i64..=3).prop_map(|v| json!({ "value": v }));
    let node = leaf.prop_recursive(5, 80, 4, |child| {
        let kind = prop_oneof![4 => Just("player"), 1 => Just("max"), 1 => Just("min"), 3 => Just("chance")];
        let children = prop::collection::vec((child, 0u32..=3), 1..=4);
        (kind, children, -3i64..=3, any::<bool>()).prop_map(|(kind, children, value, weighted)| {
            let total: u32 = children.iter().map(|(_, weight)| weight).sum();
            let weighted = kind == "chance" && weighted && total > 0;
            let children: Vec<Value> = children
                .into_iter()
                .map(|(mut child, weight)| {
                    if weighted {
                        child["probability"] = json!(f64::from(weight) / f64::from(total));
                    }
                    child
                })
                .collect();
            let mut node = json!({ "value": value, "children": children });
            if kind != "player" {
                node["player"] = json!(kind);
            }
            node
        })
    });
    let root_player = prop_oneof![Just("max"), Just("min")];
    (node, root_player).prop_filter_map("an inner root", |(mut root, player)| {
        // The root is a player's move, never a chance node.
        for child in root.get_mut("children")?.as_array_mut()? {
            child.as_object_mut()?.remove("probability");
        }
        root["player"] = json!(player);
        Some(root)
    })
}

/// Expectiminimax as a textbook writes it, on the document: MAX takes the
/// largest child value, MIN the smallest, a chance node the sum of each
/// child's probability times its value, left to right; a node at `limit` is worth its static value. A
/// node's player is its own, else the other one of its parent's by depth.
fn reference(node: &Value, by_depth: &str, depth: u32, limit: Option<u32>) -> f64 {
    let value = node["value"].as_f64().unwrap_or(f64::NAN);
    let Some(children) = node["children"].as_array() else { return value };
    if limit == Some(depth) {
        return value;
    }
    let player = node["player"].as_str().unwrap_or(by_depth);
    let next = if by_depth == "max" { "min" } else { "max" };
    let values = children.iter().map(|child| reference(child, next, depth + 1, limit));
    match player {
        "max" => values.fold(f64::NEG_INFINITY, f64::max),
        "min" => values.fold(f64::INFINITY, f64::min),
        _ => {
            let equal = 1.0 / children.len() as f64;
            let weights = children.iter().map(|c| c["probability"].as_f64().unwrap_or(equal));
            weights.zip(values).fold(0.0, |sum, (p, v)| sum + p * v)
        }
    }
}

/// The root's best child by the reference: the first whose value is
/// strictly better than every earlier one's.
fn reference_best_move(root: &Value, limit: Option<u32>) -> usize {
    let player = root["player"].as_str().expect("the root has a player");
    let next = if player == "max" { "min" } else { "max" };
    let children = root["children"].as_array().expect("an inner root");
    let values: Vec<f64> = children.iter().map(|c| reference(c, next, 1, limit)).collect();
    let better = |a: f64, b: f64| if player == "max" { a > b } else { a < b };
    (1..values.len()).fold(0, |best, i| if better(values[i], values[best]) { i } else { best })
}

/// How many nodes lie at or above the depth limit.
fn reference_count(node: &Value, depth: u32, limit: Option<u32>) -> u64 {
    let children = node["children"].as_array().filter(|_| limit != Some(depth));
    let below = children.into_iter().flatten().map(|c| reference_count(c, depth + 1, limit));
    1 + below.sum::<u64>()
}

fn parse(document: &Value) -> Tree {
    let text = document.to_string();
    tree::parse(text.as_bytes(), Naming::Letters, Overrides::default()).expect("a valid tree")
}

/// Keeps every event, as the engine made it.
#[derive(Default)]
struct Events(Vec<String>);

impl Sink for Events {
    fn event(&mut self, event: &Event<'_>) -> io::Result<()> {
        self.0.push(format!("{event:?}"));
        Ok(())
    }
}

fn run(tree: &Tree, algorithm: Algorithm, options: &Options) -> (Outcome, Vec<String>) {
    let mut events = Events::default();
    let outcome = search::run(tree, algorithm, options, &mut events).expect("search runs");
    (outcome, events.0)
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn expectimax_is_the_textbooks_expectiminimax(document in chance_tree(), limit in prop::option::of(1u32..4)) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, ..Options::default() };
        let (outcome, _) = run(&tree, Algorithm::Expectimax, &options);
        let root_player = document["player"].as_str().unwrap();
        prop_assert_eq!(outcome.value, reference(&document, root_player, 0, limit));
        let best = tree.children(tree.root())[reference_best_move(&document, limit)];
        prop_assert_eq!(outcome.best_move, Some(best));
        // Expectimax prunes nothing: it visits every node above the horizon.
        prop_assert_eq!(outcome.stats.nodes_visited, reference_count(&document, 0, limit));
    }

    #[test]
    fn only_expectimax_searches_chance_nodes(document in chance_tree()) {
        let tree = parse(&document);
        let chance = tree.nodes().any(|node| tree.player(node) == Player::Chance && !tree.is_leaf(node));
        for algorithm in Algorithm::ALL {
            let searched = search::run(&tree, algorithm, &Options::default(), &mut search::Discard);
            prop_assert_eq!(searched.is_ok(), algorithm == Algorithm::Expectimax || !chance);
        }
    }

    /// Without chance nodes, expectimax is minimax, step by step.
    #[test]
    fn expectimax_without_chance_nodes_is_minimax(document in chance_tree().prop_map(without_chance), limit in prop::option::of(1u32..4)) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, ..Options::default() };
        prop_assert_eq!(run(&tree, Algorithm::Expectimax, &options), run(&tree, Algorithm::Minimax, &options));
    }
}

/// The document with every chance node a MIN node and no probabilities.
fn without_chance(mut node: Value) -> Value {
    if node["player"] == "chance" {
        node["player"] = json!("min");
    }
    if let Some(object) = node.as_object_mut() {
        object.remove("probability");
    }
    if let Some(children) = node.get_mut("children").and_then(Value::as_array_mut) {
        for child in children.iter_mut() {
            *child = without_chance(child.take());
        }
    }
    node
}
