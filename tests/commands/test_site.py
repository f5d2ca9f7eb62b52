"""The site command (generator/commands/site.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main


def test_command_says_pdfs_were_skipped_without_chromium(tiny: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LINGO_TREES_CHROMIUM", str(tmp_path / "no-chromium"))
    out = tmp_path / "out"
    assert main(["site", "--trees", str(tiny), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert f"PDFs skipped: $LINGO_TREES_CHROMIUM is '{tmp_path / 'no-chromium'}', which does not exist" in captured.err
    assert "site built in" in captured.out and (out / "index.html").exists()
    assert main(["site", "--trees", str(tiny), "--out", str(out)]) == 0
    assert "site up to date" in capsys.readouterr().out
    assert main(["site", "--trees", str(tiny), "--out", str(out), "--force", "-q"]) == 0
    assert "site built in" in capsys.readouterr().out


def test_command_on_missing_trees_is_a_one_line_error(tiny: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "trees").mkdir()
    assert main(["site", "--trees", str(tmp_path / "trees"), "--out", str(tmp_path / "o"), "--pdf", "none"]) == 2
    assert capsys.readouterr().err.startswith("lingo-trees: error: no trees under")

