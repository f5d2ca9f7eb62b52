"""Time to build the LINGO trees, per part and in all; or the end of a build
with the last jobs on every core against one core each.

Run: python benchmarks/bench_build.py [SETUP ...] [--rule R] [--strategy S] [--letter L] [-j N]
(default: every LINGO set-up, both rules, every strategy: the whole main job,
which takes a while). Trees go to a temporary folder, so the committed trees/
are untouched. Prints the seconds of each set-up/rule/strategy (summed over
its letters; with two workers the wall time is about half), the wall time,
the trees built and the peak memory of this process and its workers.

``--tail N``: each set-up built N times both ways in this process, one after
the other, alternating which goes first: as the build does it (the letters
with the most secrets first; once fewer jobs are left than workers, the
ones running take the idle cores: ``jit.threads_now``) and as it did before
(the letters in order, one core per job to the end). Prints each set-up's
wall seconds both ways and their ratio. The set-ups to give: those whose
build ends on one long letter (default: the free rule's human scheme of
``nl-4``, ``nl-ij-4``, ``nl`` and ``nl-ij``, each about a minute or two).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.core import jit
from generator.core.catalog import setups
from generator.runs import lingo
from generator.runs.jobs import Processes
from generator.runs.lingo import build_trees

TAIL_SETUPS = ["nl-4", "nl-ij-4", "nl", "nl-ij"]


@contextmanager
def as_before() -> Iterator[None]:
    """Build as before: the jobs in the order planned, and a worker's job on
    its own core to the end (its workers are forked with these in place)."""
    order, share = lingo.largest_first, jit.share_cores

    def planned(jobs: list[lingo.LetterJob]) -> list[lingo.LetterJob]:
        return jobs

    def unshared(share: Callable[[], int] | None) -> None:
        return None

    lingo.largest_first, jit.share_cores = planned, unshared
    try:
        yield
    finally:
        lingo.largest_first, jit.share_cores = order, share


def wall(sid: str, args: argparse.Namespace) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        build_trees([sid], args.rule, args.strategy, args.letter, root=Path(tmp), runner=Processes(args.jobs),
                    progress=lambda _: None)
        return time.perf_counter() - t0


def tail(ids: list[str], runs: int, args: argparse.Namespace) -> None:
    print(f"{'set-up':<10} {'now (s)':>9} {'before (s)':>11} {'ratio':>7}")
    for sid in ids:
        now, before = [], []
        for r in range(runs):
            for way in (("now", "before") if r % 2 == 0 else ("before", "now")):
                if way == "now":
                    now.append(wall(sid, args))
                else:
                    with as_before():
                        before.append(wall(sid, args))
        a, b = statistics.median(now), statistics.median(before)
        print(f"{sid:<10} {a:9.1f} {b:11.1f} {b / a:7.2f}   (runs: now {' '.join(f'{x:.1f}' for x in now)}; "
              f"before {' '.join(f'{x:.1f}' for x in before)})", flush=True)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("setups", nargs="*")
    p.add_argument("--rule", action="append")
    p.add_argument("--strategy", action="append")
    p.add_argument("--letter", action="append")
    p.add_argument("-j", "--jobs", type=int, default=None)
    p.add_argument("--tail", type=int, default=0, metavar="N")
    args = p.parse_args()
    if args.tail:
        args.rule, args.strategy = args.rule or ["free"], args.strategy or ["human"]
        tail(args.setups or TAIL_SETUPS, args.tail, args)
        return
    ids = args.setups or [s.id for s in setups().values() if s.game.name == "lingo"]
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        timings = build_trees(ids, args.rule, args.strategy, args.letter, root=Path(tmp),
                              runner=Processes(args.jobs), progress=lambda _: None)
        elapsed = time.perf_counter() - t0
        trees = sum(1 for f in Path(tmp).rglob("*.json") if f.name != "index.json")
    for key, seconds in sorted(timings.seconds.items()):
        print(f"{key:<32} {seconds:8.1f} s")
    print(f"{'wall time':<32} {elapsed:8.1f} s for {trees} trees")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS: main process {own:.0f} MiB, largest worker {kids:.0f} MiB")


if __name__ == "__main__":
    main()
