"""gamelang from Python: describe combinatorial games in `.game` files and
find who wins them.

    import gamelang
    prog = gamelang.parse(text)            # or gamelang.load(path)
    a = prog.analyze("nim at (3, 4, 5)")   # one statement, as in a file
    a.outcome, a.grundy, a.winning_moves, a.method
    t = prog.table("kayles", upto=100)     # t.values, t.period, t.preperiod

Every failure raises `GameError`, its `diagnostics` the mistakes as data.
Long work runs without the GIL and stops at Ctrl-C (KeyboardInterrupt).
"""

from ._gamelang import (
    Analysis,
    Diagnostic,
    GameError,
    Many,
    Picture,
    Program,
    Table,
    Value,
    __version__,
    load,
    parse,
)

__all__ = [
    "Analysis",
    "Diagnostic",
    "GameError",
    "Many",
    "Picture",
    "Program",
    "Table",
    "Value",
    "__version__",
    "load",
    "parse",
]
