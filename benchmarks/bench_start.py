"""A command's start, part by part, each timed as a whole process.

Run: python benchmarks/bench_start.py [--runs 7] [--before DIR]

Times, as separate processes run in turn (one round runs each case once, so
a drift of the machine's speed touches every case alike; one round first,
not counted, fills numba's cache):

* ``python -c pass``: the interpreter;
* ``python -c "import generator.cli"``: the imports;
* ``lingo-trees exact --setup wordle --opener roust --rule hard -q -j 1``
  with a cold cache (an empty ``XDG_CACHE_HOME`` of its own each run: the
  feedback matrix is computed and written) and a warm one (the matrix
  loaded from the user's cache, :mod:`generator.core.matrixcache`);
* ``lingo-trees solve --setup wordle -c roust=.Y..G``, warm;
* with ``--before DIR`` (a checkout of another commit, as made by ``git
  worktree add DIR COMMIT``): the same two commands run from there.

Each command runs as ``python -m generator`` with ``PYTHONPATH`` the
checkout, from the checkout. It prints the median, min and max of the wall
and CPU (user + sys) seconds of each case, and then, in this process, what
loading and checking Wordle's matrix from the cache costs beside computing
it (best of 5).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
EXACT = ["exact", "--setup", "wordle", "--opener", "roust", "--rule", "hard", "-q", "-j", "1"]
SOLVE = ["solve", "--setup", "wordle", "-c", "roust=.Y..G"]


@dataclass
class Case:
    """One command to time: ``cache`` ``cold`` (an empty cache folder each
    run), ``warm`` (one folder, filled before) or ``none`` (not asked)."""

    name: str
    argv: list[str]
    checkout: Path = HERE
    cache: str = "none"
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def command(args: list[str]) -> list[str]:
    """``lingo-trees ARGS`` of the checkout a case runs in (its ``PYTHONPATH``)."""
    return [sys.executable, "-m", "generator", *args]


def cases(before: Path | None) -> list[Case]:
    out = [Case("interpreter: python -c pass", [sys.executable, "-c", "pass"]),
           Case("imports: python -c 'import generator.cli'", [sys.executable, "-c", "import generator.cli"]),
           Case("exact, cold cache", command(EXACT), cache="cold"),
           Case("exact, warm cache", command(EXACT), cache="warm"),
           Case("solve, warm cache", command(SOLVE), cache="warm")]
    if before is not None:
        out += [Case(f"exact, {before}", command(EXACT), before, cache="warm"),
                Case(f"solve, {before}", command(SOLVE), before, cache="warm")]
    return out


def run_once(case: Case, warm_cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``case`` (its output thrown away)."""
    env = os.environ | {"PYTHONPATH": str(case.checkout)}
    cold = tempfile.mkdtemp(prefix="bench-start-") if case.cache == "cold" else None
    if case.cache != "none":
        env["XDG_CACHE_HOME"] = cold or str(warm_cache)
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(case.argv, cwd=case.checkout, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        if cold is not None:
            shutil.rmtree(cold)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(all_cases: list[Case], runs: int) -> None:
    """``runs`` rounds (after one not counted), each case once a round."""
    with tempfile.TemporaryDirectory(prefix="bench-start-warm-") as warm:
        for round_ in range(runs + 1):
            for case in all_cases:
                wall, cpu = run_once(case, Path(warm))
                if round_:
                    case.wall.append(wall)
                    case.cpu.append(cpu)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.3f} ({min(values):.3f}-{max(values):.3f})"


def best_of(n: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def matrix_parts() -> str:
    """In this process: the matrix computed (warm kernel) and loaded and
    checked from a cache folder of its own."""
    from generator.core import matrixcache
    from generator.core.catalog import load_list
    from generator.core.feedback import feedback_matrix

    guesses, answers = load_list("wordle-allowed"), load_list("wordle-answers")
    with tempfile.TemporaryDirectory(prefix="bench-start-") as folder:
        codes = feedback_matrix(guesses.codes, answers.codes, len(guesses.alphabet.letters))
        key = matrixcache.matrix_key(guesses, answers)
        stored = best_of(1, lambda: matrixcache.store(Path(folder), key, codes))
        computed = best_of(3, lambda: feedback_matrix(guesses.codes, answers.codes, 26))
        loaded = best_of(5, lambda: matrixcache.load(Path(folder), key, guesses, answers))
        keyed = best_of(5, lambda: matrixcache.matrix_key(guesses, answers))
    return (f"Wordle's matrix {codes.shape[0]:,} x {codes.shape[1]:,} ({codes.nbytes / 2**20:.0f} MiB): "
            f"computed {computed * 1000:.0f} ms (numba warm), stored {stored * 1000:.0f} ms, "
            f"keyed {keyed * 1000:.1f} ms, loaded and checked {loaded * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="counted rounds (default 7)")
    parser.add_argument("--before", type=Path, help="a checkout of another commit to time beside this one")
    args = parser.parse_args()
    all_cases = cases(args.before.resolve() if args.before else None)
    measure(all_cases, args.runs)
    print(f"{args.runs} rounds, seconds: median (min-max)")
    print(f"{'':45} {'wall':>22} {'cpu':>22}")
    for case in all_cases:
        print(f"{case.name:45} {spread(case.wall):>22} {spread(case.cpu):>22}")
    print(matrix_parts())


if __name__ == "__main__":
    main()
