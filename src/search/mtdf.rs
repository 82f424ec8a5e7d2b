//! MTD(f) (Plaat, Schaeffer, Pijls and de Bruin): the root's value found
//! by a sequence of null-window alpha-beta passes, each asking "is the
//! value at least beta?", with a [`Memory`] of the bounds earlier passes
//! proved, so that no pass searches again what an earlier one decided.
//!
//! ```text
//! g = guess; lower = -inf; upper = +inf
//! while lower < upper:
//!     beta = max(g, lower⁺)            # x⁺: the next number above x
//!     g = alphabeta_with_memory(root, beta⁻, beta)
//!     if g < beta: upper = g  else: lower = g
//! ```
//!
//! SSS* is the same search from the best value the root's player could
//! hope for (MTD(+inf) for MAX): Plaat et al. show it evaluates exactly
//! Stockman's SSS* leaves.

use super::algorithm::{About, Algorithm, Preset, Windows};
use super::alphabeta::AlphaBeta;
use super::engine::{Engine, Pass, Steps, Stopped};
use super::memory::Memory;
use super::window::Pruning;
use super::{Event, Options, Outcome, Returns, View};
use crate::bounds::{ValueKind, Window};
use crate::tree::{Player, Tree};

impl Algorithm {
    /// `--algo mtdf`.
    pub const MTDF: Algorithm = Algorithm(&About {
        window: Windows::Passes,
        guesses: true,
        ..About::plain(
            "mtdf",
            "MTD(f): null-window alpha-beta passes from the guess `--guess`, with a memory of the bounds each pass proves, until they meet",
            View::Max,
            &[("mtdf", Preset::Plain)],
            |tree, options, sink| search(tree, options.guess, options, sink),
        )
    });

    /// `--algo sss`.
    pub const SSS: Algorithm = Algorithm(&About {
        window: Windows::Passes,
        ..About::plain(
            "sss",
            "SSS* as MTD(+inf): the passes start from the best value the root's player could hope for, and never evaluate a leaf alpha-beta skips",
            View::Max,
            &[("sss", Preset::Plain)],
            |tree, options, sink| search(tree, hope(tree), options, sink),
        )
    });
}

/// The best value the root's player could hope for: where SSS* starts.
fn hope(tree: &Tree) -> f64 {
    match tree.player(tree.root()) {
        Player::Min => f64::NEG_INFINITY,
        Player::Max | Player::Chance => f64::INFINITY,
    }
}

/// Searches `tree` by MTD(f) from `guess` (MAX's point of view), nodes at
/// the depth limit evaluated statically; the memory is a transposition
/// table with `--transpositions`.
fn search(
    tree: &Tree,
    guess: f64,
    options: &Options,
    sink: &mut dyn Steps,
) -> Result<Outcome, Stopped> {
    let mut engine = Engine::new(tree, options, sink);
    engine.memory = Some(Memory::new(tree, options.transpositions));
    let (mut lower, mut upper) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut g = guess;
    let root_maximises = tree.player(tree.root()) != Player::Min;
    // The best children after the last pass that proved a bound good for
    // the root's player: its best move reaches the value.
    let mut proof: Option<Vec<u32>> = None;
    while lower < upper {
        let beta = g.max(lower.next_up());
        let window = Window { alpha: beta.next_down(), beta };
        engine.stats.passes += 1;
        let number = engine.stats.passes as u32;
        engine.emit(&Event::Pass { node: tree.root(), number, window, depth_limit: None })?;
        let rule =
            AlphaBeta(Pruning { root_window: window, strict: false, returns: Returns::FailSoft });
        let pass = engine.pass(&rule, options.depth_limit)?;
        g = pass.value.to_f64();
        let failed_high = g >= beta;
        if failed_high {
            lower = g;
        } else {
            upper = g;
        }
        if failed_high == root_maximises {
            proof = Some(engine.best_children().to_vec());
        }
    }
    // The value is exact once the bounds meet. Without such a pass every
    // move is as bad as can be, and the last pass's first one will do.
    let pass = Pass { value: g.into(), kind: ValueKind::Exact };
    let best_child = proof.as_deref().unwrap_or(engine.best_children());
    Ok(engine.outcome(pass, View::Max, best_child))
}
