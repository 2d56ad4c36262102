"""gamelang's extension module: the types the package `gamelang` exports."""

from fractions import Fraction
from os import PathLike
from typing import Any, Callable, Iterable, Optional, Sequence, Union, final

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

__version__: str

_Position = Union[int, Sequence[int], str]
"""A position: one heap (an int), heaps (a tuple of ints), or a position
written as after `at` in a file (a string: `'"..#|...."'`, `"graph { 0 -- 1 }"`)."""

def parse(
    text: str,
    name: str = "<string>",
    *,
    settings: Sequence[str] = ...,
    timeout: Optional[float] = None,
    max_positions: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Program:
    """Checks a `.game` source given as text: the program, or `GameError`
    with every mistake found.

    `name` is the name its diagnostics show; `settings` give parameters
    values (`"m=4"`, as `--set` does); `timeout` is in seconds (0: no
    limit), `max_positions` the most positions one game's search may hold,
    `max_memory` the most megabytes one question's search may keep: the
    command line's options of the same names, their defaults where None.
    """

def load(
    path: Union[str, PathLike[str]],
    *,
    settings: Sequence[str] = ...,
    timeout: Optional[float] = None,
    max_positions: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Program:
    """Reads and checks the `.game` file at `path`, as `parse` does a text."""

class GameError(Exception):
    """A source that does not check, a position that is not one, or a
    question with no answer. `str()` is the report the command line prints."""

    diagnostics: list[Diagnostic]
    """Each mistake, in order."""
    code: Optional[str]
    """The first mistake's code, as ERRORS.md lists it: `gamelang::check::unknown_game`."""

@final
class Diagnostic:
    """One mistake: what is wrong, where, and what would help."""

    @property
    def code(self) -> Optional[str]:
        """Its code, as ERRORS.md lists it."""
    @property
    def severity(self) -> str:
        """`error` or `warning`."""
    @property
    def message(self) -> str:
        """What is wrong."""
    @property
    def file(self) -> Optional[str]:
        """The name of the source it is in (`analyze` for a statement asked
        by `Program.analyze`, `--at` for a position)."""
    @property
    def line(self) -> Optional[int]:
        """The line its place starts on, from 1."""
    @property
    def column(self) -> Optional[int]:
        """The column its place starts at, from 1."""
    @property
    def end_line(self) -> Optional[int]:
        """The line its place ends on."""
    @property
    def end_column(self) -> Optional[int]:
        """The column just past its place's end."""
    @property
    def help(self) -> Optional[str]:
        """What would help."""

@final
class Program:
    """A `.game` source, checked. It keeps what it has searched between
    questions, and answers one question at a time (a second thread asking
    meanwhile gets RuntimeError). Long work runs without the GIL and stops
    at Ctrl-C with KeyboardInterrupt."""

    @property
    def games(self) -> list[str]:
        """The names of the source's games, in order."""
    def analyze(self, statement: str, at: Optional[str] = None) -> Analysis:
        """Answers one `analyze` statement asking one position, as written in
        a file (`analyze` before it may be left out): `"nim at (3, 4, 5)"`,
        `"nim at 3 + kayles at 5"`, `'domineering at "..|.."'`, `"compare ^
        to *"`; or with `at`, the game `statement` names at the position `at`
        writes: `analyze("domineering", "..|..")` (a board's quotes may be
        left out)."""
    def analyze_all(self, statement: Optional[str] = None) -> list[Analysis]:
        """Answers every position one statement asks (`"kayles at 1..20"`),
        or with none given every `analyze` statement of the source, in order:
        as `gamelang analyze FILE --json` does."""
    def analyze_many(self, game: Optional[str], positions: Iterable[_Position]) -> Many:
        """Who wins each of many positions of one game, and its value,
        without their moves: `game` names the game (None: the source's only
        game). A million positions answered by a closed form take seconds."""
    def census(
        self,
        game: Optional[str] = None,
        *,
        cells: Union[None, int, tuple[int, int]] = None,
        length: Union[None, int, tuple[int, int]] = None,
        alphabet: Optional[str] = None,
        upto: Optional[int] = None,
        heaps: Optional[int] = None,
        vertices: Union[None, int, tuple[int, int]] = None,
    ) -> list[dict[str, Any]]:
        """A census (as `gamelang census`): every position of one family,
        valued size by size — a board game's connected shapes of `cells`
        empty cells or its strips of `length` cells (over `alphabet`), a
        heap game's positions whose largest heap is at most `upto` (of
        `heaps` heaps), a graph game's connected graphs of `vertices`
        vertices (a size, or a pair: from, to); a row a position, a dict
        with the keys of `gamelang census --json` (`position`, `size`,
        `value`, `outcome`, `temperature`, ...)."""
    def table(
        self,
        game: Optional[str] = None,
        *,
        upto: int,
        heaps: Optional[int] = None,
        progress: Union[None, bool, Callable[[int, int], Any]] = None,
    ) -> Table:
        """The table of a game's values over positions of heaps 0 to `upto`
        (as `gamelang table`): one heap's column, two heaps' grid, or a box
        of `heaps` heaps. `progress` is told how far it has got: a function
        called with (done, total) about every 50 ms, or True for a tqdm bar."""

@final
class Analysis:
    """Everything about one question. Each attribute is the field of the
    same name of `to_json()`, the command line's JSON, as a Python value."""

    @property
    def outcome(self) -> str:
        """Who wins: "P" (the player to move loses), "N" (the player to move
        wins), "D" (a draw), or for a partizan position "L" or "R" (Left or
        Right wins, whoever starts)."""
    @property
    def grundy(self) -> Optional[int]:
        """The Grundy value, or None where there is none (partizan, misère, a draw)."""
    @property
    def winning_moves(self) -> list[dict[str, Any]]:
        """The winning moves listed, each a dict with its `text`, the position
        it goes `to`, and its `rule`."""
    @property
    def winning_move_count(self) -> int:
        """How many winning moves there are in all."""
    @property
    def method(self) -> dict[str, Any]:
        """How the answer was found: its `kind` ("closed-form", "search",
        "period", "canonical-form", ...) and its `text`."""
    @property
    def position(self) -> str:
        """The position, as written after `at`."""
    @property
    def notes(self) -> list[dict[str, Any]]:
        """What the answer leaves out, and why."""
    @property
    def score(self) -> Optional[int]:
        """A scoring game's score with best play: the player to move's
        points from here on minus the other's; None for other games."""
    @property
    def best_moves(self) -> Optional[list[dict[str, Any]]]:
        """A scoring game's best moves, each with its `points` and whether
        its player moves `again`; None for other games."""
    @property
    def value(self) -> Optional[Value]:
        """A partizan position's canonical form, in CGSuite's notation
        (`"{1|-1}"`, `"^*"`, `"+-1"`), compared as a game; None for an
        impartial one."""
    @property
    def temperature(self) -> Optional[Fraction]:
        """A partizan position's temperature (-1 for an integer)."""
    @property
    def mean(self) -> Optional[Fraction]:
        """A partizan position's mean value."""
    @property
    def left_stop(self) -> Optional[Fraction]:
        """Where play ends with Left moving first, both playing for the best number."""
    @property
    def right_stop(self) -> Optional[Fraction]:
        """Where play ends with Right moving first."""
    @property
    def left_moves(self) -> Optional[list[dict[str, Any]]]:
        """Left's winning moves, moving first (partizan)."""
    @property
    def right_moves(self) -> Optional[list[dict[str, Any]]]:
        """Right's winning moves, moving first (partizan)."""
    @property
    def left_first(self) -> Optional[dict[str, Any]]:
        """A loopy partizan position with Left moving first: its
        `outcome` ("L", "R" or "D"), `remoteness`, best `moves` and
        `move_count`; else None."""
    @property
    def right_first(self) -> Optional[dict[str, Any]]:
        """... with Right moving first."""
    @property
    def misere_value(self) -> Optional[dict[str, Any]]:
        """A partizan sum played misère: its value in the dead-ending
        universe (`form`, None where there is none, then `code` and
        `outside`, or `stopped`); else None."""
    @property
    def stopper(self) -> Optional[bool]:
        """Whether a loopy partizan position is a stopper (no play from it
        goes on forever); None for a position that is not loopy."""
    @property
    def thermograph(self) -> Optional[Picture]:
        """A partizan position's thermograph, drawn."""
    @property
    def board(self) -> Optional[Picture]:
        """The position drawn, where it is one board."""
    def to_json(self) -> str:
        """The command line's JSON for this answer (one object of
        `analyze --json`'s array)."""
    def to_dict(self) -> dict[str, Any]:
        """`to_json()` as a dict."""
    def _repr_svg_(self) -> Optional[str]:
        """The thermograph of a partizan position, else its board, else None."""

@final
class Many:
    """Who wins each of many positions, and its value, in order."""

    @property
    def outcomes(self) -> list[str]:
        """Each position's outcome: "P", "N", "D", "L" or "R"."""
    @property
    def grundy(self) -> Any:
        """Each position's Grundy value: a NumPy array (uint64) where NumPy is
        installed and every position has one below 2^64, else a list of
        ints with None where a position has none."""
    @property
    def values(self) -> list[Optional[str]]:
        """Each partizan position's canonical form (None for the others)."""
    def count(self, outcome: str) -> int:
        """How many positions have the outcome `outcome`."""
    def __len__(self) -> int: ...

@final
class Table:
    """A table of values: one heap's column g(0..N), two heaps' grid, or a
    box of more heaps; shown as a picture by a notebook."""

    @property
    def values(self) -> Any:
        """Each position's Grundy value: a NumPy array (uint32; one heap:
        `values[n]`, two heaps: `values[a][b]`, more: an axis a heap) where
        NumPy is installed and every position has one, else nested lists
        with None where a position has none; a scoring game's scores, as
        nested lists of ints."""
    @property
    def outcomes(self) -> list[Any]:
        """Each position's outcome ("P", "N", "D"; None where it is not a
        position), nested as `values`' lists are."""
    @property
    def period(self) -> Optional[int]:
        """The period of a one-heap game's values, g(n + period) = g(n) from
        `preperiod` on, where the table shows one."""
    @property
    def preperiod(self) -> Optional[int]:
        """Where the period starts."""
    @property
    def proven(self) -> Optional[bool]:
        """Whether a theorem extends the period to every n (else it is only seen)."""
    @property
    def undefined(self) -> Optional[tuple[int, str]]:
        """The positions left blank because a rule cannot be applied on the
        way from them: (how many, the first one's error), or None."""
    def to_json(self) -> str:
        """The command line's JSON for this table (`table --json`)."""
    def to_dict(self) -> dict[str, Any]:
        """`to_json()` as a dict."""
    def _repr_svg_(self) -> str:
        """The picture `table --format svg` draws."""
    def __len__(self) -> int: ...

@final
class Value:
    """A canonical form as written (`str(v)`: `"{1|-1}"`), compared as a
    game: `v <= w` where Left does at least as well in `w` (Siegel,
    Combinatorial Game Theory, §II.1); `==` as equal games. A string
    written as a value compares alike (`v == "+-1"`)."""

    def __new__(cls, text: str) -> Value: ...
    def __lt__(self, value: Union[Value, str], /) -> bool: ...
    def __le__(self, value: Union[Value, str], /) -> bool: ...
    def __gt__(self, value: Union[Value, str], /) -> bool: ...
    def __ge__(self, value: Union[Value, str], /) -> bool: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Picture:
    """An SVG document; a notebook shows it."""

    @property
    def svg(self) -> str:
        """The document."""
    def _repr_svg_(self) -> str: ...
