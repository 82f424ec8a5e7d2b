//! `--format html`: one self-contained page that steps through the search
//! in a browser: the tree as inline SVG, buttons, keys and a slider, the
//! step in words and the classroom lines so far. No network, no files
//! beside it: the styles, the script and the steps are all inside.
//!
//! The page carries, for every step, the views of the nodes and edges that
//! step changed, as [`Picture`] gives them, so the script only applies
//! them: it never searches and never lays anything out.

mod svg;

use std::convert::Infallible;
use std::io::{self, Write};

use serde::Serialize;

use super::diagram::{Canvas, pv_places};
use super::picture::{EdgeInk, Ink, Look, NodeView, Picture};
use super::text::describe;
use crate::answer::{notation, order_item};
use crate::search::{Event, Flow, Outcome, Sink, View};
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
    current: u32,
    nodes: Vec<NodeState>,
    edges: Vec<EdgeState>,
    order: Option<String>,
    leaf: Option<String>,
    pruned: Vec<String>,
}

/// Follows a search and records what each step changes; a [`Sink`].
pub struct Steps<'t> {
    picture: Picture<'t>,
    canvas: &'t Canvas,
    steps: Vec<Step>,
}

impl<'t> Steps<'t> {
    pub fn new(tree: &'t Tree, view: View, canvas: &'t Canvas) -> Self {
        Steps { picture: Picture::new(tree, view), canvas, steps: Vec::new() }
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
                crate::notation::Notation::Ascii,
                crate::lang::Lang::En.words(),
            ),
            current: event.node().0,
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
}

/// Everything the page's script needs.
#[derive(Serialize)]
struct Data<'a> {
    steps: &'a [Step],
    /// Step 0: the tree as handed out.
    start: Whole,
    /// Before step 1 is applied: nothing reached yet.
    base: Whole,
    /// The principal variation's edges, shown at the last step.
    pv: Vec<EdgeState>,
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
    view: View,
) -> io::Result<()> {
    let tree = steps.picture.tree();
    let exercise = Look { exercise: true, ..canvas.look };
    let blank = Picture::new(tree, view);
    let start_views: Vec<NodeView<'_>> =
        tree.nodes().map(|node| blank.node(node, &exercise, None)).collect();
    let pv = pv_places(tree, &outcome.principal_variation);
    let data = Data {
        steps: &steps.steps,
        start: whole(tree, canvas, &blank, &exercise),
        base: whole(tree, canvas, &blank, &canvas.look),
        pv: outcome
            .principal_variation
            .iter()
            .skip(1)
            .map(|&node| {
                (node.0, edge_ink(steps.picture.edge(node, &canvas.look, pv[node.index()])))
            })
            .collect(),
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
        super::dot::html(header)
    ));
    page.push_str(&format!("<h1>{}</h1>\n", super::dot::html(header)));
    svg::write(&mut page, tree, canvas, &start_views);
    page.push_str(CONTROLS);
    // `</` would end the script element early; JSON reads `<\/` as `</`.
    page.push_str(&format!(
        "<script type=\"application/json\" id=\"gametree-data\">{}</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        json.replace("</", "<\\/")
    ));
    out.write_all(page.as_bytes())
}

const CONTROLS: &str = r#"<nav id="controls">
<button id="first" title="first step (Home)">|&#x25C0;</button>
<button id="previous" title="previous step (&#x2190;)">&#x25C0;</button>
<button id="next" title="next step (&#x2192;)">&#x25B6;</button>
<button id="last" title="last step (End)">&#x25B6;|</button>
<input id="slider" type="range" min="0" value="0" aria-label="step">
<span id="counter"></span>
</nav>
<p id="step-text"></p>
<pre id="answer"></pre>
<p class="help">&#x2190; &#x2192; step &#xB7; Home / End first / last &#xB7; h hides or shows the answer &#xB7; #step=N in the address opens step N</p>
"#;

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
