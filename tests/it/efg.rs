//! Gambit `.efg` round trips: every example tree written with
//! `--format efg` reads back as the same game, whichever algorithm
//! searches it (only the trees an `.efg` game can hold: finite values);
//! and so does any random tree, every node's player kept (issue 41: a
//! leaf's explicit player was lost).

use std::borrow::Cow;

use gametree::search::Algorithm;
use gametree::settings::Settings;
use gametree::trace::{self, Format, Request};
use gametree::tree::{self, Naming, Overrides, Tree};
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::common::{example_trees, proptest_config, run, succeed};

#[test]
fn every_example_tree_reads_back_from_its_efg_as_the_same_game() {
    let dir = std::env::temp_dir().join(format!("gametree-efg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut written = 0;
    for tree in example_trees() {
        let tree = tree.to_str().unwrap();
        let efg = run(&["trace", tree, "--format", "efg"]);
        if !efg.status.success() {
            let error = String::from_utf8_lossy(&efg.stderr);
            assert!(error.contains("an .efg payoff cannot be"), "{tree}: {error}");
            continue;
        }
        let path = dir.join(format!("{written}.efg"));
        std::fs::write(&path, &efg.stdout).unwrap();
        written += 1;
        let path = path.to_str().unwrap();
        // A game graph is written as its tree, where the copies of a shared
        // node share a label; read back, they are named a, b, c, ...: only
        // the value stays.
        let graph = std::fs::read_to_string(tree).unwrap().contains("\"graph\": true");
        for algo in
            ["minimax", "negamax", "alphabeta", "negamax-alphabeta", "shallow", "expectimax"]
        {
            let answer = |file: &str| run(&["trace", file, "--algo", algo, "--format", "answer"]);
            let (original, again) = (answer(tree), answer(path));
            assert_eq!(original.status.success(), again.status.success(), "{tree} --algo {algo}");
            let (original, again) =
                (String::from_utf8_lossy(&original.stdout), String::from_utf8_lossy(&again.stdout));
            if graph {
                let value = |answer: &str| answer.lines().last().map(str::to_string);
                assert_eq!(value(&original), value(&again), "{tree} --algo {algo}");
                continue;
            }
            assert_eq!(original, again, "{tree} --algo {algo}");
        }
        // Written again, the game is the same file.
        if !graph {
            assert_eq!(succeed(&["trace", path, "--format", "efg"]).stdout, efg.stdout, "{tree}");
        }
    }
    assert!(written >= 10, "most example trees are games an .efg file holds");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A random tree as nested objects, leaves worth -3 to 3, and any node,
/// a leaf too, now and then with a player other than its depth gives.
fn tree_with_players() -> impl Strategy<Value = Value> {
    let player = prop::option::weighted(0.3, prop_oneof![Just("max"), Just("min")]);
    let leaf = ((-3i64..=3), player.clone()).prop_map(|(value, player)| match player {
        Some(player) => json!({ "value": value, "player": player }),
        None => json!({ "value": value }),
    });
    leaf.prop_recursive(4, 60, 4, move |child| {
        (player.clone(), prop::collection::vec(child, 1..=4)).prop_map(|(player, children)| {
            match player {
                Some(player) => json!({ "player": player, "children": children }),
                None => json!({ "children": children }),
            }
        })
    })
}

/// The JSON trace of `tree` under `algorithm`, or why there is none.
fn json_trace(tree: &Tree, algorithm: Algorithm) -> Result<String, String> {
    let request = Request::new(Settings::of(algorithm), Format::Json);
    let mut text = Vec::new();
    trace::write(tree, &request, &mut text).map_err(|error| error.to_string())?;
    Ok(String::from_utf8(text).expect("JSON is UTF-8"))
}

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn json_to_efg_to_json_traces_the_same_under_every_algorithm(document in tree_with_players()) {
        let text = document.to_string().into_bytes();
        let original = tree::parse(text, Naming::Letters, Overrides::default()).expect("a valid tree");
        let mut efg = Vec::new();
        gametree::render::efg::write(&mut efg, &original).expect("the game is written");
        let again = gametree::import::parse(Cow::Owned(efg.clone()), Naming::Letters, Overrides::default());
        let again = again.map_err(|error| TestCaseError::fail(format!("{error}\n{}", String::from_utf8_lossy(&efg))))?;
        for algorithm in Algorithm::ALL {
            prop_assert_eq!(json_trace(&original, algorithm), json_trace(&again, algorithm), "{}", algorithm.name());
        }
    }
}
