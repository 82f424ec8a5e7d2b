//! What an `order` line says of each node's value, kept small: a line can
//! have a million items.

use std::fmt;

use crate::answer::OrderLine;
use crate::bounds::ValueKind;
use crate::notation::Notation;
use crate::num::{Value, Written};
use crate::tree::NodeId;

/// What an answer says a node's value is: `3`, or only a bound, `≤2`
/// (`<=2`) or `≥5` (`>=5`), as the diagrams print fail-soft bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Claim {
    number: Value,
    form: Form,
}

/// How a claim's number is written around: its decimal places (none for
/// a fraction) and its bound sign, `Upper` for `≤`, `Lower` for `≥`, none
/// for a bare value. Three bytes.
type Form = (Option<u8>, Option<ValueKind>);

impl Claim {
    /// `written`, said to be a bound of the kind `bound` where one is given.
    pub fn new(written: Written, bound: Option<ValueKind>) -> Claim {
        Claim { number: written.value, form: (written.places, bound) }
    }

    /// The number as written.
    pub fn written(self) -> Written {
        Written { value: self.number, places: self.form.0 }
    }

    /// The bound it claims, if it is a bound.
    pub fn bound(self) -> Option<ValueKind> {
        self.form.1
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = self.bound().map_or("", |kind| Notation::Symbols.bound_sign(kind));
        write!(f, "{sign}{}", self.written())
    }
}

/// The items of an `order` line: each node with its claim, if the answer
/// gives one. The numbers are kept as the search's line keeps its values
/// (an [`OrderLine`]: doubles, with the few fractions beside) and each
/// claim's [`Form`] beside them: 19 bytes an item rather than 32, for an
/// answer to a tree of a million nodes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OrderItems {
    /// Each item's node, with its claim's number (0 where it has none).
    numbers: OrderLine,
    /// Each item's claim's form; `None` for an item without a claim.
    forms: Vec<Option<Form>>,
}

impl OrderItems {
    /// No items yet, with room for `items`.
    pub fn with_capacity(items: usize) -> OrderItems {
        OrderItems { numbers: OrderLine::with_capacity(items), forms: Vec::with_capacity(items) }
    }

    /// Adds an item.
    pub fn push(&mut self, node: NodeId, claim: Option<Claim>) {
        self.numbers.push(node, claim.map_or(Value::decimal(0.0), |claim| claim.number));
        self.forms.push(claim.map(|claim| claim.form));
    }

    pub fn len(&self) -> usize {
        self.forms.len()
    }

    /// How many items there is room for.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.forms.capacity()
    }

    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }

    /// Item `i`, walked to: for the one wrong item a verdict shows.
    pub fn get(&self, i: usize) -> Option<(NodeId, Option<Claim>)> {
        self.iter().nth(i)
    }

    /// The items in order.
    pub fn iter(&self) -> impl Iterator<Item = (NodeId, Option<Claim>)> + Clone + '_ {
        let claim = |number, form: &Option<Form>| form.map(|form| Claim { number, form });
        (self.numbers.iter().zip(&self.forms))
            .map(move |((node, number), form)| (node, claim(number, form)))
    }
}

/// Lines made from their items: as the tests write them, and a game
/// graph's line copy by copy (a line read is built with room for its
/// words: [`OrderItems::with_capacity`]).
impl FromIterator<(NodeId, Option<Claim>)> for OrderItems {
    fn from_iter<I: IntoIterator<Item = (NodeId, Option<Claim>)>>(items: I) -> OrderItems {
        let mut line = OrderItems::default();
        items.into_iter().for_each(|(node, claim)| line.push(node, claim));
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_keep_their_claims_in_nineteen_bytes() {
        assert_eq!(size_of::<(NodeId, f64)>() + size_of::<Option<Form>>(), 19);
        let third = Value::fraction(crate::num::Fraction::new(1, 3));
        let claims = [
            None,
            Some(Claim::new(Written { value: third, places: None }, None)),
            Some(Claim::new(
                Written { value: Value::decimal(-2.0), places: Some(0) },
                Some(ValueKind::Upper),
            )),
            Some(Claim::new(
                Written { value: Value::decimal(7.25), places: Some(3) },
                Some(ValueKind::Lower),
            )),
            Some(Claim::new(Written { value: Value::decimal(0.0), places: Some(1) }, None)),
        ];
        let items: Vec<_> =
            claims.iter().enumerate().map(|(i, &c)| (NodeId(i as u32), c)).collect();
        let line: OrderItems = items.iter().copied().collect();
        assert_eq!(line.len(), 5);
        assert_eq!(line.iter().collect::<Vec<_>>(), items);
        assert_eq!((line.get(3), line.get(5)), (Some(items[3]), None));
        assert!(OrderItems::default().is_empty() && !line.is_empty());
    }
}
