#!/usr/bin/env bash
# Scoring games (issue 49, docs/PERFORMANCE.md): coins in a row of N coins (default 2000, values
# 1 to 1000 from Python's random.seed(1)), gamelang's whole process beside the hand-written O(n^2)
# interval dp (benches/scoring/coins_dp.rs, built by rustc -O), in the same run; both print the
# score, which must agree.
# Usage: benches/scoring/same_run.sh [N]
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-2000}"
dir=target/scoring-bench
mkdir -p "$dir"
cargo build --release --quiet
rustc -O -o "$dir/coins_dp" benches/scoring/coins_dp.rs
python3 - "$n" "$dir" <<'PY'
import random, sys
n, out = int(sys.argv[1]), sys.argv[2]
random.seed(1)
v = [random.randint(1, 1000) for _ in range(n)]
open(f"{out}/values.txt", "w").write(" ".join(map(str, v)))
game = open("games/coins_in_a_row.game").read()
game = game.replace("v = [3, 9, 1, 2]", "v = [" + ", ".join(map(str, v)) + "]")
game = game.replace("at (1, 4)", f"at (1, {n})")
open(f"{out}/coins.game", "w").write(game)
PY
dp="$("$dir/coins_dp" "$dir/values.txt")"
echo "dp: $dp"
/usr/bin/time -f "gamelang: %e s, %M KB" target/release/gamelang analyze "$dir/coins.game" \
    --timeout 0 --max-positions 100000000 | grep 'score:' | cut -c1-40
# The whole process, ten runs in a row, default limits: the mean, and its ratio to the dp's best.
start=$(date +%s%N)
for _ in 1 2 3 4 5 6 7 8 9 10; do
    target/release/gamelang analyze "$dir/coins.game" >/dev/null
done
mean_us=$(( ($(date +%s%N) - start) / 10000 ))
dp_us=$(echo "$dp" | sed -E 's/.*best of 5: ([0-9]+) us.*/\1/')
echo "gamelang, mean of 10 whole runs: $mean_us us; ratio to the dp: $(python3 -c "print(round($mean_us / $dp_us, 2))")"
