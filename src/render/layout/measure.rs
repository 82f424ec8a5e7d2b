//! How large each kind of node is: sized for the widest text it will ever
//! carry in each of its lines, in the proportions of the renderer
//! ([`Metrics`]).

use super::{NAME_PT, NUMBER_PT, VALUE_PT, WINDOW_PT, text_width, visit_digits};
use crate::notation::Notation;
use crate::num::Value;
use crate::render::metrics::{Weight, width};
use crate::render::picture::{Look, Part, Picture, Shape};
use crate::search::Options;

/// The proportions of a layout, for its renderer's font and habits:
/// Graphviz's (DOT and the page) or TeX's (TikZ), which packs a tree onto
/// a slide. Lengths in inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// Room between a node's outline and its text.
    pub pad: f64,
    /// Room between neighbouring subtrees.
    pub(super) sibling_gap: f64,
    /// The shortest edge between two rows of nodes.
    pub(super) edge: f64,
    /// A line's height as a multiple of its text's size.
    leading: f64,
    /// Whether names are measured in Computer Modern ([`CM_WIDTHS`]),
    /// rather than in the table of Helvetica and DejaVu Sans.
    computer_modern: bool,
    /// The smallest leaf box (width, height), and what a triangle adds to
    /// twice its text's height.
    smallest_leaf: (f64, f64),
    triangle_extra: f64,
    /// The smallest triangle's width and height.
    smallest_triangle: f64,
    /// Whether a node's value slot is measured for the values the search
    /// shows (finite, negated only where its point of view negates), rather
    /// than for any value, negated and infinite (windows hold infinities;
    /// no search gives a node one as its value).
    values_as_shown: bool,
    /// Whether rows are as far apart as the shapes in each two of them
    /// need, rather than as the tallest shapes of the tree need.
    pub(super) rows_fit_shapes: bool,
    /// Whether a window is drawn outside its triangle, on the wide side,
    /// on two lines (`α=3` over `β=∞`), rather than as a line inside it.
    pub window_outside: bool,
    /// The room between a MAX triangle's base and its lowest line, in
    /// inches: the bar of `≥` and `≤` hangs below the baseline, and on the
    /// base it would read as `>` or `<`.
    pub max_base_room: f64,
}

impl Metrics {
    /// Graphviz's: roomy, and the text as the table measures it.
    pub const GRAPHVIZ: Metrics = Metrics {
        pad: 0.06,
        sibling_gap: 0.2,
        edge: 0.4,
        leading: 1.2,
        computer_modern: false,
        smallest_leaf: (0.35, 0.3),
        triangle_extra: 0.2,
        smallest_triangle: 0.5,
        rows_fit_shapes: false,
        values_as_shown: false,
        window_outside: false,
        max_base_room: 0.0,
    };
    /// TeX's: gaps and edges a fraction of a line, shapes no larger than
    /// their text, windows on two lines beside the triangle's text.
    pub const TEX: Metrics = Metrics {
        pad: 0.01,
        sibling_gap: 0.02,
        edge: 0.14,
        leading: 1.0,
        computer_modern: true,
        smallest_leaf: (0.0, 0.0),
        triangle_extra: 0.0,
        smallest_triangle: 0.0,
        rows_fit_shapes: true,
        values_as_shown: true,
        window_outside: true,
        max_base_room: 0.15 * VALUE_PT / 72.0,
    };

    /// The height of a line of text at `points`, in inches.
    pub fn line_height(&self, points: f64) -> f64 {
        points * self.leading / 72.0
    }

    /// How wide a node's name is, in inches.
    fn name_width(&self, name: &str) -> f64 {
        match self.computer_modern {
            true => cm_width(name, NAME_PT),
            false => text_width(name, NAME_PT),
        }
    }
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

/// The sizes of MAX nodes, MIN nodes, chance nodes and leaves: each fits
/// the widest text any node of its kind carries in any frame, line by line.
pub(super) fn measure(
    ended: &Picture,
    options: &Options,
    look: &Look,
    hidden: &[bool],
    (metrics, negates): (Metrics, bool),
) -> ([Size; 4], Size) {
    let tree = ended.tree();
    let digits = visit_digits(tree.len());
    let number = if look.numbers { text_width(&"0".repeat(digits + 1), NUMBER_PT) } else { 0.0 };
    let signs = (!metrics.values_as_shown || negates, metrics.computer_modern);
    let shown = |value: &Value| !metrics.values_as_shown || value.is_finite();
    let inner_value = inner_values(ended, options)
        .filter(shown)
        .map(|v| value_width(v, true, signs))
        .fold(0.0, f64::max);
    let window = window_width(ended, options, metrics.window_outside);
    let mut names = [0.0f64; 4];
    let mut values = [inner_value, inner_value, 0.0, 0.0];
    for node in tree.nodes().filter(|node| !hidden[node.index()]) {
        let (kind, own) = match Shape::of(tree, node) {
            Shape::Max => (0, None),
            Shape::Min => (1, None),
            Shape::Chance => (2, ended.value(node)),
            _ => (3, tree.value(node).map(Value::decimal)),
        };
        names[kind] = names[kind].max(metrics.name_width(tree.name(node)));
        if let Some(own) = own {
            values[kind] = values[kind].max(value_width(own, false, signs));
        }
    }
    let lines = |shape: Shape, kind: usize| -> Lines {
        let mut slots = ended.slots(shape, look);
        slots.retain(|&part| !(metrics.window_outside && part == Part::Window));
        let numbered = slots.iter().position(|&part| part == Part::Name).unwrap_or(0);
        let line = |(index, part): (usize, &Part)| {
            let number = if index == numbered { number } else { 0.0 };
            let (width, points) = match part {
                Part::Name => (names[kind], NAME_PT),
                Part::Value => (values[kind], VALUE_PT),
                Part::Window => (window, WINDOW_PT),
            };
            (width + number, metrics.line_height(points))
        };
        slots.iter().enumerate().map(line).collect()
    };
    // Triangles list their lines from the wide side.
    let mut max_lines = lines(Shape::Max, 0);
    max_lines.reverse();
    let [min_lines, chance_lines, leaf_lines] =
        [(Shape::Min, 1), (Shape::Chance, 2), (Shape::Leaf, 3)].map(|(s, k)| lines(s, k));
    let windowed = ended.slots(Shape::Max, look).contains(&Part::Window);
    let sizes = [
        triangle(&max_lines, metrics, metrics.max_base_room),
        triangle(&min_lines, metrics, 0.0),
        circle(&chance_lines, metrics),
        leaf_box(&leaf_lines, metrics),
    ];
    (sizes, outside_window(window, windowed, metrics))
}

/// The block of a window `width` wide outside its triangle: two lines,
/// where the metrics put it there and the nodes have windows.
fn outside_window(width: f64, windowed: bool, metrics: Metrics) -> Size {
    match metrics.window_outside && windowed {
        true => Size {
            width: width + 2.0 * metrics.pad,
            height: 2.0 * metrics.line_height(WINDOW_PT) + metrics.pad,
        },
        false => Size { width: 0.0, height: 0.0 },
    }
}

/// Every value an inner node may show or its window hold: any leaf's or
/// static value, a bound of the search's window or value range, the
/// first guess, an infinity, and what averaging gave the chance nodes.
fn inner_values<'a>(ended: &'a Picture, options: &Options) -> impl Iterator<Item = Value> + 'a {
    let tree = ended.tree();
    let range = options.value_range.map_or([0.0; 2], |range| [range.alpha, range.beta]);
    let bounds = [options.window.alpha, options.window.beta, options.guess, f64::INFINITY];
    let given = tree.nodes().filter_map(|node| tree.value(node)).chain(bounds).chain(range);
    let averaged = tree.nodes().filter_map(|node| ended.value(node));
    given.map(Value::decimal).chain(averaged)
}

/// How wide `value` is at its widest in a node: negative where the
/// search `negates` (the negamax forms), in bold, marked as a bound where
/// it may be one, and with a `minus` sign (U+2212, as TeX sets it) or a
/// hyphen.
fn value_width(value: Value, bound: bool, (negates, minus): (bool, bool)) -> f64 {
    let sign = if bound { "\u{2265}" } else { "" };
    let value = if negates { -value.abs() } else { value };
    let text = signed(format!("{sign}{}", Notation::Symbols.value(value)), minus);
    width(&text, VALUE_PT, Weight::Bold)
}

/// How wide a window can be: `α=A β=B` with A and B the widest limits of
/// any value the search may narrow a window to (see [`inner_values`]),
/// or, on `two_lines`, the wider of `α=A` and `β=B`.
fn window_width(ended: &Picture, options: &Options, two_lines: bool) -> f64 {
    let limit = |value: Value| {
        let text = format!("{}\u{207a}", Notation::Symbols.value(-value.abs()));
        // The windows on two lines are TeX's, with a minus sign.
        let text = signed(text, two_lines);
        text_width(&text, WINDOW_PT)
    };
    let widest = inner_values(ended, options).map(limit).fold(0.0, f64::max);
    match two_lines {
        true => text_width("\u{3b1}=", WINDOW_PT).max(text_width("\u{3b2}=", WINDOW_PT)) + widest,
        false => text_width("\u{3b1}= \u{3b2}=", WINDOW_PT) + 2.0 * widest,
    }
}

/// `text` with each hyphen a `minus` sign, or as it is.
fn signed(text: String, minus: bool) -> String {
    if minus { text.replace('-', "\u{2212}") } else { text }
}

/// A triangle whose text lines, listed from its wide side, all fit, with
/// `room` between the wide side and the first: as tall as twice the text
/// and the room, as wide as the line that needs it most.
fn triangle(lines: &Lines, metrics: Metrics, room: f64) -> Size {
    let text: f64 = lines.iter().map(|line| line.1).sum();
    let height = (2.0 * text + 4.0 * room + metrics.triangle_extra).max(metrics.smallest_triangle);
    let drawn = 0.75 * height;
    // The text block is centred a quarter of the height from the wide side
    // (at the triangle's centroid, where the pictures centre it).
    let mut reach = height / 4.0 - text / 2.0;
    let mut width = metrics.smallest_triangle;
    for &(line_width, line_height) in lines {
        reach += line_height;
        width = width.max((line_width + 2.0 * metrics.pad) / (1.0 - reach / drawn));
    }
    Size { width, height }
}

/// A circle around its lines.
fn circle(lines: &Lines, metrics: Metrics) -> Size {
    let Size { width, height } = leaf_box(lines, metrics);
    let diameter = width.hypot(height).max(0.45);
    Size { width: diameter, height: diameter }
}

/// A box around its lines.
fn leaf_box(lines: &Lines, metrics: Metrics) -> Size {
    let width = lines.iter().map(|line| line.0).fold(0.0, f64::max) + 2.0 * metrics.pad;
    let height = lines.iter().map(|line| line.1).sum::<f64>() + 2.0 * metrics.pad;
    let (least_width, least_height) = metrics.smallest_leaf;
    Size { width: width.max(least_width), height: height.max(least_height) }
}

/// How wide `text` is at `points` in Computer Modern, in inches: letters
/// and digits from [`CM_WIDTHS`], anything else as the table of Helvetica
/// and DejaVu Sans has it.
fn cm_width(text: &str, points: f64) -> f64 {
    let glyph = |c: char| match CM_WIDTHS.binary_search_by_key(&c, |&(glyph, _)| glyph) {
        Ok(found) => f64::from(CM_WIDTHS[found].1) / 1000.0 * points / 72.0,
        Err(_) => text_width(c.encode_utf8(&mut [0; 4]), points),
    };
    text.chars().map(glyph).sum()
}

/// The widths of the letters and digits in Computer Modern, in thousandths
/// of an em: the larger of Roman's (`article`) and Sans' (`beamer`) at the
/// sizes a picture's names are set in from 9 pt up (smaller sizes of
/// Computer Modern are wider, up to a tenth at 7 pt); measured with
/// pdflatex (`\setbox0\hbox{\fontsize{9pt}{9pt}\usefont{OT1}{cmss}{m}{n}a}`).
#[rustfmt::skip]
const CM_WIDTHS: &[(char, u16)] = &[
    ('0', 514), ('1', 514), ('2', 514), ('3', 514), ('4', 514), ('5', 514), ('6', 514), ('7', 514),
    ('8', 514), ('9', 514), ('A', 771), ('B', 728), ('C', 743), ('D', 786), ('E', 700), ('F', 671),
    ('G', 807), ('H', 771), ('I', 371), ('J', 529), ('K', 800), ('L', 643), ('M', 942), ('N', 771),
    ('O', 800), ('P', 700), ('Q', 800), ('R', 757), ('S', 571), ('T', 743), ('U', 771), ('V', 771),
    ('W', 1057), ('X', 771), ('Y', 771), ('Z', 629), ('a', 514), ('b', 571), ('c', 457),
    ('d', 571), ('e', 458), ('f', 315), ('g', 514), ('h', 571), ('i', 286), ('j', 315), ('k', 543),
    ('l', 286), ('m', 857), ('n', 571), ('o', 514), ('p', 571), ('q', 543), ('r', 403), ('s', 406),
    ('t', 400), ('u', 571), ('v', 543), ('w', 743), ('x', 543), ('y', 543), ('z', 457),
];
