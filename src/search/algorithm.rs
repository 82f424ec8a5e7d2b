//! The algorithms `--algo` names, and what each one is: its point of
//! view, whether it prunes, which conventions it takes, which trees it can
//! search.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{NegamaxView, Options, View};
use crate::tree::Tree;

/// The algorithms, as `--algo` names them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// MAX nodes take the largest child value, MIN nodes the smallest.
    Minimax,
    /// Minimax with every value from the point of view of the player to move.
    Negamax,
    /// Minimax with alpha-beta pruning (minimax form, fail-soft by default).
    Alphabeta,
    /// Alpha-beta in negamax form: child window (-beta, -alpha).
    NegamaxAlphabeta,
    /// Knuth and Moore's F1, the lecture's "partial evaluation": negamax
    /// with one bound w (shallow cutoffs only).
    Shallow,
    /// Minimax with chance nodes, which take the probability-weighted
    /// average of their children's values (expectiminimax).
    Expectimax,
    /// Principal-variation search (NegaScout): the first child with the
    /// whole window, the others with a null window, searched again when
    /// they turn out better.
    Pvs,
    /// MTD(f): null-window alpha-beta passes from the guess `--guess`,
    /// with a memory of the bounds each pass proves, until they meet.
    Mtdf,
    /// SSS* as MTD(+inf): the passes start from the best value the root's
    /// player could hope for, and never evaluate a leaf alpha-beta skips.
    Sss,
    /// Iterative deepening: alpha-beta to depth 1, 2, ..., each iteration
    /// searching children best first by the previous one's values.
    IdAlphabeta,
}

impl Algorithm {
    /// Every algorithm, in the order tables list them.
    pub const ALL: [Algorithm; 10] = [
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::Alphabeta,
        Algorithm::NegamaxAlphabeta,
        Algorithm::Shallow,
        Algorithm::Expectimax,
        Algorithm::Pvs,
        Algorithm::Mtdf,
        Algorithm::Sss,
        Algorithm::IdAlphabeta,
    ];

    /// The name `--algo` takes.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::Alphabeta => "alphabeta",
            Algorithm::NegamaxAlphabeta => "negamax-alphabeta",
            Algorithm::Shallow => "shallow",
            Algorithm::Expectimax => "expectimax",
            Algorithm::Pvs => "pvs",
            Algorithm::Mtdf => "mtdf",
            Algorithm::Sss => "sss",
            Algorithm::IdAlphabeta => "id-alphabeta",
        }
    }

    /// Whether the algorithm can search `tree` under default options:
    /// whatever [`check`](super::check) refuses (chance nodes for all but
    /// expectimax, iterative deepening without static values), it cannot.
    pub fn searches(self, tree: &Tree) -> bool {
        super::check(tree, self, &super::Options::default()).is_ok()
    }

    /// Whether the trace shows a window at each node: the alpha-beta
    /// algorithms', or F1's bound w as beta.
    pub fn has_window(self) -> bool {
        self.prunes() || matches!(self, Algorithm::Shallow | Algorithm::Mtdf | Algorithm::Sss)
    }

    /// Whether the algorithm prunes with an alpha-beta window that starts
    /// at the root's (`--alpha`, `--beta`).
    pub fn prunes(self) -> bool {
        matches!(
            self,
            Algorithm::Alphabeta
                | Algorithm::NegamaxAlphabeta
                | Algorithm::Pvs
                | Algorithm::IdAlphabeta
        )
    }

    /// Whether the algorithm takes the conventions of alpha-beta (`--strict`,
    /// `--fail-hard`, `--start-at-bound`). The null-window searches do
    /// not: a null window asks "better or not?" only with fail-soft values
    /// and cutoffs on equality.
    pub fn has_conventions(self) -> bool {
        matches!(self, Algorithm::Alphabeta | Algorithm::NegamaxAlphabeta | Algorithm::IdAlphabeta)
    }

    /// Whose point of view the algorithm's values are from.
    pub fn view(self) -> View {
        match self {
            Algorithm::Minimax
            | Algorithm::Alphabeta
            | Algorithm::Expectimax
            | Algorithm::Pvs
            | Algorithm::Mtdf
            | Algorithm::Sss
            | Algorithm::IdAlphabeta => View::Max,
            Algorithm::Negamax | Algorithm::NegamaxAlphabeta | Algorithm::Shallow => View::Mover,
        }
    }

    /// Whose point of view the trace shows values from: the algorithm's,
    /// or for the negamax forms with `--negamax-view moved` the side that
    /// moved into the node.
    pub fn shown_view(self, options: &Options) -> View {
        match (self.view(), options.negamax_view) {
            (View::Mover, NegamaxView::Moved) => View::Moved,
            (view, _) => view,
        }
    }
}
