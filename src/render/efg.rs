//! `--format efg`: the tree as a Gambit extensive-form game (`.efg`), so
//! that it opens in Gambit: MAX is player 1 and MIN player 2, each leaf an
//! outcome paying its value to MAX and the negated value to MIN, chance
//! nodes with their probabilities, every player node its own information
//! set (perfect information). A leaf whose player is not the one its depth
//! gives (the tree file sets it) has its outcome named for it, `MIN to
//! move`, which gametree reads back. Static values of inner nodes are left
//! out: an `.efg` game has no place for them.

use std::io::{self, Write};

use crate::import::efg::LEAF_PLAYERS;
use crate::num::Num;
use crate::tree::{NodeId, Player, Tree};

/// Why a tree cannot be written as `.efg`: a leaf with an infinite value,
/// or a label that ends in a backslash (which would escape its closing
/// quote: `.efg` escapes quotes only).
pub fn cannot_write(tree: &Tree) -> Option<String> {
    if let Some(node) = tree.nodes().find(|&node| tree.value(node).is_some_and(f64::is_infinite)) {
        let value = Num(tree.value(node).unwrap_or_default());
        let name = tree.name(node);
        return Some(format!(
            "--format efg: node {name} is worth {value}, which an .efg payoff cannot be"
        ));
    }
    let labels = tree.nodes().flat_map(|node| [Some(tree.name(node)), tree.action(node)]);
    let label = labels.flatten().find(|label| label.ends_with('\\'))?;
    Some(format!("--format efg: {label:?} ends with a backslash, which an .efg label cannot"))
}

/// Writes the game, nodes in pre-order as the format lists them.
pub fn write(out: &mut dyn Write, tree: &Tree) -> io::Result<()> {
    writeln!(out, "EFG 2 R \"\" {{ \"MAX\" \"MIN\" }}")?;
    writeln!(out, "\"written by gametree\"\n")?;
    let (mut infosets, mut outcomes) = ([0u32; 3], 0u32);
    // Who moves at each node by depth alone, as a reader of the file
    // assumes: from the root's player, which a root that is a leaf does not
    // write (a reader takes it for MAX).
    let root = tree.root();
    let first = if tree.is_leaf(root) { Player::Max } else { tree.player(root) };
    let mut by_depth = vec![first; tree.len()];
    for node in tree.nodes() {
        let name = quoted(tree.name(node));
        let player = tree.player(node);
        if tree.is_leaf(node) {
            outcomes += 1;
            let value = tree.value(node).unwrap_or_default();
            let outcome = leaf_outcome(player, by_depth[node.index()]);
            writeln!(
                out,
                "t {name} {outcomes} \"{outcome}\" {{ {}, {} }}",
                Num(value),
                Num(-value)
            )?;
            continue;
        }
        for &child in tree.children(node) {
            by_depth[child.index()] = by_depth[node.index()].opponent();
        }
        let kind = match player {
            Player::Max => 0,
            Player::Min => 1,
            Player::Chance => 2,
        };
        infosets[kind] += 1;
        let actions = actions(tree, node);
        match player {
            Player::Chance => writeln!(out, "c {name} {} \"\" {{ {actions} }} 0", infosets[kind])?,
            _ => writeln!(out, "p {name} {} {} \"\" {{ {actions} }} 0", kind + 1, infosets[kind])?,
        }
    }
    Ok(())
}

/// The name of a leaf's outcome: empty, or who moves there where that is
/// not the player its depth gives.
fn leaf_outcome(player: Player, by_depth: Player) -> &'static str {
    let named = LEAF_PLAYERS.into_iter().find(|&(_, named)| named == player && player != by_depth);
    named.map_or("", |(outcome, _)| outcome)
}

/// A node's actions, `"left" "right"`, with their probabilities at a
/// chance node (`"left" 0.5 "right" 0.5`); an edge without an action has
/// the empty label.
fn actions(tree: &Tree, node: NodeId) -> String {
    let action = |&child: &NodeId| {
        let label = quoted(tree.action(child).unwrap_or_default());
        match tree.probability(child) {
            Some(p) => format!("{label} {p}"),
            None => label,
        }
    };
    let actions: Vec<String> = tree.children(node).iter().map(action).collect();
    actions.join(" ")
}

/// A label in double quotes, each `"` in it escaped by a backslash.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\\\""))
}
