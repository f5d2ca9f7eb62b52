"""The scans of pairs of openers: first words in order of promise, or in the words' order.

Run: python benchmarks/bench_learn.py [--setup ID ...] [SETUP:LETTER ...]

The human scheme's search for the fewest words to learn
(:func:`generator.search.learn.fewest_words`) scans every pair of openers
where triples are too many to search. Each pair is scanned from the first
of its words in the order the scan takes; a set found bounds the rest (the
least cost found is shared by the threads). In order of promise (the least
sum of squared group sizes first, :meth:`Costs.promise`) a good pair is
found early; in the words' order, wherever its first word falls.

Cases, by default: every free-rule letter of the given set-ups (default:
``nl-4``, ``nl-ij-4``, ``nl``, ``nl-ij`` and ``en-common``) whose committed
human tree says the scan of sets was not exhaustive ("every single opener
below"): the letters where pairs are scanned far. For each, both orders in
this process, on every core, alternating which goes first: the seconds of
the search of the first tier (words in common use, the hints the build
gives) and its words to learn, which must agree. Figures only.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import orjson

from generator.core.catalog import project_root
from generator.core.context import context
from generator.search.greedy import allowed_rows, sayable_rows
from generator.search.human import MIN_TRIES, SchemeBuilder, SchemeKind
from generator.search.learn import Costs, fewest_words

SETUPS = ["nl-4", "nl-ij-4", "nl", "nl-ij", "en-common"]


def cases(setups: list[str]) -> list[tuple[str, str]]:
    """The free-rule letters of ``setups`` whose search was not exhaustive."""
    out = []
    for sid in setups:
        for path in sorted((project_root() / "trees" / sid / "free" / "human").glob("*.json")):
            if path.stem == "index":
                continue
            data = orjson.loads(path.read_bytes())
            if "every single opener below" in data["strategy"].get("search", ""):
                out.append((sid, path.stem))
    return out


def search(sid: str, letter: str, order: str) -> tuple[float, int, int]:
    """(seconds, words to learn, lower bound) of the first tier's search."""
    ctx = context(sid)
    game = ctx.game(letter, "free")
    cols = ctx.letter_cols(letter)
    rows, uncommon = sayable_rows(allowed_rows(game, ctx.matrix), ctx.sayable)
    builder = SchemeBuilder(ctx.matrix, cols, rows, game.turns, SchemeKind.MEMORIZE, uncommon=uncommon,
                            max_k=game.turns - MIN_TRIES)
    common = builder.rows[np.setdiff1d(np.arange(len(builder.rows)), builder.uncommon)]
    costs = Costs(ctx.matrix, cols, common, game.turns)
    if order == "words":  # the scan's order, as the cache of Costs.promise holds it
        costs.__dict__["_promise"] = np.arange(len(common), dtype=np.int64)
    hints = builder._hints(common)
    t0 = time.perf_counter()
    found = fewest_words(costs, builder.max_k, hints)
    return time.perf_counter() - t0, found.words, found.lower_bound


def main() -> None:
    args = sys.argv[1:]
    setups = [args[i + 1] for i, a in enumerate(args) if a == "--setup"] or SETUPS
    given = [tuple(a.split(":")) for a in args if ":" in a]
    todo = given or cases(setups)
    print(f"{'letter':<18} {'promise s':>10} {'words s':>10} {'ratio':>6} {'words':>6} {'bound':>6}", flush=True)
    for i, (sid, letter) in enumerate(todo):
        times: dict[str, float] = {}
        results = set()
        for order in (("promise", "words") if i % 2 == 0 else ("words", "promise")):
            seconds, words, bound = search(sid, letter, order)
            times[order] = seconds
            results.add((words, bound))
        (words, bound), = results if len(results) == 1 else [(-1, -1)]  # -1: the orders disagree
        print(f"{sid + ' ' + letter:<18} {times['promise']:>10.1f} {times['words']:>10.1f} "
              f"{times['words'] / times['promise']:>6.2f} {words:>6} {bound:>6}", flush=True)


if __name__ == "__main__":
    main()
