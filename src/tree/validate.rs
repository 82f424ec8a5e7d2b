//! The structural checks that turn a [`RawTree`] into a [`Tree`].
//!
//! Every node has at most one parent, exactly one root, no cycles, no
//! unreachable nodes, a value on every leaf. Errors name the nodes involved.
//! All walks are iterative, so chains a million nodes deep are fine.

use super::input::{RawTree, TreeError};
use super::names::NameTable;
use super::{NodeId, Perspective, Player, Tree};

/// How many node names an error message lists before it says "and N more".
const LISTED: usize = 10;

/// Command-line overrides of what the file says.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overrides {
    /// Who moves at the root (`--player`).
    pub player: Option<Player>,
    /// Whose point of view the values are from (`--perspective`).
    pub perspective: Option<Perspective>,
}

/// Checks the raw tree and builds the validated, pre-ordered [`Tree`].
pub fn validate(raw: RawTree, overrides: Overrides) -> Result<Tree, TreeError> {
    let parents = parents(&raw)?;
    let root = find_root(&raw, &parents)?;
    let order = preorder(&raw, &parents, root)?;
    if order.len() < raw.names.len() {
        return Err(unreachable_error(&raw, &parents, &order, root));
    }
    check_leaf_values(&raw, &order)?;
    let base = root_player(&raw, root, overrides.player)?;
    let perspective = overrides.perspective.or(raw.perspective).unwrap_or_default();
    Ok(build(&raw, &order, base, perspective))
}

/// Each node's parent; rejects a node listed twice or under two parents.
fn parents(raw: &RawTree) -> Result<Vec<Option<u32>>, TreeError> {
    let mut parents = vec![None; raw.names.len()];
    for (parent, children) in raw.children.iter().enumerate() {
        for &child in children.iter().flatten() {
            match parents[child as usize].replace(parent as u32) {
                None => {}
                Some(earlier) if earlier as usize == parent => {
                    return Err(TreeError::new(format!(
                        "node {} is listed twice as a child of {}",
                        raw.names[child as usize], raw.names[parent]
                    )));
                }
                Some(earlier) => {
                    return Err(TreeError::new(format!(
                        "node {} is a child of both {} and {}",
                        raw.names[child as usize], raw.names[earlier as usize], raw.names[parent]
                    )));
                }
            }
        }
    }
    Ok(parents)
}

/// The root the file names, or else the one node that is nobody's child.
fn find_root(raw: &RawTree, parents: &[Option<u32>]) -> Result<u32, TreeError> {
    if let Some(name) = &raw.root {
        return raw
            .names
            .iter()
            .position(|n| n == name)
            .map(|i| i as u32)
            .ok_or_else(|| TreeError::new(format!("root {name:?} is not a node of the tree")));
    }
    let candidates: Vec<u32> =
        (0..raw.names.len() as u32).filter(|&i| parents[i as usize].is_none()).collect();
    match candidates.as_slice() {
        [root] => Ok(*root),
        [] => Err(TreeError::new(format!(
            "no root: every node is a child of another ({})",
            describe_cycle(raw, parents, 0).unwrap_or_default()
        ))),
        _ => Err(TreeError::new(format!(
            "several root candidates, nodes that are nobody's child: {}; set \"root\" or give them a common parent",
            list(raw, &candidates)
        ))),
    }
}

/// The nodes reachable from the root, in pre-order (children left to right).
fn preorder(raw: &RawTree, parents: &[Option<u32>], root: u32) -> Result<Vec<u32>, TreeError> {
    if parents[root as usize].is_some()
        && let Some(cycle) = describe_cycle(raw, parents, root)
    {
        return Err(TreeError::new(cycle));
    }
    let mut order = Vec::with_capacity(raw.names.len());
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        order.push(node);
        if let Some(children) = &raw.children[node as usize] {
            stack.extend(children.iter().rev());
        }
    }
    Ok(order)
}

/// Names the nodes that cannot be reached from the root, or the cycle that
/// keeps them apart from it.
fn unreachable_error(
    raw: &RawTree,
    parents: &[Option<u32>],
    order: &[u32],
    root: u32,
) -> TreeError {
    let mut reached = vec![false; raw.names.len()];
    for &node in order {
        reached[node as usize] = true;
    }
    let unreachable: Vec<u32> =
        (0..raw.names.len() as u32).filter(|&i| !reached[i as usize]).collect();
    if let Some(cycle) = unreachable.iter().find_map(|&n| describe_cycle(raw, parents, n)) {
        return TreeError::new(cycle);
    }
    TreeError::new(format!(
        "nodes unreachable from the root {}: {}",
        raw.names[root as usize],
        list(raw, &unreachable)
    ))
}

/// Follows parents up from `start`; if that walk runs into a loop, describes
/// it from parent to child, e.g. `cycle: a -> b -> a`.
fn describe_cycle(raw: &RawTree, parents: &[Option<u32>], start: u32) -> Option<String> {
    let mut seen_at = std::collections::HashMap::new();
    let mut path = Vec::new();
    let mut node = start;
    loop {
        if let Some(&first) = seen_at.get(&node) {
            // Parent links run child to parent; show the cycle parent to
            // child, starting at the node the file mentions first.
            let mut cycle: Vec<u32> = path[first..].iter().rev().copied().collect();
            let start = (0..cycle.len()).min_by_key(|&i| cycle[i]).unwrap_or(0);
            cycle.rotate_left(start);
            cycle.push(cycle[0]);
            let names: Vec<&str> = cycle.iter().map(|&n| raw.names[n as usize].as_str()).collect();
            return Some(format!("cycle: {}", names.join(" -> ")));
        }
        seen_at.insert(node, path.len());
        path.push(node);
        node = parents[node as usize]?;
    }
}

fn check_leaf_values(raw: &RawTree, order: &[u32]) -> Result<(), TreeError> {
    let valueless = order
        .iter()
        .find(|&&n| raw.children[n as usize].is_none() && raw.values[n as usize].is_none());
    match valueless {
        Some(&node) => Err(TreeError::new(format!(
            "node {} has neither children nor a value",
            raw.names[node as usize]
        ))),
        None => Ok(()),
    }
}

/// Who moves at the root: `--player`, else the file's `player` (or the
/// root's entry in `players`, which must agree with it), else MAX.
fn root_player(raw: &RawTree, root: u32, cli: Option<Player>) -> Result<Player, TreeError> {
    let per_node = raw.players[root as usize];
    match (raw.player, per_node) {
        (Some(file), Some(node)) if file != node && cli.is_none() => Err(TreeError::new(format!(
            "the root {} moves as {} by \"player\" but as {} by its own entry; keep one",
            raw.names[root as usize], file, node
        ))),
        (file, node) => Ok(cli.or(file).or(node).unwrap_or(Player::Max)),
    }
}

/// Renumbers the nodes in pre-order and fixes players and values.
fn build(raw: &RawTree, order: &[u32], base: Player, perspective: Perspective) -> Tree {
    let mut new_id = vec![0u32; raw.names.len()];
    for (position, &node) in order.iter().enumerate() {
        new_id[node as usize] = position as u32;
    }
    let mut depth_player = vec![base; raw.names.len()];
    let mut tree = Tree {
        names: NameTable::default(),
        players: Vec::with_capacity(order.len()),
        values: Vec::with_capacity(order.len()),
        child_starts: Vec::with_capacity(order.len() + 1),
        child_ids: Vec::with_capacity(order.len().saturating_sub(1)),
    };
    tree.child_starts.push(0);
    for (position, &node) in order.iter().enumerate() {
        let node = node as usize;
        let by_depth = depth_player[node];
        let player = if position == 0 { base } else { raw.players[node].unwrap_or(by_depth) };
        tree.names.push(&raw.names[node]);
        tree.players.push(player);
        tree.values.push(raw.values[node].map(|v| match perspective {
            Perspective::Max => v,
            Perspective::Mover => v * player.sign(),
        }));
        for &child in raw.children[node].iter().flatten() {
            depth_player[child as usize] = by_depth.opponent();
            tree.child_ids.push(NodeId(new_id[child as usize]));
        }
        tree.child_starts.push(tree.child_ids.len() as u32);
    }
    tree
}

/// `a, b, c` or `a, b, ... and 12 more`.
fn list(raw: &RawTree, nodes: &[u32]) -> String {
    let shown: Vec<&str> =
        nodes.iter().take(LISTED).map(|&n| raw.names[n as usize].as_str()).collect();
    let mut text = shown.join(", ");
    if nodes.len() > LISTED {
        text.push_str(&format!(" and {} more", nodes.len() - LISTED));
    }
    text
}
