//! Grading that only tells right from wrong (a search that keeps the values
//! it gives, without a witness) is what `check` does first, and all it does
//! for a right answer and for the other conventions it tries: its verdict
//! must be the explained grading's in everything but the explanations.

use gametree::answer::Recorder;
use gametree::check::facts::Facts;
use gametree::check::{self, GradeOptions, Verdict, classroom, explain::Witness};
use gametree::search::{self, Algorithm, Options, Returns};
use gametree::settings::Settings;
use gametree::trace::{self, Format, Request};
use gametree::tree::{self, Naming, Overrides, Tree};
use proptest::prelude::*;

use crate::properties::strategies::{tree_document, window};

/// The tool's own classroom answer of `algorithm` searching with `options`.
fn answer_text(tree: &Tree, algorithm: Algorithm, options: Options) -> String {
    let request = Request::new(Settings { options, ..Settings::of(algorithm) }, Format::Answer);
    let mut text = Vec::new();
    trace::write(tree, &request, &mut text).expect("the answer is written");
    String::from_utf8(text).expect("answers are UTF-8")
}

/// The verdict on `text` with explanations, and without.
fn both_grades(
    tree: &Tree,
    text: &str,
    (algorithm, options): (Algorithm, Options),
    grading: GradeOptions,
) -> (Verdict, Verdict) {
    let reading = classroom::parse(text, tree).expect("the answer reads");
    let mut sinks = (Recorder::default(), Witness::new(tree, algorithm, &options));
    search::run(tree, algorithm, &options, &mut sinks).expect("the search runs");
    let (recorder, witness) = sinks;
    let explained = check::grade(tree, &reading, &recorder.into_answer(), &witness, grading);
    let mut sinks = (Recorder::default(), Facts::new(tree, algorithm));
    search::run(tree, algorithm, &options, &mut sinks).expect("the search runs");
    let (recorder, facts) = sinks;
    let answer = recorder.into_answer();
    let plain = check::grade_with(tree, &reading, (&answer, &facts), None, grading);
    (explained, plain)
}

/// A verdict with every explanation taken out.
fn unexplained(mut verdict: Verdict) -> Verdict {
    for key in &mut verdict.keys {
        if let Some(wrong) = &mut key.wrong {
            wrong.explanation = None;
        }
    }
    verdict
}

proptest! {
    /// Each algorithm's answer graded against its own search and another
    /// algorithm's: right against its own, mostly wrong against the other,
    /// the same verdict either way.
    #[test]
    fn a_grade_without_explanations_is_the_explained_grade_without_them(
        document in tree_document(),
        window in window(),
        strict in any::<bool>(),
        fail_hard in any::<bool>(),
        any_best_move in any::<bool>(),
        other in any::<prop::sample::Index>(),
        best_move in any::<prop::sample::Index>(),
    ) {
        let tree = tree::parse(document.to_string().as_bytes(), Naming::Letters, Overrides::default())
            .expect("a valid tree");
        let returns = if fail_hard { Returns::FailHard } else { Returns::FailSoft };
        let options = Options { window, strict, returns, ..Options::default() };
        let grading = GradeOptions { any_best_move, ..GradeOptions::default() };
        let searching: Vec<Algorithm> = Algorithm::ALL.into_iter().filter(|a| a.searches(&tree)).collect();
        // Any move as the best: the search's, one as good, or a worse one.
        let moves = tree.children(tree.root());
        let named = moves.get(best_move.index(moves.len().max(1))).map_or("none", |&m| tree.name(m));
        for &written_by in &searching {
            let text = answer_text(&tree, written_by, options);
            let text: String = text.lines().map(|line| match line.starts_with("best move:") {
                true => format!("best move: {named}\n"),
                false => format!("{line}\n"),
            }).collect();
            for graded_by in [written_by, *other.get(&searching)] {
                let (explained, plain) = both_grades(&tree, &text, (graded_by, options), grading);
                if graded_by == written_by {
                    let mut others = plain.keys.iter().filter(|key| key.key != "best move");
                    prop_assert!(others.all(|key| key.wrong.is_none()), "{:?}: {}\n{:?}", graded_by, text, plain);
                }
                prop_assert_eq!(unexplained(explained), unexplained(plain), "{}", text);
            }
        }
    }
}
