//! How a [`Witness`] follows a search: what it keeps at each step, and
//! the second search that looks closely at one node.

use std::convert::Infallible;

use super::{Closely, Cut, How, Moment, Open, Received, Values, Witness};
use crate::bounds::ValueKind;
use crate::num::Value;
use crate::search::{self, Absorption, Event, Flow, Sink};
use crate::tree::NodeId;

impl Witness<'_> {
    /// What the search did at `node` when it entered it and gave it its
    /// `nth` value (counted from 1; none for the last), seen by a new
    /// witness that searches again with its eye on it: a whole search, and
    /// a second witness's memory while it runs. The search is the one this
    /// witness followed, which ran.
    pub(super) fn closely(&self, node: NodeId, nth: Option<usize>) -> Closely {
        let values = Values::children_of(self.tree, node);
        let mut focused = Witness::keeping(values, self.tree, self.algorithm, &self.options);
        focused.focus = Some((node, nth));
        let searched = search::run(self.tree, self.algorithm, &self.options, &mut focused);
        searched.expect("the search the witness followed runs again");
        focused.closely
    }

    /// Whether this witness looks at `node` and has not yet seen the value
    /// it looks for.
    fn looking_at(&self, node: NodeId) -> bool {
        self.focus.is_some_and(|(focus, nth)| focus == node && nth != Some(self.closely.count))
    }

    /// The node it looks at is entered, perhaps once more in a later pass
    /// or a re-search: where, and from now on, which children are valued.
    fn entered_closely(&mut self, node: NodeId) {
        if let Some(open) = self.open.last() {
            let moment = Moment { parent: open.node, after: open.last, test: open.test };
            self.closely.entered = Some(moment);
        }
        // Its value this time comes from the children valued this time: a
        // child an earlier pass valued and this one prunes plays no part.
        // Its last value is told with every child's last value: MTD(f) and
        // SSS* close in on the root's value over passes, the last of which
        // may cut children an earlier one bounded.
        if self.focus.is_some_and(|(_, nth)| nth.is_some()) {
            for &child in self.tree.children(node) {
                self.value.set(child, None);
            }
        }
    }

    /// `node` receives `value`, which says `kind` and came about `how`.
    fn receive(&mut self, node: NodeId, value: Value, kind: ValueKind, how: How) {
        self.reached[node.index()] = true;
        self.last = Some((node, value));
        self.value.set(node, Some((value, kind)));
        self.facts.receive(kind);
        if self.looking_at(node) {
            self.closely.count += 1;
            self.closely.received = Some(Received { value, kind, how });
            self.closely.children = self.value.now();
        }
    }

    /// `node`, just entered, receives its value without a search of its
    /// children: evaluated, or `recalled` from an earlier pass.
    fn valued_on_entry(&mut self, node: NodeId, value: Value, kind: ValueKind, recalled: bool) {
        let entry = self.open.pop().and_then(|open| open.entry);
        self.receive(node, value, kind, How { entry, start: None, best: value, recalled });
    }

    /// `node`, whose children were searched, receives its value.
    fn valued(&mut self, node: NodeId, value: Value, kind: ValueKind) {
        let open = self.open.pop().expect("a node's value follows its entry");
        let best = open.v.map_or(value, |v| self.searched(v));
        let how = How { entry: open.entry, start: open.start, best, recalled: false };
        self.receive(node, value, kind, how);
    }
}

impl Sink for Witness<'_> {
    type Error = Infallible;

    fn event(&mut self, event: &Event<'_>) -> Result<Flow, Infallible> {
        match *event {
            Event::Enter { node, window, .. } => {
                if self.looking_at(node) {
                    self.entered_closely(node);
                }
                let (start, v, last, test) = (None, None, None, None);
                self.open.push(Open { node, start, v, entry: window, last, test });
            }
            Event::Leaf { node, value } => {
                self.valued_on_entry(node, value, ValueKind::Exact, false)
            }
            Event::Recall { node, value, kind } => self.valued_on_entry(node, value, kind, true),
            Event::Value { node, value, kind } => self.valued(node, value, kind),
            // Each pass enters the nodes again, and each value a node
            // receives is explained by what happened since it was entered
            // for it. A child searched again is taken again.
            Event::Pass { .. } | Event::Reorder { .. } | Event::Research { .. } => {}
            Event::Update { .. } => {}
            Event::Cutoff { node, rule, pruned } => {
                let after = self.open.last().and_then(|open| open.last);
                let cut = Cut { at: node, after, rule };
                for &child in pruned {
                    self.cut[child.index()] = self.cutoffs.len() as u32;
                }
                self.cutoffs.push((cut, pruned.to_vec()));
            }
        }
        Ok(Flow::Continue)
    }

    /// The node takes the child's value: its best value and test, as the
    /// search says.
    fn absorbed(&mut self, absorption: &Absorption) -> Result<Flow, Infallible> {
        // The search gives each child its value just before its parent
        // takes it: the last value received is the child's.
        debug_assert_eq!(self.last.map(|(node, _)| node), Some(absorption.child));
        let received = self.last.map_or(absorption.seen, |(_, value)| value);
        if let Some(open) = self.open.last_mut() {
            open.start = open.start.or(Some(absorption.before));
            open.v = Some(absorption.after);
            open.test = absorption.test;
            open.last = Some((absorption.child, received));
        }
        Ok(Flow::Continue)
    }
}
