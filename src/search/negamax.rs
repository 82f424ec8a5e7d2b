//! Negamax: minimax with every value from the point of view of the player
//! to move, so every node maximises. A child's value is negated on the way
//! up, except where parent and child have the same player.

use super::engine::{Absorbed, Best, Rule};
use super::{ValueKind, Window};
use crate::tree::Player;

/// The negamax rule.
pub(crate) struct Negamax;

/// A child's value seen from its parent: negated when the player changes.
pub(crate) fn seen_from(parent: Player, child_player: Player, child: f64) -> f64 {
    if parent == child_player { child } else { -child }
}

impl Rule for Negamax {
    type State = Best;

    fn open(&self, player: Player, _parent: Option<&Best>) -> Best {
        Best { player, v: f64::NEG_INFINITY }
    }

    fn window(&self, _state: &Best) -> Option<Window> {
        None
    }

    fn leaf(&self, player: Player, max_value: f64) -> f64 {
        max_value * player.sign()
    }

    fn absorb(&self, state: &mut Best, child: f64, child_player: Player) -> Absorbed {
        let child = seen_from(state.player, child_player, child);
        let improved = child > state.v;
        if improved {
            state.v = child;
        }
        Absorbed::plain(improved)
    }

    fn close(&self, state: &Best) -> (f64, ValueKind) {
        (state.v, ValueKind::Exact)
    }
}
