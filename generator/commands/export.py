"""``lingo-trees export TREE --graphml FILE``: a tree as a graph file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.output.files import write_atomic
from generator.output.graph import graphml_bytes
from generator.output.treefile import read_tree


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("export", help="export a tree file as GraphML")
    p.add_argument("tree", type=Path, help="a tree file (.json)")
    p.add_argument("--graphml", required=True, metavar="FILE", help="GraphML file to write (- for standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    data = graphml_bytes(read_tree(args.tree))
    if args.graphml == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    write_atomic(Path(args.graphml), data)
    print(f"wrote {args.graphml}")
    return 0
