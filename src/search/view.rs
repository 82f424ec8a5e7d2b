//! Points of view, and the conventions for what a node returns.
//!
//! The search computes in its algorithm's [`View`]; the trace may show the
//! negamax forms' values from the other side ([`NegamaxView::Moved`]), a
//! sink adapter that negates what nodes receive on their way out.

use std::ops::Neg;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::engine::Steps;
use super::{Absorption, Event, Flow};
use crate::bounds::Window;
use crate::tree::Player;

/// Whose point of view values are from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Always MAX's (minimax form).
    Max,
    /// The player to move at the node (negamax form).
    Mover,
    /// The player who moved into the node, for showing negamax values as
    /// some notes do (`--negamax-view moved`); no algorithm searches in it.
    Moved,
}

impl View {
    /// A child's value as its parent sees it: unchanged in MAX's view; in
    /// the mover's, negated where the player changes.
    pub fn seen_by<T: Neg<Output = T>>(self, value: T, child: Player, parent: Player) -> T {
        self.convert(self.convert(value, child), parent)
    }

    /// Whether a node where `player` moves minimises in this view (only
    /// MIN nodes in MAX's view); every other node maximises.
    pub fn minimises(self, player: Player) -> bool {
        self == View::Max && player == Player::Min
    }

    /// The best value a node where `player` moves starts from, before any
    /// child: the worst there is for it (`+inf` where it minimises).
    pub fn initial_v(self, player: Player) -> f64 {
        if self.minimises(player) { f64::INFINITY } else { f64::NEG_INFINITY }
    }

    /// Converts a value at a node moved by `player` between MAX's point of
    /// view and this one; the conversion is its own inverse.
    pub fn convert<T: Neg<Output = T>>(self, value: T, player: Player) -> T {
        let negates = match self {
            View::Max => false,
            View::Mover => player == Player::Min,
            View::Moved => player != Player::Min,
        };
        if negates { -value } else { value }
    }
}

/// `--negamax-view`: whose point of view the negamax forms show values from.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum NegamaxView {
    /// The player to move at the node (what negamax computes).
    #[default]
    ToMove,
    /// The player who moved into the node: each value negated.
    Moved,
}

/// What an alpha-beta node returns, the conventions courses differ in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Returns {
    /// Its best value, wherever it lies (fail-soft).
    #[default]
    FailSoft,
    /// Its best value clamped into the window it was entered with (fail-hard).
    FailHard,
    /// Its best value, starting from its alpha (MAX) or its beta (MIN):
    /// never worse than that bound, not clamped on the other side (Knuth
    /// and Moore's F2).
    StartAtBound,
}

impl Returns {
    /// The `v` a node where `player` moves, entered with `window`, starts
    /// from: the worst value for it in `view`, or under `--start-at-bound`
    /// its alpha (where it maximises) or beta (where it minimises).
    pub fn initial_v(self, view: View, player: Player, window: Window) -> f64 {
        match self {
            Returns::StartAtBound if view.minimises(player) => window.beta,
            Returns::StartAtBound => window.alpha,
            _ => view.initial_v(player),
        }
    }

    /// `fail-soft`, `fail-hard` or `start-at-bound`, as headers name it.
    pub fn name(self) -> &'static str {
        match self {
            Returns::FailSoft => "fail-soft",
            Returns::FailHard => "fail-hard",
            Returns::StartAtBound => "start-at-bound",
        }
    }
}

/// Passes a search's events on with every value a node receives negated:
/// from the point of view of the side that moved into the node. Windows,
/// bound updates and cutoff tests stay the searching node's own.
pub(crate) struct MovedView<'s>(pub &'s mut dyn Steps);

impl Steps for MovedView<'_> {
    fn event(&mut self, event: &Event<'_>) -> Flow {
        match *event {
            Event::Leaf { node, value } => self.0.event(&Event::Leaf { node, value: -value }),
            Event::Value { node, value, kind } => {
                self.0.event(&Event::Value { node, value: -value, kind: kind.flipped() })
            }
            Event::Recall { node, value, kind } => {
                self.0.event(&Event::Recall { node, value: -value, kind: kind.flipped() })
            }
            _ => self.0.event(event),
        }
    }

    fn absorbed(&mut self, absorption: &Absorption) -> Flow {
        self.0.absorbed(absorption)
    }

    fn takes_steps(&self) -> bool {
        self.0.takes_steps()
    }
}
