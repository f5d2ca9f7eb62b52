"""Fixed guesses (Riddler Lingo): evaluation time, then a search with a budget.

Run: python benchmarks/bench_fixed.py [SECONDS] [K] [SETUP]
(defaults: 60 seconds, k = 4, set-up en). Prints the time of one evaluation
of the Riddler's four words on ENABLE (best of 20 warm calls, with the
figures the post reports: 7803 identified, win chance 0.94720), then runs
`search` with the budget (seed 0) and prints the best set found.
"""

from __future__ import annotations

import sys
import time

from generator.search.fixed import FixedProblem, evaluate_guesses, search_guesses

RIDDLER = ("hater", "funds", "pigmy", "block")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    setup_id = sys.argv[3] if len(sys.argv) > 3 else "en"
    en = FixedProblem.from_setup("en")
    t0 = time.perf_counter()
    r = evaluate_guesses(en, RIDDLER)
    first = time.perf_counter() - t0
    warm = []
    for _ in range(20):
        t0 = time.perf_counter()
        r = evaluate_guesses(en, RIDDLER)
        warm.append(time.perf_counter() - t0)
    print(f"evaluate {','.join(RIDDLER)} on {len(en.answers)} words: "
          f"{r.identified} identified, win chance {r.win_chance:.5f}")
    print(f"first call (incl. JIT load): {first * 1000:.1f} ms; "
          f"best of 20: {min(warm) * 1000:.2f} ms; median {sorted(warm)[10] * 1000:.2f} ms")

    problem = en if setup_id == "en" else FixedProblem.from_setup(setup_id)
    t0 = time.perf_counter()
    problem.matrix()
    print(f"feedback matrix for the search: {time.perf_counter() - t0:.2f} s")
    found = search_guesses(problem, k, seed=0, seconds=seconds)
    res = found.result
    print(f"search {setup_id} k={k}, budget {seconds:.0f} s, seed 0: {found.seconds:.1f} s, "
          f"{found.restarts} restarts, {found.evaluations:,} swaps scored")
    print(f"best: {','.join(res.shared or ())}: {res.groups} groups, {res.identified} identified, "
          f"win chance {res.win_chance:.5f}")


if __name__ == "__main__":
    main()
