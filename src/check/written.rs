//! How a number as an answer writes it is taken: a rounding of a value
//! whose decimals never end, or a value within the tolerance, said to the
//! teacher; a rounding that is not taken, explained to the student.

use std::fmt;

use crate::lang::{Explanations, fill};
use crate::num::{Match, Value, Written};

/// Why a decimal near a value whose decimals never end is not taken: too
/// few places, or not its rounding to the places written.
pub(super) fn rounding_note(
    written: Written,
    computed: Value,
    say: &Explanations,
) -> Option<String> {
    let places = written.places?;
    if !computed.repeats() || !computed.is_finite() {
        return None;
    }
    let rounded = computed.round_to(places.max(2).into())?;
    let said = [("value", &computed as &dyn std::fmt::Display), ("rounded", &rounded)];
    Some(match places {
        0 | 1 => fill(say.never_ends, &said),
        _ => fill(say.rounded_to, &[said[0], said[1], ("places", &places)]),
    })
}

/// For the teacher: the first written value matched as a rounding or
/// within the tolerance, with how (`f:7.67 taken as 23/3 rounded to 2 places`).
/// Each item is named only when it is the one (`item` writes it).
pub(super) fn accepted_note<Item: fmt::Display>(
    matches: impl IntoIterator<Item = (Item, Written, Value)>,
    tolerance: Option<f64>,
) -> Option<String> {
    matches.into_iter().find_map(|(item, written, computed)| {
        let how = match written.matches(computed, tolerance) {
            Match::Rounded => format!("rounded to {} places", written.places?),
            Match::Near => format!("within the tolerance {}", crate::num::Num(tolerance?)),
            Match::Exact | Match::No => return None,
        };
        Some(format!("{item} taken as {computed} {how}"))
    })
}
