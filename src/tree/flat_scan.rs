//! A fast reader for the flat shape, the shape of large generated trees.
//!
//! The general reader ([`input`](super::input)) goes through serde_json's
//! visitors and looks each name up as it comes; on the 550,000-node
//! tic-tac-toe tree that was most of a trace's time. This one scans the bytes
//! directly and looks the names up in batches on a second thread
//! ([`Interner::intern_all`]).
//!
//! It takes only what it reads exactly as the general reader would: a
//! well-formed flat document whose strings have no escapes and whose values
//! are integers of at most 15 digits. On anything else (other shapes,
//! escapes, fractions, any error) it returns `None` and the general reader
//! reads the document, so every error is reported one way, with its
//! position. Both readers build the same [`RawTree`]; a property test below
//! holds them to it.

use std::sync::mpsc;

use serde::Deserialize;
use serde::de::value::{BorrowedStrDeserializer, Error as PlainError};

use super::input::{RawTree, RootSpec};
use super::names::{self, Hashed, Interner};
use super::{Perspective, Player};

/// Reads `input` if it is a flat document this reader takes.
///
/// Two threads share the work: this one scans the document and sends the
/// names it meets, in batches, to one that looks them up, so that scanning
/// (bound by the processor) and looking up (bound by memory) overlap.
pub fn read(input: &[u8]) -> Option<RawTree> {
    if input.iter().find(|byte| !byte.is_ascii_whitespace()) != Some(&b'{') {
        return None;
    }
    // Checked once here, so that every string can be sliced out as it is.
    let text = std::str::from_utf8(input).ok()?;
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel(BATCHES_IN_FLIGHT);
        let interning = std::thread::Builder::new()
            .name("name interner".into())
            .spawn_scoped(scope, move || intern_batches(&receiver, input.len() / BYTES_PER_NAME))
            .ok()?;
        let mut scanner = Scanner { text, pos: 0, batch: Vec::new(), sender, mentions: 0 };
        let scan = scanner.document();
        let at_end = scanner.finish();
        let (interner, ids) =
            interning.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        scan.filter(|_| at_end)?.build(interner, &ids)
    })
}

/// Names per batch sent to the interning thread.
const BATCH: usize = 4096;

/// Batches sent but not yet taken before the scanner waits.
const BATCHES_IN_FLIGHT: usize = 16;

/// A guess at the input size per node name, to size the name table up
/// front (the tic-tac-toe tree takes 43 bytes; an underestimate costs a
/// regrowth, an overestimate cache misses on a sparser table).
const BYTES_PER_NAME: usize = 48;

/// The interning thread: the names received and their ids in order.
fn intern_batches(receiver: &mpsc::Receiver<Vec<Hashed>>, names: usize) -> (Interner, Vec<u32>) {
    let mut interner = Interner::with_capacity(names);
    let mut ids = Vec::with_capacity(2 * names);
    for batch in receiver {
        ids.extend(interner.intern_all(&batch));
    }
    (interner, ids)
}

/// What a scan found, names not yet looked up.
#[derive(Default)]
struct Scan<'a> {
    /// Each child list: the mention of its parent's name and how many
    /// children follow that mention.
    child_lists: Vec<(u32, u32)>,
    /// Each value, by the mention of its node's name.
    values: Vec<(u32, f64)>,
    /// Each `players` entry, by the mention of its node's name.
    players: Vec<(u32, Player)>,
    root: Option<&'a str>,
    player: Option<Player>,
    perspective: Option<Perspective>,
}

impl Scan<'_> {
    /// Builds the tree from the names' `ids` (by mention), or `None` where
    /// the general reader would find a problem (no nodes, a key given twice).
    fn build(self, interner: Interner, ids: &[u32]) -> Option<RawTree> {
        let nodes = interner.len();
        if nodes == 0 {
            return None;
        }
        let mut raw = RawTree {
            names: interner.into_table(),
            child_spans: vec![(0, 0); nodes],
            child_ids: Vec::with_capacity(ids.len() - self.child_lists.len()),
            values: vec![f64::NAN; nodes],
            players: vec![None; nodes],
            root: self.root.map_or(RootSpec::Unnamed, |name| RootSpec::Named(name.into())),
            player: self.player,
            perspective: self.perspective,
        };
        for &(parent, count) in &self.child_lists {
            let first = parent as usize + 1;
            let start = raw.child_ids.len() as u32;
            raw.child_ids.extend_from_slice(&ids[first..first + count as usize]);
            let span = &mut raw.child_spans[ids[parent as usize] as usize];
            (span.1 == 0).then_some(())?;
            *span = (start, count);
        }
        for &(node, value) in &self.values {
            let slot = &mut raw.values[ids[node as usize] as usize];
            slot.is_nan().then_some(())?;
            *slot = value;
        }
        for &(node, player) in &self.players {
            raw.players[ids[node as usize] as usize].replace(player).is_none().then_some(())?;
        }
        Some(raw)
    }
}

/// The keys of a flat document, as bits, to find one given twice.
const TOP_KEYS: [&str; 6] = ["root", "player", "perspective", "children", "values", "players"];

/// A cursor in the document, and where the names it meets go.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    /// Names not yet sent to the interning thread.
    batch: Vec<Hashed<'a>>,
    sender: mpsc::SyncSender<Vec<Hashed<'a>>>,
    /// How many names were met so far.
    mentions: u32,
}

impl<'a> Scanner<'a> {
    /// The top-level object.
    fn document(&mut self) -> Option<Scan<'a>> {
        let mut scan = Scan::default();
        let mut seen = 0u8;
        self.expect(b'{')?;
        self.items(b'}', |s| {
            let key = s.string()?;
            let bit = 1 << TOP_KEYS.iter().position(|&k| k == key)?;
            (seen & bit == 0).then_some(())?;
            seen |= bit;
            s.expect(b':')?;
            match key {
                "root" => scan.root = Some(s.string()?),
                "player" => scan.player = Some(s.enum_value()?),
                "perspective" => scan.perspective = Some(s.enum_value()?),
                "children" => s.keyed(&mut scan, |s, scan, parent| {
                    s.expect(b'[')?;
                    let count = s.items(b']', |s| s.mention().map(drop))?;
                    (count > 0).then(|| scan.child_lists.push((parent, count)))
                })?,
                "values" => s.keyed(&mut scan, |s, scan, node| {
                    scan.values.push((node, s.integer()?));
                    Some(())
                })?,
                _ => s.keyed(&mut scan, |s, scan, node| {
                    scan.players.push((node, s.enum_value()?));
                    Some(())
                })?,
            }
            Some(())
        })?;
        Some(scan)
    }

    /// One of the maps keyed by node name: records each key as a mention
    /// and reads its value with `value`, which gets the key's mention.
    fn keyed(
        &mut self,
        scan: &mut Scan<'a>,
        mut value: impl FnMut(&mut Self, &mut Scan<'a>, u32) -> Option<()>,
    ) -> Option<()> {
        self.expect(b'{')?;
        self.items(b'}', |s| {
            let mention = s.mention()?;
            s.expect(b':')?;
            value(s, scan, mention)
        })?;
        Some(())
    }

    /// The items of an array or object whose opening bracket was just read,
    /// each read by `item`, up to the closing `close`; returns their number.
    fn items(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<u32> {
        if self.peek()? == close {
            self.pos += 1;
            return Some(0);
        }
        let mut count = 0;
        loop {
            item(self)?;
            count += 1;
            match self.next()? {
                b',' => {}
                byte if byte == close => return Some(count),
                _ => return None,
            }
        }
    }

    /// A node name, sent to the interning thread; returns its mention's
    /// number. Every mention is checked against the name rules here, most
    /// as they are scanned (a refused name sends the document to the
    /// general reader), which keeps that work off the interning thread.
    fn mention(&mut self) -> Option<u32> {
        let (name, plain) = self.quoted()?;
        (plain || names::problem_with(name).is_none()).then_some(())?;
        self.batch.push(Hashed::new(name));
        if self.batch.len() == BATCH {
            self.send()?;
        }
        let number = self.mentions;
        self.mentions = number.checked_add(1)?;
        Some(number)
    }

    /// Sends the names met since the last batch.
    fn send(&mut self) -> Option<()> {
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.sender.send(batch).ok()
    }

    /// Sends the last names and reports whether only whitespace is left.
    fn finish(mut self) -> bool {
        self.send().is_some() && self.peek().is_none()
    }

    /// A string without escapes or control characters.
    fn string(&mut self) -> Option<&'a str> {
        Some(self.quoted()?.0)
    }

    /// A string without escapes or control characters, and whether it is
    /// plain: not empty and made of [`plain_run`] bytes only, so a name the
    /// rules allow without a closer look.
    fn quoted(&mut self) -> Option<(&'a str, bool)> {
        self.expect(b'"')?;
        let rest = &self.text.as_bytes()[self.pos..];
        let plain = plain_run(rest);
        let len =
            plain + rest[plain..].iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
        (rest[len] == b'"').then_some(())?;
        let string = &self.text[self.pos..self.pos + len];
        self.pos += len + 1;
        Some((string, len == plain && len > 0))
    }

    /// `max`, `min` or `mover`, as `T` names them.
    fn enum_value<T: Deserialize<'a>>(&mut self) -> Option<T> {
        T::deserialize(BorrowedStrDeserializer::<PlainError>::new(self.string()?)).ok()
    }

    /// An integer of at most 15 digits (so below 2^53), as serde_json
    /// reads it (`-0` is negative zero).
    fn integer(&mut self) -> Option<f64> {
        self.peek()?;
        let bytes = &self.text.as_bytes()[self.pos..];
        let negative = bytes[0] == b'-';
        let digits = &bytes[usize::from(negative)..];
        let len = digits.iter().take_while(|b| b.is_ascii_digit()).count();
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
        let bytes = self.text.as_bytes();
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(self.pos) {
            self.pos += 1;
        }
        bytes.get(self.pos).copied()
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
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    let splat = |byte: u8| ONES * u64::from(byte);
    // The high bit of each byte below `limit`. Exact up to the first such
    // byte, which is all that is used: a borrow only spreads upwards.
    let below = |word: u64, limit: u8| word.wrapping_sub(splat(limit)) & !word & HIGHS;
    let mut run = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let control_or_space = below(word, 0x21);
        let delete_or_not_ascii = (word | (word & !HIGHS).wrapping_add(ONES)) & HIGHS;
        let separators = [b':', b'#', b'"', b'\\']
            .into_iter()
            .fold(0, |found, byte| found | below(word ^ splat(byte), 1));
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
    use crate::tree::Naming;

    /// What the general reader makes of `text`, if it reads it.
    fn general(text: &str) -> Option<String> {
        crate::tree::input::read(text.as_bytes(), Naming::Letters)
            .ok()
            .map(|raw| format!("{raw:?}"))
    }

    fn fast(text: &str) -> Option<String> {
        read(text.as_bytes()).map(|raw| format!("{raw:?}"))
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
        for text in [random_tree, game] {
            let text = String::from_utf8(text).unwrap();
            assert!(fast(&text).is_some(), "{text}");
            assert_eq!(fast(&text), general(&text));
        }
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
            assert_eq!(fast(text), None, "{text}");
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
        fn the_fast_reader_reads_like_the_general_one_or_not_at_all(text in document()) {
            if let Some(tree) = fast(&text) {
                prop_assert_eq!(Some(tree), general(&text));
            }
        }

        #[test]
        fn one_changed_byte_never_makes_the_readers_disagree(
            text in document(), at in any::<prop::sample::Index>(), byte in any::<u8>(),
        ) {
            let mut bytes = text.into_bytes();
            let at = at.index(bytes.len());
            bytes[at] = byte;
            if let Some(tree) = read(&bytes) {
                let general = crate::tree::input::read(&bytes, Naming::Letters).ok();
                prop_assert_eq!(Some(format!("{tree:?}")), general.map(|raw| format!("{raw:?}")));
            }
        }
    }
}
