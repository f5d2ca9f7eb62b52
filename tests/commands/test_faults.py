"""Commands killed outright (SIGKILL, as the OOM killer does) at several
points: no process outlives its parent, a rerun completes, nothing wrong is
kept and nothing is left behind (work folders, temporary files)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[2]
TINY = CHECKOUT / "tests" / "golden" / "tiny"

#: (name, arguments with {out}, how many files under {out} mark each kill point)
COMMANDS = {
    "build": (["build", "--setup", "nl", "--strategy", "scm,human", "--letter", "q,x,u,y", "--out", "{out}", "-j", "2"],
              [0, 2, 5]),
    "exact": (["exact", "--setup", "nl", "--rule", "free", "--letter", "y", "--top", "3", "--out", "{out}", "-j", "2"],
              [0]),
    "site": (["site", "--trees", str(TINY / "trees"), "--out", "{out}", "--pdf", "none", "-j", "2"], [0]),
    "hangman build": (["hangman", "build", "--lengths", "4-7", "--strategy", "risk,uncertainty",
                       "--out", "{out}", "-j", "2"], [0, 2]),
}


def _argv(name: str, out: Path) -> list[str]:
    return [sys.executable, "-m", "generator", *[a.replace("{out}", str(out)) for a in COMMANDS[name][0]]]


def _files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def _group(pid: int) -> list[str]:
    return subprocess.run(["pgrep", "-g", str(pid)], capture_output=True, text=True).stdout.split()


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_killed_outright_leaves_nothing_wrong(name: str, tmp_path: Path) -> None:
    (tmp_path / "tmp").mkdir()  # the runs' temporary folder, watched
    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp"), "LINGO_TREES_ROOT": str(TINY if name == "site" else CHECKOUT)}
    out = tmp_path / "out"
    points = COMMANDS[name][1]
    for files in points:
        proc = subprocess.Popen(_argv(name, out), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True, cwd=tmp_path)
        deadline = time.time() + 120
        while time.time() < deadline and proc.poll() is None and len(_files(out)) < files:
            time.sleep(0.02)
        working = time.time() + 5  # then into the work: its workers running (or a few seconds on)
        while time.time() < working and proc.poll() is None and len(_group(proc.pid)) < 2:
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for _ in range(50):  # the workers go with their parent (a parent-death signal)
            left = [p for p in _group(proc.pid) if p != str(proc.pid)]
            if not left:
                break
            time.sleep(0.1)
        for pid in left:  # (a failure leaves none behind either)
            os.kill(int(pid), signal.SIGKILL)
        assert left == [], f"{name}: processes outlived their killed parent: {left}"
    done = subprocess.run(_argv(name, out), env=env, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # nothing left behind: no temporary file, no work folder, nothing in the temporary folder
    strays = [p for p in _files(out) + list(tmp_path.glob(".*")) if p.name.endswith(".tmp") or ".new-" in p.name
              or ".old-" in p.name]
    assert strays == [] and list((tmp_path / "tmp").iterdir()) == [], (strays, list((tmp_path / "tmp").iterdir()))
    # nothing wrong kept: every tree written verifies
    trees = out if name != "site" else None
    if trees is not None:
        check = subprocess.run([sys.executable, "-m", "generator", "verify", "-q", str(trees)], env=env,
                               capture_output=True, text=True, timeout=900)
        assert check.returncode == 0, check.stdout + check.stderr
