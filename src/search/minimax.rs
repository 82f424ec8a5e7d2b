//! Minimax: MAX nodes take the largest child value, MIN nodes the smallest.
//! Values are from MAX's point of view throughout.

use super::View;
use super::algorithm::{About, Algorithm, Preset};
use super::engine::{self, Absorbed, Best, Returned, Rule};
use crate::bounds::{ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The minimax rule; with a value range, a node stops once it has the
/// best value its player can get (the lecture's variant B).
pub(crate) struct Minimax(pub Option<Window>);

impl Algorithm {
    /// `--algo minimax`.
    pub const MINIMAX: Algorithm = Algorithm(&About {
        ..About::plain(
            "minimax",
            "MAX nodes take the largest child value, MIN nodes the smallest",
            View::Max,
            &[("minimax", Preset::Plain)],
            |tree, options, sink| engine::walk(tree, &Minimax(options.value_range), options, sink),
        )
    });
}

impl Rule for Minimax {
    type State = Best;
    const VIEW: View = View::Max;

    fn open(&self, player: Player, _parent: Option<&Best>) -> Best {
        Best { player, v: Value::decimal(Self::VIEW.initial_v(player)) }
    }

    fn window(&self, _state: &Best) -> Option<Window> {
        None
    }

    fn absorb(&self, state: &mut Best, child: Returned) -> Absorbed {
        let improved = match state.player {
            Player::Min => child.value < state.v,
            Player::Max | Player::Chance => child.value > state.v,
        };
        if improved {
            state.v = child.value;
        }
        let cutoff = super::best_possible(self.0, Self::VIEW, state.player, state.v.to_f64());
        Absorbed { cutoff, ..Absorbed::plain(improved) }
    }

    fn best(&self, state: &Best) -> Value {
        state.v
    }

    fn close(&self, state: &Best) -> (Value, ValueKind) {
        (state.v, ValueKind::Exact)
    }
}
