//! Minimax: MAX nodes take the largest child value, MIN nodes the smallest.
//! Values are from MAX's point of view throughout.

use super::engine::{Absorbed, Rule};
use super::{ValueKind, Window};
use crate::tree::Player;

/// The minimax rule.
pub(crate) struct Minimax;

/// A node's player and its best value so far.
pub(crate) struct State {
    player: Player,
    v: f64,
}

impl Rule for Minimax {
    type State = State;

    fn open(&self, player: Player, _parent: Option<&State>) -> State {
        let v = match player {
            Player::Max => f64::NEG_INFINITY,
            Player::Min => f64::INFINITY,
        };
        State { player, v }
    }

    fn window(&self, _state: &State) -> Option<Window> {
        None
    }

    fn leaf(&self, _player: Player, max_value: f64) -> f64 {
        max_value
    }

    fn absorb(&self, state: &mut State, child: f64, _child_player: Player) -> Absorbed {
        let improved = match state.player {
            Player::Max => child > state.v,
            Player::Min => child < state.v,
        };
        if improved {
            state.v = child;
        }
        Absorbed::plain(improved)
    }

    fn close(&self, state: &State) -> (f64, ValueKind) {
        (state.v, ValueKind::Exact)
    }
}
