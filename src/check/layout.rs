//! The layout of an answer: which lines are answer lines, and which items
//! belong to which key. The rules, in the order they apply (docs/grading.md
//! lists them with an example each):
//!
//! 1. A line ends at `\n`, `\r\n` or a lone `\r`.
//! 2. `//` at the start of a line, or after a space, starts a comment to
//!    the end of the line, unless it starts a node's name (`//:0`, where
//!    a node is named `//`); blank lines are skipped.
//! 3. A key line is a key, in any language and case, followed by `:`, `=`
//!    or a space and its items. Around the key, Markdown heading and quote
//!    marks, list bullets and numbering (`1.`, `3a)`, `b)`) and emphasis
//!    (`**order:**`) are ignored.
//! 4. A key line without items takes them from the following lines, and a
//!    line of a list (`order`, `leaves`, `pruned`) may wrap onto the next:
//!    a line that is not a key line and reads as items of the key above
//!    continues it.
//! 5. A line whose key names who wrote the answer (`Name: ...`,
//!    `Matr.-Nr.: ...`) is skipped silently. Any other line is skipped,
//!    with a warning that names it; so is a key given a second time.
//! 6. An answer is unreadable only when no line of it is a key line.
//!
//! Reading is linear in the answer's length: a key is looked for only in
//! a line's first [`LONGEST_KEY`] bytes.

use super::classroom::{self, AnswerError, Items, Key, Line, Names, quote};
use crate::lang::Lang;
use crate::tree::Tree;

/// No key spelling is longer (the lecture's longest is 55 bytes).
const LONGEST_KEY: usize = 80;

/// A line of the answer that is not read.
#[derive(Clone, Debug, PartialEq)]
pub struct Skipped {
    pub line: usize,
    pub why: Why,
}

/// Why a line is not read.
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// `text: ...` where `text` is no key.
    UnknownKey(String),
    /// No key, and not items of the key above.
    NotAnswer(String),
    /// The key was given before, on line `first`.
    Twice { key: Key, first: usize },
    /// The exercise does not ask for the key.
    NotAsked(Key),
}

impl Skipped {
    /// `line 3 skipped: ...`, in `lang`.
    pub fn describe(&self, lang: Lang) -> String {
        let (words, said) = (lang.words(), lang.words().verdict);
        let key = |key: Key| format!("{:?}", words.keys[key.index()]);
        let why = match &self.why {
            Why::UnknownKey(text) => Key::unknown(text, lang),
            Why::NotAnswer(text) => format!("{} {}", quote(text), said.not_an_answer_line),
            Why::Twice { key: k, first } => {
                format!("{} {} ({} {first})", key(*k), said.given_twice, said.first_on_line)
            }
            Why::NotAsked(k) => format!("{} {}", key(*k), said.not_asked),
        };
        format!("{} {} {}: {why}", said.line, self.line, said.skipped)
    }
}

/// An answer's classroom lines as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The keys given, sorted by key.
    pub lines: Vec<Line>,
    pub skipped: Vec<Skipped>,
    /// The language of the first key.
    pub lang: Lang,
}

/// Reads the classroom lines of an answer about `tree`.
pub fn parse(text: &str, tree: &Tree) -> Result<Reading, AnswerError> {
    let mut reader = Reader {
        names: Names::of(tree),
        lines: Vec::new(),
        skipped: Vec::new(),
        open: None,
        lang: None,
    };
    for (index, raw) in physical_lines(text).enumerate() {
        let line = without_comment(raw, |word| reader.names.has(word));
        if !line.is_empty() {
            reader.take(index + 1, line);
        }
    }
    reader.finish()
}

/// The lines of `text`, each ended by `\n`, `\r\n` or `\r`.
fn physical_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'))
}

/// A line without its comment and the spaces around it: from a `//` at
/// the start or after a space, unless the word there, or its part before a
/// `:` or `=`, is a name (`is_name`).
fn without_comment(line: &str, is_name: impl Fn(&str) -> bool) -> &str {
    let names_a_node = |rest: &str| {
        let word = rest.split([' ', '\t', ',', ';']).next().unwrap_or_default();
        is_name(word) || word.split([':', '=']).next().is_some_and(&is_name)
    };
    let comment = line.match_indices("//").find(|&(at, _)| {
        (at == 0 || line[..at].ends_with(char::is_whitespace)) && !names_a_node(&line[at..])
    });
    comment.map_or(line, |(at, _)| &line[..at]).trim()
}

/// A key being read, with its items so far.
struct Block {
    key: Key,
    number: usize,
    text: String,
    /// A key given before: read on, but not graded.
    discard: bool,
}

struct Reader<'t> {
    names: Names<'t>,
    lines: Vec<Line>,
    skipped: Vec<Skipped>,
    open: Option<Block>,
    lang: Option<Lang>,
}

impl Reader<'_> {
    fn take(&mut self, number: usize, line: &str) {
        if let Some((key, lang, rest)) = self.key_line(line) {
            self.close();
            self.lang.get_or_insert(lang);
            let first = self.lines.iter().find(|given| given.key == key).map(|given| given.number);
            if let Some(first) = first {
                self.skipped.push(Skipped { line: number, why: Why::Twice { key, first } });
            }
            let text = rest.to_string();
            self.open = Some(Block { key, number, text, discard: first.is_some() });
            return;
        }
        if let Some(block) = &mut self.open
            && classroom::continues(block.key, &block.text, line, &self.names)
        {
            block.text.push(' ');
            block.text.push_str(line);
            return;
        }
        match why_skipped(line) {
            Why::UnknownKey(key) if classroom::is_name_field(&key) => {}
            why => self.skipped.push(Skipped { line: number, why }),
        }
    }

    /// The key `line` starts with, its language, and the rest of the line.
    /// A key phrase followed by a space whose items do not read is no key
    /// line: `best mvoe: b` is a misspelt key, not `best` and `mvoe: b`.
    fn key_line<'l>(&self, line: &'l str) -> Option<(Key, Lang, &'l str)> {
        let plain = undecorated(line);
        // `**order:** e`: the marks right before the key close it; an item
        // that starts with a mark (`best move: *gk`) keeps it.
        let before = &line[..line.len() - plain.len()];
        let opening = &before[before.trim_end_matches(['*', '_']).len()..];
        let items = move |rest: &'l str| {
            let rest = rest.trim();
            rest.strip_prefix(opening).filter(|_| !opening.is_empty()).unwrap_or(rest).trim()
        };
        let line = plain;
        let separated = line.find([':', '=']).filter(|&at| at <= LONGEST_KEY).and_then(|at| {
            let (key, lang) = Key::parse(line[..at].trim_end_matches(['*', '_']))?;
            Some((key, lang, items(&line[at + 1..])))
        });
        separated.or_else(|| {
            let mut ends: Vec<usize> = (line.char_indices())
                .take_while(|&(at, _)| at <= LONGEST_KEY)
                .filter(|&(_, c)| c.is_whitespace())
                .map(|(at, _)| at)
                .collect();
            ends.extend(Some(line.len()).filter(|&len| len <= LONGEST_KEY));
            ends.iter().rev().find_map(|&end| {
                let (key, lang) = Key::parse(&line[..end])?;
                let rest = items(&line[end..]);
                classroom::parse_items(key, rest, &self.names).ok()?;
                Some((key, lang, rest))
            })
        })
    }

    /// Ends the key being read.
    fn close(&mut self) {
        let Some(block) = self.open.take() else { return };
        if block.discard {
            return;
        }
        let items =
            classroom::parse_items(block.key, &block.text, &self.names).unwrap_or_else(|reason| {
                Items::Unreadable { text: classroom::shown(block.text.trim()), reason }
            });
        self.lines.push(Line { key: block.key, number: block.number, items });
    }

    fn finish(mut self) -> Result<Reading, AnswerError> {
        self.close();
        let lang = self.lang.unwrap_or_default();
        if self.lines.is_empty() {
            return Err(match self.skipped.first() {
                Some(skipped) => AnswerError {
                    line: Some(skipped.line),
                    message: format!("{}; no line is an answer line", why_text(skipped, lang)),
                },
                None => AnswerError::whole(
                    "no answer lines: expected lines such as `order: ...`, `leaves: ...`, `pruned: ...`, `best move: ...`, `value: ...`",
                ),
            });
        }
        self.lines.sort_by_key(|line| line.key);
        Ok(Reading { lines: self.lines, skipped: self.skipped, lang })
    }
}

/// A skipped line's reason alone, without `line N skipped:`.
fn why_text(skipped: &Skipped, lang: Lang) -> String {
    let described = skipped.describe(lang);
    let at = described.find(": ").map_or(0, |at| at + 2);
    described[at..].to_string()
}

/// Why a line that is no key line and continues no key is skipped.
fn why_skipped(line: &str) -> Why {
    let plain = undecorated(line);
    match plain.find([':', '=']) {
        Some(at) if at > 0 && at <= LONGEST_KEY => {
            Why::UnknownKey(plain[..at].trim_end_matches(['*', '_']).to_string())
        }
        _ => Why::NotAnswer(line.to_string()),
    }
}

/// A line without what notes put before a key: Markdown heading and quote
/// marks, list bullets, numbering (`1.`, `12)`, `3a)`, `b)`) and emphasis.
fn undecorated(line: &str) -> &str {
    let mut rest = line;
    loop {
        let stripped = rest.trim_start_matches(['#', '>', '*', '_', '-', '+']).trim_start();
        let stripped = without_numbering(stripped);
        if stripped.len() == rest.len() {
            return rest;
        }
        rest = stripped;
    }
}

/// `1. order` without `1. `: digits with at most one letter, or one
/// letter, then `.` or `)` and a space.
fn without_numbering(line: &str) -> &str {
    let label = line.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(line.len());
    let (digits, letters) =
        line[..label].split_at(line[..label].find(|c: char| !c.is_ascii_digit()).unwrap_or(label));
    let numbered = (digits.len() <= 3 && letters.len() <= 1 && label > 0)
        && (letters.chars().all(|c| c.is_ascii_lowercase()))
        && (!digits.is_empty() || letters.len() == 1);
    let rest = &line[label..];
    match rest.strip_prefix(['.', ')']) {
        Some(after) if numbered && after.starts_with(char::is_whitespace) => after.trim_start(),
        _ => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::LeafMark;
    use crate::bounds::ValueKind;
    use crate::check::classroom::Claim;
    use crate::num::Written;
    use crate::tree::{Naming, Overrides};

    /// A whole number as an answer writes it.
    fn whole(value: f64) -> Written {
        Written { value: crate::num::Value::decimal(value), places: Some(0) }
    }

    fn aima() -> Tree {
        crate::tree::parse(b"[[3,12,8],[2,4,6],[14,5,2]]", Naming::Letters, Overrides::default())
            .unwrap()
    }

    fn keys(text: &str) -> Vec<Key> {
        parse(text, &aima()).unwrap().lines.iter().map(|line| line.key).collect()
    }

    fn skipped(text: &str) -> Vec<String> {
        let reading = parse(text, &aima()).unwrap();
        reading.skipped.iter().map(|s| s.describe(reading.lang)).collect()
    }

    #[test]
    fn reads_keys_in_any_case_and_order_with_commas_and_comments() {
        let tree = aima();
        let text = "// student 7\n\nBest: b\nORDER: e:3, f:12  g:8\nleaves: e f # k\n";
        let reading = parse(text, &tree).unwrap();
        assert_eq!(keys(text), [Key::Order, Key::Leaves, Key::BestMove]);
        assert_eq!((reading.lines[0].number, reading.lang), (4, Lang::En));
        let Items::Order(order) = &reading.lines[0].items else { panic!("an order line") };
        let twelve = Some(Claim { value: whole(12.0), bound: None });
        assert_eq!(order[1], (tree.name_index()["f"], twelve));
        let Items::Leaves(leaves) = &reading.lines[1].items else { panic!("a leaves line") };
        assert_eq!(leaves[2], LeafMark::Cutoff);
    }

    #[test]
    fn a_key_alone_takes_its_items_from_the_next_lines_and_lists_wrap() {
        let text = "Reihenfolge, in der die Knoten ihre Bewertung erhalten:\n\ne:3 f:12\ng:8 b:3\nbester Zug:\nb\nc\n";
        let reading = parse(text, &aima()).unwrap();
        let Items::Order(order) = &reading.lines[0].items else { panic!("an order line") };
        assert_eq!((order.len(), reading.lang), (4, Lang::De));
        let b = aima().name_index()["b"];
        assert_eq!(reading.lines[1].items, Items::BestMove(Some(b)));
        assert_eq!(skipped(text), ["Zeile 7 \u{fc}bersprungen: \"c\" ist keine Antwortzeile"]);
        let leaves = "Reihenfolge des Blattbesuchs, # f\u{fc}r pruning:\nk l m # e\n";
        assert_eq!(keys(leaves), [Key::Leaves]);
        assert_eq!(keys("pruned:\ni j\nvalue:\n\n3"), [Key::Pruned, Key::Value]);
    }

    #[test]
    fn lines_end_at_cr_lf_and_crlf() {
        let text = "order: e\rleaves: e\r\npruned: i\nvalue: 3\r";
        let reading = parse(text, &aima()).unwrap();
        let numbers: Vec<usize> = reading.lines.iter().map(|line| line.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
    }

    #[test]
    fn decorations_around_a_key_are_ignored_and_other_lines_skipped() {
        for text in [
            "1. order: e",
            "12) order: e",
            "3a) order: e",
            "b) order: e",
            "**order:** e",
            "**order**: e",
            "__order__: e",
            "- order: e",
            "* order: e",
            "+ order: e",
            "> order: e",
            "## order: e",
            "order: e // a comment",
        ] {
            assert_eq!(keys(text), [Key::Order], "{text}");
        }
        // A name may start with an emphasis mark where no emphasis opens.
        let star = crate::tree::parse(
            br#"{"root": "r", "children": {"r": ["*b", "c"]}, "values": {"*b": 1, "c": 2}}"#,
            Naming::Letters,
            Overrides::default(),
        )
        .unwrap();
        for text in ["best move: *b", "**best move:** *b", "* best move: *b", "_best move:_ *b"] {
            let b = star.name_index()["*b"];
            let reading = parse(text, &star).unwrap();
            assert_eq!(reading.lines[0].items, Items::BestMove(Some(b)), "{text}");
        }
        // A name line (line 2) is skipped without a warning.
        let text = "# Aufgabe 3\nName: Ada\nAufgabe 3a)\norder: e\n1234) value: 3\nab) value: 3";
        assert_eq!(
            skipped(text),
            [
                "line 1 skipped: \"# Aufgabe 3\" is not an answer line",
                "line 3 skipped: \"Aufgabe 3a)\" is not an answer line",
                "line 5 skipped: unknown key \"1234) value\"; the keys are order, leaves, pruned, best move and value",
                "line 6 skipped: unknown key \"ab) value\"; the keys are order, leaves, pruned, best move and value",
            ]
        );
        // A comment needs a space before it: a//b is one word.
        let none = |_: &str| false;
        assert_eq!(without_comment("a//b // c", none), "a//b");
        assert_eq!(without_comment("// c", none), "");
        // A node may be named `//`: its items are no comment.
        let slashes = |word: &str| word == "//";
        assert_eq!(without_comment("order: c:0 //:0 r:0", slashes), "order: c:0 //:0 r:0");
        assert_eq!(without_comment("leaves: // e //note", slashes), "leaves: // e");
    }

    #[test]
    fn a_key_twice_and_misspelt_keys_are_skipped_named() {
        assert_eq!(
            skipped("order: e:3\norder: f:12\nf"),
            ["line 2 skipped: \"order\" is given twice (first on line 1)"]
        );
        let misspelt = skipped("leafs: e\nbest move: b\nBest  Mvoe: b");
        assert!(misspelt[0].starts_with(
            "line 1 skipped: unknown key \"leafs\" (did you mean \"leaves\"?); the keys are"
        ));
        assert!(misspelt[1].starts_with(
            "line 3 skipped: unknown key \"Best Mvoe\" (did you mean \"best move\"?)"
        ));
        let error = parse("leafs: e\n", &aima()).unwrap_err().to_string();
        assert!(error.starts_with("line 1: unknown key \"leafs\""), "{error}");
        assert!(error.ends_with("; no line is an answer line"), "{error}");
        let error = parse("// nothing\n\n", &aima()).unwrap_err().to_string();
        assert!(error.starts_with("no answer lines"), "{error}");
    }

    #[test]
    fn items_that_do_not_read_make_their_key_wrong() {
        let tree = aima();
        let reason = |text: &str| match &parse(text, &tree).unwrap().lines[0].items {
            Items::Unreadable { reason, .. } => reason.describe(Lang::En),
            other => panic!("{other:?}"),
        };
        assert_eq!(reason("pruned: x"), "no node is named \"x\"");
        assert_eq!(reason("pruned: I"), "no node is named \"I\" (did you mean \"i\"?)");
        assert_eq!(reason("order: e:three"), "expected a number, got \"three\"");
        assert_eq!(reason("order: :3"), "malformed item \":3\": expected name:value");
        assert_eq!(reason("order: c:<2"), "expected a number, got \"<2\"");
        assert_eq!(reason("order:"), "\"order\" lists nothing");
        assert_eq!(reason("order: e none"), "no node is named \"none\"");
        assert_eq!(
            reason("best move: b c"),
            "\"best move\" takes one node name (or none), got \"b c\""
        );
        assert_eq!(reason("value: 3 4"), "\"value\" takes one number, got \"3 4\"");
        let long = "x".repeat(300);
        assert_eq!(
            reason(&format!("pruned: {long}")),
            format!("no node is named \"{}\"… (300 bytes)", &long[..200])
        );
    }

    #[test]
    fn reads_what_a_human_grader_reads() {
        let tree = aima();
        let id = |name: &str| tree.name_index()[name];
        let text = "order = e=3; f: 12 ; g = 8\nbest_move b\nValue = 3\npruned: -";
        let lines = parse(text, &tree).unwrap().lines;
        let exact = |value| Some(Claim { value: whole(value), bound: None });
        let order = vec![(id("e"), exact(3.0)), (id("f"), exact(12.0)), (id("g"), exact(8.0))];
        assert_eq!(lines[0].items, Items::Order(order));
        assert_eq!(lines[1].items, Items::Pruned(Vec::new()));
        assert_eq!(lines[2].items, Items::BestMove(Some(id("b"))));
        assert_eq!(lines[3].items, Items::Value(whole(3.0)));
        for best in ["best-move: b", "bestmove: b", "BEST MOVE b", "best = b", "best move \"b\""] {
            let lines = parse(best, &tree).unwrap().lines;
            assert_eq!(lines[0].items, Items::BestMove(Some(id("b"))), "{best}");
        }
        for nothing in [
            "pruned:\nbest move:",
            "pruned: \u{2014}\nbest move: -",
            "pruned: none\nbest move: none",
        ] {
            let lines = parse(nothing, &tree).unwrap().lines;
            let items = [&lines[0].items, &lines[1].items];
            assert_eq!(items, [&Items::Pruned(vec![]), &Items::BestMove(None)], "{nothing}");
        }
        let lines = parse("order (inner nodes): none", &tree).unwrap().lines;
        assert_eq!(lines[0].items, Items::Order(Vec::new()));
    }

    #[test]
    fn bounds_read_as_the_diagrams_print_them() {
        let tree = aima();
        let id = |name: &str| tree.name_index()[name];
        let upper = Some(Claim { value: whole(2.0), bound: Some(ValueKind::Upper) });
        let lower = Some(Claim { value: whole(5.0), bound: Some(ValueKind::Lower) });
        for text in ["c:\u{2264}2", "c:<=2", "c<=2", "c = <=2", "c\u{2264}2", "c: \u{2264} 2"] {
            let lines = parse(&format!("order: {text}"), &tree).unwrap().lines;
            assert_eq!(lines[0].items, Items::Order(vec![(id("c"), upper)]), "{text}");
        }
        for text in ["d:\u{2265}5", "d>=5", "d: >= 5"] {
            let lines = parse(&format!("order: {text}"), &tree).unwrap().lines;
            assert_eq!(lines[0].items, Items::Order(vec![(id("d"), lower)]), "{text}");
        }
    }

    #[test]
    fn the_lecture_notes_german_lines_read_long_and_short() {
        let text = "Reihenfolge, in der die Knoten ihre Bewertung erhalten: e:3 f:12\n\
                    Reihenfolge des Blattbesuchs, # f\u{fc}r pruning: e f g h #\n\
                    ABGESCHNITTEN: i j\nbester Zug: b\nWert: 3";
        assert_eq!(keys(text), Key::ALL);
        let short = "Reihenfolge des Blattbesuchs: e\nPruning: i\nWurzelwert: 3";
        assert_eq!(keys(short), [Key::Leaves, Key::Pruned, Key::Value]);
        assert_eq!(keys("besuchte Bl\u{e4}tter: e\nWert der Wurzel: 3"), [Key::Leaves, Key::Value]);
    }

    #[test]
    fn a_long_line_is_read_once() {
        // Linear: each line is searched for a key in its first bytes only.
        let line = "leafs: ".to_string() + &"f ".repeat(100_000);
        let reading = parse(&format!("{line}\nbest move: b"), &aima()).unwrap();
        assert_eq!(reading.skipped.len(), 1);
        let line = "f ".repeat(100_000);
        let described = skipped(&format!("{line}\nbest move: b"));
        assert!(
            described[0].ends_with("… (199999 bytes) is not an answer line"),
            "{}",
            &described[0][..40]
        );
    }
}
