//! Alpha-beta pruning in negamax form.
//!
//! Every node maximises from the point of view of its player to move: it
//! takes v = max(v, -child), cuts when v >= beta, else sets
//! alpha = max(alpha, v), and enters its children with the window
//! (-beta, -alpha). Where parent and child have the same player, neither
//! the value nor the window is negated. It visits exactly the nodes the
//! minimax form visits.

use super::View;
use super::algorithm::{About, Algorithm, Preset, Windows};
use super::engine::{self, Absorbed, Returned, Rule};
use super::window::{Bounded, Pruning, maximise};
use crate::bounds::{ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The alpha-beta rule, negamax form.
pub(crate) struct NegamaxAlphaBeta(pub Pruning);

impl Algorithm {
    /// `--algo negamax-alphabeta`.
    pub const NEGAMAX_ALPHABETA: Algorithm = Algorithm(&About {
        window: Windows::Root { null: false },
        conventions: true,
        ..About::plain(
            "negamax-alphabeta",
            "Alpha-beta in negamax form: child window (-beta, -alpha)",
            View::Mover,
            &[("negamax-alphabeta", Preset::Window)],
            |tree, options, sink| {
                engine::walk(tree, &NegamaxAlphaBeta(Pruning::new(options)), options, sink)
            },
        )
    });
}

impl Rule for NegamaxAlphaBeta {
    type State = Bounded;
    const VIEW: View = View::Mover;

    fn open(&self, player: Player, parent: Option<&Bounded>) -> Bounded {
        let window = match parent {
            None if player == Player::Min => self.0.root_window.negated(),
            None => self.0.root_window,
            Some(p) if p.player == player => p.window,
            Some(p) => p.window.negated(),
        };
        let v = self.0.returns.initial_v(Self::VIEW, player, window);
        Bounded::new(player, v, window)
    }

    fn window(&self, state: &Bounded) -> Option<Window> {
        Some(state.entry)
    }

    fn absorb(&self, state: &mut Bounded, child: Returned) -> Absorbed {
        let child = Self::VIEW.seen_by(child.value.to_f64(), child.player, state.player);
        maximise(&mut state.v, &mut state.window, child, self.0.strict)
    }

    fn best(&self, state: &Bounded) -> Value {
        Value::decimal(state.v)
    }

    fn close(&self, state: &Bounded) -> (Value, ValueKind) {
        self.0.returned(state.entry, state.v)
    }
}
