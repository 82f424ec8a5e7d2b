#!/usr/bin/env bash
# Whole-process timings of gametree on the full tic-tac-toe game tree
# (549,946 nodes), next to a plain Python minimax and a serde_json floor;
# then how every command scales with the tree and the order of its keys.
# Usage: bash bench/run.sh [RUNS]   (default 5 runs per command; prints three
# Markdown tables for docs/performance.md: pinned to one core, on all of
# them, and the scaling table on one core).
# Needs cargo, python3 and taskset.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
out=bench/out
mkdir -p "$out"
cargo build --release --quiet --bin gametree --example json_floor
target="${CARGO_TARGET_DIR:-target}"
gametree="$target/release/gametree"
"$gametree" gen tictactoe > "$out/tictactoe.json"
floor="$target/release/examples/json_floor"
echo "## On one core"
echo
python3 bench/measure.py "$runs" "$out/tictactoe.json" "$gametree" "$floor" taskset -c 0
echo
echo "## On every core"
echo
python3 bench/measure.py "$runs" "$out/tictactoe.json" "$gametree" "$floor"
echo
echo "## Scaling, on one core"
echo
python3 bench/scaling.py "$runs" "$out" "$gametree" taskset -c 0
