"""The exact search on Wordle from SALET: time and peak memory, one core and all cores.

Run: python benchmarks/bench_exact.py [--reps N] [--reference PATH] [--rule free|hard] [--more]

For normal and hard mode (or the one ``--rule``) it runs, as separate processes
and alternating so that a loaded machine weighs on each alike,

* ``one core``: ``lingo-trees exact --setup wordle --opener salet --no-write -j 1``
  with ``NUMBA_NUM_THREADS=1``;
* ``all cores``: ``-j`` the number of cores: the proof split into jobs on
  that many worker processes;
* ``reference`` (with ``--reference PATH``): a Wordle optimiser binary given by
  the user, run as ``PATH [-H] -a <allowed> -h <answers> -w salet`` on the
  same word lists (the interface of Alex Selby's program; this benchmark does
  not build or contain it),

after one run of each that is not counted (the caches warm: numba's compiled
kernels and Python's bytecode, which the runs may write as a user's Python
does even where ``PYTHONDONTWRITEBYTECODE`` is set around this benchmark),
and prints for each the median wall time of ``--reps`` runs (default 3), the
largest peak resident set (the process and its workers) and the total found
(published optimum: 7920 normal, 8122 hard). Wall time includes start-up
(Python, the compiled kernels, the 12,972 x 2315 matrix). ``--more`` adds the
matrix build figures and the limited search (10 moves per position).

Figures only; nothing is asserted. Times depend on the machine and on what
else runs: compare only figures printed by one run.
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = {"free": 7920, "hard": 8122}


def arg(name: str, default: str | None = None) -> str | None:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall seconds, peak resident MiB (the process and its waited children)
    and the output of one command."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    out = proc.stdout.read().decode() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out}")
    return wall, usage.ru_maxrss / 1024, out


def total_of(out: str) -> str:
    m = re.search(r"total (\d+)", out) or re.search(r"score\s*=\s*(\d+)", out)
    return m.group(1) if m else "?"


def commands(rule: str, reference: str | None) -> dict[str, tuple[list[str], dict[str, str]]]:
    cores = os.cpu_count() or 1
    base = ["lingo-trees", "exact", "--setup", "wordle", "--rule", rule, "--opener", "salet", "--no-write", "-q"]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's Python keeps the bytecode of our modules
    one = dict(env, NUMBA_NUM_THREADS="1")
    cmds = {"one core": (base + ["-j", "1"], one),
            f"all cores ({cores})": (base + ["-j", str(cores)], env)}
    if reference:
        lists = ["-a", str(ROOT / "wordlists/wordle-allowed.txt"), "-h", str(ROOT / "wordlists/wordle-answers.txt")]
        cmds["reference"] = ([reference] + (["-H"] if rule == "hard" else []) + lists + ["-w", "salet"], env)
    return cmds


def timings(reps: int, reference: str | None, rules: list[str]) -> None:
    for rule in rules:
        mode = "normal" if rule == "free" else "hard"
        cmds = commands(rule, reference)
        walls: dict[str, list[float]] = {k: [] for k in cmds}
        peaks: dict[str, float] = {k: 0.0 for k in cmds}
        totals: dict[str, str] = {}
        for cmd, env in cmds.values():  # warm the caches; not counted
            run(cmd, env)
        for _ in range(reps):
            for name, (cmd, env) in cmds.items():
                wall, peak, out = run(cmd, env)
                walls[name].append(wall)
                peaks[name] = max(peaks[name], peak)
                totals[name] = total_of(out)
        print(f"Wordle {mode} mode from SALET (optimum {PUBLISHED[rule]}), {reps} runs each, alternating")
        for name in cmds:
            runs = " ".join(f"{w:.2f}" for w in walls[name])
            print(f"  {name:<17} median {statistics.median(walls[name]):6.2f} s  peak {peaks[name]:5.0f} MiB"
                  f"  total {totals[name]}   (runs: {runs})", flush=True)
        print()


def more() -> None:
    from generator.core.catalog import load_list
    from generator.core.partition import Matrix
    from generator.core.tree import depth
    from generator.runs.exact import solve_opener
    from generator.search.exact import Options

    answers, guesses = load_list("wordle-answers"), load_list("wordle-allowed")
    t0 = time.perf_counter()
    m = Matrix.build(guesses, answers)
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    Matrix.build(guesses, answers)
    print(f"pattern matrix {m.codes.shape[0]:,} x {m.codes.shape[1]} ({m.codes.dtype}): "
          f"{m.codes.nbytes / 2**20:.1f} MiB; first build {first:.2f} s (incl. loading the kernels), "
          f"again {time.perf_counter() - t0:.2f} s")
    for rule in ("free", "hard"):
        res = solve_opener("wordle", rule, None, "salet", Options(top=10), workers=1)
        print(f"  {rule}: limited search, 10 moves per position: total {res.total}, max {depth(res.root)}, "
              f"{res.seconds:.1f} s, {res.positions} positions")
    print(f"memory peak of this process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


def main() -> None:
    reps = int(arg("--reps", "3") or 3)
    rule = arg("--rule")
    timings(reps, arg("--reference"), [rule] if rule else ["free", "hard"])
    if "--more" in sys.argv:
        more()


if __name__ == "__main__":
    main()
