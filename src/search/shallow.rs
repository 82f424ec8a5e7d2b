//! Knuth and Moore's F1, the lecture's "partial evaluation": negamax with
//! one bound `w` passed down.
//!
//! ```text
//! eval(s, d, w): ...
//!   while (it.hasNext() && minimax.getMaxVal() < w)
//!     minimax.add(-eval(t, d - 1, -minimax.getMaxVal()))
//! ```
//!
//! A node stops searching its children once its best value reaches `w`;
//! each child is searched with the bound `-best`. That is alpha-beta with
//! alpha pinned at minus infinity at every node: only "shallow" cutoffs,
//! so from three levels down it can search more than alpha-beta. The trace
//! shows `w` as the node's beta. Where parent and child have the same
//! player, the child keeps its parent's bound.

use super::View;
use super::algorithm::{About, Algorithm, Preset, Windows};
use super::engine::{self, Absorbed, Returned, Rule};
use super::window::{Bounded, maximise};
use crate::bounds::{ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The F1 rule; with a value range, the root's bound is the best value
/// its player can get instead of infinity.
pub(crate) struct Shallow(pub Option<Window>);

impl Algorithm {
    /// `--algo shallow`.
    pub const SHALLOW: Algorithm = Algorithm(&About {
        window: Windows::Bound,
        ..About::plain(
            "shallow",
            "Knuth and Moore's F1, the lecture's \"partial evaluation\": negamax with one bound w (shallow cutoffs only)",
            View::Mover,
            &[("shallow", Preset::Plain)],
            |tree, options, sink| engine::walk(tree, &Shallow(options.value_range), options, sink),
        )
    });
}

impl Rule for Shallow {
    type State = Bounded;
    const VIEW: View = View::Mover;

    fn open(&self, player: Player, parent: Option<&Bounded>) -> Bounded {
        let w = match parent {
            None => self.best_possible(player),
            Some(p) if p.player == player => p.window.beta,
            Some(p) => -p.v,
        };
        let window = Window { alpha: f64::NEG_INFINITY, beta: w };
        Bounded::new(player, Self::VIEW.initial_v(player), window)
    }

    fn window(&self, state: &Bounded) -> Option<Window> {
        Some(state.entry)
    }

    fn absorb(&self, state: &mut Bounded, child: Returned) -> Absorbed {
        let child = Self::VIEW.seen_by(child.value.to_f64(), child.player, state.player);
        let mut window = state.window;
        // The bound is fixed on entry: alpha never moves, so no update is traced.
        let absorbed = maximise(&mut state.v, &mut window, child, false);
        Absorbed { update: None, ..absorbed }
    }

    fn best(&self, state: &Bounded) -> Value {
        Value::decimal(state.v)
    }

    fn close(&self, state: &Bounded) -> (Value, ValueKind) {
        // Stopped at its bound, a node knows only that much, unless the
        // bound is the best value its player can get at all.
        let stopped = state.v >= state.entry.beta && state.v < self.best_possible(state.player);
        (Value::decimal(state.v), if stopped { ValueKind::Lower } else { ValueKind::Exact })
    }
}

impl Shallow {
    /// The best value `player` can get, from its own point of view: the
    /// end of the value range on its side, or infinity without one.
    fn best_possible(&self, player: Player) -> f64 {
        let range = self.0.unwrap_or(Window::FULL);
        if player == Player::Min { -range.alpha } else { range.beta }
    }
}
