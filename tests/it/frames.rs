//! Frames and pictures as a lecturer shows them (issue 40), measured by
//! Graphviz itself (`dot -Tjson` gives every text line it draws, where and
//! how wide, and every outline): one image size and the same place for
//! every line of a node in every frame, one frame per step, the answer in
//! the last frame, exercises that can be solved, and text that stays
//! inside its shape.
//!
//! Without Graphviz the measuring tests say so and pass; `.ci/run`
//! installs it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{dot, graphviz_available, succeed as gametree};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("frames").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A line of text Graphviz draws: where it starts, its baseline, its
/// width and its point size, in points.
#[derive(Clone, Debug)]
struct Line {
    left: f64,
    baseline: f64,
    width: f64,
    size: f64,
    text: String,
}

/// A node as Graphviz draws it: its outline's corners and its lines.
#[derive(Debug, Default)]
struct Drawn {
    outline: Vec<(f64, f64)>,
    lines: Vec<Line>,
}

/// The picture's bounding box and every node (but the caption and the
/// edge labels) as Graphviz draws it.
fn drawn(dot_text: &[u8], what: &str) -> (String, BTreeMap<String, Drawn>) {
    let json: Value = serde_json::from_str(&dot(dot_text, "json", what)).expect("JSON");
    let mut nodes = BTreeMap::new();
    for object in json["objects"].as_array().expect("objects") {
        let name = object["name"].as_str().unwrap().to_string();
        if !name.starts_with('n') {
            continue;
        }
        let mut node = Drawn::default();
        for op in object["_draw_"].as_array().into_iter().flatten() {
            if op["op"] == "P" {
                let points = op["points"].as_array().unwrap();
                node.outline = points.iter().map(|p| (number(&p[0]), number(&p[1]))).collect();
            }
        }
        let mut size = 0.0;
        for op in object["_ldraw_"].as_array().into_iter().flatten() {
            match op["op"].as_str() {
                Some("F") => size = number(&op["size"]),
                Some("T") => node.lines.push(Line {
                    left: number(&op["pt"][0]) - align(op) * number(&op["width"]),
                    baseline: number(&op["pt"][1]),
                    width: number(&op["width"]),
                    size,
                    text: op["text"].as_str().unwrap().to_string(),
                }),
                _ => {}
            }
        }
        nodes.insert(name, node);
    }
    (json["bb"].as_str().unwrap().to_string(), nodes)
}

fn number(value: &Value) -> f64 {
    value.as_f64().expect("a number")
}

/// How much of a text's width lies left of the point it is drawn at.
fn align(op: &Value) -> f64 {
    match op["align"].as_str() {
        Some("c") => 0.5,
        Some("r") => 1.0,
        _ => 0.0,
    }
}

/// Every frame of `algo` on AIMA figure 5.2 (with a caption, and
/// `extra`), as DOT.
fn frames(algo: &str, extra: &[&str]) -> Vec<Vec<u8>> {
    let dir = scratch(&format!("{algo}{}", extra.concat()));
    let args = ["trace", "trees/aima-5-2.json", "--algo", algo, "--caption", "--frames"];
    gametree(&[&args[..], &[dir.to_str().unwrap()], extra].concat());
    let mut paths: Vec<PathBuf> =
        std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    paths.sort();
    paths.iter().map(|path| std::fs::read(path).unwrap()).collect()
}

#[test]
fn every_frame_keeps_one_size_and_every_line_of_a_node_in_its_place() {
    if !graphviz_available() {
        return;
    }
    let runs = [("alphabeta", &[][..]), ("pvs", &[]), ("mtdf", &[]), ("sss", &[])];
    let numbered = [("alphabeta", &["--numbers"][..]), ("mtdf", &["--numbers"])];
    for (algo, extra) in runs.into_iter().chain(numbered) {
        let frames = frames(algo, extra);
        let algo = format!("{algo} {extra:?}");
        let (size, first) = drawn(&frames[0], &algo);
        for (index, frame) in frames.iter().enumerate().skip(1) {
            let what = format!("{algo} frame {}", index + 1);
            let (other_size, nodes) = drawn(frame, &what);
            assert_eq!(other_size, size, "{what}: the image changed size");
            for (id, node) in &nodes {
                let places = |node: &Drawn| -> Vec<(i64, i64)> {
                    let place =
                        |l: &Line| ((l.left + l.width / 2.0).round() as i64, l.baseline as i64);
                    node.lines.iter().map(place).collect()
                };
                assert_eq!(places(node), places(&first[id]), "{what}: {id}'s lines moved");
            }
        }
    }
}

#[test]
fn a_leaf_is_one_frame_and_the_last_frame_shows_the_answer() {
    let frames = frames("alphabeta", &[]);
    assert_eq!(
        frames.len(),
        21,
        "27 steps, 7 of them leaves entered and evaluated at once, and the answer"
    );
    let caption = |frame: &[u8]| {
        let text = String::from_utf8(frame.to_vec()).unwrap();
        let line = text.lines().find(|line| line.contains("caption [")).unwrap().to_string();
        line.split("<BR/>").nth(1).unwrap().split('>').next().unwrap().to_string()
    };
    assert_eq!(caption(&frames[2]), "step 3: e = 3");
    let last = String::from_utf8(frames[20].clone()).unwrap();
    assert!(last.contains("step 21: the search ends: best move b, value 3"), "{last}");
    assert!(last.contains("n0 -> n1 [color=\"#1f77b4\", penwidth=3.5]"), "the best move: {last}");
    assert!(
        last.contains("n1 -> n2 [color=\"#1f77b4\", penwidth=2.5]"),
        "the rest of the PV: {last}"
    );
    assert!(!last.contains("#ffe66d"), "no node is current: {last}");
    let leaf = String::from_utf8(frames[2].clone()).unwrap();
    let e = leaf.lines().find(|line| line.starts_with("  n2 ")).unwrap();
    assert!(e.contains("label=<e<BR/><B>3</B>>") && e.contains("#ffe66d"), "{e}");
}

/// The DOT of `algo`'s whole search of AIMA figure 5.2.
fn picture(args: &[&str]) -> String {
    String::from_utf8(gametree(&[&["trace", "--format", "dot"][..], args].concat()).stdout).unwrap()
}

/// The line of node `id` in a DOT text.
fn node<'a>(text: &'a str, id: &str) -> &'a str {
    text.lines().find(|line| line.starts_with(&format!("  {id} ["))).unwrap()
}

#[test]
fn mtdf_and_sss_end_with_the_roots_value_and_grey_only_what_no_pass_evaluated() {
    for algo in ["mtdf", "sss"] {
        let text = picture(&["trees/aima-5-2.json", "--algo", algo]);
        assert!(node(&text, "n0").contains("a<BR/><B>3</B>"), "{algo}: {}", node(&text, "n0"));
        let greyed: Vec<&str> = text
            .lines()
            .filter(|line| line.contains("[shape") && line.contains("dashed"))
            .map(|line| line.split_whitespace().next().unwrap())
            .collect();
        // i and j (n7, n8) are never evaluated; h, k, l, m are, in some pass.
        assert_eq!(greyed, ["n7", "n8"], "{algo}: {text}");
        assert!(text.contains("n0 -> n1 [color=\"#1f77b4\", penwidth=3.5]"), "{algo}: {text}");
    }
}

#[test]
fn a_depth_limited_exercise_shows_the_horizons_static_values_and_fades_what_lies_below() {
    let text =
        picture(&["trees/depth-limited.json", "--depth", "2", "--algo", "alphabeta", "--exercise"]);
    // d, e, f, g are at depth 2: their static values 4, 6, 2, 7 are read.
    for (id, value) in [("n2", "4"), ("n5", "6"), ("n9", "2"), ("n12", "7")] {
        assert!(node(&text, id).contains(&format!("<B>{value}</B>")), "{}", node(&text, id));
    }
    // The leaves below are never read: faint, without their values.
    for id in ["n3", "n4", "n6", "n7", "n10", "n11", "n13", "n14"] {
        let line = node(&text, id);
        assert!(line.contains("<B>&#160;</B>") && line.contains("color=gray60"), "{line}");
    }
}

#[test]
fn an_iterative_deepening_exercise_shows_every_static_value() {
    let text = picture(&["trees/iterative-deepening.json", "--algo", "id-alphabeta", "--exercise"]);
    let values: Vec<&str> =
        text.split("<B>").skip(1).map(|rest| rest.split("</B>").next().unwrap()).collect();
    // a has no static value; b..g have, and the leaves h..o their values.
    let expected = ["&#160;", "3", "5", "5", "6", "2", "2", "9", "7", "8", "1", "8", "4", "4", "3"];
    assert_eq!(values, expected, "{text}");
}

#[test]
fn an_exercise_keeps_the_files_order_of_children() {
    let given = picture(&["trees/aima-5-2.json", "--algo", "alphabeta", "--exercise"]);
    for order in ["best-first", "worst-first", "random:7"] {
        let args = ["trees/aima-5-2.json", "--algo", "alphabeta", "--exercise", "--order", order];
        assert_eq!(picture(&args), given, "--order {order} gives the ranking away");
    }
    let solved = picture(&["trees/aima-5-2.json", "--algo", "alphabeta", "--order", "best-first"]);
    assert_ne!(solved, given, "the solution is drawn in the order searched");
}

/// Whether `line` lies inside `outline` at its baseline and at the top of
/// its capitals, with `room` points to spare on each side.
fn inside(line: &Line, outline: &[(f64, f64)], room: f64) -> bool {
    [line.baseline, line.baseline + 0.7 * line.size].iter().all(|&y| {
        let crossings: Vec<f64> = outline
            .iter()
            .zip(outline.iter().cycle().skip(1))
            .filter(|(a, b)| (a.1 - y) * (b.1 - y) <= 0.0 && a.1 != b.1)
            .map(|(a, b)| a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0))
            .collect();
        let low = crossings.iter().copied().fold(f64::INFINITY, f64::min);
        let high = crossings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        line.left >= low + room && line.left + line.width <= high - room
    })
}

#[test]
fn wide_names_stay_inside_their_shapes() {
    if !graphviz_available() {
        return;
    }
    let dir = scratch("wide-names");
    let tree = r#"{"root": "WWWWWWWW", "children": {"WWWWWWWW": ["MMMMMMMM", "mmmmmmmm"],
        "MMMMMMMM": ["WWWWWWW1", "%%%%%%%%"], "mmmmmmmm": ["@@@@@@@@", "iiii"]},
        "values": {"WWWWWWW1": -1000, "%%%%%%%%": 12, "@@@@@@@@": 0.125, "iiii": -99999}}"#;
    let path = dir.join("wide.json");
    std::fs::write(&path, tree).unwrap();
    for algo in ["alphabeta", "minimax", "mtdf"] {
        for labels in ["both", "names", "values"] {
            let args = ["trace", path.to_str().unwrap(), "--algo", algo, "--labels", labels];
            let diagram = gametree(&[&args[..], &["--format", "dot", "--numbers"]].concat());
            let (_, nodes) = drawn(&diagram.stdout, "wide names");
            for (id, node) in &nodes {
                for line in node.lines.iter().filter(|line| line.text.trim() != "") {
                    assert!(
                        inside(line, &node.outline, 1.0),
                        "{algo} --labels {labels}: {id}'s {:?} leaves {:?}",
                        line.text,
                        node.outline
                    );
                }
            }
        }
    }
}

/// A tree of `gen random` with `depth` and `branching`, written into `dir`.
fn random_tree(dir: &Path, depth: &str, branching: &str) -> PathBuf {
    let tree = gametree(&["gen", "random", "--depth", depth, "--branching", branching]).stdout;
    let path = dir.join(format!("random-{depth}-{branching}.json"));
    std::fs::write(&path, tree).unwrap();
    path
}

#[test]
fn pictures_of_trees_past_the_limit_are_refused_before_anything_is_written() {
    let dir = scratch("limits");
    let huge = random_tree(&dir, "9", "3");
    let svg = dir.join("huge.svg");
    let output =
        crate::common::run(&["trace", huge.to_str().unwrap(), "-o", svg.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: the tree has 29524 nodes; pictures (DOT, SVG, PNG, PDF) show trees of at most 10000 nodes: trace it as text or JSON instead\n"
    );
    assert!(!svg.exists());
    let page = dir.join("huge.html");
    let output =
        crate::common::run(&["trace", huge.to_str().unwrap(), "-o", page.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: the tree has 29524 nodes; the HTML page shows trees of at most 10000 nodes: trace it as text or JSON instead\n"
    );
    assert!(!page.exists());
    let large = random_tree(&dir, "6", "3");
    let frames = dir.join("frames");
    let output = crate::common::run(&[
        "trace",
        large.to_str().unwrap(),
        "--frames",
        frames.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.starts_with(
            "error: the tree has 1093 nodes; --frames draws trees of at most 500 nodes"
        ),
        "{said}"
    );
    assert!(!frames.exists(), "no frame folder is made");
    // Nor as beamer overlays (they once took 400 MB for this tree).
    let frames_arg = frames.to_str().unwrap();
    let args = ["trace", large.to_str().unwrap(), "--frames", frames_arg, "--format", "tikz"];
    let output = crate::common::run(&args);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: the tree has 1093 nodes"));
    assert!(!frames.exists(), "no frame folder is made for overlays");
    // One frame of it is a picture like any other.
    let frame = gametree(&["trace", large.to_str().unwrap(), "--frame", "2"]).stdout;
    assert!(frame.starts_with(b"digraph"));
}
