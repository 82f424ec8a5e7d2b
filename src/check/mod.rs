//! `gametree check`: grade an answer against the search.
//!
//! An answer is either classroom lines (see [`classroom`]) or a JSON trace
//! written by `gametree trace --format json` (see [`trace_file`]). Every key
//! or field the answer gives is compared with what the search does; for the
//! first wrong item of each, the verdict says where it is, what the answer
//! and the search say, and why the search does what it does
//! ([`explain`]).

pub mod classroom;
mod conventions;
mod exercise;
pub mod explain;
pub mod report;
pub mod trace_file;

pub use exercise::{Exercise, ExerciseError, TreeSource};

use crate::answer::OrderLine;
use crate::answer::{Answer, LeafMark, notation};
use crate::bounds::ValueKind;
use crate::notation::Notation;
use crate::num::{Match, Value, Written};
use crate::tree::{NodeId, Tree};
use classroom::{Claim, Items, Line};
use explain::Witness;

/// The verdict on one key of the answer.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyVerdict {
    /// `order`, `best move`, ..., or a trace field such as `events`.
    pub key: String,
    /// What the search gives, as the answer would write it.
    pub expected: String,
    /// What the answer says.
    pub got: String,
    /// The first difference; none when the key is right.
    pub wrong: Option<Wrong>,
}

/// The first item where an answer and the search differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Wrong {
    /// 1-based position of the item, for lists.
    pub position: Option<usize>,
    /// The item as the answer has it (`(nothing)` past its end).
    pub answer: String,
    /// The item as the search has it (`(nothing)` past its end).
    pub search: String,
    /// Why the search does what it does there.
    pub explanation: Option<String>,
}

/// The verdict on a whole answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub keys: Vec<KeyVerdict>,
    /// Another convention under which the whole answer is right, in words.
    pub hint: Option<String>,
}

/// How strictly to grade, beyond the search's own answer.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GradeOptions {
    /// Accept any move to a root child with the root's exact value.
    pub any_best_move: bool,
    /// A `leaves` line must mark the cutoffs with `#`.
    pub require_marks: bool,
    /// How far a written value may be from the computed one (`--tolerance`);
    /// without one, only the exact value or its rounding.
    pub tolerance: Option<f64>,
}

impl Verdict {
    /// Whether every key the answer gives is right.
    pub fn is_right(&self) -> bool {
        self.keys.iter().all(|key| key.wrong.is_none())
    }
}

const NOTHING: &str = "(nothing)";

/// Grades classroom lines against the search's `answer`, explained by `witness`.
pub fn grade(
    tree: &Tree,
    lines: &[Line],
    answer: &Answer,
    witness: &Witness<'_>,
    options: GradeOptions,
) -> Verdict {
    let answer = &answer.by_first_copies(tree);
    let grader = Grader { tree, answer, witness, options };
    let keys = lines
        .iter()
        .map(|line| match &line.items {
            Items::Order(items) => grader.order(items),
            Items::Leaves(marks) => grader.leaves(marks),
            Items::Pruned(nodes) => grader.pruned(nodes),
            Items::BestMove(node) => grader.best_move(*node),
            Items::Value(value) => grader.value(*value),
        })
        .collect();
    Verdict { keys, hint: None }
}

struct Grader<'a> {
    tree: &'a Tree,
    answer: &'a Answer,
    witness: &'a Witness<'a>,
    options: GradeOptions,
}

/// The first position where two lists differ, if they do.
fn first_difference<A, S>(
    answer: &[A],
    search: &[S],
    same: impl Fn(&A, &S) -> bool,
) -> Option<usize> {
    let common = answer.iter().zip(search).position(|(a, s)| !same(a, s));
    common.or_else(|| (answer.len() != search.len()).then(|| answer.len().min(search.len())))
}

impl Grader<'_> {
    fn order(&self, items: &[(NodeId, Option<Claim>)]) -> KeyVerdict {
        let tree = self.tree;
        // Leaves, and nodes the depth limit evaluated statically.
        let mut is_evaluated: Vec<bool> = tree.nodes().map(|node| tree.is_leaf(node)).collect();
        for &mark in &self.answer.leaves {
            if let LeafMark::Leaf(node) = mark {
                is_evaluated[node.index()] = true;
            }
        }
        let evaluated = |node: NodeId| is_evaluated[node.index()];
        let inner_only = items.iter().all(|&(node, _)| !evaluated(node));
        // Each value with what it says: a node searched in several passes
        // receives a bound in one and its value in another.
        let kinds = self.witness.received_kinds();
        let search: Vec<(NodeId, Value, ValueKind)> = (self.answer.order.iter().zip(kinds))
            .map(|((node, value), &kind)| (node, value, kind))
            .filter(|&(node, _, _)| !inner_only || !evaluated(node))
            .collect();
        let show = |&(node, claim): &(NodeId, Option<Claim>)| match claim {
            Some(claim) => format!("{}:{claim}", tree.name(node)),
            None => tree.name(node).to_string(),
        };
        let got: Vec<String> = items.iter().map(show).collect();
        // A bound must point the way the search's does; a bare value may
        // stand for a bound.
        let tolerance = self.options.tolerance;
        let same = |a: &(NodeId, Option<Claim>),
                    &(node, value, kind): &(NodeId, Value, ValueKind)| {
            a.0 == node
                && a.1.is_none_or(|c| {
                    c.value.matches(value, tolerance) != Match::No
                        && c.bound.is_none_or(|b| b == kind)
                })
        };
        let wrong = first_difference(items, &search, same).map(|i| {
            let broken = items.get(i).and_then(|_| self.rule_broken(items, i, &evaluated));
            let explanation = match (items.get(i), search.get(i)) {
                (Some(&(node, _)), _) if self.witness.value_of(node).is_none() => {
                    self.witness.why_not_searched(node)
                }
                (Some(_), _) if broken.is_some() => broken.expect("checked"),
                // The answer skips a node the search visits: why is it visited?
                (_, Some(&(node, _, _))) if items.iter().all(|&(n, _)| n != node) => {
                    self.witness.why_searched(node)
                }
                (_, Some(&(node, _, _))) => self.witness.why_value(node),
                _ => "the search has given every node its value by then".to_string(),
            };
            let search_item = search.get(i).map(|&(node, value, kind)| {
                format!("{}:{}{value}", tree.name(node), Notation::Symbols.bound_sign(kind))
            });
            wrong_at(Some(i + 1), items.get(i).map(show), search_item, Some(explanation))
        });
        let key = if inner_only { "order (inner nodes)" } else { "order" };
        let search: OrderLine = search.iter().map(|&(node, value, _)| (node, value)).collect();
        verdict(key, notation::Order(tree, &search).to_string(), got.join(" "), wrong)
    }

    /// The rule of the `order` line that item `i` of the answer breaks: a
    /// node listed before its searched children have their values, or
    /// before a searched sibling to its left. `evaluated` tells the nodes
    /// that get their values without children (an answer of inner nodes
    /// alone leaves those out).
    fn rule_broken(
        &self,
        items: &[(NodeId, Option<Claim>)],
        i: usize,
        evaluated: &impl Fn(NodeId) -> bool,
    ) -> Option<String> {
        let tree = self.tree;
        let node = items[i].0;
        let inner_only = items.iter().all(|&(n, _)| !evaluated(n));
        let listed = |n: NodeId| items[..i].iter().any(|&(m, _)| m == n);
        // Only a node the answer lists from here on is out of place; one
        // it leaves out is explained as searched, not as out of order (the
        // item itself is never its own child or sibling).
        let later = |n: NodeId| items[i..].iter().any(|&(m, _)| m == n);
        let expected =
            |n: NodeId| self.witness.value_of(n).is_some() && !(inner_only && evaluated(n));
        let names =
            |nodes: &[NodeId]| nodes.iter().map(|&n| tree.name(n)).collect::<Vec<_>>().join(" ");
        let children: Vec<NodeId> =
            tree.children(node).iter().copied().filter(|&child| expected(child)).collect();
        if !evaluated(node) && children.iter().any(|&child| !listed(child) && later(child)) {
            return Some(format!(
                "{} gets its value only after its children {}: a node is listed once the last of its searched children has its value",
                tree.name(node),
                names(&children)
            ));
        }
        let parent = tree.nodes().find(|&p| tree.children(p).contains(&node))?;
        let siblings = tree.children(parent);
        let left = siblings[..siblings.iter().position(|&s| s == node)?].iter();
        let skipped = left
            .copied()
            .find(|&sibling| expected(sibling) && !listed(sibling) && later(sibling))?;
        Some(format!(
            "children are searched left to right: {}, left of {} under {}, gets its value first",
            tree.name(skipped),
            tree.name(node),
            tree.name(parent)
        ))
    }

    fn leaves(&self, marks: &[LeafMark]) -> KeyVerdict {
        let with_cutoffs = marks.contains(&LeafMark::Cutoff) || self.options.require_marks;
        let search: Vec<LeafMark> = self
            .answer
            .leaves
            .iter()
            .copied()
            .filter(|&m| with_cutoffs || m != LeafMark::Cutoff)
            .collect();
        let wrong = first_difference(marks, &search, |a, s| a == s).map(|i| {
            let trailing = self.trailing_mark(marks, i);
            let explanation = match (marks.get(i), search.get(i)) {
                (Some(&LeafMark::Cutoff), _) if trailing.is_some() => trailing,
                (Some(&LeafMark::Leaf(node)), _) if self.witness.value_of(node).is_none() => {
                    Some(self.witness.why_not_searched(node))
                }
                (_, Some(&LeafMark::Cutoff)) => {
                    let nth = search[..i].iter().filter(|&&m| m == LeafMark::Cutoff).count();
                    Some(self.witness.why_cutoff(nth))
                }
                (Some(&LeafMark::Cutoff), Some(&LeafMark::Leaf(node))) => {
                    Some(self.witness.why_searched(node))
                }
                _ => None,
            };
            let show =
                |mark: Option<&LeafMark>| mark.map(|&m| notation::leaf(self.tree, m).to_string());
            wrong_at(Some(i + 1), show(marks.get(i)), show(search.get(i)), explanation)
        });
        // Say so only where marks were left out: a search without cutoffs has none.
        let relaxed = search.len() < self.answer.leaves.len();
        let key = if relaxed { "leaves (without #)" } else { "leaves" };
        verdict(
            key,
            notation::Leaves(self.tree, &search).to_string(),
            notation::Leaves(self.tree, marks).to_string(),
            wrong,
        )
    }

    /// Why a `#` at item `i` of a `leaves` line marks nothing, when it
    /// follows the last child of a node: a cutoff there skips nothing.
    fn trailing_mark(&self, marks: &[LeafMark], i: usize) -> Option<String> {
        let tree = self.tree;
        let leaf = marks[..i].iter().rev().find_map(|&mark| match mark {
            LeafMark::Leaf(node) => Some(node),
            LeafMark::Cutoff => None,
        })?;
        let parent = tree.nodes().find(|&p| tree.children(p).contains(&leaf))?;
        (tree.children(parent).last() == Some(&leaf)).then(|| {
            format!(
                "{} is the last child of {}: a cutoff there would skip nothing, so the search marks none",
                tree.name(leaf),
                tree.name(parent)
            )
        })
    }

    fn pruned(&self, nodes: &[NodeId]) -> KeyVerdict {
        let search = &self.answer.pruned;
        let wrong = first_difference(nodes, search, |a, s| a == s).map(|i| {
            let explanation = match (nodes.get(i), search.get(i)) {
                (Some(&node), _) if self.witness.value_of(node).is_some() => {
                    self.witness.why_searched(node)
                }
                (Some(&node), _) if !search.contains(&node) => format!(
                    "{}; `pruned` lists only the children a cutoff skips",
                    self.witness.why_not_searched(node)
                ),
                (_, Some(&node)) => self.witness.why_not_searched(node),
                _ => "the search prunes nothing more".to_string(),
            };
            let show = |node: Option<&NodeId>| node.map(|&n| self.tree.name(n).to_string());
            wrong_at(Some(i + 1), show(nodes.get(i)), show(search.get(i)), Some(explanation))
        });
        verdict(
            "pruned",
            notation::Nodes(self.tree, search).to_string(),
            notation::Nodes(self.tree, nodes).to_string(),
            wrong,
        )
    }

    fn best_move(&self, node: Option<NodeId>) -> KeyVerdict {
        let search = self.answer.best_move;
        let expected = notation::node(self.tree, search).to_string();
        let got = notation::node(self.tree, node).to_string();
        let equally_good =
            self.options.any_best_move && node.is_some_and(|n| self.witness.is_best_child(n));
        let wrong = (node != search && !equally_good).then(|| {
            wrong_at(
                None,
                Some(got.clone()),
                Some(expected.clone()),
                Some(self.witness.why_best_move()),
            )
        });
        verdict("best move", expected, got, wrong)
    }

    fn value(&self, value: Written) -> KeyVerdict {
        let computed = self.answer.value;
        let (expected, got) = (computed.to_string(), value.to_string());
        let matched = value.matches(computed, self.options.tolerance);
        let wrong = (matched == Match::No).then(|| {
            let mut why = self.witness.why_value(self.tree.root());
            why.extend(rounding_note(value, computed).map(|note| format!("; {note}")));
            wrong_at(None, Some(got.clone()), Some(expected.clone()), Some(why))
        });
        verdict("value", expected, got, wrong)
    }
}

/// Why a decimal near a value whose decimals never end is not taken: too
/// few places, or not its rounding to the places written.
fn rounding_note(written: Written, computed: Value) -> Option<String> {
    let places = written.places?;
    if !computed.repeats() || !computed.is_finite() {
        return None;
    }
    let rounded = computed.round_to(places.max(2))?;
    Some(match places {
        0 | 1 => format!(
            "{computed} never ends in decimals: write it as a fraction, or rounded to two places or more ({rounded})"
        ),
        _ => format!("{computed} rounded to {places} places is {rounded}"),
    })
}

/// The first wrong item: at `position` in a list (or a whole value), as
/// the answer and the search have it (`None` past the end of a list).
fn wrong_at(
    position: Option<usize>,
    answer: Option<String>,
    search: Option<String>,
    explanation: Option<String>,
) -> Wrong {
    let shown = |item: Option<String>| item.unwrap_or_else(|| NOTHING.to_string());
    Wrong { position, answer: shown(answer), search: shown(search), explanation }
}

fn verdict(key: &str, expected: String, got: String, wrong: Option<Wrong>) -> KeyVerdict {
    KeyVerdict { key: key.to_string(), expected, got, wrong }
}
