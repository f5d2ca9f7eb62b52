"""``lingo-trees schema [FILE]``: write the tree format's JSON Schema."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import orjson

from generator.commands import out_file
from generator.core.catalog import trees_dir
from generator.core.files import FileError, dump_json, read_limited, write_atomic
from generator.output.treefile import SCHEMA_ID_PREFIX
from generator.output.treeschema import SCHEMA


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("schema", help="write the JSON Schema of tree files (default trees/schema.json)")
    p.add_argument("file", nargs="?", type=out_file, metavar="FILE",
                   help="where to write it (- for standard output); an existing file is replaced only "
                        "if it is a schema")
    p.set_defaults(func=run)


def _check_replaces_a_schema(path: Path) -> None:
    """Refuse to write over a file that is not an earlier schema (a tree, say)."""
    if not path.exists():
        return
    try:
        old = orjson.loads(read_limited(path, 1 << 20, "schema file"))
    except (FileError, orjson.JSONDecodeError):
        old = None
    if not (isinstance(old, dict) and str(old.get("$id", "")).startswith(SCHEMA_ID_PREFIX)):
        raise FileError(f"{path}: exists and is not a tree-format schema; not replaced")


def run(args: argparse.Namespace) -> int:
    data = dump_json(SCHEMA)
    if str(args.file) == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    out = args.file or trees_dir() / "schema.json"
    _check_replaces_a_schema(out)
    write_atomic(out, data)
    print(f"wrote {out}")
    return 0
