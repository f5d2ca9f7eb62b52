"""How an exact build divides into jobs, and what a cluster would make of it.

Run: python benchmarks/bench_split.py [--setup en] [--rule same-start] [--letter L ...]
     [-j N] [--cluster N] [--out DIR] [--jobs-file FILE]

Builds the optimal trees of a LINGO set-up (default English, TV rules, every
letter) with the proofs split into jobs (:mod:`generator.runs.proofs`), into
``--out`` (default a temporary folder: the committed trees/ are untouched),
and prints the number of jobs, the waves, the longest job, the serial time
(every job one after another) and the speed-up that 2, 16 and 64 workers
would get: each wave's jobs put on the first free worker, largest first, as
they are sent (a schedule computed from the measured job times). With
``--cluster N`` the jobs run on a Dask LocalCluster of N single-threaded
worker processes on this machine (the measured wall time, to set beside the
computed one). ``--jobs-file`` saves every job's time as JSON, and
``--from-jobs FILE`` prints the figures of a saved run without building.

``--per-letter`` builds one letter at a time and adds each to the jobs
file as it finishes; a rerun skips the letters already there, so a long run
(the English TV-rule build takes hours on two cores) can be stopped and
resumed. The computed schedule is the same as for one build of all letters
(its waves are the same: every letter's first wave, then every second ...);
the measured wall time is then the sum of the letters' times.
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
import time
from pathlib import Path

import orjson

from generator.core.catalog import setup_letters
from generator.core.files import write_atomic
from generator.runs.jobs import runner
from generator.runs.lingo import build_trees
from generator.runs.proofs import JobTime, RunStats, schedule


def figures(jobs: list[JobTime], wall: float | None, workers: int | None) -> None:
    serial = sum(j.seconds for j in jobs)
    longest = max(jobs, key=lambda j: j.seconds)
    waves = sorted({j.wave for j in jobs})
    print(f"jobs                 {len(jobs)} in {len(waves)} waves "
          f"({', '.join(str(sum(1 for j in jobs if j.wave == w)) for w in waves)})")
    print(f"longest job          {longest.seconds:.1f} s ({longest.secrets} secrets, wave {longest.wave})")
    print(f"work                 {sum(j.work for j in jobs):.3e} (guess, candidate) pairs")
    print(f"serial (sum of jobs) {serial:.0f} s")
    if wall is not None:
        print(f"measured wall time   {wall:.0f} s on {workers or 'every core'} worker(s)")
    for n in (1, 2, 16, 64):
        t = schedule(jobs, n)
        print(f"{n:3d} workers (computed) {t:8.0f} s  speed-up {serial / t:5.1f}x")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--setup", default="en")
    p.add_argument("--rule", default="same-start")
    p.add_argument("--letter", action="append")
    p.add_argument("-j", "--jobs", type=int, default=None)
    p.add_argument("--cluster", type=int, metavar="N", help="run on a Dask LocalCluster of N workers")
    p.add_argument("--out")
    p.add_argument("--jobs-file")
    p.add_argument("--from-jobs")
    p.add_argument("--per-letter", action="store_true",
                   help="one letter at a time, each added to --jobs-file; a rerun resumes")
    p.add_argument("-v", "--verbose", action="store_true", help="the build's progress lines on stderr")
    args = p.parse_args()
    if args.from_jobs:
        data = orjson.loads(Path(args.from_jobs).read_bytes())
        figures([JobTime(**j) for j in data["jobs"]], data.get("wall"), data.get("workers"))
        return
    if args.per_letter:
        if not args.jobs_file:
            p.error("--per-letter needs --jobs-file")
        per_letter(args)
        return
    stats = RunStats()
    with contextlib.ExitStack() as stack:
        wall = build(args, args.letter, stack, stats)
    workers = args.cluster or args.jobs
    if args.jobs_file:
        write_atomic(Path(args.jobs_file), orjson.dumps({"wall": wall, "workers": workers,
                                                         "jobs": [j.__dict__ for j in stats.jobs]}))
    figures(stats.jobs, wall, workers)


def build(args: argparse.Namespace, letters: list[str] | None, stack: contextlib.ExitStack,
          stats: RunStats) -> float:
    """Build the optimal trees of ``letters`` (all: None) into --out; the wall time."""
    out = Path(args.out) if args.out else Path(stack.enter_context(tempfile.TemporaryDirectory()))
    address = None
    if args.cluster:
        from distributed import LocalCluster

        local = stack.enter_context(LocalCluster(n_workers=args.cluster, threads_per_worker=1,
                                                 processes=True, host="127.0.0.1", dashboard_address=None))
        address = local.scheduler_address
    on = stack.enter_context(runner(address, args.jobs))
    t0 = time.perf_counter()
    build_trees([args.setup], [args.rule], ["optimal"], letters, root=out, runner=on,
                force=True, progress=None if args.verbose else (lambda _: None), stats=stats)
    return time.perf_counter() - t0


def per_letter(args: argparse.Namespace) -> None:
    path = Path(args.jobs_file)
    data = orjson.loads(path.read_bytes()) if path.exists() else {}
    done: dict[str, dict[str, object]] = data.get("letters", {})
    for letter in args.letter or setup_letters(args.setup):
        if letter in done:
            continue
        stats = RunStats()
        with contextlib.ExitStack() as stack:
            wall = build(args, [letter], stack, stats)
        done[letter] = {"wall": wall, "jobs": [j.__dict__ for j in stats.jobs]}
        jobs = [j for d in done.values() for j in d["jobs"]]  # type: ignore[attr-defined]
        walls = sum(d["wall"] for d in done.values())  # type: ignore[misc]
        write_atomic(path, orjson.dumps({"setup": args.setup, "rule": args.rule, "wall": walls,
                                         "workers": args.cluster or args.jobs, "letters": done,
                                         "jobs": jobs}, option=orjson.OPT_SORT_KEYS))
        print(f"{letter}: {len(stats.jobs)} jobs, {wall:.0f} s", flush=True)
    data = orjson.loads(path.read_bytes())
    print(f"letters              {' '.join(sorted(data['letters']))}")
    figures([JobTime(**j) for j in data["jobs"]], data["wall"], data["workers"])

if __name__ == "__main__":
    main()
