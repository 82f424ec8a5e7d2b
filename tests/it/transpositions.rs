//! Game graphs and transposition tables. A random layered game graph
//! (nodes with one to three children in the next layer, shared by several
//! parents, many ties) is searched as its tree: the same counts as the
//! tree the test unfolds from the document itself. A transposition table
//! never changes the root's value, for every algorithm, with and without a
//! depth limit, and never makes a search in a fixed child order visit more
//! nodes. Iterative deepening orders children by what the table learnt,
//! which usually saves nodes and now and then costs a few (two graphs
//! below show each).

use gametree::answer::Recorder;
use gametree::check::{self, classroom, explain::Witness, trace_file};
use gametree::search::{self, Algorithm, Discard, Options, Outcome};
use gametree::settings::Settings;
use gametree::trace::{self, Format, Request};
use gametree::tree::{self, Naming, Overrides, Tree};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// A layered graph as the flat shape writes it (`"graph": true`): every
/// node below the root has a parent in the layer above, most have more;
/// leaves are worth -2 to 2, inner nodes have static values too.
fn game_graph() -> impl Strategy<Value = Value> {
    let layer = prop::collection::vec(-2i64..=2, 1..=4);
    let layers = prop::collection::vec(layer, 1..=4);
    let edges = prop::collection::vec(any::<u32>(), 64);
    let player = prop_oneof![Just("max"), Just("min")];
    (layers, edges, -2i64..=2, player).prop_map(|(layers, edges, root_value, player)| {
        let mut layers = layers;
        layers.insert(0, vec![root_value]);
        let name = |layer: usize, index: usize| format!("n{layer}_{index}");
        let (mut children, mut values) = (Map::new(), Map::new());
        let mut random = edges.into_iter().cycle();
        for (depth, layer) in layers.iter().enumerate() {
            for (index, &value) in layer.iter().enumerate() {
                values.insert(name(depth, index), json!(value));
                let Some(below) = layers.get(depth + 1) else { continue };
                // Its own share of the layer below, so that every node is
                // reached, and up to two more, shared with other parents.
                let mut list: Vec<usize> = (0..below.len()).filter(|i| i % layer.len() == index).collect();
                for _ in 0..random.next().unwrap_or(0) % 3 {
                    let extra = random.next().unwrap_or(0) as usize % below.len();
                    if !list.contains(&extra) {
                        list.push(extra);
                    }
                }
                if !list.is_empty() {
                    children.insert(name(depth, index), json!(list.iter().map(|&i| name(depth + 1, i)).collect::<Vec<_>>()));
                }
            }
        }
        json!({ "graph": true, "root": "n0_0", "player": player, "children": children, "values": values })
    })
}

/// The graph unfolded into nested arrays, a leaf's value for each leaf and
/// `{"value", "children"}` objects keeping the static values.
fn unfolded(document: &Value, node: &str) -> Value {
    let value = document["values"][node].clone();
    match document["children"].get(node).and_then(Value::as_array) {
        None => json!({ "value": value }),
        Some(children) => {
            let children: Vec<Value> =
                children.iter().map(|c| unfolded(document, c.as_str().unwrap())).collect();
            json!({ "value": value, "children": children })
        }
    }
}

fn parse(document: &Value) -> Tree {
    tree::parse(document.to_string().into_bytes(), Naming::Letters, Overrides::default())
        .expect("a valid graph")
}

fn run(tree: &Tree, algorithm: Algorithm, options: &Options) -> Outcome {
    search::run(tree, algorithm, options, &mut Discard).expect("the search runs")
}

/// The trace of `algorithm` on `tree` in `format`.
fn written(tree: &Tree, algorithm: Algorithm, options: Options, format: Format) -> String {
    write(tree, Request::new(Settings { options, ..Settings::of(algorithm) }, format))
}

/// The classroom lines of `algorithm` on `tree`, with an order line of the
/// inner nodes alone where `inner`.
fn answer_lines(tree: &Tree, algorithm: Algorithm, options: Options, inner: bool) -> String {
    let mut request = Request::new(Settings { options, ..Settings::of(algorithm) }, Format::Answer);
    request.style.inner_only = inner;
    write(tree, request)
}

fn write(tree: &Tree, request: Request) -> String {
    let mut text = Vec::new();
    trace::write(tree, &request, &mut text).expect("the trace is written");
    String::from_utf8(text).expect("UTF-8")
}

const ALGORITHMS: [Algorithm; 9] = [
    Algorithm::MINIMAX,
    Algorithm::NEGAMAX,
    Algorithm::ALPHABETA,
    Algorithm::NEGAMAX_ALPHABETA,
    Algorithm::SHALLOW,
    Algorithm::PVS,
    Algorithm::MTDF,
    Algorithm::SSS,
    Algorithm::ID_ALPHABETA,
];

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn a_graph_is_searched_as_its_tree(document in game_graph(), limit in prop::option::of(1u32..3)) {
        let graph = parse(&document);
        let mut root = unfolded(&document, "n0_0");
        root["player"] = document["player"].clone();
        let tree = parse(&root);
        prop_assert_eq!(graph.len(), tree.len());
        for algorithm in ALGORITHMS {
            let options = Options { depth_limit: limit, ..Options::default() };
            let (on_graph, on_tree) = (run(&graph, algorithm, &options), run(&tree, algorithm, &options));
            prop_assert_eq!(on_graph.value, on_tree.value, "{:?}", algorithm);
            prop_assert_eq!(on_graph.stats, on_tree.stats, "{:?}", algorithm);
        }
    }

    #[test]
    fn transpositions_keep_the_value_and_never_visit_more(document in game_graph(), limit in prop::option::of(1u32..3)) {
        let graph = parse(&document);
        for algorithm in ALGORITHMS {
            let plain = Options { depth_limit: limit, ..Options::default() };
            let table = Options { transpositions: true, ..plain };
            let (without, with) = (run(&graph, algorithm, &plain), run(&graph, algorithm, &table));
            prop_assert_eq!(without.value, with.value, "{:?}", algorithm);
            if algorithm != Algorithm::ID_ALPHABETA {
                prop_assert!(with.stats.nodes_visited <= without.stats.nodes_visited, "{:?}: {:?} > {:?}", algorithm, with.stats, without.stats);
            }
        }
    }

    /// The classroom lines (with the whole order line or the inner nodes'
    /// alone) and JSON trace of a graph check as right: the copies of a
    /// shared node are one node to the reader of answers.
    #[test]
    fn the_tools_own_answers_on_a_graph_check_as_right(document in game_graph(), transpositions in any::<bool>(), inner in any::<bool>()) {
        let graph = parse(&document);
        for algorithm in ALGORITHMS.into_iter().filter(|a| a.searches(&graph)) {
            let options = Options { transpositions, ..Options::default() };
            let text = answer_lines(&graph, algorithm, options, inner);
            let lines = classroom::parse(&text, &graph).expect("the answer reads");
            let mut sinks = (Recorder::default(), Witness::new(&graph, algorithm, &options));
            search::run(&graph, algorithm, &options, &mut sinks).expect("runs");
            let (recorder, witness) = sinks;
            let verdict = check::grade(&graph, &lines, &recorder.into_answer(), &witness, Default::default());
            prop_assert!(verdict.is_right(), "{:?}: {}\n{:?}", algorithm, text, verdict);
            let json = written(&graph, algorithm, options, Format::Json);
            let trace = trace_file::read(&json).expect("the trace reads back");
            let settings = Settings { options, ..Settings::of(algorithm) };
            let verdict = trace_file::grade(&graph, &settings, &trace, &json).expect("grades");
            prop_assert!(verdict.is_right(), "{:?}: {:?}", algorithm, verdict);
        }
    }

    /// An answer that leaves out one item of a line repeats no item the
    /// search lists once, so its explanation never says it does, for any
    /// algorithm: a search in several passes lists a node once in each,
    /// and a game graph's copies of a node share its name.
    #[test]
    fn an_answer_missing_an_item_on_a_graph_is_never_told_it_repeats_one(document in game_graph(), transpositions in any::<bool>()) {
        let graph = parse(&document);
        for algorithm in ALGORITHMS {
            let options = Options { transpositions, ..Options::default() };
            let text = answer_lines(&graph, algorithm, options, false);
            let mut sinks = (Recorder::default(), Witness::new(&graph, algorithm, &options));
            search::run(&graph, algorithm, &options, &mut sinks).expect("runs");
            let (recorder, witness) = sinks;
            let answer = recorder.into_answer();
            for (number, left_out) in (0..3).flat_map(|number| (0..graph.len()).map(move |i| (number, i))) {
                let Some(shorter) = leaving_out(&text, number, left_out) else { continue };
                let reading = classroom::parse(&shorter, &graph).expect("the answer reads");
                let verdict = check::grade(&graph, &reading, &answer, &witness, Default::default());
                let told = verdict.keys.iter().filter_map(|key| key.wrong.as_ref()?.explanation.as_ref());
                for explanation in told {
                    prop_assert!(!explanation.contains("listed twice"), "{:?}: {}\n{}", algorithm, shorter, explanation);
                }
            }
        }
    }
}

/// An answer without item `left_out` of line `number` (`order`, `leaves`
/// or `pruned`); none where that line has one item only.
fn leaving_out(text: &str, number: usize, left_out: usize) -> Option<String> {
    let lines = text.lines().enumerate().map(|(n, line)| {
        let (key, items) = line.split_once(": ").expect("a key line");
        let mut items: Vec<&str> = items.split(' ').collect();
        if n == number {
            (items.len() > 1 && left_out < items.len()).then(|| items.remove(left_out))?;
        }
        Some(format!("{key}: {}\n", items.join(" ")))
    });
    lines.collect()
}

/// Nodes `id-alphabeta` visits on `document` without and with a table.
fn deepening_visits(document: Value) -> (u64, u64) {
    let graph = parse(&document);
    let table = Options { transpositions: true, ..Options::default() };
    let visits = |options| run(&graph, Algorithm::ID_ALPHABETA, options).stats.nodes_visited;
    (visits(&Options::default()), visits(&table))
}

/// Iterative deepening with a table orders every copy of a position by
/// the position's values: the copy of `n2_0` under `n1_0`, taken from the
/// table in the third pass, searches `n3_2` first in the fourth, as the
/// copy under `n1_1` does, and cuts the rest (with the order kept per
/// copy, that copy searched `n3_0` first: 38 nodes).
#[test]
fn deepening_orders_the_copies_of_a_position_by_what_the_table_learnt() {
    let document = json!({ "graph": true, "root": "n0_0", "player": "min",
        "children": { "n0_0": ["n1_0", "n1_1"], "n1_0": ["n2_0", "n2_2"], "n1_1": ["n2_1", "n2_0"],
            "n2_0": ["n3_0", "n3_3", "n3_2"], "n2_1": ["n3_1"], "n2_2": ["n3_2"],
            "n3_0": ["n4_0", "n4_3"], "n3_1": ["n4_1"], "n3_2": ["n4_2"], "n3_3": ["n4_3"] },
        "values": { "n0_0": 0, "n1_0": 0, "n1_1": 0, "n2_0": 0, "n2_1": 0, "n2_2": 1, "n3_0": 1,
            "n3_1": 0, "n3_2": -1, "n3_3": 1, "n4_0": 0, "n4_1": 0, "n4_2": 0, "n4_3": 1 } });
    assert_eq!(deepening_visits(document), (37, 33));
}

/// Better-informed order is not always fewer nodes: in the second pass
/// the copy of `n2_0` under `n1_2` is cut, but the table holds the value
/// its copy under `n1_0` received, so the third pass searches it first
/// under `n1_2`. It is worth more than the window needs, and `n2_2`, which
/// the tree's order searches first and which cuts `n2_0`, comes second.
#[test]
fn deepening_with_a_table_can_visit_more() {
    let document = json!({ "graph": true, "root": "n0_0", "player": "max",
        "children": { "n0_0": ["n1_0", "n1_1", "n1_2"], "n1_0": ["n2_0"], "n1_1": ["n2_1"],
            "n1_2": ["n2_2", "n2_0"], "n2_0": ["n3_0"], "n2_1": ["n3_1"], "n2_2": ["n3_1"] },
        "values": { "n0_0": 0, "n1_0": 0, "n1_1": 2, "n1_2": 0, "n2_0": 0, "n2_1": 2, "n2_2": 2,
            "n3_0": 1, "n3_1": 0 } });
    assert_eq!(deepening_visits(document), (21, 22));
}
