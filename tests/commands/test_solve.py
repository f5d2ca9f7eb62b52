"""The solve command (generator/commands/solve.py)."""

from __future__ import annotations

import pytest


def test_cli_solve(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli("solve", "--setup", "wordle", "--clue", "crane=..GY.", "--moves", "2")
    assert code == 0, err
    assert "pattern: [^cer][^cer]a[^cenr][^cer]" in out
    assert "must contain: a, n" in out
    assert "candidates: 8" in out
    assert "best next moves by scm (12972 guesses scored)" in out


def test_cli_solve_length_and_first(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli("solve", "--wordlist", "en-enable", "--length", "7",
                       "--clue", "agendas=gwwwwww", "--moves", "0", "--show", "0")
    assert code == 0
    assert "candidates: 37" in out and "azimuth" in out
    code, out, _ = cli("solve", "--setup", "en", "--letter", "x", "--moves", "1")
    assert code == 0 and "pattern: x...." in out


def test_cli_solve_by_frequency(cli, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("wordfreq")
    code, out, _ = cli("solve", "--wordlist", "en-enable", "--length", "7",
                       "--clue", "agendas=G......", "--by-frequency", "--moves", "0", "--show", "3")
    assert code == 0
    assert "most frequent first" in out
    assert "  ability (5.0)  airport (4.8)  alcohol (4.6)\n" in out


def test_cli_solve_one_left(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli("solve", "--setup", "en", "--clue", "hater=GGGGG")
    assert code == 0 and "play hater: it is the only word left" in out


@pytest.mark.parametrize("argv, pattern", [
    (["solve", "--setup", "en", "--clue", "about=G....", "--clue", "alibi=GGGGG", "--letter", "a"],
     r"no word of en-enable-5 fits the clues: clue 2 \(alibi=GGGGG\) is the first that cannot hold"),
    (["solve", "--setup", "en", "--clue", "about=G..."], "has 4 marks"),
    (["solve", "--setup", "en", "--clue", "about=Gxxxx"], "is not one of"),
    (["solve", "--wordlist", "en-enable"], "add --length N"),
    (["solve", "--wordlist", "en-enable", "--length", "40"], "no words of 40 letters"),
    (["solve", "--wordlist", "en-enable-5", "--length", "7"], "only words of 5 letters"),
    (["solve", "--wordlist", "xx-list"], "unknown word list 'xx-list'"),
    (["solve", "--setup", "xx"], "unknown set-up 'xx'"),
    (["solve"], "--setup ID or --wordlist ID"),
    (["solve", "--setup", "en", "--letter", "7"], "--letter: '7' is not a start letter"),
])
def test_cli_solve_errors(cli, user_error, capsys: pytest.CaptureFixture[str], argv: list[str], pattern: str) -> None:
    code, _, err = cli(*argv)
    user_error(code, err, pattern)
