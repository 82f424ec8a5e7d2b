//! The structural checks that turn a [`RawTree`] into a [`Tree`].
//!
//! Every node has at most one parent, exactly one root, no cycles, no
//! unreachable nodes, a value on every leaf. Errors name the nodes involved.
//! All walks are iterative, so chains a million nodes deep are fine.

use std::collections::HashMap;

use super::graph::Unfolded;
use super::input::{RawTree, RootSpec, TreeError};
use super::names::NameTable;
use super::{Parts, Perspective, Player, Tree};
use crate::num::Value;
use crate::spelling;

/// How many node names an error message lists before it says "and N more".
const LISTED: usize = 10;

/// Marks "no parent" in the parent vector.
const NONE: u32 = u32::MAX;

/// Command-line overrides of what the file says.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overrides {
    /// Who moves at the root (`--player`).
    pub player: Option<Player>,
    /// Whose point of view the values are from (`--perspective`).
    pub perspective: Option<Perspective>,
    /// Nodes may have several parents (`--graph`), whatever the file says.
    pub graph: bool,
}

impl Overrides {
    /// These overrides, with `defaults` where they give nothing.
    pub fn or(self, defaults: Overrides) -> Overrides {
        Overrides {
            player: self.player.or(defaults.player),
            perspective: self.perspective.or(defaults.perspective),
            graph: self.graph || defaults.graph,
        }
    }

    /// Who moves at the root: `--player`, else the file's `player`, else
    /// the root's own entry in `players`, else MAX.
    pub fn root_player(self, file: Option<Player>, per_node: Option<Player>) -> Player {
        self.player.or(file).or(per_node).unwrap_or_default()
    }

    /// Whose point of view the values are from: `--perspective`, else the
    /// file's `perspective`, else MAX's.
    pub fn perspective(self, file: Option<Perspective>) -> Perspective {
        self.perspective.or(file).unwrap_or_default()
    }
}

/// Checks the raw tree and builds the validated, pre-ordered [`Tree`].
pub fn validate(mut raw: RawTree, overrides: Overrides) -> Result<Tree, TreeError> {
    let graph = overrides.graph || raw.graph;
    let parents = parents(&raw, graph)?;
    let root = find_root(&raw, &parents)?;
    let unfolded = graph.then(|| super::graph::unfold(&raw, root)).transpose()?;
    // Each node once, in pre-order.
    let order = match &unfolded {
        Some(unfolded) => unfolded.own_ids(raw.len()),
        None => preorder(&raw, &parents, root)?,
    };
    if order.len() < raw.len() {
        return Err(unreachable_error(&raw, &parents, &order, root));
    }
    check_leaf_values(&raw, &order)?;
    let base = root_player(&raw, root, overrides)?;
    let mut notes = Vec::new();
    let probabilities = super::edges::probabilities(&raw, &order, &mut notes)?;
    let actions = super::edges::actions(&raw)?;
    if let Some(unfolded) = &unfolded {
        super::graph::check_shared_edges(&raw, unfolded, &probabilities, &actions)?;
    }
    let perspective = overrides.perspective(raw.perspective);
    let names = std::mem::take(&mut raw.names);
    let base = Base { player: base, perspective, probabilities, actions };
    let mut tree = build(&raw, names, &order, base, unfolded.as_ref());
    tree.notes = notes;
    tree.players_by_depth = (raw.players.iter().enumerate())
        .all(|(id, player)| id == root as usize || player.is_none());
    Ok(tree)
}

fn name(raw: &RawTree, node: u32) -> &str {
    raw.names.get(node as usize)
}

/// Each node's parent (`NONE` for none; in a `graph`, its last one);
/// rejects a node listed twice under one parent, or outside a graph under
/// two parents.
fn parents(raw: &RawTree, graph: bool) -> Result<Vec<u32>, TreeError> {
    let mut parents = vec![NONE; raw.len()];
    for parent in 0..raw.len() as u32 {
        for &child in raw.children(parent as usize).unwrap_or_default() {
            let earlier = std::mem::replace(&mut parents[child as usize], parent);
            if earlier == parent {
                return Err(TreeError::new(format!(
                    "node {} is listed twice as a child of {}",
                    name(raw, child),
                    name(raw, parent)
                )));
            }
            if earlier != NONE && !graph {
                return Err(TreeError::new(format!(
                    "node {} is a child of both {} and {}; a game graph, where positions are reached by different moves, needs --graph or \"graph\": true",
                    name(raw, child),
                    name(raw, earlier),
                    name(raw, parent)
                )));
            }
        }
    }
    Ok(parents)
}

/// The root the file names or holds, or else the one node that is nobody's child.
fn find_root(raw: &RawTree, parents: &[u32]) -> Result<u32, TreeError> {
    match &raw.root {
        RootSpec::Node(root) => return Ok(*root),
        RootSpec::Named(wanted) => {
            return (0..raw.len() as u32).find(|&node| name(raw, node) == wanted).ok_or_else(
                || TreeError::new(format!("root {wanted:?} is not a node of the tree")),
            );
        }
        RootSpec::Unnamed => {}
    }
    let candidates: Vec<u32> =
        (0..raw.len() as u32).filter(|&i| parents[i as usize] == NONE).collect();
    match candidates.as_slice() {
        [root] => Ok(*root),
        [] => Err(TreeError::new(format!(
            "no root: every node is a child of another ({})",
            describe_cycle(raw, parents, 0).unwrap_or_default()
        ))),
        _ => Err(TreeError::new(format!(
            "several root candidates, nodes that are nobody's child: {}{}; set \"root\" or give them a common parent",
            list(raw, &candidates),
            misspelling_hint(raw, parents, &candidates)
        ))),
    }
}

/// The nodes reachable from the root, in pre-order (children left to right).
fn preorder(raw: &RawTree, parents: &[u32], root: u32) -> Result<Vec<u32>, TreeError> {
    if parents[root as usize] != NONE
        && let Some(cycle) = describe_cycle(raw, parents, root)
    {
        return Err(TreeError::new(cycle));
    }
    let mut order = Vec::with_capacity(raw.len());
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        order.push(node);
        stack.extend(raw.children(node as usize).unwrap_or_default().iter().rev());
    }
    Ok(order)
}

/// Names the nodes that cannot be reached from the root, or the cycle that
/// keeps them apart from it.
fn unreachable_error(raw: &RawTree, parents: &[u32], order: &[u32], root: u32) -> TreeError {
    let mut reached = vec![false; raw.len()];
    for &node in order {
        reached[node as usize] = true;
    }
    let unreachable: Vec<u32> = (0..raw.len() as u32).filter(|&i| !reached[i as usize]).collect();
    if let Some(cycle) = unreachable.iter().find_map(|&n| describe_cycle(raw, parents, n)) {
        return TreeError::new(cycle);
    }
    let orphans: Vec<u32> =
        unreachable.iter().copied().filter(|&node| parents[node as usize] == NONE).collect();
    TreeError::new(format!(
        "nodes unreachable from the root {}: {}{}",
        name(raw, root),
        list(raw, &unreachable),
        misspelling_hint(raw, parents, &orphans)
    ))
}

/// When a node name is misspelt in one place, the tree falls apart into a
/// node nobody lists as a child (an `orphan`) and a child with neither
/// children nor a value, named almost alike: ` (did you mean "f" for "fx"?
/// "f" has neither children nor a value)`, or nothing if no pair is close.
/// Only a few such nodes are compared: a typo explains one or two, and
/// comparing every name of a large broken file would take long.
fn misspelling_hint(raw: &RawTree, parents: &[u32], orphans: &[u32]) -> String {
    let valueless: Vec<&str> = (0..raw.len())
        .filter(|&node| parents[node] != NONE)
        .filter(|&node| raw.children(node).is_none() && raw.value(node).is_none())
        .map(|node| raw.names.get(node))
        .take(LISTED + 1)
        .collect();
    if valueless.len() > LISTED {
        return String::new();
    }
    orphans
        .iter()
        .take(LISTED)
        .map(|&orphan| name(raw, orphan))
        .find_map(|orphan| {
            let meant = spelling::nearest(orphan, valueless.iter().copied())?;
            Some(format!(
                " (did you mean {meant:?} for {orphan:?}? {meant:?} has neither children nor a value)"
            ))
        })
        .unwrap_or_default()
}

/// Follows parents up from `start`; if that walk runs into a loop, describes
/// it from parent to child, e.g. `cycle: a -> b -> a`.
fn describe_cycle(raw: &RawTree, parents: &[u32], start: u32) -> Option<String> {
    let mut seen_at = HashMap::new();
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
            let names: Vec<&str> = cycle.iter().map(|&n| name(raw, n)).collect();
            return Some(format!("cycle: {}", names.join(" -> ")));
        }
        seen_at.insert(node, path.len());
        path.push(node);
        node = parents[node as usize];
        if node == NONE {
            return None;
        }
    }
}

/// Every node of `order`, all the nodes, is an inner node or has a value;
/// else the error names the first in `order` that is neither. The nodes
/// are checked by id, in memory order, and only looked up in `order` if
/// one fails: in a tree whose ids are scattered (a shuffled flat file)
/// following `order` is a cache miss a node.
fn check_leaf_values(raw: &RawTree, order: &[u32]) -> Result<(), TreeError> {
    let valueless = |n: usize| raw.children(n).is_none() && raw.value(n).is_none();
    if !(0..raw.len()).any(valueless) {
        return Ok(());
    }
    match order.iter().find(|&&n| valueless(n as usize)) {
        Some(&node) => Err(TreeError::new(format!(
            "node {} has neither children nor a value",
            name(raw, node)
        ))),
        None => Ok(()),
    }
}

/// Who moves at the root; the file's `player` and the root's entry in
/// `players` must agree unless `--player` settles it, and it is a player.
fn root_player(raw: &RawTree, root: u32, overrides: Overrides) -> Result<Player, TreeError> {
    let per_node = raw.players[root as usize];
    let player = match (raw.player, per_node) {
        (Some(file), Some(node)) if file != node && overrides.player.is_none() => {
            return Err(TreeError::new(format!(
                "the root {} moves as {file} by \"player\" but as {node} by its own entry; keep one",
                name(raw, root)
            )));
        }
        (file, node) => overrides.root_player(file, node),
    };
    if player == Player::Chance {
        return Err(TreeError::new(format!(
            "the root {} is a chance node; the root is a move of MAX or MIN",
            name(raw, root)
        )));
    }
    Ok(player)
}

/// What the tree is built from besides the raw tree's nodes.
struct Base {
    /// Who moves at the root.
    player: Player,
    perspective: Perspective,
    /// The probabilities of the chance nodes' children, by raw id.
    probabilities: HashMap<u32, Value>,
    /// The actions that lead to nodes, by raw id.
    actions: HashMap<u32, String>,
}

/// Renumbers the nodes in pre-order and fixes players and values; the
/// tree takes the raw tree's `names` as they are.
fn build(
    raw: &RawTree,
    names: NameTable,
    order: &[u32],
    base: Base,
    unfolded: Option<&Unfolded>,
) -> Tree {
    let Base { player: base, perspective, probabilities, actions } = base;
    // A graph is built as its unfolded tree: ids of copies, each standing
    // for its `original` node.
    let order = unfolded.map_or(order, |u| &u.order);
    let original = |id: u32| unfolded.map_or(id, |u| u.original[id as usize]);
    // Who moves at each node by depth alone, filled in as parents are reached.
    let mut by_depth = vec![base; unfolded.map_or(raw.len(), |u| u.original.len())];
    let root = order[0];
    let mut tree = Tree::assemble(order, names.into(), original, |id| {
        let node = original(id);
        let player = if id == root {
            base
        } else {
            raw.players[node as usize].unwrap_or(by_depth[id as usize])
        };
        let children = match unfolded {
            Some(unfolded) => &unfolded.children[id as usize],
            None => raw.children(id as usize).unwrap_or_default(),
        };
        for &child in children {
            by_depth[child as usize] = by_depth[id as usize].opponent();
        }
        let value = perspective.to_max(raw.values[node as usize], player);
        let probability = probabilities.get(&node).copied();
        let action = actions.get(&node).map(String::as_str);
        Parts { player, value, children, probability, action }
    });
    tree.perspective = perspective;
    tree
}

/// `a, b, c` or `a, b, ... and 12 more`.
fn list(raw: &RawTree, nodes: &[u32]) -> String {
    let shown: Vec<&str> = nodes.iter().take(LISTED).map(|&n| name(raw, n)).collect();
    let mut text = shown.join(", ");
    if nodes.len() > LISTED {
        text.push_str(&format!(" and {} more", nodes.len() - LISTED));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Naming;
    use crate::tree::input::read;

    #[test]
    fn a_list_names_ten_nodes_and_counts_the_rest() {
        let values: Vec<String> = (1..=11).map(|i| format!("\"n{i}\": {i}")).collect();
        let raw =
            read(format!("{{\"values\": {{{}}}}}", values.join(", ")).as_bytes(), Naming::Letters)
                .unwrap();
        let ten: Vec<u32> = (0..10).collect();
        assert_eq!(list(&raw, &ten), "n1, n2, n3, n4, n5, n6, n7, n8, n9, n10");
        let eleven: Vec<u32> = (0..11).collect();
        assert_eq!(list(&raw, &eleven), "n1, n2, n3, n4, n5, n6, n7, n8, n9, n10 and 1 more");
    }
}
