"""The scan of triples that leave no group too large: third words sifted by the table of pairs, or not.

Run: python benchmarks/bench_splitting.py [--firsts N] [SETUP:LETTER ...]

:func:`generator.search.splitting.small_triple` scans every triple of
openers for one that needs no exception move (two turns left after three
openers). For each pair it tries every third word on the pair's largest
group; with the table of the words that tell each pair of secrets apart
(``bits``), the third words that put three of the group's first secrets in
one part are dropped a block of 64 at a time before any is tried.

Cases, by default: the five letters of ``nl`` (free rule, any word: the
1992 paper's terms) with the most secrets, whose triples are too many to
cost one by one. Each case scans the first ``N`` first words (default 24:
the ones with the most pairs after them) both ways in this process, on one
thread, alternating which goes first; the seconds of each and their ratio,
and whether the two found the same (none, on these letters). Figures only.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from generator.core import jit
from generator.core.context import context
from generator.search.greedy import allowed_rows, sayable_rows
from generator.search.learn_kernels import pair_bits
from generator.search.splitting import triples_after

DEFAULT = ["nl:s", "nl:k", "nl:t", "nl:b", "nl:g"]


def case(spec: str) -> tuple[np.ndarray, int]:
    """The codes (words x secrets) of a letter, free rule, every unblocked word."""
    setup_id, letter = spec.split(":")
    ctx = context(setup_id)
    L = ctx.check_letter(letter)
    game = ctx.game(L, "free")
    rows, _ = sayable_rows(allowed_rows(game, ctx.matrix), ctx.sayable)
    return np.ascontiguousarray(ctx.matrix.codes[np.ix_(rows, ctx.letter_cols(L))]), ctx.matrix.npatterns


def run(sub: np.ndarray, bits: np.ndarray, firsts: np.ndarray, npat: int) -> tuple[float, np.ndarray]:
    out = np.full((sub.shape[0], 2), -1, np.int64)
    start = time.perf_counter()
    triples_after(sub, bits, firsts, 2, npat, out)
    return time.perf_counter() - start, out[firsts]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*", default=DEFAULT)
    parser.add_argument("--firsts", type=int, default=24)
    args = parser.parse_args()
    jit.use_threads(1)
    print(f"{'case':8} {'words':>6} {'secrets':>7} {'sifted s':>9} {'plain s':>8} {'ratio':>6}  same")
    for spec in args.cases:
        sub, npat = case(spec)
        m, n = sub.shape
        bits = np.zeros((n * (n - 1) // 2, (m + 63) // 64), np.uint64)
        pair_bits(sub, bits)
        none = np.zeros((0, 1), np.uint64)
        firsts = np.arange(min(args.firsts, m), dtype=np.int64)
        run(sub, bits, firsts[:1], npat)  # compile both paths before timing
        run(sub, none, firsts[:1], npat)
        times: dict[str, list[float]] = {"sifted": [], "plain": []}
        found = {}
        for order in (("sifted", "plain"), ("plain", "sifted")):
            for way in order:
                seconds, result = run(sub, bits if way == "sifted" else none, firsts, npat)
                times[way].append(seconds)
                found[way] = result
        sifted, plain = min(times["sifted"]), min(times["plain"])
        same = bool((found["sifted"] == found["plain"]).all())
        print(f"{spec:8} {m:6} {n:7} {sifted:9.2f} {plain:8.2f} {plain / sifted:6.2f}  {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
