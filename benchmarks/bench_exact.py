"""The exact search on Wordle from SALET, beside the greedy trees and the best published results.

Run: python benchmarks/bench_exact.py [--quick] [-j WORKERS]
Prints

* the pattern matrix 12,972 x 2315: build time and memory;
* normal mode from SALET: the limited search (10 moves per position, one
  process) and the exact search (every move: a proof), total / mean / max /
  time / positions; the published optimum is 7920 (mean 3.4212, all within 5);
* hard mode from SALET the same; the published optimum is 8122 (worst case 6);
* the greedy trees of every heuristic from SALET beside them;
* the memory peak (resident set) of the searches.

``--quick`` skips the two proofs (several minutes on two cores). Figures only;
nothing is asserted. Times depend on the machine and on what else runs.
"""

from __future__ import annotations

import resource
import sys
import time

from bench_greedy import greedy_rows, print_rows

from generator.core.catalog import load_list
from generator.core.partition import Matrix
from generator.core.tree import depth
from generator.runs.exact import ExactResult, solve_opener
from generator.search.exact import Options

PUBLISHED = {"free": (7920, 3.4212, 5), "hard": (8122, 3.5084, 6)}


def rss_mib(who: int = resource.RUSAGE_SELF) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def matrix_figures() -> None:
    answers = load_list("wordle-answers")
    guesses = load_list("wordle-allowed")
    before = rss_mib()
    t0 = time.perf_counter()
    m = Matrix.build(guesses, answers)
    first = time.perf_counter() - t0
    warm = []
    for _ in range(3):
        t0 = time.perf_counter()
        m = Matrix.build(guesses, answers)
        warm.append(time.perf_counter() - t0)
    print(f"pattern matrix {m.codes.shape[0]:,} x {m.codes.shape[1]} ({m.codes.dtype}): "
          f"{m.codes.nbytes / 2**20:.1f} MiB; first build {first:.2f} s (incl. JIT load), "
          f"warm best of 3 {min(warm):.2f} s; process peak RSS {before:.0f} -> {rss_mib():.0f} MiB")


def line(label: str, res: ExactResult) -> str:
    n = len(res.cols)
    return (f"{label:<34} total {res.total:>5}  mean {res.total / n:.4f}  max {depth(res.root)}  "
            f"{res.seconds:7.1f} s  {res.positions:>6} positions  peak {res.peak_mib:.0f} MiB")


def main() -> None:
    quick = "--quick" in sys.argv
    workers = int(sys.argv[sys.argv.index("-j") + 1]) if "-j" in sys.argv else None
    matrix_figures()
    print()
    for rule in ("free", "hard"):
        mode = "normal" if rule == "free" else "hard"
        total, mean, worst = PUBLISHED[rule]
        print(f"Wordle {mode} mode from SALET (published optimum {total}, mean {mean}, worst case {worst})")
        res = solve_opener("wordle", rule, None, "salet", Options(top=10), workers=1)
        print(line("  limited, 10 moves, 1 process", res))
        if not quick:
            res = solve_opener("wordle", rule, None, "salet", Options(), workers=workers)
            print(line(f"  exact (proof), {workers or 2} processes", res))
        print()
    print("Greedy trees from SALET (every heuristic), beside the exact totals above")
    print_rows(greedy_rows(("salet",)))
    print()
    print(f"memory peak: this process {rss_mib():.0f} MiB, worker processes "
          f"{rss_mib(resource.RUSAGE_CHILDREN):.0f} MiB (resident set, incl. the matrix and numba)")


if __name__ == "__main__":
    main()
