//! Why the search did what it did at a node, in the words a tutor would
//! use: "i is pruned: at c (MIN) after h=2, v=2 <= alpha=3".
//!
//! A [`Witness`] follows a search's events and keeps, for every node, the
//! cutoff that skipped it and whether it received a value (5 bytes). What
//! the parent had when a node was entered, how the node's value came
//! about and what its children's values were, it finds out when asked: a
//! new witness searches again with its eye on that node alone, keeping
//! the values of its children only (`values.rs`). A grade explains a few
//! nodes; keeping all of that for every node took about 170 bytes a node.

use std::cell::OnceCell;
use std::fmt::Display;

use crate::bounds::{Bound, CutoffRule, ValueKind, Window};
use crate::lang::{Explanations, Lang, fill};
use crate::notation::{Notation, bound_sign, cutoff_test};
use crate::num::{Num, Value};
use crate::search::{Algorithm, Options, Returns, View};
use crate::tree::{NodeId, Player, Tree};

use super::facts::Facts;

mod follow;
mod values;

use values::Values;

/// No cutoff skipped the node (in [`Witness`]'s `cut`).
const NOT_CUT: u32 = u32::MAX;

/// Its parent's state when a node was entered.
#[derive(Clone, Copy, Debug)]
struct Moment {
    parent: NodeId,
    /// The sibling searched just before, with the value it returned.
    after: Option<(NodeId, Value)>,
    /// The cutoff test the parent made after that sibling, which did not
    /// hold; none where the parent does not prune.
    test: Option<CutoffRule>,
}

/// The cutoff that skipped a node.
#[derive(Clone, Copy, Debug)]
struct Cut {
    at: NodeId,
    after: Option<(NodeId, Value)>,
    rule: CutoffRule,
}

/// A node whose children are being searched.
struct Open {
    node: NodeId,
    /// Where its best value started, and where it is after the children so
    /// far (the algorithm's point of view), as the search says.
    start: Option<Value>,
    v: Option<Value>,
    /// The window it was entered with.
    entry: Option<Window>,
    /// The last child taken, with the value it returned.
    last: Option<(NodeId, Value)>,
    /// The cutoff test made after the last child.
    test: Option<CutoffRule>,
}

/// How a node's value came about (the value itself is in the facts).
#[derive(Clone, Copy, Debug)]
struct How {
    /// The window it was entered with (none without pruning).
    entry: Option<Window>,
    /// Where its best value started before its first child.
    start: Option<Value>,
    /// Its best value before fail-hard clamped it.
    best: Value,
    /// Taken from the memory of earlier passes, not searched.
    recalled: bool,
}

/// The value a node returned, and how it came about.
#[derive(Clone, Copy, Debug)]
struct Received {
    value: Value,
    kind: ValueKind,
    how: How,
}

/// A node's value and what it says, as a witness keeps it.
type Valued = Option<(Value, ValueKind)>;

/// What a witness sees of the one node it looks at closely, at the value
/// it looks for (or the last).
#[derive(Clone, Default)]
struct Closely {
    /// The moment it was entered for that value (none for the root).
    entered: Option<Moment>,
    /// That value, and how it came about.
    received: Option<Received>,
    /// Its children's values then, in order: those valued since it was
    /// entered for that value, or for the last, every child's last value.
    children: Vec<Valued>,
    /// How many values it has received so far.
    count: usize,
}

/// What the search did at each node; a [`Sink`].
pub struct Witness<'t> {
    tree: &'t Tree,
    algorithm: Algorithm,
    /// The options of the search it follows, to search again.
    options: Options,
    /// Whose point of view the values it receives are from.
    shown: View,
    /// The node it looks at closely (only a witness [`closely`](Self::closely)
    /// makes has one) with which of its values (counted from 1; none for
    /// the last), and what it sees there.
    focus: Option<(NodeId, Option<usize>)>,
    closely: Closely,
    /// The last cutoff that skipped each node, as its place in `cutoffs`
    /// (`NOT_CUT` for none): four bytes a node instead of a copy of it.
    cut: Vec<u32>,
    /// Every cutoff in order, with the children it skipped.
    cutoffs: Vec<(Cut, Vec<NodeId>)>,
    /// What each value received says, in order.
    facts: Facts<'t>,
    /// Whether each node received a value.
    reached: Vec<bool>,
    /// The last value received, and by which node: the child a node takes
    /// next, as each node's value comes just before its parent takes it
    /// (the node is kept to check that in debug builds).
    last: Option<(NodeId, Value)>,
    /// The last value each child of the node it looks at received (in the
    /// algorithm's point of view), and what it says.
    value: Values<'t>,
    /// Each node's parent, once an explanation needs one.
    parents: OnceCell<Vec<NodeId>>,
    open: Vec<Open>,
    /// The language of the explanations.
    say: &'static Explanations,
}

impl<'t> Witness<'t> {
    /// A witness of `algorithm` searching `tree` with `options`.
    pub fn new(tree: &'t Tree, algorithm: Algorithm, options: &Options) -> Witness<'t> {
        Witness::keeping(Values::none(), tree, algorithm, options)
    }

    /// A witness that keeps the values of the nodes `value` has room for.
    fn keeping(
        value: Values<'t>,
        tree: &'t Tree,
        algorithm: Algorithm,
        options: &Options,
    ) -> Witness<'t> {
        Witness {
            tree,
            algorithm,
            options: *options,
            shown: algorithm.shown_view(options),
            focus: None,
            closely: Closely::default(),
            cut: vec![NOT_CUT; tree.len()],
            cutoffs: Vec::new(),
            facts: Facts::new(tree, algorithm),
            reached: vec![false; tree.len()],
            last: None,
            value,
            parents: OnceCell::new(),
            open: Vec::new(),
            say: Lang::En.words().explain,
        }
    }

    /// The witness explaining in `lang`.
    pub fn speaking(self, lang: Lang) -> Witness<'t> {
        Witness { say: lang.words().explain, ..self }
    }

    /// The values the nodes received, and what each says.
    pub fn facts(&self) -> &Facts<'t> {
        &self.facts
    }

    /// Whether the search reached `node` and gave it a value.
    pub fn reached(&self, node: NodeId) -> bool {
        self.reached[node.index()]
    }

    /// The last cutoff that skipped `node`, if one did.
    fn cut_of(&self, node: NodeId) -> Option<&Cut> {
        self.cutoffs.get(self.cut[node.index()] as usize).map(|(cut, _)| cut)
    }

    /// Why `node` is not searched: the cutoff that skipped it or an
    /// ancestor, or the depth limit.
    pub fn why_not_searched(&self, node: NodeId) -> String {
        let name = self.tree.name(node);
        if let Some(cut) = self.cut_of(node) {
            return fill(self.say.pruned, &[("node", &name), ("cut", &self.describe_cut(cut))]);
        }
        let mut ancestor = self.parent_of(node);
        while let Some(above) = ancestor {
            if let Some(cut) = self.cut_of(above) {
                let (above, cut) = (self.tree.name(above), self.describe_cut(cut));
                return fill(
                    self.say.pruned_above,
                    &[("node", &name), ("above", &above), ("cut", &cut)],
                );
            }
            ancestor = self.parent_of(above);
        }
        fill(self.say.below_depth_limit, &[("node", &name)])
    }

    /// Why `node` is searched although an answer says it is pruned or
    /// leaves it out: at the entry that gives it its `nth` value (counted
    /// from 1; none for the last), in a search of several passes.
    pub fn why_searched(&self, node: NodeId, nth: Option<usize>) -> String {
        let name = self.tree.name(node);
        let Some(moment) = self.closely(node, nth).entered else {
            return fill(self.say.is_root, &[("node", &name)]);
        };
        let parent = self.tree.name(moment.parent);
        let Some((sibling, value)) = moment.after else {
            return fill(self.say.first_child, &[("node", &name), ("parent", &parent)]);
        };
        let Some(rule) = moment.test else {
            let algorithm = self.algorithm.name();
            return fill(self.say.never_prunes, &[("node", &name), ("algorithm", &algorithm)]);
        };
        fill(
            self.say.test_fails,
            &[
                ("node", &name),
                ("parent", &parent),
                ("player", &self.tree.player(moment.parent)),
                ("child", &self.tree.name(sibling)),
                ("value", &value),
                ("test", &cutoff_test(&rule, Notation::Ascii)),
            ],
        )
    }

    /// The `n`-th cutoff (from 0) in words.
    pub fn why_cutoff(&self, n: usize) -> String {
        match self.cutoffs.get(n) {
            Some((cut, pruned)) => {
                let names: Vec<&str> = pruned.iter().map(|&node| self.tree.name(node)).collect();
                let (cut, nodes) = (self.describe_cut(cut), names.join(" "));
                fill(self.say.cutoff_here, &[("cut", &cut), ("nodes", &nodes)])
            }
            None => self.say.no_further_cutoff.to_string(),
        }
    }

    /// Why the best move is the one it is.
    pub fn why_best_move(&self) -> String {
        let root = self.tree.root();
        let name = self.tree.name(root);
        if self.tree.is_leaf(root) {
            return fill(self.say.root_is_leaf, &[("node", &name)]);
        }
        fill(
            self.say.best_move,
            &[
                ("node", &name),
                ("player", &self.tree.player(root)),
                ("values", &self.children_values(root, &self.closely(root, None).children)),
            ],
        )
    }

    /// `0.5*d=3 + 0.5*e=4`: a chance node's children's values with their
    /// probabilities.
    fn weighted_values(&self, node: NodeId, values: &[Valued]) -> String {
        let terms: Vec<String> = (self.tree.children(node).iter().zip(values))
            .map(|(&child, valued)| {
                let probability = self.tree.probability(child).unwrap_or_default();
                let value = valued.map_or("?".to_string(), |(v, _)| v.to_string());
                format!("{probability}*{}={value}", self.tree.name(child))
            })
            .collect();
        terms.join(" + ")
    }

    /// Whether values are shown from MAX's point of view (not negamax's).
    pub fn values_from_max(&self) -> bool {
        self.shown == View::Max
    }

    /// A child's value and what it says, as `parent` sees it: in the
    /// negamax views negated where the player changes, or where values are
    /// shown from the side that moved; a negated bound points the other way.
    fn seen_by_parent(
        &self,
        child: NodeId,
        parent: NodeId,
        (value, kind): (Value, ValueKind),
    ) -> (Value, ValueKind) {
        let changes = self.algorithm.view() != View::Max
            && self.tree.player(child) != self.tree.player(parent);
        match (self.shown == View::Moved) != changes {
            true => (-value, kind.flipped()),
            false => (value, kind),
        }
    }

    /// `e=3 f=12 c<=2`: the `values` a node's children returned, as the
    /// node sees them (the chooser's point of view).
    fn children_values(&self, node: NodeId, values: &[Valued]) -> String {
        let shown: Vec<String> = (self.tree.children(node).iter().zip(values))
            .filter_map(|(&child, &valued)| {
                let (value, kind) = self.seen_by_parent(child, node, valued?);
                let relation = match kind {
                    ValueKind::Exact => "=",
                    bound => bound_sign(bound),
                };
                Some(format!("{}{relation}{}", self.tree.name(child), value))
            })
            .collect();
        shown.join(" ")
    }

    /// How `node` got its last value.
    pub fn why_value(&self, node: NodeId) -> String {
        self.why_nth_value(node, None)
    }

    /// How `node` got its `nth` value (counted from 1; none for the last):
    /// a search of several passes values a node once in each.
    pub fn why_nth_value(&self, node: NodeId, nth: Option<usize>) -> String {
        let name = self.tree.name(node);
        let seen = match self.reached(node) {
            true => self.closely(node, nth),
            false => Closely::default(),
        };
        let Some(received) = seen.received else {
            return self.why_not_searched(node);
        };
        let Received { value, kind, .. } = received;
        if received.how.recalled {
            let relation = if kind == ValueKind::Exact { "=" } else { bound_sign(kind) };
            let said =
                [("node", &name as &dyn Display), ("relation", &relation), ("value", &value)];
            // With a table by position the value may come from another
            // copy of the node, and not from an earlier pass.
            let template = match self.options.transpositions {
                true => self.say.in_table,
                false => self.say.recalled,
            };
            return fill(template, &said);
        }
        let valued = [("node", &name as &dyn Display), ("value", &value)];
        if self.tree.is_leaf(node) {
            return fill(self.say.leaf_worth, &valued);
        }
        // The value of one entry is told with the children valued since
        // it; the last value with every child's last value (see `closely`).
        let children = seen.children;
        if children.iter().all(Option::is_none) {
            return fill(self.say.at_depth_limit, &valued);
        }
        if self.tree.player(node) == Player::Chance {
            let values = self.weighted_values(node, &children);
            return fill(self.say.chance, &[valued[0], valued[1], ("values", &values)]);
        }
        self.how_chosen(node, received, &children)
    }

    /// How `node`, which chooses among its children, got its value.
    fn how_chosen(&self, node: NodeId, received: Received, children: &[Valued]) -> String {
        let say = self.say;
        let rule = match (self.shown, self.tree.player(node)) {
            (View::Max, Player::Max | Player::Chance) => say.largest,
            (View::Max, Player::Min) => say.smallest,
            (View::Mover | View::Moved, _) => say.largest_seen,
        };
        let bound = match received.kind {
            ValueKind::Exact => "",
            ValueKind::Lower => say.is_lower_bound,
            ValueKind::Upper => say.is_upper_bound,
        };
        let value = match self.shown {
            View::Moved => fill(
                say.moved_value,
                &[("value", &self.searched(received.value)), ("moved", &self.clamped(received))],
            ),
            _ => self.clamped(received),
        };
        fill(
            say.takes,
            &[
                ("node", &self.tree.name(node)),
                ("player", &self.tree.player(node)),
                ("start", &self.start(received)),
                ("rule", &rule),
                ("values", &self.children_values(node, children)),
                ("value", &value),
                ("bound", &bound),
            ],
        )
    }

    /// `starts at its alpha=4 and ` where `--start-at-bound` starts a
    /// node's v at a finite bound.
    fn start(&self, received: Received) -> String {
        let (Returns::StartAtBound, Some(window), Some(start)) =
            (self.options.returns, received.how.entry, received.how.start)
        else {
            return String::new();
        };
        let bound = if start == Value::decimal(window.alpha) { Bound::Alpha } else { Bound::Beta };
        match start.is_finite() {
            true => fill(self.say.starts_at, &[("bound", &bound.name()), ("value", &start)]),
            false => String::new(),
        }
    }

    /// The value, and under `--fail-hard` the best value it was clamped from.
    fn clamped(&self, received: Received) -> String {
        let entry = match self.shown {
            View::Moved => received.how.entry.map(Window::negated),
            _ => received.how.entry,
        };
        match entry {
            Some(window) if received.how.best != received.value => fill(
                self.say.clamped,
                &[
                    ("best", &received.how.best),
                    ("alpha", &Num(window.alpha)),
                    ("beta", &Num(window.beta)),
                    ("value", &received.value),
                ],
            ),
            _ => received.value.to_string(),
        }
    }

    /// The node whose child `node` is; none for the root. The parents are
    /// listed once, when first asked for (4 bytes a node).
    pub fn parent_of(&self, node: NodeId) -> Option<NodeId> {
        let parents = self.parents.get_or_init(|| self.tree.parents());
        Some(parents[node.index()]).filter(|_| node != self.tree.root())
    }

    fn describe_cut(&self, cut: &Cut) -> String {
        let (node, player) = (self.tree.name(cut.at), self.tree.player(cut.at));
        let test = cutoff_test(&cut.rule, Notation::Ascii);
        let at = [("node", &node as &dyn Display), ("player", &player), ("test", &test)];
        match cut.after {
            Some((child, value)) => {
                let child = self.tree.name(child);
                fill(
                    self.say.cut_after,
                    &[at[0], at[1], at[2], ("child", &child), ("value", &value)],
                )
            }
            None => fill(self.say.cut_at, &at),
        }
    }

    /// A value as received, in the search's own point of view (the moved
    /// view is the negation of the mover's). The conversion is its own
    /// inverse.
    fn searched(&self, value: Value) -> Value {
        if self.shown == View::Moved { -value } else { value }
    }
}
