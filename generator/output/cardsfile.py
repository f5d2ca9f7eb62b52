"""The cards file: ``trees/cards.json``, every set-up's frontier and cards.

``dump_cards`` / ``load_cards`` are a round-trip pair (bytes <-> entries);
``write_cards`` writes atomically and ``read_cards`` reads a file with
errors that name it. Format changes (bump :data:`VERSION` on any
incompatible one):

* version 1 (2026-11): first format.

Layout::

    {"format": "lingo-trees.cards", "version": 1,
     "setups": [{"setup", "rule", "secrets", "weight", "knee", "digest",
                 "by_weight": [POINT, ...], "by_count": [POINT, ...],
                 "cards": {"human-openers": CARD, "human-knee": CARD, "human": CARD}}, ...]}

    POINT = {"words", "late", "weight", "proved"}
    CARD  = {"words", "late", "weight", "proved"}

A set-up's ``secrets`` are its answers, ``weight`` their summed weight (each
secret's occurrences per billion words, at least 1). A frontier point is a
card of ``words`` words to learn that leaves ``late`` secrets past the last
turn, of summed weight ``weight``: ``by_weight`` holds the points of least
late weight, ``by_count`` of fewest late secrets, fewer words first, each
leaving less than the one before; ``proved`` where every letter's part of
it is proved minimal. ``digest`` is the SHA-256 of the full card's trees'
fingerprints that the cards were cut from. Set-ups are sorted by id.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from generator.core.files import write_atomic
from generator.output.recordfile import dump_records, load_records, read_records

FILE_NAME = "cards.json"  # in the trees folder
FORMAT = "lingo-trees.cards"
VERSION = 1
MAX_BYTES = 4 << 20
CARD_NAMES = ("human-openers", "human-knee", "human")  # the cards of a set-up, fewest words first


@dataclass(frozen=True)
class FrontierPoint:
    """A card of the frontier: words to learn, secrets late and their weight."""

    words: int
    late: int
    weight: int
    proved: bool

    def in_time(self, secrets: int) -> int:
        return secrets - self.late


CardSummary = FrontierPoint  # a published card's figures are a point's


@dataclass(frozen=True)
class CardsEntry:
    """One set-up's frontier and cards."""

    setup: str
    rule: str
    secrets: int
    weight: int
    knee: float
    digest: str
    by_weight: tuple[FrontierPoint, ...]
    by_count: tuple[FrontierPoint, ...]
    cards: dict[str, CardSummary]

    def share(self, point: FrontierPoint) -> float:
        """The share of the secrets ``point`` reaches in time."""
        return point.in_time(self.secrets) / self.secrets

    def weighted_share(self, point: FrontierPoint) -> float:
        """The share of the secrets' weight ``point`` reaches in time."""
        return (self.weight - point.weight) / self.weight


def dump_cards(entries: list[CardsEntry]) -> bytes:
    return dump_records(FORMAT, VERSION, "setups", [
        {"setup": e.setup, "rule": e.rule, "secrets": e.secrets, "weight": e.weight, "knee": e.knee,
         "digest": e.digest, "by_weight": [asdict(p) for p in e.by_weight],
         "by_count": [asdict(p) for p in e.by_count],
         "cards": {name: asdict(e.cards[name]) for name in CARD_NAMES}}
        for e in sorted(entries, key=lambda e: e.setup)])


def load_cards(raw: bytes, name: str = "cards file") -> list[CardsEntry]:
    """The entries of a file's bytes; a :class:`TreeFormatError` names what is wrong."""
    return load_records(raw, name, FORMAT, VERSION, "setups", "cards", _entry)


def _int(value: Any, least: int = 0) -> int:
    if type(value) is not int or value < least:
        raise ValueError(f"{value!r} is not a whole number of at least {least}")
    return value


def _point(p: dict[str, Any], secrets: int) -> FrontierPoint:
    if set(p) != {"words", "late", "weight", "proved"} or type(p["proved"]) is not bool:
        raise ValueError(f"a point has the fields words, late, weight and proved: {sorted(p)}")
    point = FrontierPoint(_int(p["words"]), _int(p["late"]), _int(p["weight"]), p["proved"])
    if point.late > secrets:
        raise ValueError(f"{point.late} late of {secrets} secrets")
    return point


def _entry(e: dict[str, Any]) -> CardsEntry:
    secrets, weight = _int(e["secrets"], 1), _int(e["weight"], 1)
    knee = e["knee"]
    if type(knee) is not float or not 0 < knee <= 1:
        raise ValueError(f"knee {knee!r} is not a share")
    if set(e["cards"]) != set(CARD_NAMES):
        raise ValueError(f"cards are {', '.join(CARD_NAMES)}")
    entry = CardsEntry(setup=str(e["setup"]), rule=str(e["rule"]), secrets=secrets, weight=weight, knee=knee,
                       digest=str(e["digest"]),
                       by_weight=tuple(_point(p, secrets) for p in e["by_weight"]),
                       by_count=tuple(_point(p, secrets) for p in e["by_count"]),
                       cards={name: _point(e["cards"][name], secrets) for name in CARD_NAMES})
    if any(p.weight > weight for p in (*entry.by_weight, *entry.by_count, *entry.cards.values())):
        raise ValueError("a late weight above the secrets' weight")
    return entry


def write_cards(path: Path, entries: list[CardsEntry]) -> None:
    write_atomic(path, dump_cards(entries))


def read_cards(path: Path) -> list[CardsEntry]:
    """The entries of the cards file at ``path`` (none where there is no file)."""
    raw = read_records(path, MAX_BYTES, "cards")
    return [] if raw is None else load_cards(raw, str(path))
