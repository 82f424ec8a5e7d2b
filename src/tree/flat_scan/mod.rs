//! Fast readers for the flat shape, the shape of large generated trees.
//!
//! The general reader ([`input`](super::input)) goes through serde_json's
//! visitors and looks each name up as it comes; on the 550,000-node
//! tic-tac-toe tree that was most of a trace's time. These scan the bytes
//! directly, with one [`Scanner`], a piece at a time as they are read, and
//! resolve the names it meets on a second thread as the scan goes on
//! ([`scan_beside`]), in one of two ways:
//!
//! - [`read_in_order`]: a document that lists its child lists, then its
//!   values, in pre-order (as `gametree gen tictactoe` writes them) is built
//!   into the final [`Tree`](super::Tree) as it is scanned, by matching each
//!   name against the one expected next; only the uniqueness of names needs
//!   hashing.
//! - [`read_by_name`]: any other flat document; names are looked up in a
//!   hash table, and the [`RawTree`] goes through the usual structural
//!   checks.
//!
//! Reading a piece at a time, into memory that is soon used again, spares
//! the system handing out new memory for the whole file: on the
//! tic-tac-toe tree (24 MB) that took longer than scanning the bytes. A
//! tree read in pre-order keeps a copy of its names only.
//!
//! They take only what they read exactly as the general reader would: a
//! well-formed flat document whose strings have no escapes and whose values
//! are integers of at most 15 digits, and (for `read_in_order`) no
//! `players`. On anything else (other shapes, escapes, fractions, any
//! error) they return `None` and the general reader reads the document, so
//! every error is reported one way, with its position. Property tests hold
//! each to the general reader.

mod by_name;
mod in_order;

use std::io::Read;
use std::sync::mpsc;

use serde::de::DeserializeOwned;
use serde::de::value::{BorrowedStrDeserializer, Error as PlainError};

use super::input::RawTree;
use super::names;
use super::validate::Overrides;
use super::{Perspective, Player, Tree, too_large};
use crate::byte_words;
use crate::pipeline::{self, Emitter};

/// Reads the tree in `source`, a document of about `size` bytes, as it is
/// read, if it is a flat document in pre-order that the fast readers take,
/// with the command line's overrides applied.
pub fn read_in_order(source: impl Read + Send, size: u64, overrides: Overrides) -> Option<Tree> {
    in_order::read(source, PIECE, size, overrides)
}

/// Reads `text` if it is a flat document the fast readers take.
pub fn read_by_name(text: &[u8]) -> Option<RawTree> {
    by_name::read(text, PIECE)
}

/// The bytes read at a time: enough that handing a piece over costs
/// little next to scanning it, few enough that the piece is still in the
/// processor's cache when the other thread takes it.
const PIECE: usize = 1 << 16;

/// What a flat document says besides its maps of nodes.
#[derive(Default)]
struct Header {
    root: Option<String>,
    player: Option<Player>,
    perspective: Option<Perspective>,
}

/// Where a name lies in the document.
#[derive(Clone, Copy)]
struct Place {
    start: u32,
    end: u32,
}

impl Place {
    /// The name here, in `text`, the part of the document from `start` on
    /// that holds it.
    fn in_text(self, text: &str, start: usize) -> &str {
        &text[self.start as usize - start..self.end as usize - start]
    }
}

/// What a scan meets, in document order.
#[derive(Clone, Copy)]
enum Token {
    /// A key of `children`, before its child list.
    Parent(Place),
    /// A name in the current child list.
    Child(Place),
    /// The end of the current child list, which had this many names.
    EndOfList(u32),
    /// An entry of `values`.
    Value(Place, f64),
    /// An entry of `players`.
    Player(Place, Player),
}

/// A piece of the document as scanned, with the tokens met in it.
struct Piece {
    /// Where `text` begins in the document.
    start: usize,
    text: String,
    tokens: Vec<Token>,
}

impl Piece {
    /// The name at `place`, one of this piece's tokens'.
    fn name(&self, place: Place) -> &str {
        place.in_text(&self.text, self.start)
    }
}

/// What a reader does with the tokens a scan meets, in document order.
trait Resolve {
    /// Takes the next piece's tokens; `None` gives the document up.
    fn resolve(&mut self, piece: &Piece) -> Option<()>;
}

/// Scans `source`, `piece` bytes at a time, while `resolver` resolves what
/// the scan meets, on two threads, so that the two halves of the work
/// overlap. Returns the header and the resolver, or `None` where either
/// gave up.
fn scan_beside<R: Resolve>(
    source: impl Read + Send,
    piece: usize,
    mut resolver: R,
) -> Option<(Header, R)> {
    // Pieces taken go back to the scan, to be read into again.
    let (recycle, recycled) = mpsc::channel();
    let (header, resolved) = pipeline::beside_one_by_one(
        |out| Scanner::new(source, piece, recycled, out).document(),
        |piece: Piece| {
            let resolved = resolver.resolve(&piece);
            let _ = recycle.send(piece);
            resolved
        },
    );
    resolved?;
    Some((header?, resolver))
}

/// About how many nodes a document of `size` bytes lists, to size the
/// readers' storage up front: a guess of 48 bytes a node (the tic-tac-toe
/// tree takes 43). An underestimate costs a regrowth, an overestimate cache
/// misses on a sparser table.
fn likely_nodes(size: u64) -> usize {
    usize::try_from(size / 48).unwrap_or(usize::MAX)
}

/// The keys of a flat document, as bits, to find one given twice.
const TOP_KEYS: [&str; 6] = ["root", "player", "perspective", "children", "values", "players"];

/// How far the source has been read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Open,
    Ended,
    /// It failed, or gave what the fast readers do not take: bytes that are
    /// not UTF-8, more than 4 GiB.
    Refused,
}

/// A cursor in the document, which it reads a piece at a time.
///
/// The piece being scanned holds the item being scanned (an entry of a map
/// or an array) whole: when the scan needs more of the document, the next
/// piece begins with the rest of this one from the item's start on. What a
/// token names thus lies in the piece it is handed over with.
struct Scanner<'o, 'h, R> {
    source: R,
    state: Source,
    /// The bytes to read at a time.
    piece: usize,
    /// The document from `start` on, as far as it has been read.
    text: String,
    start: usize,
    /// The first bytes of a character the last read cut in two.
    cut: Vec<u8>,
    /// Where the scan is in `text`.
    pos: usize,
    /// Where the item being scanned begins in `text`.
    item: usize,
    /// The tokens met in `text` and not handed over yet.
    tokens: Vec<Token>,
    out: &'o mut Emitter<'h, Piece>,
    /// Pieces the taker is done with.
    recycled: mpsc::Receiver<Piece>,
}

impl<'o, 'h, R: Read> Scanner<'o, 'h, R> {
    fn new(
        source: R,
        piece: usize,
        recycled: mpsc::Receiver<Piece>,
        out: &'o mut Emitter<'h, Piece>,
    ) -> Self {
        Scanner {
            source,
            state: Source::Open,
            piece,
            text: String::new(),
            start: 0,
            cut: Vec::new(),
            pos: 0,
            item: 0,
            tokens: Vec::new(),
            out,
            recycled,
        }
    }

    /// The whole document, handing each piece over with its tokens;
    /// returns the header, or `None` where the document is not one the
    /// fast readers take or the taker gave up.
    fn document(mut self) -> Option<Header> {
        let mut header = Header::default();
        let mut seen = 0u8;
        self.expect(b'{')?;
        self.items(b'}', |s| {
            let key = s.string()?;
            let index = TOP_KEYS.iter().position(|&k| k == key)?;
            (seen & 1 << index == 0).then_some(())?;
            seen |= 1 << index;
            s.expect(b':')?;
            match TOP_KEYS[index] {
                "root" => header.root = Some(s.string()?.to_owned()),
                "player" => header.player = Some(s.enum_value()?),
                "perspective" => header.perspective = Some(s.enum_value()?),
                "children" => s.keyed(|s, parent| {
                    s.token(Token::Parent(parent))?;
                    s.expect(b'[')?;
                    let count = s.items(b']', |s| {
                        let child = s.name()?;
                        s.token(Token::Child(child))
                    })?;
                    (count > 0).then_some(())?;
                    s.token(Token::EndOfList(count))
                })?,
                "values" => s.keyed(|s, node| {
                    let value = s.integer()?;
                    s.token(Token::Value(node, value))
                })?,
                _ => s.keyed(|s, node| {
                    let player = s.enum_value()?;
                    s.token(Token::Player(node, player))
                })?,
            }
            Some(())
        })?;
        (self.at_end() && self.state == Source::Ended).then_some(())?;
        self.hand_over(String::new(), Vec::new())?;
        Some(header)
    }

    /// One of the maps keyed by node name: reads each entry's value with
    /// `value`, which gets the key.
    fn keyed(&mut self, mut value: impl FnMut(&mut Self, Place) -> Option<()>) -> Option<()> {
        self.expect(b'{')?;
        self.items(b'}', |s| {
            let name = s.name()?;
            s.expect(b':')?;
            value(s, name)
        })?;
        Some(())
    }

    /// The items of an array or object whose opening bracket was just read,
    /// each read by `item`, up to the closing `close`; returns their number.
    /// An item begins where the scan is when `item` is called: what it
    /// keeps of the enclosing item must be a token or owned.
    fn items(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<u32> {
        if self.peek()? == close {
            self.pos += 1;
            return Some(0);
        }
        let mut count = 0;
        loop {
            self.item = self.pos;
            item(self)?;
            count += 1;
            match self.next()? {
                b',' => {}
                byte if byte == close => return Some(count),
                _ => return None,
            }
        }
    }

    /// A node name, checked against the name rules here, most as it is
    /// scanned (a refused name sends the document to the general reader).
    fn name(&mut self) -> Option<Place> {
        let (place, plain) = self.quoted()?;
        (plain || names::problem_with(self.at(place)).is_none()).then_some(place)
    }

    /// Whether only whitespace is left.
    fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// A string without escapes or control characters.
    fn string(&mut self) -> Option<&str> {
        let (place, _) = self.quoted()?;
        Some(self.at(place))
    }

    /// The text at `place`, which lies in the piece being scanned.
    fn at(&self, place: Place) -> &str {
        place.in_text(&self.text, self.start)
    }

    /// A string without escapes or control characters, and whether it is
    /// plain: not empty and made of [`plain_run`] bytes only, so a name the
    /// rules allow without a closer look.
    fn quoted(&mut self) -> Option<(Place, bool)> {
        self.expect(b'"')?;
        loop {
            let rest = &self.text.as_bytes()[self.pos..];
            let plain = plain_run(rest);
            let Some(end) = rest[plain..].iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            else {
                self.more().then_some(())?;
                continue;
            };
            let len = plain + end;
            (rest[len] == b'"').then_some(())?;
            let start = self.start + self.pos;
            self.pos += len + 1;
            let place = Place { start: start as u32, end: (start + len) as u32 };
            return Some((place, len == plain && len > 0));
        }
    }

    /// `max`, `min` or `mover`, as `T` names them.
    fn enum_value<T: DeserializeOwned>(&mut self) -> Option<T> {
        T::deserialize(BorrowedStrDeserializer::<PlainError>::new(self.string()?)).ok()
    }

    /// An integer of at most 15 digits (so below 2^53), as serde_json
    /// reads it (`-0` is negative zero).
    fn integer(&mut self) -> Option<f64> {
        self.peek()?;
        let (negative, len) = loop {
            let bytes = &self.text.as_bytes()[self.pos..];
            let negative = bytes[0] == b'-';
            let len =
                bytes[usize::from(negative)..].iter().take_while(|b| b.is_ascii_digit()).count();
            // What follows the digits tells whether the number ends there.
            if usize::from(negative) + len < bytes.len() || !self.more() {
                break (negative, len);
            }
        };
        let digits = &self.text.as_bytes()[self.pos + usize::from(negative)..];
        let leading_zero = len > 1 && digits[0] == b'0';
        if len == 0
            || len > 15
            || leading_zero
            || matches!(digits.get(len), Some(b'.' | b'e' | b'E'))
        {
            return None;
        }
        let magnitude = digits[..len].iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
        self.pos += usize::from(negative) + len;
        Some(if negative { -(magnitude as f64) } else { magnitude as f64 })
    }

    /// Skips whitespace and reads `byte`.
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.next()? == byte).then_some(())
    }

    /// Skips whitespace and reads one byte.
    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.pos += 1;
        Some(byte)
    }

    /// Skips whitespace and returns the next byte without reading it.
    fn peek(&mut self) -> Option<u8> {
        loop {
            let bytes = self.text.as_bytes();
            while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(self.pos) {
                self.pos += 1;
            }
            if let Some(&byte) = bytes.get(self.pos) {
                return Some(byte);
            }
            if !self.more() {
                return None;
            }
        }
    }

    /// Puts out `token`, met in the piece being scanned.
    fn token(&mut self, token: Token) -> Option<()> {
        self.tokens.push(token);
        Some(())
    }

    /// Reads the next piece of the document, after the rest of this one
    /// from the item being scanned on, and hands this one over with its
    /// tokens. Whether there was more to read.
    fn more(&mut self) -> bool {
        if self.state != Source::Open {
            return false;
        }
        let (text, tokens) = self.storage();
        let Some(text) = self.next_text(text) else {
            return false;
        };
        let taken = self.hand_over(text, tokens);
        self.start += self.item;
        self.pos -= self.item;
        self.item = 0;
        if taken.is_none() {
            self.state = Source::Refused;
        }
        taken.is_some()
    }

    /// The next piece's text: this one's from the item being scanned on,
    /// then what the source gives next, up to the last whole character.
    /// `None` where it gives nothing more, with the state set.
    fn next_text(&mut self, mut next: Vec<u8>) -> Option<String> {
        next.extend_from_slice(&self.text.as_bytes()[self.item..]);
        let fresh = next.len();
        next.append(&mut self.cut);
        let read = (&mut self.source).take(self.piece as u64).read_to_end(&mut next);
        let fits = too_large((self.start + self.item + next.len()) as u64).is_none();
        self.state = match read {
            Ok(read) if read == self.piece && fits => Source::Open,
            Ok(_) if fits => Source::Ended,
            _ => Source::Refused,
        };
        if next.len() == fresh || self.state == Source::Refused {
            return None;
        }
        match String::from_utf8(next) {
            Ok(text) => Some(text),
            Err(error)
                if self.state == Source::Open && error.utf8_error().error_len().is_none() =>
            {
                let valid = error.utf8_error().valid_up_to();
                let mut bytes = error.into_bytes();
                self.cut = bytes.split_off(valid);
                String::from_utf8(bytes).ok()
            }
            Err(_) => {
                self.state = Source::Refused;
                None
            }
        }
    }

    /// Empty storage for a piece: a piece's the taker is done with, or new
    /// (with room for an item carried over as long as a piece).
    fn storage(&mut self) -> (Vec<u8>, Vec<Token>) {
        let Ok(Piece { text, mut tokens, .. }) = self.recycled.try_recv() else {
            return (Vec::with_capacity(2 * self.piece), Vec::with_capacity(self.piece / 8));
        };
        let mut text = text.into_bytes();
        text.clear();
        tokens.clear();
        (text, tokens)
    }

    /// Hands the piece scanned so far over with its tokens, and goes on in
    /// `text`, putting its tokens in `tokens`; `None` once the taker has
    /// given up.
    fn hand_over(&mut self, text: String, tokens: Vec<Token>) -> Option<()> {
        let text = std::mem::replace(&mut self.text, text);
        let tokens = std::mem::replace(&mut self.tokens, tokens);
        if tokens.is_empty() {
            return Some(());
        }
        self.out.emit(Piece { start: self.start, text, tokens })
    }
}

/// Whether `byte` is [plain in a name](names::is_plain) and also neither
/// `"` nor `\`, which end or escape a string.
fn is_plain_in_string(byte: u8) -> bool {
    names::is_plain(byte) && byte != b'"' && byte != b'\\'
}

/// How many bytes at the start of `bytes` are [plain](is_plain_in_string), found eight
/// at a time: this scan is most of the time spent reading names.
fn plain_run(bytes: &[u8]) -> usize {
    let mut run = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = byte_words::word(chunk);
        let control_or_space = byte_words::below(word, 0x21);
        let delete_or_not_ascii = (word
            | (word & !byte_words::HIGHS).wrapping_add(byte_words::splat(1)))
            & byte_words::HIGHS;
        let separators = [b':', b'#', b'"', b'\\']
            .into_iter()
            .fold(0, |found, byte| found | byte_words::equal(word, byte));
        let stops = control_or_space | delete_or_not_ascii | separators;
        if stops != 0 {
            return run + (stops.trailing_zeros() / 8) as usize;
        }
        run += 8;
    }
    run + bytes[run..].iter().take_while(|&&byte| is_plain_in_string(byte)).count()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::tree::validate::validate;
    use crate::tree::{Naming, NodeId, TreeError, input};

    /// What the general reader makes of `text` before the structural
    /// checks, if it reads it.
    fn general(text: &str) -> Option<String> {
        input::read(text.as_bytes(), Naming::Letters).ok().map(|raw| format!("{raw:?}"))
    }

    /// What the reader by name makes of `text`, read `piece` bytes at a
    /// time, if it takes it.
    fn by_name_in(piece: usize, text: &str) -> Option<String> {
        by_name::read(text.as_bytes(), piece).map(|raw| format!("{raw:?}"))
    }

    /// What the reader by name makes of `text`, if it takes it.
    fn fast(text: &str) -> Option<String> {
        by_name_in(PIECE, text)
    }

    /// The tree (or the structural checks' error) the general reader gets
    /// from `bytes`, or its error.
    fn general_tree(bytes: &[u8], overrides: Overrides) -> Result<String, String> {
        described(input::read(bytes, Naming::Letters).and_then(|raw| validate(raw, overrides)))
    }

    /// The tree (or the structural checks' error) the fast readers get from
    /// `bytes`, if they take it: first in pre-order, as [`parse`] tries them.
    ///
    /// [`parse`]: crate::tree::parse
    /// `piece` bytes at a time.
    fn fast_tree(
        piece: usize,
        bytes: &[u8],
        overrides: Overrides,
    ) -> Option<Result<String, String>> {
        match in_order::read(bytes, piece, bytes.len() as u64, overrides) {
            Some(tree) => Some(Ok(format!("{tree:?}"))),
            None => by_name::read(bytes, piece).map(|raw| described(validate(raw, overrides))),
        }
    }

    /// The tree the in-order reader builds from `text`, read `piece` bytes
    /// at a time, if it takes it.
    fn in_order_in(piece: usize, text: &str, overrides: Overrides) -> Option<String> {
        let tree = in_order::read(text.as_bytes(), piece, text.len() as u64, overrides);
        tree.map(|tree| format!("{tree:?}"))
    }

    /// The tree the in-order reader builds from `text`, if it takes it.
    fn in_order_tree(text: &str, overrides: Overrides) -> Option<String> {
        in_order_in(PIECE, text, overrides)
    }

    fn described(tree: Result<Tree, TreeError>) -> Result<String, String> {
        tree.map(|tree| format!("{tree:?}")).map_err(|error| error.to_string())
    }

    #[test]
    fn plain_flat_documents_are_read_fast_and_the_same() {
        let text = r#"{"root": "a", "player": "min", "perspective": "mover",
            "children": {"a": ["b", "c"], "c": ["d"]},
            "values": {"b": -0, "d": 12, "c": -7}, "players": {"c": "max"}}"#;
        assert!(fast(text).is_some());
        assert_eq!(fast(text), general(text));
    }

    #[test]
    fn generated_trees_are_read_fast() {
        use crate::generate::{random, tictactoe};
        let spec = random::Spec {
            depth: 4,
            branching: (1, 4),
            values: (-30, 30),
            seed: 3,
            leaf_chance: 0.2,
        };
        let mut random_tree = Vec::new();
        random::generate(&spec).write_flat(&mut random_tree, Player::Min).unwrap();
        let mut game = Vec::new();
        let position = tictactoe::Position::parse("xo.|.x.|o..").unwrap();
        tictactoe::write(&mut game, position).unwrap();
        for text in [&random_tree, &game] {
            let text = std::str::from_utf8(text).unwrap();
            assert!(fast(text).is_some(), "{text}");
            assert_eq!(fast(text), general(text));
        }
        // The game tree is listed in pre-order, and read that way.
        let overrides = Overrides::default();
        let text = std::str::from_utf8(&game).unwrap();
        assert!(in_order_tree(text, overrides).is_some());
        assert_eq!(fast_tree(PIECE, &game, overrides), Some(general_tree(&game, overrides)));
    }

    #[test]
    fn everything_else_is_left_to_the_general_reader() {
        for text in [
            r#"{"children": {"a\u0062": ["c"]}, "values": {"c": 1}}"#,
            r#"{"children": {"a": ["c"]}, "values": {"c": 1.5}}"#,
            r#"{"children": {"a": ["c"]}, "values": {"c": 1e3}}"#,
            r#"{"children": {"a": ["c"]}, "values": {"c": 1234567890123456}}"#,
            r#"{"children": {"a": ["c"]}, "values": {"c": 01}}"#,
            r#"{"children": {"a": ["c"]}, "values": {"c": 1, "c": 2}}"#,
            r#"{"children": {"a": []}}"#,
            r#"{"children": {"a b": ["c"]}, "values": {"c": 1}}"#,
            r#"{"children": {"a": ["c"]}, "values": {"c": 1}, "values": {}}"#,
            r#"{"name": "a", "children": [{"value": 1}]}"#,
            r#"{"children": {"a": ["c"]}, "values": {"c": 1}} x"#,
            "{}",
            "[1, 2]",
        ] {
            let bytes = text.as_bytes();
            let in_order = read_in_order(bytes, bytes.len() as u64, Overrides::default());
            assert!(in_order.is_none() && read_by_name(bytes).is_none(), "{text}");
        }
    }

    #[test]
    fn a_document_whose_reading_fails_or_stops_short_is_given_up() {
        /// Gives its bytes, then fails.
        struct Failing<'a>(&'a [u8]);
        impl Read for Failing<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                match self.0.read(buf)? {
                    0 => Err(std::io::Error::other("the disk is gone")),
                    read => Ok(read),
                }
            }
        }
        let text = r#"{"children": {"a": ["b", "c"]}, "values": {"b": 1, "c": 2}}"#.as_bytes();
        let read = |source: &mut (dyn Read + Send), piece| {
            in_order::read(source, piece, text.len() as u64, Overrides::default()).is_some()
        };
        for piece in [1, 7, PIECE] {
            assert!(read(&mut &text[..], piece));
            assert!(!read(&mut Failing(text), piece));
            assert!(!read(&mut &text[..text.len() - 1], piece));
        }
    }

    /// Mostly `usual`, sometimes `odd`.
    fn mostly(usual: &[&'static str], odd: &[&'static str]) -> BoxedStrategy<&'static str> {
        prop_oneof![9 => prop::sample::select(usual.to_vec()), 1 => prop::sample::select(odd.to_vec())]
            .boxed()
    }

    /// Flat documents, mostly plain ones, now and then with a piece that
    /// needs the general reader: names that need escapes or are refused,
    /// numbers of every form, players misspelt, keys given twice, a key of
    /// another shape.
    fn document() -> impl Strategy<Value = String> {
        let name = || {
            mostly(
                &["a", "b", "c", "d", "e", "f", "g", "a-longer-name-0"],
                &["é", "", "a b", "x:y", "#", "a\\u0062", "\\\"", "long-name:0", "a-longer-náme"],
            )
        };
        let value = mostly(
            &["0", "-0", "7", "-12", "999999999999999"],
            &["01", "1.5", "1e2", "-", "1234567890123456", "\"max\"", "null"],
        );
        let player = || mostly(&["\"max\"", "\"min\""], &["\"MAX\"", "\"mover\"", "1"]);
        let quoted = |name: &str| format!("\"{name}\"");
        let list = prop::collection::vec(name(), 1..4).prop_map(move |names| {
            format!("[{}]", names.iter().map(|n| quoted(n)).collect::<Vec<_>>().join(", "))
        });
        // Keys are mostly distinct: a key given twice sends the whole
        // document to the general reader.
        let keys = (
            prop::sample::subsequence(vec!["a", "b", "c", "d", "e", "f", "g"], 0..6).prop_shuffle(),
            prop::option::weighted(0.1, name()),
        )
            .prop_map(|(mut keys, extra)| {
                keys.extend(extra);
                keys
            });
        let map = move |values: BoxedStrategy<String>| {
            keys.clone().prop_flat_map(move |keys| {
                prop::collection::vec(values.clone(), keys.len()).prop_map(move |values| {
                    let entries: Vec<String> = keys
                        .iter()
                        .zip(values)
                        .map(|(key, value)| format!("{}: {value}", quoted(key)))
                        .collect();
                    format!("{{{}}}", entries.join(", "))
                })
            })
        };
        let optional = |p: f64, field: BoxedStrategy<String>| prop::option::weighted(p, field);
        let fields = (
            optional(0.5, name().prop_map(move |n| format!("\"root\": {}", quoted(n))).boxed()),
            optional(0.3, player().prop_map(|p| format!("\"player\": {p}")).boxed()),
            optional(0.2, Just("\"perspective\": \"mover\"".to_string()).boxed()),
            optional(0.9, map(list.boxed()).prop_map(|m| format!("\"children\": {m}")).boxed()),
            optional(
                0.9,
                map(value.prop_map(String::from).boxed())
                    .prop_map(|m| format!("\"values\": {m}"))
                    .boxed(),
            ),
            optional(
                0.3,
                map(player().prop_map(String::from).boxed())
                    .prop_map(|m| format!("\"players\": {m}"))
                    .boxed(),
            ),
            optional(
                0.1,
                prop::sample::select(vec!["\"name\": \"a\"", "\"root\": \"b\"", "\"values\": {}"])
                    .prop_map(String::from)
                    .boxed(),
            ),
        );
        let space = prop::sample::select(vec!["", " ", "\n ", "\t"]);
        (fields, space).prop_flat_map(
            |((root, player, perspective, children, values, players, odd), space)| {
                let fields: Vec<String> =
                    [root, player, perspective, children, values, players, odd]
                        .into_iter()
                        .flatten()
                        .collect();
                Just(fields).prop_shuffle().prop_map(move |fields| {
                    format!("{{{space}{}{space}}}", fields.join(&format!(",{space}")))
                })
            },
        )
    }

    /// A flat document listing a random tree (with many ties) in
    /// pre-order, the way `gametree gen tictactoe` lists its tree.
    #[derive(Clone, Debug)]
    struct Listing {
        header: Vec<String>,
        children: Vec<(String, Vec<String>)>,
        values: Vec<(String, i64)>,
        players: Vec<(String, &'static str)>,
        values_first: bool,
    }

    impl Listing {
        fn of(tree: &Tree, header: Vec<String>) -> Listing {
            let name = |node: NodeId| tree.name(node).to_string();
            let children = tree
                .nodes()
                .filter(|&node| !tree.is_leaf(node))
                .map(|node| (name(node), tree.children(node).iter().map(|&c| name(c)).collect()))
                .collect();
            let values = tree
                .nodes()
                .filter_map(|node| Some((name(node), tree.value(node)? as i64)))
                .collect();
            Listing { header, children, values, players: Vec::new(), values_first: false }
        }

        /// One change that the in-order reader must notice or read right:
        /// entries swapped or moved, a name used twice, a value dropped or
        /// added, a root named, a `players` entry.
        fn change(&mut self, change: usize, first: usize, second: usize) {
            let node = |index: usize| self.values[index % self.values.len()].0.clone();
            match change {
                0 => swap(&mut self.children, first, second),
                1 => swap(&mut self.values, first, second),
                2 => {
                    let (old, new) = (node(first), node(second));
                    let rename = |name: &mut String| {
                        if *name == old {
                            name.clone_from(&new);
                        }
                    };
                    for (parent, children) in &mut self.children {
                        rename(parent);
                        children.iter_mut().for_each(rename);
                    }
                    self.values.iter_mut().for_each(|(name, _)| rename(name));
                }
                3 => drop(self.values.remove(first % self.values.len())),
                4 => {
                    let inner = self.children[first % self.children.len()].0.clone();
                    self.values.insert(second % (self.values.len() + 1), (inner, 7));
                }
                5 => self.header.push(format!("\"root\": \"{}\"", node(first))),
                6 => self.players.push((node(first), "min")),
                _ => self.values_first = true,
            }
        }

        fn text(&self) -> String {
            let quoted = |name: &str| format!("\"{name}\"");
            let map = |entries: Vec<String>| format!("{{{}}}", entries.join(", "));
            let children = map((self.children.iter())
                .map(|(parent, children)| {
                    let children: Vec<String> = children.iter().map(|c| quoted(c)).collect();
                    format!("{}: [{}]", quoted(parent), children.join(", "))
                })
                .collect());
            let values =
                map(self.values.iter().map(|(node, v)| format!("{}: {v}", quoted(node))).collect());
            let mut fields = self.header.clone();
            let maps = [format!("\"children\": {children}"), format!("\"values\": {values}")];
            let first = usize::from(self.values_first);
            fields.extend([maps[first].clone(), maps[1 - first].clone()]);
            if !self.players.is_empty() {
                let players =
                    self.players.iter().map(|(node, p)| format!("{}: \"{p}\"", quoted(node)));
                fields.push(format!("\"players\": {}", map(players.collect())));
            }
            format!("{{{}}}", fields.join(",\n"))
        }
    }

    fn swap<T>(entries: &mut [T], first: usize, second: usize) {
        let len = entries.len();
        entries.swap(first % len, second % len);
    }

    /// Random trees of at least two nodes, listed in pre-order.
    fn listing() -> impl Strategy<Value = Listing> {
        let header = (
            prop::option::of(prop::sample::select(vec!["max", "min"])),
            prop::option::of(prop::sample::select(vec!["max", "mover"])),
        );
        (1..5u32, 1..4u32, any::<u64>(), header).prop_map(|(depth, branching, seed, header)| {
            let spec = crate::generate::random::Spec {
                depth,
                branching: (1, branching),
                values: (-2, 2),
                seed,
                leaf_chance: 0.3,
            };
            let mut nested = Vec::new();
            crate::generate::random::generate(&spec).write_nested(&mut nested).unwrap();
            let mut tree = crate::tree::parse(nested, Naming::Letters, Overrides::default());
            let tree = tree.as_mut().expect("a generated tree");
            let root_name = tree.name(tree.root()).to_string();
            let (player, perspective) = header;
            let header = [
                player.map(|p| format!("\"player\": \"{p}\"")),
                perspective.map(|p| format!("\"perspective\": \"{p}\"")),
                Some(format!("\"root\": \"{root_name}\"")).filter(|_| seed % 3 == 0),
            ];
            Listing::of(tree, header.into_iter().flatten().collect())
        })
    }

    /// Listings in pre-order, as they are.
    fn preordered_document() -> impl Strategy<Value = String> {
        listing().prop_map(|listing| listing.text())
    }

    /// Listings in pre-order with one change.
    fn changed_preordered_document() -> impl Strategy<Value = String> {
        (listing(), 0..8usize, any::<usize>(), any::<usize>()).prop_map(
            |(mut listing, change, first, second)| {
                listing.change(change, first, second);
                listing.text()
            },
        )
    }

    /// Any of the command line's overrides.
    fn overrides() -> impl Strategy<Value = Overrides> {
        let player = prop::option::of(prop::sample::select(vec![Player::Max, Player::Min]));
        let perspective =
            prop::option::of(prop::sample::select(vec![Perspective::Max, Perspective::Mover]));
        (player, perspective).prop_map(|(player, perspective)| Overrides { player, perspective })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn plain_runs_end_at_the_first_byte_that_is_not_plain(
            bytes in prop::collection::vec(prop_oneof![
                4 => 0x21u8..0x7f,
                1 => any::<u8>(),
                1 => prop::sample::select(b" :#\"\\\x7f\x80\x00\x1f\x20\x21\x7e".to_vec()),
            ], 0..40),
        ) {
            let expected = bytes.iter().take_while(|&&byte| is_plain_in_string(byte)).count();
            prop_assert_eq!(plain_run(&bytes), expected);
        }

        #[test]
        fn the_fast_readers_read_like_the_general_one_or_not_at_all(
            text in prop_oneof![document(), changed_preordered_document()],
            overrides in overrides(),
        ) {
            if let Some(raw) = fast(&text) {
                prop_assert_eq!(Some(raw), general(&text));
            }
            if let Some(tree) = in_order_tree(&text, overrides) {
                prop_assert_eq!(Ok(tree), general_tree(text.as_bytes(), overrides));
            }
        }

        #[test]
        fn one_changed_byte_never_makes_the_readers_disagree(
            text in prop_oneof![document(), changed_preordered_document()],
            at in any::<prop::sample::Index>(),
            byte in any::<u8>(),
            piece in prop_oneof![1..24usize, Just(PIECE)],
            overrides in overrides(),
        ) {
            let mut bytes = text.into_bytes();
            let at = at.index(bytes.len());
            bytes[at] = byte;
            if let Some(tree) = fast_tree(piece, &bytes, overrides) {
                prop_assert_eq!(tree, general_tree(&bytes, overrides));
            }
        }

        #[test]
        fn pieces_of_any_size_read_alike(
            text in prop_oneof![document(), preordered_document(), changed_preordered_document()],
            piece in 1..24usize,
            overrides in overrides(),
        ) {
            prop_assert_eq!(by_name_in(piece, &text), fast(&text));
            prop_assert_eq!(in_order_in(piece, &text, overrides), in_order_tree(&text, overrides));
        }

        #[test]
        fn documents_in_pre_order_are_read_in_order(
            text in preordered_document(), overrides in overrides(),
        ) {
            prop_assert!(in_order_tree(&text, overrides).is_some(), "{}", text);
        }
    }
}
