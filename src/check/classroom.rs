//! Reading an answer written in classroom lines:
//!
//! ```text
//! // Ada Lovelace, exercise 3
//! Order: e:3, f:12, g:8, b:3, h:2, c:2, k:14, l:5, m:2, d:2, a:3
//! leaves: e f g h # k l m
//! pruned: i j
//! best: b
//! ```
//!
//! Any subset of `order`, `leaves`, `pruned`, `best move` (or `best`,
//! `best_move`, `best-move`, `bestmove`) and `value`, in any order; keys in
//! any case, followed by `:`, `=` or just a space; items separated by
//! spaces, commas or semicolons; `e:3`, `e=3`, `e: 3` alike; `none`, `-`,
//! `—` or nothing for no node; blank lines and lines starting with `//` are
//! ignored. `#` marks a cutoff inside `leaves`; it is not a comment.

use std::collections::HashMap;
use std::fmt;

use crate::answer::LeafMark;
use crate::bounds::ValueKind;
use crate::notation::Notation;
use crate::num::Written;
use crate::tree::{NodeId, Tree};
use crate::{lang, spelling};

/// The keys of the classroom lines, in the order the tool prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    Order,
    Leaves,
    Pruned,
    BestMove,
    Value,
}

impl Key {
    /// The key as the tool writes it.
    pub fn name(self) -> &'static str {
        match self {
            Key::Order => "order",
            Key::Leaves => "leaves",
            Key::Pruned => "pruned",
            Key::BestMove => "best move",
            Key::Value => "value",
        }
    }

    /// Every key, in the order of the language tables' `keys`.
    pub const ALL: [Key; 5] = [Key::Order, Key::Leaves, Key::Pruned, Key::BestMove, Key::Value];

    /// The key `text` names, in any language and spelling.
    fn parse(text: &str) -> Option<Key> {
        lang::key_index(text).map(|index| Key::ALL[index])
    }

    /// The key a line starts with, the rest of the line, and whether the
    /// key was found without a separator: `key: items`, `key = items`, or
    /// `key items` where the line begins with a known key phrase.
    fn split(line: &str) -> Option<(Key, &str, bool)> {
        let separated = line.find([':', '=']).and_then(|at| {
            let key = Key::parse(&line[..at])?;
            Some((key, &line[at + 1..], false))
        });
        separated.or_else(|| {
            let mut ends: Vec<usize> =
                line.match_indices(char::is_whitespace).map(|(at, _)| at).collect();
            ends.push(line.len());
            ends.iter().rev().find_map(|&end| Some((Key::parse(&line[..end])?, &line[end..], true)))
        })
    }

    /// The error for a line whose key is none of these, with the key that
    /// was probably meant.
    fn unknown(text: &str) -> String {
        let words: Vec<&str> = text.split_whitespace().collect();
        let text = words.join(" ");
        let suggestion = spelling::did_you_mean(spelling::nearest(&text, lang::all_keys()));
        format!(
            "unknown key {text:?}{suggestion}; the keys are order, leaves, pruned, best move (or best) and value"
        )
    }
}

/// What an answer says a node's value is: `3`, or only a bound, `≤2`
/// (`<=2`) or `≥5` (`>=5`), as the diagrams print fail-soft bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Claim {
    pub value: Written,
    /// `Upper` for `≤`, `Lower` for `≥`; none for a bare value.
    pub bound: Option<ValueKind>,
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = self.bound.map_or("", |kind| Notation::Symbols.bound_sign(kind));
        write!(f, "{sign}{}", self.value)
    }
}

/// What one line of an answer says.
#[derive(Clone, Debug, PartialEq)]
pub enum Items {
    /// Nodes in the order they receive their values, with the value where given.
    Order(Vec<(NodeId, Option<Claim>)>),
    Leaves(Vec<LeafMark>),
    Pruned(Vec<NodeId>),
    BestMove(Option<NodeId>),
    Value(Written),
}

/// One line of an answer, with its 1-based line number.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub key: Key,
    pub number: usize,
    pub items: Items,
}

/// Why an answer cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    pub line: Option<usize>,
    pub message: String,
}

impl AnswerError {
    /// An error about the whole answer, not one line of it.
    pub fn whole(message: impl Into<String>) -> AnswerError {
        AnswerError { line: None, message: message.into() }
    }
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Reads the classroom lines of an answer about `tree`, sorted by key.
pub fn parse(text: &str, tree: &Tree) -> Result<Vec<Line>, AnswerError> {
    let names = tree.name_index();
    let mut lines: Vec<Line> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with("//") {
            continue;
        }
        let fail = |message: String| AnswerError { line: Some(number), message };
        // A misspelt key before a separator is reported as such, unless the
        // line reads as a known key phrase followed by items.
        let misspelt = |key_text: &str| fail(Key::unknown(key_text));
        let separated = content.split_once([':', '=']);
        let Some((key, rest, guessed)) = Key::split(content) else {
            return Err(match separated {
                Some((key_text, _)) => misspelt(key_text),
                None => fail(format!("expected `key: items`, got {content:?}")),
            });
        };
        let items = match (parse_items(key, rest, &names), separated) {
            (Err(_), Some((key_text, _))) if guessed => return Err(misspelt(key_text)),
            (items, _) => items.map_err(fail)?,
        };
        if let Some(earlier) = lines.iter().find(|line| line.key == key) {
            return Err(fail(format!(
                "{:?} is given twice (first on line {})",
                key.name(),
                earlier.number
            )));
        }
        lines.push(Line { key, number, items });
    }
    if lines.is_empty() {
        return Err(AnswerError {
            line: None,
            message: "no answer lines: expected lines such as `order: ...`, `leaves: ...`, `pruned: ...`, `best move: ...`, `value: ...`".into(),
        });
    }
    lines.sort_by_key(|line| line.key);
    Ok(lines)
}

/// `no node is named "b"`, with the name meant when only the case differs:
/// trees drawn with `A`, `B`, ... are often answered in lower case.
fn unknown_node(word: &str, names: &HashMap<&str, NodeId>) -> String {
    let wanted: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
    let meant = names
        .iter()
        .filter(|(name, _)| name.chars().flat_map(char::to_lowercase).eq(wanted.iter().copied()))
        .min_by_key(|&(_, &id)| id)
        .map(|(&name, _)| name);
    format!("no node is named {word:?}{}", spelling::did_you_mean(meant))
}

/// Whether `word` says "no node": no name can be one of these.
fn is_nothing(word: &str) -> bool {
    word.eq_ignore_ascii_case("none") || word == "-" || word == "\u{2014}"
}

/// The items of a line: separated by whitespace, commas or semicolons,
/// with `name = value` and `name: value` made `name:value`, and a bound
/// sign (`<=`, `≤`, `>=`, `≥`) kept with the value it bounds: `c: <= 2`
/// is `c:≤2`.
fn words(text: &str) -> Vec<String> {
    let mut joined = String::with_capacity(text.len());
    let mut pending_space = false;
    let mut chars = text.chars().peekable();
    while let Some(mut c) = chars.next() {
        // A comma between two digits is a decimal comma (`h:1,5`).
        let decimal_comma = c == ','
            && joined.ends_with(|d: char| d.is_ascii_digit())
            && chars.peek().is_some_and(char::is_ascii_digit);
        if c.is_whitespace() || (c == ',' && !decimal_comma) || c == ';' {
            pending_space = !joined.is_empty();
            continue;
        }
        if matches!(c, '<' | '>') && chars.peek() == Some(&'=') {
            chars.next();
            c = if c == '<' { '\u{2264}' } else { '\u{2265}' };
        }
        let binds = matches!(c, ':' | '=' | '\u{2264}' | '\u{2265}');
        if pending_space && !binds && !joined.ends_with([':', '\u{2264}', '\u{2265}']) {
            joined.push(' ');
        }
        pending_space = false;
        joined.push(if c == '=' { ':' } else { c });
    }
    joined.split(' ').filter(|word| !word.is_empty()).map(str::to_string).collect()
}

fn parse_items(key: Key, text: &str, names: &HashMap<&str, NodeId>) -> Result<Items, String> {
    let words = words(text);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let node = |word: &str| names.get(word).copied().ok_or_else(|| unknown_node(word, names));
    match key {
        // Only the order of inner nodes can be empty: a tree that is one leaf.
        Key::Order if matches!(words.as_slice(), [word] if is_nothing(word)) => {
            Ok(Items::Order(Vec::new()))
        }
        Key::Order => {
            nonempty(&words, key)?;
            words
                .iter()
                .map(|word| order_item(word, names))
                .collect::<Result<_, _>>()
                .map(Items::Order)
        }
        Key::Leaves => {
            nonempty(&words, key)?;
            let mark = |word: &&str| match *word {
                "#" => Ok(LeafMark::Cutoff),
                name => node(name).map(LeafMark::Leaf),
            };
            words.iter().map(mark).collect::<Result<_, _>>().map(Items::Leaves)
        }
        Key::Pruned => match words.as_slice() {
            [word] if is_nothing(word) => Ok(Items::Pruned(Vec::new())),
            _ => words.iter().map(|word| node(word)).collect::<Result<_, _>>().map(Items::Pruned),
        },
        Key::BestMove => match words.as_slice() {
            [] => Ok(Items::BestMove(None)),
            [word] if is_nothing(word) => Ok(Items::BestMove(None)),
            [name] => node(name).map(|n| Items::BestMove(Some(n))),
            _ => Err(format!("\"best move\" takes one node name (or none), got {:?}", text.trim())),
        },
        Key::Value => match words.as_slice() {
            [number] => parse_number(number).map(Items::Value),
            _ => Err(format!("\"value\" takes one number, got {:?}", text.trim())),
        },
    }
}

fn nonempty(words: &[&str], key: Key) -> Result<(), String> {
    if words.is_empty() { Err(format!("{:?} lists nothing", key.name())) } else { Ok(()) }
}

/// `e:3` or `e`, or with a bound: `c:≤2` or `c≤2` (the items arrive with
/// `<=` made `≤` and `=` made `:`).
fn order_item(
    word: &str,
    names: &HashMap<&str, NodeId>,
) -> Result<(NodeId, Option<Claim>), String> {
    let node = |name: &str| names.get(name).copied();
    let (name, value) = match word.split_once(':') {
        Some(("", _)) => return Err(format!("malformed item {word:?}: expected name:value")),
        Some((name, value)) => (name, Some(value)),
        None => match word.find(['\u{2264}', '\u{2265}']) {
            Some(at) if at > 0 => (&word[..at], Some(&word[at..])),
            _ => (word, None),
        },
    };
    let node = node(name).ok_or_else(|| unknown_node(name, names))?;
    Ok((node, value.map(claim).transpose()?))
}

/// A value, perhaps after a bound sign: `3`, `≤2`, `≥5`.
fn claim(text: &str) -> Result<Claim, String> {
    let signs = [("\u{2264}", ValueKind::Upper), ("\u{2265}", ValueKind::Lower)];
    let bounded = signs.iter().find_map(|&(sign, kind)| Some((text.strip_prefix(sign)?, kind)));
    match bounded {
        Some((rest, kind)) => Ok(Claim { value: parse_number(rest)?, bound: Some(kind) }),
        None => Ok(Claim { value: parse_number(text)?, bound: None }),
    }
}

fn parse_number(text: &str) -> Result<Written, String> {
    Written::parse(text).ok_or_else(|| format!("expected a number, got {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Naming, Overrides};

    /// A whole number as an answer writes it.
    fn whole(value: f64) -> Written {
        Written { value: crate::num::Value::decimal(value), places: Some(0) }
    }

    fn aima() -> Tree {
        crate::tree::parse(b"[[3,12,8],[2,4,6],[14,5,2]]", Naming::Letters, Overrides::default())
            .unwrap()
    }

    #[test]
    fn reads_keys_in_any_case_and_order_with_commas_and_comments() {
        let tree = aima();
        let text = "// student 7\n\nBest: b\nORDER: e:3, f:12  g:8\nleaves: e f # k\n";
        let lines = parse(text, &tree).unwrap();
        let keys: Vec<Key> = lines.iter().map(|line| line.key).collect();
        assert_eq!(keys, [Key::Order, Key::Leaves, Key::BestMove]);
        assert_eq!(lines[0].number, 4);
        let Items::Order(order) = &lines[0].items else { panic!("an order line") };
        assert_eq!(order.len(), 3);
        assert_eq!(
            order[1],
            (tree.name_index()["f"], Some(Claim { value: whole(12.0), bound: None }))
        );
        let Items::Leaves(leaves) = &lines[1].items else { panic!("a leaves line") };
        assert_eq!(leaves[2], LeafMark::Cutoff);
    }

    #[test]
    fn unreadable_answers_name_their_line() {
        let tree = aima();
        let error = |text: &str| parse(text, &tree).unwrap_err().to_string();
        assert_eq!(
            error("order: e:3\norder: f:12"),
            "line 2: \"order\" is given twice (first on line 1)"
        );
        assert_eq!(error("\npruned: x"), "line 2: no node is named \"x\"");
        assert_eq!(error("pruned: I"), "line 1: no node is named \"I\" (did you mean \"i\"?)");
        assert_eq!(error("order: e:three"), "line 1: expected a number, got \"three\"");
        assert_eq!(error("order: :3"), "line 1: malformed item \":3\": expected name:value");
        assert!(error("score: 3").starts_with("line 1: unknown key \"score\"; the keys are"));
        assert!(
            error("leafs: e")
                .starts_with("line 1: unknown key \"leafs\" (did you mean \"leaves\"?);")
        );
        assert!(
            error("Best  Mvoe: b")
                .starts_with("line 1: unknown key \"Best Mvoe\" (did you mean \"best move\"?);")
        );
        assert!(error("// nothing\n\n").starts_with("no answer lines"));
        assert_eq!(
            error("best move: b c"),
            "line 1: \"best move\" takes one node name (or none), got \"b c\""
        );
    }

    #[test]
    fn reads_what_a_human_grader_reads() {
        let tree = aima();
        let id = |name: &str| tree.name_index()[name];
        let text = "order = e=3; f: 12 ; g = 8\nbest_move b\nValue = 3\npruned: -";
        let lines = parse(text, &tree).unwrap();
        let exact = |value| Some(Claim { value: whole(value), bound: None });
        let order = vec![(id("e"), exact(3.0)), (id("f"), exact(12.0)), (id("g"), exact(8.0))];
        assert_eq!(lines[0].items, Items::Order(order));
        assert_eq!(lines[1].items, Items::Pruned(Vec::new()));
        assert_eq!(lines[2].items, Items::BestMove(Some(id("b"))));
        assert_eq!(lines[3].items, Items::Value(whole(3.0)));
        for best in ["best-move: b", "bestmove: b", "BEST MOVE b", "best = b"] {
            let lines = parse(best, &tree).unwrap();
            assert_eq!(lines[0].items, Items::BestMove(Some(id("b"))), "{best}");
        }
        let lines = parse("pruned:\nbest move:", &tree).unwrap();
        assert_eq!(
            [&lines[0].items, &lines[1].items],
            [&Items::Pruned(vec![]), &Items::BestMove(None)]
        );
        let lines = parse("pruned: \u{2014}\nbest move: -", &tree).unwrap();
        assert_eq!(
            [&lines[0].items, &lines[1].items],
            [&Items::Pruned(vec![]), &Items::BestMove(None)]
        );
    }

    #[test]
    fn bounds_read_as_the_diagrams_print_them() {
        let tree = aima();
        let id = |name: &str| tree.name_index()[name];
        let upper = Some(Claim { value: whole(2.0), bound: Some(ValueKind::Upper) });
        let lower = Some(Claim { value: whole(5.0), bound: Some(ValueKind::Lower) });
        for text in ["c:\u{2264}2", "c:<=2", "c<=2", "c = <=2", "c\u{2264}2", "c: \u{2264} 2"] {
            let lines = parse(&format!("order: {text}"), &tree).unwrap();
            assert_eq!(lines[0].items, Items::Order(vec![(id("c"), upper)]), "{text}");
        }
        for text in ["d:\u{2265}5", "d>=5", "d: >= 5"] {
            let lines = parse(&format!("order: {text}"), &tree).unwrap();
            let Items::Order(items) = &lines[0].items else { panic!("an order line") };
            assert_eq!(items[0], (id("d"), lower), "{text}");
        }
        let error = parse("order: c:<2", &tree).unwrap_err().to_string();
        assert_eq!(error, "line 1: expected a number, got \"<2\"");
        let error = parse("order: \u{2264}2", &tree).unwrap_err().to_string();
        assert_eq!(error, "line 1: no node is named \"\u{2264}2\"");
    }

    #[test]
    fn the_lecture_notes_german_lines_read() {
        let tree = aima();
        let text = "Reihenfolge, in der die Knoten ihre Bewertung erhalten: e:3 f:12\n\
                    Reihenfolge des Blattbesuchs, # f\u{fc}r pruning: e f g h #\n\
                    ABGESCHNITTEN: i j\nbester Zug: b\nWert: 3";
        let keys: Vec<Key> = parse(text, &tree).unwrap().iter().map(|line| line.key).collect();
        assert_eq!(keys, Key::ALL);
    }

    #[test]
    fn an_order_of_inner_nodes_may_be_none() {
        let lines = parse("order (inner nodes): none", &aima()).unwrap();
        assert_eq!(lines[0].items, Items::Order(Vec::new()));
        let error = parse("order: e none", &aima()).unwrap_err().to_string();
        assert_eq!(error, "line 1: no node is named \"none\"");
    }

    #[test]
    fn none_means_nothing_pruned_and_no_best_move() {
        let tree = aima();
        let lines = parse("pruned: none\nbest move: none", &tree).unwrap();
        assert_eq!(lines[0].items, Items::Pruned(Vec::new()));
        assert_eq!(lines[1].items, Items::BestMove(None));
    }
}
