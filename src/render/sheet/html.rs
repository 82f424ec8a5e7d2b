//! The sheet as one self-contained web page, for the screen and for
//! printing: the pictures inline as SVG, each task on a printed page of
//! its own, ruled lines to answer on.

use super::{Document, Sheet, Task};
use crate::render::html::escape;

const STYLE: &str = "\
body { font-family: sans-serif; max-width: 50em; margin: 2em auto; padding: 0 1em; line-height: 1.4; }
figure { margin: 1em 0; text-align: center; }
figure svg { max-width: 100%; height: auto; max-height: 60vh; }
dt { font-weight: bold; }
.answer { margin-top: 1em; }
.answer p { margin: 0.2em 0 1.6em 0; border-bottom: 1px solid #777; min-height: 1.6em; }
.answer p.long { min-height: 3.4em; }
code { font-size: 95%; }
@media print { section { break-before: page; } section:first-of-type { break-before: auto; } figure svg { max-height: 45vh; } }
";

/// The whole page.
pub fn html(sheet: &Sheet, document: Document) -> String {
    let title = escape(sheet.title(document));
    let lang = match sheet.lang {
        crate::lang::Lang::En => "en",
        crate::lang::Lang::De => "de",
    };
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n<p>{}</p>\n",
        escape(&sheet.subtitle())
    );
    for (index, task) in sheet.tasks.iter().enumerate() {
        out.push_str(&format!("<section>\n<h2>{}</h2>\n", escape(&sheet.heading(index + 1))));
        match document {
            Document::Student => student_task(&mut out, sheet, task),
            Document::Teacher => teacher_task(&mut out, sheet, task),
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The task's text, its picture as handed out, and a line for each answer.
fn student_task(out: &mut String, sheet: &Sheet, task: &Task) {
    out.push_str(&format!("<p>{}</p>\n<dl>\n", escape(&sheet.task_text(Document::Student))));
    let lines = sheet.answer_lines();
    for (key, meaning) in &lines {
        out.push_str(&format!("<dt>{}</dt><dd>{}</dd>\n", escape(key), escape(meaning)));
    }
    out.push_str("</dl>\n");
    picture(out, sheet, task, task.exercise_svg.as_deref());
    out.push_str("<div class=\"answer\">\n");
    for (index, (key, _)) in lines.iter().enumerate() {
        let class = if index == 0 { " class=\"long\"" } else { "" };
        out.push_str(&format!("<p{class}><b>{}:</b></p>\n", escape(key)));
    }
    out.push_str("</div>\n");
}

/// The solved picture, the key and how to grade.
fn teacher_task(out: &mut String, sheet: &Sheet, task: &Task) {
    out.push_str(&format!("<p>{}</p>\n", escape(&sheet.task_text(Document::Teacher))));
    picture(out, sheet, task, task.solved_svg.as_deref());
    out.push_str("<dl>\n");
    for (key, items) in &task.key {
        out.push_str(&format!("<dt>{}:</dt><dd>{}</dd>\n", escape(key), escape(items)));
    }
    out.push_str("</dl>\n");
    out.push_str(&format!(
        "<p>{}: <code>{}</code></p>\n",
        escape(super::words::of(sheet.lang).grade_with),
        escape(&sheet.check_command(task))
    ));
}

/// A picture, or where Graphviz was missing, where the tree is.
fn picture(out: &mut String, sheet: &Sheet, task: &Task, svg: Option<&str>) {
    match svg {
        // Graphviz's SVG, from its `<svg>` element on (no XML prologue).
        Some(svg) => {
            let start = svg.find("<svg").unwrap_or(0);
            out.push_str(&format!("<figure>\n{}</figure>\n", &svg[start..]));
        }
        None => out.push_str(&format!(
            "<p><i>{} {})</i></p>\n",
            escape(super::words::of(sheet.lang).no_picture),
            escape(&task.tree_file)
        )),
    }
}
