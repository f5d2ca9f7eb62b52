"""``lingo-trees verify PATH...``: replay every secret through every tree.

Every file gets a line: ``PATH: ok: ...``, ``PATH: FAILED: ...`` with its
problems, or ``PATH: error: ...`` when it cannot be checked at all (not a tree
file, an unknown word list, a key twice in one object); the last line is
always the summary ``N trees, N ok, N failed``. Exit 0 when every tree is ok,
1 when one fails, 2 when one cannot be checked or no tree is found.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands import add_jobs, one_line
from generator.runs.jobs import run_jobs
from generator.runs.verify import check_file, find_tree_files


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("verify", help="replay every secret through tree files (folders recursively)")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    add_jobs(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    files = find_tree_files(args.paths)
    workers = args.jobs if len(files) > 4 else 1
    done = dict(run_jobs(check_file, files, workers))
    failed = 0
    errors: list[str] = []
    for path in files:
        v = done[path]
        if v.ok:
            if not args.quiet:
                print(f"{v.path}: ok: {v.line}")
            continue
        failed += 1
        if not v.line:
            errors.append(f"{v.path}: {v.problems[0]}")
            print(f"{v.path}: error: {v.problems[0]}")
            continue
        print(f"{v.path}: FAILED: {v.line}")
        for text in v.problems:
            print(f"  {text}")
    print(f"{len(files)} trees, {len(files) - failed} ok, {failed} failed")
    if errors:
        sys.stdout.flush()
        what = errors[0] if len(errors) == 1 else f"{len(errors)} of {len(files)} files could not be checked (see above)"
        print(f"lingo-trees: error: {one_line(what)}", file=sys.stderr)
    return 2 if errors else 1 if failed else 0
