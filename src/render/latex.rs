//! Text for LaTeX documents compiled by pdflatex (the TikZ pictures and the
//! exercise sheets): TeX's special characters escaped, the textbook's
//! symbols set in math, and a check, before anything is written, that
//! pdflatex can typeset every character of a tree's names.
//!
//! pdflatex reads UTF-8 but typesets only the characters its fonts have
//! glyphs for: in the default OT1 encoding (article and beamer alike),
//! the Latin letters of [`TYPESET`], not Cyrillic, CJK or emoji; Greek
//! letters are set in math. The table was found by compiling every
//! character from U+00A1 to U+22FF in both classes with Debian's
//! texlive-latex-base and keeping those that set without an error or a
//! missing glyph.

use crate::tree::Tree;

/// The non-ASCII characters pdflatex sets as text in the default fonts,
/// as inclusive ranges of code points.
const TYPESET: [(u32, u32); 45] = [
    (0xA1, 0xAA),
    (0xAC, 0xBA),
    (0xBC, 0xCF),
    (0xD1, 0xDD),
    (0xDF, 0xEF),
    (0xF1, 0xFD),
    (0xFF, 0x103),
    (0x106, 0x10F),
    (0x112, 0x117),
    (0x11A, 0x125),
    (0x128, 0x12D),
    (0x130, 0x137),
    (0x139, 0x13E),
    (0x141, 0x148),
    (0x14C, 0x165),
    (0x168, 0x171),
    (0x174, 0x17E),
    (0x192, 0x192),
    (0x1C4, 0x1D4),
    (0x1E2, 0x1E3),
    (0x1E6, 0x1E9),
    (0x1F0, 0x1F0),
    (0x1F4, 0x1F5),
    (0x218, 0x21B),
    (0x232, 0x233),
    (0x1E02, 0x1E03),
    (0x1E0D, 0x1E0D),
    (0x1E1E, 0x1E21),
    (0x1E25, 0x1E25),
    (0x1E30, 0x1E31),
    (0x1E37, 0x1E37),
    (0x1E43, 0x1E47),
    (0x1E5B, 0x1E5B),
    (0x1E63, 0x1E63),
    (0x1E6D, 0x1E6D),
    (0x1E8E, 0x1E91),
    (0x1E9E, 0x1E9E),
    (0x1EF2, 0x1EF3),
    (0x2010, 0x2016),
    (0x2018, 0x2019),
    (0x201C, 0x201D),
    (0x2020, 0x2022),
    (0x2026, 0x2026),
    (0x2030, 0x2031),
    (0x20AC, 0x20AC),
];

/// The Greek alphabet, lower case then upper case, as math: the upper-case
/// letters that look Latin are Latin capitals.
const GREEK: [&str; 50] = [
    "\\alpha",
    "\\beta",
    "\\gamma",
    "\\delta",
    "\\varepsilon",
    "\\zeta",
    "\\eta",
    "\\theta",
    "\\iota",
    "\\kappa",
    "\\lambda",
    "\\mu",
    "\\nu",
    "\\xi",
    "o",
    "\\pi",
    "\\rho",
    "\\varsigma",
    "\\sigma",
    "\\tau",
    "\\upsilon",
    "\\varphi",
    "\\chi",
    "\\psi",
    "\\omega",
    "\\mathrm{A}",
    "\\mathrm{B}",
    "\\Gamma",
    "\\Delta",
    "\\mathrm{E}",
    "\\mathrm{Z}",
    "\\mathrm{H}",
    "\\Theta",
    "\\mathrm{I}",
    "\\mathrm{K}",
    "\\Lambda",
    "\\mathrm{M}",
    "\\mathrm{N}",
    "\\Xi",
    "\\mathrm{O}",
    "\\Pi",
    "\\mathrm{P}",
    "",
    "\\Sigma",
    "\\mathrm{T}",
    "\\Upsilon",
    "\\Phi",
    "\\mathrm{X}",
    "\\Psi",
    "\\Omega",
];

/// A Greek letter as math (`\gamma`), if `c` is one.
fn greek(c: char) -> Option<&'static str> {
    let index = match c {
        '\u{3b1}'..='\u{3c9}' => c as usize - 0x3b1,
        '\u{391}'..='\u{3a9}' => c as usize - 0x391 + 25,
        _ => return None,
    };
    GREEK.get(index).copied().filter(|math| !math.is_empty())
}

/// The TeX accent a combining mark stands for: `\'` for U+0301.
fn accent(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{300}' => "\\`",
        '\u{301}' => "\\'",
        '\u{302}' => "\\^",
        '\u{303}' => "\\~",
        '\u{304}' => "\\=",
        '\u{306}' => "\\u",
        '\u{307}' => "\\.",
        '\u{308}' => "\\\"",
        '\u{30a}' => "\\r",
        '\u{30b}' => "\\H",
        '\u{30c}' => "\\v",
        '\u{323}' => "\\d",
        '\u{327}' => "\\c",
        '\u{331}' => "\\b",
        _ => return None,
    })
}

/// A character as TeX typesets it in text, escaped where TeX would read
/// it as markup or join it with its neighbour into another glyph (`--`,
/// `''`, `!``); `None` for a character pdflatex cannot typeset.
fn text_char(c: char) -> Option<String> {
    let escaped = match c {
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
        // Brackets in braces: `\\` never takes them for its option.
        '[' => "{[}",
        ']' => "{]}",
        '-' | '\'' | '`' | '!' | '?' | ',' => return Some(format!("{c}{{}}")),
        '\u{2212}' => "$-$",
        '\u{221e}' => "$\\infty$",
        '\u{2264}' => "$\\leq$",
        '\u{2265}' => "$\\geq$",
        '\u{2248}' => "$\\approx$",
        '\u{207a}' => "$^{+}$",
        '\u{207b}' => "$^{-}$",
        c if c.is_ascii_graphic() || c == ' ' => return Some(c.to_string()),
        c if TYPESET.iter().any(|&(low, high)| (low..=high).contains(&u32::from(c))) => {
            return Some(c.to_string());
        }
        c => return greek(c).map(|math| format!("${math}$")),
    };
    Some(escaped.to_string())
}

/// Text made safe for LaTeX: special characters escaped, Greek letters and
/// the textbook's symbols set in math, combining marks as TeX accents.
/// Characters pdflatex cannot typeset become `?`: [`cannot_typeset`]
/// refuses a tree with them before anything is written.
pub fn text(text: &str) -> String {
    pieces(text).concat()
}

/// A value or a window as a picture shows it (`≤2`, `α=-∞ β=3`): as
/// [`text`], with each hyphen a minus sign.
pub fn number(written: &str) -> String {
    text(&written.replace('-', "\u{2212}"))
}

/// A caption or an edge's label: as [`text`], with a minus sign for each
/// hyphen that starts a number (`v=-3`, `α=-∞`, `value -2`), and hyphens
/// inside words (`fail-soft`, `a-1`) left as they are.
pub fn prose(written: &str) -> String {
    let chars: Vec<char> = written.chars().collect();
    let minus = |index: usize| {
        let starts_number =
            chars.get(index + 1).is_some_and(|&c| c.is_ascii_digit() || c == '\u{221e}');
        let after_word = index > 0 && chars[index - 1].is_alphanumeric();
        starts_number && !after_word
    };
    let signed: String = chars
        .iter()
        .enumerate()
        .map(|(index, &c)| if c == '-' && minus(index) { '\u{2212}' } else { c })
        .collect();
    text(&signed)
}

/// A value in bold (`≤2`, `-3`), its symbols too: with amsmath's
/// `\boldsymbol` where the document has it (beamer loads it), else in the
/// bold math fonts of `\boldmath`, which the caller switches on.
pub fn bold_number(written: &str) -> String {
    let bold = |piece: String| match piece.strip_prefix('$').and_then(|p| p.strip_suffix('$')) {
        Some(math) => {
            format!("$\\ifdefined\\boldsymbol\\boldsymbol{{{math}}}\\else{{{math}}}\\fi$")
        }
        None => piece,
    };
    pieces(&written.replace('-', "\u{2212}")).into_iter().map(bold).collect()
}

/// The characters of `text` as TeX, each with its accents.
fn pieces(text: &str) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::with_capacity(text.len());
    for c in text.chars() {
        match (accent(c), pieces.last_mut()) {
            (Some(accent), Some(last)) => {
                let base = match last.as_str() {
                    "i" => "\\i",
                    "j" => "\\j",
                    other => other,
                };
                *last = format!("{accent}{{{base}}}");
            }
            _ => pieces.push(text_char(c).unwrap_or_else(|| "?".into())),
        }
    }
    pieces
}

/// Why pdflatex could not typeset `text`: the first character it has no
/// glyph for, or a combining mark it cannot put on the letter before it.
fn problem(text: &str) -> Option<String> {
    let mut before: Option<char> = None;
    for c in text.chars() {
        let accented = accent(c).is_some();
        let fine = if accented {
            before.is_some_and(|base| base.is_alphabetic() && greek(base).is_none())
        } else {
            text_char(c).is_some()
        };
        if !fine {
            let what = if accented { "the combining mark" } else { "" };
            return Some(format!("{what} {c} (U+{:04X})", u32::from(c)).trim_start().to_string());
        }
        before = Some(c);
    }
    None
}

/// Why a LaTeX document cannot show `tree`: a name or an action with a
/// character pdflatex cannot typeset, named with the reason and what to
/// do instead; `None` when every name typesets.
pub fn cannot_typeset(tree: &Tree) -> Option<String> {
    let texts = tree.nodes().flat_map(|node| {
        let action = tree.action(node).map(|action| ("action", action));
        std::iter::once(("node", tree.name(node))).chain(action)
    });
    texts.into_iter().find_map(|(what, written)| {
        let problem = problem(written)?;
        Some(format!(
            "{what} {written:?} has {problem}, which pdflatex cannot typeset: LaTeX output takes Latin letters with their accents and Greek letters; draw this tree with --format dot or html instead"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_are_escaped_and_symbols_set_in_math() {
        assert_eq!(text("a_b & c%"), "a\\_b \\& c\\%");
        assert_eq!(text("{x}^~"), "\\{x\\}\\textasciicircum{}\\textasciitilde{}");
        assert_eq!(text("\\$#"), "\\textbackslash{}\\$\\#");
        assert_eq!(text("[c]"), "{[}c{]}");
        assert_eq!(text("a--b"), "a-{}-{}b");
        assert_eq!(number("\u{3b1}=-\u{221e} \u{2264}3"), "$\\alpha$=$-$$\\infty$ $\\leq$3");
        assert_eq!(text("é\u{3b3}\u{393}"), "é$\\gamma$$\\Gamma$");
        assert_eq!(
            prose("fail-soft, a-1 v=-3 -\u{221e}"),
            "fail-{}soft,{} a-{}1 v=$-$3 $-$$\\infty$"
        );
        let bold = "$\\ifdefined\\boldsymbol\\boldsymbol{\\leq}\\else{\\leq}\\fi$2";
        assert_eq!(bold_number("\u{2264}2"), bold);
    }

    #[test]
    fn combining_marks_become_accents_on_the_letter_before() {
        assert_eq!(text("e\u{301}"), "\\'{e}");
        assert_eq!(text("i\u{308}x"), "\\\"{\\i}x");
        assert_eq!(text("a\u{301}\u{300}"), "\\`{\\'{a}}");
    }

    #[test]
    fn what_pdflatex_cannot_typeset_is_named() {
        assert_eq!(problem("ab\u{3b3}é\u{301}"), None);
        assert_eq!(problem("a\u{4e2d}"), Some("\u{4e2d} (U+4E2D)".into()));
        assert_eq!(problem("\u{301}a"), Some("the combining mark \u{301} (U+0301)".into()));
        assert_eq!(problem("\u{3b1}\u{301}"), Some("the combining mark \u{301} (U+0301)".into()));
        assert_eq!(problem("\u{416}"), Some("\u{416} (U+0416)".into()));
    }
}
