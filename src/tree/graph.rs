//! Game graphs (`--graph`, `"graph": true`): a node may have several
//! parents, as a position reached by different move orders (a
//! transposition). The graph must be acyclic; petgraph finds a cycle. The
//! search then takes the graph unfolded into its tree, one copy of a
//! shared node per path to it, so that every algorithm, format and count
//! is the tree's; each copy keeps the node's name, and `--transpositions`
//! recognises the copies by it.

use std::collections::HashMap;

use petgraph::algo::{tarjan_scc, toposort};
use petgraph::graph::{DiGraph, NodeIndex};

use super::input::{RawTree, TreeError};
use crate::num::Value;

/// The most nodes a graph may unfold into.
pub const MAX_UNFOLDED: u64 = 4_000_000;

/// The graph unfolded into a tree: ids below the graph's node count are
/// the copy of each node met first, the graph's own id; later ids are
/// further copies.
pub struct Unfolded {
    /// The tree's nodes in pre-order, as unfolded ids.
    pub order: Vec<u32>,
    /// Each unfolded id's node in the graph.
    pub original: Vec<u32>,
    /// Each unfolded id's children, as unfolded ids.
    pub children: Vec<Vec<u32>>,
}

/// Unfolds the graph of `raw` from `root`, after checking that it has no
/// cycle and that its tree is not too large to search.
pub fn unfold(raw: &RawTree, root: u32) -> Result<Unfolded, TreeError> {
    let mut graph = DiGraph::<u32, ()>::with_capacity(raw.len(), raw.len());
    for node in 0..raw.len() as u32 {
        graph.add_node(node);
    }
    for node in 0..raw.len() {
        for &child in raw.children(node).unwrap_or_default() {
            graph.add_edge(NodeIndex::new(node), NodeIndex::new(child as usize), ());
        }
    }
    let sorted = toposort(&graph, None).map_err(|_| cycle_error(raw, &graph))?;
    check_size(raw, root, &sorted)?;
    let mut unfolded = Unfolded {
        order: Vec::new(),
        original: (0..raw.len() as u32).collect(),
        children: vec![Vec::new(); raw.len()],
    };
    let mut copied = vec![false; raw.len()];
    copied[root as usize] = true;
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        unfolded.order.push(id);
        let node = unfolded.original[id as usize] as usize;
        let children: Vec<u32> = raw
            .children(node)
            .unwrap_or_default()
            .iter()
            .map(|&child| unfolded.copy_of(child, &mut copied))
            .collect();
        stack.extend(children.iter().rev());
        unfolded.children[id as usize] = children;
    }
    Ok(unfolded)
}

impl Unfolded {
    /// Each node reached, once, by its own id (those below `nodes`), in
    /// the tree's pre-order.
    pub fn own_ids(&self, nodes: usize) -> Vec<u32> {
        self.order.iter().copied().filter(|&id| (id as usize) < nodes).collect()
    }

    /// An unfolded id for `node` not used yet: the node's own id the first
    /// time, a new one after.
    fn copy_of(&mut self, node: u32, copied: &mut [bool]) -> u32 {
        if !std::mem::replace(&mut copied[node as usize], true) {
            return node;
        }
        self.original.push(node);
        self.children.push(Vec::new());
        self.original.len() as u32 - 1
    }
}

/// Refuses a probability or an action on the edge into a node with
/// several parents (a node unfolded into more than one copy): each edge
/// would need its own, and the file gives them by child.
pub fn check_shared_edges(
    raw: &RawTree,
    unfolded: &Unfolded,
    probabilities: &HashMap<u32, Value>,
    actions: &HashMap<u32, String>,
) -> Result<(), TreeError> {
    let labelled = |node: &&u32| probabilities.contains_key(node) || actions.contains_key(node);
    let further_copies = &unfolded.original[raw.len()..];
    match further_copies.iter().filter(labelled).min() {
        Some(&node) => Err(TreeError::new(format!(
            "node {} has several parents, so no one action or probability labels the move into it; in a game graph only nodes with one parent have them",
            raw.names.get(node as usize)
        ))),
        None => Ok(()),
    }
}

/// Refuses a graph whose tree has more than [`MAX_UNFOLDED`] nodes: the
/// number of paths from the root to each node, summed.
fn check_size(raw: &RawTree, root: u32, sorted: &[NodeIndex]) -> Result<(), TreeError> {
    let mut paths = vec![0u64; raw.len()];
    paths[root as usize] = 1;
    for node in sorted.iter().map(|n| n.index()) {
        for &child in raw.children(node).unwrap_or_default() {
            paths[child as usize] = paths[child as usize].saturating_add(paths[node]);
        }
    }
    let total = paths.iter().fold(0u64, |sum, &n| sum.saturating_add(n));
    if total > MAX_UNFOLDED {
        return Err(TreeError::new(format!(
            "the graph unfolds into {} nodes, one per path from the root; gametree searches at most {MAX_UNFOLDED}",
            if total == u64::MAX {
                "more than 18446744073709551615".to_string()
            } else {
                total.to_string()
            }
        )));
    }
    Ok(())
}

/// `cycle: a -> b -> a`: the shortest cycle through the first node (in
/// the file's order) of the first strongly connected component that has one.
fn cycle_error(raw: &RawTree, graph: &DiGraph<u32, ()>) -> TreeError {
    let looping = |component: &Vec<NodeIndex>| {
        component.len() > 1 || graph.contains_edge(component[0], component[0])
    };
    let components = tarjan_scc(graph);
    let Some(start) = components.iter().filter(|c| looping(c)).filter_map(|c| c.iter().min()).min()
    else {
        return TreeError::new("the graph has a cycle".to_string());
    };
    let start = start.index();
    // Breadth-first from `start` until an edge leads back to it.
    let mut came_from = vec![u32::MAX; raw.len()];
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &child in raw.children(node).unwrap_or_default() {
            if child as usize == start {
                let mut path = vec![node];
                while path[path.len() - 1] != start {
                    path.push(came_from[path[path.len() - 1]] as usize);
                }
                let names = path.iter().rev().chain([&start]).map(|&n| raw.names.get(n));
                return TreeError::new(format!(
                    "cycle: {}",
                    names.collect::<Vec<_>>().join(" -> ")
                ));
            }
            if came_from[child as usize] == u32::MAX {
                came_from[child as usize] = node as u32;
                queue.push_back(child as usize);
            }
        }
    }
    TreeError::new("the graph has a cycle".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Naming;
    use crate::tree::input::read;

    fn names(prefix: &str, count: usize) -> Vec<String> {
        (0..count).map(|i| format!("{prefix}{i}")).collect()
    }

    /// A layered graph: under the root `r`, layers of nodes, each node a
    /// parent of every node of the next layer, the last layer's leaves;
    /// and `extra` more leaves right under the root.
    fn layered(layers: &[(&str, usize)], extra: usize) -> RawTree {
        let (last, extra) = (layers[layers.len() - 1], names("x", extra));
        let top: Vec<String> =
            names(layers[0].0, layers[0].1).into_iter().chain(extra.clone()).collect();
        let mut children = vec![format!("\"r\": {top:?}")];
        for pair in layers.windows(2) {
            let below = names(pair[1].0, pair[1].1);
            children
                .extend(names(pair[0].0, pair[0].1).iter().map(|n| format!("{n:?}: {below:?}")));
        }
        let leaves = names(last.0, last.1).into_iter().chain(extra);
        let values: Vec<String> = leaves.map(|leaf| format!("{leaf:?}: 1")).collect();
        let (children, values) = (children.join(", "), values.join(", "));
        let text =
            format!(r#"{{"graph": true, "children": {{{children}}}, "values": {{{values}}}}}"#);
        read(text.as_bytes(), Naming::Letters).expect("a valid graph")
    }

    #[test]
    fn a_graph_may_unfold_into_exactly_the_most_nodes() {
        // 1 + 69 + 69·55 + 69·55·27 + 69·55·27·38 = 4,000,000 paths.
        let layers = [("m", 69), ("n", 55), ("o", 27), ("p", 38)];
        // Names are numbered as first met, layer by layer: in topological order.
        let sorted = |raw: &RawTree| (0..raw.len()).map(NodeIndex::new).collect::<Vec<_>>();
        let exact = layered(&layers, 0);
        assert_eq!(check_size(&exact, 0, &sorted(&exact)), Ok(()));
        let over = layered(&layers, 1);
        let error = check_size(&over, 0, &sorted(&over)).unwrap_err();
        assert!(error.message.starts_with("the graph unfolds into 4000001 nodes"), "{error}");
    }
}
