#!/usr/bin/env bash
# Whole-process timings of gametree on the full tic-tac-toe game tree
# (549,946 nodes), next to a plain Python minimax and a serde_json floor.
# Usage: bash bench/run.sh [RUNS]   (default 5 runs per command; prints two
# Markdown tables for docs/performance.md: pinned to one core, and on all of them).
# Needs cargo, python3 and taskset.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
out=bench/out
mkdir -p "$out"
cargo build --release --quiet --bin gametree --example json_floor
gametree=target/release/gametree
"$gametree" gen tictactoe > "$out/tictactoe.json"
floor=target/release/examples/json_floor
echo "## On one core"
echo
python3 bench/measure.py "$runs" "$out/tictactoe.json" "$gametree" "$floor" taskset -c 0
echo
echo "## On every core"
echo
python3 bench/measure.py "$runs" "$out/tictactoe.json" "$gametree" "$floor"
