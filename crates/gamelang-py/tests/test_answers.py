"""Answers from Python equal the command line's: every example game's
`analyze` statements, single statements, many positions at once, tables."""

import json

import pytest

import gamelang
from conftest import GAMES, ROOT


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_example_game_answers_as_the_command_line(path, cli):
    run = cli("analyze", path, "--json")
    assert run.returncode == 0, run.stderr
    expected = json.loads(run.stdout)
    answers = gamelang.load(path).analyze_all()
    assert [json.loads(a.to_json()) for a in answers] == expected
    for answer, object in zip(answers, expected):
        assert answer.outcome == object["outcome"]
        assert answer.grundy == object["grundy"]
        assert answer.winning_moves == object["winning_moves"]
        assert answer.method == object["method"]
        assert answer.to_dict() == object


def test_one_statement():
    prog = gamelang.load(ROOT / "games" / "nim.game")
    a = prog.analyze("nim at (3, 4, 5)")
    # 3 ^ 4 ^ 5 = 2: the first player wins by taking 2 from the 3 (Bouton).
    assert (a.outcome, a.grundy) == ("N", 2)
    assert [m["to"] for m in a.winning_moves] == ["(1, 4, 5)"]
    assert a.method["kind"] == "closed-form"
    assert a.position == "(3, 4, 5)"
    assert "take 2 from heap 1" in str(a)
    # The word `analyze` may be written, and a sum asked.
    b = prog.analyze("analyze nim at (1, 2) + nim at 3")
    assert (b.outcome, b.grundy) == ("P", 0)


def test_a_statement_of_many_positions():
    prog = gamelang.load(ROOT / "games" / "kayles.game")
    answers = prog.analyze_all("kayles at 0..11")
    # Kayles' values (Winning Ways, ch. 4; OEIS A002186).
    assert [a.grundy for a in answers] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    with pytest.raises(ValueError, match="asks 12 positions"):
        prog.analyze("kayles at 0..11")


def test_partizan_answers():
    prog = gamelang.load(ROOT / "games" / "domineering.game")
    a = prog.analyze('domineering at "...|...|..."')
    # Domineering 3 x 3 is ±1 (Winning Ways, ch. 5; Lessons in Play).
    assert (a.value, a.outcome, a.grundy) == ("+-1", "N", None)
    assert (a.temperature, a.mean) == (1, 0)
    assert (a.left_stop, a.right_stop) == (1, -1)
    assert a.left_moves and a.right_moves
    assert a.thermograph is not None and a.board is not None
    cut = gamelang.load(ROOT / "games" / "cutcake.game").analyze("cutcake at (4, 3)")
    assert (cut.value, cut.outcome) == ("1", "L")


def test_a_misere_partizan_position_has_its_dead_ending_value():
    prog = gamelang.load(ROOT / "games" / "misere_domineering.game")
    # The 2 × 2 square: P, its value {1|-1} (docs/LANGUAGE.md).
    a = prog.analyze('domineering at "..|.."')
    assert a.outcome == "P"
    assert a.misere_value == {"universe": "dead-ending", "form": "{1|-1}"}


def test_a_loopy_partizan_position_says_who_wins_with_each_player_first():
    prog = gamelang.load(ROOT / "games" / "loopy_tokens.game")
    # By hand (games/loopy_tokens.game): Right, to move at 0, has no move;
    # Left, moving first, can never bring Right back to 0 to move.
    a = prog.analyze("token at (0)")
    assert a.outcome == "D"
    assert (a.left_first["outcome"], a.right_first["outcome"]) == ("D", "L")
    assert a.right_first["remoteness"] == 0 and a.stopper is False
    assert [m["to"] for m in a.left_first["moves"]] == ["(1)"]
    geese = gamelang.load(ROOT / "games" / "fox_and_geese.game")
    pen = geese.analyze('fox_and_geese at "G.G.|....|....|.F.."')
    assert (pen.outcome, pen.stopper) == ("L", True)
    assert prog.analyze("token at (0)").value is None
    assert gamelang.load(ROOT / "games" / "nim.game").analyze("nim at (1)").stopper is None
    over = prog.analyze("passes at 3")
    assert (over.stopper, over.to_dict()["value"]) == (True, "over")
    with pytest.raises(ValueError, match="loopy"):
        gamelang.Value("over")


def test_many_positions_answer_as_one_at_a_time():
    prog = gamelang.load(ROOT / "games" / "kayles.game")
    many = prog.analyze_many("kayles", range(60))
    one = [prog.analyze(f"kayles at {n}") for n in range(60)]
    assert len(many) == 60
    assert many.outcomes == [a.outcome for a in one]
    assert list(many.grundy) == [a.grundy for a in one]
    assert many.count("P") == sum(a.outcome == "P" for a in one)
    nim = gamelang.load(ROOT / "games" / "nim.game")
    pairs = [(a, b, c) for a in range(5) for b in range(5) for c in range(5)]
    many = nim.analyze_many(None, pairs)
    assert list(many.grundy) == [a ^ b ^ c for a, b, c in pairs]
    boards = ['"..|.."', '"...|...|..."', '"....|...."']
    dom = gamelang.load(ROOT / "games" / "domineering.game")
    many = dom.analyze_many(None, boards)
    assert many.values == [dom.analyze(f"domineering at {b}").value for b in boards]
    assert many.values[1] == "+-1"


def test_many_positions_of_numpy_numbers():
    numpy = pytest.importorskip("numpy")  # the bare run (no NumPy) has none to give
    kayles = gamelang.load(ROOT / "games" / "kayles.game")
    many = kayles.analyze_many(None, numpy.arange(12))
    assert list(many.grundy) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert many.grundy.dtype == numpy.uint64


def test_many_positions_past_64_bits():
    nim = gamelang.load(ROOT / "games" / "nim.game")
    big = 2**100 + 5
    many = nim.analyze_many("nim", [(big, 5)])
    assert list(many.grundy) == [big ^ 5]


def test_tables_equal_the_command_line(cli):
    for name, upto in [("kayles", 200), ("wythoff", 12), ("dawson", 300)]:
        path = ROOT / "games" / f"{name}.game"
        expected = json.loads(cli("table", path, "--upto", upto, "--json").stdout)
        table = gamelang.load(path).table(upto=upto)
        assert json.loads(table.to_json()) == expected
        values = table.values
        values = values.tolist() if hasattr(values, "tolist") else values
        assert values == expected["values"]
        if name != "wythoff":  # a grid has no period
            assert (table.period, table.preperiod) == (expected["period"], expected["preperiod"])


def test_a_census_equals_the_command_line(cli):
    path = ROOT / "games" / "domineering.game"
    expected = [json.loads(line) for line in cli("census", path, "--cells", "1..6", "--json").stdout.splitlines()]
    rows = gamelang.load(path).census(cells=(1, 6))
    assert rows == expected
    # One row for each free polyomino (OEIS A000105), size by size.
    assert [sum(r["size"] == n for r in rows) for n in range(1, 7)] == [1, 1, 2, 5, 12, 35]
    assert gamelang.load(path).census(cells=6) == [r for r in rows if r["size"] == 6]
    with pytest.raises(ValueError, match="cells"):
        gamelang.load(path).census(cells=(0, 3))
    # The other families: a heap game's positions, a board game's strips,
    # a graph game's graphs, each as the command line takes them.
    for name, args, kwargs in [
        ("nim", ["--upto", "3", "--heaps", "2"], {"upto": 3, "heaps": 2}),
        ("clobber", ["--length", "1..4"], {"length": (1, 4)}),
        ("toads_and_frogs", ["--length", "3", "--alphabet", "TF."], {"length": 3, "alphabet": "TF."}),
        ("snort", ["--vertices", "1..3"], {"vertices": (1, 3)}),
    ]:
        path = ROOT / "games" / f"{name}.game"
        expected = [json.loads(line) for line in cli("census", path, *args, "--json").stdout.splitlines()]
        assert expected and gamelang.load(path).census(**kwargs) == expected, name
    with pytest.raises(TypeError, match="one of"):
        gamelang.load(path).census(cells=3, vertices=3)
    with pytest.raises(ValueError, match="graphs"):
        gamelang.load(ROOT / "games" / "nim.game").census(vertices=3)
    # Its rows are held at once: a census past a million positions is the
    # command line's.
    with pytest.raises(ValueError, match="command line"):
        gamelang.load(ROOT / "games" / "wythoff.game").census(upto=2000)


def test_project_euler_306():
    # The paper-strip game is Dawson's Kayles (octal 0.07): a strip of n
    # squares is won by the first player iff its Grundy value is not 0.
    # Project Euler 306 gives 852938 strips n <= 10^6 won by the first player.
    table = gamelang.load(ROOT / "games" / "dawson.game").table(upto=10**6)
    values = table.values
    count = sum(1 for n in range(1, 10**6 + 1) if values[n] != 0)
    assert count == 852938
    assert (table.period, table.preperiod, table.proven) == (34, 53, True)


def test_progress_is_told():
    seen = []
    table = gamelang.load(ROOT / "games" / "grundy.game").table(
        upto=3000, progress=lambda done, total: seen.append((done, total))
    )
    assert len(table) == 3001
    assert seen and seen[-1][0] == seen[-1][1] > 0
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))


def test_a_progress_bar_where_tqdm_is_installed():
    prog = gamelang.load(ROOT / "games" / "grundy.game")
    try:
        import tqdm  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install tqdm"):
            prog.table(upto=100, progress=True)
    else:
        assert len(prog.table(upto=3000, progress=True)) == 3001
    with pytest.raises(TypeError, match="progress"):
        prog.table(upto=10, progress=3)


def test_settings_and_limits():
    bash = gamelang.load(ROOT / "games" / "bash.game", settings=["m=4"])
    # Bash's game with 1 to 4 stones a move: P iff n is a multiple of 5.
    assert bash.analyze("bash at 10").outcome == "P"
    assert bash.analyze("bash at 11").outcome == "N"
    with pytest.raises(ValueError, match="timeout"):
        gamelang.parse("game g { heaps 1; take 1 }", timeout=-1)


def test_a_scoring_game_has_its_score_and_best_moves():
    prog = gamelang.load(ROOT / "games" / "coins_in_a_row.game")
    a = prog.analyze("coins_in_a_row at (1, 4)")
    # 3, 9, 1, 2: taking the 2 leaves 3, 9, 1, and the 9 falls to the
    # first player whichever end the other takes: 11 against 4.
    assert (a.outcome, a.score) == ("N", 7)
    assert [(m["to"], m["points"], m["again"]) for m in a.best_moves] == [
        ("(i = 1, j = 3)", 2, False)
    ]
    assert a.grundy is None
    assert gamelang.load(ROOT / "games" / "nim.game").analyze("nim at 3").score is None


def test_a_table_of_a_scoring_game_holds_its_scores():
    prog = gamelang.load(ROOT / "games" / "split_and_score.game")
    table = prog.table("split_and_score", upto=7)
    # A pile of n splits into n(n-1)/2 points in all; the first player's
    # margin is (n // 2) squared (by the search; tests/it/scoring.rs holds
    # the search to the definition).
    assert table.values == [(n // 2) ** 2 for n in range(8)]
    assert table.outcomes == ["D", "D", "N", "N", "N", "N", "N", "N"]
    assert table.undefined is None


def test_a_table_leaves_blank_the_positions_its_rules_do_not_define():
    # Four coins: row i = 0 reads v[0], column j = 5 reads v[5]
    # (tests/it/scoring.rs counts them against the definition).
    prog = gamelang.load(ROOT / "games" / "coins_in_a_row.game")
    table = prog.table("coins_in_a_row", upto=5)
    count, first = table.undefined
    assert count == 11
    assert "v[0] does not exist" in first
    assert table.values[0] == [None] * 6
    assert table.values[1][4] == 7
    assert table.to_dict()["undefined"]["count"] == 11


def test_a_board_without_its_quotes_and_comparisons():
    dom = gamelang.load(ROOT / "games" / "domineering.game")
    # The 2 x 2 square is ±1 (Winning Ways, ch. 5), asked three ways.
    assert dom.analyze("domineering", "..|..").value == "+-1"
    assert dom.analyze("domineering", '"..|.."').value == "+-1"
    assert dom.analyze_many(None, ["..|..", '"..|.."']).values == ["+-1", "+-1"]
    # G − H and `compare`: the square less ±1 is 0 (Siegel, §II.1).
    assert dom.analyze('domineering at "..|.." - {1|-1}').value == "0"
    assert dom.analyze('compare domineering at "..|.." to {1|-1}').outcome == "P"


def test_a_partizan_table_holds_forms_and_outcome_classes():
    cut = gamelang.load(ROOT / "games" / "cutcake.game")
    table = cut.table("cutcake", upto=4)
    # A 4 × 3 cake is 1, a 3 × 4 one -1 (Winning Ways, ch. 2).
    assert table.values[4][3] == "1" and table.values[3][4] == "-1"
    assert table.outcomes[4][3] == "L" and table.outcomes[2][2] == "P"


def test_values_compare_as_games():
    # 1/2 > ^ (^ is infinitesimal), ^ and * are confused, ±1 = {1|-1}
    # (Siegel, Combinatorial Game Theory, §II.1; Winning Ways, ch. 2).
    half, up, star = gamelang.Value("1/2"), gamelang.Value("^"), gamelang.Value("*")
    assert up < half and half > up and up <= half
    assert not (up <= star) and not (star <= up) and up != star
    assert gamelang.Value("{1|-1}") == "+-1" and str(gamelang.Value("{1|-1}")) == "+-1"
    dom = gamelang.load(ROOT / "games" / "domineering.game")
    square = dom.analyze("domineering", "..|..").value
    two = dom.analyze("domineering", ".|.|.|.").value
    assert square is not None and two is not None
    assert square == "{1|-1}" and square == gamelang.Value("+-1")
    assert two > square  # 2 > ±1
    assert len({square, gamelang.Value("+-1")}) == 1
    with pytest.raises(ValueError):
        gamelang.Value("3/5")


def test_operations_on_values_are_values():
    # cool({3|-3}, 1) = +-2, 1 : -1 = 1/2, norton(2, ^) = ^^ (issue 73;
    # Winning Ways, ch. 6; Siegel, Combinatorial Game Theory, ch. II).
    assert gamelang.Value("cool({3|-3}, 1)") == "+-2"
    assert str(gamelang.Value("1 : -1")) == "1/2"
    assert gamelang.Value("norton(2, ^)") == gamelang.Value("^^")
    assert gamelang.Value("companion(^)") == "^*"
    with pytest.raises(ValueError, match="above -1"):
        gamelang.Value("cool(1, -1)")
    # Numbers by their sign expansions at once; a deep ordinal sum of
    # other games within the default limits: refused, not a hang.
    assert gamelang.Value("1 : 100000000") == "100000001"
    with pytest.raises(ValueError, match="default limits|longer than"):
        gamelang.Value("* : 100000000")
