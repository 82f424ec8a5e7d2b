//! The table of `gametree compare`, as aligned text or as JSON.

use std::io::{self, Write};

use serde::Serialize;

use crate::bounds::ValueKind;
use crate::compare::Row;
use crate::contract::{Exact, Fail, StatsRecord};
use crate::num::{Num, Value};
use crate::search::Stats;

/// The columns: the percentage's header names the first row's algorithm.
const COLUMNS: usize = 8;
const HEADERS: [&str; COLUMNS] =
    ["algorithm", "value", "best move", "visited", "leaves", "cutoffs", "% of", "notes"];

/// Writes the table, numbers right-aligned, nodes visited also as a
/// percentage of the first row's (minimax, or expectimax alone), and the
/// re-searches, passes and remembered nodes of the algorithms that have them.
pub fn write_text(out: &mut dyn Write, rows: &[Row]) -> io::Result<()> {
    let Some(baseline) = rows.first() else { return Ok(()) };
    let percent = format!("% of {}", baseline.algorithm);
    let mut headers = HEADERS;
    headers[6] = &percent;
    let cells: Vec<[String; COLUMNS]> = rows
        .iter()
        .map(|row| {
            if let Some(why) = &row.skipped {
                return std::array::from_fn(|column| match column {
                    0 => row.algorithm.to_string(),
                    7 => why.clone(),
                    _ => "-".to_string(),
                });
            }
            [
                row.algorithm.to_string(),
                bounded(row.value, row.kind),
                row.best_move.clone().unwrap_or_else(|| "none".into()),
                row.stats.nodes_visited.to_string(),
                row.stats.leaves_evaluated.to_string(),
                row.stats.cutoffs.to_string(),
                format!("{:.1}%", row.percent_of(baseline)),
                beyond_one_pass(&row.stats),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..headers.len())
        .map(|column| {
            cells
                .iter()
                .map(|row| row[column].chars().count())
                .chain([headers[column].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    write_row(out, &headers.map(String::from), &widths)?;
    cells.iter().try_for_each(|row| write_row(out, row, &widths))
}

/// Text columns (algorithm, best move) are left-aligned, numbers right-aligned.
fn write_row(out: &mut dyn Write, cells: &[String; COLUMNS], widths: &[usize]) -> io::Result<()> {
    let mut line = String::new();
    for (column, (cell, &width)) in cells.iter().zip(widths).enumerate() {
        if column > 0 {
            line.push_str("  ");
        }
        if matches!(column, 0 | 2 | 7) {
            line.push_str(&format!("{cell:<width$}"));
        } else {
            line.push_str(&format!("{cell:>width$}"));
        }
    }
    writeln!(out, "{}", line.trim_end())
}

/// `1 re-search`, `4 passes, 6 remembered`: nothing for one pass.
fn beyond_one_pass(stats: &Stats) -> String {
    let count = |n: u64, one: &str, many: &str| match n {
        0 => None,
        1 => Some(format!("1 {one}")),
        _ => Some(format!("{n} {many}")),
    };
    let parts = [
        count(stats.researches, "re-search", "re-searches"),
        count(stats.passes, "pass", "passes"),
        count(stats.memory_hits, "remembered", "remembered"),
    ];
    parts.into_iter().flatten().collect::<Vec<_>>().join(", ")
}

/// `3`, or `<=3` / `>=3` when the root failed low or high.
fn bounded(value: Value, kind: ValueKind) -> String {
    format!("{}{value}", crate::notation::bound_sign(kind))
}

#[derive(Serialize)]
struct RowRecord<'a> {
    algorithm: &'a str,
    value: Num,
    /// The exact value, where `value` (the nearest double) is not it, as in traces.
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<Exact>,
    /// `"low"` or `"high"` when the root failed in a narrowed window, as in traces.
    fail: Option<Fail>,
    best_move: Option<&'a str>,
    stats: StatsRecord,
}

/// Writes the rows as a JSON array, one row per line; a row that could
/// not run is `{"algorithm", "skipped"}`.
pub fn write_json(out: &mut dyn Write, rows: &[Row]) -> io::Result<()> {
    writeln!(out, "[")?;
    for (index, row) in rows.iter().enumerate() {
        let record = RowRecord {
            algorithm: row.algorithm,
            value: Num(row.value.to_f64()),
            exact: Exact::of(row.value),
            fail: Fail::of(row.kind),
            best_move: row.best_move.as_deref(),
            stats: row.stats.into(),
        };
        let text = match &row.skipped {
            Some(why) => {
                serde_json::json!({ "algorithm": row.algorithm, "skipped": why }).to_string()
            }
            None => serde_json::to_string(&record).map_err(io::Error::other)?,
        };
        let separator = if index + 1 < rows.len() { "," } else { "" };
        writeln!(out, "  {text}{separator}")?;
    }
    writeln!(out, "]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_as_wide_as_their_widest_cell_in_characters() {
        let row = |algorithm| Row {
            algorithm,
            value: Value::decimal(5.0),
            kind: ValueKind::Exact,
            best_move: Some("élan-élan-élan".into()),
            stats: Stats { nodes_visited: 3, ..Stats::default() },
            skipped: None,
        };
        let mut out = Vec::new();
        write_text(&mut out, &[row("minimax"), row("negamax")]).unwrap();
        let text = String::from_utf8(out).unwrap();
        // The header is longer by the empty `notes` column's name.
        let widths: Vec<usize> = text.lines().skip(1).map(|line| line.chars().count()).collect();
        assert!(widths.iter().all(|&width| width == widths[0]), "{text}");
        // The 14-letter name, two spaces, then `visited` right-aligned in 7.
        assert!(text.contains("élan-élan-élan        3"), "{text}");
    }
}
