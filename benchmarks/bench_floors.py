"""The exact search with and without the floors of a move's parts, side by side.

Run: python benchmarks/bench_floors.py [--setup en] [SPEC ...] [--reps N]

SPEC is ``rule:letter`` (default ``free:a same-start:h free:n``). For each,
one proof of the letter's tree in this process, on one core and unsplit
(every move searched, cut at the limited tree's cost as a build does), with
:attr:`Search.floors` on (the default) and off, alternating, after one
uncounted run of each; prints the median wall time, the positions searched
and the (guess, candidate) pairs scored, and whether both found the same
tree. Figures only; nothing is asserted. Letters the search without floors
could not prove in an hour (English free *r*, *c*, *s*) are not in the
default list.
"""

from __future__ import annotations

import statistics
import sys
import time

from generator.core.context import context
from generator.runs.exact import LetterSearch, SetupProblem, limited_letter
from generator.search.exact import Options, make_search


def arg(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def prove(setup_id: str, rule: str, letter: str, beta: int, floors: bool) -> tuple[float, int, int, int, str]:
    """Seconds, positions, pairs scored, cost (or the bound at the cut) and the tree."""
    matrix, game, cols, rows = SetupProblem(setup_id, rule, letter).load()
    s = make_search(matrix, game, rows, Options(top=None))
    s.floors = floors
    t0 = time.perf_counter()
    cost = s.solve_root(cols, beta=beta + 1)
    seconds = time.perf_counter() - t0
    return seconds, s.counters.positions, s.counters.work, cost, repr(s.tree()) if cost <= beta else ""


def main() -> None:
    setup_id = arg("--setup", "en")
    reps = int(arg("--reps", "3"))
    skip = {"--setup", "--reps"}
    specs = [a for i, a in enumerate(sys.argv[1:], 1) if a not in skip and sys.argv[i - 1] not in skip]
    context(setup_id)
    print(f"{'letter':<16} {'floors':>6} {'median s':>9} {'positions':>10} {'pairs':>16} {'cost':>6}")
    for spec in specs or ["free:a", "same-start:h", "free:n"]:
        rule, letter = spec.split(":")
        lim = limited_letter(LetterSearch(setup_id, rule, letter))
        if lim.options.fewest_late:
            print(f"{spec:<16} has secrets past the cap: not compared here")
            continue
        runs: dict[bool, list[tuple[float, int, int, int, str]]] = {True: [], False: []}
        for i in range(reps + 1):
            for floors in (True, False):
                r = prove(setup_id, rule, letter, lim.cost.value, floors)
                if i:
                    runs[floors].append(r)
        for floors in (True, False):
            _, pos, work, cost, _ = runs[floors][0]
            med = statistics.median(r[0] for r in runs[floors])
            print(f"{spec:<16} {'on' if floors else 'off':>6} {med:>9.2f} {pos:>10,} {work:>16,} {cost:>6}")
        same = runs[True][0][3:] == runs[False][0][3:]
        print(f"{spec:<16} same cost and tree: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
