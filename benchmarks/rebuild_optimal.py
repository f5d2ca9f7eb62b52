"""Do the committed optimal trees rebuild byte-identical? A spread of them, each rebuilt from scratch.

Run: python benchmarks/rebuild_optimal.py [--jobs N]

The spread (a rule, not chosen by outcome): in every LINGO ``optimal``
folder of ``trees/`` (each set-up under each rule), the tree of the fewest
secrets above 30 and the tree of the fewest secrets above 100 (where there
is one); Wordle's ``optimal-salet`` trees (2022 lists, normal and hard mode,
and today's lists, normal mode); Mastermind 4x6 ``optimal`` and
``optimal-5``. Each is rebuilt with ``--force`` into a temporary folder
(``lingo-trees build``, ``exact`` or ``mastermind build``, as a user would)
and compared byte for byte with the committed file. It prints one line per
tree (seconds, same or DIFFERENT) and the count; nothing is asserted.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parent.parent
TREES = ROOT / "trees"


def lingo_spread() -> list[tuple[str, str, str]]:
    """(set-up, rule, letter) of the spread's LINGO trees."""
    picked = []
    for folder in sorted(TREES.glob("*/*/optimal")):
        if folder.parts[-3] in ("mastermind", "hangman"):
            continue
        sizes = {}
        for path in folder.glob("*.json"):
            if path.name != "index.json":
                sizes[path.stem] = orjson.loads(path.read_bytes())["stats"]["secrets"]
        for floor in (30, 100):
            above = sorted((n, letter) for letter, n in sizes.items() if n > floor)
            if above and above[0][1] not in [p[2] for p in picked if p[:2] == (folder.parts[-3], folder.parts[-2])]:
                picked.append((folder.parts[-3], folder.parts[-2], above[0][1]))
    return picked


def cases(out: Path) -> list[tuple[str, list[str], Path, Path]]:
    """(name, arguments of lingo-trees, the file rebuilt, the committed file)."""
    found = []
    for sid, rule, letter in lingo_spread():
        rel = Path(sid, rule, "optimal", f"{letter}.json")
        found.append((f"{sid} {rule} {letter}", ["build", "--setup", sid, "--rule", rule, "--strategy", "optimal",
                                                 "--letter", letter], out / rel, TREES / rel))
    for sid, rule in (("wordle", "free"), ("wordle", "hard"), ("wordle-2023", "free")):
        rel = Path(sid, rule, "optimal-salet", "all.json")
        found.append((f"{sid} {rule} salet", ["exact", "--setup", sid, "--rule", rule, "--opener", "salet"],
                      out / rel, TREES / rel))
    for strategy in ("optimal", "optimal-5"):
        rel = Path("mastermind", "4x6", strategy, "all.json")
        found.append((f"mastermind 4x6 {strategy}", ["mastermind", "build", "--variant", "4x6", "--strategy", strategy],
                      out / rel, TREES / rel))
    return found


def main() -> None:
    jobs = sys.argv[sys.argv.index("--jobs") + 1] if "--jobs" in sys.argv else None
    same = 0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        todo = cases(out)
        for name, args, built, committed in todo:
            cmd = [sys.executable, "-m", "generator", *args, "--out", str(out), "--force", "-q"]
            cmd += ["-j", jobs] if jobs else []
            t0 = time.perf_counter()
            run = subprocess.run(cmd, capture_output=True, text=True)
            seconds = time.perf_counter() - t0
            ok = run.returncode == 0 and built.exists() and built.read_bytes() == committed.read_bytes()
            same += ok
            why = "" if ok else f"  (exit {run.returncode}: {run.stderr.strip()[-300:]})" if run.returncode else ""
            print(f"{name:<34} {seconds:8.1f} s  {'same' if ok else 'DIFFERENT'}{why}", flush=True)
    print(f"{same} of {len(todo)} rebuilt byte-identical")


if __name__ == "__main__":
    main()
