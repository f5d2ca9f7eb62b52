"""Anki decks of the TV cards: learn a card by spaced repetition.

A deck (``.apkg``, written with ``genanki``) holds one note per line of a TV
card, the questions of :mod:`generator.output.drill`:

* per start letter, its openers: *K: your openers?* -> *klopt · kunde*;
* per exception move, the play that leads to it and the move:
  *K: klopt G.... · kunde G.YY. what do you play?* -> *kraak*.

Each note is tagged with its letter (``letter_K``) and the card, and has a
**stable id** (``genanki.guid_for`` of the set-up, the card, the letter and
the line), as have the deck and its note type (from their names): importing
a rebuilt deck updates the notes a player already learns instead of adding
them again. The file's timestamp is fixed, so a deck is the same bytes for
the same card.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import itertools
import sqlite3
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from generator.output.drill import Question, card_questions
from generator.output.sheets import OpenersCard

DECK_TIMESTAMP = 1_764_000_000.0  # fixed: the same card, the same bytes
ZIP_DATE = (2025, 11, 24, 0, 0, 0)
FRONT_BACK = [{"name": "Card", "qfmt": "{{Front}}",
               "afmt": "{{FrontSide}}<hr id=answer><div class=answer>{{Back}}</div>"}]
CSS = (".card { font-family: sans-serif; font-size: 22px; text-align: center; }\n"
       ".p { font-family: monospace; letter-spacing: .1em; }\n.answer { font-weight: bold; font-size: 28px; }\n")


def _front(q: Question) -> str:
    letter = q.letter.upper()
    if not q.played:
        return f"{letter}: your openers?"
    played = " · ".join(f'{w} <span class="p">{p}</span>' for w, p in q.played)
    return f"{letter}: {played}<br>what do you play?"


def _id(text: str) -> int:
    """A stable id for a deck or note type (genanki wants a 31-bit-ish positive int)."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 1 | 1 << 30


def deck_bytes(card: OpenersCard, title: str) -> bytes:
    """The ``.apkg`` of a TV card, named ``title`` in Anki."""
    import genanki

    model = genanki.Model(_id("lingo-trees card line"), "lingo-trees card line",
                          fields=[{"name": "Front"}, {"name": "Back"}], templates=FRONT_BACK, css=CSS)
    deck = genanki.Deck(_id(f"lingo-trees {card.setup} {card.strategy}"), title)
    for q in card_questions(card):
        deck.add_note(genanki.Note(
            model=model, fields=[_front(q), " · ".join(q.answer)],
            guid=genanki.guid_for("lingo-trees", card.setup, card.rule, card.strategy, q.letter, q.key),
            tags=[f"letter_{q.letter.upper()}", f"lingo-trees::{card.setup}::{card.strategy}"]))
    return _package(genanki.Package(deck))


def _package(package: Any) -> bytes:
    """The ``.apkg`` bytes of a genanki package: its collection written to a
    SQLite file in a folder of ours, removed after (genanki's own
    ``write_to_file`` leaves its temporary file behind), zipped with a fixed
    date."""
    with tempfile.TemporaryDirectory(prefix="lingo-trees-deck-") as tmp:
        db = Path(tmp) / "collection.anki2"
        with contextlib.closing(sqlite3.connect(db)) as conn:
            package.write_to_db(conn.cursor(), DECK_TIMESTAMP, itertools.count(int(DECK_TIMESTAMP * 1000)))
            conn.commit()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in (("collection.anki2", db.read_bytes()), ("media", b"{}")):
                z.writestr(zipfile.ZipInfo(name, date_time=ZIP_DATE), data, zipfile.ZIP_DEFLATED)
        return out.getvalue()
