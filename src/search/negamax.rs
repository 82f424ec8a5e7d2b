//! Negamax: minimax with every value from the point of view of the player
//! to move, so every node maximises. A child's value is negated on the way
//! up, except where parent and child have the same player.

use super::View;
use super::algorithm::{About, Algorithm, Preset};
use super::engine::{self, Absorbed, Best, Returned, Rule};
use crate::bounds::{ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The negamax rule; with a value range, a node stops once it has the
/// best value its player can get.
pub(crate) struct Negamax(pub Option<Window>);

impl Algorithm {
    /// `--algo negamax`.
    pub const NEGAMAX: Algorithm = Algorithm(&About {
        ..About::plain(
            "negamax",
            "Minimax with every value from the point of view of the player to move",
            View::Mover,
            &[("negamax", Preset::Plain)],
            |tree, options, sink| engine::walk(tree, &Negamax(options.value_range), options, sink),
        )
    });
}

impl Rule for Negamax {
    type State = Best;
    const VIEW: View = View::Mover;

    fn open(&self, player: Player, _parent: Option<&Best>) -> Best {
        Best { player, v: Value::decimal(Self::VIEW.initial_v(player)) }
    }

    fn window(&self, _state: &Best) -> Option<Window> {
        None
    }

    fn absorb(&self, state: &mut Best, child: Returned) -> Absorbed {
        let child = Self::VIEW.seen_by(child.value, child.player, state.player);
        let improved = child > state.v;
        if improved {
            state.v = child;
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
