"""The user's cache folder (generator/core/usercache.py): where it is, and this user's alone."""

from __future__ import annotations

import pwd
from pathlib import Path

import pytest

from generator.core import usercache


def test_the_cache_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert usercache.cache_dir() == tmp_path / "lingo-trees"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # XDG: a relative path is ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert usercache.cache_dir() == tmp_path / "home" / ".cache" / "lingo-trees"


def test_no_home_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    # a container run with -u: no HOME, and no passwd entry for the user id
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)

    def no_entry(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    assert usercache.cache_dir() is None and usercache.private_cache() is None


def test_the_cache_folder_is_made_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert usercache.private_cache("matrices") == tmp_path / "lingo-trees" / "matrices"
    for folder in (tmp_path / "lingo-trees", tmp_path / "lingo-trees" / "matrices"):
        assert folder.stat().st_mode & 0o777 == 0o700


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702])
def test_a_cache_folder_others_may_write_in_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        mode: int) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    (tmp_path / "lingo-trees").mkdir()
    (tmp_path / "lingo-trees").chmod(mode)
    assert usercache.private_cache() is None
    assert usercache.private_cache("matrices") is None and not (tmp_path / "lingo-trees" / "matrices").exists()


def test_a_file_where_the_cache_folder_would_be_means_no_cache(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    (tmp_path / "lingo-trees").write_text("not a folder")
    assert usercache.private_cache() is None


def test_a_file_is_private_if_only_this_user_may_write_it(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("x")
    path.chmod(0o600)
    assert usercache.private(path)
    path.chmod(0o620)
    assert not usercache.private(path)
    (tmp_path / "link").symlink_to(path)
    path.chmod(0o600)
    assert not usercache.private(tmp_path / "link")
    assert not usercache.private(tmp_path, folder=False) and not usercache.private(tmp_path / "missing")
