"""Verdicts remembered once (generator/runs/verdicts.py): the cache folder and the user's key."""

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


def test_no_home_means_no_cache_and_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    # a container run with -u: no HOME, and no passwd entry for the user id
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)

    def no_entry(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    assert verdicts.cache_dir() is None and verdicts.user_key() is None


def test_the_key_is_made_once_and_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    key = verdicts.user_key()
    assert key is not None and len(key) == 32 and verdicts.user_key() == key
    path = tmp_path / "lingo-trees" / "key"
    assert path.stat().st_mode & 0o777 == 0o600 and (tmp_path / "lingo-trees").stat().st_mode & 0o777 == 0o700
