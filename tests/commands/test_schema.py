"""The schema command (generator/commands/schema.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.core.files import dump_json
from generator.output.treeschema import SCHEMA

ROOT = Path(__file__).resolve().parents[2]


def test_schema_file_is_what_the_schema_command_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    committed = (ROOT / "trees" / "schema.json").read_bytes()
    assert committed == dump_json(SCHEMA)
    out = tmp_path / "schema.json"
    assert main(["schema", str(out)]) == 0
    assert out.read_bytes() == committed
    assert capsys.readouterr().out == f"wrote {out}\n"
