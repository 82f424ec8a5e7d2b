//! Every diagram gametree draws goes through the real Graphviz `dot`, which
//! must accept it without a single error or warning.
//!
//! Without Graphviz these tests say so and pass; `.ci/run` installs it and
//! sets GAMETREE_REQUIRE_GRAPHVIZ=1 so that in CI they always run.

use std::path::Path;

use crate::common::{self, dot, graphviz_available, succeed as gametree};

#[test]
fn every_tree_and_algorithm_renders_cleanly() {
    if !graphviz_available() {
        return;
    }
    for tree in common::example_trees() {
        let tree = tree.to_str().expect("a UTF-8 path");
        for algo in ["minimax", "negamax", "alphabeta", "negamax-alphabeta"] {
            let algo = common::algo_for(tree, algo);
            let diagram = gametree(&[
                "trace",
                tree,
                "--algo",
                algo,
                "--format",
                "dot",
                "--numbers",
                "--caption",
            ]);
            dot(&diagram.stdout, "svg", &format!("{tree} --algo {algo}"));
        }
    }
}

#[test]
fn names_full_of_quotes_and_braces_draw_exactly_their_own_nodes() {
    if !graphviz_available() {
        return;
    }
    let diagram =
        gametree(&["trace", "trees/awkward-names.json", "--algo", "alphabeta", "--format", "dot"]);
    let plain = dot(&diagram.stdout, "plain", "awkward-names.json");
    let count = |kind: &str| plain.lines().filter(|line| line.starts_with(kind)).count();
    assert_eq!((count("node "), count("edge ")), (7, 6), "{plain}");
}

#[test]
fn frames_render_one_by_one_and_replace_an_earlier_run() {
    if !graphviz_available() {
        return;
    }
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("frames-test");
    let _ = std::fs::remove_dir_all(&scratch);
    let dir = scratch.join("svg");
    std::fs::create_dir_all(&dir).expect("the frame directory can be made");
    std::fs::write(dir.join("frame-999.svg"), "stale").expect("a stale frame");
    std::fs::write(dir.join("notes.txt"), "kept").expect("another file");
    let args = ["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--frames"];
    let output =
        gametree(&[&args[..], &[dir.to_str().unwrap(), "--frames-format", "svg"]].concat());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("frames were written")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 21 + 1, "21 frames and notes.txt: {names:?}");
    assert_eq!(names.first().map(String::as_str), Some("frame-001.svg"));
    assert_eq!(names[20], "frame-021.svg");
    assert_eq!(names[21], "notes.txt");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.starts_with("wrote 21 frames: "), "{said}");
    // Frame 11, as DOT, is what --frame 11 prints.
    let dot_dir = scratch.join("dot");
    gametree(&[&args[..], &[dot_dir.to_str().unwrap()]].concat());
    let frame = std::fs::read(dot_dir.join("frame-011.dot")).expect("frame 11 exists");
    assert_eq!(
        frame,
        gametree(&["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--frame", "11"]).stdout
    );
}

/// Every label mode, solved and as an exercise, still and in every frame
/// (entering a node, a leaf, a bound, a cutoff, a value, the answer), for
/// an algorithm with windows and one without: Graphviz must draw each
/// without a word. Debian's and Ubuntu's Graphviz 2.43 refused
/// `label=<>` and `<B></B>`, which unlabelled nodes had.
#[test]
fn every_label_mode_and_frame_kind_draws_cleanly() {
    if !graphviz_available() {
        return;
    }
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("label-modes");
    for algo in ["minimax", "alphabeta", "sss"] {
        for labels in ["names", "values", "both"] {
            let args = ["trace", "trees/aima-5-2.json", "--algo", algo, "--labels", labels];
            for extra in [&["--format", "dot"][..], &["--format", "dot", "--exercise"]] {
                let diagram = gametree(&[&args[..], extra].concat());
                dot(&diagram.stdout, "svg", &format!("{algo} --labels {labels} {extra:?}"));
            }
            let dir = scratch.join(format!("{algo}-{labels}"));
            gametree(&[&args[..], &["--caption", "--frames", dir.to_str().unwrap()]].concat());
            for frame in std::fs::read_dir(&dir).unwrap() {
                let path = frame.unwrap().path();
                dot(&std::fs::read(&path).unwrap(), "svg", &path.display().to_string());
            }
        }
    }
}

#[test]
fn a_values_only_exercise_draws_as_png_at_a_projectors_resolution() {
    if !graphviz_available() {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("values-exercise");
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("x.png");
    let args = ["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--labels", "values"];
    let output = gametree(&[&args[..], &["--exercise", "-o", png.to_str().unwrap()]].concat());
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    let image = std::fs::read(&png).unwrap();
    assert_eq!(&image[1..4], b"PNG");
    // The width and height in the PNG header: 192 dpi, twice Graphviz's 96.
    let width = u32::from_be_bytes(image[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(image[20..24].try_into().unwrap());
    assert!(width >= 1000 && height >= 600, "{width} x {height}");
    let dot_text = gametree(&[&args[..], &["--exercise", "--format", "dot"]].concat()).stdout;
    let inches = String::from_utf8(dot_text).unwrap();
    assert!(!inches.contains("dpi"), "DOT for other formats keeps Graphviz's own resolution");
}
