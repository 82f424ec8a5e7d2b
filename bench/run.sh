#!/usr/bin/env bash
# Whole-process timings of gametree on the full tic-tac-toe game tree
# (549,946 nodes), next to a plain Python minimax and a serde_json floor.
# Usage: bash bench/run.sh [RUNS]   (default 5 runs per command; prints a
# Markdown table for the README). Needs cargo and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
out=bench/out
mkdir -p "$out"
cargo build --release --quiet --bin gametree --example json_floor
gametree=target/release/gametree
"$gametree" gen tictactoe > "$out/tictactoe.json"
python3 bench/measure.py "$runs" "$out/tictactoe.json" "$gametree" target/release/examples/json_floor
