"""The feedback command (generator/commands/feedback.py)."""

from __future__ import annotations

import re

import pytest


def assert_user_error(code: int, out: str, err: str, pattern: str) -> None:
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("lingo-trees: error: ")
    assert re.search(pattern, lines[0]), lines[0]
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    "args, pattern",
    [
        (["ninny", "annex"], "Y.G.."),
        (["mosso", "misos"], "GYGY."),
        (["SASSY", "Misos"], "Y.G.."),
        (["ijzer", "zijde"], "YYYY."),
        (["ijzer", "zijde", "--wordlist", "nl-basis-5-ij"], "YYY."),
    ],
)
def test_feedback(cli, capsys: pytest.CaptureFixture[str], args: list[str], pattern: str) -> None:
    assert cli("feedback", *args) == (0, pattern + "\n", "")


@pytest.mark.parametrize(
    "args, message",
    [
        (["abc", "abcd"], r"differ in length"),
        (["café", "cafés"], r"'é' is not in the alphabet"),
        (["cigar", "rebut", "--wordlist", "xx-5"], r"unknown word list 'xx-5' \(known: "),
    ],
)
def test_feedback_errors(cli, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert_user_error(*cli("feedback", *args), message)
