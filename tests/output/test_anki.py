"""The TV cards' Anki decks: every line of a card a note, stable ids (generator/output/anki.py)."""

from __future__ import annotations

import re
import sqlite3
import zipfile
from pathlib import Path

import orjson
import pytest

from generator.output.anki import deck_bytes
from generator.output.drill import card_questions
from generator.output.sheets import OpenersCard, openers_card
from generator.output.treefile import read_tree

CARD = Path(__file__).resolve().parents[2] / "trees" / "en-common-4" / "same-start" / "human-knee"


def _notes(apkg: bytes, tmp: Path) -> list[tuple[str, str, str, str]]:
    """(guid, front, back, tags) of every note, read with the standard library."""
    (tmp / "deck.apkg").write_bytes(apkg)
    with zipfile.ZipFile(tmp / "deck.apkg") as z:
        z.extract("collection.anki2", tmp)
    with sqlite3.connect(tmp / "collection.anki2") as db:
        rows = db.execute("SELECT guid, flds, tags FROM notes ORDER BY id").fetchall()
    return [(guid, *flds.split("\x1f"), tags) for guid, flds, tags in rows]


@pytest.fixture(scope="module")
def card() -> OpenersCard:
    return openers_card(orjson.loads((CARD / "index.json").read_bytes()), "English LINGO, four letters")


def test_every_line_of_the_card_is_a_note_that_says_what_its_tree_plays(card: OpenersCard, tmp_path: Path) -> None:
    notes = _notes(deck_bytes(card, "the knee"), tmp_path)
    assert len(notes) == len(card_questions(card)) == sum(bool(r.openers) + len(r.exceptions) for r in card.rows)
    said = {}
    for _, front, back, tags in notes:
        letter = front.split(":")[0]
        assert f"letter_{letter}" in tags.split()
        said[letter, tuple(re.findall(r'<span class="p">([^<]+)</span>', front))] = back
    for row in card.rows:
        tree = read_tree(CARD / f"{row.letter}.json")
        key = row.letter.upper()
        if tree.strategy["openers"]:
            assert said[key, ()] == " · ".join(tree.strategy["openers"])
        for e in tree.strategy["exceptions"]:  # the move after the feedback that leads to it, as the tree has it
            assert said[key, tuple(e["feedback"])] == e["word"]


def test_a_rebuilt_deck_is_the_same_bytes_with_the_same_note_ids(card: OpenersCard, tmp_path: Path) -> None:
    one, two = deck_bytes(card, "the knee"), deck_bytes(card, "the knee")
    assert one == two
    guids = [g for g, *_ in _notes(one, tmp_path)]
    assert len(set(guids)) == len(guids)
