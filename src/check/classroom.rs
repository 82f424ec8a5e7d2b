//! Reading the items of classroom lines:
//!
//! ```text
//! // Ada Lovelace, exercise 3
//! Order: e:3, f:12, g:8, b:3, h:2, c:2, k:14, l:5, m:2, d:2, a:3
//! leaves: e f g h # k l m
//! pruned: i j
//! best: b
//! ```
//!
//! Which lines are answer lines and which key each belongs to is
//! [`layout`](super::layout)'s; this module reads the items after a key:
//! separated by spaces, commas or semicolons; `e:3`, `e=3`, `e: 3` alike;
//! `none`, `-`, `—` or nothing for no node. `#` marks a cutoff inside
//! `leaves`. The rules are listed in docs/grading.md.

use std::borrow::Cow;
use std::fmt::{self, Write};

use crate::answer::LeafMark;
use crate::bounds::ValueKind;
use crate::lang::{self, Lang};
use crate::num::Written;
use crate::spelling;
use crate::tree::NodeId;
use crate::tree::names::{BOUND_SIGNS, is_reserved};

mod claims;

pub use super::names::Names;

pub use super::layout::{Reading, Skipped, parse, parse_in};
pub use claims::{Claim, OrderItems};

/// The keys of the classroom lines, in the order the tool prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

    /// The key's place in [`Key::ALL`] and the language tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The key `text` names, in any language and spelling, with the
    /// language it is written in.
    pub fn parse(text: &str) -> Option<(Key, Lang)> {
        lang::key_of(text).map(|(index, lang)| (Key::ALL[index], lang))
    }

    /// Whether the key's items are a list (a line of them may wrap).
    pub fn is_list(self) -> bool {
        matches!(self, Key::Order | Key::Leaves | Key::Pruned)
    }

    /// Why a line whose key is none of these is not read, with the key
    /// that was probably meant, in `lang`.
    pub fn unknown(text: &str, lang: Lang) -> String {
        let words: Vec<&str> = text.split_whitespace().collect();
        let text = words.join(" ");
        let said = lang.words().verdict;
        let meant = spelling::nearest(&text, lang::all_keys());
        let suggestion = meant.map(|key| format!(" ({} {key:?}?)", said.did_you_mean));
        let keys = lang.words().keys;
        format!(
            "{} {}{}; {} {} {} {}",
            said.unknown_key,
            quote(&text),
            suggestion.unwrap_or_default(),
            said.keys_are,
            keys[..4].join(", "),
            said.and,
            keys[4]
        )
    }
}

/// The fields above an answer that name who wrote it (docs/grading.md
/// lists them), lower case and without spaces.
const NAME_FIELDS: [&str; 23] = [
    "name",
    "fullname",
    "vorname",
    "nachname",
    "student",
    "studentin",
    "studentname",
    "student-name",
    "studentid",
    "student-id",
    "matrikelnummer",
    "matrikel-nr.",
    "matr.-nr.",
    "matr.nr.",
    "matrnr",
    "id",
    "gruppe",
    "group",
    "team",
    "autor",
    "author",
    "e-mail",
    "email",
];

/// Whether `key`, the text before a line's `:` or `=`, is a field naming
/// who wrote the answer (`Name`, `Matr.-Nr.`, `Gruppe`).
pub fn is_name_field(key: &str) -> bool {
    let plain: String =
        key.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect();
    NAME_FIELDS.contains(&plain.as_str())
}

/// The most characters of an answer a message quotes.
const QUOTED: usize = 200;

/// `text` quoted for a message, cut after [`QUOTED`] characters with `…`
/// and its length in bytes: a student's 10 MB line is never echoed whole.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}… ({} bytes)", &text[..cut], text.len()),
    }
}

/// `text` as shown in a verdict: whole when short, else cut as [`quote`]
/// cuts; written out only as far as it is shown (an answer's line of a
/// million items is counted, not held).
pub fn shown(text: impl fmt::Display) -> String {
    let mut cut = Cut { head: String::new(), chars: 0, bytes: 0 };
    // Counting into a String cannot fail.
    let _ = write!(cut, "{text}");
    match cut.chars > QUOTED {
        false => cut.head,
        true => format!("{}… ({} bytes)", cut.head, cut.bytes),
    }
}

/// A writer that keeps the first [`QUOTED`] characters written to it and
/// counts the characters (up to one more) and the bytes of the rest.
struct Cut {
    head: String,
    chars: usize,
    bytes: usize,
}

impl fmt::Write for Cut {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.bytes += text.len();
        for c in text.chars().take((QUOTED + 1).saturating_sub(self.chars)) {
            self.chars += 1;
            if self.chars <= QUOTED {
                self.head.push(c);
            }
        }
        Ok(())
    }
}

/// What one line of an answer says.
#[derive(Clone, Debug, PartialEq)]
pub enum Items {
    /// Nodes in the order they receive their values, with the value where given.
    Order(OrderItems),
    Leaves(Vec<LeafMark>),
    Pruned(Vec<NodeId>),
    BestMove(Option<NodeId>),
    Value(Written),
    /// A key whose items cannot be read: the key is wrong, for this reason.
    Unreadable {
        text: String,
        reason: Unread,
    },
}

/// Why the items of a key line cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum Unread {
    /// No node has the name; the name meant where only the case differs.
    UnknownNode {
        word: String,
        meant: Option<String>,
    },
    /// A `best move` line with more than one item.
    OneMove(String),
    /// A `value` line with more or fewer than one item.
    OneNumber(String),
    /// A list key with no items.
    ListsNothing(Key),
    /// An order item without a name.
    Malformed(String),
    NotANumber(String),
    /// A `leaves` or `pruned` item with a value (`n:3`): those lines name
    /// nodes only.
    ValueInList {
        key: Key,
        word: String,
    },
}

impl Unread {
    /// The reason in `lang`.
    pub fn describe(&self, lang: Lang) -> String {
        let (words, say) = (lang.words(), lang.words().explain);
        let key = |key: Key| format!("{:?}", words.keys[key.index()]);
        match self {
            Unread::UnknownNode { word, meant } => {
                let meant = meant.as_ref().map_or(String::new(), |meant| {
                    format!(" ({} {meant:?}?)", words.verdict.did_you_mean)
                });
                lang::fill(say.unknown_node, &[("word", &quote(word)), ("meant", &meant)])
            }
            Unread::OneMove(text) => lang::fill(
                say.one_move,
                &[("key", &key(Key::BestMove)), ("nothing", &words.nothing), ("got", &quote(text))],
            ),
            Unread::OneNumber(text) => {
                lang::fill(say.one_number, &[("key", &key(Key::Value)), ("got", &quote(text))])
            }
            Unread::ListsNothing(listed) => {
                lang::fill(say.lists_nothing, &[("key", &key(*listed))])
            }
            Unread::Malformed(word) => lang::fill(say.malformed, &[("got", &quote(word))]),
            Unread::NotANumber(text) => lang::fill(say.not_a_number, &[("got", &quote(text))]),
            Unread::ValueInList { key: listed, word } => {
                lang::fill(say.value_in_list, &[("key", &key(*listed)), ("got", &quote(word))])
            }
        }
    }
}

impl Items {
    /// Whether a list of items lists nothing.
    fn is_empty(&self) -> bool {
        match self {
            Items::Order(items) => items.is_empty(),
            Items::Leaves(marks) => marks.is_empty(),
            Items::Pruned(nodes) => nodes.is_empty(),
            _ => false,
        }
    }
}

/// One key of an answer, with the 1-based number of the line it starts on.
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

/// The items of a line, one space between each two: separated by
/// whitespace, commas or semicolons, with `name = value` and `name: value`
/// made `name:value`, and a bound sign (`<=`, `≤`, `>=`, `≥`) kept with the
/// value it bounds: `c: <= 2` is `c:≤2`. A line as most answers write
/// it (as `trace --format answer` does) is its own joining, and is then
/// not copied.
fn joined_words(text: &str) -> Cow<'_, str> {
    let mut joined = Rewrite { text, kept: 0, copy: None };
    let mut pending_space = false;
    let mut chars = text.chars().peekable();
    while let Some(mut c) = chars.next() {
        // A comma between two digits is a decimal comma (`h:1,5`).
        let decimal_comma = c == ','
            && joined.as_str().ends_with(|d: char| d.is_ascii_digit())
            && chars.peek().is_some_and(char::is_ascii_digit);
        if c.is_whitespace() || (c == ',' && !decimal_comma) || c == ';' {
            pending_space = !joined.as_str().is_empty();
            continue;
        }
        if matches!(c, '<' | '>') && chars.peek() == Some(&'=') {
            chars.next();
            c = if c == '<' { '\u{2264}' } else { '\u{2265}' };
        }
        let binds = matches!(c, ':' | '=') || BOUND_SIGNS.contains(&c);
        if pending_space && !binds && !joined.as_str().ends_with([':', '\u{2264}', '\u{2265}']) {
            joined.push(' ');
        }
        pending_space = false;
        joined.push(if c == '=' { ':' } else { c });
    }
    joined.finish()
}

/// A string written from `text` that stays a slice of it for as long as
/// it is the start of `text`, and is copied from where it is not.
struct Rewrite<'a> {
    text: &'a str,
    /// How much of `text` it is while it is a slice of it.
    kept: usize,
    copy: Option<String>,
}

impl<'a> Rewrite<'a> {
    fn push(&mut self, c: char) {
        match &mut self.copy {
            Some(copy) => copy.push(c),
            None if self.text[self.kept..].starts_with(c) => self.kept += c.len_utf8(),
            None => {
                let mut copy = String::with_capacity(self.text.len());
                copy.push_str(&self.text[..self.kept]);
                copy.push(c);
                self.copy = Some(copy);
            }
        }
    }

    fn as_str(&self) -> &str {
        self.copy.as_deref().unwrap_or(&self.text[..self.kept])
    }

    fn finish(self) -> Cow<'a, str> {
        match self.copy {
            Some(copy) => Cow::Owned(copy),
            None => Cow::Borrowed(&self.text[..self.kept]),
        }
    }
}

/// How many words a line joined by single spaces has at most: its items
/// are stored with room for them all at once. Grown step by step, a
/// million items left their earlier, smaller copies in the process's
/// memory, twice the items: glibc serves blocks below its mmap threshold,
/// which every large block freed raises, from its heap, and keeps them
/// there when they are freed.
fn most_words(joined: &str) -> usize {
    memchr::memchr_iter(b' ', joined.as_bytes()).count() + 1
}

/// The items after `key` in `text`, or why they cannot be read.
pub fn parse_items(key: Key, text: &str, names: &Names<'_>) -> Result<Items, Unread> {
    names.start_list();
    let joined = joined_words(text);
    // Walked, not collected: a line can have a million words.
    let words = || joined.split(' ').filter(|word| !word.is_empty());
    // The first two words tell one item (or `none`) from more.
    let first: Vec<&str> = words().take(2).collect();
    let node = |word: &str| names.node(word).map_err(|error| valued(key, word, names, error));
    match key {
        // Only the order of inner nodes can be empty: a tree that is one leaf.
        Key::Order if matches!(first.as_slice(), [word] if is_reserved(word)) => {
            Ok(Items::Order(OrderItems::default()))
        }
        Key::Order => {
            nonempty(&first, key)?;
            let mut items = OrderItems::with_capacity(most_words(&joined));
            let item = |word: &str| order_item(word, names);
            words().try_for_each(|word| item(word).map(|(node, claim)| items.push(node, claim)))?;
            Ok(Items::Order(items))
        }
        Key::Leaves => {
            nonempty(&first, key)?;
            let mut marks = Vec::with_capacity(most_words(&joined));
            for word in words() {
                // `u#` is `u #`, unless a node is named `u#`.
                let glued = word.strip_suffix('#').filter(|name| !name.is_empty());
                match glued.filter(|_| !names.has(word)) {
                    Some(name) => marks.extend([LeafMark::Leaf(node(name)?), LeafMark::Cutoff]),
                    None if word == "#" => marks.push(LeafMark::Cutoff),
                    None => marks.push(LeafMark::Leaf(node(word)?)),
                }
            }
            Ok(Items::Leaves(marks))
        }
        Key::Pruned => match first.as_slice() {
            [word] if is_reserved(word) => Ok(Items::Pruned(Vec::new())),
            _ => words().map(node).collect::<Result<_, _>>().map(Items::Pruned),
        },
        Key::BestMove => match first.as_slice() {
            [] => Ok(Items::BestMove(None)),
            [word] if is_reserved(word) => Ok(Items::BestMove(None)),
            [name] => names.root_move(name).map(|n| Items::BestMove(Some(n))),
            _ => Err(Unread::OneMove(text.trim().to_string())),
        },
        Key::Value => match first.as_slice() {
            [number] => parse_number(number).map(Items::Value),
            _ => Err(Unread::OneNumber(text.trim().to_string())),
        },
    }
}

/// Why `word`, an item of a list of names, names no node: a value after a
/// node's name (`n:3` in `leaves`), or `error`, why it names none.
fn valued(key: Key, word: &str, names: &Names<'_>, error: Unread) -> Unread {
    match word.split_once(':') {
        Some((name, _)) if names.has(name) => Unread::ValueInList { key, word: word.to_string() },
        _ => error,
    }
}

/// Whether `text` reads as more items of a `key` line that has `so_far`
/// (nothing yet, or some items): a list goes on with more items; a key of
/// one item takes it from the next line only while it has none.
pub fn continues(key: Key, so_far: &str, text: &str, names: &Names<'_>) -> bool {
    let empty = so_far.trim().is_empty();
    match parse_items(key, text, names) {
        Ok(items) => empty || (key.is_list() && !items.is_empty()),
        Err(_) => false,
    }
}

fn nonempty(words: &[&str], key: Key) -> Result<(), Unread> {
    if words.is_empty() { Err(Unread::ListsNothing(key)) } else { Ok(()) }
}

/// `e:3` or `e`, or with a bound: `c:≤2` or `c≤2` (the items arrive with
/// `<=` made `≤` and `=` made `:`).
fn order_item(word: &str, names: &Names<'_>) -> Result<(NodeId, Option<Claim>), Unread> {
    let (name, value) = match word.split_once(':') {
        Some(("", _)) => {
            return Err(Unread::Malformed(word.to_string()));
        }
        Some((name, value)) => (name, Some(value)),
        None => match word.find(BOUND_SIGNS) {
            Some(at) if at > 0 => (&word[..at], Some(&word[at..])),
            _ => (word, None),
        },
    };
    let node = names.node(name)?;
    Ok((node, value.map(claim).transpose()?))
}

/// A value, perhaps after a bound sign: `3`, `≤2`, `≥5`.
fn claim(text: &str) -> Result<Claim, Unread> {
    let signs = [("\u{2264}", ValueKind::Upper), ("\u{2265}", ValueKind::Lower)];
    let bounded = signs.iter().find_map(|&(sign, kind)| Some((text.strip_prefix(sign)?, kind)));
    match bounded {
        Some((rest, kind)) => Ok(Claim::new(parse_number(rest)?, Some(kind))),
        None => Ok(Claim::new(parse_number(text)?, None)),
    }
}

fn parse_number(text: &str) -> Result<Written, Unread> {
    Written::parse(text).ok_or_else(|| Unread::NotANumber(text.to_string()))
}

#[cfg(test)]
mod tests;
