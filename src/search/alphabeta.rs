//! Alpha-beta pruning in minimax form.
//!
//! A MAX node starts at v = -inf and takes v = max(v, child); it cuts when
//! v >= beta, else sets alpha = max(alpha, v). A MIN node mirrors this
//! (v <= alpha cuts, else beta = min(beta, v)). Children are entered with
//! the node's current window. Fail-soft by default: a node returns v even
//! outside its window; `--fail-hard` clamps it into the entry window, and
//! `--start-at-bound` starts v at alpha (MAX) or beta (MIN).

use super::View;
use super::algorithm::{About, Algorithm, Preset, Windows};
use super::engine::{self, Absorbed, Returned, Rule};
use super::window::{Bounded, Pruning, maximise, minimise};
use crate::bounds::{ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The alpha-beta rule, minimax form.
pub(crate) struct AlphaBeta(pub Pruning);

impl Algorithm {
    /// `--algo alphabeta`.
    pub const ALPHABETA: Algorithm = Algorithm(&About {
        window: Windows::Root { null: false },
        conventions: true,
        ..About::plain(
            "alphabeta",
            "Minimax with alpha-beta pruning (minimax form, fail-soft by default)",
            View::Max,
            &[("alphabeta", Preset::Window), ("alphabeta-fail-hard", Preset::FailHard)],
            |tree, options, sink| {
                engine::walk(tree, &AlphaBeta(Pruning::new(options)), options, sink)
            },
        )
    });
}

impl Rule for AlphaBeta {
    type State = Bounded;
    const VIEW: View = View::Max;

    fn open(&self, player: Player, parent: Option<&Bounded>) -> Bounded {
        let window = parent.map_or(self.0.root_window, |p| p.window);
        let v = self.0.returns.initial_v(Self::VIEW, player, window);
        Bounded::new(player, v, window)
    }

    fn window(&self, state: &Bounded) -> Option<Window> {
        Some(state.entry)
    }

    fn absorb(&self, state: &mut Bounded, child: Returned) -> Absorbed {
        let value = child.value.to_f64();
        match state.player {
            Player::Min => minimise(&mut state.v, &mut state.window, value, self.0.strict),
            Player::Max | Player::Chance => {
                maximise(&mut state.v, &mut state.window, value, self.0.strict)
            }
        }
    }

    fn best(&self, state: &Bounded) -> Value {
        Value::decimal(state.v)
    }

    fn close(&self, state: &Bounded) -> (Value, ValueKind) {
        self.0.returned(state.entry, state.v)
    }
}
