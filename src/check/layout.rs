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
//! 4. A key line without items takes them from the next line that is not
//!    a key line, whether they read or not (an item that does not read is
//!    told as that key's), and a line of a list (`order`, `leaves`,
//!    `pruned`) may wrap onto the next: a line that is not a key line and
//!    reads as items of the key above continues it.
//! 5. A line whose key names who wrote the answer (`Name: ...`,
//!    `Matr.-Nr.: ...`) is skipped silently. Any other line is skipped,
//!    with a warning that names it; so is a key given a second time.
//! 6. An answer is unreadable only when no line of it is a key line.
//!
//! Reading is linear in the answer's length: a key is looked for only in
//! a line's first [`LONGEST_KEY`] bytes.

use std::borrow::Cow;

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
    parse_in(text, tree, None)
}

/// Reads the classroom lines of an answer about `tree`; an answer without
/// any is told so in the language `asked` (`--lang`), else in English.
pub fn parse_in(text: &str, tree: &Tree, asked: Option<Lang>) -> Result<Reading, AnswerError> {
    let mut reader = Reader {
        names: Names::of(tree),
        lines: Vec::new(),
        skipped: Vec::new(),
        open: None,
        lang: None,
        asked,
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

/// A key being read, with its items so far: a slice of the answer while
/// they are on one line (a line can be megabytes).
struct Block<'a> {
    key: Key,
    number: usize,
    text: Cow<'a, str>,
    /// A key given before: read on, but not graded.
    discard: bool,
}

struct Reader<'t, 'a> {
    names: Names<'t>,
    lines: Vec<Line>,
    skipped: Vec<Skipped>,
    open: Option<Block<'a>>,
    /// The language of the first key.
    lang: Option<Lang>,
    /// The language `--lang` asks for, to say that no line is read.
    asked: Option<Lang>,
}

impl<'a> Reader<'_, 'a> {
    fn take(&mut self, number: usize, line: &'a str) {
        if let Some((key, lang, rest)) = self.key_line(line) {
            self.close();
            self.lang.get_or_insert(lang);
            let first = self.lines.iter().find(|given| given.key == key).map(|given| given.number);
            if let Some(first) = first {
                self.skipped.push(Skipped { line: number, why: Why::Twice { key, first } });
            }
            let text = Cow::Borrowed(rest);
            self.open = Some(Block { key, number, text, discard: first.is_some() });
            return;
        }
        if let Some(block) = &mut self.open
            && (classroom::continues(block.key, &block.text, line, &self.names)
                || block.text.trim().is_empty() && !names_the_writer(line))
        {
            let text = block.text.to_mut();
            text.push(' ');
            text.push_str(line);
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
        if self.lines.is_empty() {
            return Err(nothing_read(self.skipped.first(), self.asked.unwrap_or_default()));
        }
        let lang = self.lang.unwrap_or_default();
        self.lines.sort_by_key(|line| line.key);
        Ok(Reading { lines: self.lines, skipped: self.skipped, lang })
    }
}

/// The error for an answer of which no line is read, in `lang`: why its
/// first line was skipped, or the lines it could have had.
fn nothing_read(first_skipped: Option<&Skipped>, lang: Lang) -> AnswerError {
    let de = lang == Lang::De;
    let Some(skipped) = first_skipped else {
        let keys = lang.words().keys.iter().map(|key| format!("`{key}: ...`"));
        let (lead, such) = if de {
            ("keine Antwortzeilen", "erwartet werden Zeilen wie")
        } else {
            ("no answer lines", "expected lines such as")
        };
        return AnswerError::whole(format!(
            "{lead}: {such} {}",
            keys.collect::<Vec<_>>().join(", ")
        ));
    };
    let none = if de { "keine Zeile ist eine Antwortzeile" } else { "no line is an answer line" };
    let message = format!("{}; {none}", why_text(skipped, lang));
    AnswerError { line: Some(skipped.line), message }
}

/// A skipped line's reason alone, without `line N skipped:`.
fn why_text(skipped: &Skipped, lang: Lang) -> String {
    let described = skipped.describe(lang);
    let at = described.find(": ").map_or(0, |at| at + 2);
    described[at..].to_string()
}

/// Whether `line` names who wrote the answer (`Name: Anna`): not the
/// items of a key line above it that has none.
fn names_the_writer(line: &str) -> bool {
    matches!(why_skipped(line), Why::UnknownKey(key) if classroom::is_name_field(&key))
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
    let numbered = (digits.len() <= 3 && letters.len() <= 1)
        && (letters.chars().all(|c| c.is_ascii_lowercase()))
        && (!digits.is_empty() || letters.len() == 1);
    let rest = &line[label..];
    match rest.strip_prefix(['.', ')']) {
        Some(after) if numbered && after.starts_with(char::is_whitespace) => after.trim_start(),
        _ => line,
    }
}

#[cfg(test)]
mod tests;
