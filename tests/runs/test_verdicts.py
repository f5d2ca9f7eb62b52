"""Verdicts remembered once (generator/runs/verdicts.py): a mark is trusted only where it is this user's alone.

(The cache folder itself: tests/core/test_usercache.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.runs import verdicts
from generator.runs.progress import reporter


def _forged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A tree file that does not verify, and where its mark of "verified" would be."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    bad = tmp_path / "trees" / "a.json"
    bad.parent.mkdir()
    bad.write_text('{"format": "not a tree"}')
    folder = verdicts.private_cache(verdicts.VERIFIED)
    assert folder is not None
    mark = verdicts._mark(folder, verdicts.verification_basis(), bad)
    assert mark is not None
    return bad, mark


def _failed(bad: Path) -> list[str]:
    """The files of ``[bad]`` that fail, marks trusted where they may be."""
    return [v.path for v in verdicts.failures([bad], 1, reporter(lambda _: None), "test")]


def test_a_tree_with_no_mark_is_verified_and_its_failure_not_remembered(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    bad, mark = _forged(tmp_path, monkeypatch)
    assert _failed(bad) == [str(bad)] and not mark.exists()


@pytest.mark.parametrize("how", ["a link to a folder others may write in", "a folder others may write in",
                                 "a mark others may write", "a mark that is a link"])
def test_a_forged_mark_in_a_cache_folder_not_this_users_alone_is_not_trusted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    bad, mark = _forged(tmp_path, monkeypatch)
    verified = mark.parent
    if how == "a link to a folder others may write in":
        shared = tmp_path / "shared"
        shared.mkdir()
        shared.chmod(0o777)
        verified.rmdir()
        verified.symlink_to(shared)
        (shared / mark.name).touch()
    elif how == "a folder others may write in":
        verified.chmod(0o777)
        mark.touch()
    elif how == "a mark others may write":
        mark.touch()
        mark.chmod(0o666)
    else:
        (tmp_path / "elsewhere").touch()
        mark.symlink_to(tmp_path / "elsewhere")
    assert _failed(bad) == [str(bad)]


def test_a_mark_or_folder_owned_by_another_user_is_not_trusted(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    if os.getuid() != 0:
        pytest.skip("giving a file to another user takes root")
    bad, mark = _forged(tmp_path, monkeypatch)
    mark.touch()
    os.chown(mark, 65534, 65534)
    assert _failed(bad) == [str(bad)]
    os.chown(mark, 0, 0)
    os.chown(mark.parent, 65534, 65534)
    assert _failed(bad) == [str(bad)]
    os.chown(mark.parent, 0, 0)  # (this user's alone again: the mark is trusted)
    assert _failed(bad) == []
