//! The limits a search works within: static values where the depth limit
//! stops it, and the values the game can take (`--value-range`), where a
//! node can stop as soon as it has its player's best.

use std::cell::Cell;

use super::engine::Steps;
use super::expectimax::Expectimax;
use super::minimax::Minimax;
use super::{Algorithm, Event, Flow, Options, SearchError, View};
use crate::bounds::{Bound, CutoffRule, Window};
use crate::num::Num;
use crate::tree::{Player, Tree};

/// Checks that `algorithm` can search `tree` under `options`: only
/// expectimax searches chance nodes, every node at the depth limit that
/// has children needs a static value, and every value lies in the
/// `--value-range`.
pub fn check(tree: &Tree, algorithm: Algorithm, options: &Options) -> Result<(), SearchError> {
    check_chance(tree, algorithm)?;
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
    if algorithm.about().deepens {
        return check_iterations(tree, options.depth_limit);
    }
    match options.depth_limit {
        Some(limit) => check_static_values(tree, limit),
        None => Ok(()),
    }
}

/// Checks that every iteration of iterative deepening, to depth 1, 2, ...
/// `depth_limit` (or the tree's depth, if it is less), finds a static
/// value on each inner node at its horizon.
fn check_iterations(tree: &Tree, depth_limit: Option<u32>) -> Result<(), SearchError> {
    for depth in 1..=super::deepening::iterations(tree, depth_limit) {
        check_static_values(tree, depth).map_err(|error| match error {
            SearchError::MissingStaticValue { node, limit } if depth_limit != Some(depth) => {
                SearchError::IterationWithoutStaticValue { node, depth: limit }
            }
            error => error,
        })?;
    }
    Ok(())
}

/// Checks that `algorithm` can search the chance nodes of `tree`, if it
/// has any: only expectimax can, and only where every value is finite.
fn check_chance(tree: &Tree, algorithm: Algorithm) -> Result<(), SearchError> {
    let Some(chance) = tree.first_chance_node() else {
        return Ok(());
    };
    if !algorithm.about().chance {
        let node = tree.name(chance).to_string();
        return Err(SearchError::ChanceNode { algorithm: algorithm.name(), node });
    }
    let infinite = |node| tree.value(node).is_some_and(f64::is_infinite);
    if let Some(node) = tree.nodes().find(|&node| infinite(node)) {
        return Err(SearchError::InfiniteWithChance {
            node: tree.name(node).to_string(),
            value: Num(tree.value(node).unwrap_or_default()).to_string(),
        });
    }
    // The averages must be exact: run the rule once and see.
    let rule = Expectimax(Minimax(None), Cell::new(false));
    let _ = super::engine::walk(tree, &rule, &Options::default(), &mut Unseen);
    match rule.1.get() {
        true => Err(SearchError::NotExact),
        false => Ok(()),
    }
}

/// Steps nobody sees, for a search run only for its outcome.
struct Unseen;

impl Steps for Unseen {
    fn event(&mut self, _: &Event<'_>) -> Flow {
        Flow::Continue
    }

    fn absorbed(&mut self, _: &super::Absorption) -> Flow {
        Flow::Continue
    }

    fn takes_steps(&self) -> bool {
        false
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
