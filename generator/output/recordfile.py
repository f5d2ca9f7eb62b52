"""A JSON file of records kept beside the trees (``openers.json``,
``traps.json``): a format name, a version and one list of records.

The files built on it (:mod:`generator.output.rankingfile`,
:mod:`generator.output.trapsfile`) say what a record holds; here is what
they share: deterministic bytes (two-space indentation, a final newline),
and errors that name the file and what is wrong with it in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import orjson

from generator.core.files import FileError, read_limited
from generator.errors import TreeFormatError

T = TypeVar("T")


def dump_records(fmt: str, version: int, key: str, records: list[dict[str, Any]]) -> bytes:
    """``{"format": fmt, "version": version, key: records}`` as bytes."""
    return orjson.dumps({"format": fmt, "version": version, key: records}, option=orjson.OPT_INDENT_2) + b"\n"


def load_records(raw: bytes, name: str, fmt: str, version: int, key: str, what: str,
                 parse: Callable[[dict[str, Any]], T], older: tuple[int, ...] = ()) -> list[T]:
    """The records of a file's bytes, each made by ``parse`` (which raises
    ``KeyError``, ``TypeError`` or ``ValueError`` on a malformed one); a
    :class:`TreeFormatError` names ``name`` and what is wrong. ``what``:
    the file's kind (``openers``), the record's is ``key`` less its s;
    ``older``: the earlier versions ``parse`` reads too."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise TreeFormatError(f"{name}: not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise TreeFormatError(f"{name}: not {'an' if what[0] in 'aeiou' else 'a'} {what} file "
                              f"(format {fmt!r} expected)")
    if data.get("version") not in (version, *older):
        raise TreeFormatError(f"{name}: {what} file version {data.get('version')!r} is not {version}")
    if not isinstance(data.get(key), list):
        raise TreeFormatError(f"{name}: no list of {key} in this {what} file")
    try:
        return [parse(r) for r in data[key]]
    except (KeyError, TypeError, ValueError) as exc:
        raise TreeFormatError(f"{name}: malformed {key.removesuffix('s')} "
                              f"({type(exc).__name__}: {str(exc)[:80]})") from None


def read_records(path: Path, max_bytes: int, what: str) -> bytes | None:
    """The bytes of the file at ``path``, None where there is none."""
    if not path.exists():
        return None
    try:
        return read_limited(path, max_bytes, f"{what} file")
    except FileError as exc:
        raise TreeFormatError(str(exc)) from None
