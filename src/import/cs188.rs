//! Berkeley CS188's autograder game-tree tests (`class: "GraphGameTreeTest"`
//! files), a fourth input shape: translated into the flat shape, which the
//! one reader then reads.
//!
//! A test file holds `key: "value"` lines and `key: """` blocks that end
//! at a line `"""`; `#` starts a comment. The tree is what CS188's agents
//! search: from `start_state`, agent 0 (MAX) and then each other agent
//! (MIN, or a chance node with equally likely children for
//! `ExpectimaxAgent`) in turn; a state is a leaf when it is in
//! `win_states` or `lose_states`, or when MAX is to move after `depth`
//! rounds of all agents. `evaluation` gives the values, and the actions of
//! `successors` label the edges.

use serde_json::{Map, Value, json};

use crate::tree::{Suggested, TreeError};

/// Whether `text` is a CS188 test file rather than JSON: its first line
/// that is not blank is a comment or starts with a key and a colon.
pub fn looks_like(text: &[u8]) -> bool {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text).trim_ascii_start();
    let key = text.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
    text.first() == Some(&b'#')
        || (key > 0 && text[key..].trim_ascii_start().first() == Some(&b':'))
}

/// The keys of a test file, each with its value and the line it is on.
struct Fields(Vec<(String, String, usize)>);

impl Fields {
    fn parse(text: &str) -> Result<Fields, TreeError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.split('#').next().unwrap_or_default()))
            .collect();
        let mut fields = Vec::new();
        let mut rest = lines.iter();
        while let Some(&(number, line)) = rest.next() {
            if line.trim().is_empty() {
                continue;
            }
            let at =
                |message: &str| TreeError { position: Some((number, 1)), message: message.into() };
            let (key, value) =
                line.split_once(':').ok_or_else(|| at("expected `key: \"value\"`"))?;
            let value = value.trim();
            let text = if value == "\"\"\"" {
                let block: Vec<&str> =
                    rest.by_ref().map(|&(_, l)| l).take_while(|l| l.trim() != "\"\"\"").collect();
                block.join("\n")
            } else {
                let inner = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
                inner.ok_or_else(|| at("expected a value in double quotes"))?.to_string()
            };
            fields.push((key.trim().to_string(), text, number));
        }
        Ok(Fields(fields))
    }

    fn get(&self, key: &str) -> Option<&(String, String, usize)> {
        self.0.iter().find(|(k, _, _)| k == key)
    }

    fn require(&self, key: &str) -> Result<&str, TreeError> {
        self.get(key)
            .map(|(_, value, _)| value.as_str())
            .ok_or_else(|| TreeError::new(format!("the CS188 test has no {key:?}")))
    }

    /// A whole number, for `num_agents` and `depth`.
    fn number(&self, key: &str) -> Result<u32, TreeError> {
        let text = self.require(key)?;
        text.trim()
            .parse()
            .map_err(|_| TreeError::new(format!("{key} is {text:?}; expected a whole number")))
    }
}

/// A CS188 test file's rules for its tree.
struct Game<'a> {
    agents: u32,
    depth: u32,
    chance: bool,
    successors: Vec<(&'a str, &'a str, &'a str)>,
    terminal: Vec<&'a str>,
}

/// The flat-shape document for a CS188 test file, and the search it asks for.
pub fn translate(text: &str) -> Result<(Value, Option<Suggested>), TreeError> {
    let fields = Fields::parse(text)?;
    if let Some((_, class, line)) = fields.get("class").filter(|(_, c, _)| c != "GraphGameTreeTest")
    {
        return Err(TreeError {
            position: Some((*line, 1)),
            message: format!("a CS188 test of class {class:?}; gametree reads GraphGameTreeTest"),
        });
    }
    let suggested = match fields.get("alg").map(|(_, alg, _)| alg.as_str()) {
        None => None,
        Some("MinimaxAgent") => Some(Suggested { algorithm: "minimax", strict: false }),
        Some("AlphaBetaAgent") => Some(Suggested { algorithm: "alphabeta", strict: true }),
        Some("ExpectimaxAgent") => Some(Suggested { algorithm: "expectimax", strict: false }),
        Some(other) => {
            return Err(TreeError::new(format!(
                "alg {other:?}: expected MinimaxAgent, AlphaBetaAgent or ExpectimaxAgent"
            )));
        }
    };
    let words = |key: &str| -> Vec<&str> {
        fields.get(key).map(|(_, v, _)| v.split_whitespace().collect()).unwrap_or_default()
    };
    let game = Game {
        agents: fields.number("num_agents")?.max(1),
        depth: fields.number("depth")?,
        chance: suggested.is_some_and(|s| s.algorithm == "expectimax"),
        successors: successor_lines(&fields)?,
        terminal: [words("win_states"), words("lose_states")].concat(),
    };
    let start = fields.require("start_state")?.trim();
    let mut document = game.tree(start)?;
    // The states no agent reaches keep their values to themselves.
    let mut values = evaluations(&fields)?;
    values.retain(|state, _| document["players"].get(state).is_some());
    document["values"] = Value::Object(values);
    Ok((document, suggested))
}

/// The `successors` block: `state action next` on each line.
fn successor_lines(fields: &Fields) -> Result<Vec<(&str, &str, &str)>, TreeError> {
    let (_, block, start) = fields
        .get("successors")
        .ok_or_else(|| TreeError::new("the CS188 test has no \"successors\""))?;
    let lines = block.lines().enumerate().filter(|(_, line)| !line.trim().is_empty());
    lines
        .map(|(index, line)| match line.split_whitespace().collect::<Vec<_>>()[..] {
            [state, action, next] => Ok((state, action, next)),
            _ => Err(TreeError {
                position: Some((start + 1 + index, 1)),
                message: format!("successor line {:?}: expected `state action next`", line.trim()),
            }),
        })
        .collect()
}

/// The `evaluation` block: `state value` on each line, values as numbers.
fn evaluations(fields: &Fields) -> Result<Map<String, Value>, TreeError> {
    let (_, block, start) = fields
        .get("evaluation")
        .ok_or_else(|| TreeError::new("the CS188 test has no \"evaluation\""))?;
    let mut values = Map::new();
    for (index, line) in block.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        let at = |message: String| TreeError { position: Some((start + 1 + index, 1)), message };
        let [state, value] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(at(format!("evaluation line {:?}: expected `state value`", line.trim())));
        };
        let number = value.parse::<f64>().ok().filter(|v| !v.is_nan());
        let number =
            number.ok_or_else(|| at(format!("the value {value:?} of {state} is not a number")))?;
        let json = match number {
            f64::INFINITY => json!("inf"),
            f64::NEG_INFINITY => json!("-inf"),
            finite => json!(finite),
        };
        values.insert(state.to_string(), json);
    }
    Ok(values)
}

impl Game<'_> {
    /// The tree the agents search from `start`, as the flat shape's
    /// `children`, `players` and `actions` (each node explicit: with more
    /// than two agents, players do not alternate).
    fn tree(&self, start: &str) -> Result<Value, TreeError> {
        let (mut children, mut players, mut actions) = (Map::new(), Map::new(), Map::new());
        let mut parent_of: Map<String, Value> = Map::new();
        let mut stack = vec![(start, 0u32, 0u32)];
        while let Some((state, agent, rounds)) = stack.pop() {
            let player = match agent {
                0 => "max",
                _ if self.chance => "chance",
                _ => "min",
            };
            players.insert(state.to_string(), json!(player));
            let leaf = self.terminal.contains(&state) || (agent == 0 && rounds == self.depth);
            let moves: Vec<(&str, &str)> = self
                .successors
                .iter()
                .filter(|(from, _, _)| !leaf && *from == state)
                .map(|&(_, action, next)| (action, next))
                .collect();
            if moves.is_empty() {
                continue;
            }
            let next_agent = (agent + 1) % self.agents;
            let next_rounds = rounds + u32::from(next_agent == 0);
            for &(_, next) in moves.iter().rev() {
                if let Some(other) = parent_of.insert(next.to_string(), json!(state)) {
                    return Err(TreeError::new(format!(
                        "state {next} is reached from both {} and {state}; gametree reads trees, not graphs",
                        other.as_str().unwrap_or_default()
                    )));
                }
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
        }))
    }
}
