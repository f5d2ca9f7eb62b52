"""A letter's proof and its memo: time, peak memory, memo entries and the bytes of their keys.

Run: python benchmarks/bench_memo.py [--setup en] [SPEC ...]

SPEC is ``rule:letter`` (default ``same-start:m``, English TV rules *m*: a
search for the fewest words past five, about a minute on one core here).
Each proof runs in a fresh process (so that its peak is its own), on one core and
unsplit, cut at the limited tree's cost as a build does, and prints the
seconds, the peak resident memory of that process, the positions searched,
the memo's entries (exact costs and lower bounds) and the MiB their keys'
bytes take, and the cost. Figures only; nothing is asserted. The peak
includes the set-up (the lists, the matrix in two layouts, the limited
search): English TV rules *h* proves in 0.2 s and peaks at about 315 MiB.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time

from generator.runs.exact import LetterSearch, SetupProblem, limited_letter
from generator.search.exact import Options, make_search


def arg(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def prove(setup_id: str, rule: str, letter: str) -> str:
    """One proof in this process: its figures as one line."""
    lim = limited_letter(LetterSearch(setup_id, rule, letter))
    matrix, game, cols, rows = SetupProblem(setup_id, rule, letter).load()
    s = make_search(matrix, game, rows, Options(top=None, fewest_late=lim.options.fewest_late))
    t0 = time.perf_counter()
    cost = s.solve_root(cols, beta=lim.cost.value + 1)
    seconds = time.perf_counter() - t0
    keys = [*s.memo.solved, *s.memo.lower]
    key_bytes = sum(len(k if isinstance(k, bytes) else k[0]) for k in keys)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return (f"{rule + ':' + letter:<16} {seconds:>8.1f} {peak:>9.0f} {s.counters.positions:>10,} "
            f"{len(s.memo.solved):>10,} {len(s.memo.lower):>10,} {key_bytes / 2**20:>9.1f} {cost:>9}")


def main() -> None:
    if "--one" in sys.argv:  # (the child process)
        setup_id, spec = sys.argv[sys.argv.index("--one") + 1:][:2]
        print(prove(setup_id, *spec.split(":")), flush=True)
        return
    setup_id = arg("--setup", "en")
    skip = {"--setup"}
    specs = [a for i, a in enumerate(sys.argv[1:], 1) if a not in skip and sys.argv[i - 1] not in skip]
    env = dict(os.environ, NUMBA_NUM_THREADS="1")
    print(f"{'letter':<16} {'seconds':>8} {'peak MiB':>9} {'positions':>10} {'solved':>10} {'lower':>10} "
          f"{'keys MiB':>9} {'cost':>9}", flush=True)
    for spec in specs or ["same-start:m"]:
        subprocess.run([sys.executable, __file__, "--one", setup_id, spec], env=env, check=True)


if __name__ == "__main__":
    main()
