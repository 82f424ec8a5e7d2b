//! The other conventions courses use, for telling a student whose answer
//! is wrong that it would be right under another one ("this answer is
//! right with --strict: does your course prune only when v > beta?").

use super::args::{SearchArgs, WindowArgs};
use crate::search::Algorithm;
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
/// setting: strict cutoffs and fail-hard (for the alpha-beta algorithms),
/// the root player, the perspective of the values.
pub fn others(
    tree: &Tree,
    algorithm: Algorithm,
    search: &SearchArgs,
    given: Overrides,
) -> Vec<Other> {
    let mut others = Vec::new();
    let same_tree = |search: SearchArgs, words: String| Other { search, overrides: None, words };
    if algorithm.prunes() {
        let strict = !search.window.strict;
        let words = match strict {
            true => {
                "with --strict: does your course prune only when v > beta (v < alpha), not on equality?"
            }
            false => {
                "without --strict: does your course prune on equality, v >= beta (v <= alpha)?"
            }
        };
        let window = WindowArgs { strict, ..search.window };
        others.push(same_tree(SearchArgs { window, ..*search }, words.into()));
        let fail_hard = !search.fail_hard;
        let words = match fail_hard {
            true => "with --fail-hard: does your course clamp each value into its node's window?",
            false => {
                "without --fail-hard: does your course let values fall outside the window (fail-soft)?"
            }
        };
        others.push(same_tree(SearchArgs { fail_hard, ..*search }, words.into()));
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
