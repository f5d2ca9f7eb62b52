"""The play command (generator/commands/play.py)."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from generator.core.catalog import load_list, setup
from generator.core.feedback import feedback
from generator.core.partition import Matrix
from generator.core.scoring import scm
from generator.core.tree import GameTree, tree_stats
from generator.core.words import WordList
from generator.output.treefile import write_tree
from generator.search.greedy import greedy_tree


def letter_tree(letter: str = "q", setup_id: str = "en") -> GameTree:
    """A greedy SCM tree for one start letter, built as the trees will be."""
    s = setup(setup_id)
    answers, guesses = load_list(s.answers), load_list(s.guesses)
    words = answers.starting_with(letter)
    sub = WordList(f"{answers.id}/{letter}", words, answers.alphabet, answers.length, answers.language)
    game = s.game.for_letter(letter)
    root = greedy_tree(Matrix.build(guesses, sub), np.arange(len(words)), scm, game)
    tree = GameTree(game, s.answers, s.guesses, words, root,
                    {"scheme": "scm", "heuristic": "scm", "almost_winning": "none", "tie_breaks": "list order",
                     "moves": "any guess"})
    tree.stats = tree_stats(root, words, feedback)
    return tree

@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("trees")
    for letter in ("q", "x"):
        write_tree(root / "en" / "free" / "scm" / f"{letter}.json", letter_tree(letter))
    return root


def test_cli_secret_from_file(cli, trees: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = trees / "en" / "free" / "scm" / "q.json"
    code, out, err = cli("play", str(path), "--secret", "quake", "--colour", "never")
    assert code == 0, err
    assert "scm tree for 53 secrets (first letter q), 5 turns" in out
    assert "1.  R  A  T  E  S   .Y.Y.  rates" in out
    assert out.rstrip().endswith("solved quake in 2 turns")
    code, out, _ = cli("play", str(path), "--secret", "quake", "--colour", "always")
    assert "\x1b[1;97;42m Q \x1b[0m" in out


def test_cli_layout_and_replies(cli, trees: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli("play", "--setup", "en", "--trees", str(trees), "--letter", "q",
                       "--replies", ".Y...,yywww", "--colour", "never")
    assert code == 0
    assert "turn 1: play RATES   (53 words possible)" in out
    assert "turn 3: play QUACK: it is the only word left" in out
    assert "solved in 3 turns: quack" in out
    # the letter comes from the secret when not given
    code, out, _ = cli("play", "--setup", "en", "--trees", str(trees), "--secret", "xylan")
    assert code == 0 and "solved xylan" in out


def test_cli_reads_stdin(cli, user_error, trees: Path, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(".Y...\nYY...\n"))
    code, out, _ = cli("play", "--setup", "en", "--trees", str(trees), "--letter", "q")
    assert code == 0 and "solved in 3 turns: quack" in out
    monkeypatch.setattr("sys.stdin", io.StringIO(".Y...\n"))
    code, _, err = cli("play", "--setup", "en", "--trees", str(trees), "--letter", "q")
    user_error(code, err, r"the input ended before the game did \(turn 2\)")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code, out, _ = cli("play", "--setup", "en", "--trees", str(trees), "--letter", "q")
    assert code == 1 and "stopped" in out


def test_cli_no_tree(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli("play", "--no-tree", "--setup", "wordle", "--secret", "those",
                       "--colour", "never")
    assert code == 0
    assert "1.  R  A  I  S  E   ...GG  raise" in out
    assert "solved those in 3 turns" in out
    code, out, _ = cli("play", "--no-tree", "--setup", "nl", "--secret", "appel",
                       "--rule", "same-start", "--heuristic", "entropy", "--colour", "never")
    assert code == 0
    assert all(line.split()[-1].startswith("a") for line in out.splitlines()[1:-1])


@pytest.mark.parametrize("argv, pattern", [
    (["--letter", "q", "--replies", "G....,x"], r"feedback G\.\.\.\. is impossible for rates"),
    (["--letter", "q", "--replies", "G..."], "has 4 marks, expected 5"),
    (["--letter", "q", "--replies", "G...z"], "'z' is not one of"),
    (["--letter", "q", "--replies", ".Y..."], r"--replies ran out before the game ended \(turn 2\)"),
    (["--letter", "q", "--secret", "hater"], "'hater' is not one of the 53 possible secrets"),
    (["--letter", "z"], "no tree for the letter 'z'"),
    (["--setup", "xx"], "unknown set-up 'xx'"),
])
def test_cli_errors(cli, user_error, trees: Path, capsys: pytest.CaptureFixture[str], argv: list[str], pattern: str) -> None:
    base = ["play", "--trees", str(trees)] + ([] if "--setup" in argv else ["--setup", "en"])
    code, _, err = cli(*base, *argv)
    user_error(code, err, pattern)


@pytest.mark.parametrize("argv, pattern", [
    (["play"], "give a tree file"),
    (["play", "/no/such/tree.json"], "no such file|/no/such/tree.json"),
    (["play", "--no-tree"], "--no-tree needs --setup"),
    (["play", "--no-tree", "--setup", "en"], "reveals the first letter: give --letter"),
    (["play", "--no-tree", "--setup", "en", "--letter", "q", "--rule", "odd"], "unknown guess rule 'odd'"),
])
def test_cli_usage_errors(cli, user_error, capsys: pytest.CaptureFixture[str], argv: list[str], pattern: str) -> None:
    code, _, err = cli(*argv)
    user_error(code, err, pattern)
