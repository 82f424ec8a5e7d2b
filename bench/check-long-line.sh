#!/usr/bin/env bash
# How long `gametree check` takes to read a 1 MB answer line with no key
# (issue 41: it was quadratic, about 20 minutes). Reading is linear now:
# well under a second. Usage: bash bench/check-long-line.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin gametree
mkdir -p bench/out
python3 -c "print('leafs: ' + 'f ' * 500000); print('best move: b')" > bench/out/long-line.txt
start=$(date +%s.%N)
target/release/gametree check trees/aima-5-2.json bench/out/long-line.txt --keys best-move > /dev/null
end=$(date +%s.%N)
echo "check, a 1 MB answer line: $(python3 -c "print(f'{$end - $start:.3f}')") s"
