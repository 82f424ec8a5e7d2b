//! `--format html`: one self-contained page that steps through the search
//! in a browser: the tree as inline SVG, buttons, keys and a slider, the
//! step in words and the classroom lines so far. No network, no files
//! beside it: the styles, the script and the steps are all inside.
//!
//! The page carries, for every step, the views of the nodes and edges that
//! step changed, as [`Picture`] gives them, so the script only applies
//! them: it never searches and never lays anything out.

mod svg;

pub use svg::escape;

use std::convert::Infallible;
use std::io::{self, Write};

use serde::Serialize;

use super::diagram::{Canvas, completes, ending, pv_places};
use super::picture::{EdgeInk, Ink, Look, NodeView, Picture};
use super::text::describe;
use crate::answer::{notation, order_item};
use crate::notation::Notation;
use crate::search::{Event, Flow, Outcome, Sink};
use crate::settings::Settings;
use crate::terminal::Palette;
use crate::tree::{NodeId, Tree};

const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// A node as a step leaves it: id, ink, value, window, whether valued.
type NodeState = (u32, &'static str, Option<String>, Option<String>, bool);

/// An edge, by its child's id, and its ink.
type EdgeState = (u32, &'static str);

/// Every node's and edge's state at once.
#[derive(Serialize, Default)]
struct Whole {
    nodes: Vec<NodeState>,
    edges: Vec<EdgeState>,
}

/// What one step changes, and what it adds to the classroom lines.
#[derive(Serialize)]
struct Step {
    /// The step in words, as the text trace's line says it.
    text: String,
    /// The node the step is about (none at the last step, the answer).
    current: Option<u32>,
    nodes: Vec<NodeState>,
    edges: Vec<EdgeState>,
    order: Option<String>,
    leaf: Option<String>,
    pruned: Vec<String>,
}

/// Follows a search and records what each step changes, the steps as
/// the frames have them ([`completes`]); a [`Sink`].
pub struct Steps<'t> {
    picture: Picture<'t>,
    canvas: &'t Canvas,
    steps: Vec<Step>,
    /// The node the latest step entered.
    entered: Option<NodeId>,
}

impl<'t> Steps<'t> {
    pub fn new(tree: &'t Tree, settings: &Settings, canvas: &'t Canvas) -> Self {
        let picture = Picture::new(tree, settings);
        Steps { picture, canvas, steps: Vec::new(), entered: None }
    }

    /// The nodes `event` may change the look of, drawn ones only.
    fn touched(&self, event: &Event<'_>) -> Vec<NodeId> {
        let tree = self.picture.tree();
        let mut nodes = vec![event.node()];
        match *event {
            Event::Cutoff { pruned, .. } => {
                nodes.extend(pruned.iter().flat_map(|&child| tree.subtree(child)));
            }
            // A child searched again starts afresh; a new pass, the whole tree.
            Event::Research { child, .. } => nodes.extend(tree.subtree(child)),
            Event::Pass { .. } => nodes = tree.nodes().collect(),
            _ => {}
        }
        nodes.retain(|&node| self.canvas.layout.shown(node));
        nodes
    }
}

impl Sink for Steps<'_> {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        // A node entered and evaluated at once is one step: this one.
        if self.entered.take().is_some_and(|entered| completes(entered, event)) {
            self.steps.pop();
        }
        if let Event::Enter { node, .. } = *event {
            self.entered = Some(node);
        }
        let Ok(_) = self.picture.event(event);
        let tree = self.picture.tree();
        let look = &self.canvas.look;
        let touched = self.touched(event);
        let nodes = touched.iter().map(|&node| state(node, &self.picture.node(node, look, None)));
        let edges = touched.iter().filter(|&&node| node != tree.root());
        let leaf = match *event {
            Event::Leaf { node, .. } => Some(tree.name(node).to_string()),
            Event::Cutoff { .. } => Some("#".to_string()),
            _ => None,
        };
        let pruned = match event {
            Event::Cutoff { pruned, .. } => {
                pruned.iter().map(|&n| tree.name(n).to_string()).collect()
            }
            _ => Vec::new(),
        };
        self.steps.push(Step {
            text: describe(
                tree,
                event,
                Palette::default(),
                Notation::Ascii,
                crate::lang::Lang::En.words(),
            ),
            current: Some(event.node().0),
            nodes: nodes.collect(),
            edges: edges
                .map(|&node| (node.0, edge_ink(self.picture.edge(node, look, None))))
                .collect(),
            order: order_item(event).map(|(node, value)| format!("{}:{value}", tree.name(node))),
            leaf,
            pruned,
        });
        Ok(Flow::Continue)
    }

    /// The last step: the whole search, the principal variation highlighted.
    fn finish(&mut self, outcome: &Outcome) -> Result<(), Infallible> {
        let Ok(()) = self.picture.finish(outcome);
        let tree = self.picture.tree();
        let pv = pv_places(tree, &outcome.principal_variation);
        let look = &self.canvas.look;
        let shown: Vec<NodeId> = self.canvas.layout.drawn(tree).collect();
        let edges = shown
            .iter()
            .skip(1)
            .map(|&node| (node.0, edge_ink(self.picture.edge(node, look, pv[node.index()]))));
        self.steps.push(Step {
            text: ending(tree, outcome, Notation::Ascii),
            current: None,
            nodes: shown
                .iter()
                .map(|&node| state(node, &self.picture.node(node, look, None)))
                .collect(),
            edges: edges.collect(),
            order: None,
            leaf: None,
            pruned: Vec::new(),
        });
        Ok(())
    }
}

/// Everything the page's script needs.
#[derive(Serialize)]
struct Data<'a> {
    steps: &'a [Step],
    /// Step 0: the tree as handed out.
    start: Whole,
    /// Before step 1 is applied: nothing reached yet.
    base: Whole,
    best: String,
    value: String,
    /// The step the page opens at without a `#step=N`.
    open: usize,
    /// The text of step 0.
    before: &'static str,
}

/// Writes the page for the search `steps` followed, which ended in `outcome`.
pub fn write(
    out: &mut dyn Write,
    canvas: &Canvas,
    steps: Steps<'_>,
    outcome: &Outcome,
    header: &str,
    settings: &Settings,
) -> io::Result<()> {
    let tree = steps.picture.tree();
    let exercise = Look { exercise: true, ..canvas.look };
    let blank = Picture::new(tree, settings);
    let start_views: Vec<NodeView<'_>> =
        tree.nodes().map(|node| blank.node(node, &exercise, None)).collect();
    let data = Data {
        steps: &steps.steps,
        start: whole(tree, canvas, &blank, &exercise),
        base: whole(tree, canvas, &blank, &canvas.look),
        best: notation::node(tree, outcome.best_move).to_string(),
        value: outcome.value.to_string(),
        open: if canvas.look.exercise { 0 } else { steps.steps.len() },
        before: "before the search",
    };
    let json = serde_json::to_string(&data).map_err(io::Error::other)?;
    let mut page = String::new();
    page.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    page.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    page.push_str(&format!(
        "<title>gametree: {}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        svg::escape(header)
    ));
    page.push_str(&format!("<h1>{}</h1>\n", svg::escape(header)));
    svg::write(&mut page, tree, canvas, &start_views, header);
    page.push_str(CONTROLS);
    page.push_str(&format!(
        "<script type=\"application/json\" id=\"gametree-data\">{}</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        script_data(&json)
    ));
    out.write_all(page.as_bytes())
}

const CONTROLS: &str = r#"<nav id="controls">
<button id="first" title="first step (Home)" aria-label="first step">|&#x25C0;</button>
<button id="previous" title="previous step (&#x2190;, Page Up)" aria-label="previous step">&#x25C0;</button>
<button id="next" title="next step (&#x2192;, Page Down, Space)" aria-label="next step">&#x25B6;</button>
<button id="last" title="last step (End)" aria-label="last step">&#x25B6;|</button>
<input id="slider" type="range" min="0" value="0" aria-label="step">
<span id="counter" aria-live="polite"></span>
<button id="zoom-out" title="smaller (-)" aria-label="zoom out">&#x2212;</button>
<button id="zoom-fit" title="fit the window (0)" aria-label="fit the tree to the window">fit</button>
<button id="zoom-in" title="larger (+)" aria-label="zoom in">+</button>
<span id="zoom-level"></span>
</nav>
<p id="step-text" aria-live="polite"></p>
<pre id="answer"></pre>
<p class="help">&#x2190; &#x2192;, Page Up / Page Down or Space step &#xB7; Home / End first / last &#xB7; h hides or shows the answer &#xB7; + / &#x2212; / 0 zoom, drag to pan &#xB7; #step=N in the address opens step N</p>
"#;

/// JSON made safe inside a script element: `<`, `>` and `&` (which JSON
/// holds only inside strings) written as `\u003c`, `\u003e`, `\u0026`, so
/// that no `</script>` ends the element and no `<!--` changes how the
/// browser reads the rest of it.
fn script_data(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// Every drawn node and edge as `picture` shows it under `look`.
fn whole(tree: &Tree, canvas: &Canvas, picture: &Picture<'_>, look: &Look) -> Whole {
    let shown: Vec<NodeId> = tree.nodes().filter(|&node| canvas.layout.shown(node)).collect();
    Whole {
        nodes: shown.iter().map(|&node| state(node, &picture.node(node, look, None))).collect(),
        edges: shown[1..]
            .iter()
            .map(|&node| (node.0, edge_ink(picture.edge(node, look, None))))
            .collect(),
    }
}

fn state(node: NodeId, view: &NodeView<'_>) -> NodeState {
    let ink = match view.ink {
        Ink::Normal | Ink::Current => "normal",
        Ink::Faint => "faint",
        Ink::Pruned => "pruned",
        Ink::Remembered => "remembered",
    };
    (node.0, ink, view.value.clone(), view.window.clone(), view.valued)
}

fn edge_ink(ink: EdgeInk) -> &'static str {
    match ink {
        EdgeInk::Normal => "normal",
        EdgeInk::Faint => "faint",
        EdgeInk::Pruned => "pruned",
        EdgeInk::Cut => "cut",
        EdgeInk::Best => "best",
        EdgeInk::Principal => "principal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_data_holds_no_markup() {
        let json = serde_json::to_string("<!--<script></script>&amp;").unwrap();
        let safe = script_data(&json);
        assert!(!safe.contains(['<', '>', '&']), "{safe}");
        assert_eq!(serde_json::from_str::<String>(&safe).unwrap(), "<!--<script></script>&amp;");
    }
}
