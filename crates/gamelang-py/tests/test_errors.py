"""Every failure is a GameError with its diagnostics as data: code,
message, line, column, help; its text is the command line's report."""

import pytest

import gamelang
from conftest import ROOT


def test_every_mistake_of_a_source_at_once():
    text = "game a {\n    heaps 1\n    tak 1..3\n}\ngame b {\n    heaps *\n    take 0\n}\n"
    with pytest.raises(gamelang.GameError) as raised:
        gamelang.parse(text, "two.game")
    error = raised.value
    assert len(error.diagnostics) >= 1
    first = error.diagnostics[0]
    assert first.code == error.code == "gamelang::syntax"
    assert (first.file, first.line, first.column) == ("two.game", 3, 5)
    assert first.help == "did you mean `take`?"
    assert first.severity == "error"
    # The text is the report the command line prints, with its place.
    assert "two.game:3:5" in str(error)
    assert "did you mean `take`?" in str(error)


def test_a_question_of_a_game_that_is_not_there():
    prog = gamelang.load(ROOT / "games" / "nim.game")
    with pytest.raises(gamelang.GameError) as raised:
        prog.analyze("nimm at 3")
    error = raised.value
    assert error.code == "gamelang::check::unknown_game"
    assert error.diagnostics[0].help == "did you mean `nim`?"
    assert (error.diagnostics[0].line, error.diagnostics[0].column) == (1, 9)


def test_a_position_that_is_not_one():
    prog = gamelang.load(ROOT / "games" / "wythoff.game")
    with pytest.raises(gamelang.GameError) as raised:
        prog.analyze("wythoff at (1, 2, 3)")
    assert raised.value.code == "gamelang::check::heap_count"
    with pytest.raises(gamelang.GameError) as raised:
        prog.analyze_many(None, [(1, 2), (1, 2, 3)])
    assert raised.value.code == "gamelang::check::heap_count"
    with pytest.raises(TypeError, match="a position is an int"):
        prog.analyze_many(None, [1.5])


def test_a_setting_that_is_wrong():
    with pytest.raises(gamelang.GameError) as raised:
        gamelang.load(ROOT / "games" / "bash.game", settings=["k=4"])
    assert raised.value.code == "gamelang::check::unknown_parameter"


def test_a_limit_reached_says_so():
    prog = gamelang.load(ROOT / "games" / "domineering.game", max_positions=10)
    with pytest.raises(gamelang.GameError) as raised:
        prog.analyze('domineering at "....|....|....|...."')
    assert raised.value.code.startswith("gamelang::search::")
    # The program still answers what fits.
    assert prog.analyze('domineering at ".|."').value == "1"


def test_a_file_that_is_not_there():
    with pytest.raises(FileNotFoundError):
        gamelang.load(ROOT / "games" / "no_such.game")


def test_a_negative_number_is_a_value_error():
    # Hostile input, round four: a negative heap, `upto` or limit raised
    # OverflowError (a conversion's), where ValueError is documented.
    nim = gamelang.load(ROOT / "games" / "nim.game")
    for position in [-1, (3, -4, 5)]:
        with pytest.raises(ValueError, match="whole number, 0 or more"):
            nim.analyze_many("nim", [position])
    with pytest.raises(ValueError, match="upto"):
        nim.table("nim", upto=-1)
    with pytest.raises(ValueError, match="max_memory"):
        gamelang.parse("game g { heaps 1; take 1 }", max_memory=-5)
    with pytest.raises(ValueError, match="max_positions"):
        gamelang.load(ROOT / "games" / "nim.game", max_positions=-1)


def test_deep_values_are_answered_not_a_crash():
    # Hostile input, round four: a sum of 15,000 ups, and *1024 + *1023,
    # killed the interpreter with SIGSEGV; they are answered.
    prog = gamelang.parse("game g { heaps 1; take 1 }")
    ups = prog.analyze(" + ".join(["^"] * 15000))
    assert ups.value == "^15000"
    stars = prog.analyze("*1024 + *1023")
    assert stars.value == "*2047"


def test_a_source_past_four_megabytes_is_refused():
    with pytest.raises(ValueError, match="larger than"):
        gamelang.parse("// " + "x" * (4 << 20))


def test_a_file_that_is_not_there_is_named():
    with pytest.raises(FileNotFoundError, match="no_such.game"):
        gamelang.load(ROOT / "games" / "no_such.game")
