"""Verdicts remembered once (generator/runs/verdicts.py): the cache folder, this user's alone."""

from __future__ import annotations

import pwd
from pathlib import Path

import pytest

from generator.runs import verdicts


def test_the_cache_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert verdicts.cache_dir() == tmp_path / "lingo-trees"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # XDG: a relative path is ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert verdicts.cache_dir() == tmp_path / "home" / ".cache" / "lingo-trees"


def test_no_home_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    # a container run with -u: no HOME, and no passwd entry for the user id
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)

    def no_entry(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    assert verdicts.cache_dir() is None and verdicts.private_cache() is None


def test_the_cache_folder_is_made_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert verdicts.private_cache() == tmp_path / "lingo-trees"
    assert (tmp_path / "lingo-trees").stat().st_mode & 0o777 == 0o700


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702])
def test_a_cache_folder_others_may_write_in_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        mode: int) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    (tmp_path / "lingo-trees").mkdir()
    (tmp_path / "lingo-trees").chmod(mode)
    assert verdicts.private_cache() is None


def test_a_file_where_the_cache_folder_would_be_means_no_cache(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    (tmp_path / "lingo-trees").write_text("not a folder")
    assert verdicts.private_cache() is None
