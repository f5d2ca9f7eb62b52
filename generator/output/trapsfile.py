"""The one-letter traps file: ``trees/traps.json``, read by the report and the site.

``dump_traps`` / ``load_traps`` are a round-trip pair (bytes <-> traps);
``write_traps`` writes atomically and ``read_traps`` reads a file with errors
that name it. Format changes (bump :data:`VERSION` on any incompatible one):

* version 1 (2026-11): first format.

Layout::

    {"format": "lingo-trees.traps", "version": 1,
     "traps": [{"tier", "setup", "pattern", "place", "words": [WORD, ...], "budget",
                "one_by_one": {"guesses", "first", "at_least"},
                "with_probe": {"guesses", "first", "at_least"}}, ...]}

A worst case is proved the fewest guesses where ``at_least`` equals
``guesses`` (the search stopped at ``budget`` positions otherwise). Traps
are sorted by tier (answers, common, allowed), then largest family first,
then pattern. Output is deterministic (two-space indentation, a final newline).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.core.files import write_atomic
from generator.output.recordfile import dump_records, load_records, read_records
from generator.search.traps import GAP, Family, Trap, WorstCase

FILE_NAME = "traps.json"  # in the trees folder
FORMAT = "lingo-trees.traps"
VERSION = 1
MAX_BYTES = 4 << 20
TIER_ORDER = ("answers", "common", "allowed")
_CASE_KEYS = ("guesses", "first", "at_least")


def _order(t: Trap) -> tuple[int, int, str]:
    tier = TIER_ORDER.index(t.tier) if t.tier in TIER_ORDER else len(TIER_ORDER)
    return (tier, -len(t.family.words), t.family.pattern)


def ordered(traps: list[Trap]) -> list[Trap]:
    """Traps in the file's order: by tier, largest family first, then pattern."""
    return sorted(traps, key=_order)


def dump_traps(traps: list[Trap]) -> bytes:
    return dump_records(FORMAT, VERSION, "traps", [
        {"tier": t.tier, "setup": t.setup, "pattern": t.family.pattern, "place": t.family.place,
         "words": list(t.family.words), "budget": t.budget,
         "one_by_one": {k: getattr(t.one_by_one, k) for k in _CASE_KEYS},
         "with_probe": {k: getattr(t.with_probe, k) for k in _CASE_KEYS}}
        for t in ordered(traps)])


def load_traps(raw: bytes, name: str = "traps file") -> list[Trap]:
    """The traps of a file's bytes; a :class:`TreeFormatError` names what is wrong."""
    return load_records(raw, name, FORMAT, VERSION, "traps", "traps", _trap)


def _case(c: dict[str, Any]) -> WorstCase:
    guesses, first, at_least = (c[k] for k in _CASE_KEYS)
    if not (type(guesses) is int and type(at_least) is int and 1 <= at_least <= guesses and isinstance(first, str)):
        raise ValueError(f"worst case {str(c)[:60]}")
    return WorstCase(guesses, first, at_least)


def _trap(t: dict[str, Any]) -> Trap:
    tier, sid, pattern, place = t["tier"], t["setup"], t["pattern"], t["place"]
    words, budget = t["words"], t["budget"]
    if not (isinstance(tier, str) and isinstance(sid, str)):
        raise ValueError("tier and setup are names")
    if not (isinstance(pattern, str) and type(place) is int
            and 0 <= place < len(pattern) and pattern[place] == "_"):
        raise ValueError(f"family {str(pattern)[:40]}")
    if not (isinstance(words, list) and len(words) >= 2 and all(isinstance(w, str) for w in words)):
        raise ValueError("words is a list of two or more words")
    if any(len(w) != len(pattern) or w[:place] + GAP + w[place + 1:] != pattern for w in words):
        raise ValueError(f"a word that is not of the family {pattern[:40]}")
    if type(budget) is not int or budget < 1:
        raise ValueError("budget is a number of positions")
    return Trap(tier, sid, Family(place, pattern, tuple(words)), _case(t["one_by_one"]), _case(t["with_probe"]), budget)


def write_traps(path: Path, traps: list[Trap]) -> None:
    """Write ``traps`` to ``path`` (atomically), replacing those of the same
    tiers already there and keeping the other tiers'."""
    tiers = {t.tier for t in traps}
    kept = [t for t in read_traps(path) if t.tier not in tiers]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, dump_traps(kept + list(traps)))


def read_traps(path: Path) -> list[Trap]:
    """The traps of the file at ``path``; none when there is no file."""
    raw = read_records(path, MAX_BYTES, "traps")
    return [] if raw is None else load_traps(raw, str(path))
