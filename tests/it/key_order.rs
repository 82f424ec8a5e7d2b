//! A flat file reads as the same tree whatever the order of its maps'
//! keys: in pre-order (as gametree writes them, each key found without a
//! lookup), breadth-first, reversed or shuffled (such keys are kept and
//! matched to their nodes once the file is read), with `values` before or
//! after `children`, with or without `root`; and in either shape.

use gametree::answer::Recorder;
use gametree::generate::random::{self, Spec};
use gametree::search::{self, Algorithm, Options};
use gametree::tree::{self, Naming, NodeId, Overrides, Player, Tree};
use proptest::prelude::*;

/// The tree from `node` down as text: each node's name, player, value and
/// children.
fn shape(tree: &Tree, node: NodeId) -> String {
    let children: Vec<String> = tree.children(node).iter().map(|&c| shape(tree, c)).collect();
    let (name, player, value) = (tree.name(node), tree.player(node), tree.value(node));
    format!("{name}:{player:?}:{value:?}({})", children.join(","))
}

/// The nodes of `tree` in pre-order.
fn pre_order(tree: &Tree) -> Vec<NodeId> {
    let mut stack = vec![tree.root()];
    let mut nodes = Vec::new();
    while let Some(node) = stack.pop() {
        nodes.push(node);
        stack.extend(tree.children(node).iter().rev());
    }
    nodes
}

/// The nodes of `tree` breadth-first.
fn breadth_first(tree: &Tree) -> Vec<NodeId> {
    let mut nodes = vec![tree.root()];
    let mut next = 0;
    while let Some(&node) = nodes.get(next) {
        nodes.extend_from_slice(tree.children(node));
        next += 1;
    }
    nodes
}

/// `tree` as a flat file whose maps list their keys in the order of
/// `nodes`; `values` first if `values_first`, and `root` only if
/// `named_root`.
fn flat_file(tree: &Tree, nodes: &[NodeId], values_first: bool, named_root: bool) -> String {
    let quoted = |node: NodeId| serde_json::to_string(tree.name(node)).unwrap();
    let entries = |leaves: bool| {
        let listed = nodes.iter().filter(|&&node| tree.is_leaf(node) == leaves);
        let entry = |&node: &NodeId| match leaves {
            true => format!("{}: {}", quoted(node), tree.value(node).unwrap()),
            false => {
                let children: Vec<String> =
                    tree.children(node).iter().map(|&c| quoted(c)).collect();
                format!("{}: [{}]", quoted(node), children.join(", "))
            }
        };
        listed.map(entry).collect::<Vec<_>>().join(",\n")
    };
    let (children, values) = (entries(false), entries(true));
    let mut maps = [format!("\"children\": {{{children}}}"), format!("\"values\": {{{values}}}")];
    if values_first {
        maps.reverse();
    }
    let root =
        if named_root { format!("\"root\": {}, ", quoted(tree.root())) } else { String::new() };
    format!("{{{root}\"player\": \"max\", {}}}", maps.join(", "))
}

proptest! {
    #[test]
    fn a_flat_file_reads_the_same_whatever_the_order_of_its_keys(
        seed in any::<u64>(),
        depth in 1u32..5,
        branching in 1u32..4,
        shuffle in prop::collection::vec(any::<u32>(), 400),
        values_first in any::<bool>(),
        named_root in any::<bool>(),
    ) {
        let spec = Spec { depth, branching: (branching, branching + 1), values: (-3, 3), seed, leaf_chance: 0.3 };
        let mut text = Vec::new();
        random::generate(&spec).write_flat(&mut text, Player::Max).unwrap();
        let tree = tree::parse(text, Naming::Letters, Overrides::default()).unwrap();
        let expected = shape(&tree, tree.root());
        let in_pre_order = pre_order(&tree);
        let mut shuffled = in_pre_order.clone();
        shuffled.sort_by_key(|node| shuffle[node.index() % shuffle.len()] ^ node.index() as u32);
        let orders = [
            in_pre_order.clone(),
            breadth_first(&tree),
            in_pre_order.into_iter().rev().collect(),
            shuffled,
        ];
        for nodes in orders {
            let file = flat_file(&tree, &nodes, values_first, named_root);
            let read = tree::parse(file.as_bytes(), Naming::Letters, Overrides::default());
            let read = read.unwrap_or_else(|error| panic!("{error}\n{file}"));
            prop_assert_eq!(&shape(&read, read.root()), &expected, "{}", file);
        }
    }

    #[test]
    fn generated_trees_read_the_same_in_both_shapes(
        seed in any::<u64>(),
        depth in 0u32..5,
        low in 1u32..4,
        extra in 0u32..3,
        leaf_chance in 0.0f64..0.6,
    ) {
        let spec = Spec { depth, branching: (low, low + extra), values: (-3, 3), seed, leaf_chance };
        let generated = random::generate(&spec);
        let (mut nested, mut flat) = (Vec::new(), Vec::new());
        generated.write_nested(&mut nested).unwrap();
        generated.write_flat(&mut flat, Player::Max).unwrap();
        let nested = tree::parse(nested, Naming::Letters, Overrides::default()).expect("nested output reads");
        let flat = tree::parse(flat, Naming::Letters, Overrides::default()).expect("flat output reads");
        let answer = |tree: &Tree| {
            let mut recorder = Recorder::default();
            search::run(tree, Algorithm::ALPHABETA, &Options::default(), &mut recorder).unwrap();
            let answer = recorder.into_answer();
            answer.order.iter().map(|(node, value)| (tree.name(node).to_string(), value)).collect::<Vec<_>>()
        };
        prop_assert_eq!(answer(&nested), answer(&flat));
    }
}

/// A key given twice is refused wherever the two stand, with the place of
/// the second, as in a file in pre-order.
#[test]
fn a_key_given_twice_out_of_order_is_refused_where_it_is() {
    let refused = |children: &str, values: &str| {
        let file = format!("{{\"children\": {{{children}}},\n\"values\": {{{values}}}}}");
        tree::parse(file.as_bytes(), Naming::Letters, Overrides::default()).unwrap_err().to_string()
    };
    let lists = r#""a": ["b", "c"], "c": ["d"], "b": ["e"]"#;
    assert_eq!(
        refused(&format!(r#"{lists}, "c": ["f"]"#), r#""d": 1, "e": 2"#),
        r#"1:66: duplicate key "c" in "children""#
    );
    assert_eq!(
        refused(lists, r#""e": 2, "d": 1, "e": 3"#),
        r#"2:34: duplicate key "e" in "values""#
    );
}
