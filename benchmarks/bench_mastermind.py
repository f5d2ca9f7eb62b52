"""Mastermind (4x6) and Bulls and Cows: every strategy beside the published figures.

Run: python benchmarks/bench_mastermind.py [--skip-exact] [--top N] [--opener CODE]
Prints, per strategy, the opener, total guesses over all codes, mean, worst
case, the build time and what the literature reports; then the exact search
(generator.search.exact on the peg matrix), with and without the cap of five
guesses: by default every move after every opener class (the proof: about
6 and 8 minutes on two cores), with --opener only after that first guess,
with --top N only the N best moves per position (not proved). Figures only;
nothing is asserted.
"""

from __future__ import annotations

import sys

from generator.games import mastermind as mm
from generator.runs.mastermind import mastermind_tree


def main() -> None:
    args = sys.argv[1:]
    top = int(args[args.index("--top") + 1]) if "--top" in args else 0
    for name in ("4x6", "bulls-and-cows"):
        v = mm.variant(name)
        print(f"{v.title}")
        print(f"  {'strategy':<11}{'opener':>7}{'total':>7}{'mean':>7}{'max':>5}{'time':>8}  published")
        for strategy in ("knuth", "expected", "entropy", "most-parts"):
            tree, fig = mastermind_tree(v, strategy)
            s = tree.stats
            pub = mm.PUBLISHED[strategy] if name == "4x6" else ""
            print(f"  {strategy:<11}{tree.strategy['opener']:>7}{s.total_turns:>7}{s.mean_turns:>7.3f}"
                  f"{s.max_turns:>5}{fig['seconds']:>7.1f}s  {pub}", flush=True)
    if "--skip-exact" in args:
        return
    v = mm.variant("4x6")
    limit = top or None
    opener = args[args.index("--opener") + 1] if "--opener" in args else None
    label = ("every move" if limit is None else f"best {limit} moves per position (limited)") + (
        f" after {opener}" if opener else " after every opener class")
    print(f"exact search on 4x6, {label}:")
    for strategy in ("optimal-5", "optimal"):
        tree, fig = mastermind_tree(v, strategy, top=limit, opener=opener)
        s = tree.stats
        cut = tree.strategy["openers_at_least"]
        openers = ", ".join(f"{o} {t if t is not None else f'>= {cut[o]}' if o in cut else 'no tree'}"
                            for o, t in tree.strategy["openers_searched"].items())
        print(f"  {strategy}: total {s.total_turns}, mean {s.mean_turns:.3f}, worst case {s.max_turns}, "
              f"proved {tree.strategy['proved_minimal']}, {fig['positions']} positions, "
              f"{fig['seconds']:.1f} s  ({mm.PUBLISHED[strategy]})", flush=True)
        print(f"    per opener: {openers}", flush=True)


if __name__ == "__main__":
    main()
