"""``lingo-trees export TREE --graphml FILE``: a tree as a graph file."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from generator.commands import out_file
from generator.core.files import FileError, write_atomic
from generator.output.graph import graphml_bytes
from generator.output.treefile import read_tree


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("export", help="export a tree file as GraphML")
    p.add_argument("tree", type=Path, help="a tree file (.json)")
    p.add_argument("--graphml", required=True, type=out_file, metavar="FILE",
                   help="GraphML file to write (- for standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    data = graphml_bytes(read_tree(args.tree))
    if str(args.graphml) != "-" and args.graphml.exists() and os.path.samefile(args.graphml, args.tree):
        raise FileError(f"{args.graphml}: is the tree being exported; choose another file")
    if str(args.graphml) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    write_atomic(args.graphml, data)
    print(f"wrote {args.graphml}")
    return 0
