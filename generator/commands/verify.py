"""``lingo-trees verify PATH...``: replay every secret through every tree.

A tree that verifies prints ``PATH: ok: ...``; one that does not prints
``PATH: FAILED: ...`` and its problems (exit 1). A file that cannot be checked
at all (not a tree file, an unknown word list) is a user error: one line
``lingo-trees: error: PATH: ...`` on stderr, and exit 2. The last line of the
output is always the summary ``N trees, N ok, N failed``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands import add_jobs
from generator.core.verify import game_lists, verify_tree
from generator.errors import LingoTreesError, TreeFormatError
from generator.output.treefile import read_tree
from generator.runs.jobs import run_jobs


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("verify", help="replay every secret through tree files (folders recursively)")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    add_jobs(p)
    p.set_defaults(func=run)


def tree_files(paths: list[Path]) -> list[Path]:
    """The tree files named, folders searched recursively (index and schema files skipped)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(p for p in sorted(path.rglob("*.json"))
                         if p.name not in ("index.json", "schema.json"))
        elif path.exists():
            files.append(path)
        else:
            raise TreeFormatError(f"{path}: no such file or folder")
    return files


def check_file(path: Path) -> tuple[str, bool, str, list[str]]:
    """Verify one file: (path, ok, summary line, problems).

    A file that cannot be checked gives an empty summary line and its one
    error message (naming the file) as the only problem.
    """
    try:
        tree = read_tree(path)
    except LingoTreesError as exc:
        return str(path), False, "", [str(exc)]
    try:
        answers, guesses = game_lists(tree)
    except LingoTreesError as exc:
        return str(path), False, "", [f"{path}: wordlists: {exc}"]
    verdict = verify_tree(tree, answers, guesses)
    s = verdict.stats
    hist = " ".join(f"{k}:{v}" for k, v in s.turns.items())
    late = f", {len(tree.late)} late" if tree.late else ""
    line = (f"{verdict.solved}/{len(tree.secrets)} solved, total {s.total_turns}, "
            f"max {s.max_turns}, mean {s.mean_turns:.4f}{late} [{hist}]")
    return str(path), verdict.ok, line, verdict.problems


def run(args: argparse.Namespace) -> int:
    files = tree_files(args.paths)
    workers = args.jobs if len(files) > 4 else 1
    done = dict(run_jobs(check_file, files, workers))
    results = [done[f] for f in files]
    failed = errors = 0
    for name, ok, line, problems in results:
        if ok:
            if not args.quiet:
                print(f"{name}: ok: {line}")
            continue
        failed += 1
        if not line:
            errors += 1
            sys.stdout.flush()  # keep the order of the two streams on a terminal
            print(f"lingo-trees: error: {problems[0]}", file=sys.stderr, flush=True)
            continue
        print(f"{name}: FAILED: {line}")
        for text in problems:
            print(f"  {text}")
    print(f"{len(results)} trees, {len(results) - failed} ok, {failed} failed")
    return 2 if errors else 1 if failed else 0
