//! The floor `bench/run.sh` compares `gametree trace --format json` with:
//! parsing the same tree file with serde_json alone and writing as many
//! bytes as the trace has.
//!
//! By default the parse builds nothing (`IgnoredAny`: the strictest floor,
//! the one the goal is measured against); with `--value` it builds a
//! `serde_json::Value`, the usual meaning of "parse with serde_json", shown
//! in the benchmark for context.
//!
//! Usage: `json_floor FILE BYTES [--value] > /dev/null`

use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(bytes)) = (args.next(), args.next()) else {
        return Err("usage: json_floor FILE BYTES [--value]".into());
    };
    let input = std::fs::read(path)?;
    match args.next().as_deref() {
        None => drop(serde_json::from_slice::<serde::de::IgnoredAny>(&input)?),
        Some("--value") => drop(serde_json::from_slice::<serde_json::Value>(&input)?),
        Some(other) => return Err(format!("unknown option {other}").into()),
    }
    let mut left: usize = bytes.parse()?;
    let chunk = [b'x'; 1 << 16];
    let mut out = std::io::stdout().lock();
    while left > 0 {
        let n = left.min(chunk.len());
        out.write_all(&chunk[..n])?;
        left -= n;
    }
    Ok(())
}
