//! What the edges of a tree carry: the probabilities of chance nodes'
//! children (checked to be a distribution over each chance node's
//! children) and the actions that label moves.

use std::collections::HashMap;

use super::Player;
use super::input::{RawTree, TreeError};
use num_traits::{CheckedAdd, CheckedDiv, CheckedSub, Signed};

use crate::num::{Fraction, Value};

/// The probability of every child of a chance node among the nodes of
/// `order`, by raw id: as the file gives them, or equal shares where it
/// gives none. Probabilities anywhere else are an error.
pub(super) fn probabilities(
    raw: &RawTree,
    order: &[u32],
    notes: &mut Vec<String>,
) -> Result<HashMap<u32, Value>, TreeError> {
    let mut by_child = HashMap::new();
    for &node in order {
        let children = raw.children(node as usize).unwrap_or_default();
        // A chance leaf (a CS188 ghost's won or lost state) has nothing to share.
        if raw.players[node as usize] == Some(Player::Chance) && !children.is_empty() {
            let shares = shares(raw, node, children)?;
            let shares = distribution(raw, node, children, shares, notes)?;
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
fn shares(raw: &RawTree, node: u32, children: &[u32]) -> Result<Vec<Value>, TreeError> {
    if let Some(listed) = raw.probabilities.get(&node) {
        return Ok(one_per_child(raw, node, "probabilities", listed, children)?.to_vec());
    }
    let given: Vec<Option<Value>> =
        children.iter().map(|child| raw.probability.get(child).copied()).collect();
    if given.iter().all(Option::is_none) {
        let share = Value::fraction(Fraction::new(1, children.len() as i64));
        return Ok(vec![share; children.len()]);
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

/// Each probability is a number from 0 to 1, and together they sum to 1:
/// exactly, or for decimals of at least two places within their rounding
/// (three times 0.333333). Such shares are scaled to sum to exactly 1,
/// with a note that says so.
fn distribution(
    raw: &RawTree,
    node: u32,
    children: &[u32],
    shares: Vec<Value>,
    notes: &mut Vec<String>,
) -> Result<Vec<Value>, TreeError> {
    let (zero, one) = (Value::decimal(0.0), Value::decimal(1.0));
    if let Some((&child, &share)) =
        children.iter().zip(&shares).find(|&(_, &share)| !(share >= zero && share <= one))
    {
        return Err(TreeError::new(format!(
            "the probability {share} of {} (a child of {}) is not a number from 0 to 1",
            name(raw, child),
            name(raw, node)
        )));
    }
    let exact: Option<Vec<Fraction>> = shares.iter().map(|share| share.exact()).collect();
    let sum = exact
        .as_ref()
        .and_then(|e| e.iter().try_fold(Fraction::from_integer(0), |s, p| s.checked_add(p)));
    let (Some(exact), Some(sum)) = (exact, sum) else {
        return Err(TreeError::new(format!(
            "the probabilities of the children of {} have more digits than gametree can add up exactly",
            name(raw, node)
        )));
    };
    if sum == Fraction::from_integer(1) {
        return Ok(shares);
    }
    let wrong = || {
        TreeError::new(format!(
            "the probabilities of the children of {} sum to {}, not 1",
            name(raw, node),
            Value::fraction(sum)
        ))
    };
    if !within_rounding(&shares, sum) {
        return Err(wrong());
    }
    let scaled: Option<Vec<Value>> =
        exact.iter().map(|p| p.checked_div(&sum).map(Value::fraction)).collect();
    let scaled = scaled.ok_or_else(wrong)?;
    notes.push(format!(
        "the probabilities of the children of {} sum to {}; gametree scales them to sum to 1: {}",
        name(raw, node),
        Value::fraction(sum),
        scaled.iter().map(Value::to_string).collect::<Vec<_>>().join(" ")
    ));
    Ok(scaled)
}

/// Whether decimals written to at least two places can be roundings of
/// probabilities that sum to 1: `sum` is nearer to 1 than half a unit of
/// their finest place, once for each.
fn within_rounding(shares: &[Value], sum: Fraction) -> bool {
    let places: Option<Vec<usize>> = shares.iter().map(|share| share.places()).collect();
    let Some(finest) = places.and_then(|places| places.into_iter().max()) else {
        return false;
    };
    let Some(unit) = 10i64.checked_pow(finest as u32 + 1) else { return false };
    let slack = Fraction::new(5 * shares.len() as i64, unit);
    let off = sum.checked_sub(&Fraction::from_integer(1)).map(|off| off.abs());
    finest >= 2 && off.is_some_and(|off| off < slack)
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
