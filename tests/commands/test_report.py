"""The report command (generator/commands/report.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.output.report import report
from generator.runs.lingo import build_trees


def test_report_on_built_trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build_trees(["nl"], ["free", "same-start"], ["scm", "human"], ["q", "u"], root=tmp_path, workers=1,
          progress=lambda _: None)
    text = report(tmp_path, ["nl"])
    assert "-- Adaptive SCM (the paper's Fig. 3); free rule: any word may be guessed" in text
    assert "paper (3364)" in text and "ours (29)" in text
    assert "paper, words at 5 turns: 10: gewit" in text
    assert "paper: opening words 53, exception moves 1, words to learn 54" in text
    assert "TV rules" in text
    assert main(["report", "--setup", "nl", "--trees", str(tmp_path)]) == 0
    assert "Human scheme" in capsys.readouterr().out


def test_report_without_trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--setup", "en", "--trees", str(tmp_path)]) == 2
    assert "no trees for set-up 'en'" in capsys.readouterr().err
