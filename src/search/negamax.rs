//! Negamax: minimax with every value from the point of view of the player
//! to move, so every node maximises. A child's value is negated on the way
//! up, except where parent and child have the same player.

use super::engine::{Absorbed, Rule};
use super::{ValueKind, Window};
use crate::tree::Player;

/// The negamax rule.
pub(crate) struct Negamax;

/// A node's player and its best value so far, from its own point of view.
pub(crate) struct State {
    player: Player,
    v: f64,
}

/// A child's value seen from its parent: negated when the player changes.
pub(crate) fn seen_from(parent: Player, child_player: Player, child: f64) -> f64 {
    if parent == child_player { child } else { -child }
}

impl Rule for Negamax {
    type State = State;

    fn open(&self, player: Player, _parent: Option<&State>) -> State {
        State { player, v: f64::NEG_INFINITY }
    }

    fn window(&self, _state: &State) -> Option<Window> {
        None
    }

    fn leaf(&self, player: Player, max_value: f64) -> f64 {
        max_value * player.sign()
    }

    fn absorb(&self, state: &mut State, child: f64, child_player: Player) -> Absorbed {
        let child = seen_from(state.player, child_player, child);
        let improved = child > state.v;
        if improved {
            state.v = child;
        }
        Absorbed::plain(improved)
    }

    fn close(&self, state: &State) -> (f64, ValueKind) {
        (state.v, ValueKind::Exact)
    }
}
