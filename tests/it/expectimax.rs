//! Expectimax against an independent exact reference: random trees with
//! chance nodes (equally likely children, or probabilities written as
//! fractions such as 1/3 and 1/6 or as decimals, some of them 0), many
//! ties, both root players, with and without a depth limit. The reference
//! computes from the JSON document itself, recursively, in 128-bit
//! fractions, apart from the reader and the engine. When a property fails,
//! proptest prints the smallest tree it found as the JSON that `gametree
//! trace` reads.

use gametree::check::{Exercise, GradeOptions, TreeSource};
use gametree::num::{Fraction, Value as Exact};
use gametree::search::{self, Algorithm, Event, Flow, Options, Outcome, Sink};
use gametree::settings::{Requested, Settings};
use gametree::trace::{self, Format, Request};
use gametree::tree::{self, Naming, Overrides, Player, Tree};
use num_rational::Ratio;
use proptest::prelude::*;
use serde_json::{Value, json};

/// An exact number of the reference.
type Q = Ratio<i128>;

/// How a chance node's probabilities are written.
#[derive(Clone, Copy, Debug)]
enum Written {
    /// Not at all: the children are equally likely.
    Equal,
    /// As fractions of integer weights 0 to 3: `"1/3"`, `"1/6"`, `"0/4"`.
    Fractions,
    /// As decimals: hundredths that sum to 1.
    Decimals,
}

/// The probabilities of `count` children written as `written`, from the
/// random `weights` (0 to 3 each) and `cuts` (0 to 100 each).
fn written_shares(written: Written, weights: &[u32], cuts: &[u32]) -> Option<Vec<Value>> {
    let total: u32 = weights.iter().sum();
    match written {
        Written::Equal => None,
        Written::Fractions if total == 0 => None,
        Written::Fractions => Some(weights.iter().map(|w| json!(format!("{w}/{total}"))).collect()),
        Written::Decimals => {
            let mut cuts: Vec<u32> = cuts[1..].to_vec();
            cuts.sort_unstable();
            let ends = cuts.iter().copied().chain([100]);
            let starts = [0].into_iter().chain(cuts.iter().copied());
            Some(starts.zip(ends).map(|(a, b)| json!(f64::from(b - a) / 100.0)).collect())
        }
    }
}

/// A random tree as a nested-objects document: leaves worth -3 to 3 and
/// halves, inner nodes with a static value of -3 to 3 (used under a depth
/// limit), about a third of the inner nodes below the root chance nodes,
/// their probabilities written in every way.
fn chance_tree() -> impl Strategy<Value = Value> {
    let leaf = (-6i64..=6).prop_map(|v| json!({ "value": v as f64 / 2.0 }));
    let node = leaf.prop_recursive(5, 80, 4, |child| {
        let kind = prop_oneof![4 => Just("player"), 1 => Just("max"), 1 => Just("min"), 3 => Just("chance")];
        let children = prop::collection::vec((child, 0u32..=3, 0u32..=100), 1..=4);
        let written = prop_oneof![Just(Written::Equal), Just(Written::Fractions), Just(Written::Decimals)];
        (kind, children, -3i64..=3, written).prop_map(|(kind, children, value, written)| {
            let weights: Vec<u32> = children.iter().map(|&(_, weight, _)| weight).collect();
            let cuts: Vec<u32> = children.iter().map(|&(_, _, cut)| cut).collect();
            let shares = written_shares(written, &weights, &cuts).filter(|_| kind == "chance");
            let children: Vec<Value> = children
                .into_iter()
                .enumerate()
                .map(|(at, (mut child, _, _))| {
                    if let Some(shares) = &shares {
                        child["probability"] = shares[at].clone();
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
fn reference(node: &Value, by_depth: &str, depth: u32, limit: Option<u32>) -> Q {
    let value = exact(&node["value"]);
    let Some(children) = node["children"].as_array() else { return value };
    if limit == Some(depth) {
        return value;
    }
    let player = node["player"].as_str().unwrap_or(by_depth);
    let next = if by_depth == "max" { "min" } else { "max" };
    let values = children.iter().map(|child| reference(child, next, depth + 1, limit));
    match player {
        "max" => values.reduce(Q::max).expect("children"),
        "min" => values.reduce(Q::min).expect("children"),
        _ => {
            let equal = Q::new(1, children.len() as i128);
            let weights = children.iter().map(|c| c.get("probability").map_or(equal, exact));
            weights.zip(values).fold(Q::from_integer(0), |sum, (p, v)| sum + p * v)
        }
    }
}

/// A number of the document exactly: a decimal as written (a multiple of
/// a hundredth here), or a fraction string.
fn exact(number: &Value) -> Q {
    match number {
        Value::String(text) => {
            let (p, q) = text.split_once('/').expect("a fraction");
            Q::new(p.parse().expect("whole"), q.parse().expect("whole"))
        }
        number => Q::new((number.as_f64().expect("a number") * 100.0).round() as i128, 100),
    }
}

/// The engine's value as a fraction of the reference's kind.
fn as_q(value: Exact) -> Q {
    let fraction: Fraction = value.exact().expect("a finite value");
    Q::new(i128::from(*fraction.numer()), i128::from(*fraction.denom()))
}

/// The root's best child by the reference: the first whose value is
/// strictly better than every earlier one's.
fn reference_best_move(root: &Value, limit: Option<u32>) -> usize {
    let player = root["player"].as_str().expect("the root has a player");
    let next = if player == "max" { "min" } else { "max" };
    let children = root["children"].as_array().expect("an inner root");
    let values: Vec<Q> = children.iter().map(|c| reference(c, next, 1, limit)).collect();
    let better = |a: Q, b: Q| if player == "max" { a > b } else { a < b };
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
    type Error = std::convert::Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Self::Error> {
        self.0.push(format!("{event:?}"));
        Ok(Flow::Continue)
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
        let (outcome, _) = run(&tree, Algorithm::EXPECTIMAX, &options);
        let root_player = document["player"].as_str().unwrap();
        prop_assert_eq!(as_q(outcome.value), reference(&document, root_player, 0, limit));
        let best = tree.children(tree.root())[reference_best_move(&document, limit)];
        prop_assert_eq!(outcome.best_move, Some(best));
        // Expectimax prunes nothing: it visits every node above the horizon.
        prop_assert_eq!(outcome.stats.nodes_visited, reference_count(&document, 0, limit));
    }

    #[test]
    fn the_tools_own_answers_check_and_show_no_binary_noise(document in chance_tree()) {
        let text = document.to_string();
        let tree = parse(&document);
        let source = TreeSource { bytes: text.as_bytes().into(), file: None, naming: Naming::Letters, given: Overrides::default() };
        let requested = Requested { algorithm: Some(Algorithm::EXPECTIMAX), ..Requested::default() };
        let exercise = Exercise::new(source, requested, GradeOptions::default()).expect("the exercise runs");
        for format in [Format::Text, Format::Answer, Format::Json, Format::Dot, Format::Tikz] {
            let request = Request::new(Settings::of(Algorithm::EXPECTIMAX), format);
            let mut written = Vec::new();
            trace::write(&tree, &request, &mut written).expect("the trace is written");
            let written = String::from_utf8(written).expect("UTF-8");
            prop_assert!(no_binary_noise(&written), "{:?}:\n{}", format, written);
            if matches!(format, Format::Answer | Format::Json) {
                let verdict = exercise.grade(written.as_bytes()).expect("the answer reads");
                prop_assert!(verdict.is_right(), "{:?}:\n{}\n{:?}", format, written, verdict);
            }
        }
    }

    #[test]
    fn only_expectimax_searches_chance_nodes(document in chance_tree()) {
        let tree = parse(&document);
        let chance = tree.nodes().any(|node| tree.player(node) == Player::Chance && !tree.is_leaf(node));
        for algorithm in Algorithm::ALL {
            let searched = search::run(&tree, algorithm, &Options::default(), &mut search::Discard);
            prop_assert_eq!(searched.is_ok(), algorithm == Algorithm::EXPECTIMAX || !chance);
        }
    }

    /// Without chance nodes, expectimax is minimax, step by step.
    #[test]
    fn expectimax_without_chance_nodes_is_minimax(document in chance_tree().prop_map(without_chance), limit in prop::option::of(1u32..4)) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, ..Options::default() };
        prop_assert_eq!(run(&tree, Algorithm::EXPECTIMAX, &options), run(&tree, Algorithm::MINIMAX, &options));
    }
}

/// Whether no number in `text` runs through six or more 0s or 9s before
/// its last digit, as binary rounding writes them (`6.999999999999999`,
/// `0.30000000000000004`).
fn no_binary_noise(text: &str) -> bool {
    let numbers = text.split(|c: char| !(c.is_ascii_digit() || c == '.'));
    numbers.filter(|n| n.contains('.')).all(|number| {
        let digits = number.trim_end_matches('0');
        let run = |d: char| digits.split(|c| c != d).any(|run| run.len() >= 6);
        !run('0') && !run('9')
    })
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
