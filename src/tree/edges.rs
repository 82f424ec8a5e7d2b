//! What the edges of a tree carry: the probabilities of chance nodes'
//! children (checked to be a distribution over each chance node's
//! children) and the actions that label moves.

use std::collections::HashMap;

use super::Player;
use super::input::{RawTree, TreeError};
use crate::num::Num;

/// How far the probabilities of a chance node's children may sum from 1.
pub const TOLERANCE: f64 = 1e-9;

/// The probability of every child of a chance node among the nodes of
/// `order`, by raw id: as the file gives them, or equal shares where it
/// gives none. Probabilities anywhere else are an error.
pub(super) fn probabilities(raw: &RawTree, order: &[u32]) -> Result<HashMap<u32, f64>, TreeError> {
    let mut by_child = HashMap::new();
    for &node in order {
        let children = raw.children(node as usize).unwrap_or_default();
        // A chance leaf (a CS188 ghost's won or lost state) has nothing to share.
        if raw.players[node as usize] == Some(Player::Chance) && !children.is_empty() {
            let shares = shares(raw, node, children)?;
            check_distribution(raw, node, children, &shares)?;
            by_child.extend(children.iter().copied().zip(shares));
        } else {
            not_a_chance_node(raw, node, children)?;
        }
    }
    Ok(by_child)
}

/// The action that leads to each node that has one, by raw id: from the
/// flat shape's `actions` (one for each child) or the nested-object
/// shape's `action`.
pub(super) fn actions(raw: &RawTree) -> Result<HashMap<u32, String>, TreeError> {
    let mut by_child = raw.action.clone();
    // In node order, so that a file with several mistakes always gets the
    // same error.
    let mut listing: Vec<u32> = raw.actions.keys().copied().collect();
    listing.sort_unstable();
    for node in listing {
        let children = raw.children(node as usize).unwrap_or_default();
        let listed = one_per_child(raw, node, "actions", &raw.actions[&node], children)?;
        by_child.extend(children.iter().copied().zip(listed.iter().cloned()));
    }
    let unreadable =
        |action: &str| action.is_empty() || !action.chars().all(crate::terminal::shows);
    let mut labelled: Vec<(&u32, &String)> = by_child.iter().collect();
    labelled.sort_unstable();
    match labelled.into_iter().find(|(_, action)| unreadable(action)) {
        Some((&child, action)) => Err(TreeError::new(format!(
            "the action {action:?} into {} is empty or has a character that does not show as itself",
            name(raw, child)
        ))),
        None => Ok(by_child),
    }
}

/// `listed`, a list a file gives for `node`'s children (its `what`),
/// if it has one entry for each child.
fn one_per_child<'l, T>(
    raw: &RawTree,
    node: u32,
    what: &str,
    listed: &'l [T],
    children: &[u32],
) -> Result<&'l [T], TreeError> {
    if listed.len() != children.len() {
        return Err(TreeError::new(format!(
            "the {what} of {} number {}, but it has {} children",
            name(raw, node),
            listed.len(),
            children.len()
        )));
    }
    Ok(listed)
}

fn name(raw: &RawTree, node: u32) -> &str {
    raw.names.get(node as usize)
}

/// The probabilities of a chance node's children, in their order.
fn shares(raw: &RawTree, node: u32, children: &[u32]) -> Result<Vec<f64>, TreeError> {
    if let Some(listed) = raw.probabilities.get(&node) {
        return Ok(one_per_child(raw, node, "probabilities", listed, children)?.to_vec());
    }
    let given: Vec<Option<f64>> =
        children.iter().map(|child| raw.probability.get(child).copied()).collect();
    if given.iter().all(Option::is_none) {
        return Ok(vec![1.0 / children.len() as f64; children.len()]);
    }
    children
        .iter()
        .zip(given)
        .map(|(&child, probability)| {
            probability.ok_or_else(|| {
                TreeError::new(format!(
                    "{}, a child of the chance node {}, has no probability, but its siblings have",
                    name(raw, child),
                    name(raw, node)
                ))
            })
        })
        .collect()
}

/// Each probability is finite and not negative, and together they sum to 1.
fn check_distribution(
    raw: &RawTree,
    node: u32,
    children: &[u32],
    shares: &[f64],
) -> Result<(), TreeError> {
    if let Some((&child, &share)) =
        children.iter().zip(shares).find(|(_, share)| !(share.is_finite() && **share >= 0.0))
    {
        return Err(TreeError::new(format!(
            "the probability {} of {} (a child of {}) is not a number from 0 to 1",
            Num(share),
            name(raw, child),
            name(raw, node)
        )));
    }
    let sum: f64 = shares.iter().sum();
    if (sum - 1.0).abs() > TOLERANCE {
        return Err(TreeError::new(format!(
            "the probabilities of the children of {} sum to {}, not 1",
            name(raw, node),
            Num(sum)
        )));
    }
    Ok(())
}

/// A node that is not a chance node has no probabilities, nor its children.
fn not_a_chance_node(raw: &RawTree, node: u32, children: &[u32]) -> Result<(), TreeError> {
    if raw.probabilities.contains_key(&node) {
        return Err(TreeError::new(format!(
            "{} has probabilities but is not a chance node; give it the player \"chance\"",
            name(raw, node)
        )));
    }
    match children.iter().find(|child| raw.probability.contains_key(child)) {
        Some(&child) => Err(TreeError::new(format!(
            "{} has a probability, but its parent {} is not a chance node; give it the player \"chance\"",
            name(raw, child),
            name(raw, node)
        ))),
        None => Ok(()),
    }
}
