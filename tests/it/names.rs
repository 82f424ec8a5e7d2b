//! Names from all of Unicode: every name the reader takes comes out of
//! every output and back in unchanged, and every name it refuses is
//! refused with a clear error naming it.

use gametree::answer::Recorder;
use gametree::check::{self, classroom, explain::Witness, trace_file};
use gametree::generate::random::{self, Spec};
use gametree::search::{self, Algorithm, Options};
use gametree::settings::Settings;
use gametree::trace::{self, Format, Request};
use gametree::tree::names::problem_with;
use gametree::tree::{self, Naming, Overrides, Player, Tree};
use proptest::prelude::*;

use crate::common;

/// A name the reader must take: mostly letters, with quotes, markup,
/// accents, combining marks and any character that shows mixed in.
fn good_name() -> impl Strategy<Value = String> {
    let shown = prop::sample::select(vec![
        '"', '\\', '\'', '<', '>', '&', '{', '}', '|', '[', ']', '-', '.', 'é', '中', '\u{301}',
        '😀',
    ]);
    let any_shown = any::<char>().prop_filter("shows", |c| problem_with(&c.to_string()).is_none());
    let character = prop_oneof![6 => prop::char::range('a', 'z'), 3 => shown, 2 => any_shown];
    prop::collection::vec(character, 1..5)
        .prop_map(|chars| chars.into_iter().collect::<String>())
        .prop_filter("not reserved", |name| problem_with(name).is_none())
}

/// A name the reader must refuse: a good one with a separator, a control
/// character, an invisible mark or a noncharacter in it, or a reserved word.
fn bad_name() -> impl Strategy<Value = String> {
    let refused = prop::sample::select(vec![
        ':', '#', ',', ';', '=', ' ', '\t', '\u{1b}', '\u{7}', '\0', '\u{202e}', '\u{200b}',
        '\u{fffe}', '\u{fdd0}', '\u{2028}', '\u{feff}', '\u{85}', '\u{2264}', '\u{2265}',
    ]);
    prop_oneof![
        4 => (good_name(), refused, any::<prop::sample::Index>()).prop_map(|(name, c, at)| {
            let mut chars: Vec<char> = name.chars().collect();
            chars.insert(at.index(chars.len() + 1), c);
            chars.into_iter().collect()
        }),
        1 => prop::sample::select(vec!["none".to_string(), "-".into(), "None".into(), "".into()]),
    ]
}

/// Six different good names, none of them the root's.
fn distinct_names() -> impl Strategy<Value = [String; 6]> {
    prop::collection::hash_set(good_name().prop_filter("not the root", |n| n != "r"), 6)
        .prop_map(|names| names.into_iter().collect::<Vec<_>>().try_into().unwrap())
}

/// A flat tree: a root `r` with two inner children, each with two leaves,
/// the six nodes below it named by `names`.
fn document(names: &[String; 6], values: [i8; 4]) -> String {
    let q = |name: &String| serde_json::to_string(name).unwrap();
    let [b, c, d, e, f, g] = names;
    format!(
        r#"{{"root": "r", "children": {{"r": [{}, {}], {}: [{}, {}], {}: [{}, {}]}}, "values": {{{}: {}, {}: {}, {}: {}, {}: {}}}}}"#,
        q(b),
        q(c),
        q(b),
        q(d),
        q(e),
        q(c),
        q(f),
        q(g),
        q(d),
        values[0],
        q(e),
        values[1],
        q(f),
        values[2],
        q(g),
        values[3],
    )
}

fn request(algorithm: Algorithm, format: Format) -> Request {
    Request::new(Settings::of(algorithm), format)
}

fn written(tree: &Tree, request: &Request) -> String {
    let mut out = Vec::new();
    trace::write(tree, request, &mut out).expect("the trace is written");
    String::from_utf8(out).expect("UTF-8")
}

/// The tree's own classroom answer and JSON trace check as right.
fn round_trips(tree: &Tree) -> Result<(), TestCaseError> {
    for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(tree)) {
        let answer = written(tree, &request(algorithm, Format::Answer));
        let lines = classroom::parse(&answer, tree)
            .map_err(|e| TestCaseError::fail(format!("{answer}: {e}")))?;
        let mut sinks = (Recorder::default(), Witness::new(tree, algorithm, &Options::default()));
        search::run(tree, algorithm, &Options::default(), &mut sinks).unwrap();
        let (recorder, witness) = sinks;
        let verdict =
            check::grade(tree, &lines, &recorder.into_answer(), &witness, Default::default());
        prop_assert!(verdict.is_right(), "{}: {:?}", answer, verdict);

        let json = written(tree, &request(algorithm, Format::Json));
        let trace = trace_file::read(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let verdict = trace_file::grade(tree, &Settings::of(algorithm), &trace, &json).unwrap();
        prop_assert!(verdict.is_right(), "{}: {:?}", json, verdict);
    }
    Ok(())
}

/// Whether `tree`'s own minimax answer grades as right.
fn own_answer_is_right(tree: &Tree) -> bool {
    let answer = written(tree, &request(Algorithm::MINIMAX, Format::Answer));
    let lines = classroom::parse(&answer, tree).expect("the tool's own answer reads back");
    let mut sinks =
        (Recorder::default(), Witness::new(tree, Algorithm::MINIMAX, &Options::default()));
    search::run(tree, Algorithm::MINIMAX, &Options::default(), &mut sinks).unwrap();
    let (recorder, witness) = sinks;
    check::grade(tree, &lines, &recorder.into_answer(), &witness, Default::default()).is_right()
}

/// Letter names count past `none` (the 256,573rd) without giving it to a
/// node: in the names `gen random` writes, and in those the reader gives
/// a nested tree's unnamed nodes, where the tool's own `best move: none`
/// was graded wrong.
#[test]
fn generated_names_never_reach_the_reserved_word_none() {
    let wide = 256_572; // The root and as many children: the last was `none`.
    let spec =
        Spec { depth: 1, branching: (wide, wide), values: (0, 9), seed: 1, leaf_chance: 0.0 };
    let mut flat = Vec::new();
    random::generate(&spec).write_flat(&mut flat, Player::Max).unwrap();
    let read = tree::parse(&flat[..], Naming::Letters, Overrides::default());
    let tree = read.expect("gen random's names are read back");
    assert!(tree.nodes().all(|node| problem_with(tree.name(node)).is_none()));

    let mut leaves = vec!["0"; wide as usize];
    leaves[wide as usize - 1] = "1";
    let nested = format!("[{}]", leaves.join(","));
    let tree = tree::parse(nested.as_bytes(), Naming::Letters, Overrides::default()).unwrap();
    let best = written(&tree, &request(Algorithm::MINIMAX, Format::Answer));
    assert!(best.contains("best move: nonf\n"), "{}", &best[best.len() - 80..]);
    assert!(own_answer_is_right(&tree));
}

proptest! {
    #![proptest_config(crate::common::proptest_config())]

    #[test]
    fn every_name_that_shows_round_trips_through_the_answer_and_the_trace(
        names in distinct_names(),
        values in prop::array::uniform4(-3i8..=3),
    ) {
        let text = document(&names, values);
        let tree = tree::parse(text.as_bytes(), Naming::Letters, Overrides::default());
        let tree = tree.map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        round_trips(&tree)?;
    }

    #[test]
    fn every_other_name_is_refused_with_a_clear_error(
        mut names in distinct_names(),
        bad in bad_name(),
        which in 0usize..6,
    ) {
        names[which] = bad;
        let text = document(&names, [1, 2, 3, 4]);
        let error = tree::parse(text.as_bytes(), Naming::Letters, Overrides::default())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        prop_assert!(error.contains("invalid node name"), "{}: {}", text, error);
        prop_assert!(error.chars().all(|c| !c.is_control()), "{:?}", error);
    }
}

/// Every accepted name renders through the real Graphviz without a
/// warning. Each case runs `dot`, so this property runs a fifteenth of the
/// configured cases: 18 by default, 200 in CI.
#[test]
fn accepted_names_render_through_graphviz() {
    if !common::graphviz_available() {
        return;
    }
    let strategy = (distinct_names(), prop::array::uniform4(-3i8..=3));
    common::run_share_of_cases((1, 15), file!(), &strategy, |(names, values)| {
        let text = document(&names, values);
        if let Ok(tree) = tree::parse(text.as_bytes(), Naming::Letters, Overrides::default()) {
            let mut dot_request = request(Algorithm::ALPHABETA, Format::Dot);
            dot_request.caption = true;
            let dot_text = written(&tree, &dot_request);
            common::dot(dot_text.as_bytes(), "svg", &text);
        }
        Ok(())
    });
}
