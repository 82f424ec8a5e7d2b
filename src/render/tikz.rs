//! `--format tikz`: the searched tree as a `tikzpicture` for LaTeX, typeset
//! in the document's own font, with the marks of the DOT diagram at the
//! places the [`Layout`](super::layout::Layout) gives.
//!
//! Every length is a multiple of the size the names are set in, the
//! picture's unit: the layout's inches become units of its
//! [`NAME_PT`] (one inch is six units), so shapes, gaps and lines grow and
//! shrink with the text. The unit is the document's font size, or less
//! where the picture would not fit the width and height it may take; the
//! keys `/gametree/font size`, `/gametree/width` and `/gametree/height` set
//! those (see [`KEYS`]).
//!
//! Plain TikZ with computed coordinates: edges first, then the shapes
//! filled white over their ends, then the texts, each line of a node in
//! its own slot, so that a name stays put while a value or window comes
//! and goes; a window (`α=3` over `β=∞`) sits outside its triangle, on a
//! white ground against the wide side, as the layout's TeX proportions
//! ([`Metrics::TEX`](super::layout::Metrics::TEX)) place it. Frames become one picture whose steps are beamer overlays
//! (`\only<N>{...}`), drawn inside one fixed bounding box so that nothing
//! jumps from click to click.

use std::io::{self, Write};

use super::diagram::{Canvas, Scene, pv_places};
use super::latex;
use super::layout::{CAPTION_PT, EDGE_PT, Layout, NAME_PT, NUMBER_PT, VALUE_PT, WINDOW_PT};
use super::picture::{EdgeInk, Ink, Look, NodeView, Part, Picture, Shape};
use crate::tree::{NodeId, Tree};

/// Units (the names' size) per inch of the layout.
const UNITS_PER_INCH: f64 = 72.0 / NAME_PT;

/// The size a picture too large for its place is drawn at before it is
/// scaled down as a whole (see [`SIZING`]).
const SMALLEST_PT: f64 = 7.0;

/// The margin around the picture and the room above its caption, in
/// inches of the layout.
const MARGIN: f64 = 0.01;
const CAPTION_GAP: f64 = 0.06;

/// TeX's longest length, in points: no box, and so no picture, is wider
/// or taller, even one scaled down afterwards.
const TEX_LONGEST_PT: f64 = 16_383.0;

/// The most nodes a TikZ picture draws: pdflatex's memory (Debian's
/// default, 5,000,000 words) runs out at about 6,000 nodes, and takes
/// about a second for a hundred.
pub const MOST_NODES: usize = 4_000;

/// Why a TikZ picture of `tree` cannot be drawn: a name pdflatex cannot
/// typeset, or more nodes than [`MOST_NODES`]. Checked before anything is
/// written.
pub fn cannot_draw(tree: &Tree) -> Option<String> {
    if tree.len() > MOST_NODES {
        return Some(format!(
            "the tree has {} nodes, and a TikZ picture draws at most {MOST_NODES} (pdflatex runs out of memory at about 6000); draw it with --format dot or html",
            tree.len()
        ));
    }
    latex::cannot_typeset(tree)
}

/// The font switches of the picture's texts, `\gametreename` and so on,
/// with their point sizes in the layout.
const FONTS: [(&str, f64); 5] = [
    ("name", NAME_PT),
    ("window", WINDOW_PT),
    ("number", NUMBER_PT),
    ("edge", EDGE_PT),
    ("caption", CAPTION_PT),
];

/// What the picture's opening lines say about its size and its keys.
const KEYS: &str = "\
% Drawn by gametree: \\input this file where the picture goes; it needs
% \\usepackage{tikz}. The text is set in the document's font at its size,
% or smaller where the picture would not fit /gametree/width by
% /gametree/height (\\linewidth by 0.8\\textheight), rounded down to a
% standard size; every length follows the text. To change them, before
% \\input:
%   \\pgfkeys{/gametree/font size/.initial=9pt}
%   \\pgfkeys{/gametree/width/.initial=10cm, /gametree/height/.initial=6cm}";

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

/// How the layout's inches become the picture's coordinates: six units
/// per inch.
#[derive(Clone, Copy)]
struct Units;

impl Units {
    /// A place of the layout as coordinates.
    fn at(self, (x, y): (f64, f64)) -> String {
        format!("({:.2},{:.2})", x * UNITS_PER_INCH, y * UNITS_PER_INCH)
    }

    /// A length of the layout in coordinates.
    fn length(self, inches: f64) -> f64 {
        inches * UNITS_PER_INCH
    }
}

/// Why the picture on `canvas` cannot be typeset: drawn at
/// [`SMALLEST_PT`] before it is scaled down, it would be longer than
/// TeX's longest length (pdflatex stops with `Dimension too large`).
/// Checked before anything is written.
pub fn too_large(canvas: &Canvas) -> Option<String> {
    let [left, bottom, right, top] = extent(canvas);
    let points = |inches: f64| inches * UNITS_PER_INCH * SMALLEST_PT;
    let (width, height) = (points(right - left), points(top - bottom));
    (width.max(height) > TEX_LONGEST_PT).then(|| {
        format!(
            "the TikZ picture would be {width:.0} pt wide and {height:.0} pt tall at its smallest text ({SMALLEST_PT} pt, before it is scaled down), and TeX draws nothing longer than {TEX_LONGEST_PT} pt (about 5.8 m); draw it with --format dot or html"
        )
    })
}

/// The picture's extent in inches, caption included: left, bottom, right,
/// top, with a margin.
fn extent(canvas: &Canvas) -> [f64; 4] {
    let [left, bottom, right, top] = canvas.layout.bounds;
    let below = if canvas.caption_lines > 0 { canvas.caption_height() + CAPTION_GAP } else { 0.0 };
    let half = canvas.caption_width().max(right - left) / 2.0;
    let middle = (left + right) / 2.0;
    [middle - half - MARGIN, bottom - below - MARGIN, middle + half + MARGIN, top + MARGIN]
}

/// The TeX that sizes the picture, once `\gametreewidth` and
/// `\gametreeheight` say how many units its coordinates span. The unit fits the
/// picture into the keys' width and height, and is no larger than the
/// font size; it is rounded down to LaTeX's standard sizes (5, 6, 7, 8, 9,
/// 10, 10.95, 12, 14.4, ... pt), which every font has, since LaTeX sets
/// Computer Modern at the nearest of them, however asked, and a text a
/// little larger than its shape would overflow it. Below 7 pt the picture
/// is drawn at 7 pt and scaled down as a whole, since Computer Modern's
/// math has no size under 5 pt for the smaller texts.
const SIZING: &str = r"\def\gametreestandard#1{(#1>=24.88?24.88:(#1>=20.74?20.74:(#1>=17.28?17.28:(#1>=14.4?14.4:(#1>=12?12:(#1>=10.95?10.95:(#1>=10?10:(#1>=9?9:(#1>=8?8:(#1>=7?7:(#1>=6?6:5)))))))))))}%
\pgfmathsetmacro\gametreefit{min(\pgfkeysvalueof{/gametree/font size}, (\pgfkeysvalueof{/gametree/width})/\gametreewidth, (\pgfkeysvalueof{/gametree/height})/\gametreeheight)}%
\pgfmathsetmacro\gametreesize{\gametreefit<7 ? 7 : \gametreestandard{\gametreefit}}%
\pgfmathsetmacro\gametreescale{\gametreefit<7 ? \gametreefit/7 : 1}%
\def\gametreesetfont#1#2{\pgfmathsetmacro\gametreept{\gametreestandard{max(5, #2*\gametreesize)}}\pgfmathsetmacro\gametreeskip{1.2*\gametreept}\edef#1{\noexpand\fontsize{\gametreept pt}{\gametreeskip pt}\noexpand\selectfont}}%
\def\gametreetext#1#2#3#4{\pgftext[base,at={\pgfpointxy{#1}{#2}}]{#3#4}}%
";

/// The opening lines: the keys and their defaults, the unit that fits
/// the picture into them, the styles, and the bounding box every frame
/// shares. The picture is set in a box, scaled as [`SIZING`] says at the
/// [`end`].
pub fn start(out: &mut dyn Write, canvas: &Canvas, overlays: bool) -> io::Result<()> {
    let units = Units;
    let [left, bottom, right, top] = extent(canvas);
    writeln!(out, "{KEYS}")?;
    if overlays {
        writeln!(out, "% One step per overlay: \\input this file inside a beamer frame.")?;
    }
    writeln!(out, "\\begingroup")?;
    for (key, default) in [
        ("font size", "\\csname f@size\\endcsname pt"),
        ("width", "\\linewidth"),
        ("height", "0.8\\textheight"),
    ] {
        writeln!(
            out,
            "\\pgfkeysifdefined{{/gametree/{key}}}{{}}{{\\pgfkeyssetvalue{{/gametree/{key}}}{{{default}}}}}%"
        )?;
    }
    let (width, height) = (units.length(right - left), units.length(top - bottom));
    writeln!(out, "\\def\\gametreewidth{{{width:.2}}}\\def\\gametreeheight{{{height:.2}}}%")?;
    write!(out, "{SIZING}")?;
    for (name, points) in FONTS {
        writeln!(out, "\\gametreesetfont\\gametree{name}{{{:.4}}}%", points / NAME_PT)?;
    }
    writeln!(out, "\\setbox0\\hbox{{%")?;
    writeln!(out, "\\begin{{tikzpicture}}[{}]", styles().join(",\n  "))?;
    writeln!(
        out,
        "\\definecolor{{gtcurrent}}{{HTML}}{{FFE66D}}\\definecolor{{gtpv}}{{HTML}}{{1F77B4}}"
    )?;
    writeln!(
        out,
        "\\useasboundingbox {} rectangle {};",
        units.at((left, bottom)),
        units.at((right, top))
    )
}

/// The picture's options: the unit, and a style for each kind of text
/// and line, all in proportion to the unit.
fn styles() -> Vec<String> {
    let width = |points: f64| format!("line width={{{:.4}*\\gametreesize pt}}", points / NAME_PT);
    vec![
        "x={\\gametreesize pt}, y={\\gametreesize pt}".into(),
        width(0.4),
        "gt edge/.style={font=\\gametreeedge, fill=white, inner sep=0.1em}".into(),
        "gt caption/.style={font=\\gametreecaption, anchor=north, align=center}".into(),
        format!("gt cut/.style={{red, {}, line cap=round}}", width(1.6)),
        format!("gt best/.style={{gtpv, {}}}", width(2.6)),
        format!("gt pv/.style={{gtpv, {}}}", width(1.9)),
        format!("gt current/.style={{fill=gtcurrent, {}}}", width(1.5)),
    ]
}

/// The closing lines: the picture's box, scaled, not pushed out of the
/// line by a paragraph's indent.
pub fn end(out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "\\end{{tikzpicture}}}}%")?;
    writeln!(out, "\\ifvmode\\noindent\\fi\\scalebox{{\\gametreescale}}{{\\box0}}%")?;
    writeln!(out, "\\endgroup")
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
    let units = Units;
    let pv = pv_places(tree, scene.principal_variation);
    for (parent, child) in layout.edges(tree) {
        let ink = picture.edge(child, &canvas.look, pv[child.index()]);
        write_edge(out, canvas, units, (parent, child), ink)?;
    }
    for (place, text) in layout.edge_labels(tree) {
        writeln!(out, "\\node[gt edge] at {} {{{}}};", units.at(place), latex::prose(&text))?;
    }
    for node in layout.drawn(tree) {
        write_node(out, canvas, units, node, &picture.node(node, &canvas.look, scene.current))?;
    }
    if canvas.caption_lines > 0 {
        let [left, bottom, right, _] = layout.bounds;
        let lines: Vec<String> = scene.caption.iter().map(|line| latex::prose(line)).collect();
        writeln!(
            out,
            "\\node[gt caption] at {} {{{}}};",
            units.at(((left + right) / 2.0, bottom - CAPTION_GAP)),
            lines.join("\\\\\\relax ")
        )?;
    }
    Ok(())
}

fn write_edge(
    out: &mut dyn Write,
    canvas: &Canvas,
    units: Units,
    (parent, child): (NodeId, NodeId),
    ink: EdgeInk,
) -> io::Result<()> {
    let layout = &canvas.layout;
    let style = match ink {
        EdgeInk::Normal => "",
        EdgeInk::Faint => "[gray!60]",
        EdgeInk::Pruned | EdgeInk::Cut => "[gray!60, dashed]",
        EdgeInk::Best => "[gt best]",
        EdgeInk::Principal => "[gt pv]",
    };
    let (from, to) = (units.at(layout.position(parent)), units.at(layout.position(child)));
    writeln!(out, "\\draw{style} {from} -- {to};")?;
    if ink == EdgeInk::Cut {
        // A ✗ as large as a capital letter of the names, in thick red strokes.
        let (x, y) = layout.cut_mark(parent, child);
        let arm = 0.35 / UNITS_PER_INCH;
        let corner = |dx: f64, dy: f64| units.at((x + dx * arm, y + dy * arm));
        writeln!(
            out,
            "\\draw[gt cut] {} -- {} {} -- {};",
            corner(-1.0, -1.0),
            corner(1.0, 1.0),
            corner(-1.0, 1.0),
            corner(1.0, -1.0)
        )?;
    }
    Ok(())
}

fn write_node(
    out: &mut dyn Write,
    canvas: &Canvas,
    units: Units,
    node: NodeId,
    view: &NodeView<'_>,
) -> io::Result<()> {
    let layout = &canvas.layout;
    let shape = layout.shape(node);
    let (x, y) = layout.position(node);
    let (style, text) = match (view.ink, shape) {
        (_, Shape::Stub) => ("fill=gray!15, draw=gray!60, dashed", ""),
        (Ink::Normal, _) => ("fill=white", ""),
        (Ink::Faint, _) => ("fill=white, draw=gray!60", "gray!70!black"),
        (Ink::Pruned, _) => ("fill=white, draw=gray!60, dashed", "gray!60"),
        (Ink::Current, _) => ("gt current", ""),
        (Ink::Remembered, _) => ("fill=white, densely dotted, thick", ""),
    };
    writeln!(out, "\\filldraw[{style}] {};", outline(layout, units, node))?;
    if shape == Shape::Stub {
        return Ok(());
    }
    let color = if text.is_empty() { String::new() } else { format!("\\color{{{text}}}") };
    if let Some(window) = view.window.as_deref().filter(|_| layout.window().height > 0.0) {
        write_window(out, layout, node, window, &format!("{color}\\gametreewindow"))?;
    }
    for (part, line, offset) in lines(layout, shape, &canvas.look, view) {
        let font = match part {
            Part::Name => "\\gametreename",
            Part::Value => "\\gametreename\\bfseries\\boldmath",
            Part::Window => "\\gametreewindow",
        };
        let (x, y) = (units.length(x), units.length(y + offset));
        writeln!(out, "\\gametreetext{{{x:.2}}}{{{y:.2}}}{{{color}{font}}}{{{line}}}")?;
    }
    Ok(())
}

/// The node's outline as a TikZ path.
fn outline(layout: &Layout, units: Units, node: NodeId) -> String {
    let shape = layout.shape(node);
    let size = layout.size(shape);
    let (x, y) = layout.position(node);
    let (w, h) = (size.width / 2.0, size.height);
    match shape {
        Shape::Max => format!(
            "{} -- {} -- {} -- cycle",
            units.at((x - w, y - h / 4.0)),
            units.at((x + w, y - h / 4.0)),
            units.at((x, y + h / 2.0))
        ),
        Shape::Min => format!(
            "{} -- {} -- {} -- cycle",
            units.at((x - w, y + h / 4.0)),
            units.at((x + w, y + h / 4.0)),
            units.at((x, y - h / 2.0))
        ),
        Shape::Chance => format!("{} circle ({:.2})", units.at((x, y)), units.length(w)),
        Shape::Leaf | Shape::Stub => {
            format!(
                "{} rectangle {}",
                units.at((x - w, y - h / 2.0)),
                units.at((x + w, y + h / 2.0))
            )
        }
    }
}

/// A window outside its node's triangle: on the wide side, on a white
/// ground that interrupts the edges behind it while it shows, `α=A` over
/// `β=B`, each in its own slot.
fn write_window(
    out: &mut dyn Write,
    layout: &Layout,
    node: NodeId,
    window: &str,
    font: &str,
) -> io::Result<()> {
    let units = Units;
    let shape = layout.shape(node);
    let (x, y) = layout.position(node);
    let (half, height) = (layout.window().width / 2.0, layout.window().height);
    let base = layout.size(shape).height / 4.0;
    let top = if shape == Shape::Max { y - base } else { y + base + height };
    let (left, right) = ((x - half, top - height), (x + half, top));
    writeln!(out, "\\fill[white] {} rectangle {};", units.at(left), units.at(right))?;
    let line = layout.metrics().line_height(WINDOW_PT);
    let pad = layout.metrics().pad;
    for (index, piece) in window.split(' ').enumerate() {
        let middle = top - pad / 2.0 - (index as f64 + 0.5) * line;
        let (x, y) = (units.length(x), units.length(middle - WINDOW_PT / 3.0 / 72.0));
        let text = latex::number(piece);
        writeln!(out, "\\gametreetext{{{x:.2}}}{{{y:.2}}}{{{font}}}{{{text}}}")?;
    }
    Ok(())
}

/// The lines `view` shows inside its shape, each with its part and the
/// height of its baseline above the node's centre, in inches. Every part
/// the node may ever show there under `look` has its slot, filled or not,
/// so that a line never moves; the slots are centred on the node, the
/// first on top. The visit number goes before the name, or before the
/// first line without one.
fn lines(
    layout: &Layout,
    shape: Shape,
    look: &Look,
    view: &NodeView<'_>,
) -> Vec<(Part, String, f64)> {
    let metrics = layout.metrics();
    let shown = |part: &&Part| match part {
        Part::Name => look.labels.names(),
        Part::Value => look.labels.values(),
        Part::Window => look.labels.values() && !metrics.window_outside,
    };
    let line_height = |points| metrics.line_height(points);
    let slots: Vec<(Part, f64)> =
        Part::order(shape).iter().filter(shown).map(|&part| (part, points(part))).collect();
    let total: f64 = slots.iter().map(|&(_, points)| line_height(points)).sum();
    let mut top = total / 2.0;
    let mut lines = Vec::new();
    let mut number = view.visit.map(|visit| format!("{{\\gametreenumber {visit}}} "));
    let numbered = slots
        .iter()
        .position(|&(part, _)| part == Part::Name)
        .or_else(|| slots.iter().position(|&(part, _)| view.text(part).is_some()))
        .unwrap_or(0);
    for (index, (part, points)) in slots.into_iter().enumerate() {
        let height = line_height(points);
        // The baseline under the middle of the line: a third of the size
        // below it, where digits and small letters are centred.
        let baseline = top - height / 2.0 - points / 3.0 / 72.0;
        top -= height;
        let written = view.text(part).map(|text| match part {
            Part::Name => latex::text(text),
            Part::Value => latex::bold_number(text),
            Part::Window => latex::number(text),
        });
        let prefix = if index == numbered { number.take() } else { None };
        let line: String = prefix.into_iter().chain(written).collect();
        if !line.is_empty() {
            lines.push((part, line, baseline));
        }
    }
    lines
}

/// The point size of a part's text.
fn points(part: Part) -> f64 {
    match part {
        Part::Name => NAME_PT,
        Part::Value => VALUE_PT,
        Part::Window => WINDOW_PT,
    }
}
