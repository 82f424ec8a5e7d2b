//! Principal-variation search (NegaScout) in minimax form.
//!
//! A node searches its first child with its whole window, expecting it to
//! be the best. Each later child is only asked whether it is better, with
//! a null window just above alpha (MAX) or just below beta (MIN): a value
//! on the wrong side of it proves the child no better. A child that proves
//! better, yet not enough for a cutoff, is searched again with the window
//! (its value, beta) for MAX, (alpha, its value) for MIN; a leaf's value
//! is exact, so a leaf is never searched again.
//!
//! Values are real numbers, so the null window is (alpha, the next number
//! above alpha): the textbook's (alpha, alpha + 1) for integers.

use super::algorithm::{About, Algorithm, Preset, Windows};
use super::engine::{self, Absorbed, Returned, Rule};
use super::window::{Bounded, Pruning, maximise, minimise};
use super::{Returns, View};
use crate::bounds::{Bound, ValueKind, Window};
use crate::num::Value;
use crate::tree::Player;

/// The PVS rule, minimax form, fail-soft.
pub(crate) struct Pvs(pub Pruning);

/// A node's alpha-beta state, and how its next child is searched.
pub(crate) struct Scouting {
    bounded: Bounded,
    next: Probe,
}

/// The window a node gives the child it searches next.
#[derive(Clone, Copy, PartialEq)]
enum Probe {
    /// Its own window: the first child, or a child searched again.
    Whole,
    /// A null window at alpha (MAX) or beta (MIN).
    Null,
}

impl Scouting {
    fn child_window(&self) -> Window {
        let Window { alpha, beta } = self.bounded.window;
        match (self.next, self.bounded.player) {
            (Probe::Whole, _) => self.bounded.window,
            (Probe::Null, Player::Min) => Window { alpha: beta.next_down(), beta },
            (Probe::Null, Player::Max | Player::Chance) => Window { alpha, beta: alpha.next_up() },
        }
    }
}

impl Algorithm {
    /// `--algo pvs`.
    pub const PVS: Algorithm = Algorithm(&About {
        window: Windows::Root { null: true },
        ..About::plain(
            "pvs",
            "Principal-variation search (NegaScout): the first child with the whole window, the others with a null window, searched again when they turn out better",
            View::Max,
            &[("pvs", Preset::NullWindow)],
            |tree, options, sink| {
                // A null window needs fail-soft values and cutoffs on equality.
                let pruning =
                    Pruning { strict: false, returns: Returns::FailSoft, ..Pruning::new(options) };
                engine::walk(tree, &Pvs(pruning), options, sink)
            },
        )
    });
}

impl Rule for Pvs {
    type State = Scouting;
    const VIEW: View = View::Max;

    fn open(&self, player: Player, parent: Option<&Scouting>) -> Scouting {
        let window = parent.map_or(self.0.root_window, Scouting::child_window);
        let v = Self::VIEW.initial_v(player);
        Scouting { bounded: Bounded::new(player, v, window), next: Probe::Whole }
    }

    fn window(&self, state: &Scouting) -> Option<Window> {
        Some(state.bounded.entry)
    }

    fn absorb(&self, state: &mut Scouting, child: Returned) -> Absorbed {
        let Bounded { player, v, window, .. } = &mut state.bounded;
        let value = child.value.to_f64();
        let inside = window.alpha < value && value < window.beta;
        // A probe that proved the child better, with only a bound (a
        // leaf's value is exact): search it again, the value its new bound.
        if state.next == Probe::Null && inside && child.kind != ValueKind::Exact {
            let bound = if *player == Player::Min { Bound::Beta } else { Bound::Alpha };
            window.set(bound, value);
            state.next = Probe::Whole;
            return Absorbed {
                update: Some((bound, value)),
                research: true,
                ..Absorbed::plain(false)
            };
        }
        state.next = Probe::Null;
        match player {
            Player::Min => minimise(v, window, value, false),
            Player::Max | Player::Chance => maximise(v, window, value, false),
        }
    }

    fn best(&self, state: &Scouting) -> Value {
        Value::decimal(state.bounded.v)
    }

    fn close(&self, state: &Scouting) -> (Value, ValueKind) {
        self.0.returned(state.bounded.entry, state.bounded.v)
    }
}
