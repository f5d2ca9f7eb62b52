"""The hangman command (generator/commands/hangman.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core.verify import game_lists, verify_tree
from generator.output.treefile import load_tree


def test_command_eval_prints_losses_and_hardest_words(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli("hangman", "eval", "--wordlist", "en-enable", "--misses", "6,9",
                         "--lengths", "2", "--strategy", "risk,uncertainty")
    assert code == 0, err
    assert re.search(r"^risk\s+[\d,]+\s+[\d,]+", out, re.M)
    assert "hardest for uncertainty" in out and "evaluation time" in out


def test_command_eval_optimal_says_where_losses_are_proved(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli("hangman", "eval", "--wordlist", "nl-basis", "--misses", "6",
                         "--lengths", "1", "--strategy", "optimal")
    assert code == 0, err
    # 26 one-letter words, one call each: all but the first seven are lost, and no tree does better
    assert re.search(r"^optimal\s+19\s", out, re.M)
    assert "not proved" not in out and "no strategy loses fewer than" in out and "19 at 6" in out


def test_command_build_writes_compact_trees_per_length(cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli("hangman", "build", "--wordlist", "en-enable", "--lengths", "2,25",
                       "--strategy", "optimal", "--top", "2", "-j", "1", "--out", str(tmp_path))
    assert code == 0 and out.count("lost (at least") == 2
    folder = tmp_path / "hangman" / "en-enable" / "6" / "optimal"
    assert sorted(p.name for p in folder.iterdir()) == ["2.json", "25.json"]
    raw = (folder / "2.json").read_bytes()
    assert b"\n " not in raw
    tree = load_tree(raw)
    assert "the best 2 letters" in tree.strategy["search"]
    # the loss search proves the 96 two-letter words lose at least 41 (the family bound says 16)
    assert tree.strategy["losses_at_least"] == len(tree.late) == 41 and tree.strategy["losses_proved"]
    assert verify_tree(tree, *game_lists(tree)).ok
    # a second build keeps both (their fingerprints match); another --top is another tree
    code, out, _ = cli("hangman", "build", "--wordlist", "en-enable", "--lengths", "2,25",
                       "--strategy", "optimal", "--top", "2", "-j", "1", "--out", str(tmp_path))
    assert code == 0 and out.count("up to date (its fingerprint matches, it verifies), kept") == 2
    assert (folder / "2.json").read_bytes() == raw
    code, out, _ = cli("hangman", "build", "--wordlist", "en-enable", "--lengths", "2",
                       "--strategy", "optimal", "-j", "1", "--out", str(tmp_path))
    assert code == 0 and "kept" not in out and load_tree((folder / "2.json").read_bytes()).fingerprint != tree.fingerprint


def test_command_feedback(cli, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("hangman", "feedback", "banana", "a") == (0, "_a_a_a\n", "")


@pytest.mark.parametrize("argv, message", [
    (["hangman", "eval", "--misses", "-1"], "-1 must be 0 or more"),
    (["hangman", "build", "--lengths", "3", "--top", "0"], "--top: 0 must be 1 or more"),
    (["hangman", "eval", "--wordlist", "xx"], "unknown word list 'xx'"),
    (["hangman", "feedback", "banana", "an"], "not one letter"),
    (["hangman", "eval", "--lengths", "2", "-j", "0"], "--jobs: 0 must be 1 or more"),
    (["hangman", "eval", "--wordlist", "en-enable", "--lengths", "40"], "has no words of length 40"),
    (["hangman", "build", "--wordlist", "en-enable", "--lengths", "40"], "has no words of length 40"),
])
def test_command_errors_are_one_line(cli, capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = cli(*argv)
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("lingo-trees: error: "), err
    assert re.search(message, lines[0])
