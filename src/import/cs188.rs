//! Berkeley CS188's autograder game-tree tests (`class: "GraphGameTreeTest"`
//! files), a fourth input shape: translated into the flat shape, which the
//! one reader then reads.
//!
//! A test file holds `key: "value"` lines and `key: """` blocks that end
//! at a line `"""`; `#` starts a comment. It is read as CS188's own test
//! parser reads it: lines end at `\n`, `\r\n` or a lone `\r`, and a key
//! given twice keeps its last value. The tree is what CS188's agents
//! search: from `start_state`, agent 0 (MAX) and then each other agent
//! (MIN, or a chance node with equally likely children for
//! `ExpectimaxAgent`) in turn; a state is a leaf when it is in
//! `win_states` or `lose_states`, or when MAX is to move after `depth`
//! rounds of all agents. `evaluation` gives the values, and the actions of
//! `successors` label the edges. Every error about a line of the file
//! names its place.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value, json};

use super::{error_at, exact_integer, shown, within_limit};
use crate::tree::{Suggested, TreeError, names};

/// Whether `text` is a CS188 test file rather than JSON: its first line
/// that is not blank is a comment or starts with a key and a colon.
pub fn looks_like(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text).trim_ascii_start();
    let key = text.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
    text.first() == Some(&b'#')
        || (key > 0 && text[key..].trim_ascii_start().first() == Some(&b':'))
}

/// The keys of a test file, each with its value's lines: the one line's
/// text in quotes, or the lines of a block. Every piece is a slice of the
/// file's text, so an error about it can say where it is.
struct Fields<'t> {
    text: &'t str,
    values: HashMap<&'t str, Vec<&'t str>>,
}

impl<'t> Fields<'t> {
    fn parse(text: &'t str) -> Result<Fields<'t>, TreeError> {
        let mut lines = text
            .lines()
            .flat_map(|line| line.split('\r'))
            .map(|line| line.split('#').next().unwrap_or_default());
        let mut values = HashMap::new();
        while let Some(line) = lines.next() {
            if line.trim().is_empty() {
                continue;
            }
            let at = |part: &str, message: &str| error_at(text, part, message.to_string());
            let (key, value) =
                line.split_once(':').ok_or_else(|| at(line.trim(), "expected `key: \"value\"`"))?;
            let (key, value) = (key.trim(), value.trim());
            let lines = match value {
                "\"\"\"" => block(&mut lines).ok_or_else(|| {
                    at(key, &format!("the block {key:?} has no closing line `\"\"\"`"))
                })?,
                _ => {
                    let inner = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
                    vec![inner.ok_or_else(|| at(value, "expected a value in double quotes"))?]
                }
            };
            values.insert(key, lines);
        }
        Ok(Fields { text, values })
    }

    /// The lines of `key`'s value, if the file gives it.
    fn lines(&self, key: &str) -> Option<&[&'t str]> {
        self.values.get(key).map(Vec::as_slice)
    }

    /// The lines of `key`'s value, which the file must give.
    fn require(&self, key: &str) -> Result<&[&'t str], TreeError> {
        self.lines(key).ok_or_else(|| TreeError::new(format!("the CS188 test has no {key:?}")))
    }

    /// The words of `key`'s value (none if the file does not give it).
    fn words(&self, key: &str) -> impl Iterator<Item = &'t str> + '_ {
        self.lines(key).unwrap_or_default().iter().flat_map(|line| line.split_whitespace())
    }

    /// `key`'s value as one word, if the file gives it.
    fn word(&self, key: &str) -> Result<Option<&'t str>, TreeError> {
        let Some(lines) = self.lines(key) else { return Ok(None) };
        match self.words(key).collect::<Vec<_>>()[..] {
            [word] => Ok(Some(word)),
            _ => {
                let value = lines.first().copied().unwrap_or_default();
                Err(error_at(self.text, value, format!("{key} is {value:?}; expected one word")))
            }
        }
    }

    /// A whole number, for `num_agents` and `depth`.
    fn number(&self, key: &str) -> Result<u32, TreeError> {
        let lines = self.require(key)?;
        let value = lines.first().copied().unwrap_or_default();
        let words: Vec<&str> = self.words(key).collect();
        let number = match words[..] {
            [word] => word.parse().ok(),
            _ => None,
        };
        let message = format!("{key} is {:?}; expected a whole number", lines.join("\n").trim());
        number.ok_or_else(|| error_at(self.text, value.trim_start(), message))
    }
}

/// The lines of a block up to its closing line `"""`; none if it has none.
fn block<'t>(lines: &mut impl Iterator<Item = &'t str>) -> Option<Vec<&'t str>> {
    let mut block = Vec::new();
    loop {
        match lines.next()? {
            line if line.trim() == "\"\"\"" => return Some(block),
            line => block.push(line),
        }
    }
}

/// A CS188 test file's rules for its tree.
struct Game<'t> {
    text: &'t str,
    agents: u32,
    depth: u32,
    chance: bool,
    moves: Moves<'t>,
    terminal: HashSet<&'t str>,
    /// `evaluation`: each state's value as the flat shape writes it.
    values: HashMap<&'t str, Value>,
}

/// Each state's moves, `(action, next)`, in the order of the file.
type Moves<'t> = HashMap<&'t str, Vec<(&'t str, &'t str)>>;

/// The flat-shape document for a CS188 test file, and the search it asks for.
pub fn translate(text: &str) -> Result<(Value, Option<Suggested>), TreeError> {
    let fields = Fields::parse(text)?;
    if let Some(class) = fields.word("class")?.filter(|&class| class != "GraphGameTreeTest") {
        let message = format!("a CS188 test of class {class:?}; gametree reads GraphGameTreeTest");
        return Err(error_at(text, class, message));
    }
    let suggested = match fields.word("alg")? {
        None => None,
        Some("MinimaxAgent") => Some(Suggested { algorithm: "minimax", strict: false }),
        Some("AlphaBetaAgent") => Some(Suggested { algorithm: "alphabeta", strict: true }),
        Some("ExpectimaxAgent") => Some(Suggested { algorithm: "expectimax", strict: false }),
        Some(other) => {
            let message =
                format!("alg {other:?}: expected MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent");
            return Err(error_at(text, other, message));
        }
    };
    let game = Game {
        text,
        agents: fields.number("num_agents")?.max(1),
        depth: fields.number("depth")?,
        chance: suggested.is_some_and(|s| s.algorithm == "expectimax"),
        moves: successors(&fields)?,
        terminal: fields.words("win_states").chain(fields.words("lose_states")).collect(),
        values: evaluations(&fields)?,
    };
    let start = fields.word("start_state")?;
    let start = start.ok_or_else(|| TreeError::new("the CS188 test has no \"start_state\""))?;
    Ok((game.tree(start)?, suggested))
}

/// The `successors` block: `state action next` on each line, gathered by
/// state.
fn successors<'t>(fields: &Fields<'t>) -> Result<Moves<'t>, TreeError> {
    let mut moves = Moves::new();
    for line in fields.require("successors")?.iter().filter(|line| !line.trim().is_empty()) {
        let [state, action, next] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            let message = format!("successor line {:?}: expected `state action next`", line.trim());
            return Err(error_at(fields.text, line.trim_start(), message));
        };
        if !action.chars().all(crate::terminal::shows) {
            let message =
                format!("the action {action:?} has a character that does not show as itself");
            return Err(error_at(fields.text, action, message));
        }
        moves.entry(state).or_default().push((action, next));
    }
    Ok(moves)
}

/// The `evaluation` block: `state value` on each line; a state given twice
/// keeps its last value, as in CS188.
fn evaluations<'t>(fields: &Fields<'t>) -> Result<HashMap<&'t str, Value>, TreeError> {
    let mut values = HashMap::new();
    for line in fields.require("evaluation")?.iter().filter(|line| !line.trim().is_empty()) {
        let [state, value] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            let message = format!("evaluation line {:?}: expected `state value`", line.trim());
            return Err(error_at(fields.text, line.trim_start(), message));
        };
        let number = evaluation(value).map_err(|why| {
            error_at(fields.text, value, format!("the value {} of {state} {why}", shown(value)))
        })?;
        values.insert(state, number);
    }
    Ok(values)
}

/// A value as CS188 writes it (Python's `float`): a number, or an infinity
/// for a won or lost position (`inf`, `-Infinity`). A number is taken as
/// the JSON reader takes one: at most 2^53 in magnitude, where Python
/// would make `1e400` an infinity and round `9007199254740993`.
fn evaluation(word: &str) -> Result<Value, &'static str> {
    let number = word.parse::<f64>().ok().filter(|v| !v.is_nan()).ok_or("is not a number")?;
    let unsigned = word.trim_start_matches(['+', '-']).to_ascii_lowercase();
    if number.is_infinite() && (unsigned == "inf" || unsigned == "infinity") {
        return Ok(json!(if number > 0.0 { "inf" } else { "-inf" }));
    }
    if !within_limit(word, number) {
        return Err("is beyond 2^53 in magnitude");
    }
    Ok(exact_integer(word).map_or_else(|| json!(number), |integer| json!(integer)))
}

impl<'t> Game<'t> {
    /// The tree the agents search from `start`, as the flat shape's
    /// `children`, `players`, `actions` and `values` (each node explicit:
    /// with more than two agents, players do not alternate). `start` and
    /// each next state are slices of the file, where errors point.
    fn tree(&self, start: &'t str) -> Result<Value, TreeError> {
        let (mut children, mut players, mut actions) = (Map::new(), Map::new(), Map::new());
        let mut values = Map::new();
        let mut parent_of: HashMap<&str, &str> = HashMap::new();
        let mut stack = vec![(start, 0u32, 0u32)];
        while let Some((state, agent, rounds)) = stack.pop() {
            if let Some(problem) = names::problem_with(state) {
                let message = format!("invalid node name {state:?}: {problem}");
                return Err(error_at(self.text, state, message));
            }
            let player = match agent {
                0 => "max",
                _ if self.chance => "chance",
                _ => "min",
            };
            players.insert(state.to_string(), json!(player));
            if let Some(value) = self.values.get(state) {
                values.insert(state.to_string(), value.clone());
            }
            let leaf = self.terminal.contains(state) || (agent == 0 && rounds == self.depth);
            let moves = match leaf {
                true => &[][..],
                false => self.moves.get(state).map_or(&[][..], Vec::as_slice),
            };
            if moves.is_empty() {
                self.valued(state)?;
                continue;
            }
            let next_agent = (agent + 1) % self.agents;
            let next_rounds = rounds + u32::from(next_agent == 0);
            for &(_, next) in moves.iter().rev() {
                self.first_parent(&mut parent_of, start, next, state)?;
                stack.push((next, next_agent, next_rounds));
            }
            children
                .insert(state.to_string(), json!(moves.iter().map(|m| m.1).collect::<Vec<_>>()));
            actions.insert(state.to_string(), json!(moves.iter().map(|m| m.0).collect::<Vec<_>>()));
        }
        Ok(json!({
            "root": start,
            "players": players,
            "children": children,
            "actions": actions,
            "values": values,
        }))
    }

    /// Refuses a leaf of the search, `state`, that `evaluation` gives no value.
    fn valued(&self, state: &'t str) -> Result<(), TreeError> {
        if self.values.contains_key(state) {
            return Ok(());
        }
        let message =
            format!("the search ends at state {state}, but \"evaluation\" gives it no value");
        Err(error_at(self.text, state, message))
    }

    /// Records `parent` as the one state `next` is reached from; a second
    /// one (or the start reached again) makes a graph, which is refused.
    fn first_parent(
        &self,
        parent_of: &mut HashMap<&'t str, &'t str>,
        start: &str,
        next: &'t str,
        parent: &'t str,
    ) -> Result<(), TreeError> {
        let message = match parent_of.insert(next, parent) {
            None if next != start => return Ok(()),
            None => format!("the start state {next} is reached again from {parent}"),
            Some(other) => format!("state {next} is reached from both {other} and {parent}"),
        };
        Err(error_at(self.text, next, format!("{message}; gametree reads trees, not graphs")))
    }
}
