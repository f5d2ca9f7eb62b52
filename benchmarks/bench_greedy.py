"""Greedy Wordle trees: every heuristic, normal and hard mode, its own opener and SALET.

Run: python benchmarks/bench_greedy.py [--salet-only | --layouts]
Prints, per heuristic of generator.core.scoring (and the letter-frequency helper of
the Word Mastermind paper / Wordle blog, which plays candidates only), the
opener, total turns over the 2315 answers, mean, worst case, the answers past
six turns, and the build time. Figures only; nothing is asserted.

``--layouts`` compares, side by side in one run, the layouts the part
statistics can read (generator.core.partition.LAYOUT): the guesses x secrets
matrix, its transpose, and the default choice between them by the shape of
each call, on an entropy tree from SALET of each tier of secrets in normal and
hard mode, alternating, the median of three.
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import dataclass

import numpy as np

import generator.core.partition as partition
from generator.core.context import context
from generator.core.scoring import HEURISTICS
from generator.core.tree import Node
from generator.search.greedy import greedy_tree, letter_frequency_tree


@dataclass
class Row:
    name: str
    rule: str
    opener: str
    total: int
    mean: float
    worst: int
    late: int
    seconds: float


def one_tree(name: str, rule: str, opener: str | None) -> Row:
    """One greedy tree (``name`` a heuristic or ``letter-frequency``)."""
    ctx = context("wordle")
    m = ctx.matrix
    game = ctx.game(None, rule)
    cols = np.arange(len(ctx.answers), dtype=np.int64)
    row = None if opener is None else m.guesses.position[opener]
    t0 = time.perf_counter()
    if name == "letter-frequency":
        root = letter_frequency_tree(m, cols, game, opener=row)
    else:
        root = greedy_tree(m, cols, HEURISTICS[name], game, opener=row)
    seconds = time.perf_counter() - t0
    tree = ctx.game_tree(game, cols, root, {})
    s = tree.stats
    assert s is not None
    first = root.guess if isinstance(root, Node) else root
    return Row(name, rule, first, s.total_turns, s.mean_turns, s.max_turns, len(tree.late), seconds)


def greedy_rows(openers: tuple[str | None, ...] = (None, "salet")) -> list[Row]:
    rows = []
    for rule in ("free", "hard"):
        for opener in openers:
            for name in (*HEURISTICS, "letter-frequency"):
                if name == "letter-frequency" and opener is not None:
                    continue  # the helper plays candidates only; salet is not one
                rows.append(one_tree(name, rule, opener))
    return rows


def print_rows(rows: list[Row]) -> None:
    print(f"{'heuristic':<17} {'mode':<5} {'opener':<7} {'total':>6} {'mean':>7} {'max':>4} "
          f"{'>6':>4} {'time':>7}")
    for r in rows:
        mode = "normal" if r.rule == "free" else "hard"
        print(f"{r.name:<17} {mode:<5} {r.opener:<7} {r.total:>6} {r.mean:>7.4f} {r.worst:>4} "
              f"{r.late:>4} {r.seconds:>6.1f}s")


def layouts() -> None:
    print("Greedy entropy trees from salet: seconds by the layout the part statistics read (median of 3)")
    names = {"rows": "guess-major", "columns": "transposed", "auto": "auto"}
    print(f"{'set-up':<16}{'mode':<7}{'secrets':>8}" + "".join(f"{n:>13}" for n in names.values()))
    for sid in ("wordle", "wordle-common", "wordle-allowed"):
        ctx = context(sid)
        m = ctx.matrix
        m.by_answer  # made once, not timed
        cols = np.arange(len(ctx.answers), dtype=np.int64)
        for rule in ("free", "hard"):
            game = ctx.game(None, rule)
            times: dict[str, list[float]] = {k: [] for k in names}
            for _ in range(3):
                for layout in names:  # alternating, so a busy moment hurts all alike
                    partition.LAYOUT = layout
                    t0 = time.perf_counter()
                    greedy_tree(m, cols, HEURISTICS["entropy"], game, opener=m.guesses.position["salet"])
                    times[layout].append(time.perf_counter() - t0)
            partition.LAYOUT = "auto"
            mode = "normal" if rule == "free" else "hard"
            print(f"{sid:<16}{mode:<7}{len(cols):>8}" + "".join(f"{statistics.median(t):>12.2f}s" for t in times.values()),
                  flush=True)


def main() -> None:
    context("wordle")
    if "--layouts" in sys.argv:
        one_tree("scm", "free", "salet")  # warm the JIT kernels
        layouts()
        return
    one_tree("scm", "free", "salet")  # warm the JIT kernels
    openers: tuple[str | None, ...] = ("salet",) if "--salet-only" in sys.argv else (None, "salet")
    print("Wordle greedy trees (2315 answers, 12,972 guesses)")
    print_rows(greedy_rows(openers))


if __name__ == "__main__":
    main()
