"""``lingo-trees index``: rewrite every index.json of a trees folder from its tree files."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands import add_trees
from generator.core.catalog import trees_dir
from generator.errors import TreeFormatError
from generator.output.index import write_index, write_top_index


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("index", help="rewrite the index.json of every tree folder and the top index")
    add_trees(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    root = Path(args.trees) if args.trees else trees_dir()
    if not root.is_dir():
        raise TreeFormatError(f"{root}: no such trees folder")
    folders = sorted({p.parent for p in root.glob("*/*/*/*.json") if p.name != "index.json"})
    if not folders:
        raise TreeFormatError(f"{root}: no tree files in <setup>/<rule>/<strategy>/ folders")
    for folder in folders:
        write_index(folder)
    write_top_index(root)
    print(f"wrote {len(folders)} folder indexes and {root / 'index.json'}")
    return 0
