"""``lingo-trees index``: rewrite every index.json of a trees folder from its tree files."""

from __future__ import annotations

import argparse

from generator.commands import add_trees
from generator.core.catalog import trees_dir
from generator.core.files import output_target
from generator.core.layout import INDEX, folder_path
from generator.errors import TreeFormatError
from generator.output.index import index_folders, write_index, write_top_index


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("index", help="rewrite the index.json of every tree folder and the top index")
    add_trees(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    root = args.trees or trees_dir()
    folders = list(index_folders(root))  # every name checked before anything is written
    if not folders:
        raise TreeFormatError(f"{root}: no tree files in LINGO, Wordle or Mastermind strategy folders")
    for path in [folder_path(root, f) / INDEX for f in folders] + [root / INDEX]:
        output_target(path, replace_link=True)  # a folder or a FIFO named index.json: stop before writing
    for folder in folders:
        write_index(root, folder)
    write_top_index(root)
    print(f"wrote {len(folders)} folder indexes and {root / 'index.json'}")
    return 0
