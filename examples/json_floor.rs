//! The floor `bench/run.sh` compares `gametree trace --format json` with:
//! parsing the same tree file with serde_json alone (no tree is built) and
//! writing as many bytes as the trace has.
//!
//! Usage: `json_floor FILE BYTES > /dev/null`

use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(bytes)) = (args.next(), args.next()) else {
        return Err("usage: json_floor FILE BYTES".into());
    };
    let input = std::fs::read(path)?;
    let _: serde::de::IgnoredAny = serde_json::from_slice(&input)?;
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
