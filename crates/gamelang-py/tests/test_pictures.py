"""Pictures are SVG documents a notebook shows (`_repr_svg_`)."""

import xml.etree.ElementTree as ElementTree

import gamelang
from conftest import ROOT

SVG = "{http://www.w3.org/2000/svg}svg"


def parses(svg):
    root = ElementTree.fromstring(svg)
    assert root.tag == SVG
    return root


def test_a_table_draws_itself():
    kayles = gamelang.load(ROOT / "games" / "kayles.game").table(upto=100)
    parses(kayles._repr_svg_())
    wythoff = gamelang.load(ROOT / "games" / "wythoff.game").table(upto=20)
    parses(wythoff._repr_svg_())


def test_a_partizan_answer_draws_its_thermograph_and_board():
    a = gamelang.load(ROOT / "games" / "domineering.game").analyze('domineering at "...|...|..."')
    parses(a._repr_svg_())
    parses(a.thermograph._repr_svg_())
    assert "thermograph of +-1" in a.thermograph.svg
    board = parses(a.board.svg)
    assert len(board.findall(".//{http://www.w3.org/2000/svg}rect")) >= 9


def test_an_impartial_answer_has_no_picture():
    a = gamelang.load(ROOT / "games" / "nim.game").analyze("nim at (1, 2)")
    assert a._repr_svg_() is None and a.thermograph is None and a.board is None
