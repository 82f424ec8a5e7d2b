//! Where every node of a diagram goes, computed once for a whole run so
//! that every frame of a search has the same geometry.
//!
//! A tidy tree layout: each subtree gets a band of the width its leaves
//! need, side by side in order; a parent sits centred over its children.
//! All MAX nodes have one size, all MIN nodes another, all leaves a third,
//! each sized for the widest text it will ever carry, so nothing moves or
//! grows while a search is stepped through. Lengths are in inches, `y`
//! grows upwards, and a node's position is the centre of its text.
//!
//! Triangles are drawn as Graphviz draws `triangle` and `invtriangle`: as
//! wide as the node, three quarters as tall, the text centred a quarter
//! of the height in from the wide side, where there is room for it.

use super::picture::{Look, Picture, Shape};
use crate::notation::Notation;
use crate::num::{Num, Value};
use crate::search::Options;
use crate::tree::{NodeId, Tree};

/// Point sizes of the texts in a node, and of captions.
pub const NAME_PT: f64 = 12.0;
pub const VALUE_PT: f64 = 12.0;
pub const WINDOW_PT: f64 = 10.0;
pub const NUMBER_PT: f64 = 9.0;
pub const CAPTION_PT: f64 = 11.0;
/// Point size of the labels on edges (actions, probabilities).
pub const EDGE_PT: f64 = 10.0;

/// Room between a node's outline and its text.
const PAD: f64 = 0.06;
/// Room between neighbouring subtrees.
const SIBLING_GAP: f64 = 0.2;
/// The shortest edge between two rows of nodes.
const EDGE: f64 = 0.4;
/// Wider than this (width to height), a tree for a slide gets taller
/// instead: a slide is 16:9, and a very flat tree shrinks its labels out
/// of sight.
const MAX_RATIO: f64 = 2.3;

/// The height of a line of text at `points`, in inches.
pub fn line_height(points: f64) -> f64 {
    points * 1.2 / 72.0
}

/// About how wide `text` is at `points` in Helvetica, in inches (a little
/// more than the average character, so that labels fit).
pub fn text_width(text: &str, points: f64) -> f64 {
    text.chars().count() as f64 * 0.58 * points / 72.0
}

/// A node's width and height (of the whole Graphviz node: a triangle is
/// drawn three quarters as tall).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Size {
    pub width: f64,
    pub height: f64,
}

/// The lines of text a shape may carry, each as (width, height), from its
/// wide side inwards (a MAX triangle's text is read upwards from the window).
type Lines = Vec<(f64, f64)>;

/// The size of every node, and its place.
#[derive(Clone, Debug)]
pub struct Layout {
    x: Vec<f64>,
    y: Vec<f64>,
    shapes: Vec<Shape>,
    /// Inside a collapsed subtree: not drawn.
    hidden: Vec<bool>,
    /// Folded (`--fold`): drawn with one stub for all that is below it.
    folded: Vec<bool>,
    max: Size,
    min: Size,
    chance: Size,
    leaf: Size,
    /// The drawing's extent: left, bottom, right, top.
    pub bounds: [f64; 4],
}

impl Layout {
    /// Lays out the tree of a search with `options`, whose whole course
    /// `ended` shows; with `--collapse-pruned` each node where a cutoff
    /// struck is drawn as a stub with nothing under it, and with `--fold`
    /// every inner node off the line to the given node is folded. A tree for a
    /// `slide` is kept from getting flatter than [`MAX_RATIO`]; a page
    /// that scrolls needs no such care.
    pub fn new(
        ended: &Picture,
        options: &Options,
        windows: bool,
        look: &Look,
        slide: bool,
    ) -> Self {
        let tree = ended.tree();
        let mut hidden = vec![false; tree.len()];
        let mut shapes: Vec<Shape> = tree.nodes().map(|node| Shape::of(tree, node)).collect();
        let stubs = tree.nodes().filter(|&node| look.collapse_pruned && ended.cut_here(node));
        for stub in stubs {
            shapes[stub.index()] = Shape::Stub;
            for below in tree.subtree(stub).skip(1) {
                hidden[below.index()] = true;
            }
        }
        let folded = match look.fold {
            Some(end) => fold(tree, end, &mut shapes, &mut hidden),
            None => vec![false; tree.len()],
        };
        let [max, min, chance, leaf] = measure(ended, options, windows, look, &hidden);
        let mut layout = Layout {
            x: vec![0.0; tree.len()],
            y: vec![0.0; tree.len()],
            shapes,
            hidden,
            folded,
            max,
            min,
            chance,
            leaf,
            bounds: [0.0; 4],
        };
        layout.place_across(tree);
        layout.place_down(tree, slide);
        layout
    }

    /// The node's centre.
    pub fn position(&self, node: NodeId) -> (f64, f64) {
        (self.x[node.index()], self.y[node.index()])
    }

    /// The node's shape: its own, or a stub.
    pub fn shape(&self, node: NodeId) -> Shape {
        self.shapes[node.index()]
    }

    /// Whether the node is drawn (not inside a collapsed subtree).
    pub fn shown(&self, node: NodeId) -> bool {
        !self.hidden[node.index()]
    }

    /// The size of a node of `shape`.
    pub fn size(&self, shape: Shape) -> Size {
        match shape {
            Shape::Max => self.max,
            Shape::Min => self.min,
            Shape::Chance => self.chance,
            Shape::Leaf => self.leaf,
            Shape::Stub => Size { width: 0.3, height: 0.2 },
        }
    }

    /// How far the outline of a node of `shape` reaches above and below
    /// its centre.
    pub fn reach(&self, shape: Shape) -> (f64, f64) {
        let Size { height, .. } = self.size(shape);
        match shape {
            Shape::Max => (height / 2.0, height / 4.0),
            Shape::Min => (height / 4.0, height / 2.0),
            Shape::Chance | Shape::Leaf | Shape::Stub => (height / 2.0, height / 2.0),
        }
    }

    /// The drawn nodes, in pre-order.
    pub fn drawn<'a>(&'a self, tree: &'a Tree) -> impl Iterator<Item = NodeId> + 'a {
        tree.nodes().filter(|&node| self.shown(node))
    }

    /// The drawn edges, as (parent, child), in pre-order of the children.
    pub fn edges<'a>(&'a self, tree: &'a Tree) -> impl Iterator<Item = (NodeId, NodeId)> + 'a {
        self.drawn(tree).flat_map(move |parent| {
            self.children(tree, parent).iter().map(move |&child| (parent, child))
        })
    }

    /// Where a cut edge's ✗ goes: on the edge, half way between the
    /// parent's outline and the child's.
    pub fn cut_mark(&self, parent: NodeId, child: NodeId) -> (f64, f64) {
        let ((px, py), (cx, cy)) = (self.position(parent), self.position(child));
        let low = py - self.reach(self.shape(parent)).1;
        let high = cy + self.reach(self.shape(child)).0;
        let t = (py - (low + high) / 2.0) / (py - cy);
        (px + t * (cx - px), py + t * (cy - py))
    }

    /// The labels on the drawn edges, each with where it goes: just above
    /// the child, over the end of its edge (the renderers draw the label
    /// on a white ground, which interrupts the edge).
    pub fn edge_labels<'a>(
        &'a self,
        tree: &'a Tree,
    ) -> impl Iterator<Item = ((f64, f64), String)> + 'a {
        self.edges(tree).filter_map(move |(_, child)| {
            let text = edge_text(tree, child)?;
            let (x, y) = self.position(child);
            let top = y + self.reach(self.shape(child)).0;
            Some(((x, top + line_height(EDGE_PT) / 2.0 + 0.03), text))
        })
    }

    /// The drawing's width.
    pub fn width(&self) -> f64 {
        self.bounds[2] - self.bounds[0]
    }

    /// The drawn children: none under a stub, the stub under a folded node.
    fn children<'t>(&self, tree: &'t Tree, node: NodeId) -> &'t [NodeId] {
        match self.shapes[node.index()] {
            Shape::Stub => &[],
            _ if self.folded[node.index()] => &tree.children(node)[..1],
            _ => tree.children(node),
        }
    }

    /// Horizontal places: each subtree's band, children side by side in it.
    fn place_across(&mut self, tree: &Tree) {
        // Node ids are in pre-order, so children come after their parent.
        let mut band = vec![0.0; tree.len()];
        for node in tree.nodes().rev().filter(|&node| self.shown(node)) {
            let label = edge_text(tree, node).map_or(0.0, |text| text_width(&text, EDGE_PT));
            let own = self.size(self.shape(node)).width.max(label + 0.1);
            band[node.index()] = own.max(self.children_width(tree, node, &band));
        }
        let mut left = vec![0.0; tree.len()];
        for node in tree.nodes().filter(|&node| self.shown(node)) {
            let children = self.children_width(tree, node, &band);
            let mut next = left[node.index()] + (band[node.index()] - children) / 2.0;
            for &child in self.children(tree, node) {
                left[child.index()] = next;
                next += band[child.index()] + SIBLING_GAP;
            }
        }
        let shown: Vec<NodeId> = tree.nodes().filter(|&node| self.shown(node)).collect();
        for &node in shown.iter().rev() {
            let (start, width) = (left[node.index()], band[node.index()]);
            let half = self.size(self.shape(node)).width / 2.0;
            let x = match self.children(tree, node) {
                [] => start + width / 2.0,
                [first, .., last] => (self.x[first.index()] + self.x[last.index()]) / 2.0,
                [only] => self.x[only.index()],
            };
            self.x[node.index()] = x.min(start + width - half).max(start + half);
        }
    }

    fn children_width(&self, tree: &Tree, node: NodeId, band: &[f64]) -> f64 {
        let children = self.children(tree, node);
        let gaps = children.len().saturating_sub(1) as f64 * SIBLING_GAP;
        children.iter().map(|child| band[child.index()]).sum::<f64>() + gaps
    }

    /// Vertical places: one row per depth, far enough apart for the
    /// tallest shapes, and further where the tree would be too flat.
    fn place_down(&mut self, tree: &Tree, slide: bool) {
        let mut depth = vec![0u32; tree.len()];
        for node in tree.nodes().filter(|&node| self.shown(node)) {
            for &child in self.children(tree, node) {
                depth[child.index()] = depth[node.index()] + 1;
            }
        }
        let shapes = [Shape::Max, Shape::Min, Shape::Chance, Shape::Leaf, Shape::Stub]
            .map(|s| self.reach(s));
        let above = shapes.iter().map(|r| r.0).fold(0.0, f64::max);
        let below = shapes.iter().map(|r| r.1).fold(0.0, f64::max);
        let rows = f64::from(depth.iter().copied().max().unwrap_or(0));
        let shown = tree.nodes().filter(|&node| self.shown(node));
        let (left, right) = shown.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, r), node| {
            let half = self.size(self.shape(node)).width / 2.0;
            (l.min(self.x[node.index()] - half), r.max(self.x[node.index()] + half))
        });
        let mut step = above + below + EDGE;
        if slide && rows > 0.0 {
            let wanted = (right - left) / MAX_RATIO;
            step = step.max((wanted - above - below) / rows);
        }
        for node in tree.nodes() {
            self.y[node.index()] = -f64::from(depth[node.index()]) * step;
        }
        self.bounds = [left, -rows * step - below, right, above];
    }
}

/// Folds every drawn inner node off the line from the root to `end`
/// (`--fold`): the node stays, its first child becomes a stub standing for
/// everything below it, and the rest is hidden. Returns the folded nodes.
fn fold(tree: &Tree, end: NodeId, shapes: &mut [Shape], hidden: &mut [bool]) -> Vec<bool> {
    let mut parent = vec![None; tree.len()];
    for node in tree.nodes() {
        for &child in tree.children(node) {
            parent[child.index()] = Some(node);
        }
    }
    let mut on_line = vec![false; tree.len()];
    let mut at = Some(end);
    while let Some(node) = at {
        on_line[node.index()] = true;
        at = parent[node.index()];
    }
    let mut folded = vec![false; tree.len()];
    for node in tree.nodes() {
        let i = node.index();
        if on_line[i] || hidden[i] || shapes[i] == Shape::Stub || tree.is_leaf(node) {
            continue;
        }
        folded[i] = true;
        for below in tree.subtree(node).skip(1) {
            hidden[below.index()] = true;
        }
        let first = tree.children(node)[0].index();
        (hidden[first], shapes[first]) = (false, Shape::Stub);
    }
    folded
}

/// The label on the edge into `child`: the action it stands for and, out
/// of a chance node, its probability (`left 0.5`).
fn edge_text(tree: &Tree, child: NodeId) -> Option<String> {
    let probability = tree.probability(child).map(|p| p.to_string());
    let parts: Vec<String> =
        tree.action(child).map(str::to_string).into_iter().chain(probability).collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The sizes of MAX nodes, MIN nodes, chance nodes and leaves: each fits
/// the widest texts any node of its kind carries in any frame.
fn measure(
    ended: &Picture,
    options: &Options,
    windows: bool,
    look: &Look,
    hidden: &[bool],
) -> [Size; 4] {
    let tree = ended.tree();
    let digits = tree.len().to_string().len();
    let number = if look.numbers { text_width(&"0".repeat(digits + 1), NUMBER_PT) } else { 0.0 };
    // Averages at chance nodes reach every node above them.
    let averaged = tree.nodes().filter_map(|node| ended.value(node));
    let averaged = averaged.map(|value| Notation::Symbols.value(-value.abs()).chars().count());
    let averaged = averaged.max().unwrap_or(0);
    let value = widest_value(tree, options).max(averaged);
    let mut names = [0.0f64; 4];
    let mut values = [0.0f64; 4];
    for node in tree.nodes().filter(|node| !hidden[node.index()]) {
        let (kind, shown) = match Shape::of(tree, node) {
            Shape::Max => (0, None),
            Shape::Min => (1, None),
            Shape::Chance => (2, ended.value(node)),
            _ => (3, tree.value(node).map(Value::decimal)),
        };
        names[kind] = names[kind].max(text_width(tree.name(node), NAME_PT) + number);
        let shown = Notation::Symbols.value(shown.unwrap_or_default().abs());
        values[kind] = values[kind].max(text_width(&format!("-{shown}"), VALUE_PT));
    }
    let name = |width: f64| look.labels.names().then_some((width, line_height(NAME_PT)));
    let show_values = look.labels.values();
    let value_line = |chars: usize| {
        show_values.then_some((text_width(&"0".repeat(chars), VALUE_PT), line_height(VALUE_PT)))
    };
    let window = (windows && show_values).then(|| {
        let text = format!("\u{3b1}={0} \u{3b2}={0}", "0".repeat(value));
        (text_width(&text, WINDOW_PT), line_height(WINDOW_PT))
    });
    let max_lines: Lines =
        [window, value_line(value + 1), name(names[0])].into_iter().flatten().collect();
    let min_lines: Lines =
        [window, name(names[1]), value_line(value + 1)].into_iter().flatten().collect();
    let own_lines = |kind: usize| -> Lines {
        let value = show_values.then_some((values[kind], line_height(VALUE_PT)));
        [name(names[kind]), value].into_iter().flatten().collect()
    };
    [triangle(&max_lines), triangle(&min_lines), circle(&own_lines(2)), leaf_box(&own_lines(3))]
}

/// How many characters the widest value an inner node can show takes,
/// sign included: any leaf's or static value, negated or not, or a bound
/// of the search's window, or an infinity.
fn widest_value(tree: &Tree, options: &Options) -> usize {
    let bounds = [options.window.alpha, options.window.beta];
    let values = tree.nodes().filter_map(|node| tree.value(node)).chain(bounds);
    values.map(|value| Num(-value.abs()).to_string().len()).max().unwrap_or(1).max(2)
}

/// A triangle whose text lines, listed from its wide side, all fit: as
/// tall as twice the text, as wide as the line that needs it most.
fn triangle(lines: &Lines) -> Size {
    let text: f64 = lines.iter().map(|line| line.1).sum();
    let height = (2.0 * text + 0.2).max(0.5);
    let drawn = 0.75 * height;
    // The text block is centred a quarter of the height from the wide side.
    let mut reach = height / 4.0 - text / 2.0;
    let mut width: f64 = 0.5;
    for &(line_width, line_height) in lines {
        reach += line_height;
        width = width.max((line_width + 2.0 * PAD) / (1.0 - reach / drawn));
    }
    Size { width, height }
}

/// A circle around its lines.
fn circle(lines: &Lines) -> Size {
    let Size { width, height } = leaf_box(lines);
    let diameter = width.hypot(height).max(0.45);
    Size { width: diameter, height: diameter }
}

/// A box around its lines.
fn leaf_box(lines: &Lines) -> Size {
    let width = lines.iter().map(|line| line.0).fold(0.0, f64::max) + 2.0 * PAD;
    let height = lines.iter().map(|line| line.1).sum::<f64>() + 2.0 * PAD;
    Size { width: width.max(0.35), height: height.max(0.3) }
}
