//! Iterative deepening: alpha-beta to depth 1, then 2, ... up to the
//! tree's depth (or `--depth`, if the tree is deeper). Each iteration evaluates the inner nodes at
//! its horizon by their static values. Before each iteration, the children
//! of every inner node, searched last time or not, are sorted best first by
//! the values the previous iteration gave them (children it gave none keep
//! their order, after the others), the way an engine keeps its move order
//! in a table. An engine would also stop when time runs out; here the last
//! iteration is the full search.
//!
//! ```text
//! for depth in 1, 2, ..., D:
//!     order every node's children by the previous iteration's values, best first
//!     value = alphabeta(root, alpha, beta, depth)
//! ```

use super::algorithm::{About, Algorithm, Preset, Windows};
use super::alphabeta::AlphaBeta;
use super::engine::{Engine, Steps, Stopped};
use super::window::Pruning;
use super::{Event, Options, Outcome, View};
use crate::tree::{NodeId, Player, Tree};

impl Algorithm {
    /// `--algo id-alphabeta`.
    pub const ID_ALPHABETA: Algorithm = Algorithm(&About {
        window: Windows::Root { null: false },
        conventions: true,
        deepens: true,
        ..About::plain(
            "id-alphabeta",
            "Iterative deepening: alpha-beta to depth 1, 2, ..., each iteration searching children best first by the previous one's values",
            View::Max,
            &[("id-alphabeta", Preset::Window)],
            search,
        )
    });
}

/// Searches `tree` by iterative deepening with alpha-beta under `options`.
fn search(tree: &Tree, options: &Options, sink: &mut dyn Steps) -> Result<Outcome, Stopped> {
    let mut engine = Engine::new(tree, options, sink);
    let rule = AlphaBeta(Pruning::new(options));
    let mut last = None;
    for depth in 1..=iterations(tree, options.depth_limit) {
        engine.stats.passes += 1;
        let (node, window) = (tree.root(), rule.0.root_window);
        engine.emit(&Event::Pass { node, number: depth, window, depth_limit: Some(depth) })?;
        // Each iteration notes the values its nodes receive; from the
        // second on, the previous iteration's values order the children.
        if let Some(values) = engine.values.replace(vec![f64::NAN; tree.len()]) {
            let slot = engine.value_slot();
            let value = |node: NodeId| values[slot(node)];
            engine.reorder(|node, children| best_first(tree.player(node), children, value))?;
        }
        last = Some(engine.pass(&rule, Some(depth))?);
    }
    let last = last.expect("at least one iteration");
    Ok(engine.outcome(last, View::Max, engine.best_children()))
}

/// How many iterations deepen to `depth_limit`: one a depth, up to the
/// tree's height, past which an iteration would repeat the one before
/// (`--depth 4294967295` is the full search, not four billion of them).
pub(crate) fn iterations(tree: &Tree, depth_limit: Option<u32>) -> u32 {
    depth_limit.map_or(height(tree), |limit| limit.min(height(tree))).max(1)
}

/// Sorts `children` best first for `player` by their `value`; children
/// without one (NaN) go last, and ties keep their order.
fn best_first(player: Player, children: &mut [NodeId], value: impl Fn(NodeId) -> f64) {
    let key = |node: &NodeId| value(*node);
    children.sort_by(|a, b| match (key(a).is_nan(), key(b).is_nan()) {
        (false, false) if player == Player::Min => key(a).total_cmp(&key(b)),
        (false, false) => key(b).total_cmp(&key(a)),
        (unvalued_a, unvalued_b) => unvalued_a.cmp(&unvalued_b),
    });
}

/// The depth of the deepest node (the root is at 0).
pub(crate) fn height(tree: &Tree) -> u32 {
    // Ids are in pre-order: a parent comes before its children.
    let mut depth = vec![0u32; tree.len()];
    for node in tree.nodes() {
        for &child in tree.children(node) {
            depth[child.index()] = depth[node.index()] + 1;
        }
    }
    depth.into_iter().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_first_puts_unvalued_children_last_and_keeps_ties_in_order() {
        let values = [f64::NAN, 3.0, 5.0, 3.0, f64::NAN];
        let mut children: Vec<NodeId> = (0..5).map(NodeId).collect();
        let value = |node: NodeId| values[node.index()];
        best_first(Player::Max, &mut children, value);
        assert_eq!(children, [2, 1, 3, 0, 4].map(NodeId));
        best_first(Player::Min, &mut children, value);
        assert_eq!(children, [1, 3, 2, 0, 4].map(NodeId));
    }
}
