#!/usr/bin/env bash
# Redraws the pictures of the README and docs/ (docs/*.svg, docs/*.png) with the tool itself.
# Needs Graphviz; run it after changing anything the diagrams show.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release
gametree() { target/release/gametree "$@"; }

aima=(trace trees/aima-5-2.json --algo alphabeta)
gametree "${aima[@]}" --caption -o docs/aima-alphabeta.svg
gametree "${aima[@]}" --exercise -o docs/aima-exercise.svg
for step in 5 15 27; do
  gametree "${aima[@]}" --frame "$step" -o "$(printf 'docs/aima-alphabeta-frame-%03d.svg' "$step")"
done
wide=(trace trees/three-plies.json --algo alphabeta --labels values)
gametree "${wide[@]}" -o docs/three-plies-values.svg
gametree "${wide[@]}" --collapse-pruned -o docs/three-plies-collapsed.svg
gametree trace trees/expectimax.json --algo expectimax -o docs/expectimax.svg
gametree trace trees/transpositions.json --transpositions --caption -o docs/transpositions.svg
# Connect four as the lecture draws it: the best line, and the line to the cut at 1.2.
gametree trace trees/games/connect-four.json --fold 4.2 --caption -o docs/connect-four-best-line.svg
gametree trace trees/games/connect-four.json --algo alphabeta --fold 1.2 --caption -o docs/connect-four-cut.svg

# The stepping page, as a browser shows it at step 15 (needs chromium).
page="$(mktemp -d)"
gametree "${aima[@]}" -o "$page/aima.html"
chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=2000 \
  --user-data-dir="$page/profile" --window-size=1280,800 \
  --screenshot="$PWD/docs/page-aima-step-15.png" "file://$page/aima.html#step=15" 2>/dev/null
rm -rf "$page"
