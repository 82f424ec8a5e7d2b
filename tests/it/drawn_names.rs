//! Names from the allowed alphabet that are hostile to the parsers a
//! picture goes through (issue 41, item 4): Graphviz's escapes (`\N` is
//! the node's id, `\G` the graph's name, `\\` one backslash), HTML
//! markup, entities, and what ends or hides a script (`</script>`,
//! `<!--<script>`). Drawn by the real Graphviz, every node shows exactly
//! its name; in headless Chromium the page's script runs and every node
//! carries its name.

use std::path::Path;

use gametree::tree::names::problem_with;
use gametree::tree::{self, Naming, Overrides, Tree};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

use crate::browser::{attribute, chromium_available, dom_at};
use crate::common::{self, dot, graphviz_available, succeed as gametree};

/// Pieces of names that mean something to Graphviz, HTML or a script.
const HOSTILE: &[&str] = &[
    "\\N",
    "\\G",
    "\\E",
    "\\T",
    "\\H",
    "\\L",
    "\\\\",
    "\\n",
    "\\l",
    "\\r",
    "\\",
    "<!--",
    "-->",
    "<script>",
    "</script>",
    "<B>",
    "&amp",
    "&lt",
    "&quot",
    "]]>",
    "\"",
    "'",
    "{",
    "}",
    "[",
    "]",
    "|",
    "<",
    ">",
    "&",
    "$",
    "%",
    "~",
    "^",
    "_",
    "\u{3b3}",
    "\u{e9}",
    "\u{4e2d}",
    "\u{1f600}",
    "\u{301}",
    "\u{a0}",
];

/// A name the reader takes, made of hostile pieces, letters and any
/// character that shows.
fn hostile_name() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => prop::sample::select(HOSTILE).prop_map(str::to_string),
        2 => prop::char::range('a', 'z').prop_map(String::from),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 1..5)
        .prop_map(|pieces| pieces.concat())
        .prop_filter("a name the reader takes", |name| problem_with(name).is_none())
}

/// Four different names for the root's children and grandchildren.
fn names() -> impl Strategy<Value = Vec<String>> {
    prop::collection::hash_set(hostile_name().prop_filter("not the root", |n| n != "r"), 6)
        .prop_map(|names| names.into_iter().collect())
}

/// A tree: a root `r`, two inner nodes, each with two leaves, named by `names`.
fn document(names: &[String]) -> String {
    let q = |index: usize| serde_json::to_string(&names[index]).unwrap();
    format!(
        r#"{{"root": "r", "children": {{"r": [{}, {}], {}: [{}, {}], {}: [{}, {}]}}, "values": {{{}: 1, {}: 2, {}: 3, {}: 4}}}}"#,
        q(0),
        q(1),
        q(0),
        q(2),
        q(3),
        q(1),
        q(4),
        q(5),
        q(2),
        q(3),
        q(4),
        q(5)
    )
}

/// Text of an SVG document, entities decoded.
fn unescape(text: &str) -> String {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('&') {
        plain.push_str(&rest[..start]);
        let end = start + rest[start..].find(';').expect("an entity ends");
        let entity = &rest[start + 1..end];
        let code = match entity {
            "lt" => '<',
            "gt" => '>',
            "amp" => '&',
            "quot" => '"',
            "apos" => '\'',
            _ if entity.starts_with("#x") => {
                char::from_u32(u32::from_str_radix(&entity[2..], 16).unwrap()).unwrap()
            }
            _ => char::from_u32(entity[1..].parse().unwrap()).unwrap(),
        };
        plain.push(code);
        rest = &rest[end + 1..];
    }
    plain + rest
}

/// The text Graphviz draws in each node of an SVG, by node id.
fn drawn_texts(svg: &str) -> Vec<(String, String)> {
    let nodes = svg.split("class=\"node\">").skip(1);
    nodes
        .map(|node| {
            let id = node.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
            let texts = node.split("</g>").next().unwrap().split("<text").skip(1);
            let text: Vec<String> = texts
                .map(|text| {
                    unescape(text.split('>').nth(1).unwrap().split("</text").next().unwrap())
                })
                .collect();
            (id.to_string(), text.concat())
        })
        .collect()
}

fn parsed(text: &str) -> Option<Tree> {
    tree::parse(text.as_bytes(), Naming::Letters, Overrides::default()).ok()
}

/// Every node Graphviz draws shows exactly its name. Each case runs `dot`,
/// so this property runs a fifteenth of the configured cases.
#[test]
fn hostile_names_draw_as_themselves_in_graphviz() {
    if !graphviz_available() {
        return;
    }
    common::run_share_of_cases((1, 15), file!(), &names(), |names| {
        let text = document(&names);
        let Some(tree) = parsed(&text) else { return Ok(()) };
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drawn-names");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("names.json");
        std::fs::write(&path, &text).unwrap();
        let args = ["trace", path.to_str().unwrap(), "--algo", "alphabeta", "--labels", "names"];
        let diagram = gametree(&[&args[..], &["--format", "dot", "--caption"]].concat());
        let svg = dot(&diagram.stdout, "svg", &text);
        for (id, drawn) in drawn_texts(&svg).into_iter().filter(|(id, _)| id.starts_with('n')) {
            let node = tree::NodeId(id[1..].parse().unwrap());
            prop_assert_eq!(drawn.as_str(), tree.name(node), "{}", text);
        }
        Ok(())
    });
}

/// The page of a tree of hostile names, for a sample of names: the
/// known-bad ones and some the strategy makes.
#[test]
fn hostile_names_leave_the_pages_script_running() {
    if !chromium_available() {
        return;
    }
    let mut runner = TestRunner::deterministic();
    let mut sample = vec![
        vec!["<!--<script>", "</script>", "\\N", "&lt", "]]>", "<B>"],
        vec!["\\G", "\\\\", "\"'", "<!--", "\u{1f600}\u{301}", "&amp"],
    ];
    let made: Vec<Vec<String>> =
        (0..4).map(|_| names().new_tree(&mut runner).unwrap().current()).collect();
    sample.extend(made.iter().map(|names| names.iter().map(String::as_str).collect()));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drawn-names-page");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (index, names) in sample.iter().enumerate() {
        let names: Vec<String> = names.iter().map(|name| name.to_string()).collect();
        let text = document(&names);
        let tree = parsed(&text).unwrap_or_else(|| panic!("the reader takes {names:?}"));
        let path = dir.join(format!("names-{index}.json"));
        std::fs::write(&path, &text).unwrap();
        let page = dir.join(format!("names-{index}.html"));
        gametree(&[
            "trace",
            path.to_str().unwrap(),
            "--algo",
            "alphabeta",
            "-o",
            page.to_str().unwrap(),
        ]);
        let dom = dom_at(&page, 3);
        assert!(
            dom.contains("<span id=\"counter\" aria-live=\"polite\">step 3 of "),
            "{names:?}: {dom}"
        );
        let drawn: Vec<String> = dom
            .split("<g class=\"node")
            .skip(1)
            .filter_map(|tag| attribute(&tag[..tag.find('>').unwrap()], "data-node"))
            .collect();
        let all: Vec<&str> = tree.nodes().map(|node| tree.name(node)).collect();
        assert_eq!(drawn, all, "{names:?}");
    }
}
