//! `gametree compare`: every algorithm on one tree, as a table.

use std::io::Write;

use super::Failure;
use super::args::{TreeArgs, WindowArgs, parse_range};
use crate::bounds::Window;
use crate::compare::{self, Setup};
use crate::order::{self, Order};
use crate::render;
use crate::settings::Requested;

#[derive(Debug, clap::Args)]
pub struct CompareArgs {
    #[command(flatten)]
    tree: TreeArgs,

    #[command(flatten)]
    window: WindowArgs,

    /// Evaluate nodes at this depth (root = 0) by their static value instead of searching below.
    #[arg(long, value_name = "N")]
    depth: Option<u32>,

    /// The values the game can take, from MAX's point of view, applied to
    /// every row: the alpha-beta rows' root window, and where minimax and
    /// negamax stop.
    #[arg(long, value_name = "LO..HI", allow_hyphen_values = true, value_parser = parse_range, conflicts_with_all = ["alpha", "beta"])]
    value_range: Option<Window>,

    /// Search each node's children in this order in every row: given, best-first, worst-first or random:SEED.
    #[arg(long, value_name = "ORDER")]
    order: Option<Order>,

    /// Two more rows, minimax and alpha-beta with a transposition table, for a game graph (--graph).
    #[arg(long)]
    transpositions: bool,

    /// How to print the table.
    #[arg(short, long, value_enum, default_value_t = TableFormat::Text)]
    format: TableFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum TableFormat {
    /// An aligned table.
    Text,
    /// A JSON array of {"algorithm", "value", "best_move", "stats"}.
    Json,
}

/// Runs `gametree compare`.
pub fn run(args: &CompareArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let asked =
        Requested { alpha: args.window.alpha, beta: args.window.beta, ..Requested::default() };
    let window = asked.window().map_err(|refused| Failure::Usage(refused.0));
    let settings = Setup {
        window: args.value_range.map_or(window, Ok)?,
        strict: args.window.strict,
        depth_limit: args.depth,
        value_range: args.value_range,
        transpositions: args.transpositions,
    };
    let (file, tree) = args.tree.load()?;
    let order = args.order.unwrap_or_default();
    let tree = order::arrange(tree, order, args.depth).map_err(Failure::of_search(&file))?;
    let rows = compare::compare(&tree, settings).map_err(Failure::of_search(&file))?;
    match args.format {
        TableFormat::Text => render::compare::write_text(out, &rows),
        TableFormat::Json => render::compare::write_json(out, &rows),
    }
    .map_err(Failure::Output)
}
