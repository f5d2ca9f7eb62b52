"""The cards file: round trip and errors that name what is wrong (generator/output/cardsfile.py)."""

from __future__ import annotations

import orjson
import pytest

from generator.errors import TreeFormatError
from generator.output.cardsfile import CardsEntry, FrontierPoint, dump_cards, load_cards


def _entry(setup: str = "nl-ij") -> CardsEntry:
    points = (FrontierPoint(25, 124, 43030, False), FrontierPoint(37, 9, 900, False))
    cards = {"human-openers": FrontierPoint(30, 90, 5000, False), "human-knee": points[1],
             "human": FrontierPoint(142, 1, 490, True)}
    return CardsEntry(setup, "same-start", 3411, 65_112_563, 0.99, "ab" * 32, points, points[:1], cards)


def test_round_trip_is_byte_identical_and_sorted() -> None:
    raw = dump_cards([_entry("sutom-7"), _entry("nl-ij")])
    entries = load_cards(raw)
    assert [e.setup for e in entries] == ["nl-ij", "sutom-7"]
    assert entries[0] == _entry("nl-ij")
    assert dump_cards(entries) == raw and raw.endswith(b"\n")


@pytest.mark.parametrize("edit, message", [
    (lambda e: e.update(knee=99), "knee 99 is not a share"),
    (lambda e: e["cards"]["human"].update(words=-1), "-1 is not a whole number"),
    (lambda e: e["cards"]["human"].update(proved="yes"), "fields words, late, weight and proved"),
    (lambda e: e["by_weight"][0].update(late=4000), "4000 late of 3411 secrets"),
    (lambda e: e["cards"].pop("human-knee"), "cards are human-openers, human-knee, human"),
    (lambda e: e["by_count"][0].update(weight=10**9), "a late weight above the secrets' weight"),
])
def test_a_claim_that_cannot_be_is_refused(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    data = orjson.loads(dump_cards([_entry()]))
    edit(data["setups"][0])
    with pytest.raises(TreeFormatError, match=message):
        load_cards(orjson.dumps(data), "cards.json")
