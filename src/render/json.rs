//! `--format json`: the trace as one JSON document, the contract's
//! [`TraceDocument`] (format version 1), serialised by serde.
//!
//! The summary members come first, one per line; `events` comes last, one
//! event per line ([`Layout`]), so that expected traces diff well in
//! version control. The summary needs the whole search, so the caller
//! (`trace`) runs it twice: once for the summary it hands over, and once
//! more, when asked, into the sink that writes each event as soon as it
//! happens, never holding them in memory (a tic-tac-toe trace has 1.1
//! million events).

use std::io::{self, Write};

use serde::ser::{Error as _, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::ser::Formatter;

use crate::contract::{EventRecord, Summary};
use crate::search::{Event, Flow, Outcome, RunError, Sink};
use crate::tree::Tree;

/// The search of a trace, run again by its caller for the events: the
/// renderer hands over the sink that writes them.
pub trait Replay {
    /// Runs the search again, every step into `sink`.
    fn replay<S: Sink>(&self, sink: &mut S) -> Result<Outcome, RunError<S::Error>>;
}

/// Writes the trace of a search of `tree` to `out`: `summary`, from its
/// first run, then its events, from `search` run again.
pub fn write(
    out: &mut dyn Write,
    tree: &Tree,
    summary: Summary<'_, '_>,
    search: &impl Replay,
) -> io::Result<()> {
    let document = summary.with_events(LiveEvents { tree, search });
    // Larger than the caller's buffer, which then passes each piece on
    // without copying it again.
    let mut out = io::BufWriter::with_capacity(1 << 17, out);
    let written = document
        .serialize(&mut serde_json::Serializer::with_formatter(&mut out, Layout::default()));
    written.map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// The `events` of a trace: serialised by replaying the search and
/// writing each event as it happens.
struct LiveEvents<'a, R> {
    tree: &'a Tree,
    search: &'a R,
}

impl<R: Replay> Serialize for LiveEvents<'_, R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut events =
            Elements { seq: serializer.serialize_seq(None)?, tree: self.tree, step: 0 };
        match self.search.replay(&mut events) {
            Ok(_) => events.seq.end(),
            Err(RunError::Sink(error)) => Err(error),
            // It ran once already, for the summary.
            Err(RunError::Search(error)) => Err(S::Error::custom(error)),
        }
    }
}

/// A sink that serialises each event as the next element of a sequence.
struct Elements<'t, Seq> {
    seq: Seq,
    tree: &'t Tree,
    step: u64,
}

impl<Seq: SerializeSeq> Sink for Elements<'_, Seq> {
    type Error = Seq::Error;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Seq::Error> {
        self.step += 1;
        self.seq.serialize_element(&EventRecord::new(self.tree, self.step, event))?;
        Ok(Flow::Continue)
    }
}

/// serde_json's compact output with the trace's line breaks: each member
/// of the document on a line of its own after two spaces (`"key": value`),
/// and each element of `events` on one after four.
#[derive(Default)]
struct Layout {
    /// How deep in arrays and objects the writer is: 1 inside the document.
    depth: usize,
    /// The document's member being written is `events`.
    in_events: bool,
    /// The key of a document member, while it is being written.
    key: Option<String>,
}

impl Formatter for Layout {
    fn begin_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.depth += 1;
        out.write_all(b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.depth -= 1;
        out.write_all(if self.depth == 0 { b"\n}" } else { b"}" })
    }

    fn begin_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.depth += 1;
        out.write_all(b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.depth -= 1;
        out.write_all(if self.depth == 1 && self.in_events { b"\n  ]" } else { b"]" })
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        let comma: &[u8] = if first { b"" } else { b"," };
        out.write_all(comma)?;
        if self.depth == 2 && self.in_events {
            out.write_all(b"\n    ")?;
        }
        Ok(())
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        let comma: &[u8] = if first { b"" } else { b"," };
        out.write_all(comma)?;
        if self.depth == 1 {
            self.key = Some(String::new());
            out.write_all(b"\n  ")?;
        }
        Ok(())
    }

    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        out: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        if let Some(key) = &mut self.key {
            key.push_str(fragment);
        }
        out.write_all(fragment.as_bytes())
    }

    fn end_object_key<W: ?Sized + Write>(&mut self, _out: &mut W) -> io::Result<()> {
        if let Some(key) = self.key.take() {
            self.in_events = key == "events";
        }
        Ok(())
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(if self.depth == 1 { b": " } else { b":" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Recorder;
    use crate::bounds::Window;
    use crate::contract::TraceDocument;
    use crate::search::{self, Algorithm, Options, Returns};
    use crate::settings::Settings;
    use crate::tree::{Naming, Overrides};

    /// A sink that keeps every event as its record.
    struct Records<'t> {
        tree: &'t Tree,
        records: Vec<EventRecord<'t>>,
    }

    impl Sink for Records<'_> {
        type Error = std::convert::Infallible;

        fn event(&mut self, event: &Event<'_>) -> Result<Flow, Self::Error> {
            let step = self.records.len() as u64 + 1;
            self.records.push(EventRecord::new(self.tree, step, event));
            Ok(Flow::Continue)
        }
    }

    /// The whole trace document, events included, built in memory.
    fn document<'t>(tree: &'t Tree, settings: &Settings) -> TraceDocument<'t> {
        let records = Records { tree, records: Vec::new() };
        let mut sinks = (Recorder::default(), records);
        let Settings { algorithm, options, .. } = settings;
        let outcome = search::run(tree, *algorithm, options, &mut sinks).unwrap();
        let (recorder, records) = sinks;
        let answer = recorder.into_answer();
        let mut document = Summary::of(tree, settings, &outcome, &answer).to_owned_lists();
        document.events = records.records;
        document
    }

    /// The trace `write` writes of the search of `tree` under `settings`,
    /// given the summary of one run and a replay that runs it again.
    fn written(tree: &Tree, settings: &Settings) -> Vec<u8> {
        let mut written = Vec::new();
        let (result, _) = write_to(&mut written, tree, settings);
        result.unwrap();
        written
    }

    /// The search of `tree` under `settings`, which remembers whether a
    /// replay stopped because its sink failed.
    struct Search<'a> {
        tree: &'a Tree,
        settings: &'a Settings,
        stopped: std::cell::Cell<bool>,
    }

    impl Replay for Search<'_> {
        fn replay<S: Sink>(&self, sink: &mut S) -> Result<Outcome, RunError<S::Error>> {
            let Settings { algorithm, options, .. } = self.settings;
            let run = search::run(self.tree, *algorithm, options, sink);
            self.stopped.set(matches!(run, Err(RunError::Sink(_))));
            run
        }
    }

    /// Writes the trace to `out`, and says whether the replay stopped
    /// because its sink failed.
    fn write_to(out: &mut dyn Write, tree: &Tree, settings: &Settings) -> (io::Result<()>, bool) {
        let search = Search { tree, settings, stopped: Default::default() };
        let mut recorder = Recorder::for_tree(tree);
        let outcome = search.replay(&mut recorder).unwrap();
        let answer = recorder.into_answer();
        let summary = Summary::of(tree, settings, &outcome, &answer);
        (write(out, tree, summary, &search), search.stopped.get())
    }

    /// A writer that takes `left` more bytes, then fails as a closed pipe.
    struct Closing {
        left: usize,
    }

    impl Write for Closing {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let taken = bytes.len().min(self.left);
            self.left -= taken;
            Ok(taken)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// An output that fails while the events are written stops the
    /// replayed search, and the trace fails with the output's own error
    /// (a closed pipe ends `gametree` quietly).
    #[test]
    fn a_write_error_among_the_events_stops_the_replay_with_its_own_error() {
        let tree = tictactoe("xo.|...|...");
        let settings = Settings::of(Algorithm::MINIMAX);
        let length = written(&tree, &settings).len();
        let (result, stopped) = write_to(&mut Closing { left: length / 2 }, &tree, &settings);
        assert_eq!(result.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        assert!(stopped, "the replay ran to its end");
    }

    /// The tree of tic-tac-toe from `position`.
    fn tictactoe(position: &str) -> Tree {
        use crate::generate::tictactoe::{self, Position};
        let mut text = Vec::new();
        tictactoe::write(&mut text, Position::parse(position).unwrap(), Default::default())
            .unwrap();
        crate::tree::parse(text, Naming::Letters, Overrides::default()).unwrap()
    }

    /// The written summary and events read back as the document they stand
    /// for (their layout is pinned by the CLI cases).
    #[test]
    fn written_traces_read_back_as_their_documents() {
        let mut traces = 0;
        for_every_search(|tree, settings| {
            let written = written(tree, settings);
            let read: TraceDocument = serde_json::from_slice(&written).unwrap();
            assert_eq!(read, document(tree, settings), "{}", String::from_utf8_lossy(&written));
            traces += 1;
        });
        assert!(traces > 300, "only {traces} traces compared");
    }

    /// A trace of thousands of events, with summary lists as long.
    #[test]
    fn long_traces_read_back_as_their_documents() {
        let tree = tictactoe("xo.|...|...");
        for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
            let settings = Settings::of(algorithm);
            let written = written(&tree, &settings);
            let read: TraceDocument = serde_json::from_slice(&written).unwrap();
            let document = document(&tree, &settings);
            assert!(document.events.len() > 1_000, "{} events", document.events.len());
            assert_eq!(read, document);
        }
    }

    /// Runs `check` on the search of every algorithm and setting on every
    /// example tree (names with quotes, backslashes and non-ASCII letters;
    /// fractions; bounds; cutoffs), plus a name with a quote, a backslash
    /// and a combining mark.
    fn for_every_search(mut check: impl FnMut(&Tree, &Settings)) {
        let mut texts = crate::tree::example_files();
        texts.push(r#"{"children": {"q\"\\\u00e9\u0301": ["x"]}, "values": {"x": 0.5}}"#.into());
        let windows = [Window::FULL, Window { alpha: 2.5, beta: 3.0 }];
        let returns = [Returns::FailSoft, Returns::FailHard, Returns::StartAtBound];
        for text in &texts {
            let tree =
                crate::tree::parse(text.as_slice(), Naming::Letters, Overrides::default()).unwrap();
            for algorithm in Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)) {
                for (window, strict, returns) in windows
                    .into_iter()
                    .flat_map(|w| [false, true].map(|s| (w, s)))
                    .flat_map(|(w, s)| returns.map(|r| (w, s, r)))
                {
                    // Minimax and negamax ignore the pruning settings (only
                    // the command line refuses them); their documents still
                    // record them.
                    let options = Options { window, strict, returns, ..Options::default() };
                    check(&tree, &Settings { options, ..Settings::of(algorithm) });
                }
            }
        }
    }
}
