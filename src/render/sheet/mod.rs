//! The documents of `gametree sheet`: a student's sheet (each task's text,
//! naming the algorithm and its conventions, the exercise picture and room
//! to answer) and a teacher's (the solved pictures and the answer keys),
//! each as LaTeX and as HTML.
//!
//! The pictures and keys come in made: the LaTeX gets TikZ pictures, the
//! HTML SVG drawn by Graphviz; this module only puts them on the page.

mod html;
mod latex;
pub mod words;

use crate::lang::Lang;
use crate::search::{Algorithm, Windows};
use crate::settings::Settings;

pub use html::html;
pub use latex::latex;

/// Whether a sheet for `algorithm` asks for the `pruned` line: whether
/// the algorithm can cut, which every one with a window can (alpha-beta's,
/// F1's one bound, MTD(f)'s and SSS*'s null windows). Minimax, negamax and
/// expectimax search every child: their sheets neither ask for `pruned`
/// nor grade it, as a teacher would not ask for a line whose answer is
/// always "none".
pub fn cuts(algorithm: Algorithm) -> bool {
    algorithm.has_window()
}

/// Which document: the one handed out, or the one with the solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Document {
    Student,
    Teacher,
}

/// A whole sheet, ready to be written.
pub struct Sheet {
    pub lang: Lang,
    pub settings: Settings,
    /// The seed of the first tree.
    pub seed: u64,
    /// `--algo alphabeta --strict`: the options `check` needs to grade.
    pub check_flags: String,
    pub tasks: Vec<Task>,
}

/// One exercise of the sheet.
pub struct Task {
    /// The tree's file in the sheet's folder, `exercise-1.json`.
    pub tree_file: String,
    /// The tree as handed out and as solved, as TikZ pictures.
    pub exercise_tikz: String,
    pub solved_tikz: String,
    /// The same as SVG, where Graphviz could draw them.
    pub exercise_svg: Option<String>,
    pub solved_svg: Option<String>,
    /// The answer key's lines, each as its key and its items (`order`,
    /// `e:3 f:12 b:\u{2265}3 ...`), bounds marked as the trace marks them.
    pub key: Vec<(String, String)>,
}

impl Sheet {
    /// The document's title.
    fn title(&self, document: Document) -> &'static str {
        let words = words::of(self.lang);
        match document {
            Document::Student => words.student_title,
            Document::Teacher => words.teacher_title,
        }
    }

    /// The line under the title: how many trees, from which seed.
    fn subtitle(&self) -> String {
        let words = words::of(self.lang);
        let count = self.tasks.len();
        let trees = if count == 1 { words.trees_from_seed[1] } else { words.trees_from_seed[0] };
        let algorithm = words.algorithm(self.settings.algorithm);
        format!("{count} {trees} {}: {algorithm}.", self.seed)
    }

    /// The task's text: the algorithm and its conventions, and for the
    /// student what to write down, and that a node searched again is
    /// listed again where the algorithm does that.
    fn task_text(&self, document: Document) -> String {
        let words = words::of(self.lang);
        let conventions = words.conventions(&self.settings, self.lang).join("; ");
        let algorithm = words.algorithm(self.settings.algorithm);
        let task = format!("{} {algorithm} ({conventions}).", words.search_with);
        // PVS searches a child again, MTD(f) and SSS* the tree in passes.
        let window = self.settings.algorithm.about().window;
        let again = matches!(window, Windows::Passes | Windows::Root { null: true });
        match document {
            Document::Student if again => format!("{task} {} {}", words.again, words.write_down),
            Document::Student => format!("{task} {}", words.write_down),
            Document::Teacher => task,
        }
    }

    /// The classroom lines a student writes, each with what it holds: the
    /// five where the algorithm can cut, else all but `pruned`; bounds and
    /// the `#` marks only where a cutoff can make them.
    fn answer_lines(&self) -> Vec<(&'static str, String)> {
        let words = words::of(self.lang);
        let keys = self.lang.words().keys;
        let cuts = cuts(self.settings.algorithm);
        let mut lines = Vec::new();
        for (index, (&key, &meaning)) in keys.iter().zip(&words.lines).enumerate() {
            let mut meaning = meaning.to_string();
            if cuts && index < 2 {
                meaning.push_str([words.bounds, words.cutoff_marks][index]);
            }
            if cuts || index != 2 {
                lines.push((key, meaning));
            }
        }
        lines
    }

    /// The command that grades an answer to task `task`.
    fn check_command(&self, task: &Task) -> String {
        format!("gametree check {} ANSWER {}", task.tree_file, self.check_flags)
    }

    /// `Exercise 3`.
    fn heading(&self, number: usize) -> String {
        format!("{} {number}", words::of(self.lang).exercise)
    }
}
