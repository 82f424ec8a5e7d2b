//! The words of the exercise sheets, in each language of `--lang`: the
//! task's text, the algorithms' names and the conventions spelled out, as
//! a student reads them.

use crate::bounds::Window;
use crate::lang::Lang;
use crate::notation::Notation;
use crate::search::{Algorithm, Returns, View};
use crate::settings::Settings;

/// The words of one language.
pub struct SheetWords {
    pub student_title: &'static str,
    pub teacher_title: &'static str,
    /// `Exercise 3`.
    pub exercise: &'static str,
    /// `3 random trees from seed 1.`: the count, then the seed.
    pub trees_from_seed: [&'static str; 2],
    /// `Search the tree with`, before the algorithm's name.
    pub search_with: &'static str,
    pub write_down: &'static str,
    /// What each classroom line holds: order, leaves, pruned, best move, value.
    pub lines: [&'static str; 5],
    /// Said of the order line where values can be bounds.
    pub bounds: &'static str,
    /// Said of the leaves line where a cutoff can skip children.
    pub cutoff_marks: &'static str,
    /// Said before what to write down where the algorithm searches a node
    /// more than once (PVS's re-searches, MTD(f)'s and SSS*'s passes).
    pub again: &'static str,
    pub children_in_order: &'static str,
    pub chance: &'static str,
    pub cut_on_equality: &'static str,
    pub cut_strictly: &'static str,
    /// Fail-soft, fail-hard, start at the bound.
    pub returns: [&'static str; 3],
    pub root_window: &'static str,
    pub first_guess: &'static str,
    /// Before the `gametree check` command in the solutions.
    pub grade_with: &'static str,
    /// In place of a picture Graphviz could not draw.
    pub no_picture: &'static str,
    /// The algorithms' names, by `--algo` name.
    names: [(&'static str, &'static str); 9],
}

const ENGLISH: SheetWords = SheetWords {
    student_title: "Exercise sheet",
    teacher_title: "Solutions",
    exercise: "Exercise",
    trees_from_seed: ["random trees from seed", "random tree from seed"],
    search_with: "Search the tree with",
    write_down: "Write down, one line each:",
    lines: [
        "every node in the order it receives its value, with that value (e:3 f:12 b:3 ...)",
        "the leaves evaluated, in order",
        "the children a cutoff skips",
        "the root's child to move to",
        "the root's value",
    ],
    cutoff_marks: ", with # where a cutoff skips children",
    again: "A node searched again (in a re-search or a later pass) is listed again in each line.",
    bounds: "; a value that is only a bound as \u{2265}5 or \u{2264}2",
    children_in_order: "children from left to right",
    chance: "a chance node (a circle) takes the average of its children's values, weighted by the probabilities on its edges",
    cut_on_equality: "a cutoff on equality: MAX cuts when v \u{2265} \u{3b2}, MIN when v \u{2264} \u{3b1}",
    cut_strictly: "a cutoff only on strict inequality: MAX cuts when v > \u{3b2}, MIN when v < \u{3b1}",
    returns: [
        "fail-soft: a node returns its own v, also where it cuts",
        "fail-hard: a node's value is clamped into the window it was entered with",
        "v starts at \u{3b1} at MAX and at \u{3b2} at MIN (Knuth and Moore's F2)",
    ],
    root_window: "the root's window",
    first_guess: "first guess",
    grade_with: "Grade an answer with",
    no_picture: "(no picture: Graphviz's dot program was not found; the tree is in",
    names: [
        ("minimax", "minimax"),
        ("negamax", "negamax"),
        ("alphabeta", "alpha-beta"),
        ("negamax-alphabeta", "alpha-beta in negamax form"),
        ("shallow", "Knuth and Moore's F1 (alpha-beta with one bound)"),
        ("expectimax", "expectimax"),
        ("pvs", "principal-variation search (PVS)"),
        ("mtdf", "MTD(f)"),
        ("sss", "SSS*"),
    ],
};

const GERMAN: SheetWords = SheetWords {
    student_title: "\u{dc}bungsblatt",
    teacher_title: "L\u{f6}sungen",
    exercise: "Aufgabe",
    trees_from_seed: [
        "zuf\u{e4}llige B\u{e4}ume aus Startwert",
        "zuf\u{e4}lliger Baum aus Startwert",
    ],
    search_with: "Durchsuchen Sie den Baum mit",
    write_down: "Schreiben Sie auf, je eine Zeile:",
    lines: [
        "jeden Knoten in der Reihenfolge, in der er seinen Wert erh\u{e4}lt, mit diesem Wert (e:3 f:12 b:3 ...)",
        "die ausgewerteten Bl\u{e4}tter der Reihe nach",
        "die Kinder, die ein Cutoff \u{fc}berspringt",
        "das Kind der Wurzel, zu dem gezogen wird",
        "den Wert der Wurzel",
    ],
    cutoff_marks: ", mit # wo ein Cutoff Kinder \u{fc}berspringt",
    again: "Ein erneut durchsuchter Knoten (bei einer erneuten Suche oder in einem weiteren Durchlauf) wird in jeder Zeile erneut aufgef\u{fc}hrt.",
    bounds: "; einen Wert, der nur eine Schranke ist, als \u{2265}5 oder \u{2264}2",
    children_in_order: "Kinder von links nach rechts",
    chance: "ein Zufallsknoten (ein Kreis) nimmt den Mittelwert der Werte seiner Kinder, gewichtet mit den Wahrscheinlichkeiten an seinen Kanten",
    cut_on_equality: "Cutoff bei Gleichheit: MAX schneidet ab, wenn v \u{2265} \u{3b2}, MIN, wenn v \u{2264} \u{3b1}",
    cut_strictly: "Cutoff nur bei echter Ungleichung: MAX schneidet ab, wenn v > \u{3b2}, MIN, wenn v < \u{3b1}",
    returns: [
        "fail-soft: ein Knoten gibt sein eigenes v zur\u{fc}ck, auch bei einem Cutoff",
        "fail-hard: der Wert eines Knotens wird auf das Fenster begrenzt, mit dem er betreten wurde",
        "v beginnt bei MAX mit \u{3b1} und bei MIN mit \u{3b2} (F2 nach Knuth und Moore)",
    ],
    root_window: "Fenster an der Wurzel",
    first_guess: "erste Sch\u{e4}tzung",
    grade_with: "Eine Antwort bewerten mit",
    no_picture: "(kein Bild: das Programm dot von Graphviz wurde nicht gefunden; der Baum steht in",
    names: [
        ("minimax", "Minimax"),
        ("negamax", "Negamax"),
        ("alphabeta", "Alpha-Beta-Suche"),
        ("negamax-alphabeta", "Alpha-Beta-Suche in Negamax-Form"),
        ("shallow", "F1 nach Knuth und Moore (Alpha-Beta mit einer Schranke)"),
        ("expectimax", "Expectimax"),
        ("pvs", "Principal-Variation-Search (PVS)"),
        ("mtdf", "MTD(f)"),
        ("sss", "SSS*"),
    ],
};

/// The sheet's words in `lang`.
pub fn of(lang: Lang) -> &'static SheetWords {
    match lang {
        Lang::En => &ENGLISH,
        Lang::De => &GERMAN,
    }
}

impl SheetWords {
    /// The algorithm's name as a student reads it.
    pub fn algorithm(&self, algorithm: Algorithm) -> &'static str {
        let name = algorithm.name();
        self.names.iter().find(|(own, _)| *own == name).map_or(name, |(_, shown)| shown)
    }

    /// The conventions the search follows, each spelled out.
    pub fn conventions(&self, settings: &Settings, lang: Lang) -> Vec<String> {
        let Settings { algorithm, ref options, .. } = *settings;
        let mut said = vec![self.children_in_order.to_string()];
        if algorithm.about().chance {
            said.push(self.chance.into());
        }
        match algorithm.shown_view(options) {
            View::Mover => said.push(lang.words().mover_view.into()),
            View::Moved => said.push(lang.words().moved_view.into()),
            View::Max => {}
        }
        if algorithm.prunes() {
            let returns = match options.returns {
                Returns::FailSoft => self.returns[0],
                Returns::FailHard => self.returns[1],
                Returns::StartAtBound => self.returns[2],
            };
            let cut = if options.strict { self.cut_strictly } else { self.cut_on_equality };
            said.extend([returns.to_string(), cut.to_string()]);
            if options.window != Window::FULL {
                let window = Notation::Symbols.window(options.window);
                said.push(format!("{} {window}", self.root_window));
            }
        }
        if algorithm.about().guesses {
            said.push(format!("{} {}", self.first_guess, Notation::Symbols.number(options.guess)));
        }
        said
    }
}
