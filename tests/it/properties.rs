//! Properties every algorithm must keep, on random trees with many ties
//! (values from -3 to 3), random root players and nodes whose player breaks
//! the alternation. When a property fails, proptest prints the smallest tree
//! it found as the JSON that `gametree trace` reads.

pub mod strategies;

use gametree::answer::Recorder;
use gametree::bounds::{ValueKind, Window};
use gametree::check::{self, classroom, explain::Witness, trace_file};
use gametree::lang::Lang;
use gametree::order::{self, Order};
use gametree::render::answer::Style;
use gametree::search::{
    self, Absorption, Algorithm, Event, Flow, NegamaxView, Options, Outcome, Returns, Sink, View,
};
use gametree::settings::Settings;
use gametree::trace::{self, Format, Request};
use gametree::tree::{self, Naming, NodeId, Overrides, Player, Tree};
use proptest::prelude::*;
use serde_json::{Value, json};

use strategies::{finite_tree_document, json_value, tree_document, tree_document_up_to, window};

/// The JSON trace `gametree trace --format json` writes.
fn json_trace(tree: &Tree, algorithm: Algorithm, options: Options) -> String {
    let request = Request::new(Settings { options, ..Settings::of(algorithm) }, Format::Json);
    let mut text = Vec::new();
    trace::write(tree, &request, &mut text).expect("the trace is written");
    String::from_utf8(text).expect("JSON is UTF-8")
}

fn parse(document: &Value) -> Tree {
    let text = document.to_string();
    tree::parse(text.as_bytes(), Naming::Letters, Overrides::default()).expect("a valid tree")
}

/// Keeps the nodes a search enters, in order.
#[derive(Default)]
struct Visits(Vec<NodeId>);

impl Sink for Visits {
    type Error = std::convert::Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Self::Error> {
        if let Event::Enter { node, .. } = *event {
            self.0.push(node);
        }
        Ok(Flow::Continue)
    }
}

fn run(tree: &Tree, algorithm: Algorithm, options: &Options) -> (Outcome, Vec<NodeId>) {
    let mut visits = Visits::default();
    let outcome = search::run(tree, algorithm, options, &mut visits).expect("search runs");
    (outcome, visits.0)
}

/// Checks every node's running value as the search reports it: it starts
/// at the worst value for the node's chooser, and each child's value
/// (as the node sees it) replaces it exactly when it is better.
struct RunningValues<'t> {
    tree: &'t Tree,
    view: View,
    /// Each node's running value so far, from its absorptions.
    latest: std::collections::HashMap<NodeId, f64>,
    /// Whether every absorption carries a cutoff test.
    tests: bool,
    wrong: Vec<String>,
}

impl Sink for RunningValues<'_> {
    type Error = std::convert::Infallible;

    fn event(&mut self, _: &Event<'_>) -> Result<Flow, Self::Error> {
        Ok(Flow::Continue)
    }

    fn absorbed(&mut self, a: &Absorption) -> Result<Flow, Self::Error> {
        let maximises = self.view == View::Mover || self.tree.player(a.node) == Player::Max;
        let worst = if maximises { f64::NEG_INFINITY } else { f64::INFINITY };
        let before = *self.latest.get(&a.node).unwrap_or(&worst);
        let seen = a.seen.to_f64();
        let better = if maximises { before.max(seen) } else { before.min(seen) };
        // A search with a window reports the cutoff test after every
        // child, held or not; one without a window makes none.
        if a.test.is_some() != self.tests {
            self.wrong.push(format!("{}: test {:?}", self.tree.name(a.node), a.test));
        }
        if a.before.to_f64() != before || a.after.to_f64() != better {
            let name = self.tree.name(a.node);
            self.wrong
                .push(format!("{name}: {before} then {seen} gave {:?} {:?}", a.before, a.after));
        }
        self.latest.insert(a.node, better);
        Ok(Flow::Continue)
    }
}

/// Knuth and Moore's F1 as the lecture writes it, recursively and apart
/// from the engine: `eval(s, w)` searches children while the best value is
/// below `w`, each with the bound `-best` (`w` itself where the player does
/// not change). Returns the value from the mover's point of view; the
/// leaves it evaluates go into `leaves`.
fn lecture_f1(tree: &Tree, node: NodeId, w: f64, leaves: &mut Vec<NodeId>) -> f64 {
    let player = tree.player(node);
    if tree.is_leaf(node) {
        leaves.push(node);
        return tree.value(node).expect("leaves have values") * player.sign();
    }
    let mut best = f64::NEG_INFINITY;
    for &child in tree.children(node) {
        if best >= w {
            break;
        }
        let same = tree.player(child) == player;
        let value = lecture_f1(tree, child, if same { w } else { -best }, leaves);
        best = best.max(if same { value } else { -value });
    }
    best
}

/// Every combination of --strict and what nodes return (fail-soft,
/// --fail-hard, --start-at-bound).
fn variants(window: Window) -> impl Iterator<Item = Options> {
    let returns = [Returns::FailSoft, Returns::FailHard, Returns::StartAtBound];
    [false, true].into_iter().flat_map(move |strict| {
        returns.into_iter().map(move |returns| Options {
            window,
            strict,
            returns,
            ..Options::default()
        })
    })
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn alphabeta_finds_the_minimax_value_and_best_move(document in tree_document()) {
        let tree = parse(&document);
        let (minimax, _) = run(&tree, Algorithm::MINIMAX, &Options::default());
        for options in variants(Window::FULL) {
            for algorithm in [Algorithm::ALPHABETA, Algorithm::NEGAMAX_ALPHABETA] {
                let (pruned, _) = run(&tree, algorithm, &options);
                prop_assert_eq!(pruned.value, minimax.value, "{:?} {:?}", algorithm, options);
                prop_assert_eq!(pruned.best_move, minimax.best_move, "{:?} {:?}", algorithm, options);
                prop_assert_eq!(pruned.kind, ValueKind::Exact);
            }
        }
    }

    #[test]
    fn the_running_value_of_every_node_is_its_best_child_so_far(document in tree_document()) {
        let tree = parse(&document);
        let algorithms = [
            Algorithm::MINIMAX,
            Algorithm::NEGAMAX,
            Algorithm::ALPHABETA,
            Algorithm::NEGAMAX_ALPHABETA,
            Algorithm::EXPECTIMAX,
            Algorithm::SHALLOW,
        ];
        for algorithm in algorithms {
            let view = algorithm.view();
            let tests = algorithm.has_window();
            let latest = Default::default();
            let mut sink = RunningValues { tree: &tree, view, latest, tests, wrong: Vec::new() };
            search::run(&tree, algorithm, &Options::default(), &mut sink).expect("search runs");
            prop_assert!(sink.wrong.is_empty(), "{:?}: {:?}", algorithm, sink.wrong);
        }
    }

    #[test]
    fn shallow_is_the_lectures_f1(document in tree_document()) {
        let tree = parse(&document);
        let (shallow, visits) = run(&tree, Algorithm::SHALLOW, &Options::default());
        let mut leaves = Vec::new();
        let value = lecture_f1(&tree, tree.root(), f64::INFINITY, &mut leaves);
        let evaluated: Vec<NodeId> = visits.into_iter().filter(|&node| tree.is_leaf(node)).collect();
        prop_assert_eq!(evaluated, leaves);
        prop_assert_eq!(shallow.value.to_f64(), value * tree.player(tree.root()).sign());
    }

    #[test]
    fn shallow_finds_minimax_and_evaluates_no_fewer_leaves_than_alphabeta(document in tree_document()) {
        let tree = parse(&document);
        let (minimax, _) = run(&tree, Algorithm::MINIMAX, &Options::default());
        let (alphabeta, _) = run(&tree, Algorithm::NEGAMAX_ALPHABETA, &Options::default());
        let (shallow, _) = run(&tree, Algorithm::SHALLOW, &Options::default());
        prop_assert_eq!(shallow.value, minimax.value);
        prop_assert_eq!(shallow.best_move, minimax.best_move);
        prop_assert_eq!(shallow.kind, ValueKind::Exact);
        prop_assert!(shallow.stats.leaves_evaluated >= alphabeta.stats.leaves_evaluated);
    }

    #[test]
    fn shallow_is_alphabeta_on_trees_two_levels_deep(document in tree_document_up_to(2)) {
        let tree = parse(&document);
        let (alphabeta, alphabeta_visits) = run(&tree, Algorithm::NEGAMAX_ALPHABETA, &Options::default());
        let (shallow, shallow_visits) = run(&tree, Algorithm::SHALLOW, &Options::default());
        prop_assert_eq!(shallow_visits, alphabeta_visits);
        prop_assert_eq!(shallow.value, alphabeta.value);
    }

    #[test]
    fn a_value_range_stops_early_without_changing_the_answer(document in finite_tree_document(), wider in 0.0..2.0f64) {
        let tree = parse(&document);
        let (minimax, _) = run(&tree, Algorithm::MINIMAX, &Options::default());
        // Leaf values are -3..3: the range holds them all; lopsided, so that
        // a range seen from MIN's side must be turned round.
        let value_range = Some(Window { alpha: -3.0 - wider, beta: 3.0 + 2.0 * wider });
        for algorithm in [Algorithm::MINIMAX, Algorithm::NEGAMAX, Algorithm::SHALLOW] {
            let (ranged, _) = run(&tree, algorithm, &Options { value_range, ..Options::default() });
            prop_assert_eq!(ranged.value, minimax.value, "{:?}", algorithm);
            prop_assert_eq!(ranged.best_move, minimax.best_move, "{:?}", algorithm);
            prop_assert!(ranged.stats.leaves_evaluated <= minimax.stats.leaves_evaluated);
        }
    }

    #[test]
    fn a_range_of_every_value_stops_only_at_infinities(document in tree_document()) {
        let tree = parse(&document);
        let (minimax, _) = run(&tree, Algorithm::MINIMAX, &Options::default());
        let value_range = Some(Window::FULL);
        for algorithm in [Algorithm::MINIMAX, Algorithm::NEGAMAX, Algorithm::SHALLOW] {
            let (ranged, _) = run(&tree, algorithm, &Options { value_range, ..Options::default() });
            prop_assert_eq!(ranged.value, minimax.value, "{:?}", algorithm);
            prop_assert_eq!(ranged.best_move, minimax.best_move, "{:?}", algorithm);
        }
    }

    #[test]
    fn reordering_keeps_every_node_and_the_value(document in tree_document(), seed in any::<u64>()) {
        let tree = parse(&document);
        let (minimax, _) = run(&tree, Algorithm::MINIMAX, &Options::default());
        let children = |tree: &Tree| {
            let mut lists: Vec<(String, Vec<String>)> = tree.nodes().map(|node| {
                let mut names: Vec<String> = tree.children(node).iter().map(|&c| tree.name(c).into()).collect();
                names.sort();
                (tree.name(node).to_string(), names)
            }).collect();
            lists.sort();
            lists
        };
        for order in [Order::BestFirst, Order::WorstFirst, Order::Random(seed)] {
            let arranged = order::arrange(tree.clone(), order, None).unwrap();
            prop_assert_eq!(children(&arranged), children(&tree));
            let (outcome, _) = run(&arranged, Algorithm::ALPHABETA, &Options::default());
            prop_assert_eq!(outcome.value, minimax.value, "{}", order);
        }
        // Best-first: the best move is searched first.
        let arranged = order::arrange(tree.clone(), Order::BestFirst, None).unwrap();
        let (outcome, _) = run(&arranged, Algorithm::MINIMAX, &Options::default());
        prop_assert_eq!(outcome.best_move, arranged.children(arranged.root()).first().copied());
    }

    #[test]
    fn negamax_agrees_with_minimax(document in tree_document()) {
        let tree = parse(&document);
        let (minimax, minimax_visits) = run(&tree, Algorithm::MINIMAX, &Options::default());
        let (negamax, negamax_visits) = run(&tree, Algorithm::NEGAMAX, &Options::default());
        prop_assert_eq!(negamax.value, minimax.value);
        prop_assert_eq!(negamax.best_move, minimax.best_move);
        prop_assert_eq!(negamax.principal_variation, minimax.principal_variation);
        prop_assert_eq!(negamax_visits, minimax_visits);
    }

    #[test]
    fn both_alphabeta_forms_visit_the_same_nodes(document in tree_document(), window in window()) {
        let tree = parse(&document);
        for options in variants(window) {
            let (minimax_form, minimax_visits) = run(&tree, Algorithm::ALPHABETA, &options);
            let (negamax_form, negamax_visits) = run(&tree, Algorithm::NEGAMAX_ALPHABETA, &options);
            prop_assert_eq!(negamax_visits, minimax_visits, "{:?}", options);
            prop_assert_eq!(negamax_form, minimax_form, "{:?}", options);
        }
    }

    #[test]
    fn alphabeta_never_evaluates_more_leaves_than_minimax(document in tree_document(), window in window()) {
        let tree = parse(&document);
        let (minimax, _) = run(&tree, Algorithm::MINIMAX, &Options::default());
        for options in variants(window) {
            let (pruned, _) = run(&tree, Algorithm::ALPHABETA, &options);
            prop_assert!(pruned.stats.leaves_evaluated <= minimax.stats.leaves_evaluated);
            prop_assert!(pruned.stats.nodes_visited <= minimax.stats.nodes_visited);
        }
    }

    #[test]
    fn fail_hard_and_start_at_bound_visit_the_nodes_fail_soft_visits(document in tree_document(), window in window()) {
        let tree = parse(&document);
        let soft = Options { window, ..Options::default() };
        let visits = run(&tree, Algorithm::ALPHABETA, &soft).1;
        for returns in [Returns::FailHard, Returns::StartAtBound] {
            prop_assert_eq!(&run(&tree, Algorithm::ALPHABETA, &Options { returns, ..soft }).1, &visits);
        }
    }

    #[test]
    fn a_narrowed_window_gives_the_true_value_or_a_correct_bound(document in tree_document(), window in window()) {
        let tree = parse(&document);
        let (minimax, _) = run(&tree, Algorithm::MINIMAX, &Options::default());
        for options in variants(window) {
            let (pruned, _) = run(&tree, Algorithm::ALPHABETA, &options);
            match pruned.kind {
                ValueKind::Exact => prop_assert_eq!(pruned.value, minimax.value, "{:?}", options),
                ValueKind::Lower => prop_assert!(minimax.value >= pruned.value, "{:?}", options),
                ValueKind::Upper => prop_assert!(minimax.value <= pruned.value, "{:?}", options),
            }
        }
    }

    #[test]
    fn the_principal_variation_ends_at_a_leaf_and_starts_with_the_best_move(document in tree_document()) {
        let tree = parse(&document);
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
            let (outcome, _) = run(&tree, algorithm, &Options::default());
            let pv = &outcome.principal_variation;
            prop_assert!(tree.is_leaf(*pv.last().expect("the root is on it")));
            prop_assert_eq!(pv.get(1).copied(), outcome.best_move);
        }
    }

    #[test]
    fn the_moved_view_negates_every_value_and_changes_nothing_else(document in tree_document(), window in window()) {
        let tree = parse(&document);
        for algorithm in [Algorithm::NEGAMAX, Algorithm::NEGAMAX_ALPHABETA, Algorithm::SHALLOW] {
            let to_move = Options { window, ..Options::default() };
            let moved = Options { negamax_view: NegamaxView::Moved, ..to_move };
            let answer = |options: &Options| {
                let mut recorder = Recorder::default();
                let outcome = search::run(&tree, algorithm, options, &mut recorder).unwrap();
                let answer = recorder.into_answer();
                (outcome, answer)
            };
            let ((outcome, to_move), (moved_outcome, moved)) = (answer(&to_move), answer(&moved));
            prop_assert_eq!(outcome, moved_outcome);
            let negated: Vec<_> = to_move.order.iter().map(|(node, value)| (node, -value)).collect();
            prop_assert_eq!(moved.order.iter().collect::<Vec<_>>(), negated);
            prop_assert_eq!((moved.leaves, moved.pruned), (to_move.leaves, to_move.pruned));
        }
    }

    #[test]
    fn the_tools_own_answer_always_checks_as_right(document in tree_document(), window in window()) {
        let tree = parse(&document);
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
            let variants: Vec<Options> =
                if algorithm.prunes() { variants(window).collect() } else { vec![Options::default()] };
            let views: &[NegamaxView] = match algorithm.view() {
                View::Mover => &[NegamaxView::ToMove, NegamaxView::Moved],
                _ => &[NegamaxView::ToMove],
            };
            let shown = |options: Options| views.iter().map(move |&negamax_view| Options { negamax_view, ..options });
            for options in variants.into_iter().flat_map(shown) {
                let mut sinks = (Recorder::default(), Witness::new(&tree, algorithm, &options));
                search::run(&tree, algorithm, &options, &mut sinks).unwrap();
                let (recorder, witness) = sinks;
                let answer = recorder.into_answer();
                for (lang, inner_only) in [(Lang::En, false), (Lang::De, true)] {
                    let style = Style { words: lang.words(), inner_only };
                    let request = Request { style, ..Request::new(Settings { options, ..Settings::of(algorithm) }, Format::Answer) };
                    let mut text = Vec::new();
                    trace::write(&tree, &request, &mut text).expect("the trace is written");
                    let text = String::from_utf8(text).unwrap();
                    let received: Vec<(NodeId, ValueKind)> = answer.order.iter().zip(witness.facts().received_kinds()).map(|((node, _), &kind)| (node, kind)).collect();
                    for spelled in respellings(&text, &tree, &received) {
                        let lines = classroom::parse(&spelled, &tree).expect("the answer reads");
                        let verdict = check::grade(&tree, &lines, &answer, &witness, Default::default());
                        prop_assert!(verdict.is_right(), "{:?} {:?}: {}\n{:?}", algorithm, options, spelled, verdict);
                    }
                }
            }
        }
    }

    #[test]
    fn the_tools_own_json_trace_always_checks_as_right(document in tree_document(), window in window()) {
        let tree = parse(&document);
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
            for options in variants(window) {
                let text = json_trace(&tree, algorithm, options);
                let answer = trace_file::read(&text).expect("the trace reads back");
                let settings = Settings { options, ..Settings::of(algorithm) };
                let verdict = trace_file::grade(&tree, &settings, &answer, &text).unwrap();
                prop_assert!(verdict.is_right(), "{:?} {:?}: {:?}", algorithm, options, verdict);
            }
        }
    }

    #[test]
    fn numbers_are_read_exactly_and_the_json_trace_of_them_checks(
        values in prop::collection::vec(any::<f64>().prop_filter("exact", |v| v.abs() < 2f64.powi(53)), 1..6),
    ) {
        let reversed: Vec<f64> = values.iter().rev().copied().collect();
        let document = json!([values, reversed]);
        let tree = parse(&document);
        let read: Vec<f64> = tree.nodes().filter(|&n| tree.is_leaf(n)).filter_map(|n| tree.value(n)).collect();
        let written: Vec<f64> = values.iter().chain(&reversed).copied().collect();
        prop_assert_eq!(read, written);
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
            let options = Options::default();
            let text = json_trace(&tree, algorithm, options);
            let answer = trace_file::read(&text).expect("the trace reads back");
            let verdict = trace_file::grade(&tree, &Settings::of(algorithm), &answer, &text).unwrap();
            prop_assert!(verdict.is_right(), "{}: {:?}", text, verdict);
        }
    }

    #[test]
    fn the_reader_never_panics_on_arbitrary_text(text in "[\\[\\]{}\",:0-9a-z. -]{0,60}") {
        let _ = tree::parse(text.as_bytes(), Naming::Letters, Overrides::default());
    }

    #[test]
    fn the_reader_never_panics_on_arbitrary_json(value in json_value()) {
        let text = value.to_string();
        for naming in [Naming::Letters, Naming::Paths] {
            let _ = tree::parse(text.as_bytes(), naming, Overrides::default());
        }
    }

    #[test]
    fn the_reader_never_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let _ = tree::parse(bytes, Naming::Paths, Overrides { player: Some(Player::Min), perspective: None, graph: false });
    }
}

/// Under --strict, a value clamped to (or started at) exactly beta no
/// longer satisfies the parent's `v > beta`, so --strict --fail-hard and
/// --strict --start-at-bound may search nodes that --strict alone prunes.
/// This is what the rules say together; the README documents it.
#[test]
fn strict_fail_hard_can_visit_more_nodes_than_strict_fail_soft() {
    let tree = parse(&json!({"children": [{"children": [{"value": 0}]}, {"value": 0}]}));
    let window = Window { alpha: f64::NEG_INFINITY, beta: -1.0 };
    let soft = Options { window, strict: true, ..Options::default() };
    assert_eq!(run(&tree, Algorithm::ALPHABETA, &soft).1.len(), 3);
    for returns in [Returns::FailHard, Returns::StartAtBound] {
        let options = Options { returns, ..soft };
        assert_eq!(run(&tree, Algorithm::ALPHABETA, &options).1.len(), 4, "{returns:?}");
    }
}

/// The tool's answer as students write it: as printed; with `=` and `;`;
/// with commas and the keys in capitals; with every bound of the order
/// line written out (`c<=2`, `d≥5`). `received` is what each value of the
/// search's order says, in order; a line of inner nodes leaves some out.
fn respellings(text: &str, tree: &Tree, received: &[(NodeId, ValueKind)]) -> Vec<String> {
    let lines = || text.lines().map(|line| line.split_once(": ").expect("key: items"));
    let equals = lines()
        .map(|(key, items)| format!("{key} = {}", items.replace(':', " = ").replace(' ', "; ")));
    let commas =
        lines().map(|(key, items)| format!("{}:{}", key.to_uppercase(), items.replace(' ', ", ")));
    let bounded = lines().map(|(key, items)| {
        if !key.starts_with("order") && !key.starts_with("Reihenfolge") {
            return format!("{key}: {items}");
        }
        let mut received = received.iter();
        let item = |item: &str| {
            let Some((name, value)) = item.split_once(':') else { return item.to_string() };
            let kind = received.find(|&&(node, _)| tree.name(node) == name).map(|&(_, kind)| kind);
            match kind {
                Some(ValueKind::Upper) => format!("{name}<={value}"),
                Some(ValueKind::Lower) => format!("{name}:\u{2265}{value}"),
                _ => item.to_string(),
            }
        };
        format!(
            "{key}: {}",
            items.split(' ').filter(|i| !i.is_empty()).map(item).collect::<Vec<_>>().join(" ")
        )
    });
    let join = |lines: Vec<String>| lines.join("\n");
    vec![text.to_string(), join(equals.collect()), join(commas.collect()), join(bounded.collect())]
}
