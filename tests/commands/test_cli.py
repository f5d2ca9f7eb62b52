"""The command line as a whole (generator/cli.py): one-line errors, the installed command, python -m."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"

GOOD = DATA / "nl-q.json"

ROOT = Path(__file__).resolve().parents[2]


def _installed(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lingo-trees")
    cmd = [exe, *args] if exe else [sys.executable, "-m", "generator", *args]
    env = {k: v for k, v in os.environ.items() if k != "LINGO_TREES_ROOT"}
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120, env=env)


def test_bad_options_are_one_line_errors(cli, user_error) -> None:
    for argv in (["verify"], ["nonsense"], ["feedback", "--colour", "a", "b"], ["export", str(GOOD)]):
        code, _, err = cli(*argv)
        user_error(code, err, "")


def test_help_exits_0(cli) -> None:
    code, out, err = cli("build", "--help")
    assert code == 0 and "--setup" in out and err == ""


def test_installed_command_feedback_and_verify() -> None:
    result = _installed("feedback", "ninny", "annex")
    assert (result.returncode, result.stdout, result.stderr) == (0, "Y.G..\n", "")
    result = _installed("verify", str(GOOD))
    assert result.returncode == 0 and result.stdout.splitlines()[-1] == "1 trees, 1 ok, 0 failed"


def test_installed_command_user_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"not json")
    result = _installed("verify", str(bad))
    assert result.returncode == 2
    assert result.stderr.splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"lingo-trees: error: {bad}: not valid JSON")
    assert "Traceback" not in result.stderr
    assert result.stdout.splitlines()[-1] == "1 trees, 0 ok, 1 failed"


def test_python_dash_m(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "feedback", "mosso", "misos"],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (result.returncode, result.stdout) == (0, "GYGY.\n")


def test_a_command_leaves_nothing_frozen_from_the_cycle_collector(cli) -> None:
    """main() keeps start-up's objects out of the collector's walks while a
    command runs, and gives them back when it ends, also after an error."""
    assert cli("verify", str(GOOD))[0] == 0 and gc.get_freeze_count() == 0
    assert cli("verify", str(DATA / "nothing.json"))[0] == 2 and gc.get_freeze_count() == 0
