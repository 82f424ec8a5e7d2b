//! Gambit's extensive-form `.efg` files (the interchange format Gambit and
//! OpenSpiel read), a fifth input shape: two-player zero-sum games of
//! perfect information, translated into the flat shape, which the one
//! reader then reads. The `gambit-parser` crate reads the file, once its
//! numbers are checked ([`numbers`]).
//!
//! Player 1 is MAX and player 2 MIN; a chance node keeps its
//! probabilities; a node's value is player 1's payoff, summed exactly over
//! the outcomes on its path as Gambit sums them. A leaf moves as its depth
//! says unless its outcome is named `MAX to move`, `MIN to move` or
//! `chance to move` (as `--format efg` names it where the tree says so).
//! Nodes keep their `.efg` labels as names where those are valid and
//! unique; the others are named a, b, c, ... breadth-first, skipping names
//! that are taken. Action labels label the edges; an empty one beside
//! others stands for the node it leads to, as `--format cs188` names a move
//! without an action. Every error about a node says where it is
//! ([`places`]).

mod numbers;
mod places;

use std::collections::{HashMap, HashSet, VecDeque};
use std::ops::Range;
use std::rc::Rc;

use gambit_parser::{EscapedStr, ExtensiveFormGame, Node};
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use serde_json::{Map, Value, json};

use super::error_at;
use crate::tree::input::MAX_MAGNITUDE;
use crate::tree::{Player, TreeError, names};

/// Whether `text` is an `.efg` file: it starts with `EFG`.
pub fn looks_like(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    text.trim_ascii_start().starts_with(b"EFG")
}

/// The outcome names that say who moves at a leaf, as `--format efg`
/// writes them.
pub const LEAF_PLAYERS: [(&str, Player); 3] = [
    ("MAX to move", Player::Max),
    ("MIN to move", Player::Min),
    ("chance to move", Player::Chance),
];

/// The flat-shape document for an `.efg` file.
pub fn translate(text: &str) -> Result<Value, TreeError> {
    numbers::check(text)?;
    let game =
        ExtensiveFormGame::try_from_str(text).map_err(|error| places::read_error(text, &error))?;
    let players = game.player_names();
    if players.len() != 2 {
        let message = format!(
            "the game has {} players; gametree reads two-player zero-sum games",
            players.len()
        );
        let place = players.first().map_or(text, |first| places::of_label(text, first));
        return Err(error_at(text, place, message));
    }
    let at =
        |node: Node<'_, '_>, message: String| error_at(text, places::of_node(text, node), message);
    if let Node::Chance(_) = game.root() {
        let message = "the game starts with a chance node; gametree's root is a move of MAX or MIN";
        return Err(at(game.root(), message.into()));
    }
    let nodes = breadth_first(game.root());
    let names = node_names(&nodes);
    let mut document = Document { text, ..Document::default() };
    let mut information = HashSet::new();
    for (index, Met { node, .. }) in nodes.iter().enumerate() {
        if let Node::Player(player) = node
            && !information.insert((player.player_num(), player.infoset()))
        {
            return Err(at(
                *node,
                format!(
                    "node {} of player {} shares its information set {} with another node; gametree searches games of perfect information",
                    names[index],
                    player.player_num(),
                    player.infoset()
                ),
            ));
        }
        document.add(index, &nodes, &names)?;
    }
    Ok(document.finish(&names[0]))
}

/// A node met breadth-first, and the edge into it.
struct Met<'a, 'g> {
    node: Node<'a, 'g>,
    parent: Option<usize>,
    /// Its children's indices: a node's children are met one after another.
    children: Range<usize>,
    /// The label of the action that leads here (empty for none).
    action: Option<&'a EscapedStr>,
    /// The probability of that action, if the parent is a chance node.
    probability: Option<&'g BigRational>,
}

/// A node's child, with the label and probability of the action to it.
type Child<'a, 'g> = (Option<&'a EscapedStr>, Option<&'g BigRational>, Node<'a, 'g>);

/// Every node breadth-first.
fn breadth_first<'a, 'g>(root: Node<'a, 'g>) -> Vec<Met<'a, 'g>> {
    let mut nodes: Vec<Met<'a, 'g>> = Vec::new();
    let mut queue = VecDeque::from([((None, None, root), None)]);
    let mut next = 1;
    while let Some(((action, probability, node), parent)) = queue.pop_front() {
        let index = nodes.len();
        let kids = children(node);
        let children = next..next + kids.len();
        next += kids.len();
        nodes.push(Met { node, parent, children, action, probability });
        queue.extend(kids.into_iter().map(|kid| (kid, Some(index))));
    }
    nodes
}

/// A node's children, each with its action label and its probability
/// (at a chance node).
fn children<'a, 'g>(node: Node<'a, 'g>) -> Vec<Child<'a, 'g>> {
    match node {
        Node::Player(player) => {
            player.actions().map(|(label, child)| (Some(label), None, child)).collect()
        }
        Node::Chance(chance) => {
            chance.actions().map(|(label, p, child)| (Some(label), Some(p), child)).collect()
        }
        Node::Terminal(_) => Vec::new(),
    }
}

/// A probability as the flat shape writes it exactly: a decimal as the
/// file wrote it (Gambit reads `0.333333` as 333333/1000000), else a
/// fraction, `"1/3"`; a decimal with more digits than that holds is read
/// as its nearest double, as the JSON reader reads one. None for a
/// fraction of more digits than gametree's fractions hold.
fn exactly(p: &BigRational) -> Option<Value> {
    let (numerator, denominator) = (p.numer().to_i64(), p.denom().to_i64());
    let decimal = |d: i64| d > 0 && 10i64.pow(d.ilog10()) == d;
    match (numerator, denominator) {
        (Some(n), Some(d)) if decimal(d) && n.unsigned_abs() < 1 << 53 => {
            Some(json!(n as f64 / d as f64))
        }
        (Some(n), Some(d)) => Some(json!(format!("{n}/{d}"))),
        _ => {
            let denominator = p.denom().to_string();
            let decimal = denominator.trim_start_matches('1').bytes().all(|b| b == b'0');
            decimal.then(|| json!(p.to_f64().unwrap_or(f64::NAN)))
        }
    }
}

/// Each node's name: its label where that is a valid name no other node
/// has, else the next free letter name breadth-first.
fn node_names(nodes: &[Met<'_, '_>]) -> Vec<String> {
    let labels: Vec<String> = nodes.iter().map(|met| label(met.node)).collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for label in &labels {
        *count.entry(label).or_default() += 1;
    }
    let usable = |label: &str| count[label] == 1 && names::problem_with(label).is_none();
    let mut taken: HashSet<String> = labels.iter().filter(|l| usable(l)).cloned().collect();
    let mut letters = names::letter_names();
    labels
        .iter()
        .map(|label| match usable(label) {
            true => label.clone(),
            false => {
                let name = letters.by_ref().find(|name| !taken.contains(name));
                let name = name.expect("the letter names never run out");
                taken.insert(name.clone());
                name
            }
        })
        .collect()
}

fn label(node: Node<'_, '_>) -> String {
    let name = match node {
        Node::Player(player) => player.name(),
        Node::Chance(chance) => chance.name(),
        Node::Terminal(terminal) => terminal.name(),
    };
    name.unescape().collect()
}

/// The payoffs of a node's own outcome, if it has one.
fn payoffs<'g>(node: Node<'_, 'g>) -> Option<&'g [BigRational]> {
    match node {
        Node::Player(player) => player.outcome_payoffs(),
        Node::Chance(chance) => chance.outcome_payoffs(),
        Node::Terminal(terminal) => terminal.outcome_payoffs(),
    }
}

/// Both players' payoffs summed over a path.
type Sums = Rc<[BigRational; 2]>;

/// The flat shape's maps, filled node by node.
#[derive(Default)]
struct Document<'t> {
    text: &'t str,
    children: Map<String, Value>,
    players: Map<String, Value>,
    probabilities: Map<String, Value>,
    actions: Map<String, Value>,
    values: Map<String, Value>,
    /// The payoffs summed from the root down to each inner node so far;
    /// none where no outcome on the way has any.
    sums: Vec<Option<Sums>>,
}

impl Document<'_> {
    /// Adds the node at `index` of `nodes`, named `names[index]`.
    fn add(
        &mut self,
        index: usize,
        nodes: &[Met<'_, '_>],
        names: &[String],
    ) -> Result<(), TreeError> {
        let (node, name) = (nodes[index].node, &names[index]);
        let above = nodes[index].parent.and_then(|parent| self.sums[parent].clone());
        let player = match node {
            Node::Player(player) if player.player_num() == 1 => "max",
            Node::Player(_) => "min",
            Node::Chance(_) => "chance",
            Node::Terminal(terminal) => {
                self.sums.push(None);
                if let Some((_, player)) = terminal.outcome_name().and_then(leaf_player) {
                    self.players.insert(name.clone(), json!(player));
                }
                return self.terminal(node, name, above.as_deref(), payoffs(node));
            }
        };
        self.sums.push(match (above.as_deref(), payoffs(node)) {
            (None, Some([mine, theirs])) => Some(Rc::new([mine.clone(), theirs.clone()])),
            (Some([above_mine, above_theirs]), Some([mine, theirs])) => {
                Some(Rc::new([above_mine + mine, above_theirs + theirs]))
            }
            _ => above,
        });
        self.players.insert(name.clone(), json!(player));
        let range = nodes[index].children.clone();
        self.children.insert(name.clone(), json!(names[range.clone()]));
        let kids = &nodes[range.clone()];
        if kids.iter().any(|kid| kid.action.is_some_and(|label| !label.escape().is_empty())) {
            let actions: Result<Vec<String>, TreeError> =
                kids.iter().zip(&names[range]).map(|(kid, name)| self.action(kid, name)).collect();
            self.actions.insert(name.clone(), json!(actions?));
        }
        if let Node::Chance(_) = node {
            let shares: Result<Vec<Value>, TreeError> =
                kids.iter().map(|kid| self.probability(kid)).collect();
            self.probabilities.insert(name.clone(), json!(shares?));
        }
        Ok(())
    }

    /// The action into `kid`, named `name`: its label, or the name for an
    /// empty one.
    fn action(&self, kid: &Met<'_, '_>, name: &str) -> Result<String, TreeError> {
        let Some(label) = kid.action.filter(|label| !label.escape().is_empty()) else {
            return Ok(name.to_string());
        };
        let action: String = label.unescape().collect();
        if action.chars().all(crate::terminal::shows) {
            return Ok(action);
        }
        let message = format!("the action {action:?} has a character that does not show as itself");
        Err(error_at(self.text, places::of_label(self.text, label), message))
    }

    /// The probability of the action into `kid`, a chance node's child.
    fn probability(&self, kid: &Met<'_, '_>) -> Result<Value, TreeError> {
        let p = kid.probability.expect("a chance node's actions have probabilities");
        let why = match exactly(p) {
            _ if p.is_negative() || *p > BigRational::from_integer(1.into()) => {
                "is not between 0 and 1"
            }
            Some(share) => return Ok(share),
            None => "has more digits than gametree's fractions hold",
        };
        let at = kid.action.map_or(self.text, |label| places::after_label(self.text, label));
        Err(error_at(self.text, at, format!("the probability {p} {why}")))
    }

    /// A terminal node is worth player 1's payoff summed over its path (the
    /// sum `above` it and its `own` outcome), of a zero-sum game.
    fn terminal(
        &mut self,
        node: Node<'_, '_>,
        name: &str,
        above: Option<&[BigRational; 2]>,
        own: Option<&[BigRational]>,
    ) -> Result<(), TreeError> {
        let (summed, zero);
        let [mine, theirs] = match (above, own) {
            (Some([above_mine, above_theirs]), Some([mine, theirs])) => {
                summed = [above_mine + mine, above_theirs + theirs];
                [&summed[0], &summed[1]]
            }
            (Some([mine, theirs]), _) | (None, Some([mine, theirs])) => [mine, theirs],
            _ => {
                zero = BigRational::zero();
                [&zero, &zero]
            }
        };
        let at = |message: String| error_at(self.text, places::of_node(self.text, node), message);
        if !cancel(mine, theirs) {
            return Err(at(format!(
                "the payoffs at {name} are {mine} and {theirs}; gametree reads zero-sum games"
            )));
        }
        let value = match (mine.is_integer(), mine.numer().to_i64()) {
            (true, Some(whole)) if whole.unsigned_abs() <= 1 << 53 => json!(whole),
            _ => {
                let nearest = mine.to_f64().filter(|v| v.is_finite() && v.abs() < MAX_MAGNITUDE);
                json!(nearest.ok_or_else(|| at(format!(
                    "the payoffs to {name} add up to {mine}, beyond 2^53 in magnitude"
                )))?)
            }
        };
        self.values.insert(name.to_string(), value);
        Ok(())
    }

    fn finish(self, root: &str) -> Value {
        let mut document = json!({
            "root": root,
            "children": self.children,
            "players": self.players,
            "values": self.values,
        });
        for (key, map) in [("probabilities", self.probabilities), ("actions", self.actions)] {
            if !map.is_empty() {
                document[key] = Value::Object(map);
            }
        }
        document
    }
}

/// Whether `a + b` is zero (reduced fractions, compared without adding).
fn cancel(a: &BigRational, b: &BigRational) -> bool {
    let (x, y) = (a.numer(), b.numer());
    a.denom() == b.denom()
        && x.magnitude() == y.magnitude()
        && (x.sign() != y.sign() || x.is_zero())
}

/// The player an outcome's name gives a leaf, if it names one.
fn leaf_player(outcome: &EscapedStr) -> Option<(&'static str, Player)> {
    let outcome: String = outcome.unescape().collect();
    LEAF_PLAYERS.into_iter().find(|(name, _)| *name == outcome)
}
