#!/bin/sh
# Whole processes in the same run: Wythoff's grid 1000 × 1000 by the general
# search and three-row Chomp at (97, 64, 35) through its block, each beside
# its hand-written loop (wythoff.rs, chomp.rs here, compiled with rustc -O).
# Usage: benches/loops/same_run.sh [RUNS]   (from the repository's root,
# after `cargo build --release`). Prints each command's median wall time
# over RUNS runs (default 21) and the ratio.
set -eu
runs=${1:-21}
out=target/loops
mkdir -p "$out"
for loop in wythoff chomp; do
    rustc --edition 2021 -C opt-level=3 -o "$out/$loop" "benches/loops/$loop.rs"
done
gamelang=target/release/gamelang
median() {
    # Median wall time in ms of running "$@" $runs times.
    i=0
    while [ "$i" -lt "$runs" ]; do
        start=$(date +%s%N)
        "$@" > /dev/null
        end=$(date +%s%N)
        echo $(( (end - start) / 1000 ))
        i=$((i + 1))
    done | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'
}
pair() {
    name=$1; shift
    ours=$(median "$@")
    theirs=$(median $HAND)
    echo "$name: gamelang $ours ms, hand-written $theirs ms, ratio $(echo "$ours $theirs" | awk '{ printf "%.2f", $1 / $2 }')"
}
HAND="$out/wythoff 999" pair "Wythoff 1000 x 1000" \
    $gamelang analyze games/wythoff.game --at "(999, 999)" --method search
HAND="$out/chomp 97 64 35" pair "Chomp (97, 64, 35)" \
    $gamelang analyze games/chomp.game --at "(97, 64, 35)"
