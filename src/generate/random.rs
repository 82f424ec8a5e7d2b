//! `gametree gen random`: a random exercise tree, the same for the same
//! seed on every platform and in every version.
//!
//! The algorithm, fixed so that sheets and answer keys keep matching:
//! SplitMix64 seeded with the seed; nodes are made breadth-first, level by
//! level, left to right. For each node below depth `depth`: unless it is the
//! root, one draw `fraction() < leaf_chance` makes it a leaf early; otherwise
//! one draw `between(min, max)` gives its number of children. Then each leaf,
//! in the same breadth-first order, draws its value with `between(low, high)`.
//! Nodes are named a, b, c, ... breadth-first, in both output shapes,
//! skipping the reserved word `none` ([`letter_names`]); the flat shape
//! lists child lists and values in pre-order.

use std::io::{self, Write};

use super::{FlatWriter, SplitMix64};
use crate::tree::Player;
use crate::tree::names::letter_names;

/// The most nodes a generated tree may have (by its depth and branching).
pub const MAX_NODES: u64 = 10_000_000;

/// Trees with at most this many nodes are written as nested arrays when no
/// shape is asked for; larger ones in the flat shape.
pub const NESTED_UP_TO: usize = 1_000;

/// What tree to make.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    pub depth: u32,
    pub branching: (u32, u32),
    pub values: (i64, i64),
    pub seed: u64,
    pub leaf_chance: f64,
}

/// A generated tree: breadth-first, node 0 the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// Each node's children (indices), empty for leaves.
    children: Vec<Vec<usize>>,
    /// Each leaf's value.
    values: Vec<Option<i64>>,
    /// The chance nodes, with their children's probabilities unless they
    /// are equally likely.
    chance_nodes: Vec<(usize, Option<Vec<f64>>)>,
}

/// How `gen random --chance` makes chance nodes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceSpec {
    /// The chance that an inner node below the root is a chance node.
    pub chance: f64,
    /// Random probabilities (in tenths, or hundredths for more than ten
    /// children) instead of equal ones.
    pub random_probabilities: bool,
}

/// `value` as JSON text.
fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("names and numbers serialise")
}

/// Chance nodes are drawn from their own stream, seeded from the seed and
/// this, so that a tree without them stays the same tree.
const CHANCE_STREAM: u64 = 0x6368_616e_6365; // "chance"

/// The largest number of nodes `spec` can produce.
pub fn worst_case_nodes(spec: &Spec) -> u64 {
    let mut level = 1u64;
    let mut total = 1u64;
    for _ in 0..spec.depth {
        level = level.saturating_mul(u64::from(spec.branching.1));
        total = total.saturating_add(level);
    }
    total
}

/// Makes the tree `spec` describes.
pub fn generate(spec: &Spec) -> Generated {
    let mut rng = SplitMix64::new(spec.seed);
    let mut children: Vec<Vec<usize>> = vec![Vec::new()];
    let mut level = vec![0usize];
    for depth in 0..spec.depth {
        let mut next = Vec::new();
        for &node in &level {
            if depth > 0 && rng.fraction() < spec.leaf_chance {
                continue;
            }
            let count =
                rng.between(i64::from(spec.branching.0), i64::from(spec.branching.1)) as usize;
            let first = children.len();
            children.extend((0..count).map(|_| Vec::new()));
            children[node] = (first..first + count).collect();
            next.extend(first..first + count);
        }
        level = next;
    }
    let values = children
        .iter()
        .map(|kids| kids.is_empty().then(|| rng.between(spec.values.0, spec.values.1)))
        .collect();
    Generated { children, values, chance_nodes: Vec::new() }
}

impl Generated {
    /// The same tree with chance nodes, for the seed `seed`: in
    /// breadth-first order, one draw `fraction() < chance` makes an inner
    /// node below the root a chance node; with random probabilities, each
    /// of its units (tenths or hundredths) beyond one per child then goes
    /// to the child a draw `between(0, children - 1)` picks.
    pub fn with_chance(mut self, seed: u64, spec: ChanceSpec) -> Generated {
        let mut rng = SplitMix64::new(seed ^ CHANCE_STREAM);
        for node in 1..self.len() {
            let count = self.children[node].len();
            if count == 0 || rng.fraction() >= spec.chance {
                continue;
            }
            let shares = spec.random_probabilities.then(|| {
                let units = std::iter::successors(Some(10usize), |u| Some(u * 10))
                    .find(|&units| units >= count)
                    .expect("some power of ten is large enough");
                let mut counts = vec![1usize; count];
                for _ in count..units {
                    counts[rng.between(0, count as i64 - 1) as usize] += 1;
                }
                counts.iter().map(|&c| c as f64 / units as f64).collect()
            });
            self.chance_nodes.push((node, shares));
        }
        self
    }

    /// Whether the tree has chance nodes (which nested arrays cannot show).
    pub fn has_chance_nodes(&self) -> bool {
        !self.chance_nodes.is_empty()
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.children.len()
    }

    /// A generated tree always has its root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Writes the tree as nested arrays on one line: `[[3,12,8],[2,4,6]]`.
    pub fn write_nested(&self, out: &mut dyn Write) -> io::Result<()> {
        // Iterative: the text of node i is built after its children's.
        let mut text: Vec<String> = vec![String::new(); self.len()];
        for node in (0..self.len()).rev() {
            text[node] = match self.values[node] {
                Some(value) => value.to_string(),
                None => {
                    let parts: Vec<String> =
                        self.children[node].iter().map(|&c| std::mem::take(&mut text[c])).collect();
                    format!("[{}]", parts.join(","))
                }
            };
        }
        writeln!(out, "{}", text[0])
    }

    /// Writes the tree in the flat shape with the root player given, its
    /// child lists and values in pre-order: the order the reader expects,
    /// which finds each key without looking its name up.
    pub fn write_flat(&self, out: &mut dyn Write, player: Player) -> io::Result<()> {
        let names: Vec<String> = letter_names().take(self.len()).collect();
        let mut writer = FlatWriter::start(out, &names[0], player)?;
        let preorder = self.preorder();
        for &node in preorder.iter().filter(|&&node| !self.children[node].is_empty()) {
            writer
                .children(&names[node], self.children[node].iter().map(|&c| names[c].as_str()))?;
        }
        for &node in &preorder {
            if let Some(value) = self.values[node] {
                writer.value(&names[node], value)?;
            }
        }
        writer.finish_with(&self.chance_members(&names)).map(drop)
    }

    /// The nodes in pre-order.
    fn preorder(&self) -> Vec<usize> {
        let mut order = Vec::with_capacity(self.len());
        let mut stack = vec![0];
        while let Some(node) = stack.pop() {
            order.push(node);
            stack.extend(self.children[node].iter().rev());
        }
        order
    }

    /// The `players` and `probabilities` members that make the chance
    /// nodes, if there are any.
    fn chance_members(&self, names: &[String]) -> Vec<String> {
        if self.chance_nodes.is_empty() {
            return Vec::new();
        }
        let players: Vec<String> = self
            .chance_nodes
            .iter()
            .map(|(node, _)| format!("{}: \"chance\"", json(&names[*node])))
            .collect();
        let listed: Vec<String> = self
            .chance_nodes
            .iter()
            .filter_map(|(node, shares)| {
                Some(format!("{}: {}", json(&names[*node]), json(shares.as_ref()?)))
            })
            .collect();
        let mut members = vec![format!("\"players\": {{{}}}", players.join(", "))];
        if !listed.is_empty() {
            members.push(format!("\"probabilities\": {{\n  {}}}", listed.join(",\n  ")));
        }
        members
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(seed: u64) -> Spec {
        Spec { depth: 3, branching: (2, 3), values: (0, 20), seed, leaf_chance: 0.0 }
    }

    #[test]
    fn a_seed_always_gives_the_same_tree() {
        let mut text = Vec::new();
        generate(&spec(7)).write_nested(&mut text).unwrap();
        // Pinned: changing this output breaks every published exercise sheet.
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "[[[19,16,2],[17,10,14]],[[0,12],[3,12]],[[20,4,17],[6,12,0]]]\n"
        );
        assert_ne!(generate(&spec(7)), generate(&spec(8)));
    }

    #[test]
    fn every_leaf_is_at_full_depth_without_leaf_chance() {
        let tree = generate(&spec(3));
        let leaves = tree.values.iter().filter(|v| v.is_some()).count();
        let inner = tree.len() - leaves;
        assert!(tree.children.iter().filter(|k| !k.is_empty()).all(|k| (2..=3).contains(&k.len())));
        assert!(inner >= 1 + 2 + 4 && leaves >= 8);
    }

    #[test]
    fn worst_case_counts_every_level() {
        assert_eq!(worst_case_nodes(&spec(0)), 1 + 3 + 9 + 27);
    }
}
