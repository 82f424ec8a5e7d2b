//! The TikZ output compiles: every example tree's picture in one LaTeX
//! document, and the frames of a search as beamer overlays.
//!
//! Without `pdflatex` these tests say so and pass, unless
//! GAMETREE_REQUIRE_LATEX is set: `.ci/run` installs Debian's texlive
//! packages and sets it, so that in CI they always run.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{self, succeed as gametree};

fn latex_available() -> bool {
    let found =
        Command::new("pdflatex").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("GAMETREE_REQUIRE_LATEX").is_none(),
            "GAMETREE_REQUIRE_LATEX is set but pdflatex is not installed"
        );
        eprintln!(
            "skipped: pdflatex is not installed (apt-get install texlive-latex-base texlive-pictures texlive-latex-recommended)"
        );
    }
    found
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("latex").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Compiles `document` in `dir`, failing with LaTeX's log on any error;
/// returns the number of pages.
fn compile(dir: &Path, document: &str) -> usize {
    std::fs::write(dir.join("doc.tex"), document).unwrap();
    let output = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "doc.tex"])
        .current_dir(dir)
        .output()
        .expect("pdflatex runs");
    let log = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "pdflatex failed:\n{log}");
    let written = log.split("Output written on doc.pdf (").nth(1).expect("a PDF was written");
    written.split(' ').next().unwrap().parse().expect("a page count")
}

#[test]
fn every_example_tree_typesets() {
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
            body.push_str(&format!("\\resizebox{{\\linewidth}}{{!}}{{\\input{{{file}}}}}\\par\n"));
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

#[test]
fn frames_typeset_as_beamer_overlays() {
    if !latex_available() {
        return;
    }
    let dir = scratch("overlays");
    let frames = dir.join("frames");
    let args =
        ["trace", "trees/aima-5-2.json", "--algo", "alphabeta", "--format", "tikz", "--caption"];
    let output = gametree(&[&args[..], &["--frames", frames.to_str().unwrap()]].concat());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.starts_with("wrote 27 frames as beamer overlays: "), "{said}");
    let text = std::fs::read_to_string(frames.join("frames.tex")).unwrap();
    assert_eq!(text.matches("\\only<").count(), 27);
    // One bounding box for all steps, set before the first: nothing jumps.
    let bounding_box = text.find("\\useasboundingbox").expect("a bounding box");
    assert!(bounding_box < text.find("\\only<1>").unwrap());
    assert_eq!(text.matches("\\useasboundingbox").count(), 1);
    let pages = compile(
        &dir,
        "\\documentclass{beamer}\n\\usepackage{tikz}\n\\begin{document}\n\\begin{frame}{Alpha-beta}\n\\centering\\resizebox{!}{0.8\\textheight}{\\input{frames/frames.tex}}\n\\end{frame}\n\\end{document}\n",
    );
    assert_eq!(pages, 27, "one slide per step");
}
