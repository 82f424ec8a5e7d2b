//! Expectimax (AIMA's expectiminimax): MAX and MIN nodes as in minimax,
//! and a chance node takes the average of its children's values weighted
//! by their probabilities. Values are from MAX's point of view throughout.

use super::View;
use std::cell::Cell;

use super::algorithm::{About, Algorithm, Preset};
use super::engine::{self, Absorbed, Best, Returned, Rule};
use super::minimax::Minimax;
use crate::bounds::{ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The expectimax rule: minimax's, with a value range too, plus chance
/// nodes; it notes whether an average was beyond exact arithmetic.
pub(crate) struct Expectimax(pub Minimax, pub Cell<bool>);

impl Algorithm {
    /// `--algo expectimax`.
    pub const EXPECTIMAX: Algorithm = Algorithm(&About {
        chance: true,
        ..About::plain(
            "expectimax",
            "Minimax with chance nodes, which take the probability-weighted average of their children's values (expectiminimax)",
            View::Max,
            &[("expectimax", Preset::Plain)],
            |tree, options, sink| {
                let rule = Expectimax(Minimax(options.value_range), Cell::new(false));
                engine::walk(tree, &rule, options, sink)
            },
        )
    });
}

impl Rule for Expectimax {
    type State = Best;
    const VIEW: View = View::Max;

    /// A chance node starts its weighted sum at 0.
    fn open(&self, player: Player, parent: Option<&Best>) -> Best {
        match player {
            Player::Chance => Best { player, v: Value::decimal(0.0) },
            _ => self.0.open(player, parent),
        }
    }

    fn window(&self, _state: &Best) -> Option<Window> {
        None
    }

    /// A child of a chance node adds its value times its probability,
    /// exactly. (Values are finite in a tree with chance nodes, so a child
    /// that never happens adds 0.) Where 64-bit fractions cannot hold the
    /// sum, the doubles' sum stands in and the rule notes it: the search's
    /// check runs the rule first and refuses such a tree.
    fn absorb(&self, state: &mut Best, child: Returned) -> Absorbed {
        if state.player != Player::Chance {
            return self.0.absorb(state, child);
        }
        let probability = child.probability.unwrap_or(Value::decimal(0.0));
        state.v = child.value.weighted(probability, state.v).unwrap_or_else(|| {
            self.1.set(true);
            Value::decimal(state.v.to_f64() + probability.to_f64() * child.value.to_f64())
        });
        Absorbed::plain(false)
    }

    fn best(&self, state: &Best) -> Value {
        state.v
    }

    fn close(&self, state: &Best) -> (Value, ValueKind) {
        (state.v, ValueKind::Exact)
    }
}
