"""The comparison report (generator/output/report.py)."""

from __future__ import annotations

from pathlib import Path

from generator.core.catalog import trees_dir
from generator.output.report import histogram_table, report
from generator.runs.jobs import Processes
from generator.runs.lingo import build_trees


def test_histogram_table() -> None:
    lines = histogram_table([("paper", {1: 2, 2: 2}), ("ours", {2: 3})])
    assert lines[0].split() == ["turns", "paper", "ours"]
    assert lines[1].split() == ["1", "2", "0"]
    assert lines[-1].split() == ["mean", "1.5000", "2.0000"]


def test_report_counts_proved_optimal_letters(tmp_path: Path) -> None:
    build_trees(["nl"], ["same-start"], ["optimal"], ["q", "z"], root=tmp_path, runner=Processes(1), progress=lambda _: None)
    text = report(tmp_path, ["nl"])
    assert "-- Optimal: the fewest turns on average (every move by the feedback); TV rules: every guess begins with the letter shown" in text
    assert "proved optimal: 2 of 2 letters" in text


def test_a_digraph_is_one_proved_letter() -> None:
    text = report(trees_dir(), ["nl-ij-4"])
    assert "proved optimal: 26 of 26 letters" in text  # ij counted once, not twice
