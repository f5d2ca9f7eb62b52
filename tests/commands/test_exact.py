"""The exact command (generator/commands/exact.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest


@pytest.mark.parametrize("argv, message", [
    (["--setup", "wordle", "--opener", "xyzzy", "--top", "2"], r"opener 'xyzzy' is not in the guesses list"),
    (["--setup", "nl", "--letter", "c", "--rule", "same-start", "--opener", "soera"], r"must begin with 'c'"),
    (["--setup", "nl", "--rule", "free"], r"need --letter"),
    (["--setup", "nl", "--letter", "c", "--rule", "hard"], r"hard mode is a Wordle rule"),
    (["--setup", "wordle", "--rule", "same-start", "--top", "2"], r"same-start needs a LINGO"),
    pytest.param(["--setup", "wordle", "--opener", "salet", "--top", "3", "--cap", "3"],
                 r"no tree solves every secret within 3 turns.*best possible worst case is 5 turns",
                 marks=pytest.mark.slow),
    (["--setup", "wordle"], r"out of reach"),
    (["--setup", "wordle", "--top", "0"], r"--top: 0 must be 1 or more"),
])
def test_command_errors(cli, capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = cli("exact", *argv, "-j", "1", "-q", "--no-write")
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("lingo-trees: error: "), err
    assert re.search(message, lines[0]), lines[0]


def test_command_writes_a_verified_tree(cli, tmp_path: Path) -> None:
    code, out, err = cli("exact", "--setup", "nl", "--letter", "c", "-q", "--out", str(tmp_path))
    assert code == 0, err
    out_path = tmp_path / "nl" / "free" / "optimal" / "c.json"
    assert "proved" in out and out_path.exists()
    assert (out_path.parent / "index.json").exists() and (tmp_path / "index.json").exists()
    code, out, err = cli("verify", str(out_path))
    assert code == 0 and "1 ok" in out
    raw = out_path.read_bytes()
    code, out, err = cli("exact", "--setup", "nl", "--letter", "c", "-q", "--out", str(tmp_path))
    assert code == 0 and "up to date (its fingerprint matches, it verifies), kept" in out and out_path.read_bytes() == raw
    code, out, err = cli("exact", "--setup", "nl", "--letter", "c", "-q", "--force", "--out", str(tmp_path))
    assert code == 0 and "kept" not in out and out_path.read_bytes() == raw


def test_a_cap_of_many_turns_searches(cli) -> None:
    # 1 + B + ... + B^19 secrets fit in 20 turns: more than a kernel's int64 holds
    code, out, err = cli("exact", "--setup", "nl", "--rule", "same-start", "--letter", "q", "--cap", "20",
                         "--no-write", "-q")
    assert code == 0 and "total 22" in out and "proved" in out, err
