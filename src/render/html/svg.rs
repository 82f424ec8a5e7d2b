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
use crate::render::layout::{Layout, NAME_PT, VALUE_PT, WINDOW_PT, line_height};
use crate::render::picture::{NodeView, Part, Shape};
use crate::tree::{NodeId, Tree};

/// SVG user units (points) per inch of the layout.
const UNIT: f64 = 72.0;

/// Text made safe for HTML, in text and in attribute values.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// A line of a node: its class and point size.
fn line(part: Part) -> (&'static str, f64) {
    match part {
        Part::Name => ("name", NAME_PT),
        Part::Value => ("value", VALUE_PT),
        Part::Window => ("window", WINDOW_PT),
    }
}

/// Writes the `<svg>` element, described as `title`, with every node as
/// `views` shows it, at its natural size (the page's script scales it).
pub fn write(svg: &mut String, tree: &Tree, canvas: &Canvas, views: &[NodeView<'_>], title: &str) {
    let layout = &canvas.layout;
    let [left, bottom, right, top] = layout.bounds;
    let pad = 0.15;
    let (width, height) = ((right - left + 2.0 * pad) * UNIT, (top - bottom + 2.0 * pad) * UNIT);
    let _ = writeln!(
        svg,
        r#"<div id="tree-box"><svg id="tree" xmlns="http://www.w3.org/2000/svg" viewBox="{:.1} {:.1} {width:.1} {height:.1}" width="{width:.0}" height="{height:.0}" role="img" aria-label="the searched tree: {}">"#,
        (left - pad) * UNIT,
        -(top + pad) * UNIT,
        escape(title)
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
            escape(&text)
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
        escape(name)
    );
    let slots: &[Part] = if shape == Shape::Stub { &[] } else { &view.slots };
    let total: f64 = slots.iter().map(|&part| line_height(line(part).1) * UNIT).sum();
    let mut top = y - total / 2.0;
    for &part in slots {
        let (class, points) = line(part);
        let height = line_height(points) * UNIT;
        let text = view.text(part).map_or(String::new(), escape);
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
