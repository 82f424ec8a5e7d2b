//! Expectimax (AIMA's expectiminimax): MAX and MIN nodes as in minimax,
//! and a chance node takes the average of its children's values weighted
//! by their probabilities. Values are from MAX's point of view throughout.

use super::View;
use super::algorithm::{About, Algorithm, Preset, Windows};
use super::engine::{self, Absorbed, Best, Returned, Rule};
use super::minimax::Minimax;
use crate::bounds::{ValueKind, Window};
use crate::tree::Player;

/// The expectimax rule: minimax's, with a value range too, plus chance nodes.
pub(crate) struct Expectimax(pub Minimax);

impl Algorithm {
    /// `--algo expectimax`.
    pub const EXPECTIMAX: Algorithm = Algorithm(&About {
        name: "expectimax",
        summary: "Minimax with chance nodes, which take the probability-weighted average of their children's values (expectiminimax)",
        view: View::Max,
        window: Windows::None,
        conventions: false,
        chance: true,
        deepens: false,
        guesses: false,
        compare: &[("expectimax", Preset::Plain)],
        search: |tree, options, sink| {
            let rule = Expectimax(Minimax(options.value_range));
            engine::walk(tree, &rule, options, sink)
        },
    });
}

impl Rule for Expectimax {
    type State = Best;
    const VIEW: View = View::Max;

    /// A chance node starts its weighted sum at 0.
    fn open(&self, player: Player, parent: Option<&Best>) -> Best {
        match player {
            Player::Chance => Best { player, v: 0.0 },
            _ => self.0.open(player, parent),
        }
    }

    fn window(&self, _state: &Best) -> Option<Window> {
        None
    }

    /// A child of a chance node adds its value times its probability.
    /// (Values are finite in a tree with chance nodes, so a child that
    /// never happens adds 0.)
    fn absorb(&self, state: &mut Best, child: Returned) -> Absorbed {
        if state.player != Player::Chance {
            return self.0.absorb(state, child);
        }
        let probability = child.probability.expect("a chance node's children have probabilities");
        state.v += probability * child.value;
        Absorbed::plain(false)
    }

    fn best(&self, state: &Best) -> f64 {
        state.v
    }

    fn close(&self, state: &Best) -> (f64, ValueKind) {
        (state.v, ValueKind::Exact)
    }
}
