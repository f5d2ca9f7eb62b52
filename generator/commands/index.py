"""``lingo-trees index [TREES]``: rewrite every index.json from the tree files."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.runs.lingo import trees_dir, write_index, write_top_index


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("index", help="rewrite the index.json of every tree folder and trees/index.json")
    p.add_argument("trees", nargs="?", type=Path, default=None, help="trees folder (default trees/)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    root = args.trees or trees_dir()
    folders = sorted({p.parent for p in root.glob("*/*/*/*.json") if p.name != "index.json"})
    for folder in folders:
        write_index(folder)
    write_top_index(root)
    print(f"wrote {len(folders)} folder indexes and {root / 'index.json'}")
    return 0
