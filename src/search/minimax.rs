//! Minimax: MAX nodes take the largest child value, MIN nodes the smallest.
//! Values are from MAX's point of view throughout.

use super::engine::{Absorbed, Best, Returned, Rule};
use super::{ValueKind, View, Window};
use crate::tree::Player;

/// The minimax rule; with a value range, a node stops once it has the
/// best value its player can get (the lecture's variant B).
pub(crate) struct Minimax(pub Option<Window>);

impl Rule for Minimax {
    type State = Best;
    const VIEW: View = View::Max;

    fn open(&self, player: Player, _parent: Option<&Best>) -> Best {
        Best { player, v: Self::VIEW.initial_v(player) }
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
        let cutoff = super::best_possible(self.0, Self::VIEW, state.player, state.v);
        Absorbed { cutoff, ..Absorbed::plain(improved) }
    }

    fn close(&self, state: &Best) -> (f64, ValueKind) {
        (state.v, ValueKind::Exact)
    }
}
