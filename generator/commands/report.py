"""``lingo-trees report [SETUP...]``: our trees beside the 1992 paper's tables."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.core.catalog import setups
from generator.runs.lingo import trees_dir
from generator.output.report import report


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("report", help="compare the built trees with the 1992 paper's tables")
    p.add_argument("setups", nargs="*", metavar="SETUP", help="set-ups (default: every LINGO set-up built)")
    p.add_argument("--trees", type=Path, default=None, help="trees folder (default trees/)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    root = args.trees or trees_dir()
    ids = args.setups or [s.id for s in setups().values() if (root / s.id).exists()]
    print(report(root, ids), end="")
    return 0
