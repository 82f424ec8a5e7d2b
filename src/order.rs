//! `--order`: the order a node's children are searched in. Move ordering is
//! what makes alpha-beta prune more or less; reordering the tree before the
//! search shows it on the teacher's own tree. The search then takes the
//! reordered tree as given, and every format shows the children in the
//! order searched.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};

use crate::answer::Recorder;
use crate::generate::SplitMix64;
use crate::num::Value;
use crate::search::{self, Algorithm, Options, SearchError};
use crate::tree::{NodeId, Player, Tree};

/// How children are ordered before the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// As the tree file gives them.
    #[default]
    Given,
    /// Best first for the node's player, by their minimax values (ties keep
    /// their order): Knuth and Moore's minimal tree for alpha-beta, up to
    /// ties (among equal values another order may prune more).
    BestFirst,
    /// Worst first for the node's player: alpha-beta prunes little.
    WorstFirst,
    /// Shuffled by SplitMix64 from the seed, the same on every platform.
    Random(u64),
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Order::Given => f.write_str("given"),
            Order::BestFirst => f.write_str("best-first"),
            Order::WorstFirst => f.write_str("worst-first"),
            Order::Random(seed) => write!(f, "random:{seed}"),
        }
    }
}

impl FromStr for Order {
    type Err = String;

    /// `given`, `best-first`, `worst-first` or `random:SEED`.
    fn from_str(text: &str) -> Result<Order, String> {
        match text {
            "given" => Ok(Order::Given),
            "best-first" => Ok(Order::BestFirst),
            "worst-first" => Ok(Order::WorstFirst),
            _ => text
                .strip_prefix("random:")
                .and_then(|seed| seed.parse().ok())
                .map(Order::Random)
                .ok_or_else(|| {
                    format!("expected given, best-first, worst-first or random:SEED, got {text:?}")
                }),
        }
    }
}

/// In the JSON trace's options, as on the command line: `"best-first"`.
impl Serialize for Order {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Order {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Order, D::Error> {
        let text = <Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

impl JsonSchema for Order {
    fn schema_name() -> Cow<'static, str> {
        "Order".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "How children were ordered before the search (`--order`).",
            "type": "string",
            "pattern": "^(given|best-first|worst-first|random:[0-9]+)$"
        })
    }
}

/// `tree` with every node's children in `order`. Best- and worst-first
/// rank children by their minimax values under `depth_limit`.
pub fn arrange(tree: Tree, order: Order, depth_limit: Option<u32>) -> Result<Tree, SearchError> {
    let ranked = |best_first: bool| -> Result<Tree, SearchError> {
        let values = minimax_values(&tree, depth_limit)?;
        let rank = |player: Player, a: NodeId, b: NodeId| {
            let (a, b) = (values[a.index()], values[b.index()]);
            let best = match player {
                Player::Max => b.partial_cmp(&a),
                Player::Min => a.partial_cmp(&b),
                // Nobody chooses at a chance node: its children keep their order.
                Player::Chance => Some(Ordering::Equal),
            };
            let best = best.unwrap_or(Ordering::Equal);
            if best_first { best } else { best.reverse() }
        };
        Ok(tree.rearranged(|node, children| {
            children.sort_by(|&a, &b| rank(tree.player(node), a, b));
        }))
    };
    match order {
        Order::Given => Ok(tree),
        Order::BestFirst => ranked(true),
        Order::WorstFirst => ranked(false),
        Order::Random(seed) => {
            let mut random = SplitMix64::new(seed);
            Ok(tree.rearranged(|_, children| shuffle(children, &mut random)))
        }
    }
}

/// Every node's minimax value (none where the search does not reach).
fn minimax_values(
    tree: &Tree,
    depth_limit: Option<u32>,
) -> Result<Vec<Option<Value>>, SearchError> {
    let options = Options { depth_limit, ..Options::default() };
    let mut recorder = Recorder::default();
    // Expectimax is minimax on a tree without chance nodes.
    search::run(tree, Algorithm::EXPECTIMAX, &options, &mut recorder)?;
    let mut values = vec![None; tree.len()];
    for (node, value) in recorder.into_answer().order.iter() {
        values[node.index()] = Some(value);
    }
    Ok(values)
}

/// Fisher and Yates's shuffle, from the last place down.
fn shuffle(children: &mut [NodeId], random: &mut SplitMix64) {
    for last in (1..children.len()).rev() {
        let pick = random.between(0, last as i64) as usize;
        children.swap(last, pick);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Naming, Overrides};

    fn aima() -> Tree {
        crate::tree::parse(b"[[3,12,8],[2,4,6],[14,5,2]]", Naming::Letters, Overrides::default())
            .unwrap()
    }

    fn children(tree: &Tree, node: &str) -> Vec<String> {
        let node = tree.name_index().get(node).unwrap();
        tree.children(node).iter().map(|&child| tree.name(child).to_string()).collect()
    }

    #[test]
    fn best_first_puts_each_players_best_child_first() {
        let tree = arrange(aima(), Order::BestFirst, None).unwrap();
        assert_eq!(children(&tree, "a"), ["b", "c", "d"]); // 3, 2, 2: ties keep their order
        assert_eq!(children(&tree, "b"), ["e", "g", "f"]); // MIN: 3, 8, 12
        assert_eq!(children(&tree, "d"), ["m", "l", "k"]);
        let worst = arrange(aima(), Order::WorstFirst, None).unwrap();
        assert_eq!(children(&worst, "a"), ["c", "d", "b"]);
        assert_eq!(children(&worst, "b"), ["f", "g", "e"]);
    }

    #[test]
    fn under_a_depth_limit_children_are_ranked_by_their_static_values() {
        let text = br#"{"children": {"a": ["b", "c"], "b": ["d"], "c": ["e"]},
                        "values": {"b": 1, "c": 5, "d": 9, "e": 0}}"#;
        let tree = || crate::tree::parse(&text[..], Naming::Letters, Overrides::default()).unwrap();
        // Searched to the leaves b is worth 9 and c 0; at depth 1, 1 and 5.
        assert_eq!(children(&arrange(tree(), Order::BestFirst, None).unwrap(), "a"), ["b", "c"]);
        assert_eq!(children(&arrange(tree(), Order::BestFirst, Some(1)).unwrap(), "a"), ["c", "b"]);
    }

    #[test]
    fn a_seed_always_gives_the_same_order() {
        let once = arrange(aima(), Order::Random(7), None).unwrap();
        let again = arrange(aima(), Order::Random(7), None).unwrap();
        let names =
            |tree: &Tree| tree.nodes().map(|n| tree.name(n).to_string()).collect::<Vec<_>>();
        assert_eq!(names(&once), names(&again));
        let mut sorted = children(&once, "b");
        sorted.sort();
        assert_eq!(sorted, ["e", "f", "g"]);
    }

    #[test]
    fn orders_read_as_they_print() {
        for order in [Order::Given, Order::BestFirst, Order::WorstFirst, Order::Random(42)] {
            assert_eq!(order.to_string().parse(), Ok(order));
        }
        assert!("random:".parse::<Order>().is_err());
        assert!("best".parse::<Order>().unwrap_err().contains("best-first"));
    }
}
