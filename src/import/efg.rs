//! Gambit's extensive-form `.efg` files (the interchange format Gambit and
//! OpenSpiel read), a fifth input shape: two-player zero-sum games of
//! perfect information, translated into the flat shape, which the one
//! reader then reads. The `gambit-parser` crate reads the file.
//!
//! Player 1 is MAX and player 2 MIN; a chance node keeps its
//! probabilities; a node's value is player 1's payoff, summed over the
//! outcomes on its path as Gambit sums them. Nodes keep their `.efg`
//! labels as names where those are valid and unique; the others are named
//! a, b, c, ... breadth-first, skipping names that are taken. Action
//! labels label the edges.

use std::collections::{HashMap, HashSet, VecDeque};
use std::ops::Range;

use gambit_parser::{Error, ExtensiveFormGame, Node};
use num_traits::ToPrimitive;
use serde_json::{Map, Value, json};

use crate::tree::{TreeError, names};

/// Whether `text` is an `.efg` file: it starts with `EFG`.
pub fn looks_like(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    text.trim_ascii_start().starts_with(b"EFG")
}

/// The flat-shape document for an `.efg` file.
pub fn translate(text: &str) -> Result<Value, TreeError> {
    let game = ExtensiveFormGame::try_from_str(text).map_err(|error| read_error(text, &error))?;
    if game.player_names().len() != 2 {
        return Err(TreeError::new(format!(
            "the game has {} players; gametree reads two-player zero-sum games",
            game.player_names().len()
        )));
    }
    let nodes = breadth_first(game.root());
    let names = node_names(&nodes);
    let mut document = Document::default();
    let mut information = HashSet::new();
    for (index, Met { node, .. }) in nodes.iter().enumerate() {
        if let Node::Player(player) = node
            && !information.insert((player.player_num(), player.infoset()))
        {
            return Err(TreeError::new(format!(
                "node {} of player {} shares its information set {} with another node; gametree searches games of perfect information",
                names[index],
                player.player_num(),
                player.infoset()
            )));
        }
        document.add(index, &nodes, &names)?;
    }
    Ok(document.finish(&names[0]))
}

/// The parser's error as one line with its place in the file.
fn read_error(text: &str, error: &Error<'_>) -> TreeError {
    match error {
        Error::Parse(rest) => {
            let at = text.len() - rest.len();
            let line = 1 + text[..at].matches('\n').count();
            let column = 1 + text[..at].rsplit('\n').next().unwrap_or_default().chars().count();
            let near: String = rest.chars().take(20).take_while(|&c| c != '\n').collect();
            TreeError {
                position: Some((line, column)),
                message: format!("not an .efg game here ({near:?})"),
            }
        }
        other => TreeError::new(format!("the .efg game is inconsistent: {other}")),
    }
}

/// A node met breadth-first, and the edge into it.
struct Met<'a, 'g> {
    node: Node<'a, 'g>,
    parent: Option<usize>,
    /// Its children's indices: a node's children are met one after another.
    children: Range<usize>,
    /// The label of the action that leads here (empty for none).
    action: String,
    /// The probability of that action, if the parent is a chance node, as
    /// the flat shape writes it exactly.
    probability: Option<Value>,
}

/// Every node breadth-first.
fn breadth_first<'a, 'g>(root: Node<'a, 'g>) -> Vec<Met<'a, 'g>> {
    let mut nodes: Vec<Met<'a, 'g>> = Vec::new();
    let mut queue = VecDeque::from([(String::new(), None, root, None)]);
    let mut next = 1;
    while let Some((action, probability, node, parent)) = queue.pop_front() {
        let index = nodes.len();
        let kids = children(node);
        let children = next..next + kids.len();
        next += kids.len();
        nodes.push(Met { node, parent, children, action, probability });
        queue.extend(kids.into_iter().map(|(action, p, child)| (action, p, child, Some(index))));
    }
    nodes
}

/// A node's children, each with its action label and its probability
/// (at a chance node).
fn children<'a, 'g>(node: Node<'a, 'g>) -> Vec<(String, Option<Value>, Node<'a, 'g>)> {
    match node {
        Node::Player(player) => player
            .actions()
            .map(|(label, child)| (label.unescape().collect(), None, child))
            .collect(),
        Node::Chance(chance) => chance
            .actions()
            .map(|(label, p, child)| (label.unescape().collect(), Some(exactly(p)), child))
            .collect(),
        Node::Terminal(_) => Vec::new(),
    }
}

/// A probability as the flat shape writes it exactly: a decimal as the
/// file wrote it (Gambit reads `0.333333` as 333333/1000000), else a
/// fraction, `"1/3"`.
fn exactly(p: &num_rational::BigRational) -> Value {
    let (numerator, denominator) = (p.numer().to_i64(), p.denom().to_i64());
    let decimal = |d: i64| d > 0 && 10i64.pow(d.ilog10()) == d;
    match (numerator, denominator) {
        (Some(n), Some(d)) if decimal(d) && n.unsigned_abs() < 1 << 53 => {
            json!(n as f64 / d as f64)
        }
        _ => json!(p.to_string()),
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
fn payoffs(node: Node<'_, '_>) -> Option<Vec<f64>> {
    let payoffs = match node {
        Node::Player(player) => player.outcome_payoffs(),
        Node::Chance(chance) => chance.outcome_payoffs(),
        Node::Terminal(terminal) => terminal.outcome_payoffs(),
    }?;
    Some(payoffs.iter().map(|p| p.to_f64().unwrap_or(f64::NAN)).collect())
}

/// The flat shape's maps, filled node by node.
#[derive(Default)]
struct Document {
    children: Map<String, Value>,
    players: Map<String, Value>,
    probabilities: Map<String, Value>,
    actions: Map<String, Value>,
    values: Map<String, Value>,
    /// The payoffs summed from the root down to each node so far.
    sums: Vec<[f64; 2]>,
}

impl Document {
    /// Adds the node at `index` of `nodes`, named `names[index]`.
    fn add(
        &mut self,
        index: usize,
        nodes: &[Met<'_, '_>],
        names: &[String],
    ) -> Result<(), TreeError> {
        let (node, name) = (nodes[index].node, &names[index]);
        let above = nodes[index].parent.map_or([0.0; 2], |parent| self.sums[parent]);
        let own = payoffs(node).unwrap_or_default();
        let sum = [above[0] + own.first().unwrap_or(&0.0), above[1] + own.get(1).unwrap_or(&0.0)];
        self.sums.push(sum);
        let player = match node {
            Node::Player(player) if player.player_num() == 1 => "max",
            Node::Player(_) => "min",
            Node::Chance(_) => "chance",
            Node::Terminal(_) => return self.terminal(name, sum),
        };
        self.players.insert(name.clone(), json!(player));
        let range = nodes[index].children.clone();
        let kids = &nodes[range.clone()];
        self.children.insert(name.clone(), json!(names[range]));
        if kids.iter().any(|kid| !kid.action.is_empty()) {
            let actions: Vec<&String> = kids.iter().map(|kid| &kid.action).collect();
            self.actions.insert(name.clone(), json!(actions));
        }
        if let Node::Chance(_) = node {
            let shares: Vec<Value> =
                kids.iter().map(|kid| kid.probability.clone().unwrap_or(Value::Null)).collect();
            self.probabilities.insert(name.clone(), json!(shares));
        }
        Ok(())
    }

    /// A terminal node is worth player 1's payoff, of a zero-sum game.
    fn terminal(&mut self, name: &str, [mine, theirs]: [f64; 2]) -> Result<(), TreeError> {
        if mine + theirs != 0.0 {
            return Err(TreeError::new(format!(
                "the payoffs at {name} are {mine} and {theirs}; gametree reads zero-sum games"
            )));
        }
        self.values.insert(name.to_string(), json!(mine));
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
