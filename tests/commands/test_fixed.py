"""The fixed command (generator/commands/fixed.py)."""

from __future__ import annotations

import re

import pytest

RIDDLER = ("hater", "funds", "pigmy", "block")


def test_cli_eval_prints_the_riddler_figures(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli("fixed", "eval", "--setup", "en", "--guesses", ",".join(RIDDLER))
    assert code == 0, err
    assert "identified exactly: 7803 of 8636" in out
    assert "win chance: 0.94720" in out
    assert "  6: codec coded codex coved cowed coxed" in out
    assert re.search(r"evaluated in \d+\.\d ms", out)


def test_cli_eval_per_letter(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli("fixed", "eval", "--setup", "en", "--guesses", ",".join(RIDDLER),
                       "--for", "x=xylan")
    assert code == 0
    assert "  x: xylan" in out


def test_cli_search(cli, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli("fixed", "search", "--setup", "nl", "-k", "1-2", "--restarts", "1",
                         "--kicks", "1")
    assert code == 0
    assert "k = 1: best found" in out and "guesses: toren" in out
    assert "k = 2: best found" in out
    assert "k=1 " in err and "restart 1" in err  # progress on stderr


@pytest.mark.parametrize("argv, pattern", [
    (["fixed", "eval", "--guesses", "hater,zzzzz"], "'zzzzz' is not in the guesses list"),
    (["fixed", "eval", "--setup", "xx", "--guesses", "hater"], "unknown set-up 'xx'"),
    (["fixed", "eval"], "give the fixed guesses"),
    (["fixed", "eval", "--guesses", ","], "no guesses in"),
    (["fixed", "eval", "--for", "hater"], "write LETTER=W1,W2"),
    (["fixed", "search", "-k", "9"], "k must be between 1 and 8"),
    (["fixed", "search", "-k", "two"], "give a number or a range"),
    (["fixed", "search", "--time", "0"], "must be a number of seconds above 0"),
])
def test_cli_errors(cli, user_error, capsys: pytest.CaptureFixture[str], argv: list[str], pattern: str) -> None:
    code, _, err = cli(*argv)
    user_error(code, err, pattern)
