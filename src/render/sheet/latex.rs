//! The sheet as a LaTeX document for pdflatex: an article with the TikZ
//! pictures inline, each task on a page of its own, needing only
//! packages of Debian's texlive-latex-base and texlive-pictures.

use super::{Document, Sheet, Task};
use crate::render::latex::{prose, text};

/// The document's preamble: A4 with narrow margins, pictures no taller
/// than about half the page, so that the answers fit under them.
const PREAMBLE: &str = "\
\\documentclass[11pt,a4paper]{article}
\\usepackage[margin=2cm]{geometry}
\\usepackage{tikz}
\\pgfkeys{/gametree/height/.initial=0.42\\textheight}
\\pagestyle{plain}
\\setlength{\\parindent}{0pt}
\\setlength{\\parskip}{0.6em}
\\begin{document}
";

/// The whole document.
pub fn latex(sheet: &Sheet, document: Document) -> String {
    let mut out = String::from(PREAMBLE);
    out.push_str(&format!(
        "{{\\LARGE\\bfseries {}}}\\par\n{}\\par\n",
        text(sheet.title(document)),
        prose(&sheet.subtitle())
    ));
    for (index, task) in sheet.tasks.iter().enumerate() {
        if index > 0 {
            out.push_str("\\newpage\n");
        }
        out.push_str(&format!("\\section*{{{}}}\n", text(&sheet.heading(index + 1))));
        match document {
            Document::Student => student_task(&mut out, sheet, task),
            Document::Teacher => teacher_task(&mut out, sheet, task),
        }
    }
    out.push_str("\\end{document}\n");
    out
}

/// The task's text, its picture as handed out, and room for each line.
fn student_task(out: &mut String, sheet: &Sheet, task: &Task) {
    out.push_str(&format!(
        "{}\n\\begin{{description}}\n",
        prose(&sheet.task_text(Document::Student))
    ));
    let lines = sheet.answer_lines();
    for (key, meaning) in &lines {
        out.push_str(&format!("\\item[{}:] {}\n", text(key), prose(meaning)));
    }
    out.push_str("\\end{description}\n");
    picture(out, &task.exercise_tikz);
    for (index, (key, _)) in lines.iter().enumerate() {
        // The order line is the longest: two lines to write it on.
        let room = if index == 0 { "\\par\\vspace{1.2em}\\hrulefill" } else { "" };
        out.push_str(&format!(
            "\\textbf{{{}:}}\\ \\hrulefill{room}\\par\\vspace{{0.8em}}\n",
            text(key)
        ));
    }
}

/// The solved picture, the key and how to grade.
fn teacher_task(out: &mut String, sheet: &Sheet, task: &Task) {
    out.push_str(&format!("{}\n", prose(&sheet.task_text(Document::Teacher))));
    picture(out, &task.solved_tikz);
    out.push_str("\\begin{description}\n");
    for (key, items) in &task.key {
        out.push_str(&format!("\\item[{}:] {}\n", text(key), prose(items)));
    }
    out.push_str("\\end{description}\n");
    // Ragged right: typewriter spaces do not stretch, so a justified line
    // could not break and the command ran off the page.
    out.push_str(&format!(
        "{{\\raggedright {}: \\texttt{{{}}}\\par}}\n",
        text(super::words::of(sheet.lang).grade_with),
        text(&sheet.check_command(task))
    ));
}

/// A picture, centred.
fn picture(out: &mut String, tikz: &str) {
    out.push_str("\\begin{center}\n");
    out.push_str(tikz);
    out.push_str("\\end{center}\n");
}
