#!/usr/bin/env bash
# Dots and Boxes on 3 x 3 boxes from the empty board (issue 49, docs/PERFORMANCE.md): gamelang's
# whole process with the default limits, its score held to the published value, -3 for the player
# to move (David Wilson, "Dots-and-Boxes Analysis Results", wilson.engr.wisc.edu/boxes/
# results.shtml: every opening line of the 3 x 3 game is -3). Too long for the test suite.
# Usage: benches/scoring/dots_3x3.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
dir=target/scoring-bench
mkdir -p "$dir"
sed -n '/^game dots_and_boxes/,/^}/p' games/dots_and_boxes.game > "$dir/dots.game"
echo 'analyze dots_and_boxes at "+.+.+.+|.o.o.o.|+.+.+.+|.o.o.o.|+.+.+.+|.o.o.o.|+.+.+.+"' >> "$dir/dots.game"
out=$( { /usr/bin/time -f "gamelang: %e s, %M KB" target/release/gamelang analyze "$dir/dots.game"; } 2>&1 )
echo "$out" | grep -E 'score:|gamelang:' | cut -c1-80
score=$(echo "$out" | sed -n 's/^ *score: *\(-\?[0-9]*\).*/\1/p')
if [ "$score" != "-3" ]; then
    echo "score $score, where the published value is -3" >&2
    exit 1
fi
echo "agrees with the published value, -3"
