//! `--format dot`: the searched tree as a Graphviz graph for slides.
//!
//! Every node is pinned where the [`Layout`] puts it, with the size of its
//! kind (`layout=neato` with `pos="x,y!"` and `fixedsize=shape`), so plain
//! `dot -Tpng` draws every frame of a run with the same geometry.
//! Conventions (AIMA's): MAX nodes are triangles, MIN nodes inverted
//! triangles, leaves boxes. Node ids are generated (`n0`, `n1`, ...) and
//! names appear only inside HTML-like labels, escaped to ASCII, so nothing
//! in a tree file can change the graph's structure. Every line a node has
//! ([`Part::slots`]) is in its label in every frame, a blank one as a
//! no-break space in the line's size, so Graphviz sets each line at the
//! same height in every frame. Nothing is written that Graphviz 2.43
//! (Debian's and Ubuntu's) rejects: an empty label is `label=""`, never
//! `label=<>`, and no formatting element is empty.

use std::io::{self, Write};

use super::diagram::{Canvas, Scene, pv_places};
use super::layout::{EDGE_PT, NUMBER_PT, WINDOW_PT};
use super::picture::{EdgeInk, Ink, NodeView, Part, Picture, Shape};
use crate::tree::NodeId;

/// Colour of the best move and the principal variation.
const PV_COLOR: &str = "#1f77b4";
/// Fill of the node the current frame is about.
const CURRENT_FILL: &str = "#ffe66d";

/// Writes the whole tree as it stands in `picture`.
pub fn write(
    out: &mut dyn Write,
    canvas: &Canvas,
    picture: &Picture<'_>,
    scene: &Scene<'_>,
) -> io::Result<()> {
    let tree = picture.tree();
    let layout = &canvas.layout;
    writeln!(out, "digraph gametree {{")?;
    let mut graph =
        String::from("layout=neato, overlap=true, splines=false, outputorder=edgesfirst, pad=0.15");
    if let Some((width, height)) = canvas.page.size {
        graph.push_str(&format!(", size=\"{width},{height}\""));
    }
    if let Some(dpi) = canvas.page.dpi {
        graph.push_str(&format!(", dpi={dpi}"));
    }
    writeln!(out, "  graph [{graph}];")?;
    writeln!(
        out,
        "  node [fontname=\"Helvetica\", fontsize=12, fixedsize=shape, margin=0, style=filled, fillcolor=white];"
    )?;
    writeln!(out, "  edge [arrowhead=none];")?;
    for node in layout.drawn(tree) {
        let view = picture.node(node, &canvas.look, scene.current);
        write_node(out, canvas, node, &view)?;
    }
    let pv = pv_places(tree, scene.principal_variation);
    for (parent, child) in layout.edges(tree) {
        let ink = picture.edge(child, &canvas.look, pv[child.index()]);
        write_edge(out, parent, child, ink)?;
    }
    for (index, ((x, y), text)) in layout.edge_labels(tree).enumerate() {
        writeln!(
            out,
            "  label{index} [shape=plaintext, style=filled, fillcolor=white, fontsize={EDGE_PT}, width=0.1, height=0.1, margin=0.02, pos=\"{x:.3},{y:.3}!\", label=<{}>];",
            html(&text)
        )?;
    }
    write_caption(out, canvas, &scene.caption)?;
    writeln!(out, "}}")
}

fn write_node(
    out: &mut dyn Write,
    canvas: &Canvas,
    node: NodeId,
    view: &NodeView<'_>,
) -> io::Result<()> {
    let layout = &canvas.layout;
    let shape = layout.shape(node);
    let size = layout.size(shape);
    let (x, y) = layout.position(node);
    let outline = match shape {
        Shape::Max => "triangle",
        Shape::Min => "invtriangle",
        Shape::Chance => "circle",
        Shape::Leaf | Shape::Stub => "box",
    };
    let digits = canvas.look.numbers.then(|| canvas.layout.visit_digits());
    let label = match shape {
        Shape::Stub => String::new(),
        _ => label(view, digits),
    };
    let label = if label.is_empty() { "\"\"".to_string() } else { format!("<{label}>") };
    let mut attributes = vec![
        format!("shape={outline}"),
        format!("pos=\"{x:.3},{y:.3}!\""),
        format!("width={:.3}, height={:.3}", size.width, size.height),
        format!("label={label}"),
    ];
    let ink = match (view.ink, shape) {
        (_, Shape::Stub) => "style=\"dashed,filled\", color=gray60, fillcolor=gray92",
        (Ink::Normal, _) => "",
        (Ink::Faint, _) => "color=gray60, fontcolor=gray45",
        (Ink::Pruned, _) => "style=\"dashed,filled\", color=gray60, fontcolor=gray60",
        (Ink::Current, _) => &format!("penwidth=2.5, fillcolor=\"{CURRENT_FILL}\""),
        (Ink::Remembered, _) => "style=\"dotted,filled\", penwidth=2",
    };
    attributes.extend((!ink.is_empty()).then(|| ink.to_string()));
    writeln!(out, "  n{} [{}];", node.0, attributes.join(", "))
}

/// A node's HTML-like label: a line per slot, a blank one a no-break
/// space. With `--numbers` (`digits`: of the highest visit number) every
/// number is padded with figure spaces, as wide as digits, and a node not
/// yet visited keeps room for its number, so that no name moves when a
/// number appears.
fn label(view: &NodeView<'_>, digits: Option<usize>) -> String {
    let figures = |count: usize| "&#8199;".repeat(count);
    let small = |text: String| format!("<FONT POINT-SIZE=\"{NUMBER_PT}\">{text}</FONT> ");
    let width = digits.unwrap_or(0);
    let number =
        |n: u32| small(format!("{}{n}", figures(width.saturating_sub(n.to_string().len()))));
    let room = digits.filter(|_| view.visit.is_none()).map(|digits| small(figures(digits)));
    let write = |part, text: &str| {
        let text = if text.is_empty() { "&#160;".to_string() } else { html(text) };
        let line = match part {
            Part::Name => text,
            Part::Value => format!("<B>{text}</B>"),
            Part::Window => format!("<FONT POINT-SIZE=\"{WINDOW_PT}\">{text}</FONT>"),
        };
        match &room {
            Some(room) if Some(part) == view.numbered() => format!("{room}{line}"),
            _ => line,
        }
    };
    view.label(number, write, "<BR/>")
}

fn write_edge(out: &mut dyn Write, parent: NodeId, child: NodeId, ink: EdgeInk) -> io::Result<()> {
    let style = match ink {
        EdgeInk::Normal => String::new(),
        EdgeInk::Cut => {
            "style=dashed, color=gray60, label=<<FONT COLOR=\"red\">&#x2717;</FONT>>".into()
        }
        EdgeInk::Pruned => "style=dashed, color=gray60".into(),
        EdgeInk::Faint => "color=gray70".into(),
        EdgeInk::Best => format!("color=\"{PV_COLOR}\", penwidth=3.5"),
        EdgeInk::Principal => format!("color=\"{PV_COLOR}\", penwidth=2.5"),
    };
    if style.is_empty() {
        writeln!(out, "  n{} -> n{};", parent.0, child.0)
    } else {
        writeln!(out, "  n{} -> n{} [{style}];", parent.0, child.0)
    }
}

/// The caption, a box of fixed size under the tree, so that a longer or
/// shorter caption never changes the picture's size, filled up with blank
/// lines so that its first line stays in place.
fn write_caption(out: &mut dyn Write, canvas: &Canvas, lines: &[String]) -> io::Result<()> {
    if canvas.caption_lines == 0 {
        return Ok(());
    }
    let [left, bottom, right, _] = canvas.layout.bounds;
    let height = canvas.caption_height();
    let x = (left + right) / 2.0;
    let y = bottom - 0.15 - height / 2.0;
    let blank = || "&#160;".to_string();
    let shown = lines.iter().map(|line| if line.is_empty() { blank() } else { html(line) });
    let text: Vec<String> = shown
        .chain(std::iter::repeat_with(blank))
        .take(canvas.caption_lines.max(lines.len()))
        .collect();
    writeln!(
        out,
        "  caption [shape=plaintext, style=\"\", fontsize=11, pos=\"{x:.3},{y:.3}!\", width={:.3}, height={height:.3}, label=<{}>];",
        canvas.caption_width(),
        text.join("<BR/>")
    )
}

/// Text made safe for an HTML-like label and pure ASCII: markup and the
/// characters DOT treats specially become character references. Graphviz
/// reads a backslash in a label, even one written `&#92;`, as the start
/// of an escape (`\N` is the node's id, `\G` the graph's name), and `\\`
/// as one backslash: so a backslash is written twice. A control
/// character, which Graphviz refuses, becomes U+FFFD (names cannot hold
/// one; this keeps any other text from breaking the graph).
pub fn html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\\' => escaped.push_str("&#92;&#92;"),
            '{' | '}' | '|' | '[' | ']' => escaped.push_str(&format!("&#{};", c as u32)),
            ' '..='~' => escaped.push(c),
            c if c.is_control() => escaped.push_str("&#65533;"),
            _ => escaped.push_str(&format!("&#{};", c as u32)),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_escape_markup_and_dot_syntax_and_stay_ascii() {
        assert_eq!(html(r#"a"b\c"#), "a&quot;b&#92;&#92;c");
        assert_eq!(html("\\N\u{1}"), "&#92;&#92;N&#65533;");
        assert_eq!(html("<x&y>"), "&lt;x&amp;y&gt;");
        assert_eq!(html("{|}"), "&#123;&#124;&#125;");
        assert_eq!(html("ö"), "&#246;");
    }
}
