//! Where every node of a diagram goes, computed once for a whole run so
//! that every frame of a search has the same geometry.
//!
//! A tidy tree layout: each subtree gets a band of the width its leaves
//! need, side by side in order; a parent sits centred over its children.
//! All MAX nodes have one size, all MIN nodes another, all leaves a third,
//! each sized for the widest text it will ever carry in each of its lines
//! ([`Part::slots`](super::picture::Part::slots)), measured in the font's
//! own glyph widths ([`metrics`](super::metrics)), so nothing moves, grows or runs out of
//! its shape while a search is stepped through. Lengths are in inches, `y`
//! grows upwards, and a node's position is the centre of its text.
//!
//! Triangles are drawn as Graphviz draws `triangle` and `invtriangle`: as
//! wide as the node, three quarters as tall, the text centred a quarter
//! of the height in from the wide side, where there is room for it.
//!
//! The proportions are the renderer's ([`Metrics`]): Graphviz's are roomy;
//! TeX's pack a tree onto a slide, with rows only as far apart as their
//! shapes need and a window outside its triangle, on two lines against
//! the wide side, where it takes the room of a line rather than widening
//! the triangle.

mod measure;

use super::metrics::{Weight, width};
use super::picture::{Look, Picture, Shape};
use crate::search::Options;
use crate::tree::{NodeId, Tree};
use measure::measure;
pub use measure::{Metrics, Size};

/// Point sizes of the texts in a node, and of captions.
pub const NAME_PT: f64 = 12.0;
pub const VALUE_PT: f64 = 12.0;
pub const WINDOW_PT: f64 = 10.0;
pub const NUMBER_PT: f64 = 9.0;
pub const CAPTION_PT: f64 = 11.0;
/// Point size of the labels on edges (actions, probabilities).
pub const EDGE_PT: f64 = 10.0;

/// Wider than this (width to height), a tree for a slide gets taller
/// instead: a slide is 16:9, and a very flat tree shrinks its labels out
/// of sight.
const MAX_RATIO: f64 = 2.3;

/// The height of a line of text at `points`, in inches.
pub fn line_height(points: f64) -> f64 {
    points * 1.2 / 72.0
}

/// How wide `text` is at `points` in regular Helvetica, in inches.
pub fn text_width(text: &str, points: f64) -> f64 {
    width(text, points, Weight::Regular)
}

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
    /// The block of a window drawn outside its triangle (nothing where
    /// windows are inside or not shown).
    window: Size,
    metrics: Metrics,
    /// The drawing's extent: left, bottom, right, top.
    pub bounds: [f64; 4],
}

impl Layout {
    /// Lays out the tree of a search with `options`, whose whole course
    /// `ended` shows; with `--collapse-pruned` each node where a cutoff
    /// struck is drawn as a stub with nothing under it, and with `--fold`
    /// every inner node off the line to the given node is folded. A tree for a
    /// `slide` is kept from getting flatter than [`MAX_RATIO`]; a page
    /// that scrolls needs no such care. `metrics` are the renderer's
    /// proportions; `negates` says whether the search shows values from a
    /// point of view that negates some (the negamax forms).
    pub fn new(
        ended: &Picture,
        options: &Options,
        look: &Look,
        slide: bool,
        (metrics, negates): (Metrics, bool),
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
        let ([max, min, chance, leaf], window) =
            measure(ended, options, look, &hidden, (metrics, negates));
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
            window,
            metrics,
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

    /// The block a window outside its triangle takes (nothing where a
    /// window is inside it or not shown).
    pub fn window(&self) -> Size {
        self.window
    }

    /// The proportions the layout was made with.
    pub fn metrics(&self) -> Metrics {
        self.metrics
    }

    /// How wide a node of `shape` is with its window.
    fn width_of(&self, shape: Shape) -> f64 {
        match shape {
            Shape::Max | Shape::Min => self.size(shape).width.max(self.window.width),
            _ => self.size(shape).width,
        }
    }

    /// How far a node of `shape`, its outline and a window outside it,
    /// reaches above and below its centre.
    pub fn reach(&self, shape: Shape) -> (f64, f64) {
        let Size { height, .. } = self.size(shape);
        let window = self.window.height;
        match shape {
            Shape::Max => (height / 2.0, height / 4.0 + window),
            Shape::Min => (height / 4.0 + window, height / 2.0),
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

    /// How many digits a visit number (`--numbers`) has at most.
    pub fn visit_digits(&self) -> usize {
        visit_digits(self.x.len())
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
            let own = self.width_of(self.shape(node)).max(label + 0.1);
            band[node.index()] = own.max(self.children_width(tree, node, &band));
        }
        let mut left = vec![0.0; tree.len()];
        for node in tree.nodes().filter(|&node| self.shown(node)) {
            let children = self.children_width(tree, node, &band);
            let mut next = left[node.index()] + (band[node.index()] - children) / 2.0;
            for &child in self.children(tree, node) {
                left[child.index()] = next;
                next += band[child.index()] + self.metrics.sibling_gap;
            }
        }
        let shown: Vec<NodeId> = tree.nodes().filter(|&node| self.shown(node)).collect();
        for &node in shown.iter().rev() {
            let (start, width) = (left[node.index()], band[node.index()]);
            let half = self.width_of(self.shape(node)) / 2.0;
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
        let gaps = children.len().saturating_sub(1) as f64 * self.metrics.sibling_gap;
        children.iter().map(|child| band[child.index()]).sum::<f64>() + gaps
    }

    /// Vertical places: one row per depth, far enough apart for the
    /// tallest shapes (of each two neighbouring rows where the rows fit
    /// their shapes, else of all), and further where the tree would be
    /// too flat.
    fn place_down(&mut self, tree: &Tree, slide: bool) {
        let mut depth = vec![0usize; tree.len()];
        for node in tree.nodes().filter(|&node| self.shown(node)) {
            for &child in self.children(tree, node) {
                depth[child.index()] = depth[node.index()] + 1;
            }
        }
        let rows = depth.iter().copied().max().unwrap_or(0) + 1;
        let shown: Vec<NodeId> = tree.nodes().filter(|&node| self.shown(node)).collect();
        let widest = |(a, b): (f64, f64), (c, d): (f64, f64)| (a.max(c), b.max(d));
        let mut reach = vec![(0.0, 0.0); rows];
        if self.metrics.rows_fit_shapes {
            for &node in &shown {
                let row = &mut reach[depth[node.index()]];
                *row = widest(*row, self.reach(self.shape(node)));
            }
        } else {
            let shapes = [Shape::Max, Shape::Min, Shape::Chance, Shape::Leaf, Shape::Stub];
            reach.fill(shapes.map(|s| self.reach(s)).into_iter().fold((0.0, 0.0), widest));
        }
        let (left, right) =
            shown.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, r), node| {
                let half = self.width_of(self.shape(*node)) / 2.0;
                (l.min(self.x[node.index()] - half), r.max(self.x[node.index()] + half))
            });
        let (top, bottom) = (reach[0].0, reach[rows - 1].1);
        let wanted = (right - left) / MAX_RATIO;
        let least = if slide { (wanted - top - bottom) / (rows - 1).max(1) as f64 } else { 0.0 };
        let mut offsets = vec![0.0; rows];
        for row in 1..rows {
            let step = reach[row - 1].1 + reach[row].0 + self.metrics.edge;
            offsets[row] = offsets[row - 1] + step.max(least);
        }
        for node in tree.nodes() {
            self.y[node.index()] = -offsets[depth[node.index()]];
        }
        self.bounds = [left, -offsets[rows - 1] - bottom, right, top];
    }
}

/// How many digits a visit number has at most in a tree of `nodes`: a
/// pass visits each node once at most.
fn visit_digits(nodes: usize) -> usize {
    nodes.to_string().len()
}

/// Folds every drawn inner node off the line from the root to `end`
/// (`--fold`): the node stays, its first child becomes a stub standing for
/// everything below it, and the rest is hidden. Returns the folded nodes.
fn fold(tree: &Tree, end: NodeId, shapes: &mut [Shape], hidden: &mut [bool]) -> Vec<bool> {
    let parents = tree.parents();
    let mut on_line = vec![false; tree.len()];
    let mut node = end;
    on_line[node.index()] = true;
    while node != tree.root() {
        node = parents[node.index()];
        on_line[node.index()] = true;
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
