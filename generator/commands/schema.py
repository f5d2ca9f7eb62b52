"""``lingo-trees schema [FILE]``: write the tree format's JSON Schema."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.core.catalog import trees_dir
from generator.output.files import dump_json, write_atomic
from generator.output.treefile import SCHEMA


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("schema", help="write the JSON Schema of tree files (default trees/schema.json)")
    p.add_argument("file", nargs="?", metavar="FILE", help="where to write it (- for standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    data = dump_json(SCHEMA)
    if args.file == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    out = Path(args.file) if args.file else trees_dir() / "schema.json"
    write_atomic(out, data)
    print(f"wrote {out}")
    return 0
