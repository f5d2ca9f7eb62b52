"""The build command (generator/commands/build.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main


@pytest.mark.parametrize("argv,message", [
    (["build", "--setup", "zz"], "unknown set-up 'zz'"),
    (["build", "--setup", "nl", "--letter", "7"], "begins with '7'"),
    (["build", "--setup", "nl", "--strategy", "magic"], "unknown strategy 'magic'"),
])
def test_build_command_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(argv + ["--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code != 0
    assert err.count("\n") == 1 and err.startswith("lingo-trees: error:") and message in err
    assert not any(tmp_path.rglob("*.json"))


def test_build_command_writes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--setup", "nl", "--rule", "free", "--strategy", "scm", "--letter", "q", "--out", str(tmp_path), "-j", "1"]) == 0
    out, err = capsys.readouterr()
    assert "nl/free/scm: " in out and "[1/1] nl/free/scm/q" in err
    assert (tmp_path / "nl/free/scm/q.json").exists()


def _build(out: Path, *extra: str, strategy: str = "scm") -> int:
    return main(["build", "--setup", "nl", "--rule", "free", "--strategy", strategy, "--letter", "q",
                 "--letter", "x", "--out", str(out), "-j", "1", *extra])


def test_a_second_build_keeps_the_trees_whose_fingerprint_matches(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert _build(tmp_path) == 0
    assert "2 trees built, 0 kept" in capsys.readouterr().out
    tree = tmp_path / "nl/free/scm/q.json"
    before = tree.read_bytes(), tree.stat().st_mtime_ns
    assert _build(tmp_path) == 0
    out, err = capsys.readouterr()
    assert "0 trees built, 2 kept" in out and "2 of 2 trees are up to date" in err
    assert (tree.read_bytes(), tree.stat().st_mtime_ns) == before  # not even rewritten


def test_force_and_a_changed_file_rebuild(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _build(tmp_path) == 0
    tree = tmp_path / "nl/free/scm/q.json"
    good = tree.read_bytes()
    assert _build(tmp_path, "--force") == 0
    assert "2 trees built, 0 kept" in capsys.readouterr().out
    assert tree.read_bytes() == good
    tree.write_bytes(good.replace(b'"letter": "q"', b'"letter": "x"'))  # an edited fingerprint is not trusted
    (tmp_path / "nl/free/scm/x.json").write_bytes(b"{broken")
    assert _build(tmp_path) == 0
    assert "2 trees built, 0 kept" in capsys.readouterr().out
    assert tree.read_bytes() == good


def test_the_seed_counts_where_a_strategy_uses_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _build(tmp_path, strategy="human") == 0
    assert _build(tmp_path, "--seed", "2", strategy="human") == 0  # random restarts: another tree may come
    assert "2 trees built, 0 kept" in capsys.readouterr().out.splitlines()[-1]
    assert _build(tmp_path, "--seed", "2") == 0 and _build(tmp_path, "--seed", "3") == 0  # scm has no seed
    assert "0 trees built, 2 kept" in capsys.readouterr().out.splitlines()[-1]
