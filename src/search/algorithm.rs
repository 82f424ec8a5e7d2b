//! The algorithms `--algo` names. Each algorithm's file says what it is,
//! beside its rule, in one [`About`] (its name, point of view, window,
//! the conventions it takes, its rows in `compare`, how it searches), as
//! an [`Algorithm`] constant; [`Algorithm::ALL`] registers them. A new
//! algorithm is one file and one line there.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer, de};

use super::engine::{Steps, Stopped};
use super::{NegamaxView, Options, Outcome, View};
use crate::tree::Tree;

/// An algorithm, as `--algo` names it: a reference to what it is.
#[derive(Clone, Copy)]
pub struct Algorithm(pub(crate) &'static About);

/// What an algorithm is.
pub struct About {
    /// The name `--algo` takes.
    pub name: &'static str,
    /// One line for `--help`, without a full stop.
    pub summary: &'static str,
    /// Whose point of view its values are from.
    pub view: View,
    /// The window it searches with.
    pub window: Windows,
    /// Whether it takes the conventions of alpha-beta (`--strict`,
    /// `--fail-hard`, `--start-at-bound`).
    pub conventions: bool,
    /// Whether it searches chance nodes (and only then is it compared).
    pub chance: bool,
    /// Whether it searches to depth 1, 2, ... in turn, so that every inner
    /// node at each of those depths needs a static value.
    pub deepens: bool,
    /// Whether it starts from a guess at the root's value (`--guess`).
    pub guesses: bool,
    /// Its rows in `compare`: a name and the settings of the row.
    pub compare: &'static [(&'static str, Preset)],
    /// Searches a tree, pushing its steps into a sink.
    pub(crate) search: fn(&Tree, &Options, &mut dyn Steps) -> Result<Outcome, Stopped>,
}

impl About {
    /// An algorithm with no window, no conventions and no chance nodes,
    /// searching once, without a guess; its description sets what differs.
    pub(crate) const fn plain(
        name: &'static str,
        summary: &'static str,
        view: View,
        compare: &'static [(&'static str, Preset)],
        search: fn(&Tree, &Options, &mut dyn Steps) -> Result<Outcome, Stopped>,
    ) -> About {
        About {
            name,
            summary,
            view,
            window: Windows::None,
            conventions: false,
            chance: false,
            deepens: false,
            guesses: false,
            compare,
            search,
        }
    }
}

/// The window an algorithm searches with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Windows {
    /// None: every child is searched.
    None,
    /// F1's one bound, which the trace shows as beta.
    Bound,
    /// A null window of its own for each pass over the tree (MTD(f), SSS*).
    Passes,
    /// Alpha-beta's, starting at the root's window (`--alpha`, `--beta`);
    /// `null` for principal-variation search, whose later children get null
    /// windows, which need fail-soft values and cutoffs on equality.
    Root { null: bool },
}

/// The settings of a row of `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// The depth limit and value range alone.
    Plain,
    /// And the root window and `--strict`.
    Window,
    /// And fail-hard values.
    FailHard,
    /// And the root window, cutting on equality.
    NullWindow,
}

impl Algorithm {
    /// Every algorithm, in the order tables list them: the registry.
    pub const ALL: [Algorithm; 10] = [
        Algorithm::MINIMAX,
        Algorithm::NEGAMAX,
        Algorithm::ALPHABETA,
        Algorithm::NEGAMAX_ALPHABETA,
        Algorithm::SHALLOW,
        Algorithm::EXPECTIMAX,
        Algorithm::PVS,
        Algorithm::MTDF,
        Algorithm::SSS,
        Algorithm::ID_ALPHABETA,
    ];

    /// The algorithm `--algo NAME` names.
    pub fn named(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|algorithm| algorithm.name() == name)
    }

    /// What the algorithm is.
    pub fn about(self) -> &'static About {
        self.0
    }

    /// The name `--algo` takes.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// Whether the algorithm can search `tree` under default options:
    /// whatever [`check`](super::check) refuses (chance nodes for all but
    /// expectimax, iterative deepening without static values), it cannot.
    pub fn searches(self, tree: &Tree) -> bool {
        super::check(tree, self, &Options::default()).is_ok()
    }

    /// Whether the trace shows a window at each node.
    pub fn has_window(self) -> bool {
        self.0.window != Windows::None
    }

    /// Whether the algorithm prunes with an alpha-beta window that starts
    /// at the root's (`--alpha`, `--beta`).
    pub fn prunes(self) -> bool {
        matches!(self.0.window, Windows::Root { .. })
    }

    /// Whose point of view the algorithm's values are from.
    pub fn view(self) -> View {
        self.0.view
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

impl PartialEq for Algorithm {
    fn eq(&self, other: &Algorithm) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Algorithm {}

impl fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl clap::ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Algorithm] {
        &Algorithm::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()).help(self.0.summary))
    }
}

/// In the JSON trace, as on the command line: `"negamax-alphabeta"`.
impl Serialize for Algorithm {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Algorithm {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Algorithm, D::Error> {
        let name = <Cow<'de, str>>::deserialize(deserializer)?;
        Algorithm::named(&name).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            de::Error::custom(format!("unknown algorithm {name:?}, expected one of {names:?}"))
        })
    }
}

impl JsonSchema for Algorithm {
    fn schema_name() -> Cow<'static, str> {
        "Algorithm".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let variant = |a: &Algorithm| {
            let description = format!("{}.", a.0.summary);
            serde_json::json!({"description": description, "type": "string", "const": a.name()})
        };
        let variants: Vec<serde_json::Value> = Algorithm::ALL.iter().map(variant).collect();
        json_schema!({"description": "The algorithms, as `--algo` names them.", "oneOf": variants})
    }
}
