//! `--format tikz`: the searched tree as a `tikzpicture` for LaTeX, typeset
//! in the document's own font, with the marks of the DOT diagram at the
//! places the [`Layout`](super::layout::Layout) gives.
//!
//! Plain TikZ with computed coordinates: edges first, then the shapes
//! filled white over their ends, then the texts. Frames become one picture
//! whose steps are beamer overlays (`\only<N>{...}`), drawn inside one
//! fixed bounding box so that nothing jumps from click to click.

use std::io::{self, Write};

use super::diagram::{Canvas, Scene, pv_places};
use super::picture::{EdgeInk, Ink, NodeView, Part, Picture, Shape};
use crate::tree::NodeId;

/// Writes one complete `tikzpicture`.
pub fn write(
    out: &mut dyn Write,
    canvas: &Canvas,
    picture: &Picture<'_>,
    scene: &Scene<'_>,
) -> io::Result<()> {
    start(out, canvas, false)?;
    body(out, canvas, picture, scene)?;
    end(out)
}

/// The opening lines: what the picture needs, the colours, the coordinate
/// unit (inches) and the bounding box every frame shares.
pub fn start(out: &mut dyn Write, canvas: &Canvas, overlays: bool) -> io::Result<()> {
    writeln!(out, "% Drawn by gametree. Needs \\usepackage{{tikz}} in the preamble.")?;
    if overlays {
        writeln!(out, "% One step per overlay: \\input this file inside a beamer frame.")?;
    }
    writeln!(
        out,
        "\\begin{{tikzpicture}}[x=1in, y=1in, every node/.style={{align=center, inner sep=0pt}}]"
    )?;
    writeln!(
        out,
        "\\definecolor{{gtcurrent}}{{HTML}}{{FFE66D}}\\definecolor{{gtpv}}{{HTML}}{{1F77B4}}"
    )?;
    let [left, bottom, right, top] = canvas.layout.bounds;
    let below = if canvas.caption_lines > 0 { canvas.caption_height() + 0.15 } else { 0.0 };
    let half = canvas.caption_width().max(right - left) / 2.0;
    let middle = (left + right) / 2.0;
    writeln!(
        out,
        "\\useasboundingbox ({:.3},{:.3}) rectangle ({:.3},{:.3});",
        middle - half - 0.1,
        bottom - below - 0.1,
        middle + half + 0.1,
        top + 0.1
    )
}

/// The closing line.
pub fn end(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "\\end{{tikzpicture}}")
}

/// Everything drawn for one moment: edges, nodes, caption.
pub fn body(
    out: &mut dyn Write,
    canvas: &Canvas,
    picture: &Picture<'_>,
    scene: &Scene<'_>,
) -> io::Result<()> {
    let tree = picture.tree();
    let layout = &canvas.layout;
    let pv = pv_places(tree, scene.principal_variation);
    for (parent, child) in layout.edges(tree) {
        let ink = picture.edge(child, &canvas.look, pv[child.index()]);
        write_edge(out, canvas, parent, child, ink)?;
    }
    for ((x, y), text) in layout.edge_labels(tree) {
        writeln!(
            out,
            "\\node[font=\\footnotesize, fill=white, inner sep=1pt] at ({x:.3},{y:.3}) {{{}}};",
            tex(&text)
        )?;
    }
    for node in layout.drawn(tree) {
        write_node(out, canvas, node, &picture.node(node, &canvas.look, scene.current))?;
    }
    if canvas.caption_lines > 0 {
        let [left, bottom, right, _] = layout.bounds;
        let lines: Vec<String> = scene.caption.iter().map(|line| tex(line)).collect();
        writeln!(
            out,
            "\\node[anchor=north, text width={:.3}in, font=\\small] at ({:.3},{:.3}) {{{}}};",
            canvas.caption_width(),
            (left + right) / 2.0,
            bottom - 0.15,
            lines.join("\\\\ ")
        )?;
    }
    Ok(())
}

fn write_edge(
    out: &mut dyn Write,
    canvas: &Canvas,
    parent: NodeId,
    child: NodeId,
    ink: EdgeInk,
) -> io::Result<()> {
    let layout = &canvas.layout;
    let (px, py) = layout.position(parent);
    let (cx, cy) = layout.position(child);
    let style = match ink {
        EdgeInk::Normal => "",
        EdgeInk::Faint => "gray!60",
        EdgeInk::Pruned | EdgeInk::Cut => "gray!60, dashed",
        EdgeInk::Best => "gtpv, line width=2.6pt",
        EdgeInk::Principal => "gtpv, line width=1.9pt",
    };
    let style = if style.is_empty() { String::new() } else { format!("[{style}]") };
    writeln!(out, "\\draw{style} ({px:.3},{py:.3}) -- ({cx:.3},{cy:.3});")?;
    if ink == EdgeInk::Cut {
        let (x, y) = layout.cut_mark(parent, child);
        writeln!(out, "\\node[text=red, font=\\bfseries] at ({x:.3},{y:.3}) {{$\\times$}};")?;
    }
    Ok(())
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
    let (w, h) = (size.width / 2.0, size.height);
    let outline = match shape {
        Shape::Max => format!(
            "({:.3},{:.3}) -- ({:.3},{:.3}) -- ({x:.3},{:.3}) -- cycle",
            x - w,
            y - h / 4.0,
            x + w,
            y - h / 4.0,
            y + h / 2.0
        ),
        Shape::Min => format!(
            "({:.3},{:.3}) -- ({:.3},{:.3}) -- ({x:.3},{:.3}) -- cycle",
            x - w,
            y + h / 4.0,
            x + w,
            y + h / 4.0,
            y - h / 2.0
        ),
        Shape::Chance => format!("({x:.3},{y:.3}) circle ({w:.3})"),
        Shape::Leaf | Shape::Stub => {
            format!("({:.3},{:.3}) rectangle ({:.3},{:.3})", x - w, y - h / 2.0, x + w, y + h / 2.0)
        }
    };
    let (style, text) = match (view.ink, shape) {
        (_, Shape::Stub) => ("fill=gray!15, draw=gray!60, dashed", ""),
        (Ink::Normal, _) => ("fill=white", ""),
        (Ink::Faint, _) => ("fill=white, draw=gray!60", "gray!70!black"),
        (Ink::Pruned, _) => ("fill=white, draw=gray!60, dashed", "gray!60"),
        (Ink::Current, _) => ("fill=gtcurrent, line width=1.5pt", ""),
        (Ink::Remembered, _) => ("fill=white, densely dotted, thick", ""),
    };
    writeln!(out, "\\filldraw[{style}] {outline};")?;
    let label = if shape == Shape::Stub { String::new() } else { label(view) };
    if !label.is_empty() {
        let color = if text.is_empty() { String::new() } else { format!("[text={text}]") };
        writeln!(out, "\\node{color} at ({x:.3},{y:.3}) {{{label}}};")?;
    }
    Ok(())
}

/// A node's lines.
fn label(view: &NodeView<'_>) -> String {
    let number = |n| format!("{{\\scriptsize {n}}} ");
    let write = |part, text: &str| match part {
        Part::Name => tex(text),
        Part::Value => format!("\\textbf{{{}}}", tex(text)),
        Part::Window => format!("{{\\footnotesize {}}}", tex(text)),
    };
    view.label(number, write, "\\\\ ")
}

/// Text made safe for LaTeX: its special characters escaped, the
/// textbook's symbols set in math. Other characters pass as UTF-8.
pub fn tex(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        let replacement = match c {
            '\\' => "\\textbackslash{}",
            '{' => "\\{",
            '}' => "\\}",
            '$' => "\\$",
            '&' => "\\&",
            '#' => "\\#",
            '_' => "\\_",
            '%' => "\\%",
            '^' => "\\textasciicircum{}",
            '~' => "\\textasciitilde{}",
            '<' => "$<$",
            '>' => "$>$",
            '|' => "$|$",
            '"' => "\\texttt{\\char34}",
            '\u{3b1}' => "$\\alpha$",
            '\u{3b2}' => "$\\beta$",
            '\u{221e}' => "$\\infty$",
            '\u{2264}' => "$\\leq$",
            '\u{2265}' => "$\\geq$",
            '\u{2248}' => "$\\approx$",
            '\u{207a}' => "$^{+}$",
            '\u{207b}' => "$^{-}$",
            c => {
                escaped.push(c);
                continue;
            }
        };
        escaped.push_str(replacement);
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_specials_are_escaped_and_symbols_set_in_math() {
        assert_eq!(tex("a_b & c%"), "a\\_b \\& c\\%");
        assert_eq!(tex("{x}^~"), "\\{x\\}\\textasciicircum{}\\textasciitilde{}");
        assert_eq!(tex("\\$#"), "\\textbackslash{}\\$\\#");
        assert_eq!(tex("\u{3b1}=-\u{221e} \u{2264}3"), "$\\alpha$=-$\\infty$ $\\leq$3");
        assert_eq!(tex("é"), "é");
    }
}
