"""Time to build the LINGO trees, per part and in all.

Run: python benchmarks/bench_build.py [SETUP ...] [--rule R] [--strategy S] [--letter L] [-j N]
(default: every LINGO set-up, both rules, every strategy: the whole main job,
which takes a while). Trees go to a temporary folder, so the committed trees/
are untouched. Prints the seconds of each set-up/rule/strategy (summed over
its letters; with two workers the wall time is about half), the wall time,
the trees built and the peak memory of this process and its workers.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from generator.core.catalog import setups
from generator.runs.lingo import build_trees


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("setups", nargs="*")
    p.add_argument("--rule", action="append")
    p.add_argument("--strategy", action="append")
    p.add_argument("--letter", action="append")
    p.add_argument("-j", "--jobs", type=int, default=None)
    args = p.parse_args()
    ids = args.setups or [s.id for s in setups().values() if s.game.name == "lingo"]
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        timings = build_trees(ids, args.rule, args.strategy, args.letter, root=Path(tmp),
                              workers=args.jobs, progress=lambda _: None)
        wall = time.perf_counter() - t0
        trees = sum(1 for f in Path(tmp).rglob("*.json") if f.name != "index.json")
    for key, seconds in sorted(timings.seconds.items()):
        print(f"{key:<32} {seconds:8.1f} s")
    print(f"{'wall time':<32} {wall:8.1f} s for {trees} trees")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS: main process {own:.0f} MiB, largest worker {kids:.0f} MiB")


if __name__ == "__main__":
    main()
