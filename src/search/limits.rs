//! The limits a search works within: static values where the depth limit
//! stops it, and the values the game can take (`--value-range`), where a
//! node can stop as soon as it has its player's best.

use super::{Bound, CutoffRule, Options, SearchError, View, Window};
use crate::num::Num;
use crate::tree::{Player, Tree};

/// Checks that `options` can be honoured on `tree`: every node at the
/// depth limit that has children needs a static value, and every value
/// lies in the `--value-range`.
pub fn check(tree: &Tree, options: &Options) -> Result<(), SearchError> {
    if let Some(range) = options.value_range {
        let outside = |value: f64| value < range.alpha || value > range.beta;
        let node = tree.nodes().find(|&node| tree.value(node).is_some_and(outside));
        if let Some(node) = node {
            return Err(SearchError::OutsideRange {
                node: tree.name(node).to_string(),
                value: Num(tree.value(node).unwrap_or_default()).to_string(),
                range: format!("{}..{}", Num(range.alpha), Num(range.beta)),
            });
        }
    }
    match options.depth_limit {
        Some(limit) => check_static_values(tree, limit),
        None => Ok(()),
    }
}

/// Where a node reaches the best value its player can get in `range`
/// (from MAX's point of view), the cutoff that stops it: `v >= beta` for
/// a maximising node, `v <= alpha` for a minimising one, the range's ends
/// as the bounds. Values are in `view`.
pub(crate) fn best_possible(
    range: Option<Window>,
    view: View,
    player: Player,
    v: f64,
) -> Option<CutoffRule> {
    let range = range?;
    let range = if view == View::Mover && player == Player::Min { range.negated() } else { range };
    if view.minimises(player) {
        (v <= range.alpha).then_some(CutoffRule {
            value: v,
            bound: Bound::Alpha,
            limit: range.alpha,
            strict: false,
        })
    } else {
        (v >= range.beta).then_some(CutoffRule {
            value: v,
            bound: Bound::Beta,
            limit: range.beta,
            strict: false,
        })
    }
}

fn check_static_values(tree: &Tree, limit: u32) -> Result<(), SearchError> {
    let mut stack = vec![(tree.root(), 0u32)];
    while let Some((node, depth)) = stack.pop() {
        if tree.is_leaf(node) {
            continue;
        }
        if depth == limit {
            if tree.value(node).is_none() {
                let node = tree.name(node).to_string();
                return Err(SearchError::MissingStaticValue { node, limit });
            }
            continue;
        }
        stack.extend(tree.children(node).iter().rev().map(|&child| (child, depth + 1)));
    }
    Ok(())
}
