"""The comparison report reads indexes and puts the paper beside them."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.runs.lingo import build
from generator.output.report import histogram_table, report


def test_histogram_table() -> None:
    lines = histogram_table([("paper", {1: 2, 2: 2}), ("ours", {2: 3})])
    assert lines[0].split() == ["turns", "paper", "ours"]
    assert lines[1].split() == ["1", "2", "0"]
    assert lines[-1].split() == ["mean", "1.5000", "2.0000"]


def test_report_on_built_trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build(["nl"], ["free", "same-start"], ["scm", "human"], ["q", "u"], root=tmp_path, workers=1,
          progress=lambda _: None)
    text = report(tmp_path, ["nl"])
    assert "Adaptive SCM (paper Fig. 3); free rule" in text
    assert "paper (3364)" in text and "ours (29)" in text
    assert "paper, words at 5 turns: 10: gewit" in text
    assert "paper: opening words 53, exception moves 1, words to learn 54" in text
    assert "TV rules" in text
    assert main(["report", "nl", "--trees", str(tmp_path)]) == 0
    assert "Human scheme" in capsys.readouterr().out


def test_report_counts_proved_optimal_letters(tmp_path: Path) -> None:
    build(["nl"], ["same-start"], ["optimal"], ["q", "z"], root=tmp_path, workers=1, progress=lambda _: None)
    text = report(tmp_path, ["nl"])
    assert "Optimal adaptive trees (least total turns); TV rules" in text
    assert "proved optimal: 2 of 2 letters" in text


def test_report_without_trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "en", "--trees", str(tmp_path)]) == 2
    assert "no trees for set-up 'en'" in capsys.readouterr().err
