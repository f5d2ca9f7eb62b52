"""The build command (generator/commands/build.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main


@pytest.mark.parametrize("argv,message", [
    (["build", "--setup", "zz"], "unknown set-up 'zz'"),
    (["build", "--setup", "nl", "--letter", "7"], "begins with '7'"),
    (["build", "--setup", "nl", "--strategy", "magic"], "unknown strategy 'magic'"),
])
def test_build_command_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(argv + ["--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("lingo-trees: error:") and message in err
    assert not any(tmp_path.rglob("*.json"))


def test_build_command_writes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--setup", "nl", "--rule", "free", "--strategy", "scm", "--letter", "q", "--out", str(tmp_path), "-j", "1"]) == 0
    out, err = capsys.readouterr()
    assert "nl/free/scm: " in out and "[1/1] nl/free/scm/q" in err
    assert (tmp_path / "nl/free/scm/q.json").exists()
