"""One board valued by a peer, for benches/boards/same_run.sh: pycgt (MIT, PyPI pycgt==0.2.0) or
cgt-py (AGPL, PyPI cgt-py==0.11.0), each run from its own virtual environment as an outside
program; nothing of theirs is copied into gamelang.

Usage: peer.py pycgt|cgt-py domineering BOARD   (BOARD rows separated by `|`; pycgt reads only
its size: an empty rectangle)
       peer.py cgt-py konane BOARD   (`x` Left's stones, `o` Right's, `.` empty)
       peer.py cgt-py amazons BOARD   (gamelang's `L` and `R` amazons, `#` arrows, `.` empty)
       peer.py cgt-py snort "path N"|"cycle N"   (Snort on a path or a cycle of N vertices)
Prints the value as the tool writes it.
"""

from __future__ import annotations

import sys


def main() -> None:
    tool, game, board = sys.argv[1:4]
    if game == "snort" and tool == "cgt-py":
        import cgt_py

        shape, n = board.split()
        n = int(n)
        edges = [(i, i + 1) for i in range(n - 1)]
        if shape == "cycle":
            edges.append((n - 1, 0))
        print(cgt_py.Graph(n, edges).snort.canonical_form)
        return
    if game == "amazons" and tool == "cgt-py":
        import cgt_py

        # cgt-py writes Left's amazons `x` and Right's `o`.
        print(cgt_py.Amazons(board.replace("L", "x").replace("R", "o")).canonical_form)
        return
    if game == "konane" and tool == "cgt-py":
        import cgt_py

        print(cgt_py.Konane(board).canonical_form)
        return
    if game != "domineering":
        sys.exit(f"no {game} for {tool} here")
    if tool == "pycgt":
        import pycgt
        from pycgt.rulesets import domineering

        rows = board.split("|")
        print(pycgt.notation.render(domineering.rectangle(len(rows), len(rows[0]))))
    elif tool == "cgt-py":
        import cgt_py

        print(cgt_py.Domineering(board).canonical_form)
    else:
        sys.exit(f"no tool {tool}")


if __name__ == "__main__":
    main()
