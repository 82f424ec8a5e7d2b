//! The other conventions courses use, for telling a student whose answer
//! is wrong that it would be right under another one ("this answer is
//! right with --strict: does your course prune only when v > beta?").

use crate::search::{NegamaxView, Returns, View};
use crate::settings::{Requested, Settings};
use crate::tree::{Overrides, Perspective, Tree};

/// A convention other than the one graded against.
pub struct Other {
    pub requested: Requested,
    /// The tree read again with these, when the convention is about the tree.
    pub overrides: Option<Overrides>,
    /// `with --strict: does your course ...?`
    pub words: String,
}

/// The conventions to try, each differing from `requested` and `given` in
/// one setting: strict cutoffs and what nodes return (for the alpha-beta
/// algorithms), whose side negamax values are shown from, the root player,
/// the perspective of the values. `settings` are `requested` resolved for
/// `tree`.
pub fn others(
    tree: &Tree,
    settings: &Settings,
    requested: &Requested,
    given: Overrides,
) -> Vec<Other> {
    let algorithm = settings.algorithm;
    let requested = &Requested { algorithm: Some(algorithm), ..*requested };
    let mut others = Vec::new();
    if algorithm.prunes() {
        others.extend(pruning_conventions(requested));
    }
    if algorithm.view() == View::Mover {
        others.push(other_negamax_view(requested));
    }
    let player = tree.player(tree.root()).opponent();
    others.push(Other {
        requested: *requested,
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
        requested: *requested,
        overrides: Some(Overrides { perspective: Some(perspective), ..given }),
        words: format!(
            "with --perspective {name}: are the tree's values written from {whose} point of view?"
        ),
    });
    others
}

/// A search setting changed, on the same tree.
fn same_tree(requested: Requested, words: String) -> Other {
    Other { requested, overrides: None, words }
}

/// The other pruning rule, and the other two conventions for what nodes return.
fn pruning_conventions(requested: &Requested) -> Vec<Other> {
    let strict = !requested.strict;
    let words = match strict {
        true => {
            "with --strict: does your course prune only when v > beta (v < alpha), not on equality?"
        }
        false => "without --strict: does your course prune on equality, v >= beta (v <= alpha)?",
    };
    let mut others = vec![same_tree(Requested { strict, ..*requested }, words.into())];
    let given = requested.returns.unwrap_or_default();
    for returns in [Returns::FailSoft, Returns::FailHard, Returns::StartAtBound] {
        if returns != given {
            let words = returns_question(returns, given);
            others.push(same_tree(Requested { returns: Some(returns), ..*requested }, words));
        }
    }
    others
}

/// Negamax values shown from the other side.
fn other_negamax_view(requested: &Requested) -> Other {
    let (negamax_view, words) = match requested.negamax_view.unwrap_or_default() {
        NegamaxView::ToMove => (
            NegamaxView::Moved,
            "with --negamax-view moved: does your course give each value from the side that moved into the node?",
        ),
        NegamaxView::Moved => (
            NegamaxView::ToMove,
            "without --negamax-view moved: does your course give each value from the side to move?",
        ),
    };
    same_tree(Requested { negamax_view: Some(negamax_view), ..*requested }, words.into())
}

/// The question for a student whose answer is right when nodes return as
/// `returns` says, rather than as `given` says.
fn returns_question(returns: Returns, given: Returns) -> String {
    match returns {
        Returns::FailHard => {
            "with --fail-hard: does your course clamp each value into its node's window?".into()
        }
        Returns::StartAtBound => "with --start-at-bound: does your course start v at alpha \
            (MAX) or beta (MIN), so that no value falls below alpha or above beta?"
            .into(),
        Returns::FailSoft => {
            let flag = if given == Returns::FailHard { "--fail-hard" } else { "--start-at-bound" };
            format!(
                "without {flag}: does your course let values fall outside the window (fail-soft)?"
            )
        }
    }
}
