#!/usr/bin/env bash
# How long `gametree check` takes to read a 1 MB answer line, with an
# unknown key and with no key (issue 41: it was quadratic, about 20
# minutes). Reading is linear now: well under a second.
# Usage: bash bench/check-long-line.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin gametree
gametree="${CARGO_TARGET_DIR:-target}/release/gametree"
mkdir -p bench/out
for key in 'leafs:' ''; do
  python3 -c "import sys; print(sys.argv[1] + ' ' + 'f ' * 500000); print('best move: b')" "$key" \
    > bench/out/long-line.txt
  start=$(date +%s.%N)
  "$gametree" check trees/aima-5-2.json bench/out/long-line.txt --keys best-move > /dev/null
  end=$(date +%s.%N)
  if [ -n "$key" ]; then what="with the key \"$key\""; else what="without a key"; fi
  echo "check, a 1 MB answer line $what: $(python3 -c "print(f'{$end - $start:.3f}')") s"
done
