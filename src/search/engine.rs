//! The walk every algorithm shares: depth-first, children left to right,
//! with an explicit stack instead of recursion.
//!
//! The engine owns what is the same for all algorithms: visiting order,
//! leaves and the depth limit, counting, emitting events, remembering each
//! node's best child. What differs, how a node combines its children's
//! values and when it stops, is the algorithm's [`Rule`].

use std::io;

use super::{CutoffRule, Event, Options, Outcome, Sink, Stats, ValueKind, View, Window};
use crate::tree::{NodeId, Player, Tree};

/// The per-node logic of one algorithm.
pub(crate) trait Rule {
    /// What a node keeps while its children are searched.
    type State;

    /// Whose point of view the algorithm's values are from.
    const VIEW: View;

    /// The state of a node where `player` moves, entered from its parent's
    /// state (none at the root).
    fn open(&self, player: Player, parent: Option<&Self::State>) -> Self::State;

    /// The node's window on entry, for the trace (none without pruning).
    fn window(&self, state: &Self::State) -> Option<Window>;

    /// Takes a child's returned value into the node.
    fn absorb(&self, state: &mut Self::State, child: Returned) -> Absorbed;

    /// The value the node returns, and what it says about the true value.
    fn close(&self, state: &Self::State) -> (f64, ValueKind);
}

/// The state of a node in the algorithms without a window: its player and
/// the best value so far.
pub(crate) struct Best {
    pub player: Player,
    pub v: f64,
}

/// What a child returns to its parent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Returned {
    /// Its value, in its own point of view.
    pub value: f64,
    /// Who moves at the child.
    pub player: Player,
    /// The chance that the parent, a chance node, moves to the child.
    pub probability: Option<f64>,
}

/// What taking one child's value did at a node.
#[derive(Debug, PartialEq)]
pub(crate) struct Absorbed {
    /// The child's value is strictly better than every earlier child's.
    pub improved: bool,
    /// Alpha or beta moved.
    pub update: Option<(super::Bound, f64)>,
    /// The node stops searching its children: the rest cannot matter to
    /// the root.
    pub cutoff: Option<CutoffRule>,
}

impl Absorbed {
    /// A step of an algorithm that never prunes.
    pub fn plain(improved: bool) -> Absorbed {
        Absorbed { improved, update: None, cutoff: None }
    }
}

/// A node whose children are being searched.
struct Frame<S> {
    node: NodeId,
    /// Index of the next child to search.
    next: usize,
    state: S,
}

const NO_CHILD: u32 = u32::MAX;

/// Runs `rule` over `tree`, pushing every step into `sink`.
///
/// # Complexity
/// Time linear in the nodes visited; memory one frame per level of the
/// current path plus four bytes per node for the best child.
pub(crate) fn walk<'t, R: Rule>(
    tree: &'t Tree,
    rule: &R,
    options: &Options,
    sink: &mut dyn Sink<'t>,
) -> io::Result<Outcome> {
    let mut walker = Walker {
        tree,
        rule,
        depth_limit: options.depth_limit,
        takes_steps: sink.takes_steps(),
        sink,
        best_child: vec![NO_CHILD; tree.len()],
        stats: Stats { nodes_total: tree.len() as u64, ..Stats::default() },
    };
    let (root_value, root_kind) = walker.run()?;
    // The outcome speaks from MAX's point of view, as the classroom lines do.
    let root_player = tree.player(tree.root());
    let flips = R::VIEW == View::Mover && root_player == Player::Min;
    let best = |node: NodeId| {
        let child = walker.best_child[node.index()];
        (child != NO_CHILD).then_some(NodeId(child))
    };
    Ok(Outcome {
        value: R::VIEW.convert(root_value, root_player),
        kind: if flips { root_kind.flipped() } else { root_kind },
        best_move: best(tree.root()),
        // A chance node has no best child: the line of play ends there.
        principal_variation: std::iter::successors(Some(tree.root()), |&node| {
            best(node).filter(|_| tree.player(node) != Player::Chance)
        })
        .collect(),
        stats: walker.stats,
    })
}

struct Walker<'a, 't, R: Rule> {
    tree: &'t Tree,
    rule: &'a R,
    depth_limit: Option<u32>,
    /// Whether the sink takes `Enter` and `Update` events.
    takes_steps: bool,
    sink: &'a mut dyn Sink<'t>,
    /// Each node's best child so far, `NO_CHILD` where there is none.
    best_child: Vec<u32>,
    stats: Stats,
}

impl<R: Rule> Walker<'_, '_, R> {
    fn run(&mut self) -> io::Result<(f64, ValueKind)> {
        let mut stack = Vec::new();
        if let Some(value) = self.enter(&mut stack, self.tree.root(), 0)? {
            return Ok((value, ValueKind::Exact));
        }
        let mut returned: Option<(NodeId, f64)> = None;
        loop {
            let depth = stack.len() as u32 - 1;
            let top = stack.last_mut().expect("the loop ends when the root closes");
            if let Some((child, value)) = returned.take() {
                self.absorb(top, child, value)?;
            }
            let children = self.tree.children(top.node);
            if let Some(&child) = children.get(top.next) {
                top.next += 1;
                if let Some(value) = self.enter(&mut stack, child, depth + 1)? {
                    returned = Some((child, value));
                }
                continue;
            }
            let frame = stack.pop().expect("a frame is on the stack");
            let (value, kind) = self.rule.close(&frame.state);
            self.sink.event(&Event::Value { node: frame.node, value, kind })?;
            if stack.is_empty() {
                return Ok((value, kind));
            }
            returned = Some((frame.node, value));
        }
    }

    /// Enters `node`, a child of the top of `stack` (the root if it is
    /// empty): returns its value if it is evaluated on the spot, or else
    /// pushes its frame, for its children to be searched.
    fn enter(
        &mut self,
        stack: &mut Vec<Frame<R::State>>,
        node: NodeId,
        depth: u32,
    ) -> io::Result<Option<f64>> {
        let player = self.tree.player(node);
        let state = self.rule.open(player, stack.last().map(|parent| &parent.state));
        self.stats.nodes_visited += 1;
        self.stats.deepest = self.stats.deepest.max(depth);
        if self.takes_steps {
            let window = self.rule.window(&state);
            self.sink.event(&Event::Enter { node, depth, player, window })?;
        }
        let at_horizon = self.depth_limit == Some(depth);
        if !self.tree.is_leaf(node) && !at_horizon {
            stack.push(Frame { node, next: 0, state });
            return Ok(None);
        }
        let static_value = self.tree.value(node).expect("leaves and horizon nodes have values");
        let value = R::VIEW.convert(static_value, player);
        self.stats.leaves_evaluated += 1;
        self.sink.event(&Event::Leaf { node, value })?;
        Ok(Some(value))
    }

    fn absorb(&mut self, frame: &mut Frame<R::State>, child: NodeId, value: f64) -> io::Result<()> {
        let node = frame.node;
        let returned = Returned {
            value,
            player: self.tree.player(child),
            probability: self.tree.probability(child),
        };
        let step = self.rule.absorb(&mut frame.state, returned);
        // The first child is the best so far even when it is no better
        // than where v started (-inf, or the bound under --start-at-bound).
        if step.improved || self.best_child[node.index()] == NO_CHILD {
            self.best_child[node.index()] = child.0;
        }
        if let Some((bound, value)) = step.update
            && self.takes_steps
        {
            self.sink.event(&Event::Update { node, bound, value })?;
        }
        let Some(rule) = step.cutoff else {
            return Ok(());
        };
        let children = self.tree.children(node);
        let pruned = &children[frame.next..];
        frame.next = children.len();
        if !pruned.is_empty() {
            self.stats.cutoffs += 1;
            self.sink.event(&Event::Cutoff { node, rule, pruned })?;
        }
        Ok(())
    }
}
