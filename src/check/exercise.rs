//! Grading as one call: an [`Exercise`] is the tree and the settings a
//! course gives; [`Exercise::grade`] reads one answer (classroom lines or
//! a JSON trace) and returns its verdict, having run the search, the
//! witness that explains it, and the other conventions under which a
//! wrong answer would be right.

use std::borrow::Cow;

use super::answer_file;
use super::classroom::{self, AnswerError, Key, Reading};
use super::conventions::Other;
use super::explain::Witness;
use super::facts::Facts;
use super::source::{self, TreeFile, TreeSource};
use super::{Convention, GradeOptions, Verdict, conventions, trace_file};
use crate::answer::Recorder;
use crate::lang::Lang;
use crate::order::Order;
use crate::search::{self, SearchError};
use crate::settings::{Refused, Requested, Settings};
use crate::tree::{Overrides, Tree, TreeError};

/// Why an exercise cannot be graded at all: the course's side.
#[derive(Debug)]
pub enum ExerciseError {
    /// The tree file cannot be read.
    Tree(TreeError),
    /// The settings do not fit together.
    Refused(Refused),
    /// The search cannot run on the tree.
    Search(SearchError),
}

/// A tree and the settings to grade answers about it with.
pub struct Exercise<'a> {
    source: TreeFile<'a>,
    /// The tree as given, its children in the order asked for.
    tree: Tree,
    requested: Requested,
    settings: Settings,
    options: GradeOptions,
}

impl<'a> Exercise<'a> {
    /// Reads the tree and resolves the settings for it; the search must be
    /// able to run.
    pub fn new(
        source: TreeSource<'a>,
        requested: Requested,
        options: GradeOptions,
    ) -> Result<Exercise<'a>, ExerciseError> {
        let (tree, source) = source.open(Overrides::default()).map_err(ExerciseError::Tree)?;
        let requested = agent_convention(&tree, requested).map_err(ExerciseError::Refused)?;
        let settings = requested.resolve_for(&tree).map_err(ExerciseError::Refused)?;
        let tree = settings.arrange(tree).map_err(ExerciseError::Search)?;
        search::check(&tree, settings.algorithm, &settings.options)
            .map_err(ExerciseError::Search)?;
        Ok(Exercise { source, tree, requested, settings, options })
    }

    /// The tree answers are read against.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Grades one answer, given as the bytes of its file.
    pub fn grade(&self, bytes: &[u8]) -> Result<Verdict, AnswerError> {
        let text = answer_file::text(bytes, self.options.lang.unwrap_or_default())?;
        let text = text.as_ref();
        if trace_file::looks_like_json(text) {
            return self.grade_trace(text);
        }
        let reading = classroom::parse_in(text, &self.tree, self.options.lang)?;
        // The search was checked to run when the exercise was made.
        let mut verdict = grade_lines(&self.tree, &reading, &self.settings, self.options)
            .map_err(|error| AnswerError::whole(error.to_string()))?;
        // A best move alone is too little to say which convention it follows.
        let telling = reading.lines.iter().any(|line| line.key != Key::BestMove);
        if !verdict.is_right() && telling {
            verdict.convention = self.other_convention(text, &reading, verdict.lang);
            if self.source.changed() {
                // The notes the file read again would give are missing.
                return Err(AnswerError::whole(source::CHANGED));
            }
        }
        Ok(verdict)
    }

    /// Whether the tree file was found changed since the exercise read it,
    /// when an answer needed it again: that answer, and any later one that
    /// needs it, is refused, and the grades of a class should be made
    /// again.
    pub fn tree_changed(&self) -> bool {
        self.source.changed()
    }

    /// Grades one answer, the only one: a JSON trace is checked once the
    /// tree file's bytes, if they are held, are let go, which leaves a
    /// large trace's check the memory.
    pub fn grade_alone(self, bytes: &[u8]) -> Result<Verdict, AnswerError> {
        let text = answer_file::text(bytes, self.options.lang.unwrap_or_default())?;
        let text = text.as_ref();
        if !trace_file::looks_like_json(text) {
            return self.grade(bytes);
        }
        let trace = trace_file::read(text)?;
        let (read_again, settings) = match self.trace_search(&trace)? {
            (Cow::Owned(tree), settings) => (Some(tree), settings),
            (Cow::Borrowed(_), settings) => (None, settings),
        };
        // The exercise's own tree where it is the trace's, without a copy;
        // the tree file is let go before the search.
        let Exercise { tree, source, options, .. } = self;
        drop(source);
        let tree = read_again.unwrap_or(tree);
        trace_file::grade(&tree, &settings, &trace, text).map(|v| for_trace(v, options))
    }

    /// Grades a JSON trace against the search it records, with the
    /// course's settings where it gives them.
    fn grade_trace(&self, text: &str) -> Result<Verdict, AnswerError> {
        let trace = trace_file::read(text)?;
        let (tree, settings) = self.trace_search(&trace)?;
        trace_file::grade(&tree, &settings, &trace, text).map(|v| for_trace(v, self.options))
    }

    /// The tree and settings of the search `trace` records: the exercise's
    /// tree where the trace's own player, perspective and order are its,
    /// else the tree read again with them.
    fn trace_search(
        &self,
        trace: &trace_file::TraceAnswer<'_>,
    ) -> Result<(Cow<'_, Tree>, Settings), AnswerError> {
        let requested = trace_file::requested(&self.requested, trace);
        let recorded = Overrides {
            player: Some(trace.player),
            perspective: trace.options.perspective,
            graph: false,
        };
        let cannot =
            |why: String| AnswerError::whole(format!("the trace cannot be checked: {why}"));
        let settings = requested
            .resolve(search::Algorithm::MINIMAX)
            .map_err(|_| cannot(self.refused(&requested)))?;
        let same = self.tree.player(self.tree.root()) == trace.player
            && recorded.perspective.is_none_or(|p| p == self.tree.perspective())
            && settings.order == self.settings.order;
        let overrides = self.source.given().or(recorded);
        let tree = match same {
            true => Cow::Borrowed(&self.tree),
            false => match self.seen_as(overrides, settings.order) {
                Some(tree) => Cow::Owned(tree),
                None => {
                    let tree = self.source.read_as(overrides).map_err(|e| cannot(e.message))?;
                    let unsearchable = |error| AnswerError::whole(trace_file::unsearchable(&error));
                    Cow::Owned(settings.arrange(tree).map_err(unsearchable)?)
                }
            },
        };
        search::check(&tree, settings.algorithm, &settings.options)
            .map_err(|error| AnswerError::whole(trace_file::unsearchable(&error)))?;
        Ok((tree, settings))
    }

    /// Why the settings a trace records, with the course's, do not fit
    /// together, for the student: its window is empty, or its algorithm is
    /// not one the course's settings apply to (they fit the exercise's
    /// own, as the exercise was made with them).
    fn refused(&self, requested: &Requested) -> String {
        if requested.window().is_ok() {
            return self.other_algorithm(requested);
        }
        let bound = |bound: Option<f64>, default: f64| crate::num::Num(bound.unwrap_or(default));
        let alpha = bound(requested.alpha, f64::NEG_INFINITY);
        let beta = bound(requested.beta, f64::INFINITY);
        format!("its window alpha={alpha} beta={beta} is empty: alpha must be less than beta")
    }

    fn other_algorithm(&self, requested: &Requested) -> String {
        let traced = requested.algorithm.unwrap_or(search::Algorithm::MINIMAX).name();
        let exercise = self.settings.algorithm.name();
        format!("it searches with {traced}, but this exercise searches with {exercise}")
    }

    /// The first other convention under which the whole answer is right.
    fn other_convention(&self, text: &str, reading: &Reading, lang: Lang) -> Option<Convention> {
        let given = self.source.given();
        conventions::others(&self.tree, &self.settings, &self.requested, given, lang)
            .into_iter()
            .find_map(|other| {
                let (tree, reading) = self.as_other(&other, text, reading)?;
                let settings = other.requested.resolve_for(&tree).ok()?;
                let verdict = right_or_wrong(&tree, &reading, &settings, self.options).ok()?;
                verdict.is_right().then_some(other.convention)
            })
    }

    /// The tree and the answer's reading under `other`: the exercise's own
    /// where it changes no tree; turned in memory, with the same nodes and
    /// names and so the same reading, where it can be; else the tree file
    /// read again, and the answer read anew against it.
    fn as_other<'s>(
        &'s self,
        other: &Other,
        text: &str,
        reading: &'s Reading,
    ) -> Option<(Cow<'s, Tree>, Cow<'s, Reading>)> {
        let Some(overrides) = other.overrides else {
            return Some((Cow::Borrowed(&self.tree), Cow::Borrowed(reading)));
        };
        if let Some(tree) = self.seen_as(overrides, other.requested.order.unwrap_or_default()) {
            return Some((Cow::Owned(tree), Cow::Borrowed(reading)));
        }
        let tree = self.source.read_as(overrides).ok()?;
        let tree = other.requested.resolve_for(&tree).ok()?.arrange(tree).ok()?;
        let reading = classroom::parse(text, &tree).ok()?;
        Some((Cow::Owned(tree), Cow::Owned(reading)))
    }

    /// The tree the file gives with `overrides` (which replace the command
    /// line's), made from the exercise's own where it can be: both it and
    /// the search it is for, searching in `order`, keep the file's order of
    /// children, and the file names no player below the root. Its nodes
    /// are then the exercise tree's, with the same ids.
    fn seen_as(&self, overrides: Overrides, order: Order) -> Option<Tree> {
        if self.settings.order != Order::Given || order != Order::Given {
            return None;
        }
        // Overrides that leave the player or perspective to the file leave
        // the exercise's, read with the command line's (which they hold).
        let player = overrides.player.unwrap_or(self.tree.player(self.tree.root()));
        self.tree.seen_as(player, overrides.perspective.unwrap_or(self.tree.perspective()))
    }
}

/// The settings asked for, held to the search a CS188 test's agent fixes:
/// `--algo` naming the agent's algorithm keeps its conventions (CS188's
/// `AlphaBetaAgent` prunes only on strict inequality); another algorithm
/// contradicts the test.
fn agent_convention(tree: &Tree, requested: Requested) -> Result<Requested, Refused> {
    let (Some(suggested), Some(algorithm)) = (tree.suggested(), requested.algorithm) else {
        return Ok(requested);
    };
    if algorithm.name() != suggested.algorithm {
        let strict = if suggested.strict { " with strict cutoffs" } else { "" };
        return Err(Refused(format!(
            "the CS188 test's agent searches with {}{strict}; --algo {} contradicts it (leave --algo out)",
            suggested.algorithm,
            algorithm.name()
        )));
    }
    Ok(Requested { strict: requested.strict || suggested.strict, ..requested })
}

/// A trace's verdict with the exercise's points and language.
fn for_trace(verdict: Verdict, options: GradeOptions) -> Verdict {
    Verdict { points: options.points, lang: options.lang.unwrap_or_default(), ..verdict }
}

/// Grades classroom lines: a search that keeps only the values tells
/// right from wrong; a wrong answer is searched again with a witness,
/// which explains the first wrong item of each key (it keeps 5 bytes a
/// node, which a right answer does not pay for).
fn grade_lines(
    tree: &Tree,
    reading: &Reading,
    settings: &Settings,
    options: GradeOptions,
) -> Result<Verdict, SearchError> {
    let verdict = right_or_wrong(tree, reading, settings, options)?;
    if verdict.is_right() {
        return Ok(verdict);
    }
    drop(verdict);
    let Settings { algorithm, options: ref search_options, .. } = *settings;
    let lang = options.lang.unwrap_or(reading.lang);
    let witness = Witness::new(tree, algorithm, search_options).speaking(lang);
    let mut sinks = (Recorder::for_tree(tree), witness);
    search::run(tree, algorithm, search_options, &mut sinks)?;
    let (recorder, witness) = sinks;
    Ok(super::grade(tree, reading, &recorder.into_answer(), &witness, options))
}

/// The verdict on classroom lines without explanations: whether each key
/// is right.
fn right_or_wrong(
    tree: &Tree,
    reading: &Reading,
    settings: &Settings,
    options: GradeOptions,
) -> Result<Verdict, SearchError> {
    let Settings { algorithm, options: ref search_options, .. } = *settings;
    let mut sinks = (Recorder::for_tree(tree), Facts::new(tree, algorithm));
    search::run(tree, algorithm, search_options, &mut sinks)?;
    let (recorder, facts) = sinks;
    let answer = recorder.into_answer();
    Ok(super::grade_with(tree, reading, (&answer, &facts), None, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree behind `min_first` and `right`, in `tree`'s file, which
    /// changes (a 3 becomes a 7) after `min_first` was graded once: whether
    /// `min_first` is still graded, with `--player min` as its convention.
    fn graded_after_the_file_changed(tree: &[u8]) -> Result<Verdict, AnswerError> {
        use std::io::{Seek, Write};
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(tree).unwrap();
        let source = TreeSource {
            bytes: Cow::Borrowed(tree),
            file: Some(file.try_clone().unwrap()),
            naming: crate::tree::Naming::Letters,
            given: Overrides::default(),
        };
        let exercise =
            Exercise::new(source, Requested::default(), GradeOptions::default()).unwrap();
        // Right with --player min.
        let lines = "leaves: e f g h i j k l m\npruned: none\nbest move:";
        let min_first = format!(
            "order: e:3 f:12 g:8 b:12 h:2 i:4 j:6 c:6 k:14 l:5 m:2 d:14 a:6\n{lines} c\nvalue: 6"
        );
        let right = format!(
            "order: e:3 f:12 g:8 b:3 h:2 i:4 j:6 c:2 k:14 l:5 m:2 d:2 a:3\n{lines} b\nvalue: 3"
        );
        let (min_first, right) = (min_first.as_bytes(), right.as_bytes());
        assert!(exercise.grade(min_first).unwrap().convention.is_some());
        file.rewind().unwrap();
        let changed: Vec<u8> = tree.iter().map(|&b| if b == b'3' { b'7' } else { b }).collect();
        file.write_all(&changed).unwrap();
        assert!(!exercise.tree_changed(), "found when the file is needed");
        assert!(exercise.grade(right).unwrap().is_right(), "a right answer needs no file");
        let verdict = exercise.grade(min_first);
        assert_eq!(exercise.tree_changed(), verdict.is_err());
        verdict
    }

    #[test]
    fn another_player_at_the_root_is_tried_without_the_file() {
        let verdict = graded_after_the_file_changed(b"[[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
        let teacher = verdict.unwrap().convention.unwrap().teacher;
        assert_eq!(teacher, "this answer is right with --player min");
    }

    #[test]
    fn an_answer_that_needs_the_tree_file_changed_since_is_refused() {
        // A player named below the root (a leaf's, which changes no value)
        // makes trying another player at the root read the file again.
        let tree = br#"{"players": {"e": "min"}, "children": {"a": ["b", "c", "d"],
            "b": ["e", "f", "g"], "c": ["h", "i", "j"], "d": ["k", "l", "m"]},
            "values": {"e": 3, "f": 12, "g": 8, "h": 2, "i": 4, "j": 6, "k": 14, "l": 5, "m": 2}}"#;
        let refused = graded_after_the_file_changed(tree).unwrap_err();
        assert_eq!(refused.message, source::CHANGED);
    }
}
