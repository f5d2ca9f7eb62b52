"""A TV card's lines as questions: what the Learn page asks and the Anki deck holds.

Each line of a card (:class:`generator.output.sheets.OpenersCard`) is one
question with its answer, in the card's order (letter by letter, its
openers first, then its exception moves):

* the openers of a letter: *K: your openers?* -> ``["klopt", "kunde"]``;
* an exception move: the words played before it with the feedback each got
  (the openers, then the moves before it) -> ``["kraak"]``.

``key`` names the line within its letter (``openers``, or the feedback that
leads to the move), so a rebuilt card keeps the progress of a line that did
not change. :func:`learn_data` is the JSON the Learn page loads, and
:func:`write_learn` writes the page and every card's data into the site.

>>> from generator.output.sheets import CardException, CardRow
>>> row = CardRow("k", 9, ["klopt", "kunde"], 4, [CardException(("G....", "G...."), "kraak")], 3.7, 5, 0, True)
>>> [(q.key, q.played, q.answer) for q in row_questions(row)]  # doctest: +NORMALIZE_WHITESPACE
[('openers', (), ('klopt', 'kunde')),
 ('G.... G....', (('klopt', 'G....'), ('kunde', 'G....')), ('kraak',))]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from generator.core.feedback import Pattern
from generator.core.words import Word
from generator.output.i18n import _
from generator.output.sheets import CardRow, OpenersCard, render

LEARN_FORMAT, LEARN_VERSION = "lingo-trees.learn", 1


@dataclass(frozen=True)
class Question:
    """One line of a card: what was played before it, and what to say."""

    letter: str
    key: str
    played: tuple[tuple[Word, Pattern], ...]  # empty: the question asks for the openers
    answer: tuple[Word, ...]


def row_questions(row: CardRow) -> list[Question]:
    """The questions of one letter: its openers (where it has any), then its exception moves."""
    out = [Question(row.letter, "openers", (), tuple(row.openers))] if row.openers else []
    for e in row.exceptions:
        out.append(Question(row.letter, " ".join(e.feedback), tuple(row.played_before(e)), (e.word,)))
    return out


def card_questions(card: OpenersCard) -> list[Question]:
    return [q for row in card.rows for q in row_questions(row)]


def learn_data(card_id: str, card: OpenersCard, digraphs: list[str]) -> dict[str, Any]:
    """The Learn page's data of one card (``learn/<id>.json``)."""
    cost = f"{card.cost.line}; {card.cost.weighted_line}" if card.cost else _("learn %(n)d words") % {"n": card.words_to_learn}
    return {"format": LEARN_FORMAT, "version": LEARN_VERSION, "id": card_id, "setup": card.setup,
            "card": card.strategy, "cost": cost, "digraphs": digraphs, "letters": [r.letter for r in card.rows],
            "lines": [{"letter": q.letter, "key": q.key, "played": [list(p) for p in q.played],
                       "answer": list(q.answer)} for q in card_questions(card)]}


def write_learn(docs: Path, cards: dict[str, tuple[OpenersCard, list[str]]], default: str,
                page: str = "learn.md", root: str = "") -> None:
    """Write the Learn page (``page``, below the site's root by ``root``)
    and each card's data into a site's ``docs`` folder. ``cards``: each TV
    card by id (``nl-ij-tv-card-knee``), with the digraphs of its words;
    ``default``: the card the page opens first. No card, no page."""
    if not cards:
        return
    (docs / "learn").mkdir(exist_ok=True)
    listed = []
    for card_id, (card, digraphs) in cards.items():
        data, path = learn_data(card_id, card, digraphs), docs / "learn" / f"{card_id}.json"
        if not path.exists():  # a page in another language learns the same lines
            path.write_bytes(orjson.dumps(data))
        # the card first: a phone's picker shows the start of a long title; the cost in the page's language
        listed.append({"id": card_id, "title": f"{card.name} · {_(card.setup_title)}", "file": f"learn/{card_id}.json",
                       "cost": data["cost"]})
    index = {"default": default if default in cards else next(iter(cards)), "cards": listed}
    (docs / page).write_text(render("site/learn.md.j2", index=index, root=root), encoding="utf-8")
