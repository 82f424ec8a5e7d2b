//! Grading as one call: an [`Exercise`] is the tree and the settings a
//! course gives; [`Exercise::grade`] reads one answer (classroom lines or
//! a JSON trace) and returns its verdict, having run the search, the
//! witness that explains it, and the other conventions under which a
//! wrong answer would be right.

use std::borrow::Cow;

use super::classroom::{self, AnswerError};
use super::explain::Witness;
use super::{GradeOptions, Verdict, conventions, trace_file};
use crate::answer::Recorder;
use crate::search::{self, SearchError};
use crate::settings::{Refused, Requested, Settings};
use crate::tree::{Naming, Overrides, Tree, TreeError};

/// The tree file as read, to read again under another convention.
#[derive(Clone, Debug)]
pub struct TreeSource<'a> {
    pub bytes: Cow<'a, [u8]>,
    pub naming: Naming,
    /// What the command line says of the tree; it stands over what an
    /// answer's record says.
    pub given: Overrides,
}

impl TreeSource<'_> {
    /// The tree, with `defaults` where nothing is given.
    pub fn read(&self, defaults: Overrides) -> Result<Tree, TreeError> {
        let overrides = Overrides {
            player: self.given.player.or(defaults.player),
            perspective: self.given.perspective.or(defaults.perspective),
            graph: self.given.graph || defaults.graph,
        };
        crate::import::parse(Cow::Borrowed(&self.bytes), self.naming, overrides)
    }
}

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
    source: TreeSource<'a>,
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
        let tree = source.read(Overrides::default()).map_err(ExerciseError::Tree)?;
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
        let text = answer_text(bytes)?;
        if trace_file::looks_like_json(text) {
            return self.grade_trace(text);
        }
        let lines = classroom::parse(text, &self.tree)?;
        // The search was checked to run when the exercise was made.
        let mut verdict = grade_lines(&self.tree, &lines, &self.settings, self.options)
            .map_err(|error| AnswerError::whole(error.to_string()))?;
        if !verdict.is_right() {
            verdict.hint = self.other_convention(text, &lines);
        }
        Ok(verdict)
    }

    /// Grades one answer, the only one: a JSON trace is checked once the
    /// tree file is let go, which leaves a large trace's check the memory.
    pub fn grade_alone(self, bytes: &[u8]) -> Result<Verdict, AnswerError> {
        let text = answer_text(bytes)?;
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
        let Exercise { tree, source, .. } = self;
        drop(source);
        let tree = read_again.unwrap_or(tree);
        trace_file::grade(&tree, &settings, &trace, text)
    }

    /// Grades a JSON trace against the search it records, with the
    /// course's settings where it gives them.
    fn grade_trace(&self, text: &str) -> Result<Verdict, AnswerError> {
        let trace = trace_file::read(text)?;
        let (tree, settings) = self.trace_search(&trace)?;
        trace_file::grade(&tree, &settings, &trace, text)
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
        let settings = requested.resolve(search::Algorithm::MINIMAX).map_err(|r| cannot(r.0))?;
        let same = self.tree.player(self.tree.root()) == trace.player
            && recorded.perspective.is_none_or(|p| p == self.tree.perspective())
            && settings.order == self.settings.order;
        let tree = match same {
            true => Cow::Borrowed(&self.tree),
            false => {
                let tree = self.source.read(recorded).map_err(|e| cannot(e.message))?;
                Cow::Owned(settings.arrange(tree).map_err(|e| cannot(e.to_string()))?)
            }
        };
        search::check(&tree, settings.algorithm, &settings.options)
            .map_err(|error| cannot(error.to_string()))?;
        Ok((tree, settings))
    }

    /// The first other convention under which the whole answer is right,
    /// in words ("this answer is right with --strict: ...").
    fn other_convention(&self, text: &str, lines: &[classroom::Line]) -> Option<String> {
        let given = self.source.given;
        conventions::others(&self.tree, &self.settings, &self.requested, given)
            .into_iter()
            .find_map(|other| {
                let tree = match other.overrides {
                    Some(overrides) => {
                        let tree = self.source.read(overrides).ok()?;
                        Cow::Owned(other.requested.resolve_for(&tree).ok()?.arrange(tree).ok()?)
                    }
                    None => Cow::Borrowed(&self.tree),
                };
                let settings = other.requested.resolve_for(&tree).ok()?;
                let lines = match other.overrides {
                    Some(_) => Cow::Owned(classroom::parse(text, &tree).ok()?),
                    None => Cow::Borrowed(lines),
                };
                let verdict = grade_lines(&tree, &lines, &settings, self.options).ok()?;
                verdict.is_right().then(|| format!("this answer is right {}", other.words))
            })
    }
}

/// Runs the search with a witness and grades the classroom lines.
fn grade_lines(
    tree: &Tree,
    lines: &[classroom::Line],
    settings: &Settings,
    options: GradeOptions,
) -> Result<Verdict, SearchError> {
    let Settings { algorithm, options: ref search_options, .. } = *settings;
    let mut sinks = (Recorder::default(), Witness::new(tree, algorithm, search_options));
    search::run(tree, algorithm, search_options, &mut sinks)?;
    let (recorder, witness) = sinks;
    Ok(super::grade(tree, lines, &recorder.into_answer(), &witness, options))
}

/// An answer file's text: UTF-8, without a byte-order mark (as some
/// editors save one).
fn answer_text(bytes: &[u8]) -> Result<&str, AnswerError> {
    let text = std::str::from_utf8(bytes).map_err(|_| AnswerError::whole("not UTF-8 text"))?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}
