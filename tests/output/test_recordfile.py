"""Files of records beside the trees (generator/output/recordfile.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.errors import TreeFormatError
from generator.output.recordfile import dump_records, load_records, read_records


def parse(r: dict[str, Any]) -> int:
    if type(r["n"]) is not int:
        raise ValueError("n is a number")
    return int(r["n"])


def test_round_trip(tmp_path: Path) -> None:
    raw = dump_records("lingo-trees.demo", 3, "items", [{"n": 1}, {"n": 2}])
    assert raw.startswith(b'{\n  "format": "lingo-trees.demo",\n  "version": 3,') and raw.endswith(b"\n")
    assert load_records(raw, "demo.json", "lingo-trees.demo", 3, "items", "demo", parse) == [1, 2]
    path = tmp_path / "demo.json"
    assert read_records(path, 100, "demo") is None  # no file: no records
    path.write_bytes(raw)
    assert read_records(path, 1000, "demo") == raw
    with pytest.raises(TreeFormatError, match="demo.json"):
        read_records(path, 10, "demo")  # larger than allowed


@pytest.mark.parametrize("raw, message", [
    (b"[", "demo.json: not JSON"),
    (b'{"format": "other"}', "demo.json: not an items file"),
    (b'{"format": "lingo-trees.demo", "version": 2}', "items file version 2 is not 3"),
    (b'{"format": "lingo-trees.demo", "version": 3}', "demo.json: no list of items in this items file"),
    (b'{"format": "lingo-trees.demo", "version": 3, "items": [{}]}', r"malformed item \(KeyError"),
    (b'{"format": "lingo-trees.demo", "version": 3, "items": [{"n": "1"}]}', "malformed item .*n is a number"),
])
def test_errors_name_the_file_and_the_problem(raw: bytes, message: str) -> None:
    with pytest.raises(TreeFormatError, match=message):
        load_records(raw, "demo.json", "lingo-trees.demo", 3, "items", "items", parse)
