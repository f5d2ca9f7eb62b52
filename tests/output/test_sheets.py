"""Cheat sheets: view models, escaping, golden files (generator/output/sheets.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core.rules import LINGO
from generator.core.tree import GameTree, Node, Stats
from generator.core.words import Letters
from generator.output import sheets, tiles
from generator.output.treefile import read_tree


def _sheet(trees: Path, rule: str, strategy: str, letter: str) -> sheets.LetterSheet:
    tree = read_tree(trees / "tiny" / rule / strategy / f"{letter}.json")
    return sheets.letter_sheet(tree, "tiny", "Tiny Dutch LINGO", rule, strategy, letter)


# -- view models --------------------------------------------------------------------


def test_letter_sheet_has_every_group_in_order(tiny: Path) -> None:
    tree = read_tree(tiny / "tiny" / "free" / "human" / "b.json")
    s = _sheet(tiny, "free", "human", "b")
    assert [w.word for w in s.openers] == tree.strategy["openers"]
    assert [g.words for g in s.groups] == [g["words"] for g in tree.strategy["groups"]]
    assert [[f.pattern for f in g.feedback] for g in s.groups] == [g["feedback"] for g in tree.strategy["groups"]]
    # every secret is on the sheet once: in a group, or an opener that wins
    on_sheet = [w for g in s.groups for w in g.words] + s.opener_secrets
    assert sorted(on_sheet) == sorted(tree.secrets)
    assert s.has_table and s.secrets == len(tree.secrets)


def test_long_openers_print_in_one_column(tiny: Path) -> None:
    s = _sheet(tiny, "free", "human", "b")
    assert s.columns == 2 and 'class="groups-wrap"' in sheets.render_print([s], title="t")
    six = tiles.WordTiles("bakken", tuple(tiles.Tile(c) for c in "bakken"))
    wide = sheets.LetterSheet(**{**s.__dict__, "openers": [six, six, six]})
    assert wide.columns == 1 and 'class="groups-wrap one-column"' in sheets.render_print([wide], title="t")


def test_digraph_is_one_tile(tiny: Path) -> None:
    s = _sheet(tiny, "same-start", "human", "ij")
    for g in s.groups:
        for f in g.feedback:
            assert len(f.tiles) == 5
    ijzer = tiles.word_tiles("ijzer", Letters(("ij",)))
    assert [t.letter for t in ijzer.tiles] == ["ij", "z", "e", "r"]
    html = sheets.render_print([s], title="ij")
    assert '<span class="tile w">ij</span>' in html


def test_adaptive_tree_has_no_table(tiny: Path) -> None:
    s = _sheet(tiny, "free", "scm", "b")
    assert not s.has_table and s.groups == [] and s.openers == []
    assert "interactive lookup" in sheets.render_print([s], title="scm")


def test_tiles_are_strips_named_by_their_coloured_places(tiny: Path) -> None:
    s = _sheet(tiny, "same-start", "human", "b")
    printed = sheets.render_print([s], title="b")
    assert 'class="tile' not in printed.split("<body", 1)[1]  # no digraph in b's words: strips only
    assert '<span class="word strip">' in printed and 'style="--tiles: 5"' in printed
    for classes, text in re.findall(r'<span class="fb strip([^"]*)">([^<]*)</span>', printed):
        want = [f"{'g' if c == 'G' else 'y'}{i}" for i, c in enumerate(text) if c in "GY"]
        assert classes.split() == want, text
    assert environment_sheet(s) in printed  # the site's page shows the sheet as printed
    ij = _sheet(tiny, "same-start", "human", "ij")  # a word with the tile "ij" keeps its boxes
    assert '<span class="tile w">ij</span>' in sheets.render_print([ij], title="ij")


def environment_sheet(s: sheets.LetterSheet) -> str:
    """A letter sheet as the site's pages show it."""
    return str(sheets.environment().get_template("macros.html.j2").module.letter_sheet(s))  # type: ignore[attr-defined]


def _exception_tree() -> GameTree:
    strategy = {
        "scheme": "human", "openers": ["lorum"], "k": 1, "words_to_learn": 2,
        "exceptions": [{"feedback": [".Y..."], "word": "gazon"}], "largest_group": 3,
        "proved_minimal": False, "lower_bound": 1, "search": "by hand",
        "groups": [{"feedback": [".Y..."], "words": ["kogen", "koven", "kozen"], "exception": "gazon",
                    "parts": [{"feedback": ".Y.GG", "words": ["kogen"]},
                              {"feedback": "...GG", "words": ["koven", "kozen"]}],
                    "late": ["kozen"]}],
    }
    root = Node("lorum", {".Y...": Node("gazon", {".Y.GG": "kogen", "...GG": Node("koven", {"GG.GG": "kozen"})})})
    return GameTree(LINGO.for_letter("k"), "x", "x", ("kogen", "koven", "kozen"), root, strategy,
                    ("kozen",), Stats(3, 13, 5, {3: 1, 4: 1, 5: 1}))


def test_exception_moves_and_late_words_are_printed() -> None:
    s = sheets.letter_sheet(_exception_tree(), "nl", "Dutch", "free", "human", "k")
    g = s.groups[0]
    assert g.exception is not None and g.exception.word == "gazon"
    assert [(p.feedback.pattern, p.words) for p in g.parts] == [(".Y.GG", ["kogen"]), ("...GG", ["koven", "kozen"])]
    html = sheets.render_print([s], title="k")
    assert 'play <span class="word strip">gazon</span>' in html
    assert '<u class="late">kozen</u>' in html
    assert "Not reached within the turns" in html


# -- escaping -------------------------------------------------------------------------


def test_words_are_escaped_not_interpreted() -> None:
    tree = _exception_tree()
    evil = '<b>"&'
    tree.strategy["openers"] = [evil]
    tree.strategy["groups"][0]["words"] = ['k<i>"', "k&amp;", "k'x"]
    tree.strategy["groups"][0].pop("exception")
    tree.strategy["groups"][0].pop("parts")
    tree.strategy["groups"][0]["feedback"] = [".Y..."]
    s = sheets.letter_sheet(tree, "nl", "<script>alert(1)</script>", "free", "human", "k")
    html = sheets.render_print([s], title=evil)
    assert "<script>" not in html and "<b>" not in html and "<i>" not in html
    assert "&lt;script&gt;" in html and "k&amp;amp;" in html and "k&lt;i&gt;&#34;" in html
    assert sheets.environment().autoescape is True


# -- golden files ---------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "strategy", "letter"), [
    ("free", "human", "b"), ("same-start", "human", "ij"), ("free", "human-lookup", "b"), ("free", "scm", "ij"),
])
def test_letter_sheet_golden(golden, tiny: Path, rule: str, strategy: str, letter: str) -> None:
    s = _sheet(tiny, rule, strategy, letter)
    golden(f"sheet-{rule}-{strategy}-{letter}.html", sheets.render_print([s], title=s.title))


@pytest.mark.parametrize("rule", ["free", "same-start"])
def test_openers_card_golden(golden, tiny: Path, rule: str) -> None:
    import orjson

    index = orjson.loads((tiny / "tiny" / rule / "human" / "index.json").read_bytes())
    card = sheets.openers_card(index, "Tiny Dutch LINGO")
    assert [r.letter for r in card.rows] == ["b", "ij"]
    golden(f"card-{rule}-human.html", sheets.render_print(cards=[card], title="card"))


def test_the_tv_card_lists_openers_and_exception_moves_with_a_legend(tiny: Path) -> None:
    import orjson

    index = orjson.loads((tiny / "tiny" / "same-start" / "human" / "index.json").read_bytes())
    b = index["letters"]["b"]
    b["exceptions"] = [{"feedback": ["G.Y.."], "word": "bazig"}, {"feedback": ["G.Y..", "G...."], "word": "bloes"}]
    b["uncommon"] = ["bazig"]
    b["proved_minimal"] = False
    card = sheets.openers_card(index, "Tiny Dutch LINGO", length=5)
    assert card.tv and card.name == "TV card" and card.uncommon and card.proved_letters == 1
    html = sheets.render_print(cards=[card], title="TV card")
    assert "tv-card" in html and "<strong>TV card</strong>" in html
    assert '<span class="p">G.Y..</span> <b>bazig*</b>' in html  # the feedback path, then the move
    # a move after a move: the chain names the move whose feedback the line answers
    assert '<span class="p">G.Y..</span> · bazig <span class="p">G....</span> <b>bloes</b>' in html
    assert "right place" in html and "a word less common than the rest" in html  # the legend
    assert "no card needs fewer" not in html  # b is not proved
    free = orjson.loads((tiny / "tiny" / "free" / "human" / "index.json").read_bytes())
    assert not sheets.openers_card(free, "Tiny Dutch LINGO").tv  # the free rule keeps the openers card


def test_once_reuses_a_macros_markup_for_an_equal_value() -> None:
    calls = []

    class Macro:
        name = "feedback"

        def __call__(self, value: object, extra: bool) -> str:  # any other arguments
            calls.append(value)
            return f"<b>{value}</b>"

    once = sheets.Once(size=2)
    a = tiles.feedback_tiles("boxer", "GG..Y", Letters())
    b = tiles.FeedbackTiles(a.pattern, a.tiles)  # equal, not the same object
    assert once(Macro(), a, True) == once(Macro(), b, True) and len(calls) == 1
    assert once(Macro(), a, False) != "" and len(calls) == 2  # other arguments: made again
    once(Macro(), "x", True)  # past its size the store starts afresh
    assert once(Macro(), a, True) and len(calls) == 4
