//! The alpha-beta window and the steps both alpha-beta forms share.
//!
//! A MAX node of the minimax form and every node of the negamax form do the
//! same thing with a child's value: raise `v`, cut when `v` reaches beta,
//! else raise alpha. A MIN node mirrors it. Both forms call these functions,
//! so the pruning rule is written once.

use super::engine::Absorbed;
use super::{Options, Returns};
use crate::bounds::{Bound, CutoffRule, ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The state of a node in both alpha-beta forms: its player, its best
/// value so far, its current window and the window it was entered with.
pub(crate) struct Bounded {
    pub player: Player,
    pub v: f64,
    pub window: Window,
    pub entry: Window,
}

impl Bounded {
    /// A node entered with `window`, starting from `v`.
    pub fn new(player: Player, v: f64, window: Window) -> Bounded {
        Bounded { player, v, window, entry: window }
    }
}

/// The pruning settings both alpha-beta forms share.
pub(crate) struct Pruning {
    /// The root's window from MAX's point of view, as `--alpha/--beta` give it.
    pub root_window: Window,
    pub strict: bool,
    pub returns: Returns,
}

impl Pruning {
    pub fn new(options: &Options) -> Pruning {
        Pruning { root_window: options.window, strict: options.strict, returns: options.returns }
    }

    /// The value a node entered with `entry` returns when its best is `v`
    /// (clamped under fail-hard), and what that value says.
    pub fn returned(&self, entry: Window, v: f64) -> (Value, ValueKind) {
        let value = if self.returns == Returns::FailHard { entry.clamp(v) } else { v };
        let inclusive = !self.strict || self.returns != Returns::FailSoft;
        (Value::decimal(value), entry.classify(value, inclusive))
    }
}

/// A maximising node takes `child` into `v`: cut when `v` reaches beta,
/// else raise alpha.
pub(crate) fn maximise(v: &mut f64, window: &mut Window, child: f64, strict: bool) -> Absorbed {
    let improved = child > *v;
    if improved {
        *v = child;
    }
    let test = CutoffRule { value: *v, bound: Bound::Beta, limit: window.beta, strict };
    if test.holds() {
        return Absorbed { test: Some(test), cutoff: Some(test), ..Absorbed::plain(improved) };
    }
    let update = (*v > window.alpha).then(|| {
        window.alpha = *v;
        (Bound::Alpha, *v)
    });
    Absorbed { update, test: Some(test), ..Absorbed::plain(improved) }
}

/// A minimising node takes `child` into `v`: cut when `v` falls to alpha,
/// else lower beta.
pub(crate) fn minimise(v: &mut f64, window: &mut Window, child: f64, strict: bool) -> Absorbed {
    let improved = child < *v;
    if improved {
        *v = child;
    }
    let test = CutoffRule { value: *v, bound: Bound::Alpha, limit: window.alpha, strict };
    if test.holds() {
        return Absorbed { test: Some(test), cutoff: Some(test), ..Absorbed::plain(improved) };
    }
    let update = (*v < window.beta).then(|| {
        window.beta = *v;
        (Bound::Beta, *v)
    });
    Absorbed { update, test: Some(test), ..Absorbed::plain(improved) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(alpha: f64, beta: f64) -> Window {
        Window { alpha, beta }
    }

    #[test]
    fn maximise_cuts_on_equality_unless_strict() {
        let mut v = f64::NEG_INFINITY;
        let cut = maximise(&mut v, &mut window(0.0, 5.0), 5.0, false);
        assert!(cut.cutoff.is_some());
        let mut v = f64::NEG_INFINITY;
        let mut w = window(0.0, 5.0);
        let strict = maximise(&mut v, &mut w, 5.0, true);
        assert!(strict.cutoff.is_none());
        assert_eq!(w.alpha, 5.0);
    }

    #[test]
    fn minimise_lowers_beta_only_when_v_improves_it() {
        let mut v = f64::INFINITY;
        let mut w = window(1.0, 4.0);
        let step = minimise(&mut v, &mut w, 6.0, false);
        assert!(step.improved);
        assert_eq!(step.update, None);
        let step = minimise(&mut v, &mut w, 3.0, false);
        assert_eq!(step.update, Some((Bound::Beta, 3.0)));
    }

    #[test]
    fn under_strict_only_a_clamped_or_started_value_on_the_bound_is_a_bound() {
        let entry = window(2.0, 6.0);
        let pruning = |returns| Pruning { root_window: Window::FULL, strict: true, returns };
        assert_eq!(
            pruning(Returns::FailSoft).returned(entry, 2.0),
            (Value::decimal(2.0), ValueKind::Exact)
        );
        assert_eq!(
            pruning(Returns::FailHard).returned(entry, 1.0),
            (Value::decimal(2.0), ValueKind::Upper)
        );
        assert_eq!(
            pruning(Returns::StartAtBound).returned(entry, 2.0),
            (Value::decimal(2.0), ValueKind::Upper)
        );
        let lenient = Pruning { strict: false, ..pruning(Returns::FailSoft) };
        assert_eq!(lenient.returned(entry, 2.0), (Value::decimal(2.0), ValueKind::Upper));
    }
}
