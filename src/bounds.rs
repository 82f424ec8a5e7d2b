//! The alpha-beta vocabulary every layer shares: a window (alpha, beta),
//! which of its bounds, what a value says about the true value (exact, or
//! only a lower or upper bound), and the test a cutoff passed. Searches
//! compute with them, renderers and `check` write and read them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The open interval (alpha, beta) of values that still matter at a node;
/// under `--strict` the closed one [alpha, beta].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    pub alpha: f64,
    pub beta: f64,
}

impl Window {
    /// (-inf, inf): every value matters.
    pub const FULL: Window = Window { alpha: f64::NEG_INFINITY, beta: f64::INFINITY };

    /// The same window from the other player's point of view: (-beta, -alpha).
    pub fn negated(self) -> Window {
        Window { alpha: -self.beta, beta: -self.alpha }
    }

    /// Moves one bound to `value`, as an `Update` event says.
    pub fn set(&mut self, bound: Bound, value: f64) {
        match bound {
            Bound::Alpha => self.alpha = value,
            Bound::Beta => self.beta = value,
        }
    }

    /// Fail-hard: the value clamped into the window.
    pub fn clamp(self, value: f64) -> f64 {
        value.max(self.alpha).min(self.beta)
    }

    /// What a node's returned `value` says about its true value, given the
    /// window it was entered with: a value on a bound is a bound itself
    /// when `inclusive` (cutoffs on equality, or a value clamped or started
    /// there). An infinite value is exact wherever it lies: nothing lies
    /// beyond it.
    pub fn classify(self, value: f64, inclusive: bool) -> ValueKind {
        let (high, low) = if inclusive {
            (value >= self.beta, value <= self.alpha)
        } else {
            (value > self.beta, value < self.alpha)
        };
        if high && value < f64::INFINITY {
            ValueKind::Lower
        } else if low && value > f64::NEG_INFINITY {
            ValueKind::Upper
        } else {
            ValueKind::Exact
        }
    }
}

/// Which of alpha and beta.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    Alpha,
    Beta,
}

impl Bound {
    /// `alpha` or `beta`.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Alpha => "alpha",
            Bound::Beta => "beta",
        }
    }
}

/// What a node's value says about its true minimax value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    /// The true value.
    Exact,
    /// The true value is at least this (the node failed high).
    Lower,
    /// The true value is at most this (the node failed low).
    Upper,
}

impl ValueKind {
    /// The same statement seen from the other player's point of view.
    pub fn flipped(self) -> ValueKind {
        match self {
            ValueKind::Exact => ValueKind::Exact,
            ValueKind::Lower => ValueKind::Upper,
            ValueKind::Upper => ValueKind::Lower,
        }
    }
}

/// Why a node stopped searching its children: `value` compared with the
/// bound `limit` (`v >= beta`, or `v <= alpha`; strict `>`/`<` under `--strict`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CutoffRule {
    pub value: f64,
    pub bound: Bound,
    pub limit: f64,
    pub strict: bool,
}

impl CutoffRule {
    /// Whether the test holds: `value >= limit` for beta, `value <= limit`
    /// for alpha (strictly under `--strict`).
    pub fn holds(&self) -> bool {
        match (self.bound, self.strict) {
            (Bound::Beta, false) => self.value >= self.limit,
            (Bound::Beta, true) => self.value > self.limit,
            (Bound::Alpha, false) => self.value <= self.limit,
            (Bound::Alpha, true) => self.value < self.limit,
        }
    }

    /// The comparison the test makes: `>=`, `>`, `<=` or `<`.
    pub fn comparison(&self) -> &'static str {
        match (self.bound, self.strict) {
            (Bound::Beta, false) => ">=",
            (Bound::Beta, true) => ">",
            (Bound::Alpha, false) => "<=",
            (Bound::Alpha, true) => "<",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(alpha: f64, beta: f64) -> Window {
        Window { alpha, beta }
    }

    #[test]
    fn classify_marks_values_on_or_outside_the_window_as_bounds() {
        let w = window(2.0, 6.0);
        assert_eq!(w.classify(2.0, true), ValueKind::Upper);
        assert_eq!(w.classify(2.0, false), ValueKind::Exact);
        assert_eq!(w.classify(6.0, true), ValueKind::Lower);
        assert_eq!(w.classify(4.0, true), ValueKind::Exact);
        assert_eq!(w.classify(6.0, false), ValueKind::Exact);
        let full = Window::FULL;
        assert_eq!(full.classify(f64::INFINITY, true), ValueKind::Exact);
        assert_eq!(full.classify(f64::NEG_INFINITY, true), ValueKind::Exact);
        assert_eq!(window(2.0, 6.0).classify(f64::INFINITY, false), ValueKind::Exact);
        assert_eq!(window(2.0, 6.0).classify(f64::NEG_INFINITY, true), ValueKind::Exact);
        assert_eq!(window(2.0, 6.0).classify(1e300, false), ValueKind::Lower);
    }

    #[test]
    fn negated_window_swaps_and_negates() {
        assert_eq!(window(-1.0, 3.0).negated(), window(-3.0, 1.0));
        assert_eq!(Window::FULL.negated(), Window::FULL);
    }
}
