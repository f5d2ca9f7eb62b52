"""The user's cache folder: what lingo-trees keeps between runs.

Everything lingo-trees remembers for a user lives under one folder,
:func:`cache_dir` (``$XDG_CACHE_HOME/lingo-trees/``, else
``~/.cache/lingo-trees/``), one subfolder per kind of thing: the verdicts of
tree files (``verified/``, :mod:`generator.runs.verdicts`), the journals of
``first-words`` (``first-words/``, :mod:`generator.runs.first_words`) and
the feedback matrices (``matrices/``, :mod:`generator.core.matrixcache`).

What is found there is trusted only where no one else could have put it
there: :func:`private_cache` makes the folders private and gives a folder
only if every folder on the way is this user's alone, and :func:`private`
says the same of one file. Where there is no such folder the program does
without (verifies again, computes again): a cache saves time, never changes
an answer.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

APP = "lingo-trees"  # the folder of ours in the user's cache folder


def cache_dir() -> Path | None:
    """This user's cache folder for lingo-trees (None where there is none:
    ``XDG_CACHE_HOME`` relative or unset and no home).

    The XDG base directory rules: a relative ``XDG_CACHE_HOME`` is ignored.
    """
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / APP
    try:
        return Path.home() / ".cache" / APP
    except RuntimeError:  # no HOME and no passwd entry
        return None


def private_cache(*sub: str) -> Path | None:
    """The cache folder, or its subfolder ``sub`` (``"verified"``), made
    where missing, if only this user may write there (None: there is none,
    or it is not this user's alone). Every folder on the way is checked:
    none may be a link, another user's, or writable by others."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        for name in sub:
            if not private(folder, folder=True):
                return None
            folder /= name
            folder.mkdir(exist_ok=True, mode=0o700)
    except OSError:  # (a link where a folder should be: it exists, but is not a folder; a read-only disk)
        return None
    return folder if private(folder, folder=True) else None


def private(path: Path, *, folder: bool = False) -> bool:
    """Whether ``path`` is this user's alone: a folder (``folder``) or a
    regular file, not a link, owned by this user and writable by no one else."""
    try:
        st = path.lstat()
    except OSError:
        return False
    kind = stat.S_ISDIR(st.st_mode) if folder else stat.S_ISREG(st.st_mode)
    return kind and st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
