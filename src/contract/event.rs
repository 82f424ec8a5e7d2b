//! The events of the JSON trace: one record per step of the search, as
//! `trace --format json` writes them, `check` reads them and the schema
//! describes them.

use std::borrow::Cow;
use std::fmt;

use schemars::JsonSchema;
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::{Exact, number};
use crate::bounds::{Bound, ValueKind, Window};
use crate::num::Num;
use crate::search::Event;
use crate::tree::{NodeId, Player, Tree};

/// One step of the search, numbered from 1 by `step`. Values are from the
/// algorithm's point of view (the mover's for the negamax forms).
// Each variant's record is a struct of its own, so that `check` reads an
// event whose `type` comes first straight into it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventRecord<'a> {
    Enter(#[serde(borrow)] Enter<'a>),
    Leaf(#[serde(borrow)] Leaf<'a>),
    Update(#[serde(borrow)] Update<'a>),
    Cutoff(#[serde(borrow)] Cutoff<'a>),
    Value(#[serde(borrow)] Valued<'a>),
    Research(#[serde(borrow)] Research<'a>),
    Recall(#[serde(borrow)] Recall<'a>),
    Pass(#[serde(borrow)] Pass<'a>),
    Reorder(#[serde(borrow)] Reorder<'a>),
}

/// The search is called on a node. `alpha` and `beta` (its window on
/// entry) are present for alpha-beta algorithms only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Enter<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub depth: u32,
    pub player: Player,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alpha: Option<Num>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beta: Option<Num>,
    /// The chance that the node's parent, a chance node, moves here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<Num>,
    /// The exact probability, where `probability` (the nearest double) is
    /// not it: a fraction such as `"1/3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability_exact: Option<Exact>,
    /// The action (move) that leads to the node, if the file names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(borrow)]
    pub action: Option<Cow<'a, str>>,
}

/// A leaf, or a node at the depth limit, is evaluated and receives its value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leaf<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub value: Num,
    /// The exact value, where `value` (the nearest double) is not it:
    /// a fraction such as `"23/3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
}

/// Alpha or beta at `node` improves to `value`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Update<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub bound: Bound,
    pub value: Num,
}

/// `node` stops searching because `value` `test` `bound` (whose value is
/// `limit`) holds, e.g. 2 <= alpha=3; `pruned` are the skipped children.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cutoff<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub value: Num,
    #[serde(borrow)]
    pub test: Cow<'a, str>,
    pub bound: Bound,
    pub limit: Num,
    #[serde(borrow)]
    pub pruned: Vec<Cow<'a, str>>,
}

/// An inner node receives its value; `kind` says whether it is exact or
/// only a lower or upper bound (fail-soft values at cut nodes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Valued<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub value: Num,
    /// The exact value, where `value` (the nearest double) is not it:
    /// a fraction such as `"23/3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
    pub kind: ValueKind,
}

/// `node` searches `child` again with its whole window: the child's
/// `value` from a null-window probe showed it better (PVS).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Research<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    #[serde(borrow)]
    pub child: Cow<'a, str>,
    pub value: Num,
    /// The exact value, where `value` (the nearest double) is not it:
    /// a fraction such as `"23/3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
}

/// `node` receives its value from memory, without a search: what an
/// earlier pass proved (MTD(f), SSS*) or, with `transpositions`, what an
/// earlier copy of the same position got; `kind` says whether it is exact
/// or a bound.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Recall<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub value: Num,
    /// The exact value, where `value` (the nearest double) is not it:
    /// a fraction such as `"23/3"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Exact>,
    pub kind: ValueKind,
}

/// Pass `number` (from 1) over the tree begins at the root `node` with
/// the window `alpha`, `beta` (MTD(f), SSS*, iterative deepening); the
/// root's next `value` event is the pass's result. `depth_limit` is the
/// depth an iteration of `id-alphabeta` searches to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pass<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    pub number: u32,
    pub alpha: Num,
    pub beta: Num,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_limit: Option<u32>,
}

/// From now on `node` searches its children in the order `children`
/// (`id-alphabeta`: best first by the previous iteration's values).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reorder<'a> {
    pub step: u64,
    #[serde(borrow)]
    pub node: Cow<'a, str>,
    #[serde(borrow)]
    pub children: Vec<Cow<'a, str>>,
}

/// The `type` of an event, which says which record the rest of it is.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum RecordType {
    Enter,
    Leaf,
    Update,
    Cutoff,
    Value,
    Research,
    Recall,
    Pass,
    Reorder,
}

impl RecordType {
    /// The record of this type that `rest` holds.
    fn read<'de, D: Deserializer<'de>>(self, rest: D) -> Result<EventRecord<'de>, D::Error> {
        Ok(match self {
            RecordType::Enter => EventRecord::Enter(Enter::deserialize(rest)?),
            RecordType::Leaf => EventRecord::Leaf(Leaf::deserialize(rest)?),
            RecordType::Update => EventRecord::Update(Update::deserialize(rest)?),
            RecordType::Cutoff => EventRecord::Cutoff(Cutoff::deserialize(rest)?),
            RecordType::Value => EventRecord::Value(Valued::deserialize(rest)?),
            RecordType::Research => EventRecord::Research(Research::deserialize(rest)?),
            RecordType::Recall => EventRecord::Recall(Recall::deserialize(rest)?),
            RecordType::Pass => EventRecord::Pass(Pass::deserialize(rest)?),
            RecordType::Reorder => EventRecord::Reorder(Reorder::deserialize(rest)?),
        })
    }
}

/// Reads an event whose `type` comes first, as gametree writes them,
/// straight into its record; an event in another order is gathered first.
impl<'de> Deserialize<'de> for EventRecord<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(RecordVisitor)
    }
}

struct RecordVisitor;

impl<'de> Visitor<'de> for RecordVisitor {
    type Value = EventRecord<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an event object with a \"type\"")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<EventRecord<'de>, A::Error> {
        let Some(Key(first)) = map.next_key::<Key>()? else {
            return Err(de::Error::missing_field("type"));
        };
        if first == "type" {
            let kind: RecordType = map.next_value()?;
            return kind.read(MapAccessDeserializer::new(map));
        }
        let mut object = serde_json::Map::new();
        let mut key = Some(first.into_owned());
        while let Some(name) = key {
            if object.insert(name.clone(), map.next_value()?).is_some() {
                return Err(de::Error::custom(format!("duplicate field `{name}`")));
            }
            key = map.next_key::<Key>()?.map(|Key(name)| name.into_owned());
        }
        let kind = object.remove("type").ok_or_else(|| de::Error::missing_field("type"))?;
        let kind = RecordType::deserialize(kind).map_err(de::Error::custom)?;
        kind.read(serde_json::Value::Object(object)).map_err(de::Error::custom)
    }
}

/// A member's name, borrowed from the input where it can be.
#[derive(Deserialize)]
struct Key<'a>(#[serde(borrow)] Cow<'a, str>);

impl<'a> Enter<'a> {
    /// The record of the search entering `node`, the `step`-th of the
    /// search, at `depth` where `player` moves, with `window`.
    fn new(
        tree: &'a Tree,
        step: u64,
        node: NodeId,
        depth: u32,
        player: Player,
        window: Option<Window>,
    ) -> Enter<'a> {
        Enter {
            step,
            node: Cow::Borrowed(tree.name(node)),
            depth,
            player,
            alpha: window.map(|w| Num(w.alpha)),
            beta: window.map(|w| Num(w.beta)),
            probability: tree.probability(node).map(|p| Num(p.to_f64())),
            probability_exact: tree.probability(node).and_then(Exact::of),
            action: tree.action(node).map(Cow::Borrowed),
        }
    }
}

impl<'a> EventRecord<'a> {
    /// The step the record is, from 1.
    pub fn step(&self) -> u64 {
        match self {
            EventRecord::Enter(Enter { step, .. })
            | EventRecord::Leaf(Leaf { step, .. })
            | EventRecord::Update(Update { step, .. })
            | EventRecord::Cutoff(Cutoff { step, .. })
            | EventRecord::Value(Valued { step, .. })
            | EventRecord::Research(Research { step, .. })
            | EventRecord::Recall(Recall { step, .. })
            | EventRecord::Pass(Pass { step, .. })
            | EventRecord::Reorder(Reorder { step, .. }) => *step,
        }
    }

    /// The record of `event`, the `step`-th of the search.
    pub fn new(tree: &'a Tree, step: u64, event: &Event<'_>) -> EventRecord<'a> {
        let name = |node| Cow::Borrowed(tree.name(node));
        match *event {
            Event::Enter { node, depth, player, window } => {
                EventRecord::Enter(Enter::new(tree, step, node, depth, player, window))
            }
            Event::Leaf { node, value } => EventRecord::Leaf(Leaf {
                step,
                node: name(node),
                value: number(value),
                exact: Exact::of(value),
            }),
            Event::Update { node, bound, value } => {
                EventRecord::Update(Update { step, node: name(node), bound, value: Num(value) })
            }
            Event::Cutoff { node, rule, pruned } => EventRecord::Cutoff(Cutoff {
                step,
                node: name(node),
                value: Num(rule.value),
                test: Cow::Borrowed(rule.comparison()),
                bound: rule.bound,
                limit: Num(rule.limit),
                pruned: pruned.iter().map(|&n| name(n)).collect(),
            }),
            Event::Value { node, value, kind } => EventRecord::Value(Valued {
                step,
                node: name(node),
                value: number(value),
                exact: Exact::of(value),
                kind,
            }),
            Event::Research { node, child, value } => EventRecord::Research(Research {
                step,
                node: name(node),
                child: name(child),
                value: number(value),
                exact: Exact::of(value),
            }),
            Event::Recall { node, value, kind } => EventRecord::Recall(Recall {
                step,
                node: name(node),
                value: number(value),
                exact: Exact::of(value),
                kind,
            }),
            Event::Pass { node, number, window, depth_limit } => EventRecord::Pass(Pass {
                step,
                node: name(node),
                number,
                alpha: Num(window.alpha),
                beta: Num(window.beta),
                depth_limit,
            }),
            Event::Reorder { node, children } => EventRecord::Reorder(Reorder {
                step,
                node: name(node),
                children: children.iter().map(|&n| name(n)).collect(),
            }),
        }
    }
}
