"""Workers left alive by a command killed outright, at each moment of its run.

Run: python benchmarks/fault_orphans.py [--runs N] [--delays 0,0.05,0.2,1,3]
Starts ``lingo-trees build --setup nl-8 --strategy human --rule same-start
-j 2 --force`` into a temporary trees folder, waits for its first worker
process, then after each delay (seconds) kills the command with SIGKILL, as
the OOM killer does (no handler runs), and counts the processes it had
started that are still alive 10 s later (each then killed). Prints one line
per kill and the orphans in all: 0 is the only good figure.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _children(pid: int) -> set[int]:
    try:
        return {int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


def _alive(pids: set[int]) -> list[int]:
    out = []
    for p in sorted(pids):
        try:
            if Path(f"/proc/{p}/stat").read_text().split()[2] != "Z":
                out.append(p)
        except OSError:
            pass
    return out


def kill_at(delay: float, folder: Path) -> tuple[int, list[int]]:
    """Kill the build ``delay`` s after its first worker; its processes, and those alive 10 s later."""
    command = [sys.executable, "-m", "generator", "build", "--setup", "nl-8", "--strategy", "human",
               "--rule", "same-start", "-j", "2", "--force", "-q", "--out", str(folder)]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 300
        while not seen and proc.poll() is None and time.monotonic() < deadline:
            seen = _children(proc.pid)
        end = time.monotonic() + delay
        while time.monotonic() < end and proc.poll() is None:
            seen |= _children(proc.pid)
    finally:
        proc.kill()
        proc.wait()
    for _ in range(100):
        if not _alive(seen):
            break
        time.sleep(0.1)
    left = _alive(seen)
    for p in left:
        os.kill(p, signal.SIGKILL)
    return len(seen), left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="kills at each delay (default 3)")
    parser.add_argument("--delays", default="0,0.05,0.2,1,3",
                        help="seconds after the first worker (default 0,0.05,0.2,1,3)")
    args = parser.parse_args()
    orphans = kills = 0
    for delay in (float(d) for d in args.delays.split(",")):
        for run in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="fault-orphans-") as tmp:
                started, left = kill_at(delay, Path(tmp))
            kills += 1
            orphans += len(left)
            print(f"killed {delay:g} s after its first worker (run {run + 1}): {started} processes "
                  f"started, {len(left)} alive 10 s later", flush=True)
    print(f"{kills} kills, {orphans} orphans")


if __name__ == "__main__":
    main()
