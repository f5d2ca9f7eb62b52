"""The openers ranking file: ``trees/openers.json``, read by the report and the site.

``dump_rankings`` / ``load_rankings`` are a round-trip pair (bytes <->
rankings); ``write_rankings`` writes atomically and ``read_rankings`` reads a
file with errors that name it. Format changes (bump :data:`VERSION` on any
incompatible one):

* version 1 (2026-11): first format.
* version 2 (2026-11): ``bounds``, the first words the optimal ranking
  did not search to the end, each with a proved lower bound (version 1
  is read: no bounds).

Layout::

    {"format": "lingo-trees.openers", "version": 2,
     "rankings": [{"tier", "setup", "rule", "strategy", "shortlist", "secrets", "asked": [WORD, ...],
                   "scores": [{"word", "total", "max_turns", "late", "first_move_place"}, ...],
                   "bounds": {WORD: AT_LEAST, ...}, "first_words"}, ...]}

``bounds`` is empty but in the optimal ranking, where it holds the other
words weighed (in alphabetical order): the tree after each costs at least
``AT_LEAST`` (null: no tree keeps every secret within the game's turns);
``first_words`` is how many words the rule allows first (0 in the greedy
rankings), all weighed when ``scores`` and ``bounds`` hold that many, and
``shortlist`` the number of best words with exact totals.

``setup`` is the catalog set-up of the tier (its page on the site shows the
ranking); ``asked`` the words built on request, to be placed in the ranking.
Rankings are sorted by tier, rule and strategy; scores best total first.
Output is deterministic (two-space indentation, a final newline).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.core.files import write_atomic
from generator.output.recordfile import dump_records, load_records, read_records
from generator.search.ranking import OpenerBound, OpenerRanking, OpenerScore, ordered

FILE_NAME = "openers.json"  # in the trees folder
FORMAT = "lingo-trees.openers"
VERSION = 2
MAX_BYTES = 16 << 20
_SCORE_KEYS = ("word", "total", "max_turns", "late", "first_move_place")


def dump_rankings(rankings: list[OpenerRanking]) -> bytes:
    return dump_records(FORMAT, VERSION, "rankings", [
        {"tier": r.tier, "setup": r.setup, "rule": r.rule, "strategy": r.strategy, "shortlist": r.shortlist,
         "secrets": r.secrets, "asked": list(r.asked),
         "scores": [{k: getattr(s, k) for k in _SCORE_KEYS} for s in r.scores],
         "bounds": {b.word: b.at_least for b in sorted(r.bounds, key=lambda b: b.word)},
         "first_words": r.first_words}
        for r in sorted(rankings, key=lambda r: r.key)])


def load_rankings(raw: bytes, name: str = "openers file") -> list[OpenerRanking]:
    """The rankings of a file's bytes; a :class:`TreeFormatError` names what is wrong."""
    return load_records(raw, name, FORMAT, VERSION, "rankings", "openers", _ranking, older=(1,))


def _ranking(r: dict[str, Any]) -> OpenerRanking:
    scores = []
    for s in r["scores"]:
        word = s["word"]
        numbers = [s[k] for k in _SCORE_KEYS[1:]]
        if not isinstance(word, str) or not all(type(n) is int and n >= 0 for n in numbers):
            raise ValueError(f"score {str(s)[:60]}")
        scores.append(OpenerScore(word, *numbers))
    names = [r["tier"], r["setup"], r["rule"], r["strategy"]]
    if not all(isinstance(n, str) for n in names) or type(r["shortlist"]) is not int or type(r["secrets"]) is not int:
        raise ValueError("tier, setup, rule and strategy are names, shortlist and secrets numbers")
    asked = r["asked"]
    if not isinstance(asked, list) or not all(isinstance(w, str) for w in asked):
        raise ValueError("asked is a list of words")
    bounds = []
    for word, at_least in r.get("bounds", {}).items():  # (none in version 1)
        if not (at_least is None or (type(at_least) is int and at_least >= 0)):
            raise ValueError(f"bound {word[:20]}: {str(at_least)[:20]}")
        bounds.append(OpenerBound(word, at_least))
    first = r.get("first_words", 0)  # (none in version 1)
    if type(first) is not int or first < 0:
        raise ValueError("first_words is a number")
    tier, setup, rule, strategy = names
    return OpenerRanking(tier, setup, rule, strategy, r["shortlist"], r["secrets"], ordered(scores, strategy),
                         tuple(asked), tuple(bounds), first)


def read_rankings(path: Path) -> list[OpenerRanking]:
    """The rankings in ``path`` (none if there is no such file)."""
    raw = read_records(path, MAX_BYTES, "openers")
    return [] if raw is None else load_rankings(raw, str(path))


def write_rankings(path: Path, rankings: list[OpenerRanking]) -> None:
    """Write ``rankings`` to ``path``, replacing those of the same tier, rule
    and strategy already there and keeping the others."""
    kept = {r.key: r for r in read_rankings(path)}
    kept.update({r.key: r for r in rankings})
    data = dump_rankings(list(kept.values()))
    load_rankings(data, str(path))  # nothing written that its reader would refuse (TreeFormatError)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data)
