//! PVS, MTD(f), SSS* and iterative deepening against independent
//! references: random trees with many ties (values -2 to 2, now and then
//! infinite or a half), a static value on every inner node, both root
//! players, with and without a depth limit. Each reference is the
//! textbook's recursive pseudo-code run on the JSON document itself, apart
//! from the reader and the engine; they must agree leaf for leaf. When a
//! property fails, proptest prints the smallest tree it found as the JSON
//! that `gametree trace` reads.

use std::collections::HashMap;

use gametree::search::{self, Algorithm, Event, Flow, Options, Outcome, Sink};
use gametree::tree::{self, Naming, Overrides, Tree};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A value of a leaf or a static value: mostly small integers, for ties.
fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        12 => (-2i32..=2).prop_map(f64::from),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
        1 => Just(0.5),
    ]
}

/// A random tree as a nested-objects document, every node named `n0`,
/// `n1`, ... in pre-order.
fn game_tree() -> impl Strategy<Value = Value> {
    let leaf = value().prop_map(|v| json!({ "value": number(v) }));
    let node = leaf.prop_recursive(5, 90, 4, |child| {
        (prop::collection::vec(child, 1..=4), value())
            .prop_map(|(children, v)| json!({ "value": number(v), "children": children }))
    });
    let root_player = prop_oneof![Just("max"), Just("min")];
    (node, root_player).prop_filter_map("an inner root", |(mut root, player)| {
        root.get("children")?;
        root["player"] = json!(player);
        name(&mut root, &mut 0);
        Some(root)
    })
}

/// A value as the document writes it: infinities as strings.
fn number(value: f64) -> Value {
    match value {
        f64::INFINITY => json!("inf"),
        f64::NEG_INFINITY => json!("-inf"),
        _ => json!(value),
    }
}

fn name(node: &mut Value, next: &mut usize) {
    node["name"] = json!(format!("n{next}"));
    *next += 1;
    for child in node.get_mut("children").and_then(Value::as_array_mut).into_iter().flatten() {
        name(child, next);
    }
}

/// A node of the document, seen by the references.
struct Node<'d> {
    doc: &'d Value,
    maximises: bool,
    depth: u32,
}

impl<'d> Node<'d> {
    fn root(doc: &'d Value) -> Node<'d> {
        Node { doc, maximises: doc["player"] == "max", depth: 0 }
    }

    fn name(&self) -> &'d str {
        self.doc["name"].as_str().expect("named")
    }

    /// The node's static value, where the search evaluates it.
    fn evaluated(&self, limit: Option<u32>) -> Option<f64> {
        let at_horizon = self.doc.get("children").is_none() || limit == Some(self.depth);
        at_horizon.then(|| match &self.doc["value"] {
            Value::String(text) if text == "inf" => f64::INFINITY,
            Value::String(_) => f64::NEG_INFINITY,
            value => value.as_f64().expect("a number"),
        })
    }

    fn children(&self) -> impl Iterator<Item = Node<'d>> + '_ {
        let children = self.doc["children"].as_array().expect("inner");
        children.iter().map(|doc| Node { doc, maximises: !self.maximises, depth: self.depth + 1 })
    }
}

/// Minimax, and the index of the root's first child with the root's value.
fn minimax(node: &Node, limit: Option<u32>) -> f64 {
    if let Some(value) = node.evaluated(limit) {
        return value;
    }
    let values = node.children().map(|child| minimax(&child, limit));
    if node.maximises {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

fn best_move(root: &Node, limit: Option<u32>) -> usize {
    let value = minimax(root, limit);
    root.children().position(|child| minimax(&child, limit) == value).expect("a child has it")
}

/// What a reference search saw: the leaves it evaluated, in order, its
/// re-searches and its cutoffs (a cutoff at a node's last child skips
/// nothing and is not one).
#[derive(Default, Debug, PartialEq)]
struct Seen {
    leaves: Vec<String>,
    researches: u64,
    cutoffs: u64,
}

/// Takes a child's value `t` into a node's best value `v` and window, as
/// fail-soft alpha-beta does with cutoffs on equality; true when it cuts.
fn takes(maximises: bool, v: &mut f64, (alpha, beta): (&mut f64, &mut f64), t: f64) -> bool {
    if maximises {
        *v = v.max(t);
        if *v >= *beta {
            return true;
        }
        *alpha = alpha.max(*v);
    } else {
        *v = v.min(t);
        if *v <= *alpha {
            return true;
        }
        *beta = beta.min(*v);
    }
    false
}

/// Alpha-beta as the lecture writes it: minimax form, fail-soft, a cutoff
/// when `v >= beta` (MAX) or `v <= alpha` (MIN).
fn alphabeta(
    node: &Node,
    limit: Option<u32>,
    mut alpha: f64,
    mut beta: f64,
    seen: &mut Seen,
) -> f64 {
    if let Some(value) = node.evaluated(limit) {
        seen.leaves.push(node.name().to_string());
        return value;
    }
    let mut v = if node.maximises { f64::NEG_INFINITY } else { f64::INFINITY };
    let children: Vec<Node> = node.children().collect();
    for (i, child) in children.iter().enumerate() {
        let t = alphabeta(child, limit, alpha, beta, seen);
        if takes(node.maximises, &mut v, (&mut alpha, &mut beta), t) {
            seen.cutoffs += u64::from(i + 1 < children.len());
            return v;
        }
    }
    v
}

/// NegaScout as Reinefeld writes it, minimax form, fail-soft: the first
/// child with (alpha, beta), the others with a null window, searched again
/// with (t, beta) (MAX) or (alpha, t) (MIN) when t falls inside and the
/// child is not evaluated on the spot.
fn pvs(node: &Node, limit: Option<u32>, mut alpha: f64, mut beta: f64, seen: &mut Seen) -> f64 {
    if let Some(value) = node.evaluated(limit) {
        seen.leaves.push(node.name().to_string());
        return value;
    }
    let mut v = if node.maximises { f64::NEG_INFINITY } else { f64::INFINITY };
    let children: Vec<Node> = node.children().collect();
    for (i, child) in children.iter().enumerate() {
        let mut t = if i == 0 {
            pvs(child, limit, alpha, beta, seen)
        } else if node.maximises {
            pvs(child, limit, alpha, alpha.next_up(), seen)
        } else {
            pvs(child, limit, beta.next_down(), beta, seen)
        };
        if i > 0 && child.evaluated(limit).is_none() && alpha < t && t < beta {
            seen.researches += 1;
            t = if node.maximises {
                pvs(child, limit, t, beta, seen)
            } else {
                pvs(child, limit, alpha, t, seen)
            };
        }
        if takes(node.maximises, &mut v, (&mut alpha, &mut beta), t) {
            seen.cutoffs += u64::from(i + 1 < children.len());
            return v;
        }
    }
    v
}

/// Alpha-beta with memory (Plaat et al.): bounds per node name.
fn ab_memory(
    node: &Node,
    limit: Option<u32>,
    (alpha, beta): (f64, f64),
    memory: &mut HashMap<String, (f64, f64)>,
    seen: &mut Seen,
) -> f64 {
    let (lower, upper) =
        memory.get(node.name()).copied().unwrap_or((f64::NEG_INFINITY, f64::INFINITY));
    if lower == upper || lower >= beta {
        return lower;
    }
    if upper <= alpha {
        return upper;
    }
    let v = match node.evaluated(limit) {
        Some(value) => {
            seen.leaves.push(node.name().to_string());
            memory.insert(node.name().to_string(), (value, value));
            return value;
        }
        None => {
            let (mut a, mut b) = (alpha, beta);
            let mut v = if node.maximises { f64::NEG_INFINITY } else { f64::INFINITY };
            for child in node.children() {
                let t = ab_memory(&child, limit, (a, b), memory, seen);
                if takes(node.maximises, &mut v, (&mut a, &mut b), t) {
                    break;
                }
            }
            v
        }
    };
    let entry = memory.entry(node.name().to_string()).or_insert((lower, upper));
    if v.is_infinite() || (alpha < v && v < beta) {
        *entry = (v, v);
    } else if v <= alpha {
        entry.1 = v;
    } else {
        entry.0 = v;
    }
    v
}

/// MTD(f) as Plaat et al. write it, with `x.next_up()` for x + 1.
fn mtdf(root: &Node, limit: Option<u32>, guess: f64) -> (f64, Seen, u64) {
    let (mut lower, mut upper, mut g) = (f64::NEG_INFINITY, f64::INFINITY, guess);
    let mut memory = HashMap::new();
    let mut seen = Seen::default();
    let mut passes = 0;
    while lower < upper {
        let beta = g.max(lower.next_up());
        g = ab_memory(root, limit, (beta.next_down(), beta), &mut memory, &mut seen);
        passes += 1;
        if g < beta { upper = g } else { lower = g }
    }
    (g, seen, passes)
}

/// The depth of the deepest node below `node`.
fn height(node: &Node) -> u32 {
    match node.doc.get("children") {
        None => node.depth,
        Some(_) => node.children().map(|child| height(&child)).max().unwrap_or(node.depth),
    }
}

/// Iterative deepening as the textbook writes it: alpha-beta (fail-soft)
/// to depth 1, 2, ..., each node's children sorted, stably, best first by
/// the values the previous iteration returned for them, unvalued ones last.
/// Returns the value, the leaves evaluated and the root's children in the
/// last iteration's order.
/// How many iterations deepen to `limit`: one a depth up to the tree's
/// height, past which an iteration would repeat the one before.
fn iterations(root: &Node, limit: Option<u32>) -> u32 {
    limit.map_or(height(root), |limit| limit.min(height(root))).max(1)
}

fn iterative_deepening(root: &Node, limit: Option<u32>) -> (f64, Seen, Vec<String>) {
    let mut deepening = Deepening::default();
    let mut value = f64::NAN;
    for depth in 1..=iterations(root, limit) {
        deepening.previous = std::mem::take(&mut deepening.now);
        deepening.reorder(root);
        value = deepening.alphabeta(root, depth, f64::NEG_INFINITY, f64::INFINITY);
    }
    let children: Vec<Node> = root.children().collect();
    let last = deepening.orders.get(root.name()).cloned().unwrap_or_default();
    (value, deepening.seen, last.iter().map(|&i| children[i].name().to_string()).collect())
}

#[derive(Default)]
struct Deepening {
    /// Each node's children, as indices, in the order searched last.
    orders: HashMap<String, Vec<usize>>,
    previous: HashMap<String, f64>,
    now: HashMap<String, f64>,
    seen: Seen,
}

impl Deepening {
    /// Before an iteration, sorts the children of every inner node in the
    /// tree, searched last time or not, best first by the values the
    /// previous iteration gave them; the unvalued keep their order, last.
    fn reorder(&mut self, node: &Node) {
        let Some(children) = node.doc.get("children").and_then(Value::as_array) else {
            return;
        };
        let mut order =
            self.orders.remove(node.name()).unwrap_or_else(|| (0..children.len()).collect());
        let previous = |i: &usize| self.previous.get(children[*i]["name"].as_str()?).copied();
        order.sort_by(|a, b| match (previous(a), previous(b)) {
            (Some(x), Some(y)) if node.maximises => y.total_cmp(&x),
            (Some(x), Some(y)) => x.total_cmp(&y),
            (x, y) => x.is_none().cmp(&y.is_none()),
        });
        self.orders.insert(node.name().to_string(), order);
        for child in node.children() {
            self.reorder(&child);
        }
    }

    fn alphabeta(&mut self, node: &Node, limit: u32, mut alpha: f64, mut beta: f64) -> f64 {
        if let Some(value) = node.evaluated(Some(limit)) {
            self.seen.leaves.push(node.name().to_string());
            self.now.insert(node.name().to_string(), value);
            return value;
        }
        let children: Vec<Node> = node.children().collect();
        let order = self.orders[node.name()].clone();
        let mut v = if node.maximises { f64::NEG_INFINITY } else { f64::INFINITY };
        for i in order {
            let t = self.alphabeta(&children[i], limit, alpha, beta);
            if takes(node.maximises, &mut v, (&mut alpha, &mut beta), t) {
                break;
            }
        }
        self.now.insert(node.name().to_string(), v);
        v
    }
}

fn parse(document: &Value) -> Tree {
    let text = document.to_string();
    tree::parse(text.as_bytes(), Naming::Letters, Overrides::default()).expect("a valid tree")
}

/// The leaves a search evaluates, by name, in order.
struct Leaves<'t>(&'t Tree, Vec<String>);

impl Sink for Leaves<'_> {
    type Error = std::convert::Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Self::Error> {
        if let Event::Leaf { node, .. } = *event {
            self.1.push(self.0.name(node).to_string());
        }
        Ok(Flow::Continue)
    }
}

fn run(tree: &Tree, algorithm: Algorithm, options: &Options) -> (Outcome, Vec<String>) {
    let mut leaves = Leaves(tree, Vec::new());
    let outcome = search::run(tree, algorithm, options, &mut leaves).expect("search runs");
    (outcome, leaves.1)
}

/// The value and best move every algorithm must find.
fn assert_minimax(
    document: &Value,
    tree: &Tree,
    outcome: &Outcome,
    limit: Option<u32>,
) -> Result<(), TestCaseError> {
    let root = Node::root(document);
    prop_assert_eq!(outcome.value.to_f64(), minimax(&root, limit));
    let best = tree.children(tree.root())[best_move(&root, limit)];
    prop_assert_eq!(outcome.best_move, Some(best));
    Ok(())
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn pvs_is_the_textbooks_negascout(document in game_tree(), limit in prop::option::of(1u32..4)) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, ..Options::default() };
        let (outcome, leaves) = run(&tree, Algorithm::PVS, &options);
        assert_minimax(&document, &tree, &outcome, limit)?;
        let mut seen = Seen::default();
        pvs(&Node::root(&document), limit, f64::NEG_INFINITY, f64::INFINITY, &mut seen);
        let stats = &outcome.stats;
        prop_assert_eq!(Seen { leaves, researches: stats.researches, cutoffs: stats.cutoffs }, seen);
    }

    #[test]
    fn alphabeta_is_the_lectures(document in game_tree(), limit in prop::option::of(1u32..4)) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, ..Options::default() };
        let (outcome, leaves) = run(&tree, Algorithm::ALPHABETA, &options);
        assert_minimax(&document, &tree, &outcome, limit)?;
        let mut seen = Seen::default();
        let value = alphabeta(&Node::root(&document), limit, f64::NEG_INFINITY, f64::INFINITY, &mut seen);
        prop_assert_eq!(outcome.value.to_f64(), value);
        prop_assert_eq!(Seen { leaves, researches: 0, cutoffs: outcome.stats.cutoffs }, seen);
    }

    #[test]
    fn mtdf_is_plaats_mtdf(document in game_tree(), limit in prop::option::of(1u32..4), guess in value()) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, guess, ..Options::default() };
        let (outcome, leaves) = run(&tree, Algorithm::MTDF, &options);
        assert_minimax(&document, &tree, &outcome, limit)?;
        let (value, seen, passes) = mtdf(&Node::root(&document), limit, guess);
        prop_assert_eq!(outcome.value.to_f64(), value);
        prop_assert_eq!(&leaves, &seen.leaves);
        prop_assert_eq!(outcome.stats.passes, passes);
    }

    #[test]
    fn iterative_deepening_is_the_textbooks(document in game_tree(), limit in prop::option::of(prop_oneof![1u32..6, Just(u32::MAX)])) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, ..Options::default() };
        let (outcome, leaves) = run(&tree, Algorithm::ID_ALPHABETA, &options);
        let root = Node::root(&document);
        prop_assert_eq!(outcome.value.to_f64(), minimax(&root, limit));
        let (value, seen, last_order) = iterative_deepening(&root, limit);
        prop_assert_eq!(outcome.value.to_f64(), value);
        prop_assert_eq!(&leaves, &seen.leaves);
        prop_assert_eq!(outcome.stats.passes, u64::from(iterations(&root, limit)));
        // The best move is the first child with the root's value in the
        // order the last iteration searched.
        let first_best = last_order.iter().find(|name| {
            let child = root.children().find(|c| c.name() == name.as_str()).expect("a child");
            minimax(&child, limit) == value
        });
        let best_move = outcome.best_move.map(|n| tree.name(n).to_string());
        prop_assert_eq!(best_move.as_ref(), first_best);
    }

    /// Stockman's theorem: SSS* never evaluates a leaf alpha-beta skips.
    #[test]
    fn sss_evaluates_a_subset_of_alphabetas_leaves(document in game_tree(), limit in prop::option::of(1u32..4)) {
        let tree = parse(&document);
        let options = Options { depth_limit: limit, ..Options::default() };
        let (outcome, leaves) = run(&tree, Algorithm::SSS, &options);
        assert_minimax(&document, &tree, &outcome, limit)?;
        let root = Node::root(&document);
        let hope = if root.maximises { f64::INFINITY } else { f64::NEG_INFINITY };
        prop_assert_eq!(&leaves, &mtdf(&root, limit, hope).1.leaves);
        let (_, alphabeta) = run(&tree, Algorithm::ALPHABETA, &options);
        for leaf in &leaves {
            prop_assert!(alphabeta.contains(leaf), "SSS* evaluates {} and alpha-beta does not", leaf);
        }
    }
}
