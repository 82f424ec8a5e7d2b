//! [`Settings`]: what a run searches and how, made once from the command
//! line (or a JSON trace's record) and handed to everything that searches,
//! draws or grades: the algorithm, the search's options, and the order the
//! tree's children were put in before the search.

use crate::bounds::Window;
use crate::num::Num;
use crate::order::{self, Order};
use crate::search::{Algorithm, NegamaxView, Options, Returns, SearchError, View, Windows};
use crate::tree::Tree;

/// What a run searches and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub algorithm: Algorithm,
    pub options: Options,
    /// How the tree's children are ordered before the search
    /// ([`arrange`](Settings::arrange)); the search takes the tree as it is
    /// given, and traces record this.
    pub order: Order,
}

impl Settings {
    /// `algorithm` with the default options, on the tree as given.
    pub fn of(algorithm: Algorithm) -> Settings {
        Settings { algorithm, options: Options::default(), order: Order::Given }
    }

    /// `tree` with its children in this run's order (best- and worst-first
    /// rank them by their minimax values under the depth limit).
    pub fn arrange(&self, tree: Tree) -> Result<Tree, SearchError> {
        order::arrange(tree, self.order, self.options.depth_limit)
    }
}

/// Settings as asked for, on the command line or by a JSON trace's record:
/// `None` (and `false`) where nothing was asked, for a default to fill.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Requested {
    pub algorithm: Option<Algorithm>,
    pub alpha: Option<f64>,
    pub beta: Option<f64>,
    pub strict: bool,
    pub returns: Option<Returns>,
    pub negamax_view: Option<NegamaxView>,
    pub depth: Option<u32>,
    pub order: Option<Order>,
    pub value_range: Option<Window>,
    pub guess: Option<f64>,
    pub transpositions: bool,
}

/// Why asked-for settings do not fit together, in the command line's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

impl Requested {
    /// The settings for `tree`: without an algorithm asked for, the search
    /// the file asks for (a CS188 test's `alg`, with its strict pruning),
    /// else expectimax on a tree with chance nodes, else minimax.
    pub fn resolve_for(&self, tree: &Tree) -> Result<Settings, Refused> {
        let suggested = tree.suggested().filter(|_| self.algorithm.is_none());
        let fallback = match tree.first_chance_node() {
            None => Algorithm::MINIMAX,
            Some(_) => Algorithm::EXPECTIMAX,
        };
        let default = suggested.and_then(|s| Algorithm::named(s.algorithm)).unwrap_or(fallback);
        let mut settings = self.resolve(default)?;
        settings.options.strict |= suggested.is_some_and(|s| s.strict);
        Ok(settings)
    }

    /// The settings, with `default` where no algorithm is asked for,
    /// checked to fit together.
    pub fn resolve(&self, default: Algorithm) -> Result<Settings, Refused> {
        let algorithm = self.algorithm.unwrap_or(default);
        self.check_fit(algorithm)?;
        let window = match self.value_range {
            Some(range) if algorithm.prunes() => range,
            _ => self.window()?,
        };
        let options = Options {
            window,
            strict: self.strict,
            returns: self.returns.unwrap_or_default(),
            negamax_view: self.negamax_view.unwrap_or_default(),
            depth_limit: self.depth,
            value_range: self.value_range,
            guess: self.guess.unwrap_or_default(),
            transpositions: self.transpositions,
        };
        Ok(Settings { algorithm, options, order: self.order.unwrap_or_default() })
    }

    /// The root window asked for, checked to be non-empty.
    pub fn window(&self) -> Result<Window, Refused> {
        let alpha = self.alpha.unwrap_or(f64::NEG_INFINITY);
        let beta = self.beta.unwrap_or(f64::INFINITY);
        if alpha >= beta {
            let (alpha, beta) = (Num(alpha), Num(beta));
            return Err(Refused(format!("--alpha ({alpha}) must be less than --beta ({beta})")));
        }
        Ok(Window { alpha, beta })
    }

    /// Refuses what `algorithm` has no use for.
    fn check_fit(&self, algorithm: Algorithm) -> Result<(), Refused> {
        let about = algorithm.about();
        let returns = self.returns.filter(|&returns| returns != Returns::FailSoft);
        let conventions = [
            (self.strict, "--strict"),
            (returns == Some(Returns::FailHard), "--fail-hard"),
            (returns == Some(Returns::StartAtBound), "--start-at-bound"),
        ];
        let window = [(self.alpha.is_some(), "--alpha"), (self.beta.is_some(), "--beta")];
        let refused = match (algorithm.prunes(), about.conventions) {
            (_, true) => None,
            (true, false) => first_given(&conventions),
            (false, false) => first_given(&conventions).or(first_given(&window)),
        };
        if let Some(flag) = refused {
            let name = algorithm.name();
            let by_window = flag.ends_with("alpha") || flag.ends_with("beta");
            let why = match about.window {
                Windows::Passes if by_window => {
                    format!("--algo {name} sets the window of each pass itself")
                }
                Windows::Passes | Windows::Root { null: true } => format!(
                    "--algo {name} searches with null windows, which need fail-soft values and cutoffs on equality"
                ),
                _ => "use --algo alphabeta or --algo negamax-alphabeta".to_string(),
            };
            return Err(Refused(format!("{flag} applies only to alpha-beta; {why}")));
        }
        if self.guess.is_some() && !about.guesses {
            return Err(Refused("--guess applies only to --algo mtdf".into()));
        }
        if algorithm.view() != View::Mover && self.negamax_view.is_some() {
            return Err(Refused(
                "--negamax-view applies only to the negamax forms; use --algo negamax, negamax-alphabeta or shallow".into(),
            ));
        }
        Ok(())
    }
}

/// The first flag of `flags` that was given.
pub fn first_given(flags: &[(bool, &'static str)]) -> Option<&'static str> {
    flags.iter().find(|(given, _)| *given).map(|(_, flag)| *flag)
}
