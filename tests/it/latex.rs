//! The TikZ output compiles and reads on the page: every example tree's
//! picture in one LaTeX document, the README's beamer example on a 16:9
//! frame (measured on the PDF: nothing cut or overfull, names no smaller
//! than the frame's footnotes, every line of a node in one place on every
//! overlay), and hostile names typeset or refused.
//!
//! Without `pdflatex` (and `pdftotext`) these tests say so and pass,
//! unless GAMETREE_REQUIRE_LATEX is set: `.ci/run` installs Debian's
//! texlive packages and poppler-utils and sets it, so that in CI they
//! always run.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

use crate::common::{self, run, succeed as gametree};

fn found(program: &str) -> bool {
    Command::new(program).arg("-v").output().is_ok_and(|o| o.status.success())
}

/// Whether pdflatex and pdftotext are installed; where they are not, the
/// caller skips its test, unless GAMETREE_REQUIRE_LATEX says it must run.
pub fn latex_available() -> bool {
    let available = found("pdflatex") && found("pdftotext");
    if !available {
        assert!(
            std::env::var_os("GAMETREE_REQUIRE_LATEX").is_none(),
            "GAMETREE_REQUIRE_LATEX is set but pdflatex or pdftotext is not installed"
        );
        eprintln!(
            "skipped: pdflatex or pdftotext is not installed (apt-get install texlive-latex-base texlive-pictures texlive-latex-recommended poppler-utils)"
        );
    }
    available
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("latex").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Compiles `document` in `dir` as the README says, failing with LaTeX's
/// log on any error or overfull box; returns the number of pages.
fn compile(dir: &Path, document: &str) -> usize {
    std::fs::write(dir.join("doc.tex"), document).unwrap();
    let output = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "doc.tex"])
        .current_dir(dir)
        .output()
        .expect("pdflatex runs");
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "pdflatex failed:\n{log}");
    assert!(!log.contains("Overfull"), "something does not fit:\n{log}");
    let written = log.split("Output written on doc.pdf (").nth(1).expect("a PDF was written");
    written.split(' ').next().unwrap().parse().expect("a page count")
}

/// A word on a PDF page, as `pdftotext -bbox` finds it: its text and box
/// in points from the top left.
#[derive(Clone, Debug, PartialEq)]
struct Word {
    text: String,
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

impl Word {
    fn height(&self) -> f64 {
        self.bottom - self.top
    }
}

/// One page: its size and its words.
struct Page {
    width: f64,
    height: f64,
    words: Vec<Word>,
}

/// The value of `name="..."` in an element's attributes.
fn attribute(element: &str, name: &str) -> f64 {
    let start = element.find(&format!("{name}=\"")).expect("the attribute") + name.len() + 2;
    let value = &element[start..];
    value[..value.find('"').unwrap()].parse().expect("a number")
}

/// Every page of `pdf` with its words.
fn pages(pdf: &Path) -> Vec<Page> {
    let output = Command::new("pdftotext").arg("-bbox").arg(pdf).arg("-").output().unwrap();
    assert!(output.status.success(), "pdftotext failed");
    let text = String::from_utf8(output.stdout).unwrap();
    let mut pages: Vec<Page> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("<page ") {
            let (width, height) = (attribute(line, "width"), attribute(line, "height"));
            pages.push(Page { width, height, words: Vec::new() });
        } else if line.starts_with("<word ") {
            let text = line[line.find('>').unwrap() + 1..line.rfind("</word>").unwrap()].into();
            let word = Word {
                text,
                left: attribute(line, "xMin"),
                top: attribute(line, "yMin"),
                right: attribute(line, "xMax"),
                bottom: attribute(line, "yMax"),
            };
            pages.last_mut().expect("a page").words.push(word);
        }
    }
    pages
}

#[test]
fn every_example_tree_typesets_at_the_documents_size() {
    if !latex_available() {
        return;
    }
    let dir = scratch("examples");
    let mut body = String::new();
    for (index, tree) in common::example_trees().iter().enumerate() {
        let tree = tree.to_str().unwrap();
        for (variant, extra) in [
            ("a", &["--caption", "--numbers"][..]),
            ("b", &["--labels", "values", "--collapse-pruned"]),
        ] {
            let file = format!("tree{index}{variant}.tex");
            let path = dir.join(&file);
            let algo = common::algo_for(tree, "alphabeta");
            let args = ["trace", tree, "--algo", algo, "-o", path.to_str().unwrap()];
            gametree(&[&args[..], extra].concat());
            body.push_str(&format!("\\input{{{file}}}\\par\n"));
        }
    }
    let pages = compile(
        &dir,
        &format!(
            "\\documentclass{{article}}\n\\usepackage{{tikz}}\n\\begin{{document}}\n{body}\\end{{document}}\n"
        ),
    );
    assert!(pages >= 2, "{pages} pages");
}

/// The README's beamer document, as a user copies it.
fn readme_beamer_example() -> String {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let block = readme.split("```latex\n").nth(1).expect("the README has a LaTeX example");
    block[..block.find("```").unwrap()].to_string()
}

/// The README's beamer example with one frame per (tree, algorithm,
/// overlays or a still picture), and a last frame with a word in the
/// frame's footnote size; returns the PDF's pages and how many pages each
/// frame has.
fn beamer_frames(dir: &Path, runs: &[(&str, &str, bool)]) -> (Vec<Page>, Vec<usize>) {
    let example = readme_beamer_example();
    let start = example.find("\\begin{frame}").unwrap();
    let end = example.find("\\end{frame}").unwrap() + "\\end{frame}\n".len();
    let frame = &example[start..end];
    let mut frames = String::new();
    let mut counts = Vec::new();
    for (index, &(tree, algo, overlays)) in runs.iter().enumerate() {
        let args = ["trace", tree, "--algo", algo, "--format", "tikz", "--caption"];
        let (file, count) = if overlays {
            let folder = dir.join(format!("frames{index}"));
            let said = gametree(&[&args[..], &["--frames", folder.to_str().unwrap()]].concat());
            let said = String::from_utf8(said.stderr).unwrap();
            let count = said["wrote ".len()..].split(' ').next().unwrap().parse().unwrap();
            (format!("frames{index}/frames.tex"), count)
        } else {
            let file = format!("still{index}.tex");
            gametree(&[&args[..], &["-o", dir.join(&file).to_str().unwrap()]].concat());
            (file, 1)
        };
        counts.push(count);
        frames.push_str(&frame.replace("frames/frames.tex", &file));
    }
    frames.push_str("\\begin{frame}{Reference}\n{\\footnotesize footnote}\n\\end{frame}\n");
    let document = example.replace(frame, &frames);
    let pages = compile(dir, &document);
    assert_eq!(pages, counts.iter().sum::<usize>() + 1, "one page per overlay");
    (self::pages(&dir.join("doc.pdf")), counts)
}

/// The words of the tree on a frame's `page`: those under the title and
/// above the caption, which starts with the algorithm's name.
fn in_picture<'p>(page: &'p Page, algo: &str) -> Vec<&'p Word> {
    let title = page.words.first().expect("a frame title");
    let caption = page.words.iter().find(|word| word.text.starts_with(algo)).expect("a caption");
    let inside = |word: &&Word| word.top > title.bottom && word.bottom < caption.top;
    page.words.iter().filter(inside).collect()
}

/// Checks that every word of `page` is on it and that every node name of
/// `names` shows in the picture; returns each name's box.
fn node_names<'p>(page: &'p Page, algo: &str, names: &[String]) -> HashMap<String, &'p Word> {
    for word in &page.words {
        let inside = word.left >= 0.0 && word.right <= page.width && word.bottom <= page.height;
        assert!(inside && word.top >= 0.0, "{word:?} is cut off the page");
    }
    let mut boxes = HashMap::new();
    for word in in_picture(page, algo) {
        if names.contains(&word.text) {
            boxes.entry(word.text.clone()).or_insert(word);
        }
    }
    let missing: Vec<&String> = names.iter().filter(|name| !boxes.contains_key(*name)).collect();
    assert!(missing.is_empty(), "names missing from the picture: {missing:?}");
    boxes
}

/// The names of a tree's nodes, as `trace` names them.
fn names_of(tree: &str) -> Vec<String> {
    let text = std::fs::read(tree).unwrap();
    let tree = gametree::tree::parse(text, Default::default(), Default::default()).unwrap();
    tree.nodes().map(|node| tree.name(node).to_string()).collect()
}

/// What the README's example gives on a 16:9 beamer frame (issue 40):
/// nothing cut or overfull, the names no smaller than the frame's
/// footnotes even for 27 leaves with windows, and on every overlay of
/// every frame each name in one place.
#[test]
fn the_readme_beamer_example_fits_a_16_to_9_frame_and_nothing_moves() {
    if !latex_available() {
        return;
    }
    let dir = scratch("beamer");
    let runs = [
        ("trees/aima-5-2.json", "alphabeta", true),
        ("trees/aima-5-2.json", "pvs", true),
        ("trees/aima-5-2.json", "mtdf", true),
        ("trees/aima-5-2.json", "sss", true),
        ("trees/three-plies.json", "alphabeta", false),
    ];
    let (pages, counts) = beamer_frames(&dir, &runs);
    let reference = pages.last().unwrap().words.iter().find(|w| w.text == "footnote").unwrap();
    let footnote = reference.height();
    let mut first = 0;
    for (&(tree, algo, _), count) in runs.iter().zip(counts) {
        let names = names_of(tree);
        let frame = &pages[first..first + count];
        first += count;
        let boxes = node_names(&frame[0], algo, &names);
        for (overlay, page) in frame.iter().enumerate() {
            let moved = node_names(page, algo, &names);
            for name in &names {
                let (was, is) = (boxes[name], moved[name]);
                let shift = [was.left - is.left, was.top - is.top, was.right - is.right];
                let still = shift.iter().all(|d| d.abs() < 0.01);
                assert!(still, "{tree} {algo}: overlay {}: {was:?} moved to {is:?}", overlay + 1);
            }
        }
        let size = boxes[&names[0]].height();
        // A few hundredths for how pdftotext rounds the boxes.
        assert!(size >= 0.97 * footnote, "{tree} {algo}: names {size} high, footnotes {footnote}");
    }
}

/// A name from the characters that trouble TeX: its specials, brackets
/// first, hyphens that would become dashes, combining marks, Greek.
fn hostile_name() -> impl Strategy<Value = String> {
    let troubling = prop::sample::select(vec![
        "\"", "\\", "{", "}", "$", "&", "^", "_", "%", "~", "[", "]", "-", "--", "'", "`", "!`",
        "?`", "<", ">", "|", "*", "e\u{301}", "i\u{308}", "\u{3b3}", "\u{3a9}", "\u{e9}", "\u{df}",
        "\u{141}", "\u{2013}",
    ]);
    let piece = prop_oneof![2 => "[a-z]{1,2}".prop_map(String::from), 3 => troubling.prop_map(String::from)];
    prop::collection::vec(piece, 1..5).prop_map(|pieces| pieces.concat())
}

/// A flat tree whose six nodes below the root have `names`, when the
/// names are six different ones the reader takes.
fn tree_named(names: &[String]) -> Option<String> {
    let unique: std::collections::HashSet<&String> = names.iter().collect();
    let fine = names.iter().all(|name| gametree::tree::names::problem_with(name).is_none());
    if unique.len() < 6 || names.contains(&"r".to_string()) || !fine {
        return None;
    }
    let q = |name: &String| serde_json::to_string(name).unwrap();
    let [b, c, d, e, f, g] = &names[..6] else { unreachable!() };
    Some(format!(
        r#"{{"root": "r", "children": {{"r": [{}, {}], {}: [{}, {}], {}: [{}, {}]}}, "values": {{{}: 3, {}: -1, {}: 2, {}: 5}}}}"#,
        q(b),
        q(c),
        q(b),
        q(d),
        q(e),
        q(c),
        q(f),
        q(g),
        q(d),
        q(e),
        q(f),
        q(g)
    ))
}

/// Trees named from TeX's troublemakers (a name may start with `[` after a
/// line break, or end in `\`), drawn as TikZ, all typeset in one document
/// by the real pdflatex; names it cannot typeset are refused before any
/// file is written.
#[test]
fn hostile_names_typeset_or_are_refused_up_front() {
    if !latex_available() {
        return;
    }
    let dir = scratch("hostile");
    let mut runner = TestRunner::new(common::proptest_config());
    let names = prop::collection::vec(hostile_name(), 6);
    let mut body = String::new();
    let mut drawn = 0;
    while drawn < 12 {
        let sample = names.new_tree(&mut runner).unwrap().current();
        let Some(document) = tree_named(&sample) else { continue };
        let (tree, picture) = (dir.join(format!("{drawn}.json")), format!("{drawn}.tex"));
        std::fs::write(&tree, document).unwrap();
        let algo = if drawn % 2 == 0 { "alphabeta" } else { "minimax" };
        let args = ["trace", tree.to_str().unwrap(), "--algo", algo, "--caption", "--numbers"];
        gametree(&[&args[..], &["-o", dir.join(&picture).to_str().unwrap()]].concat());
        body.push_str(&format!("\\input{{{picture}}}\\par\n"));
        drawn += 1;
    }
    compile(
        &dir,
        &format!(
            "\\documentclass{{article}}\n\\usepackage{{tikz}}\n\\begin{{document}}\n{body}\\end{{document}}\n"
        ),
    );
    let refused = dir.join("refused.tex");
    for name in ["\u{4e2d}", "\u{416}", "a\u{1f600}", "\u{301}x"] {
        let document = tree_named(&["b", "c", "d", "e", "f", name].map(String::from)).unwrap();
        let tree = dir.join("refused.json");
        std::fs::write(&tree, document).unwrap();
        let output = run(&["trace", tree.to_str().unwrap(), "-o", refused.to_str().unwrap()]);
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {said}");
        assert!(said.contains("which pdflatex cannot typeset"), "{said}");
        assert!(!refused.exists(), "{name}: a file was left behind");
    }
}

/// `Dimension too large` (issue 41): a picture longer than TeX's longest
/// length at its smallest text (seed 8's, 16,706 pt) is refused before a
/// file is written, one a little shorter (seed 4's, 15,773 pt) typesets.
#[test]
fn tikz_dimension_too_large_is_refused_and_the_largest_picture_typesets() {
    let dir = scratch("dimension");
    let generated = |seed: &str, leaf_chance: &str| {
        let args = ["gen", "random", "--depth", "7", "--branching", "3", "--seed", seed];
        let tree = gametree(&[&args[..], &["--leaf-chance", leaf_chance]].concat()).stdout;
        let path = dir.join(format!("seed{seed}.json"));
        std::fs::write(&path, tree).unwrap();
        path
    };
    let (too_large, largest) = (generated("8", "0.19"), generated("4", "0.19"));
    let picture = dir.join("picture.tex");
    let output = run(&["trace", too_large.to_str().unwrap(), "-o", picture.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("would be 16706 pt wide"), "{said}");
    assert!(said.contains("TeX draws nothing longer than 16383 pt"), "{said}");
    assert!(!picture.exists(), "a file was left behind");
    gametree(&["trace", largest.to_str().unwrap(), "-o", picture.to_str().unwrap()]);
    // Its width in units of its smallest text, 7 pt: near TeX's limit.
    let text = std::fs::read_to_string(&picture).unwrap();
    let units = text.split("\\def\\gametreewidth{").nth(1).expect("the picture's width");
    let points = 7.0 * units[..units.find('}').unwrap()].parse::<f64>().unwrap();
    assert!((15_000.0..16_383.0).contains(&points), "{points} pt wide");
    if latex_available() {
        let document = "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n\\input{picture.tex}\n\\end{document}\n";
        assert_eq!(compile(&dir, document), 1);
    }
}
