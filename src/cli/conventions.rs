//! The other conventions courses use, for telling a student whose answer
//! is wrong that it would be right under another one ("this answer is
//! right with --strict: does your course prune only when v > beta?").

use super::args::{ReturnArgs, SearchArgs, WindowArgs};
use crate::search::{Algorithm, NegamaxView, Returns, View};
use crate::tree::{Overrides, Perspective, Tree};

/// A convention other than the one graded against.
pub struct Other {
    pub search: SearchArgs,
    /// The tree read again with these, when the convention is about the tree.
    pub overrides: Option<Overrides>,
    /// `with --strict: does your course ...?`
    pub words: String,
}

/// The conventions to try, each differing from `search` and `given` in one
/// setting: strict cutoffs and what nodes return (for the alpha-beta
/// algorithms), whose side negamax values are shown from, the root player,
/// the perspective of the values.
pub fn others(
    tree: &Tree,
    algorithm: Algorithm,
    search: &SearchArgs,
    given: Overrides,
) -> Vec<Other> {
    let mut others = Vec::new();
    if algorithm.prunes() {
        others.extend(pruning_conventions(search));
    }
    if algorithm.view() == View::Mover {
        others.push(other_negamax_view(search));
    }
    let player = tree.player(tree.root()).opponent();
    others.push(Other {
        search: *search,
        overrides: Some(Overrides { player: Some(player), ..given }),
        words: format!(
            "with --player {}: does {player} move first in your course's tree?",
            player.to_string().to_lowercase()
        ),
    });
    let (perspective, name) = match tree.perspective() {
        Perspective::Max => (Perspective::Mover, "mover"),
        Perspective::Mover => (Perspective::Max, "max"),
    };
    let whose = if perspective == Perspective::Mover { "the mover's" } else { "MAX's" };
    others.push(Other {
        search: *search,
        overrides: Some(Overrides { perspective: Some(perspective), ..given }),
        words: format!(
            "with --perspective {name}: are the tree's values written from {whose} point of view?"
        ),
    });
    others
}

/// A search setting changed, on the same tree.
fn same_tree(search: SearchArgs, words: String) -> Other {
    Other { search, overrides: None, words }
}

/// The other pruning rule, and the other two conventions for what nodes return.
fn pruning_conventions(search: &SearchArgs) -> Vec<Other> {
    let strict = !search.window.strict;
    let words = match strict {
        true => {
            "with --strict: does your course prune only when v > beta (v < alpha), not on equality?"
        }
        false => "without --strict: does your course prune on equality, v >= beta (v <= alpha)?",
    };
    let window = WindowArgs { strict, ..search.window };
    let mut others = vec![same_tree(SearchArgs { window, ..*search }, words.into())];
    for returns in [Returns::FailSoft, Returns::FailHard, Returns::StartAtBound] {
        if returns != search.returns.returns() {
            let words = returns_question(returns, search.returns);
            others
                .push(same_tree(SearchArgs { returns: ReturnArgs::of(returns), ..*search }, words));
        }
    }
    others
}

/// Negamax values shown from the other side.
fn other_negamax_view(search: &SearchArgs) -> Other {
    let (negamax_view, words) = match search.negamax_view.unwrap_or_default() {
        NegamaxView::ToMove => (
            NegamaxView::Moved,
            "with --negamax-view moved: does your course give each value from the side that moved into the node?",
        ),
        NegamaxView::Moved => (
            NegamaxView::ToMove,
            "without --negamax-view moved: does your course give each value from the side to move?",
        ),
    };
    same_tree(SearchArgs { negamax_view: Some(negamax_view), ..*search }, words.into())
}

/// The question for a student whose answer is right when nodes return as
/// `returns` says, rather than as `given` says.
fn returns_question(returns: Returns, given: ReturnArgs) -> String {
    match returns {
        Returns::FailHard => {
            "with --fail-hard: does your course clamp each value into its node's window?".into()
        }
        Returns::StartAtBound => "with --start-at-bound: does your course start v at alpha \
            (MAX) or beta (MIN), so that no value falls below alpha or above beta?"
            .into(),
        Returns::FailSoft => {
            let flag = if given.fail_hard { "--fail-hard" } else { "--start-at-bound" };
            format!(
                "without {flag}: does your course let values fall outside the window (fail-soft)?"
            )
        }
    }
}
