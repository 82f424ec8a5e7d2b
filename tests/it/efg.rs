//! Gambit `.efg` round trips: every example tree written with
//! `--format efg` reads back as the same game, whichever algorithm
//! searches it (only the trees an `.efg` game can hold: finite values).

use crate::common::{example_trees, run, succeed};

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
