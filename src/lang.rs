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
    /// A cutoff's skipped children, `{nodes}` their names: the German verb
    /// closes the phrase (`schneide i j ab`).
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
    /// A value taken from memory: an earlier pass (MTD(f), SSS*) or the
    /// transposition table.
    pub remembered: &'static str,
    /// `pass 2: alpha=5- beta=5`.
    pub pass: &'static str,
    /// MTD(f)'s first guess, in the header.
    pub guess: &'static str,
    /// `--transpositions`, in the header.
    pub transposition_table: &'static str,
    /// The words of `check`'s verdicts.
    pub verdict: &'static VerdictWords,
    /// `check`'s explanations of a wrong item.
    pub explain: &'static Explanations,
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
    /// Why an answer that is not UTF-8 (nor UTF-16 with a byte-order
    /// mark) is not read, and what to do.
    pub not_utf8: &'static str,
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
    prune: "prune {nodes}",
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
        not_utf8: "not UTF-8 text: save the answer as UTF-8",
    },
    explain: &ENGLISH_EXPLANATIONS,
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
    prune: "schneide {nodes} ab",
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
        not_utf8: "kein UTF-8-Text: speichern Sie die Antwort als UTF-8",
    },
    explain: &GERMAN_EXPLANATIONS,
};

/// How `check` explains a wrong item, one template per explanation:
/// `{node}` and the like stand for what [`fill`] puts in.
#[derive(Debug)]
pub struct Explanations {
    /// A node a cutoff skipped.
    pub pruned: &'static str,
    /// A node below one a cutoff skipped.
    pub pruned_above: &'static str,
    pub below_depth_limit: &'static str,
    pub is_root: &'static str,
    pub first_child: &'static str,
    pub never_prunes: &'static str,
    /// The cutoff test that let a node be searched.
    pub test_fails: &'static str,
    /// Where a cutoff happens, after a child's value.
    pub cut_after: &'static str,
    /// Where a cutoff happens before any child.
    pub cut_at: &'static str,
    pub cutoff_here: &'static str,
    pub no_further_cutoff: &'static str,
    pub root_is_leaf: &'static str,
    pub best_move: &'static str,
    /// A value an earlier pass of MTD(f) or SSS* proved.
    pub recalled: &'static str,
    /// A value taken from the transposition table (`--transpositions`):
    /// from an earlier pass or another copy of a game graph's position.
    pub in_table: &'static str,
    pub leaf_worth: &'static str,
    pub at_depth_limit: &'static str,
    pub chance: &'static str,
    /// How an inner node got its value, by its `rule`.
    pub takes: &'static str,
    pub largest: &'static str,
    pub smallest: &'static str,
    pub largest_seen: &'static str,
    pub is_lower_bound: &'static str,
    pub is_upper_bound: &'static str,
    /// A value in negamax's view of the side that moved.
    pub moved_value: &'static str,
    /// Where `--start-at-bound` starts a node's value.
    pub starts_at: &'static str,
    /// A value fail-hard clamped into the window.
    pub clamped: &'static str,
    pub listed_twice: &'static str,
    pub order_stops: &'static str,
    pub every_node_valued: &'static str,
    pub after_children: &'static str,
    pub left_to_right: &'static str,
    pub mark_too_many: &'static str,
    pub leaves_stop: &'static str,
    pub last_child: &'static str,
    pub pruned_lists_only: &'static str,
    pub leaves_lists_only: &'static str,
    pub prunes_nothing_more: &'static str,
    /// The value line's point of view under negamax.
    pub max_view: &'static str,
    pub never_ends: &'static str,
    pub rounded_to: &'static str,
    /// Why the items of a key line cannot be read.
    /// {meant} is the name meant, where only the case differs.
    pub unknown_node: &'static str,
    pub one_move: &'static str,
    pub one_number: &'static str,
    pub lists_nothing: &'static str,
    pub value_in_list: &'static str,
    pub malformed: &'static str,
    pub not_a_number: &'static str,
}

const ENGLISH_EXPLANATIONS: Explanations = Explanations {
    pruned: "{node} is pruned: {cut}",
    pruned_above: "{node} is never searched: {above} is pruned: {cut}",
    below_depth_limit: "{node} is never searched: it lies below the depth limit",
    is_root: "{node} is the root",
    first_child: "{node} is searched: it is the first child of {parent}",
    never_prunes: "{node} is searched: {algorithm} never prunes",
    test_fails: "{node} is searched: at {parent} ({player}) after {child}={value}, {test} does not hold",
    cut_after: "at {node} ({player}) after {child}={value}, {test}",
    cut_at: "at {node} ({player}), {test}",
    cutoff_here: "a cutoff happens here: {cut}: prune {nodes}",
    no_further_cutoff: "the search has no further cutoff",
    root_is_leaf: "the root {node} is a leaf: there is no move",
    best_move: "the best move is the first child of {node} ({player}) whose value beats every earlier one's: {values}",
    recalled: "{node} is not searched again: an earlier pass proved {node}{relation}{value}",
    in_table: "{node} is not searched again: the transposition table holds {node}{relation}{value}",
    leaf_worth: "{node} is a leaf worth {value}",
    at_depth_limit: "{node} is evaluated at the depth limit: {value}",
    chance: "{node} (CHANCE) takes the average of its children's values, weighted by their probabilities: {values}, so {value}",
    takes: "{node} ({player}) {start}{rule}: {values}, so {value}{bound}",
    largest: "takes the largest value of its children",
    smallest: "takes the smallest value of its children",
    largest_seen: "takes the largest of its children's values as it sees them (negated where the player changes)",
    is_lower_bound: ", a lower bound",
    is_upper_bound: ", an upper bound",
    moved_value: "{value} from its side, {moved} from the side that moved into it",
    starts_at: "starts at its {bound}={value} and ",
    clamped: "{best}, clamped into alpha={alpha} beta={beta}: {value}",
    listed_twice: "{item} is listed twice (items {first} and {second}): each node is listed once",
    order_stops: "the order stops after {given} of {total} items; next {why}",
    every_node_valued: "the search has given every node its value by then",
    after_children: "{node} gets its value only after its children {children}: a node is listed once the last of its searched children has its value",
    left_to_right: "children are searched left to right: {sibling}, left of {node} under {parent}, gets its value first",
    mark_too_many: "one # too many: each cutoff is marked once",
    leaves_stop: "the leaves stop after {given} of {total} items",
    last_child: "{leaf} is the last child of {parent}: a cutoff there would skip nothing, so the search marks none",
    pruned_lists_only: "{why}; `pruned` lists only the children a cutoff skips",
    leaves_lists_only: "{why}; `leaves` lists only the nodes the search evaluates",
    prunes_nothing_more: "the search prunes nothing more",
    max_view: "{why}; the value line gives it from MAX's point of view: {value}",
    never_ends: "{value} never ends in decimals: write it as a fraction, or rounded to two places or more ({rounded})",
    rounded_to: "{value} rounded to {places} places is {rounded}",
    unknown_node: "no node is named {word}{meant}",
    one_move: "{key} takes one node name (or {nothing}), got {got}",
    one_number: "{key} takes one number, got {got}",
    lists_nothing: "{key} lists nothing",
    value_in_list: "{key} names nodes only, without values: {got}",
    malformed: "malformed item {got}: expected name:value",
    not_a_number: "expected a number, got {got}",
};

const GERMAN_EXPLANATIONS: Explanations = Explanations {
    pruned: "{node} wird abgeschnitten: {cut}",
    pruned_above: "{node} wird nie durchsucht: {above} wird abgeschnitten: {cut}",
    below_depth_limit: "{node} wird nie durchsucht: er liegt unter der Tiefengrenze",
    is_root: "{node} ist die Wurzel",
    first_child: "{node} wird durchsucht: er ist das erste Kind von {parent}",
    never_prunes: "{node} wird durchsucht: {algorithm} schneidet nie ab",
    test_fails: "{node} wird durchsucht: bei {parent} ({player}) nach {child}={value} gilt {test} nicht",
    cut_after: "bei {node} ({player}) nach {child}={value}: {test}",
    cut_at: "bei {node} ({player}): {test}",
    cutoff_here: "hier wird abgeschnitten: {cut}: schneide {nodes} ab",
    no_further_cutoff: "die Suche schneidet nicht mehr ab",
    root_is_leaf: "die Wurzel {node} ist ein Blatt: es gibt keinen Zug",
    best_move: "der beste Zug ist das erste Kind von {node} ({player}), dessen Wert jeden fr\u{fc}heren schl\u{e4}gt: {values}",
    recalled: "{node} wird nicht erneut durchsucht: ein fr\u{fc}herer Durchgang hat {node}{relation}{value} gezeigt",
    in_table: "{node} wird nicht erneut durchsucht: die Transpositionstabelle enth\u{e4}lt {node}{relation}{value}",
    leaf_worth: "{node} ist ein Blatt mit dem Wert {value}",
    at_depth_limit: "{node} wird an der Tiefengrenze bewertet: {value}",
    chance: "{node} (CHANCE) nimmt den Mittelwert der Werte seiner Kinder, gewichtet mit ihren Wahrscheinlichkeiten: {values}, also {value}",
    takes: "{node} ({player}) {start}{rule}: {values}, also {value}{bound}",
    largest: "nimmt den gr\u{f6}\u{df}ten Wert seiner Kinder",
    smallest: "nimmt den kleinsten Wert seiner Kinder",
    largest_seen: "nimmt den gr\u{f6}\u{df}ten Wert seiner Kinder aus seiner Sicht (negiert, wo der Spieler wechselt)",
    is_lower_bound: ", eine untere Schranke",
    is_upper_bound: ", eine obere Schranke",
    moved_value: "{value} aus seiner Sicht, {moved} aus Sicht des Spielers, der in ihn gezogen hat",
    starts_at: "beginnt bei seinem {bound}={value} und ",
    clamped: "{best}, ins Fenster alpha={alpha} beta={beta} geklemmt: {value}",
    listed_twice: "{item} steht zweimal da (Eintr\u{e4}ge {first} und {second}): jeder Knoten steht einmal da",
    order_stops: "die Reihenfolge endet nach {given} von {total} Eintr\u{e4}gen; als N\u{e4}chstes: {why}",
    every_node_valued: "die Suche hat dann schon jedem Knoten seinen Wert gegeben",
    after_children: "{node} erh\u{e4}lt seinen Wert erst nach seinen Kindern {children}: ein Knoten steht da, sobald das letzte seiner durchsuchten Kinder seinen Wert hat",
    left_to_right: "Kinder werden von links nach rechts durchsucht: {sibling}, links von {node} unter {parent}, erh\u{e4}lt seinen Wert zuerst",
    mark_too_many: "ein # zu viel: jeder Cutoff wird einmal markiert",
    leaves_stop: "die Bl\u{e4}tter enden nach {given} von {total} Eintr\u{e4}gen",
    last_child: "{leaf} ist das letzte Kind von {parent}: ein Cutoff dort w\u{fc}rde nichts \u{fc}berspringen, also markiert die Suche keinen",
    pruned_lists_only: "{why}; `abgeschnitten` nennt nur die Kinder, die ein Cutoff \u{fc}berspringt",
    leaves_lists_only: "{why}; `Bl\u{e4}tter` nennt nur die Knoten, die die Suche bewertet",
    prunes_nothing_more: "die Suche schneidet nichts weiter ab",
    max_view: "{why}; die Wert-Zeile gibt ihn aus Sicht von MAX an: {value}",
    never_ends: "{value} hat unendlich viele Nachkommastellen: schreiben Sie ihn als Bruch oder auf zwei oder mehr Stellen gerundet ({rounded})",
    rounded_to: "{value} auf {places} Stellen gerundet ist {rounded}",
    unknown_node: "kein Knoten hei\u{df}t {word}{meant}",
    one_move: "{key} nimmt einen Knotennamen (oder {nothing}), nicht {got}",
    one_number: "{key} nimmt eine Zahl, nicht {got}",
    lists_nothing: "{key} nennt nichts",
    value_in_list: "{key} nennt nur Knoten, ohne Werte: {got}",
    malformed: "Eintrag {got} hat nicht die Form Name:Wert",
    not_a_number: "{got} ist keine Zahl",
};

/// `template` with each `{name}` replaced by its value in `values`, in one
/// pass (a value that holds `{node}` is not replaced again); a name not
/// given is kept as written.
pub fn fill(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut pieces = template.split('{');
    let mut filled = pieces.next().unwrap_or_default().to_string();
    for piece in pieces {
        let given = piece.split_once('}').and_then(|(name, rest)| {
            values.iter().find(|(wanted, _)| *wanted == name).map(|(_, value)| (value, rest))
        });
        match given {
            Some((value, rest)) => filled += &format!("{value}{rest}"),
            None => filled += &format!("{{{piece}"),
        }
    }
    filled
}

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

    #[test]
    fn templates_are_filled_in_one_pass() {
        let template = "{node} is a leaf worth {value} {unknown}";
        let filled = fill(template, &[("node", &"{value}"), ("value", &3)]);
        assert_eq!(filled, "{value} is a leaf worth 3 {unknown}");
        assert_eq!(fill("{ a {node", &[("node", &"b")]), "{ a {node");
    }
}
