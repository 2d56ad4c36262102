#!/usr/bin/env bash
# Sums of 20 random day-3 games, pycgt 0.2.0 and gamelang timed in the same
# run (docs/PERFORMANCE.md). Needs pycgt in its own virtual environment,
# never a test dependency:
#   python3 -m venv target/pycgt-venv && target/pycgt-venv/bin/pip install pycgt==0.2.0
# Usage: benches/pycgt/same_run.sh [CASES [REPEAT]]   (default 4 and 3; each
# case's sum is timed by pycgt, best of REPEAT within 120 s a run, then by
# gamelang, best of REPEAT).
set -euo pipefail
cd "$(dirname "$0")/../.."
cases="${1:-4}"
repeat="${2:-3}"
file=target/pycgt-bench/day3_sums20.game
mkdir -p target/pycgt-bench
cargo build --release --quiet
target/pycgt-venv/bin/python benches/pycgt/day3_sums.py --bench --cases "$cases" --repeat "$repeat" --gamelang "$file" |
    grep '^bench ; sum'
i=0
grep '^analyze' "$file" | while read -r line; do
    echo "$line" > target/pycgt-bench/one.game
    best=""
    for _ in $(seq "$repeat"); do
        start=$(date +%s%N)
        timeout 120 target/release/gamelang analyze target/pycgt-bench/one.game > /dev/null || true
        ns=$(( $(date +%s%N) - start ))
        if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
    done
    printf 'gamelang ; sum ; case=%d ; seconds=%d.%06d\n' "$i" $((best / 1000000000)) $(((best % 1000000000) / 1000))
    i=$((i + 1))
done
