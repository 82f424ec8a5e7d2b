//! The walk every algorithm shares: depth-first, children left to right,
//! with an explicit stack instead of recursion.
//!
//! The engine owns what is the same for all algorithms: visiting order,
//! leaves and the depth limit, counting, emitting events, remembering each
//! node's best child, searching a child again when the rule asks, and what
//! several passes over the tree share: the [`Memory`] of bounds of MTD(f),
//! the child order of iterative deepening. What differs, how a node
//! combines its children's values and when it stops, is the algorithm's
//! [`Rule`].

use super::memory::{Memory, slot};
use super::{Absorption, Event, Flow, Options, Outcome, Sink, Stats, View};
use crate::bounds::{CutoffRule, ValueKind, Window};
use crate::num::Value;
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

    /// The node's best value so far, as the rule keeps it.
    fn best(&self, state: &Self::State) -> Value;

    /// The value the node returns, and what it says about the true value.
    fn close(&self, state: &Self::State) -> (Value, ValueKind);
}

/// The state of a node in the algorithms without a window: its player and
/// the best value so far.
pub(crate) struct Best {
    pub player: Player,
    pub v: Value,
}

/// What a child returns to its parent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Returned {
    /// Its value, in its own point of view.
    pub value: Value,
    /// What the value says about the child's true value.
    pub kind: ValueKind,
    /// Who moves at the child.
    pub player: Player,
    /// The chance that the parent, a chance node, moves to the child.
    pub probability: Option<Value>,
}

/// What taking one child's value did at a node.
#[derive(Debug, PartialEq)]
pub(crate) struct Absorbed {
    /// The child's value is strictly better than every earlier child's.
    pub improved: bool,
    /// Alpha or beta moved.
    pub update: Option<(crate::bounds::Bound, f64)>,
    /// The cutoff test the node made, whether it held or not.
    pub test: Option<CutoffRule>,
    /// The node stops searching its children: the rest cannot matter to
    /// the root.
    pub cutoff: Option<CutoffRule>,
    /// The child's value was only a probe's answer: search it again.
    pub research: bool,
}

impl Absorbed {
    /// A step of an algorithm that never prunes.
    pub fn plain(improved: bool) -> Absorbed {
        Absorbed { improved, update: None, test: None, cutoff: None, research: false }
    }
}

/// The search stopped before its end, its sink failed or said so; the
/// counts of the work done until then.
pub(crate) struct Stopped(pub Stats);

/// What the engine pushes steps into: a [`Sink`] seen without its error
/// type, which [`Receiver`] keeps aside.
pub(crate) trait Steps {
    fn event(&mut self, event: &Event<'_>) -> Flow;
    fn absorbed(&mut self, absorption: &Absorption) -> Flow;
    fn takes_steps(&self) -> bool;
}

/// A sink, and the error that stopped it if one did.
pub(crate) struct Receiver<'s, S: Sink + ?Sized> {
    sink: &'s mut S,
    pub error: Option<S::Error>,
}

impl<'s, S: Sink + ?Sized> Receiver<'s, S> {
    pub fn new(sink: &'s mut S) -> Self {
        Receiver { sink, error: None }
    }

    /// The flow `result` says, keeping an error aside.
    fn flow(&mut self, result: Result<Flow, S::Error>) -> Flow {
        result.unwrap_or_else(|error| {
            self.error = Some(error);
            Flow::Stop
        })
    }
}

impl<S: Sink + ?Sized> Steps for Receiver<'_, S> {
    fn event(&mut self, event: &Event<'_>) -> Flow {
        let result = self.sink.event(event);
        self.flow(result)
    }

    fn absorbed(&mut self, absorption: &Absorption) -> Flow {
        let result = self.sink.absorbed(absorption);
        self.flow(result)
    }

    fn takes_steps(&self) -> bool {
        self.sink.takes_steps()
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

/// What one pass over the tree found: the root's value and what it says,
/// in the rule's point of view.
#[derive(Clone, Copy)]
pub(crate) struct Pass {
    pub value: Value,
    pub kind: ValueKind,
}

/// A search of `tree` in one or more passes, pushing every step into one
/// sink and counting the work of all passes together.
pub(crate) struct Engine<'a, 't> {
    tree: &'t Tree,
    sink: &'a mut dyn Steps,
    /// Whether the sink takes `Enter` and `Update` events.
    takes_steps: bool,
    pub stats: Stats,
    /// Bounds proved by earlier passes, for rules that remember them.
    pub memory: Option<Memory>,
    /// Each node's best child in the latest pass that searched its
    /// children, `NO_CHILD` where none has.
    best_child: Vec<u32>,
    /// Each node's children in the order searched, where it is not the
    /// tree's (iterative deepening).
    order: Option<Vec<Vec<NodeId>>>,
    /// The value each node received in the latest pass, NaN for none,
    /// where a driver asks for them; kept at [`value_slot`](Self::value_slot).
    pub values: Option<Vec<f64>>,
}

impl<'a, 't> Engine<'a, 't> {
    /// A search of `tree` under `options`, with a transposition table when
    /// they ask for one.
    pub fn new(tree: &'t Tree, options: &Options, sink: &'a mut dyn Steps) -> Engine<'a, 't> {
        Engine {
            tree,
            takes_steps: sink.takes_steps(),
            sink,
            stats: Stats { nodes_total: tree.len() as u64, ..Stats::default() },
            memory: options.transpositions.then(|| Memory::new(tree, true)),
            best_child: vec![NO_CHILD; tree.len()],
            order: None,
            values: None,
        }
    }

    /// Puts every node's children in the order `arrange` gives them, and
    /// tells the sink of each node whose order changed.
    pub fn reorder(
        &mut self,
        mut arrange: impl FnMut(NodeId, &mut [NodeId]),
    ) -> Result<(), Stopped> {
        let tree = self.tree;
        let order = self
            .order
            .get_or_insert_with(|| tree.nodes().map(|n| tree.children(n).to_vec()).collect());
        for node in tree.nodes() {
            let children = &mut order[node.index()];
            let before = children.clone();
            arrange(node, children);
            if *children != before
                && self.sink.event(&Event::Reorder { node, children }) == Flow::Stop
            {
                return Err(Stopped(self.stats));
            }
        }
        Ok(())
    }

    /// Where [`values`](Self::values) keeps what a pass gives a node: at its
    /// position when the search keeps a transposition table, so that every
    /// copy of a shared node is ordered by what any of them learnt (an
    /// engine keeps its move order in that table), else at the node.
    pub fn value_slot(&self) -> impl Fn(NodeId) -> usize + use<'t> {
        let tree = self.tree;
        let by_position = self.memory.as_ref().is_some_and(Memory::by_position);
        move |node| slot(tree, node, by_position)
    }

    /// Each node's best child so far, for [`outcome`](Self::outcome).
    pub fn best_children(&self) -> &[u32] {
        &self.best_child
    }

    /// `node`'s children in the order searched.
    fn children(&self, node: NodeId) -> &[NodeId] {
        children_in(self.tree, &self.order, node)
    }

    /// Tells the sink of a cutoff at `node` that skips its children from
    /// the `from`-th on, if there are any; returns how many children it has.
    fn cut(&mut self, node: NodeId, from: usize, rule: CutoffRule) -> Result<usize, Stopped> {
        let children = children_in(self.tree, &self.order, node);
        let pruned = &children[from..];
        if !pruned.is_empty() {
            self.stats.cutoffs += 1;
            if self.sink.event(&Event::Cutoff { node, rule, pruned }) == Flow::Stop {
                return Err(Stopped(self.stats));
            }
        }
        Ok(children.len())
    }

    /// Passes `event` to the sink.
    pub fn emit(&mut self, event: &Event<'_>) -> Result<(), Stopped> {
        let flow = self.sink.event(event);
        self.stopped_if(flow)
    }

    /// Stops the search where the sink says so.
    fn stopped_if(&self, flow: Flow) -> Result<(), Stopped> {
        match flow {
            Flow::Continue => Ok(()),
            Flow::Stop => Err(Stopped(self.stats)),
        }
    }

    /// Runs `rule` over the tree once, nodes at `depth_limit` evaluated
    /// statically.
    ///
    /// # Complexity
    /// Time linear in the nodes visited; memory one frame per level of the
    /// current path plus four bytes per node for the best child.
    pub fn pass<R: Rule>(&mut self, rule: &R, depth_limit: Option<u32>) -> Result<Pass, Stopped> {
        let (value, kind) = Walker { engine: self, rule, depth_limit }.run()?;
        Ok(Pass { value, kind })
    }

    /// The outcome of a search whose root value `pass` gives (in `view`),
    /// with the best children `best_child` (as
    /// [`best_children`](Self::best_children) were then), from MAX's point
    /// of view, as the classroom lines speak.
    pub fn outcome(&self, pass: Pass, view: View, best_child: &[u32]) -> Outcome {
        let tree = self.tree;
        let root_player = tree.player(tree.root());
        let flips = view == View::Mover && root_player == Player::Min;
        let best = |node: NodeId| {
            let child = best_child[node.index()];
            (child != NO_CHILD).then_some(NodeId(child))
        };
        Outcome {
            value: view.convert(pass.value, root_player),
            kind: if flips { pass.kind.flipped() } else { pass.kind },
            best_move: best(tree.root()),
            // A chance node has no best child: the line of play ends there.
            principal_variation: std::iter::successors(Some(tree.root()), |&node| {
                best(node).filter(|_| tree.player(node) != Player::Chance)
            })
            .collect(),
            stats: self.stats,
            stopped: false,
        }
    }
}

/// Runs `rule` over `tree` in one pass, pushing every step into `sink`.
pub(crate) fn walk<R: Rule>(
    tree: &Tree,
    rule: &R,
    options: &Options,
    sink: &mut dyn Steps,
) -> Result<Outcome, Stopped> {
    let mut engine = Engine::new(tree, options, sink);
    let pass = engine.pass(rule, options.depth_limit)?;
    Ok(engine.outcome(pass, R::VIEW, engine.best_children()))
}

/// `node`'s children in `order`, where there is one, else in the tree's.
#[inline]
fn children_in<'x>(
    tree: &'x Tree,
    order: &'x Option<Vec<Vec<NodeId>>>,
    node: NodeId,
) -> &'x [NodeId] {
    match order {
        Some(order) => &order[node.index()],
        None => tree.children(node),
    }
}

struct Walker<'e, 'a, 't, R: Rule> {
    engine: &'e mut Engine<'a, 't>,
    rule: &'e R,
    depth_limit: Option<u32>,
}

impl<'t, R: Rule> Walker<'_, '_, 't, R> {
    fn run(&mut self) -> Result<(Value, ValueKind), Stopped> {
        let mut stack = Vec::new();
        let tree = self.engine.tree;
        if let Some(received) = self.enter(&mut stack, tree.root(), 0)? {
            return Ok(received);
        }
        let mut returned: Option<(NodeId, (Value, ValueKind))> = None;
        loop {
            let depth = stack.len() as u32 - 1;
            let top = stack.last_mut().expect("the loop ends when the root closes");
            if let Some((child, received)) = returned.take() {
                self.absorb(top, child, received)?;
            }
            let children = self.engine.children(top.node);
            if let Some(&child) = children.get(top.next) {
                top.next += 1;
                if let Some(received) = self.enter(&mut stack, child, depth + 1)? {
                    returned = Some((child, received));
                }
                continue;
            }
            let frame = stack.pop().expect("a frame is on the stack");
            let (value, kind) = self.rule.close(&frame.state);
            self.remember(frame.node, depth, value, kind);
            self.engine.emit(&Event::Value { node: frame.node, value, kind })?;
            if stack.is_empty() {
                return Ok((value, kind));
            }
            returned = Some((frame.node, (value, kind)));
        }
    }

    /// Enters `node`, a child of the top of `stack` (the root if it is
    /// empty): returns its value if it is evaluated or remembered on the
    /// spot, or else pushes its frame, for its children to be searched.
    fn enter(
        &mut self,
        stack: &mut Vec<Frame<R::State>>,
        node: NodeId,
        depth: u32,
    ) -> Result<Option<(Value, ValueKind)>, Stopped> {
        let tree = self.engine.tree;
        let player = tree.player(node);
        let state = self.rule.open(player, stack.last().map(|parent| &parent.state));
        let window = self.rule.window(&state);
        let stats = &mut self.engine.stats;
        stats.nodes_visited += 1;
        stats.deepest = stats.deepest.max(depth);
        if self.engine.takes_steps {
            self.engine.emit(&Event::Enter { node, depth, player, window })?;
        }
        let left = self.levels_left(depth);
        let memory = self.engine.memory.as_ref();
        // Without a window only an exact value decides.
        let recall =
            |memory: &Memory| memory.recall(tree, node, window.unwrap_or(Window::FULL), left);
        if let Some((value, kind)) = memory.and_then(recall) {
            let value = Value::decimal(value);
            self.engine.stats.memory_hits += 1;
            self.received(node, value);
            self.engine.emit(&Event::Recall { node, value, kind })?;
            return Ok(Some((value, kind)));
        }
        let at_horizon = self.depth_limit == Some(depth);
        if !tree.is_leaf(node) && !at_horizon {
            stack.push(Frame { node, next: 0, state });
            return Ok(None);
        }
        let static_value = tree.value(node).expect("leaves and horizon nodes have values");
        let value = Value::decimal(R::VIEW.convert(static_value, player));
        self.engine.stats.leaves_evaluated += 1;
        self.remember(node, depth, value, ValueKind::Exact);
        self.engine.emit(&Event::Leaf { node, value })?;
        Ok(Some((value, ValueKind::Exact)))
    }

    /// Notes the value `node` received, where a driver asks for them.
    fn received(&mut self, node: NodeId, value: Value) {
        let slot = self.engine.value_slot();
        if let Some(values) = &mut self.engine.values {
            values[slot(node)] = value.to_f64();
        }
    }

    /// How many levels below a node at `depth` the search looks.
    fn levels_left(&self, depth: u32) -> u32 {
        self.depth_limit.map_or(u32::MAX, |limit| limit - depth)
    }

    /// Keeps the value of `node`, at `depth`, and what it says, where the
    /// search keeps them.
    fn remember(&mut self, node: NodeId, depth: u32, value: Value, kind: ValueKind) {
        let left = self.levels_left(depth);
        if let Some(memory) = &mut self.engine.memory {
            memory.store(self.engine.tree, node, value.to_f64(), kind, left);
        }
        self.received(node, value);
    }

    fn absorb(
        &mut self,
        frame: &mut Frame<R::State>,
        child: NodeId,
        (value, kind): (Value, ValueKind),
    ) -> Result<(), Stopped> {
        let tree = self.engine.tree;
        let node = frame.node;
        let player = tree.player(child);
        let returned = Returned { value, kind, player, probability: tree.probability(child) };
        let before = self.rule.best(&frame.state);
        let step = self.rule.absorb(&mut frame.state, returned);
        // The first child is the best so far even when it is no better
        // than where v started (-inf, or the bound under --start-at-bound).
        if step.improved || frame.next == 1 {
            self.engine.best_child[node.index()] = child.0;
        }
        if self.engine.takes_steps {
            let seen = R::VIEW.seen_by(value, player, tree.player(node));
            let after = self.rule.best(&frame.state);
            let absorption = Absorption { node, child, seen, before, after, test: step.test };
            let flow = self.engine.sink.absorbed(&absorption);
            self.engine.stopped_if(flow)?;
            if let Some((bound, value)) = step.update {
                self.engine.emit(&Event::Update { node, bound, value })?;
            }
        }
        if step.research {
            frame.next -= 1;
            self.engine.stats.researches += 1;
            return self.engine.emit(&Event::Research { node, child, value });
        }
        let Some(rule) = step.cutoff else {
            return Ok(());
        };
        frame.next = self.engine.cut(node, frame.next, rule)?;
        Ok(())
    }
}
