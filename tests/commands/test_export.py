"""The export command (generator/commands/export.py)."""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx
import pytest

from generator.core.tree import GameTree

DATA = Path(__file__).resolve().parents[1] / "data"

GOOD = DATA / "nl-q.json"


def assert_user_error(code: int, out: str, err: str, pattern: str) -> None:
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lingo-trees: error: ")
    assert re.search(pattern, lines[0]), lines[0]
    assert "Traceback" not in out + err

def test_export_graphml(cli, tmp_path: Path, q_tree: GameTree, capsys: pytest.CaptureFixture[str]) -> None:
    out_path = tmp_path / "q.graphml"
    code, out, err = cli("export", str(GOOD), "--graphml", str(out_path))
    assert (code, out, err) == (0, f"wrote {out_path}\n", "")
    g = nx.read_graphml(out_path)
    assert g.nodes[""]["guess"] == "quant"
    assert g.number_of_nodes() == 10  # one per secret


def test_export_errors(cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{nope")
    assert_user_error(*cli("export", str(bad), "--graphml", str(tmp_path / "x.graphml")),
                      rf"{re.escape(str(bad))}: not valid JSON")
    assert not (tmp_path / "x.graphml").exists()
    # an output folder that cannot be made (a file is in the way)
    (tmp_path / "file").write_text("")
    assert_user_error(*cli("export", str(GOOD), "--graphml", str(tmp_path / "file" / "q.graphml")),
                      r"lingo-trees: error: .*file")
