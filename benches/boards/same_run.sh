#!/usr/bin/env bash
# Boards (issue 46, docs/PERFORMANCE.md): gamelang beside pycgt 0.2.0 and cgt-py 0.11.0 in the
# same run, each peer from its own virtual environment (never a test dependency):
#   python3 -m venv target/pycgt-venv && target/pycgt-venv/bin/pip install pycgt==0.2.0
#   python3 -m venv target/cgt-venv && target/cgt-venv/bin/pip install cgt-py==0.11.0 anywidget
# A peer whose environment is missing is left out.
# Usage: benches/boards/same_run.sh [LIMIT [BIG [SUITE]]]   (LIMIT: seconds a run, default 60;
# BIG: 1 to add Domineering 6 x 6, with LIMIT raised to 600, and 8 x 8 to the outcomes; SUITE: all
# (default), boards, snort, konane, amazons or outcomes)
# Each line: tool ; game ; board ; seconds (wall) ; peak MB ; value (its first 60 characters, or
# "timeout").
set -euo pipefail
cd "$(dirname "$0")/../.."
limit="${1:-60}"
big="${2:-0}"
suite="${3:-all}"
dir=target/boards-bench
mkdir -p "$dir"
cargo build --release --quiet

rect() { # rows cols -> "....|...."
    local row
    row=$(printf '%*s' "$2" '' | tr ' ' '.')
    printf '%s' "$row"
    for _ in $(seq 2 "$1"); do printf '|%s' "$row"; done
}

# run TOOL GAME BOARD LIMIT COMMAND...: times COMMAND, prints one line.
run() {
    local tool=$1 game=$2 board=$3 secs=$4
    shift 4
    local out
    if out=$( { /usr/bin/time -f '%e %M' -o "$dir/time" timeout "$secs" "$@" > "$dir/out"; } 2>&1 ); then
        read -r wall kb < "$dir/time"
        local said
        said=$(grep -m1 -E '^ +(value|grundy): |CanonicalForm|^[-0-9{*+^v]' "$dir/out" || true)
        # Asked for who wins alone: the outcome.
        [[ "$said" == *"not sought"* ]] && said=$(grep -m1 -E '^ +outcome: ' "$dir/out" || true)
        printf '%s ; %s ; %s ; %s ; %d ; %s\n' "$tool" "$game" "$board" "$wall" $((kb / 1024)) \
            "$(echo "$said" | sed 's/^ *//' | cut -c1-60)"
    else
        printf '%s ; %s ; %s ; >%s ; - ; timeout\n' "$tool" "$game" "$board" "$secs"
    fi
}

gamelang() { # GAME_FILE GAME BOARD LIMIT [OPTIONS...]
    local file=$1 game=$2 board=$3 limit=$4
    shift 4
    { sed '/^analyze/d' "$file"; echo "analyze $game at \"$board\""; } > "$dir/one.game"
    run gamelang "$game" "$board" "$limit" target/release/gamelang analyze "$dir/one.game" "$@"
}

# Snort on paths and cycles (issue 71), the graph written out as `analyze` reads it.
graph() { # path|cycle N -> "graph { 1 -- 2, ... }"
    local edges=() i
    for i in $(seq 1 $(($2 - 1))); do edges+=("$i -- $((i + 1))"); done
    [ "$1" = cycle ] && edges+=("$2 -- 1")
    local IFS=,
    printf 'graph { %s }' "${edges[*]}" | sed 's/,/, /g'
}
snort() {
    local shape n text
    for shape in path cycle; do
        for n in 10 12 14 15 16 17 18 20; do
            text=$(graph "$shape" "$n")
            { sed '/^analyze/d' games/snort.game; echo "analyze snort at $text"; } > "$dir/one.game"
            run gamelang snort "$shape $n" "$limit" target/release/gamelang analyze "$dir/one.game"
            [ -x target/cgt-venv/bin/python ] &&
                run cgt-py snort "$shape $n" "$limit" target/cgt-venv/bin/python benches/boards/peer.py cgt-py snort "$shape $n"
        done
    done
    return 0
}
if [ "$suite" = snort ]; then snort; exit 0; fi
[ "$suite" = all ] && snort

# Konane (issue 71): 4 x 5 and 5 x 5 boards with two stones out, and a full 4 x 4.
konane() {
    local board
    for board in "xoxox|o..xo|xoxox|oxoxo" "xoxox|oxoxo|xo..x|oxoxo|xoxox" "xoxo|o.ox|xo.o|oxox"; do
        gamelang games/konane.game konane "$board" "$limit"
        [ -x target/cgt-venv/bin/python ] &&
            run cgt-py konane "$board" "$limit" target/cgt-venv/bin/python benches/boards/peer.py cgt-py konane "$board"
    done
    return 0
}
if [ "$suite" = konane ]; then konane; exit 0; fi
[ "$suite" = all ] && konane

# Amazons 4 x 4 with an amazon each and four arrows (issue 71), valued.
amazons() {
    local board="L..#|.#..|..#.|#..R"
    gamelang games/amazons.game amazons "$board" "$limit"
    [ -x target/cgt-venv/bin/python ] &&
        run cgt-py amazons "$board" "$limit" target/cgt-venv/bin/python benches/boards/peer.py cgt-py amazons "$board"
    return 0
}
if [ "$suite" = amazons ]; then amazons; exit 0; fi
[ "$suite" = all ] && amazons

# Who wins alone (issue 71): Domineering's empty squares with `--outcome` (4 GB; 7 x 7 within
# 120 s, 8 x 8 within 600 s), Amazons 4 x 4 and 5 x 4 with one amazon each in opposite corners.
outcomes() {
    local n
    for n in 6 7; do
        gamelang games/domineering.game domineering "$(rect $n $n)" 130 --outcome --timeout 120 --max-memory 4096
    done
    [ "$big" = 1 ] &&
        gamelang games/domineering.game domineering "$(rect 8 8)" 610 --outcome --timeout 600 --max-memory 4096
    gamelang games/amazons.game amazons "L...|....|....|...R" 70 --outcome
    gamelang games/amazons.game amazons "L....|.....|.....|....R" 70 --outcome --max-memory 4096
    return 0
}
if [ "$suite" = outcomes ]; then outcomes; exit 0; fi
[ "$suite" = all ] && outcomes

cases=("4 5" "5 5" "4 7" "5 6" "3 10" "2 20")
if [ "$big" = 1 ]; then cases+=("6 6"); limit=600; fi
for rc in "${cases[@]}"; do
    board=$(rect $rc)
    # 6 x 6 needs more than the default limits (docs/PERFORMANCE.md): 4 GB, no timeout.
    big_options=()
    [ "$rc" = "6 6" ] && big_options=(--timeout 0 --max-memory 4096 --max-positions 100000000)
    gamelang games/domineering.game domineering "$board" "$limit" "${big_options[@]}"
    [ -x target/cgt-venv/bin/python ] &&
        run cgt-py domineering "$board" "$limit" target/cgt-venv/bin/python benches/boards/peer.py cgt-py domineering "$board"
    [ -x target/pycgt-venv/bin/python ] &&
        run pycgt domineering "$board" "$limit" target/pycgt-venv/bin/python benches/boards/peer.py pycgt domineering "$board"
done
gamelang games/cram.game cram "$(rect 5 5)" "$limit"

# Toads and Frogs, every row of 1 to 7 cells in one file.
{
    sed '/^analyze/d' games/toads_and_frogs.game
    python3 - <<'PY'
import itertools
for n in range(1, 8):
    for w in itertools.product("TF.", repeat=n):
        print(f'analyze toads_and_frogs at "{"".join(w)}"')
PY
} > "$dir/tf7.game"
run gamelang toads_and_frogs "every row to 7 ($(grep -c '^analyze' "$dir/tf7.game"))" "$limit" \
    target/release/gamelang analyze "$dir/tf7.game"

# The outcome class of every rectangle up to 6 x 6 (36 of them) in one run, `--outcome`.
{
    sed '/^analyze/d' games/domineering.game
    for r in 1 2 3 4 5 6; do for c in 1 2 3 4 5 6; do echo "analyze domineering at \"$(rect "$r" "$c")\""; done; done
} > "$dir/outcomes.game"
run gamelang domineering "outcome of every rectangle to 6 x 6 (36)" "$limit" \
    target/release/gamelang analyze "$dir/outcomes.game" --outcome
