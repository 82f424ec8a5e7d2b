//! The HTML page in a real browser: headless Chromium loads each example
//! tree's page at several `#step=N` and the DOM, read through the page's
//! hooks, must show what the JSON trace of the same run says at that step:
//! the current node, every value so far, and exactly the pruned nodes.
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

fn chromium_available() -> bool {
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
fn dom_at(page: &Path, step: usize) -> String {
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
fn attribute(tag: &str, name: &str) -> Option<String> {
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

fn expected(tree: &Tree, events: &[Value], step: usize) -> Shown {
    let names = tree.name_index();
    let mut want = Shown::default();
    for event in &events[..step] {
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
                    .map(|n| names[n.as_str().unwrap()])
                    .collect();
                while let Some(pruned) = below.pop() {
                    want.pruned.insert(tree.name(pruned).to_string());
                    below.extend_from_slice(tree.children(pruned));
                }
            }
            _ => {}
        }
    }
    if step > 0 {
        want.current.push(events[step - 1]["node"].as_str().unwrap().to_string());
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
            for step in [events.len() / 2, events.len()] {
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
                    assert_eq!(
                        shown(&dom_at(page, *step)),
                        expected(tree, events, *step),
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
fn aima_step_15_shows_the_cutoff_at_c() {
    if !chromium_available() {
        return;
    }
    let page = aima_page(&scratch("aima"));
    let dom = dom_at(&page, 15);
    let seen = shown(&dom);
    assert_eq!(seen.current, ["c"]);
    assert_eq!(seen.pruned, BTreeSet::from(["i".to_string(), "j".to_string()]));
    assert!(dom.contains("<p id=\"step-text\">c: v=2 &lt;= alpha=3: prune i j</p>"), "{dom}");
    assert!(dom.contains("step 15 of 27"));
    assert!(
        dom.contains("order: e:3 f:12 g:8 b:3 h:2\nleaves: e f g h #\npruned: i j</pre>"),
        "{dom}"
    );
    let end = dom_at(&page, 27);
    assert!(end.contains("best move: b\nvalue: 3</pre>"), "{end}");
    assert_eq!(shown(&dom_at(&page, 0)).values, BTreeMap::new(), "nothing solved at step 0");
}

/// Presses keys and clicks buttons in the page, loaded in a frame of
/// another page, and writes what the step counter said after each.
const HARNESS: &str = r#"<!DOCTYPE html><title>harness</title>
<iframe id="f" src="aima.html#step=0" width="1200" height="700"></iframe>
<pre id="result"></pre>
<script>
const frame = document.getElementById("f");
frame.onload = () => {
  const page = frame.contentWindow, doc = page.document, seen = [];
  const press = (key) => doc.dispatchEvent(new page.KeyboardEvent("keydown", { key }));
  const click = (id) => doc.getElementById(id).click();
  const counter = () => seen.push(doc.getElementById("counter").textContent);
  press("ArrowRight"); press("ArrowRight"); counter();
  click("next"); counter();
  press("End"); counter();
  click("previous"); counter();
  press("Home"); counter();
  click("last"); counter();
  press("ArrowLeft"); counter();
  click("first"); counter();
  press("h"); seen.push(doc.getElementById("answer").className, page.location.hash);
  document.getElementById("result").textContent = seen.join("|");
};
</script>"#;

#[test]
fn keys_and_buttons_step_through_the_search() {
    if !chromium_available() {
        return;
    }
    let dir = scratch("keys");
    aima_page(&dir);
    let harness = dir.join("harness.html");
    std::fs::write(&harness, HARNESS).unwrap();
    let url = format!("file://{}", harness.display());
    let output = headless(&harness, &["--allow-file-access-from-files", "--dump-dom", &url])
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8(output.stdout).unwrap();
    let result = dom.split("<pre id=\"result\">").nth(1).and_then(|rest| rest.split('<').next());
    let expected = [
        "step 2 of 27",
        "step 3 of 27",
        "step 27 of 27",
        "step 26 of 27",
        "step 0 of 27",
        "step 27 of 27",
        "step 26 of 27",
        "step 0 of 27",
        "hidden",
        "#step=0",
    ];
    assert_eq!(result, Some(expected.join("|").as_str()), "{dom}");
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
