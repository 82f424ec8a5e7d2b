//! The tree of the HTML page as inline SVG, drawn once at the places the
//! [`Layout`] gives; the page's script only changes classes and texts.
//!
//! Every node is a `<g class="node …" data-node="NAME">` holding its outline
//! and one `<text>` with a `<tspan>` for each line it may ever show (name,
//! value, window), at fixed places, so nothing moves while stepping. Every
//! edge is a `<g class="edge …" data-child="ID">` with its line and a hidden
//! ✗ half way along.

use std::fmt::Write;

use crate::render::diagram::Canvas;
use crate::render::dot::html;
use crate::render::layout::{Layout, NAME_PT, VALUE_PT, WINDOW_PT, line_height};
use crate::render::picture::{Look, NodeView, Part, Shape};
use crate::tree::{NodeId, Tree};

/// SVG user units (points) per inch of the layout.
const UNIT: f64 = 72.0;

/// The parts a node of `shape` may ever show under `look`, top to bottom,
/// with their class and point size.
fn lines(shape: Shape, look: &Look) -> Vec<(Part, &'static str, f64)> {
    let shown = |&&part: &&Part| match part {
        Part::Name => look.labels.names(),
        Part::Value | Part::Window => look.labels.values(),
    };
    let line = |&part| match part {
        Part::Name => (part, "name", NAME_PT),
        Part::Value => (part, "value", VALUE_PT),
        Part::Window => (part, "window", WINDOW_PT),
    };
    Part::order(shape).iter().filter(shown).map(line).collect()
}

/// Writes the `<svg>` element with every node as `views` shows it.
pub fn write(svg: &mut String, tree: &Tree, canvas: &Canvas, views: &[NodeView<'_>]) {
    let layout = &canvas.layout;
    let [left, bottom, right, top] = layout.bounds;
    let pad = 0.15;
    let width = (right - left + 2.0 * pad) * UNIT;
    // Scaled to the window, but never below 80% of its natural size: a
    // large tree scrolls instead of shrinking out of sight.
    let _ = writeln!(
        svg,
        r#"<div id="tree-box"><svg id="tree" xmlns="http://www.w3.org/2000/svg" viewBox="{:.1} {:.1} {width:.1} {:.1}" style="min-width: {:.0}px" role="img">"#,
        (left - pad) * UNIT,
        -(top + pad) * UNIT,
        (top - bottom + 2.0 * pad) * UNIT,
        width * 0.8
    );
    svg.push_str("<g id=\"edges\">\n");
    for (parent, child) in layout.edges(tree) {
        write_edge(svg, layout, parent, child);
    }
    for ((x, y), text) in layout.edge_labels(tree) {
        let _ = writeln!(
            svg,
            r#"<text class="edge-label" x="{:.1}" y="{:.1}">{}</text>"#,
            x * UNIT,
            -y * UNIT,
            html(&text)
        );
    }
    svg.push_str("</g>\n<g id=\"nodes\">\n");
    for node in layout.drawn(tree) {
        write_node(svg, canvas, tree.name(node), node, &views[node.index()]);
    }
    svg.push_str("</g>\n</svg></div>\n");
}

fn write_edge(svg: &mut String, layout: &Layout, parent: NodeId, child: NodeId) {
    let (px, py) = layout.position(parent);
    let (cx, cy) = layout.position(child);
    let (mx, my) = layout.cut_mark(parent, child);
    let _ = writeln!(
        svg,
        r#"<g class="edge" data-child="{}"><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/><text class="cut-mark" x="{:.1}" y="{:.1}">&#x2717;</text></g>"#,
        child.0,
        px * UNIT,
        -py * UNIT,
        cx * UNIT,
        -cy * UNIT,
        mx * UNIT + 4.0,
        -my * UNIT + 4.0
    );
}

fn write_node(svg: &mut String, canvas: &Canvas, name: &str, node: NodeId, view: &NodeView<'_>) {
    let layout = &canvas.layout;
    let shape = layout.shape(node);
    let size = layout.size(shape);
    let (x, y) = layout.position(node);
    let (w, h) = (size.width / 2.0 * UNIT, size.height * UNIT);
    let (x, y) = (x * UNIT, -y * UNIT);
    let (kind, outline) = match shape {
        Shape::Max => {
            ("max", polygon(&[(x - w, y + h / 4.0), (x + w, y + h / 4.0), (x, y - h / 2.0)]))
        }
        Shape::Min => {
            ("min", polygon(&[(x - w, y - h / 4.0), (x + w, y - h / 4.0), (x, y + h / 2.0)]))
        }
        Shape::Chance => ("chance", format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="{w:.1}"/>"#)),
        Shape::Leaf | Shape::Stub => {
            let kind = if shape == Shape::Leaf { "leaf" } else { "stub" };
            (
                kind,
                format!(
                    r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"/>"#,
                    x - w,
                    y - h / 2.0,
                    2.0 * w,
                    h
                ),
            )
        }
    };
    let _ = write!(
        svg,
        r#"<g class="node {kind}" id="n{}" data-node="{}">{outline}<text>"#,
        node.0,
        html(name)
    );
    let lines = lines(shape, &canvas.look);
    let total: f64 = lines.iter().map(|&(_, _, points)| line_height(points) * UNIT).sum();
    let mut top = y - total / 2.0;
    for (part, class, points) in lines {
        let height = line_height(points) * UNIT;
        let text = view.text(part).map_or(String::new(), html);
        let _ = write!(
            svg,
            r#"<tspan class="{class}" x="{x:.1}" y="{:.1}">{text}</tspan>"#,
            top + 0.8 * height
        );
        top += height;
    }
    svg.push_str("</text></g>\n");
}

fn polygon(points: &[(f64, f64)]) -> String {
    let points: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
    format!(r#"<polygon points="{}"/>"#, points.join(" "))
}
