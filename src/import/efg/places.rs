//! Where in an `.efg` file a problem lies. gambit-parser borrows every
//! label from the file's text, so a node is where its label is; a syntax
//! error comes with the rest of the text from where it stopped; and a
//! game it finds inconsistent (an outcome used before it is defined, an
//! information set declared two ways) is placed by reading ever shorter
//! beginnings of the file, since it checks the nodes one by one in the
//! order of the file.

use gambit_parser::{Error, EscapedStr, ExtensiveFormGame, Node, ValidationError};

use super::super::error_at;
use crate::tree::TreeError;

/// gambit-parser's error as one line with its place in the file.
pub fn read_error(text: &str, error: &Error<'_>) -> TreeError {
    match error {
        Error::Parse(rest) => {
            let near: String = rest.chars().take(20).take_while(|&c| c != '\n').collect();
            error_at(text, rest, format!("not an .efg game here ({near:?})"))
        }
        Error::Validation(invalid) => {
            let message = describe(invalid);
            match bad_node(text, invalid) {
                Some(node) => error_at(text, node, message),
                None => TreeError::new(message),
            }
        }
        other => TreeError::new(format!("the .efg game is inconsistent: {other}")),
    }
}

/// What an inconsistency gambit-parser found means, in words.
fn describe(invalid: &ValidationError) -> String {
    let what = match invalid {
        ValidationError::InvalidPlayerNum => "the node's player is not one of the game's players",
        ValidationError::NonMatchingInfosetNames => {
            "the node's information set was declared before with another name"
        }
        ValidationError::NonMatchingInfosetActions => {
            "the node's information set was declared before with other actions"
        }
        ValidationError::NullOutcomePayoffs => {
            "outcome 0 stands for no outcome, so it has no name or payoffs"
        }
        ValidationError::InvalidNumberOfPayoffs => {
            "the node's outcome does not have one payoff for each player"
        }
        ValidationError::NonMatchingOutcomeNames => {
            "the node's outcome was defined before with another name"
        }
        ValidationError::NonMatchingOutcomePayoffs => {
            "the node's outcome was defined before with other payoffs"
        }
        ValidationError::UndefinedOutcome => {
            "the node's outcome is not defined before it (the first node with an outcome gives its name and payoffs)"
        }
        ValidationError::UndeclaredInfoset => {
            "the node leaves out the actions of an information set no node before it declares"
        }
        other => return format!("the .efg game is inconsistent: {other}"),
    };
    format!("the .efg game is inconsistent: {what}")
}

/// The node (from its letter on) that makes the file fail with `invalid`.
/// A beginning of the file that ends after that node fails the same way,
/// one that ends before it only for ending too soon; so it is found by
/// bisection over the lines that start a node, reading the file about
/// log2(lines) times, and only on the way to an error. The search gives
/// up (and the error goes without its place) once it has read
/// [`SEARCH_BYTES`]: a file of up to half a megabyte is always searched
/// through.
fn bad_node<'t>(text: &'t str, invalid: &ValidationError) -> Option<&'t str> {
    let starts = node_lines(text);
    let ends: Vec<usize> = starts.iter().skip(1).copied().chain([text.len()]).collect();
    let fails = |end: usize| {
        let prefix = ExtensiveFormGame::try_from_str(&text[..end]);
        matches!(prefix, Err(Error::Validation(error)) if error == *invalid)
    };
    // The first end that fails lies in low..=high; the last one is the whole file.
    let (mut low, mut high, mut read) = (0, ends.len().checked_sub(1)?, 0);
    while low < high {
        let middle = (low + high) / 2;
        read += ends[middle];
        if read > SEARCH_BYTES {
            return None;
        }
        match fails(ends[middle]) {
            true => high = middle,
            false => low = middle + 1,
        }
    }
    starts.get(low).map(|&start| &text[start..])
}

/// How much text the search for an inconsistent node reads at most.
const SEARCH_BYTES: usize = 16 << 20;

/// The offsets of the letters that start nodes: `p`, `c` or `t` first on
/// a line and followed by a space.
fn node_lines(text: &str) -> Vec<usize> {
    let line_starts = [0].into_iter().chain(text.match_indices(['\n', '\r']).map(|(at, _)| at + 1));
    line_starts
        .filter_map(|start| {
            let line = &text[start..];
            let letter = start + (line.len() - line.trim_start_matches([' ', '\t']).len());
            let node = text[letter..].starts_with(['p', 'c', 't'])
                && text[letter + 1..].starts_with(char::is_whitespace);
            node.then_some(letter)
        })
        .collect()
}

/// Where `node` is in `text`: from its letter (`p`, `c` or `t`) on, found
/// from its label.
pub fn of_node<'t>(text: &'t str, node: Node<'_, '_>) -> &'t str {
    let name = match node {
        Node::Player(player) => player.name(),
        Node::Chance(chance) => chance.name(),
        Node::Terminal(terminal) => terminal.name(),
    };
    let label = of_label(text, name);
    let quote = (text.len() - label.len()).saturating_sub(1);
    let letter = text[..quote].trim_end().len().saturating_sub(1);
    text.get(letter..).unwrap_or(label)
}

/// Where `label`, which gambit-parser borrowed from `text`, is in it:
/// the text from the label on.
pub fn of_label<'t>(text: &'t str, label: &EscapedStr) -> &'t str {
    let start = (label.escape().as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    text.get(start..).unwrap_or(text)
}

/// Where the number after `label` (a chance action's probability) is.
pub fn after_label<'t>(text: &'t str, label: &EscapedStr) -> &'t str {
    let rest = of_label(text, label);
    let rest = rest.get(label.escape().len() + 1..).unwrap_or(rest);
    rest.trim_start()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        match ExtensiveFormGame::try_from_str(text) {
            Err(error) => read_error(text, &error).to_string(),
            Ok(_) => "read".into(),
        }
    }

    const HEADER: &str = "EFG 2 R \"\" { \"1\" \"2\" }\n\"\"\n";

    #[test]
    fn an_undefined_outcome_is_placed_at_its_node() {
        let game = format!(
            "{HEADER}p \"r\" 1 1 \"\" {{ \"a\" \"b\" }} 0\nt \"\" 1 \"\" {{ 1, -1 }}\n  t \"\" 7\n"
        );
        assert_eq!(
            error(&game),
            "5:3: the .efg game is inconsistent: the node's outcome is not defined before it (the first node with an outcome gives its name and payoffs)"
        );
    }

    #[test]
    fn inconsistent_nodes_are_placed_whatever_the_line_ends() {
        let game = format!(
            "{HEADER}p \"r\" 1 1 \"\" {{ \"a\" \"b\" }} 0\nt \"\" 1 \"\" {{ 1, -1 }}\nt \"\" 1 \"\" {{ 2, -2 }}\n"
        );
        let said = "5:1: the .efg game is inconsistent: the node's outcome was defined before with other payoffs";
        assert_eq!(error(&game), said);
        assert_eq!(error(&game.replace('\n', "\r")), said);
        assert_eq!(error(&game.replace('\n', "\r\n")), said);
        let player = format!("{HEADER}p \"r\" 3 1 \"\" {{ \"a\" }} 0\nt \"\" 1 \"\" {{ 1, -1 }}\n");
        assert!(
            error(&player).starts_with("3:1: the .efg game is inconsistent: the node's player")
        );
    }

    #[test]
    fn syntax_errors_are_placed_where_the_parser_stopped() {
        let game = format!("{HEADER}p \"r\" 1 1 \"\" {{ \"a\" }} 0\nq\n");
        assert_eq!(error(&game), "4:1: not an .efg game here (\"q\")");
    }
}
