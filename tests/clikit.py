"""Running the CLI in tests: exit code and output, and the one-line user error."""

from __future__ import annotations

import re

import pytest

from generator.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``lingo-trees ARGV`` in-process: (exit code, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def user_error(code: int, err: str, pattern: str) -> None:
    """A user error: exit 2 and one stderr line ``lingo-trees: error: ...`` matching ``pattern``."""
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith("lingo-trees: error: "), err
    assert re.search(pattern, err), err
