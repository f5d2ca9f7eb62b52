"""Learning a TV card (learn.html) in a real browser, on a phone.

A small site holds the TV card of Dutch four-letter LINGO ('ij' one tile)
for two letters. At 390 x 844 a player learns a letter end to end (one with
exception moves, a move after a move where the card has one): every
line answered right once, then again after the wait (the page's clock run
forward), until the letter is ready for the show; a wrong answer shows the
card's line; a reload keeps the progress; nothing scrolls sideways. The
lines asked are the tree files' own: openers, then each exception move after
the feedback that leads to it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.output.treefile import read_tree

pytestmark = pytest.mark.browser

CARD = "nl-ij-4/same-start/human"  # the whole TV card: its knee and openers cards have no exception move
CHECKOUT = Path(__file__).resolve().parents[1]


def _letters() -> tuple[str, str]:
    """The letter learnt (of the card's letters with one to four exception
    moves, the one with the most, a move after a move first) and another."""
    letters, moves = [], {}
    for path in sorted((CHECKOUT / "trees" / CARD).glob("*.json")):
        if path.name != "index.json":
            letters.append(path.stem)
            exceptions = read_tree(path).strategy["exceptions"]
            if 1 <= len(exceptions) <= 4:
                chained = any(len(e["feedback"]) > len(exceptions[0]["feedback"]) for e in exceptions)
                moves[path.stem] = (chained, len(exceptions))
    learnt = max(sorted(moves), key=lambda letter: moves[letter])
    return learnt, next(letter for letter in letters if letter != learnt)


LEARNT, OTHER = _letters()
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def served(serve: Any, shipped_site: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = shipped_site(tmp_path_factory.mktemp("learn"), [f"{CARD}/{letter}.json" for letter in (LEARNT, OTHER)])
    with serve(site) as url:
        yield url


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    yield pg
    context.close()


def _expected(letter: str) -> dict[tuple[str, ...], str]:
    """What the card's tree says for each line of a letter: the openers, and the move after each feedback."""
    strategy = read_tree(CHECKOUT / "trees" / CARD / f"{letter}.json").strategy
    out = {(): " ".join(strategy["openers"])}
    out.update({tuple(e["feedback"]): e["word"] for e in strategy["exceptions"]})
    return out


def _answer(pg: Any, text: str) -> None:
    pg.fill("#learn-answer", text)
    pg.press("#learn-answer", "Enter")


def _line(pg: Any) -> dict[str, Any]:
    return pg.evaluate("window.lingoLearn.line")


def test_a_player_learns_a_letter_until_ready_and_keeps_it(served: str, phone: Any) -> None:
    pg = phone
    pg.clock.install()
    pg.goto(f"{served}/learn.html?card=nl-ij-4-tv-card")
    pg.wait_for_function("window.lingoLearn && window.lingoLearn.ready")
    pg.select_option("#learn-letter", LEARNT)
    expected = _expected(LEARNT)
    assert len(expected) >= 2  # the openers, then the exception moves
    # a wrong answer: the card's line is shown, the line comes back
    first = _line(pg)
    _answer(pg, "haas")
    assert "Not this" in pg.text_content("#learn-status")
    assert " · ".join(first["answer"]) in pg.text_content("#learn-right")
    pg.click("#learn-next")
    for round in range(4):  # right once, then again after each wait, until every line is known
        asked = set()
        while True:
            line = _line(pg)
            key = tuple(p[1] for p in line["played"])
            if key in asked:
                break  # every line due was asked: the next comes back after its wait
            asked.add(key)
            assert " ".join(line["answer"]) == expected[key]  # what the page asks is the tree's
            assert line["letter"] == LEARNT and pg.is_visible("#learn-question")
            _answer(pg, " ".join(line["answer"]).upper())
            assert "Right" in pg.text_content("#learn-status")
        assert asked <= set(expected) and (round or asked == set(expected))
        if pg.is_visible("#learn-ready"):
            break
        pg.clock.fast_forward(61_000)
        pg.select_option("#learn-letter", "")
        pg.select_option("#learn-letter", LEARNT)  # asks again, now that the lines are due
    assert round >= 1  # never ready before the second round: known is right twice, after a wait
    assert pg.is_visible("#learn-ready") and "ready for the show" in pg.text_content("#learn-ready")
    done = f"{LEARNT.upper()} {len(expected)}/{len(expected)}"
    assert done in pg.text_content("#learn-progress").replace("\n", " ")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    pg.reload()
    pg.wait_for_function("window.lingoLearn && window.lingoLearn.ready")
    pg.select_option("#learn-letter", LEARNT)
    assert pg.is_visible("#learn-ready")
    assert done in pg.text_content("#learn-progress").replace("\n", " ")
    assert f"{OTHER.upper()} 0/" in pg.text_content("#learn-progress").replace("\n", " ")
    assert not pg.errors
