//! `gametree compare`: every algorithm on one tree, and how much work each
//! one saves over plain minimax.
//!
//! The last row, `alphabeta-best-order`, runs alpha-beta on the same tree
//! with every node's children reordered best-first by their minimax values:
//! Knuth and Moore's minimal tree, up to ties among equal values.

use crate::bounds::{ValueKind, Window};
use crate::num::Value;
use crate::order::{self, Order};
use crate::search::{self, Algorithm, Discard, Options, Preset, Returns, SearchError, Stats};
use crate::tree::Tree;

/// One algorithm's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub algorithm: &'static str,
    /// The root's value from MAX's point of view.
    pub value: Value,
    /// Whether `value` is only a bound (the root failed in a narrowed window).
    pub kind: ValueKind,
    pub best_move: Option<String>,
    pub stats: Stats,
    /// Why the algorithm could not search the tree, when it could not
    /// (iterative deepening without static values); the rest is then empty.
    pub skipped: Option<String>,
}

impl Row {
    /// A row of `algorithm` with nothing in it yet.
    fn empty(algorithm: &'static str) -> Row {
        let (value, kind) = (Value::default(), ValueKind::Exact);
        Row { algorithm, value, kind, best_move: None, stats: Stats::default(), skipped: None }
    }

    /// Nodes visited as a percentage of `baseline`'s.
    pub fn percent_of(&self, baseline: &Row) -> f64 {
        100.0 * self.stats.nodes_visited as f64 / baseline.stats.nodes_visited as f64
    }
}

/// The settings `compare` applies to its alpha-beta rows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    pub window: Window,
    pub strict: bool,
    pub depth_limit: Option<u32>,
    /// `--value-range`, for every row.
    pub value_range: Option<Window>,
    /// `--transpositions`: two more rows, minimax and alpha-beta with a
    /// transposition table.
    pub transpositions: bool,
}

/// Runs every algorithm in the order of [`Algorithm::ALL`], each in the
/// rows its description lists ([`Preset`]): on a tree with chance nodes
/// only those that search them (expectimax), on other trees the others. A
/// row whose algorithm needs a static value the tree lacks at an iteration
/// (iterative deepening) is skipped, with the reason. Then
/// `alphabeta-best-order` and, with `transpositions`, minimax and
/// alpha-beta with a transposition table.
pub fn compare(tree: &Tree, settings: Setup) -> Result<Vec<Row>, SearchError> {
    let plain = Options {
        depth_limit: settings.depth_limit,
        value_range: settings.value_range,
        ..Options::default()
    };
    let pruning = Options { window: settings.window, strict: settings.strict, ..plain };
    let preset = |preset| match preset {
        Preset::Plain => plain,
        Preset::Window => pruning,
        Preset::FailHard => Options { returns: Returns::FailHard, ..pruning },
        // The null-window searches cut on equality.
        Preset::NullWindow => Options { strict: false, ..pruning },
    };
    let chance = tree.first_chance_node().is_some();
    let mut rows = Vec::new();
    for algorithm in Algorithm::ALL.into_iter().filter(|a| a.about().chance == chance) {
        for &(name, row_preset) in algorithm.about().compare {
            let options = preset(row_preset);
            rows.push(match search::check(tree, algorithm, &options) {
                Err(SearchError::IterationWithoutStaticValue { node, depth }) => Row {
                    skipped: Some(format!("not run: {node} at depth {depth} has no static value")),
                    ..Row::empty(name)
                },
                _ => row(tree, name, algorithm, &options)?,
            });
        }
    }
    if chance {
        return Ok(rows);
    }
    let best_first = order::arrange(tree.clone(), Order::BestFirst, settings.depth_limit)?;
    rows.push(row(&best_first, "alphabeta-best-order", Algorithm::ALPHABETA, &pruning)?);
    if settings.transpositions {
        let table = |options: Options| Options { transpositions: true, ..options };
        rows.push(row(tree, "minimax-transpositions", Algorithm::MINIMAX, &table(plain))?);
        rows.push(row(tree, "alphabeta-transpositions", Algorithm::ALPHABETA, &table(pruning))?);
    }
    Ok(rows)
}

fn row(
    tree: &Tree,
    name: &'static str,
    algorithm: Algorithm,
    options: &Options,
) -> Result<Row, SearchError> {
    let outcome = search::run(tree, algorithm, options, &mut Discard).map_err(SearchError::from)?;
    Ok(Row {
        value: outcome.value,
        kind: outcome.kind,
        best_move: outcome.best_move.map(|node| tree.name(node).to_string()),
        stats: outcome.stats,
        ..Row::empty(name)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Naming, Overrides};

    #[test]
    fn best_first_order_prunes_most_on_aima_5_2() {
        let tree = crate::tree::parse(
            b"[[3,12,8],[2,4,6],[14,5,2]]",
            Naming::Letters,
            Overrides::default(),
        )
        .unwrap();
        let settings = Setup {
            window: Window::FULL,
            strict: false,
            depth_limit: None,
            value_range: None,
            transpositions: false,
        };
        let mut rows = compare(&tree, settings).unwrap();
        let names: Vec<&str> = rows.iter().map(|row| row.algorithm).collect();
        assert_eq!(
            names,
            [
                "minimax",
                "negamax",
                "alphabeta",
                "alphabeta-fail-hard",
                "negamax-alphabeta",
                "shallow",
                "pvs",
                "mtdf",
                "sss",
                "id-alphabeta",
                "alphabeta-best-order"
            ]
        );
        let skipped = "not run: b at depth 1 has no static value";
        assert_eq!(rows[9].skipped.as_deref(), Some(skipped));
        rows.remove(9);
        assert!(rows.iter().all(|row| row.value == Value::decimal(3.0)));
        let visited: Vec<u64> = rows.iter().map(|row| row.stats.nodes_visited).collect();
        // MTD(f) from 0: a pass proving a >= 3 (a b e f g), one proving
        // a <= 3 (a b c h d k l m, e remembered). SSS*: passes proving
        // a <= 14, a <= 5, a <= 3 and a >= 3, b and c remembered.
        // Best-first: all of b (e g f), then c and d cut at once after h=2 and m=2.
        assert_eq!(visited, [13, 13, 11, 11, 11, 11, 11, 14, 25, 9]);
        let leaves: Vec<u64> = rows.iter().map(|row| row.stats.leaves_evaluated).collect();
        assert_eq!(leaves, [9, 9, 7, 7, 7, 7, 7, 7, 7, 5]);
    }
}
