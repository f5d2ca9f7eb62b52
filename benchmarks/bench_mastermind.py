"""Mastermind (4x6) and Bulls and Cows: every strategy beside the published figures.

Run: python benchmarks/bench_mastermind.py [--skip-exact] [--top N]
Prints, per strategy, the opener, total guesses over all codes, mean, worst
case, the build time and what the literature reports; then the exact search
(generator.exact on the peg matrix) from Koyama and Lai's opener 1123, with
and without the cap of five guesses, limited to the best N moves per position
(default 150) unless --top 0, and its time. Figures only; nothing is asserted.
"""

from __future__ import annotations

import sys
import time

from generator import mastermind as mm


def main() -> None:
    args = sys.argv[1:]
    top = int(args[args.index("--top") + 1]) if "--top" in args else 150
    for name in ("4x6", "bulls-and-cows"):
        v = mm.variant(name)
        print(f"{v.title}")
        print(f"  {'strategy':<11}{'opener':>7}{'total':>7}{'mean':>7}{'max':>5}{'time':>8}  published")
        for strategy in ("knuth", "expected", "entropy", "most-parts"):
            tree, fig = mm.build(v, strategy)
            s = tree.stats
            pub = mm.PUBLISHED[strategy] if name == "4x6" else ""
            print(f"  {strategy:<11}{tree.strategy['opener']:>7}{s.total_turns:>7}{s.mean_turns:>7.3f}"
                  f"{s.max_turns:>5}{fig['seconds']:>7.1f}s  {pub}", flush=True)
    if "--skip-exact" in args:
        return
    v = mm.variant("4x6")
    limit = None if top == 0 else top
    label = "every move" if limit is None else f"best {limit} moves per position (limited)"
    print(f"exact search on 4x6 from 1123, {label}:")
    for cap, strategy in ((5, "optimal-5"), (None, "optimal")):
        start = time.perf_counter()
        run = mm.exact_tree(v, "1123", cap, top=limit)
        secs = time.perf_counter() - start
        tree = mm.game_tree(v, run.tree, {"scheme": strategy}) if run.tree is not None else None
        worst = tree.stats.max_turns if tree else "-"
        print(f"  cap {cap or 'none'}: total {run.total}, worst case {worst}, {run.positions} positions, "
              f"{secs:.1f} s  ({mm.PUBLISHED[strategy]})", flush=True)


if __name__ == "__main__":
    main()
