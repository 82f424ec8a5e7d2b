//! The words of gametree's output in each language it speaks, one table
//! per language: a third language is one table more.
//!
//! The classroom lines are read in every language whatever `--lang` says,
//! so a table also lists the other ways its lecture notes write each key.
//! JSON field names, `MAX`/`MIN` and the alpha-beta notation are the same
//! in every language.

/// The languages of `--lang`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// German, as the lecture notes write it.
    De,
}

impl Lang {
    /// Every language, for reading answers.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The language's words.
    pub fn words(self) -> &'static Words {
        match self {
            Lang::En => &ENGLISH,
            Lang::De => &GERMAN,
        }
    }
}

/// The words of one language.
#[derive(Debug)]
pub struct Words {
    /// The classroom keys as printed: order, leaves, pruned, best move, value.
    pub keys: [&'static str; 5],
    /// The key of the order of inner nodes alone (`--order inner`).
    pub inner_order: &'static str,
    /// The key of a `leaves` line graded without its `#` marks.
    pub leaves_without_marks: &'static str,
    /// Other spellings of the keys, read but never printed, by index into `keys`.
    pub also: &'static [(&'static str, usize)],
    /// "No node", in the `pruned` and `best move` lines.
    pub nothing: &'static str,
    pub prune: &'static str,
    pub static_value: &'static str,
    pub lower_bound: &'static str,
    pub upper_bound: &'static str,
    pub principal_variation: &'static str,
    pub root: &'static str,
    pub mover_view: &'static str,
    pub moved_view: &'static str,
    /// `children searched` best-first (`--order`).
    pub children_searched: &'static str,
    pub depth_limit: &'static str,
    pub strict: &'static str,
    pub window: &'static str,
    /// `c=5 passes the null window: search again c` (PVS).
    pub passes_null_window: &'static str,
    pub search_again: &'static str,
    /// A value taken from what an earlier pass proved (MTD(f), SSS*).
    pub remembered: &'static str,
    /// `pass 2: alpha=5- beta=5`.
    pub pass: &'static str,
    /// MTD(f)'s first guess, in the header.
    pub guess: &'static str,
    /// `--transpositions`, in the header.
    pub transposition_table: &'static str,
    /// The words of `check`'s verdicts.
    pub verdict: &'static VerdictWords,
}

/// The words of `gametree check`'s verdicts, for the student and the TA.
#[derive(Debug)]
pub struct VerdictWords {
    pub ok: &'static str,
    pub wrong: &'static str,
    /// A key the exercise asks for and the answer leaves out.
    pub missing: &'static str,
    pub at_item: &'static str,
    pub answer_has: &'static str,
    pub search_has: &'static str,
    /// `(nothing)`: past the end of a list.
    pub nothing: &'static str,
    pub score: &'static str,
    /// `4 of 5`.
    pub of: &'static str,
    /// `line 3 skipped`.
    pub line: &'static str,
    pub skipped: &'static str,
    pub unknown_key: &'static str,
    pub keys_are: &'static str,
    pub and: &'static str,
    pub did_you_mean: &'static str,
    pub not_an_answer_line: &'static str,
    pub given_twice: &'static str,
    pub first_on_line: &'static str,
    pub not_asked: &'static str,
    pub note: &'static str,
}

const ENGLISH: Words = Words {
    keys: ["order", "leaves", "pruned", "best move", "value"],
    inner_order: "order (inner nodes)",
    leaves_without_marks: "leaves (without #)",
    also: &[
        ("order (inner nodes)", 0),
        ("leaves (without #)", 1),
        ("visited leaves", 1),
        ("pruned nodes", 2),
        ("best", 3),
        ("bestmove", 3),
        // A CS188 `.solution` file's best move.
        ("action", 3),
        ("root value", 4),
        ("value of the root", 4),
    ],
    nothing: "none",
    prune: "prune",
    static_value: "static value at the depth limit",
    lower_bound: "lower bound",
    upper_bound: "upper bound",
    principal_variation: "principal variation",
    root: "root",
    mover_view: "values from the mover's point of view",
    moved_view: "values from the point of view of the side that moved",
    children_searched: "children searched",
    depth_limit: "depth limit",
    strict: "strict cutoffs",
    window: "window",
    passes_null_window: "passes the null window",
    search_again: "search again",
    remembered: "remembered",
    pass: "pass",
    guess: "guess",
    transposition_table: "transposition table",
    verdict: &VerdictWords {
        ok: "ok",
        wrong: "wrong",
        missing: "missing",
        at_item: "at item",
        answer_has: "the answer has",
        search_has: "the search has",
        nothing: "(nothing)",
        score: "score",
        of: "of",
        line: "line",
        skipped: "skipped",
        unknown_key: "unknown key",
        keys_are: "the keys are",
        and: "and",
        did_you_mean: "did you mean",
        not_an_answer_line: "is not an answer line",
        given_twice: "is given twice",
        first_on_line: "first on line",
        not_asked: "is not asked for in this exercise",
        note: "note",
    },
};

const GERMAN: Words = Words {
    keys: ["Reihenfolge", "Bl\u{e4}tter", "abgeschnitten", "bester Zug", "Wert"],
    inner_order: "Reihenfolge der besuchten Knoten (ohne Bl\u{e4}tter)",
    leaves_without_marks: "Bl\u{e4}tter (ohne #)",
    also: &[
        ("Reihenfolge, in der die Knoten ihre Bewertung erhalten", 0),
        ("Reihenfolge der besuchten Knoten (ohne Bl\u{e4}tter)", 0),
        ("Reihenfolge des Blattbesuchs, # f\u{fc}r pruning", 1),
        ("Reihenfolge des Blattbesuchs", 1),
        ("besuchte Bl\u{e4}tter", 1),
        ("Bl\u{e4}tter (ohne #)", 1),
        ("Blaetter", 1),
        ("gepruned", 2),
        ("Pruning", 2),
        ("Wert der Wurzel", 4),
        ("Wurzelwert", 4),
    ],
    nothing: "-",
    prune: "schneide ab",
    static_value: "statischer Wert an der Tiefengrenze",
    lower_bound: "untere Schranke",
    upper_bound: "obere Schranke",
    principal_variation: "Hauptvariante",
    root: "Wurzel",
    mover_view: "Werte aus Sicht des Spielers am Zug",
    moved_view: "Werte aus Sicht des Spielers, der gezogen hat",
    children_searched: "Kinder durchsucht",
    depth_limit: "Tiefengrenze",
    strict: "strikte Cutoffs",
    window: "Fenster",
    passes_null_window: "besteht das Nullfenster",
    search_again: "durchsuche erneut",
    remembered: "gespeichert",
    pass: "Durchgang",
    guess: "Sch\u{e4}tzung",
    transposition_table: "Transpositionstabelle",
    verdict: &VerdictWords {
        ok: "richtig",
        wrong: "falsch",
        missing: "fehlt",
        at_item: "bei Eintrag",
        answer_has: "die Antwort hat",
        search_has: "die Suche hat",
        nothing: "(nichts)",
        score: "Punkte",
        of: "von",
        line: "Zeile",
        skipped: "\u{fc}bersprungen",
        unknown_key: "unbekannter Schl\u{fc}ssel",
        keys_are: "die Schl\u{fc}ssel sind",
        and: "und",
        did_you_mean: "meinten Sie",
        not_an_answer_line: "ist keine Antwortzeile",
        given_twice: "steht zweimal da",
        first_on_line: "zuerst in Zeile",
        not_asked: "wird in dieser Aufgabe nicht gefragt",
        note: "Hinweis",
    },
};

/// A key as answers are compared: lower case, words only, single spaces
/// (`Reihenfolge des Blattbesuchs, # für pruning` and `best_move` read as
/// `reihenfolge des blattbesuchs für pruning` and `best move`).
pub fn normalized(key: &str) -> String {
    let lower = key.to_lowercase();
    let words = lower.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty());
    words.collect::<Vec<_>>().join(" ")
}

/// The classroom key (0 order, 1 leaves, 2 pruned, 3 best move, 4 value)
/// that `text` names in any language.
pub fn key_index(text: &str) -> Option<usize> {
    key_of(text).map(|(index, _)| index)
}

/// The classroom key that `text` names, and the language it names it in.
pub fn key_of(text: &str) -> Option<(usize, Lang)> {
    let wanted = normalized(text);
    Lang::ALL.into_iter().find_map(|lang| {
        let words = lang.words();
        let printed = words.keys.iter().enumerate().map(|(index, &key)| (key, index));
        let mut spellings = printed.chain(words.also.iter().copied());
        spellings.find(|&(key, _)| normalized(key) == wanted).map(|(_, index)| (index, lang))
    })
}

/// Every key spelling of every language, for suggesting the one meant.
pub fn all_keys() -> Vec<&'static str> {
    let words = Lang::ALL.iter().map(|lang| lang.words());
    words
        .flat_map(|words| words.keys.iter().copied().chain(words.also.iter().map(|&(key, _)| key)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_in_every_language_and_spelling() {
        for (text, index) in [
            ("ORDER", 0),
            ("best_move", 3),
            ("Best-Move", 3),
            ("bestmove", 3),
            ("Reihenfolge, in der die Knoten ihre Bewertung erhalten", 0),
            ("reihenfolge der besuchten knoten (ohne bl\u{e4}tter)", 0),
            ("Reihenfolge des Blattbesuchs, # f\u{fc}r pruning", 1),
            ("BL\u{c4}TTER", 1),
            ("abgeschnitten", 2),
            ("Gepruned", 2),
            ("bester zug", 3),
            ("wert", 4),
            ("Reihenfolge des Blattbesuchs", 1),
            ("besuchte Bl\u{e4}tter", 1),
            ("Pruning", 2),
            ("Wert der Wurzel", 4),
            ("Wurzelwert", 4),
        ] {
            assert_eq!(key_index(text), Some(index), "{text}");
        }
        assert_eq!(key_index("score"), None);
        assert_eq!(key_of("Wurzelwert"), Some((4, Lang::De)));
        assert_eq!(key_of("value"), Some((4, Lang::En)));
    }
}
