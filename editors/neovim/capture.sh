#!/usr/bin/env bash
# Captures what a user sees: Neovim (in a tmux terminal of 100 x 24) with
# editors/neovim/gamelang.lua, on a file with a mistake, showing the
# diagnostic, then the hover on an `analyze` line. Writes the two screens to
# docs/EDITOR.md's capture block (between its `<!-- capture -->` marks).
# Needs nvim and tmux (Debian: apt-get install neovim tmux) and a built
# target/release/gamelang.
#   editors/neovim/capture.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d)
trap 'tmux kill-session -t gamelang-capture 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/bash.game" <<'GAME'
// Bash's game: take 1 to m stones; whoever takes the last one wins.
game bash(m = 3) {
    heaps 1
    take 0..m
}
game kayles { heaps *; octal 0.77 }
analyze kayles at (3, 4)
GAME
tmux kill-session -t gamelang-capture 2>/dev/null || true
tmux new-session -d -s gamelang-capture -x 100 -y 24 \
    "cd $work && GAMELANG_BIN=$root/target/release/gamelang nvim -u NONE -i NONE --cmd 'luafile $root/editors/neovim/gamelang.lua' bash.game"
sleep 3
screen() { tmux capture-pane -p -t gamelang-capture | sed -e 's/[[:space:]]*$//'; }
first=$(screen)
# To the `analyze` line, and hover (K).
tmux send-keys -t gamelang-capture 7G K
sleep 2
second=$(screen)
tmux send-keys -t gamelang-capture Escape ':qa!' Enter
{
    echo '<!-- capture -->'
    echo '```text'
    echo "$first"
    echo '```'
    echo
    echo 'Then `7G` and `K` (hover) on the `analyze` line:'
    echo
    echo '```text'
    echo "$second"
    echo '```'
    echo '<!-- capture end -->'
} > "$work/capture.md"
python3 - "$work/capture.md" docs/EDITOR.md <<'PY'
import sys
capture = open(sys.argv[1]).read()
doc = open(sys.argv[2]).read()
start = doc.index('<!-- capture -->')
end = doc.index('<!-- capture end -->') + len('<!-- capture end -->\n')
open(sys.argv[2], 'w').write(doc[:start] + capture + doc[end:])
PY
echo "docs/EDITOR.md: capture updated"
