"""``lingo-trees export --graphml OUT TREE``: a tree as a graph file."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.output.graph import write_graphml
from generator.output.treefile import read_tree


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("export", help="export a tree file as GraphML")
    p.add_argument("tree", type=Path, help="a tree file (.json)")
    p.add_argument("--graphml", type=Path, required=True, metavar="OUT", help="GraphML file to write")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    write_graphml(read_tree(args.tree), args.graphml)
    print(f"wrote {args.graphml}")
    return 0
