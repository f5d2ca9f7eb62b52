"""The report command (generator/commands/report.py)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.cli import main
from generator.core.catalog import trees_dir
from generator.output.report import report
from generator.runs.jobs import Processes
from generator.runs.lingo import build_trees


def test_report_on_built_trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build_trees(["nl"], ["free", "same-start"], ["scm", "human"], ["q", "u"], root=tmp_path, runner=Processes(1),
          progress=lambda _: None)
    text = report(tmp_path, ["nl"])
    assert "-- The 1992 paper's rule (SCM): every move leaves the smallest largest group (its Fig. 3); free rule: any word may be guessed" in text
    assert "paper (3364)" in text and "ours (28)" in text
    assert "paper, words at 5 turns: 10: gewit" in text
    assert "paper: opening words 53, exception moves 1, words to learn 54" in text
    assert "TV rules" in text
    assert main(["report", "--setup", "nl", "--trees", str(tmp_path)]) == 0
    assert "Human scheme" in capsys.readouterr().out
    assert main(["report", "--summary", "--trees", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:7] == ["set-up", "rule", "words", "human", "bound", "proved", "shared"]
    free, tv = lines[2].split(), lines[3].split()
    assert free[:3] == ["nl", "free", "28"] and tv[:3] == ["nl", "same-start", "28"]
    human_learn = sum(len(x["openers"]) + len(x["exceptions"]) for x in
                      [summary_item(tmp_path, "free", letter) for letter in ("q", "u")])
    assert free[3] == str(human_learn) and free[6] == "-"  # no shared trees built
    bounds = [orjson.loads((tmp_path / "nl" / "free" / "human" / f"{x}.json").read_bytes())["strategy"]["lower_bound"]
              for x in ("q", "u")]
    assert free[4] == str(sum(bounds)) and free[5].endswith("/2")  # the proved bound, the letters proved
    assert free[-3].startswith("nl/free/") and free[-1] == "KiB)"


def summary_item(root: Path, rule: str, letter: str) -> dict:  # type: ignore[type-arg]
    tree = orjson.loads((root / "nl" / rule / "human" / f"{letter}.json").read_bytes())
    return {"openers": tree["strategy"]["openers"], "exceptions": tree["strategy"].get("exceptions", [])}


def test_report_without_trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--setup", "en", "--trees", str(tmp_path)]) == 2
    assert "no trees for set-up 'en'" in capsys.readouterr().err


def test_report_on_wordle_has_both_modes() -> None:
    text = report(trees_dir(), ["wordle"])
    assert "-- Optimal: the fewest guesses on average, from salet; normal mode" in text
    assert "-- Optimal: the fewest guesses on average, from salet; hard mode" in text
    assert "free rule" not in text and "TV rules" not in text


def test_report_of_the_cards_by_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--cards", "--setup", "en-common-4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["set-up", "card", "words"]
    assert [line.split()[1:3] for line in lines[1:4]] == [["openers", "only"], ["the", "knee"], ["every", "word"]]
    assert lines[3].split()[-1] == "yes" and "frontier:" in lines[4]  # the full card is proved; the frontier
    assert main(["report", "--cards", "--setup", "en"]) == 2
    assert "no cards of en" in capsys.readouterr().err
