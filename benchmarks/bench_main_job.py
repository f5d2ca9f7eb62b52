"""The main job on a fresh clone, commit against commit.

Run: python benchmarks/bench_main_job.py [--runs N] COMMIT [COMMIT ...]
For each run and each commit in turn (alternating, so the machine's load
falls on all alike), clones this checkout at the commit into a temporary
folder and times the README's main job there, ``lingo-trees build -q &&
lingo-trees site -q``, with empty caches (no tree verdicts, numba's cache
empty: the clone's own) and the clone's code first on the path (the
dependencies as installed here). Prints each run's wall time and exit code,
then the median per commit.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main_job(commit: str, folder: Path) -> tuple[float, int]:
    """Seconds and exit code of the main job on a fresh clone of ``commit`` in ``folder``."""
    clone = folder / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", commit], check=True)
    shared = ROOT.parent / "shared"  # the raw sources beside the checkout, as beside this one
    if shared.exists() and not (folder / "shared").exists():
        (folder / "shared").symlink_to(shared)
    env = {**os.environ, "PYTHONPATH": str(clone), "XDG_CACHE_HOME": str(folder / "cache")}
    command = [sys.executable, "-m", "generator"]
    t0 = time.perf_counter()
    build = subprocess.run([*command, "build", "-q"], cwd=clone, env=env, stdout=subprocess.DEVNULL)
    code = build.returncode or subprocess.run([*command, "site", "-q"], cwd=clone, env=env,
                                              stdout=subprocess.DEVNULL).returncode
    return time.perf_counter() - t0, code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+", help="the commits to compare (any git name)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each commit (default 1)")
    args = parser.parse_args()
    seconds: dict[str, list[float]] = {c: [] for c in args.commits}
    for run in range(args.runs):
        for commit in args.commits:
            with tempfile.TemporaryDirectory(prefix="bench-main-job-") as tmp:
                s, code = main_job(commit, Path(tmp))
            seconds[commit].append(s)
            print(f"run {run + 1} {commit}: {s:.1f} s (exit {code})", flush=True)
    for commit, times in seconds.items():
        print(f"{commit}: median {statistics.median(times):.1f} s over {len(times)} runs")


if __name__ == "__main__":
    main()
