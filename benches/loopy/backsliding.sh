#!/usr/bin/env bash
# Backsliding Toads and Frogs (issue 69, docs/PERFORMANCE.md): the value of every strip of up to
# CELLS cells (default 8) with a toads at the left, b empty cells and c frogs at the right
# (a, b, c >= 1), each a whole process of gamelang with the default limits: its seconds, peak
# memory and value (a stopper's simplest form, or onside & offside). Too long for the test suite.
# Usage: benches/loopy/backsliding.sh [CELLS]
set -euo pipefail
cd "$(dirname "$0")/../.."
cells=${1:-8}
cargo build --release --quiet
printf '%-12s %8s %8s  %s\n' strip seconds MB value
worst=0
for ((n = 3; n <= cells; n++)); do
    for ((a = 1; a <= n - 2; a++)); do
        for ((b = 1; b <= n - a - 1; b++)); do
            c=$((n - a - b))
            strip=$(printf 'T%.0s' $(seq "$a"))$(printf '.%.0s' $(seq "$b"))$(printf 'F%.0s' $(seq "$c"))
            out=$( { /usr/bin/time -f "time %e %M" target/release/gamelang analyze \
                games/backsliding_toads_and_frogs.game --at "$strip"; } 2>&1 )
            read -r seconds kb < <(echo "$out" | sed -n 's/^time \([0-9.]*\) \([0-9]*\)$/\1 \2/p')
            value=$(echo "$out" | sed -n 's/^ *value: *\(.*\) (.*$/\1/p')
            printf '%-12s %8s %8s  %s\n' "$strip" "$seconds" "$((kb / 1024))" "${value:-(none)}"
            worst=$(echo "$seconds $worst" | awk '{print ($1 > $2) ? $1 : $2}')
        done
    done
done
echo "slowest: $worst s"
