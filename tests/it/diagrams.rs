//! The diagrams as a teacher uses them, measured by Graphviz itself
//! (`dot -Tplain` gives every node's place and the picture's size): one
//! geometry for all frames, windows inside their nodes, the exercise
//! picture, wide trees that still fit a slide.
//!
//! Without Graphviz these tests say so and pass; `.ci/run` installs it.

use std::path::{Path, PathBuf};

use crate::common::{self, dot, graphviz_available, run, succeed as gametree};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diagrams").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The picture's size and every node's place, from `dot -Tplain`.
struct Plain {
    size: String,
    nodes: Vec<(String, f64, f64)>,
}

fn plain(dot_text: &[u8], what: &str) -> Plain {
    let text = dot(dot_text, "plain", what);
    let mut lines = text.lines();
    let size = lines.next().expect("a graph line").to_string();
    let nodes = lines
        .filter(|line| line.starts_with("node n"))
        .map(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            (words[1].to_string(), words[2].parse().unwrap(), words[3].parse().unwrap())
        })
        .collect();
    Plain { size, nodes }
}

/// Whether two pictures place every node alike, relative to the root
/// (Graphviz may shift a whole picture to make room for a caption).
fn same_places(one: &Plain, other: &Plain) -> bool {
    let tree = |p: &Plain| -> Vec<(String, f64, f64)> {
        let (_, x0, y0) = p.nodes[0].clone();
        let nodes = p.nodes.iter().filter(|node| node.0 != "caption");
        nodes.map(|(id, x, y)| (id.clone(), x - x0, y - y0)).collect()
    };
    let close = |a: &(String, f64, f64), b: &(String, f64, f64)| {
        a.0 == b.0 && (a.1 - b.1).abs() < 0.01 && (a.2 - b.2).abs() < 0.01
    };
    let (one, other) = (tree(one), tree(other));
    one.len() == other.len() && one.iter().zip(&other).all(|(a, b)| close(a, b))
}

#[test]
fn every_frame_of_every_example_has_one_geometry() {
    if !graphviz_available() {
        return;
    }
    for tree in common::example_trees() {
        let name = tree.file_stem().unwrap().to_string_lossy().to_string();
        let tree = tree.to_str().unwrap();
        let dir = scratch(&name);
        let algo = common::algo_for(tree, "alphabeta");
        let args = ["trace", tree, "--algo", algo, "--caption", "--frames"];
        gametree(&[&args[..], &[dir.to_str().unwrap()]].concat());
        let mut frames: Vec<PathBuf> =
            std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
        frames.sort();
        let first = plain(&std::fs::read(&frames[0]).unwrap(), &name);
        for frame in &frames[1..] {
            let other = plain(&std::fs::read(frame).unwrap(), &format!("{}", frame.display()));
            assert_eq!(other.size, first.size, "{}", frame.display());
            assert_eq!(other.nodes, first.nodes, "{}", frame.display());
        }
        let last = plain(&std::fs::read(frames.last().unwrap()).unwrap(), &name);
        let final_diagram = gametree(&["trace", tree, "--algo", algo, "--format", "dot"]);
        let diagram = plain(&final_diagram.stdout, &name);
        assert!(same_places(&diagram, &last), "{name}: the final diagram moved");
    }
}

#[test]
fn windows_sit_inside_their_nodes() {
    let diagram =
        gametree(&["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--format", "dot"]);
    let text = String::from_utf8(diagram.stdout).unwrap();
    assert!(!text.contains("xlabel"), "{text}");
    let root = text.lines().find(|line| line.starts_with("  n0 ")).unwrap();
    assert!(
        root.contains("a<BR/><B>3</B><BR/><FONT POINT-SIZE=\"10\">&#945;=3 &#946;=&#8734;</FONT>"),
        "{root}"
    );
}

#[test]
fn the_exercise_shows_the_leaf_values_and_nothing_solved() {
    let exercise = gametree(&[
        "trace",
        "trees/aima-5-2.json",
        "--algo",
        "alphabeta",
        "--format",
        "dot",
        "--exercise",
    ]);
    let text = String::from_utf8(exercise.stdout).unwrap();
    let values: Vec<&str> =
        text.split("<B>").skip(1).map(|rest| rest.split("</B>").next().unwrap()).collect();
    assert_eq!(values, ["3", "12", "8", "2", "4", "6", "14", "5", "2"]);
    for solved in ["&#945;", "&#x2717;", "penwidth", "dashed", "gray"] {
        assert!(!text.contains(solved), "{solved} in {text}");
    }
}

#[test]
fn a_tree_of_27_leaves_fits_a_slide() {
    if !graphviz_available() {
        return;
    }
    let tree = wide_tree();
    let path = tree.to_str().unwrap();
    for algo in ["minimax", "alphabeta"] {
        let args = ["trace", path, "--algo", algo, "--format", "dot", "--labels", "values"];
        let diagram = plain(&gametree(&args).stdout, "27 leaves");
        let words: Vec<f64> = diagram.size.split(' ').skip(2).map(|w| w.parse().unwrap()).collect();
        assert!(words[0] / words[1] <= 2.5, "{algo}: {}", diagram.size);
    }
}

/// A tree of 27 leaves: three plies, three moves each, where alpha-beta
/// prunes whole subtrees.
fn wide_tree() -> PathBuf {
    let tree = "[[[3, 9, 8], [2, 5, 9], [7, 9, 1]], [[9, 0, 7], [4, 8, 3], [3, 7, 8]], \
                [[8, 7, 6], [2, 3, 2], [8, 6, 0]]]";
    let path = scratch("wide").join("wide.json");
    std::fs::write(&path, tree).unwrap();
    path
}

#[test]
fn pruned_subtrees_collapse_into_stubs() {
    if !graphviz_available() {
        return;
    }
    let tree = wide_tree();
    let args = ["trace", tree.to_str().unwrap(), "--algo", "alphabeta", "--format", "dot"];
    let full = plain(&gametree(&args).stdout, "27 leaves");
    let collapsed_dot = gametree(&[&args[..], &["--collapse-pruned"]].concat()).stdout;
    let collapsed = plain(&collapsed_dot, "27 leaves collapsed");
    assert!(collapsed.nodes.len() < full.nodes.len(), "{} nodes", collapsed.nodes.len());
    let text = String::from_utf8(collapsed_dot).unwrap();
    assert!(text.contains("fillcolor=gray92"), "a stub is drawn: {text}");
}

#[test]
fn page_size_and_resolution_reach_graphviz() {
    let args =
        ["trace", "trees/aima-5-2.json", "--format", "dot", "--size", "10,5.6", "--dpi", "200"];
    let text = String::from_utf8(gametree(&args).stdout).unwrap();
    assert!(text.contains("size=\"10,5.6\", dpi=200"), "{text}");
    let refused = run(&["trace", "trees/aima-5-2.json", "--format", "dot", "--size", "10x5"]);
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("expected a size in inches as W,H"), "{said}");
}
