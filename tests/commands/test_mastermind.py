"""The mastermind command (generator/commands/mastermind.py)."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_command_feedback(cli, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("mastermind", "feedback", "1122", "1223") == (0, "2B1W\n", "")
    assert cli("mastermind", "feedback", "0123", "3210", "--variant", "bulls-and-cows") == (0, "0B4W\n", "")


@pytest.mark.parametrize("argv, message", [
    (["mastermind", "feedback", "1122", "12"], "not a code of 4x6"),
    (["mastermind", "feedback", "1172", "1122"], "not a code"),
    (["mastermind", "build", "--variant", "3x"], "unknown Mastermind variant"),
    (["mastermind", "report", "--variant", "6x8-distinct"], "codes: more than"),
    (["mastermind", "build", "--strategy", "nope"], "invalid choice"),
    (["mastermind", "build", "--variant", "3x3", "--strategy", "optimal", "--opener", "999", "-q"],
     "opener '999' is not a code of 3x3"),
])
def test_command_errors_are_one_line(cli, user_error, argv: list[str], message: str) -> None:
    code, _, err = cli(*argv)
    user_error(code, err, message)

def test_command_build_keeps_an_up_to_date_tree(cli, tmp_path: Path) -> None:
    argv = ("mastermind", "build", "--strategy", "knuth", "-j", "1", "--out", str(tmp_path))
    code, out, _ = cli(*argv)
    path = tmp_path / "mastermind" / "4x6" / "knuth" / "all.json"
    assert code == 0 and "total 5801" in out and path.exists()
    raw = path.read_bytes()
    code, out, _ = cli(*argv)
    assert code == 0 and "up to date (its fingerprint matches, it verifies), kept" in out and path.read_bytes() == raw
    code, out, _ = cli(*argv, "--force")
    assert code == 0 and "total 5801" in out and path.read_bytes() == raw
