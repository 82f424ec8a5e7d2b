//! Grading each key of classroom lines against the search, with the
//! explanation of the first wrong item.

use std::borrow::Cow;
use std::fmt::{self, Write};
use std::iter;

use crate::answer::{Answer, LeafMark, notation};
use crate::bounds::ValueKind;
use crate::notation::Notation;
use crate::num::{Match, Value, Written};
use crate::tree::{NodeId, Tree};

use super::classroom::{self, Claim, Items, Key, Line, OrderItems};
use super::copies;
use super::explain::Witness;
use super::facts::Facts;
use super::written::{accepted_note, rounding_note};
use super::{GradeOptions, KeyVerdict, first_difference, verdict, wrong_at};
use crate::lang::{Explanations, Lang, fill};

pub(super) struct Grader<'a> {
    pub tree: &'a Tree,
    /// The search's lines as names read them: in a game graph's tree,
    /// each copy of a shared node is its first.
    pub answer: &'a Answer,
    /// The search's lines copy by copy, which the explanations are about.
    pub copies: &'a Answer,
    /// The values the search gave.
    pub facts: &'a Facts<'a>,
    /// What explains the first wrong item of each key; none where the
    /// grade only tells right from wrong.
    pub witness: Option<&'a Witness<'a>>,
    pub options: GradeOptions,
    /// The language of the explanations, and its templates.
    pub lang: Lang,
    pub say: &'static Explanations,
}

impl Grader<'_> {
    /// The witness's explanation; none where the grade only tells right
    /// from wrong (then nothing is spent on explaining).
    fn explained(&self, explain: impl FnOnce(&Witness) -> String) -> Option<String> {
        self.witness.map(explain)
    }

    pub fn line(&self, line: &Line) -> KeyVerdict {
        match &line.items {
            Items::Order(items) => self.order(items),
            Items::Leaves(marks) => self.leaves(marks),
            Items::Pruned(nodes) => self.pruned(nodes),
            Items::BestMove(node) => self.best_move(*node),
            Items::Value(value) => self.value(*value),
            Items::Unreadable { text, reason } => {
                let expected = self.expected(line.key);
                let said = self.lang.words().verdict;
                let why = format!("{} {}: {}", said.line, line.number, reason.describe(self.lang));
                // An empty line is shown as "(nothing)", like a missing item.
                let given = Some(text.clone()).filter(|text| !text.is_empty());
                let wrong = wrong_at(None, given, Some(expected.clone()), Some(why));
                verdict(line.key.name(), expected, text.clone(), Some(wrong))
            }
        }
    }

    /// The search's line for `key`, as an answer writes it, shown as a
    /// verdict shows lines (cut after 200 characters).
    fn expected(&self, key: Key) -> String {
        let (tree, answer) = (self.tree, self.answer);
        match key {
            Key::Order => classroom::shown(notation::Order(tree, &answer.order)),
            Key::Leaves => classroom::shown(notation::Leaves(tree, &answer.leaves)),
            Key::Pruned => classroom::shown(self.nodes(&answer.pruned)),
            Key::BestMove => self.node(answer.best_move),
            Key::Value => answer.value.to_string(),
        }
    }

    /// A `best move` item: a node's name, or no node in the verdict's
    /// language (`none`, `-`).
    fn node(&self, node: Option<NodeId>) -> String {
        node.map_or(self.lang.words().nothing, |node| self.tree.name(node)).to_string()
    }

    /// A `pruned` line: the nodes, or no node in the verdict's language.
    fn nodes(&self, nodes: &[NodeId]) -> String {
        match nodes.is_empty() {
            true => self.lang.words().nothing.to_string(),
            false => notation::Nodes(self.tree, nodes).to_string(),
        }
    }

    /// The verdict on a key the answer leaves out.
    pub fn missing(&self, key: Key) -> KeyVerdict {
        let expected = self.expected(key);
        let wrong = wrong_at(None, None, Some(expected.clone()), None);
        let verdict = verdict(key.name(), expected, String::new(), Some(wrong));
        KeyVerdict { about: Some(key), missing: true, ..verdict }
    }

    fn order(&self, items: &OrderItems) -> KeyVerdict {
        let tree = self.tree;
        let is_evaluated = self.answer.evaluated(tree);
        let evaluated = |node: NodeId| is_evaluated[tree.position(node) as usize];
        let inner_only = items.iter().all(|(node, _)| !evaluated(node));
        // Each value with what it says: a node searched in several passes
        // receives a bound in one and its value in another. Walked as often
        // as needed rather than kept: a line can have a million items.
        let kinds = self.facts.received_kinds();
        let search = || {
            (self.answer.order.iter().zip(kinds))
                .map(|((node, value), &kind)| (node, value, kind))
                .filter(move |&(node, _, _)| !inner_only || !evaluated(node))
        };
        // A bound must point the way the search's does; a bare value may
        // stand for a bound.
        let tolerance = self.options.tolerance;
        let same = |&(a, claim): &(NodeId, Option<Claim>),
                    &(node, value, kind): &(NodeId, Value, ValueKind)| {
            a == node
                && claim.is_none_or(|c| {
                    c.written().matches(value, tolerance) != Match::No
                        && c.bound().is_none_or(|b| b == kind)
                })
        };
        let wrong = first_difference(items.iter(), search(), same).map(|i| {
            let searched = search().nth(i);
            let explanation = self.explained(|w| {
                let item = items.get(i).map(|(node, _)| node);
                let in_search = search().filter(|&(node, ..)| Some(node) == item).count();
                let once = item.is_some_and(|node| self.listed_once(node, in_search));
                let name = |&(node, _): &(NodeId, Option<Claim>)| tree.name(node).to_string();
                let twice = once.then(|| self.listed_twice(items.iter(), i, name)).flatten();
                let at = (i, search().count());
                self.order_copies_explanation(w, items, at, (twice, &evaluated))
            });
            let search_item = searched.map(|(node, value, kind)| {
                format!("{}:{}{value}", tree.name(node), Notation::Symbols.bound_sign(kind))
            });
            let item = items.get(i).map(|item| Shown(tree, iter::once(item)).to_string());
            wrong_at(Some(i + 1), item, search_item, explanation)
        });
        let key = if inner_only { "order (inner nodes)" } else { "order" };
        let claims = items.iter().zip(search()).filter_map(|(item, (_, value, _))| {
            Some((Shown(tree, iter::once(item)), item.1?.written(), value))
        });
        let accepted = accepted_note(claims, tolerance);
        let line = match inner_only {
            true => Cow::Owned(search().map(|(node, value, _)| (node, value)).collect()),
            false => Cow::Borrowed(&self.answer.order),
        };
        let got = classroom::shown(Shown(tree, items.iter()));
        let verdict = verdict(key, classroom::shown(notation::Order(tree, &line)), got, wrong);
        KeyVerdict { accepted: accepted.filter(|_| verdict.wrong.is_none()), ..verdict }
    }

    /// Why item `i` of an `order` line of `total` items differs from the
    /// search's (`twice` where it repeats an item): [`Grader::order_explanation`]
    /// of the copies both mean.
    fn order_copies_explanation(
        &self,
        w: &Witness,
        items: &OrderItems,
        (i, total): (usize, usize),
        (twice, evaluated): (Option<String>, &impl Fn(NodeId) -> bool),
    ) -> String {
        // The search's line copy by copy, as the graded line has it.
        let inner_only = items.iter().all(|(node, _)| !evaluated(node));
        let copies = || {
            (self.copies.order.iter().map(|(copy, _)| copy))
                .filter(move |&copy| !inner_only || !evaluated(copy))
        };
        // Which of its values the copy has there: a search of several
        // passes values a node once in each.
        let count = |copy| copies().take(i + 1).filter(|&c| c == copy).count();
        let searched = copies().nth(i).map(|copy| (copy, Some(count(copy))));
        let items = copies::order(self.tree, items, copies());
        self.order_explanation(w, &items, (searched, total), i, (twice, evaluated))
    }

    /// Why item `i` of an `order` line differs from the search's, whose
    /// item `i` is `searched` (a node, and which of its values it is if
    /// known) of `total` (counted, not collected: a line can have a
    /// million items): it repeats an item, the answer stops, the node is
    /// never searched, a rule of the line is broken, or how the search's
    /// node got that value.
    fn order_explanation(
        &self,
        w: &Witness,
        items: &OrderItems,
        (searched, total): (Option<(NodeId, Option<usize>)>, usize),
        i: usize,
        (twice, evaluated): (Option<String>, &impl Fn(NodeId) -> bool),
    ) -> String {
        let item = items.get(i);
        let broken = item.and_then(|(node, _)| self.rule_broken(w, items, node, i, evaluated));
        match (item, searched) {
            (Some(_), _) if twice.is_some() => twice.expect("checked"),
            (None, Some((node, nth))) => {
                let why = w.why_nth_value(node, nth);
                fill(
                    self.say.order_stops,
                    &[("given", &items.len()), ("total", &total), ("why", &why)],
                )
            }
            (Some((node, _)), _) if !w.reached(node) => w.why_not_searched(node),
            (Some(_), _) if broken.is_some() => broken.expect("checked"),
            // The answer skips a node the search visits: why is it visited?
            (_, Some((node, nth))) if items.iter().all(|(n, _)| n != node) => {
                w.why_searched(node, nth)
            }
            (_, Some((node, nth))) => w.why_nth_value(node, nth),
            _ => self.say.every_node_valued.to_string(),
        }
    }

    /// The rule of the `order` line that item `i` of the answer, `node`,
    /// breaks: a node listed before its searched children have their
    /// values, or before a searched sibling to its left. `evaluated` tells
    /// the nodes that get their values without children (an answer of
    /// inner nodes alone leaves those out).
    fn rule_broken(
        &self,
        w: &Witness,
        items: &OrderItems,
        node: NodeId,
        i: usize,
        evaluated: &impl Fn(NodeId) -> bool,
    ) -> Option<String> {
        let tree = self.tree;
        let inner_only = items.iter().all(|(n, _)| !evaluated(n));
        let listed = |n: NodeId| items.iter().take(i).any(|(m, _)| m == n);
        // Only a node the answer lists from here on is out of place; one
        // it leaves out is explained as searched, not as out of order (the
        // item itself is never its own child or sibling).
        let later = |n: NodeId| items.iter().skip(i).any(|(m, _)| m == n);
        let expected = |n: NodeId| w.reached(n) && !(inner_only && evaluated(n));
        let names =
            |nodes: &[NodeId]| nodes.iter().map(|&n| tree.name(n)).collect::<Vec<_>>().join(" ");
        let children: Vec<NodeId> =
            tree.children(node).iter().copied().filter(|&child| expected(child)).collect();
        if !evaluated(node) && children.iter().any(|&child| !listed(child) && later(child)) {
            let (node, children) = (tree.name(node), names(&children));
            return Some(fill(
                self.say.after_children,
                &[("node", &node), ("children", &children)],
            ));
        }
        let parent = w.parent_of(node)?;
        let siblings = tree.children(parent);
        let left = siblings[..siblings.iter().position(|&s| s == node)?].iter();
        let skipped = left
            .copied()
            .find(|&sibling| expected(sibling) && !listed(sibling) && later(sibling))?;
        Some(fill(
            self.say.left_to_right,
            &[
                ("sibling", &tree.name(skipped)),
                ("node", &tree.name(node)),
                ("parent", &tree.name(parent)),
            ],
        ))
    }

    fn leaves(&self, marks: &[LeafMark]) -> KeyVerdict {
        // An answer without `#` is compared with the search's line without
        // them; the line is copied only then (it can have a million items).
        let with_cutoffs = marks.contains(&LeafMark::Cutoff) || self.options.require_marks;
        let leaves = &self.answer.leaves;
        let relaxed = !with_cutoffs && leaves.contains(&LeafMark::Cutoff);
        let search = without_marks(leaves, relaxed);
        let wrong = first_difference(marks, search.iter(), |a, s| a == s).map(|i| {
            let explanation = self.witness.and_then(|w| {
                let leaf = |&mark: &LeafMark| notation::leaf(self.tree, mark).to_string();
                let node = |&mark: &LeafMark| match mark {
                    LeafMark::Leaf(node) => Some(node),
                    LeafMark::Cutoff => None,
                };
                let twice = self.repeated((marks, &search), i, node, leaf);
                // The search's line copy by copy, as the graded line has it.
                let search = match copies::has_copies(self.tree) {
                    false => Cow::Borrowed(&*search),
                    true => without_marks(&self.copies.leaves, relaxed),
                };
                let marks = copies::leaves(self.tree, marks, &search);
                self.leaves_explanation(w, (&marks, &search), i, twice)
            });
            let show =
                |mark: Option<&LeafMark>| mark.map(|&m| notation::leaf(self.tree, m).to_string());
            wrong_at(Some(i + 1), show(marks.get(i)), show(search.get(i)), explanation)
        });
        // Say so only where marks were left out: a search without cutoffs has none.
        let key = if relaxed { "leaves (without #)" } else { "leaves" };
        verdict(
            key,
            classroom::shown(notation::Leaves(self.tree, &search)),
            classroom::shown(notation::Leaves(self.tree, marks)),
            wrong,
        )
    }

    /// Why item `i` of a `leaves` line differs from the search's `search`
    /// (`twice` where it repeats an item; or nothing to say).
    fn leaves_explanation(
        &self,
        w: &Witness,
        (marks, search): (&[LeafMark], &[LeafMark]),
        i: usize,
        twice: Option<String>,
    ) -> Option<String> {
        let trailing = self.trailing_mark(w, marks, i);
        // A node valued without being evaluated, and how it was valued.
        let (unlisted, is_leaf) = (|leaf| !search.contains(&leaf), |n| self.tree.is_leaf(n));
        let lists_only = |node| fill(self.say.leaves_lists_only, &[("why", &w.why_value(node))]);
        match (marks.get(i), search.get(i)) {
            (Some(&LeafMark::Cutoff), _) if i > 0 && marks[i - 1] == LeafMark::Cutoff => {
                Some(self.say.mark_too_many.to_string())
            }
            (Some(_), _) if twice.is_some() => twice,
            (None, Some(_)) => Some(fill(
                self.say.leaves_stop,
                &[("given", &marks.len()), ("total", &search.len())],
            )),
            (Some(&LeafMark::Cutoff), _) if trailing.is_some() => trailing,
            (Some(&LeafMark::Leaf(node)), _) if !w.reached(node) => Some(w.why_not_searched(node)),
            // A leaf valued but not searched: taken from a table.
            (Some(&leaf @ LeafMark::Leaf(node)), _) if unlisted(leaf) && is_leaf(node) => {
                Some(lists_only(node))
            }
            (_, Some(&LeafMark::Cutoff)) => {
                let nth = search[..i].iter().filter(|&&m| m == LeafMark::Cutoff).count();
                Some(w.why_cutoff(nth))
            }
            // An inner node, where the search has no cutoff to tell about.
            (Some(&leaf @ LeafMark::Leaf(node)), _) if unlisted(leaf) => Some(lists_only(node)),
            // The answer has another leaf, or a `#`, where the search takes this one.
            (_, Some(&LeafMark::Leaf(node))) => Some(w.why_searched(node, None)),
            _ => None,
        }
    }

    /// Why a `#` at item `i` of a `leaves` line marks nothing, when it
    /// follows the last child of a node: a cutoff there skips nothing.
    fn trailing_mark(&self, w: &Witness, marks: &[LeafMark], i: usize) -> Option<String> {
        let tree = self.tree;
        let leaf = marks[..i].iter().rev().find_map(|&mark| match mark {
            LeafMark::Leaf(node) => Some(node),
            LeafMark::Cutoff => None,
        })?;
        let parent = w.parent_of(leaf)?;
        (tree.children(parent).last() == Some(&leaf)).then(|| {
            let (leaf, parent) = (tree.name(leaf), tree.name(parent));
            fill(self.say.last_child, &[("leaf", &leaf), ("parent", &parent)])
        })
    }

    fn pruned(&self, nodes: &[NodeId]) -> KeyVerdict {
        let search = &self.answer.pruned;
        let wrong = first_difference(nodes, search, |a, s| a == s).map(|i| {
            let explanation = self.explained(|w| {
                let name = |&node: &NodeId| self.tree.name(node).to_string();
                let twice = self.repeated((nodes, search), i, |&node| Some(node), name);
                let search = &self.copies.pruned;
                let nodes = copies::pruned(self.tree, nodes, search);
                match (nodes.get(i), search.get(i)) {
                    (Some(_), _) if twice.is_some() => twice.expect("checked"),
                    (Some(&node), _) if w.reached(node) => w.why_searched(node, None),
                    (Some(&node), _) if !search.contains(&node) => {
                        fill(self.say.pruned_lists_only, &[("why", &w.why_not_searched(node))])
                    }
                    (_, Some(&node)) => w.why_not_searched(node),
                    _ => self.say.prunes_nothing_more.to_string(),
                }
            });
            let show = |node: Option<&NodeId>| node.map(|&n| self.tree.name(n).to_string());
            wrong_at(Some(i + 1), show(nodes.get(i)), show(search.get(i)), explanation)
        });
        verdict(
            "pruned",
            classroom::shown(self.nodes(search)),
            classroom::shown(self.nodes(nodes)),
            wrong,
        )
    }

    fn best_move(&self, node: Option<NodeId>) -> KeyVerdict {
        let search = self.answer.best_move;
        let (expected, got) = (self.node(search), self.node(node));
        let equally_good = self.options.any_best_move
            && node.is_some_and(|n| self.facts.is_best_child(&self.answer.order, n));
        let wrong = (node != search && !equally_good).then(|| {
            let why = self.explained(|w| w.why_best_move());
            wrong_at(None, Some(got.clone()), Some(expected.clone()), why)
        });
        verdict("best move", expected, got, wrong)
    }

    fn value(&self, value: Written) -> KeyVerdict {
        let computed = self.answer.value;
        let (expected, got) = (computed.to_string(), value.to_string());
        let matched = value.matches(computed, self.options.tolerance);
        let wrong = (matched == Match::No).then(|| {
            let why = self.explained(|w| {
                let mut why = w.why_value(self.tree.root());
                if !w.values_from_max() {
                    why = fill(self.say.max_view, &[("why", &why), ("value", &computed)]);
                }
                let note = rounding_note(value, computed, self.say);
                why.extend(note.map(|note| format!("; {note}")));
                why
            });
            wrong_at(None, Some(got.clone()), Some(expected.clone()), why)
        });
        let accepted = accepted_note([(&got, value, computed)], self.options.tolerance);
        KeyVerdict { accepted, ..verdict("value", expected, got, wrong) }
    }
}

/// The search's `leaves` line as an answer without `#` is compared with
/// (`relaxed`), copied only then: it can have a million items.
fn without_marks(line: &[LeafMark], relaxed: bool) -> Cow<'_, [LeafMark]> {
    match relaxed {
        false => Cow::Borrowed(line),
        true => line.iter().copied().filter(|&mark| mark != LeafMark::Cutoff).collect(),
    }
}

/// An answer's `order` items as one line, `e:3 f b:≤2`, written without a
/// string for each item (a line can have a million).
struct Shown<'a, I>(&'a Tree, I);

impl<I: Iterator<Item = (NodeId, Option<Claim>)> + Clone> fmt::Display for Shown<'_, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (node, claim)) in self.1.clone().enumerate() {
            if index > 0 {
                f.write_char(' ')?;
            }
            f.write_str(self.0.name(node))?;
            if let Some(claim) = claim {
                write!(f, ":{claim}")?;
            }
        }
        Ok(())
    }
}

impl Grader<'_> {
    /// Whether an answer lists `node` once at most, where the search's
    /// line has it `in_search` times: a search in several passes lists a
    /// node once in each, and a game graph's shared node has several
    /// copies, with one name.
    fn listed_once(&self, node: NodeId, in_search: usize) -> bool {
        in_search <= 1 && !copies::is_shared(self.tree, node)
    }

    /// [`Grader::listed_twice`] of a list of nodes or leaves, where the
    /// search's is `line`, for an item that names a node listed once.
    fn repeated<T: PartialEq + Copy>(
        &self,
        (items, line): (&[T], &[T]),
        i: usize,
        node: impl Fn(&T) -> Option<NodeId>,
        name: impl Fn(&T) -> String,
    ) -> Option<String> {
        let item = items.get(i)?;
        let in_search = line.iter().filter(|&x| x == item).count();
        let once = node(item).is_some_and(|node| self.listed_once(node, in_search));
        once.then(|| self.listed_twice(items.iter().copied(), i, name)).flatten()
    }

    /// Why item `i` of a list is wrong when it repeats an earlier item.
    fn listed_twice<T: PartialEq>(
        &self,
        items: impl Iterator<Item = T> + Clone,
        i: usize,
        name: impl Fn(&T) -> String,
    ) -> Option<String> {
        let item = items.clone().nth(i)?;
        let first = items.take(i).position(|earlier| earlier == item)?;
        Some(fill(
            self.say.listed_twice,
            &[("item", &name(&item)), ("first", &(first + 1)), ("second", &(i + 1))],
        ))
    }
}
