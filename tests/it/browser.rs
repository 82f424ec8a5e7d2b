//! The HTML page in a real browser: headless Chromium loads each example
//! tree's page at several `#step=N` and the DOM, read through the page's
//! hooks, must show what the JSON trace of the same run says at that step:
//! the current node, every value so far, and exactly the pruned nodes. A
//! step of the page is a step of the trace, except that entering a node
//! and evaluating it at once is one step, and the last step shows the
//! answer.
//!
//! Without Chromium these tests say so and pass, unless
//! GAMETREE_REQUIRE_CHROMIUM is set: `.ci/run` installs Debian's
//! `chromium` and sets it, so that in CI they always run.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use gametree::tree::{self, Naming, Overrides, Tree};
use serde_json::Value;

use crate::common::{self, succeed as gametree};

pub(crate) fn chromium_available() -> bool {
    let found =
        Command::new("chromium").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("GAMETREE_REQUIRE_CHROMIUM").is_none(),
            "GAMETREE_REQUIRE_CHROMIUM is set but chromium is not installed"
        );
        eprintln!("skipped: chromium is not installed (apt-get install chromium)");
    }
    found
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Chromium's flags for a headless run that lets the page's script finish,
/// with a profile of its own beside `page` (runs side by side must not
/// share one).
fn headless(page: &Path, extra: &[&str]) -> Command {
    let mut command = Command::new("chromium");
    command.args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000"]);
    let profile = page.with_extension("profile");
    command.arg(format!("--user-data-dir={}", profile.display()));
    command.args(extra);
    command
}

/// The DOM of `page` opened at `#step=N`, after its script ran.
pub(crate) fn dom_at(page: &Path, step: usize) -> String {
    let url = format!("file://{}#step={step}", page.display());
    let output = headless(page, &["--dump-dom", &url]).output().expect("chromium runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// What the page shows at one step, read through its hooks.
#[derive(Debug, Default, PartialEq)]
struct Shown {
    current: Vec<String>,
    values: BTreeMap<String, String>,
    pruned: BTreeSet<String>,
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The value of `name="..."` in an element's opening tag.
pub(crate) fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(unescape(&tag[start..start + tag[start..].find('"')?]))
}

fn shown(dom: &str) -> Shown {
    let mut shown = Shown::default();
    for tag in dom.split("<g").skip(1).map(|rest| &rest[..rest.find('>').unwrap()]) {
        let class = attribute(tag, "class").unwrap_or_default();
        let Some(name) = attribute(tag, "data-node") else { continue };
        let classes: Vec<&str> = class.split(' ').collect();
        if classes.contains(&"current") {
            shown.current.push(name.clone());
        }
        if classes.contains(&"pruned") {
            shown.pruned.insert(name.clone());
        }
        if let Some(value) = attribute(tag, "data-value") {
            shown.values.insert(name, value);
        }
    }
    shown
}

/// A number of the JSON trace as the page shows it.
fn number(value: &Value) -> String {
    match value {
        Value::String(text) if text == "inf" => "\u{221e}".into(),
        Value::String(text) if text == "-inf" => "-\u{221e}".into(),
        other => other.to_string(),
    }
}

/// What the JSON trace says the page shows after `step` events.
/// A value whose decimals never end as pictures round it: four significant
/// digits, no trailing zeros.
fn four_digits(value: f64) -> String {
    let decimals = (3 - value.abs().log10().floor() as i32).max(0) as usize;
    let text = format!("{value:.decimals$}");
    if !text.contains('.') {
        return text;
    }
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// How many events of the trace the page's steps have taken after each
/// step but the last: one each, except that a node entered and at once
/// evaluated or recalled takes two.
fn step_ends(events: &[Value]) -> Vec<usize> {
    let mut ends: Vec<usize> = Vec::new();
    for (index, event) in events.iter().enumerate() {
        let joins = index > 0
            && events[index - 1]["type"] == "enter"
            && matches!(event["type"].as_str(), Some("leaf" | "recall"))
            && events[index - 1]["node"] == event["node"];
        if joins {
            *ends.last_mut().unwrap() += 1;
        } else {
            ends.push(index + 1);
        }
    }
    ends
}

/// What the JSON trace says the page shows after `step` of its steps
/// (`ends` from [`step_ends`]); the last step is the whole search, with
/// no current node.
fn expected(tree: &Tree, events: &[Value], ends: &[usize], step: usize) -> Shown {
    let taken = if step == 0 { 0 } else { ends.get(step - 1).copied().unwrap_or(events.len()) };
    let names = tree.name_index();
    let mut want = Shown::default();
    for event in &events[..taken] {
        let node = event["node"].as_str().unwrap().to_string();
        match event["type"].as_str().unwrap() {
            "leaf" => drop(want.values.insert(node, number(&event["value"]))),
            "value" => {
                let sign = match event["kind"].as_str().unwrap() {
                    "lower" => "\u{2265}",
                    "upper" => "\u{2264}",
                    _ => "",
                };
                let shown = match event.get("exact") {
                    Some(_) => format!("\u{2248}{}", four_digits(event["value"].as_f64().unwrap())),
                    None => number(&event["value"]),
                };
                want.values.insert(node, format!("{sign}{shown}"));
            }
            "cutoff" => {
                let mut below: Vec<_> = event["pruned"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| names.get(n.as_str().unwrap()).unwrap())
                    .collect();
                while let Some(pruned) = below.pop() {
                    want.pruned.insert(tree.name(pruned).to_string());
                    below.extend_from_slice(tree.children(pruned));
                }
            }
            _ => {}
        }
    }
    if step > 0 && step <= ends.len() {
        want.current.push(events[taken - 1]["node"].as_str().unwrap().to_string());
    }
    want
}

#[test]
fn every_example_page_agrees_with_the_json_trace() {
    if !chromium_available() {
        return;
    }
    let dir = scratch("examples");
    let mut checks = Vec::new();
    for (index, path) in common::example_trees().iter().enumerate() {
        let tree = tree::parse(std::fs::read(path).unwrap(), Naming::Letters, Overrides::default())
            .unwrap();
        let algos = match tree.first_chance_node() {
            Some(_) => &["expectimax"][..],
            None => &["minimax", "negamax", "alphabeta", "negamax-alphabeta"],
        };
        for algo in algos {
            let page = dir.join(format!("{index}-{algo}.html"));
            let args = ["trace", path.to_str().unwrap(), "--algo", algo];
            gametree(&[&args[..], &["-o", page.to_str().unwrap()]].concat());
            let json = gametree(&[&args[..], &["--format", "json"]].concat()).stdout;
            let trace: Value = serde_json::from_slice(&json).unwrap();
            let events = trace["events"].as_array().unwrap().clone();
            let steps = step_ends(&events).len() + 1;
            for step in [steps / 2, steps - 1, steps] {
                checks.push((tree.clone(), page.clone(), events.clone(), step));
            }
        }
    }
    // Chromium takes about a second a page: four at a time.
    std::thread::scope(|scope| {
        for chunk in checks.chunks(checks.len().div_ceil(4)) {
            scope.spawn(move || {
                for (tree, page, events, step) in chunk {
                    let what = format!("{}#step={step}", page.display());
                    let ends = step_ends(events);
                    assert_eq!(
                        shown(&dom_at(page, *step)),
                        expected(tree, events, &ends, *step),
                        "{what}"
                    );
                }
            });
        }
    });
}

/// The page of alpha-beta on AIMA figure 5.2, written into `dir`.
fn aima_page(dir: &Path) -> PathBuf {
    let page = dir.join("aima.html");
    let args = ["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "-o"];
    gametree(&[&args[..], &[page.to_str().unwrap()]].concat());
    page
}

#[test]
fn aima_step_11_shows_the_cutoff_at_c() {
    if !chromium_available() {
        return;
    }
    let page = aima_page(&scratch("aima"));
    let dom = dom_at(&page, 11);
    let seen = shown(&dom);
    assert_eq!(seen.current, ["c"]);
    assert_eq!(seen.pruned, BTreeSet::from(["i".to_string(), "j".to_string()]));
    assert!(dom.contains("c: v=2 &lt;= alpha=3: prune i j</p>"), "{dom}");
    assert!(dom.contains("step 11 of 21"));
    assert!(
        dom.contains("order: e:3 f:12 g:8 b:3 h:2\nleaves: e f g h #\npruned: i j</pre>"),
        "{dom}"
    );
    let leaf = dom_at(&page, 3);
    assert!(leaf.contains("e = 3</p>"), "a leaf is entered and evaluated in one step: {leaf}");
    let end = dom_at(&page, 21);
    assert!(end.contains("the search ends: best move b, value 3</p>"), "{end}");
    assert!(end.contains("best move: b\nvalue: 3</pre>"), "{end}");
    assert!(end.contains("class=\"edge best\""), "the best move is drawn: {end}");
    assert_eq!(shown(&dom_at(&page, 0)).values, BTreeMap::new(), "nothing solved at step 0");
}

/// A page that loads `SRC` in a frame of `WIDTH` by `HEIGHT` pixels and,
/// once it is loaded, runs `SCRIPT` with `page` (the frame's window),
/// `doc` (its document), `press(key, modifiers)`, `click(id)` and `seen`,
/// a list whose items end up in `#result`, joined by `|`.
const HARNESS: &str = r#"<!DOCTYPE html><title>harness</title>
<iframe id="f" src="SRC" width="WIDTH" height="HEIGHT" style="border: 0"></iframe>
<pre id="result"></pre>
<script>
const frame = document.getElementById("f");
frame.onload = () => {
  const page = frame.contentWindow, doc = page.document, seen = [];
  const press = (key, modifiers = {}) =>
    doc.dispatchEvent(new page.KeyboardEvent("keydown", { key, ...modifiers }));
  const click = (id) => doc.getElementById(id).click();
  SCRIPT
  document.getElementById("result").textContent = seen.join("|");
};
</script>"#;

/// Runs `script` in [`HARNESS`] on `page` opened at `#step=step` in a frame
/// of `size`, and returns what it saw.
fn in_harness(page: &Path, step: usize, size: (u32, u32), script: &str) -> String {
    let src = format!("{}#step={step}", page.file_name().unwrap().to_string_lossy());
    let text = HARNESS
        .replace("SRC", &src)
        .replace("WIDTH", &size.0.to_string())
        .replace("HEIGHT", &size.1.to_string())
        .replace("SCRIPT", script);
    let harness = page.with_file_name(format!("harness-{step}.html"));
    std::fs::write(&harness, text).unwrap();
    let url = format!("file://{}", harness.display());
    let window = format!("--window-size={},{}", size.0 + 40, size.1 + 200);
    let output =
        headless(&harness, &["--allow-file-access-from-files", &window, "--dump-dom", &url])
            .output()
            .expect("chromium runs");
    let dom = String::from_utf8(output.stdout).unwrap();
    let result = dom.split("<pre id=\"result\">").nth(1).and_then(|rest| rest.split('<').next());
    result.unwrap_or_else(|| panic!("no result: {dom}")).to_string()
}

/// Reads the step counter into `seen`.
const COUNTER: &str =
    r#"const counter = () => seen.push(doc.getElementById("counter").textContent);"#;

#[test]
fn keys_and_buttons_step_through_the_search() {
    if !chromium_available() {
        return;
    }
    let page = aima_page(&scratch("keys"));
    let script = format!(
        r#"{COUNTER}
  press("ArrowRight"); press("ArrowRight"); counter();
  click("next"); counter();
  press("End"); counter();
  click("previous"); counter();
  press("Home"); counter();
  click("last"); counter();
  press("ArrowLeft"); counter();
  click("first"); counter();
  press("h"); seen.push(doc.getElementById("answer").className, page.location.hash);"#
    );
    let expected = [
        "step 2 of 21",
        "step 3 of 21",
        "step 21 of 21",
        "step 20 of 21",
        "step 0 of 21",
        "step 21 of 21",
        "step 20 of 21",
        "step 0 of 21",
        "hidden",
        "#step=0",
    ];
    assert_eq!(in_harness(&page, 0, (1200, 700), &script), expected.join("|"));
}

#[test]
fn a_presenters_remote_steps_and_modified_keys_are_the_browsers() {
    if !chromium_available() {
        return;
    }
    let page = aima_page(&scratch("remote"));
    let script = format!(
        r#"{COUNTER}
  press("PageDown"); press("PageDown"); counter();
  press("PageUp"); counter();
  press(" "); counter();
  press(" ", {{ shiftKey: true }}); counter();
  const answer = () => seen.push(doc.getElementById("answer").className || "shown");
  press("ArrowLeft", {{ altKey: true }}); counter();
  press("ArrowRight", {{ ctrlKey: true }}); counter();
  press("End", {{ metaKey: true }}); counter();
  press("h", {{ ctrlKey: true }}); answer();
  press("h", {{ altKey: true }}); answer();"#
    );
    let expected = [
        "step 2 of 21",
        "step 1 of 21",
        "step 2 of 21",
        "step 1 of 21",
        "step 1 of 21",
        "step 1 of 21",
        "step 1 of 21",
        "shown",
        "shown",
    ];
    assert_eq!(in_harness(&page, 0, (1200, 700), &script), expected.join("|"));
}

#[test]
fn every_control_has_an_accessible_name() {
    if !chromium_available() {
        return;
    }
    let page = aima_page(&scratch("aria"));
    let dom = dom_at(&page, 5);
    let buttons: Vec<&str> =
        dom.split("<button").skip(1).map(|b| &b[..b.find('>').unwrap()]).collect();
    assert_eq!(buttons.len(), 7, "{dom}");
    for button in buttons {
        assert!(attribute(button, "aria-label").is_some_and(|label| !label.is_empty()), "{button}");
    }
    let slider = dom.split("<input").nth(1).unwrap();
    assert!(attribute(slider, "aria-label").is_some(), "{slider}");
    let tree = dom.split("<svg").nth(1).unwrap();
    let label = attribute(tree, "aria-label").unwrap_or_default();
    assert!(label.contains("alphabeta"), "{tree}");
}

/// Measures, in the frame, how tall a node's name is on the screen, how
/// far the tree overflows its box (width and height), and whether the
/// current node lies inside the box.
const MEASURE: &str = r#"
  const box = doc.getElementById("tree-box").getBoundingClientRect();
  const name = doc.querySelector(".node .name").getBoundingClientRect();
  const tree = doc.getElementById("tree-box");
  seen.push(Math.round(name.height));
  seen.push(tree.scrollWidth - tree.clientWidth, tree.scrollHeight - tree.clientHeight);
  const current = doc.querySelector(".node.current");
  const at = current ? current.getBoundingClientRect() : null;
  seen.push(at !== null && at.left >= box.left && at.right <= box.right &&
    at.top >= box.top && at.bottom <= box.bottom ? "in view" : "out of view");"#;

/// Grows the frame to 1920x1080, as going full screen does.
const GROW: &str = r#"frame.width = 1920; frame.height = 1080;
  page.dispatchEvent(new page.Event("resize"));"#;

/// The numbers [`MEASURE`] saw.
fn measured(seen: &str) -> (u32, i64, i64, String) {
    let parts: Vec<&str> = seen.split('|').collect();
    (
        parts[0].parse().unwrap(),
        parts[1].parse().unwrap(),
        parts[2].parse().unwrap(),
        parts[3].into(),
    )
}

#[test]
fn a_small_tree_fills_the_window() {
    if !chromium_available() {
        return;
    }
    let page = aima_page(&scratch("small"));
    let (name, overflow_x, overflow_y, current) =
        measured(&in_harness(&page, 11, (1920, 1080), MEASURE));
    assert!(name >= 24, "names {name}px tall on a 1920x1080 screen");
    assert_eq!((overflow_x, overflow_y), (0, 0), "the whole tree is in view");
    assert_eq!(current, "in view");
}

#[test]
fn a_large_tree_keeps_its_text_readable_and_the_current_node_in_view_after_a_resize() {
    if !chromium_available() {
        return;
    }
    let dir = scratch("large");
    let tree =
        common::succeed(&["gen", "random", "--depth", "4", "--branching", "3-4", "--seed", "3"]);
    let (path, page) = (dir.join("large.json"), dir.join("large.html"));
    std::fs::write(&path, tree.stdout).unwrap();
    gametree(&[
        "trace",
        path.to_str().unwrap(),
        "--algo",
        "alphabeta",
        "-o",
        page.to_str().unwrap(),
    ]);
    for step in [15, 100, 200] {
        let (name, overflow_x, _, current) =
            measured(&in_harness(&page, step, (1920, 1080), MEASURE));
        assert!(name >= 16, "step {step}: names {name}px tall");
        assert!(overflow_x > 0, "step {step}: a tree of 213 nodes pans rather than shrinks");
        assert_eq!(current, "in view", "step {step}");
        // A presenter going full screen: the window grows, the zoom changes.
        let grown = [GROW, MEASURE].concat();
        let (_, _, _, current) = measured(&in_harness(&page, step, (800, 500), &grown));
        assert_eq!(current, "in view", "step {step}, after going full screen");
    }
    let zoomed = r#"click("zoom-in"); seen.push(doc.getElementById("zoom-level").textContent);
  press("0"); seen.push(doc.getElementById("zoom-level").textContent);
  press("-"); seen.push(doc.getElementById("zoom-level").textContent);"#;
    assert_eq!(in_harness(&page, 15, (1920, 1080), zoomed), "188%|150%|120%");
}

#[test]
fn a_screenshot_of_the_page_is_not_blank() {
    if !chromium_available() {
        return;
    }
    let dir = scratch("screenshot");
    let page = aima_page(&dir);
    let blank = dir.join("blank.html");
    std::fs::write(&blank, "<!DOCTYPE html><title>blank</title>").unwrap();
    let size = |page: &Path, shot: &str| {
        let shot = dir.join(shot);
        let url = format!("file://{}#step=15", page.display());
        let screenshot = format!("--screenshot={}", shot.display());
        let output =
            headless(page, &[&screenshot, "--window-size=1280,800", &url]).output().unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        std::fs::metadata(shot).expect("a screenshot").len()
    };
    let (ours, empty) = (size(&page, "aima.png"), size(&blank, "blank.png"));
    assert!(
        ours > 10 * empty,
        "the page's screenshot ({ours} bytes) is no fuller than a blank page's ({empty})"
    );
}
