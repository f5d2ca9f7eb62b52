"""``lingo-trees schema [OUT]``: write the tree format's JSON Schema."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.core.catalog import project_root
from generator.output.treefile import SCHEMA, dump_json, write_atomic


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("schema", help="write the JSON Schema of tree files (default trees/schema.json)")
    p.add_argument("out", nargs="?", type=Path)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = args.out or project_root() / "trees" / "schema.json"
    write_atomic(out, dump_json(SCHEMA))
    print(f"wrote {out}")
    return 0
