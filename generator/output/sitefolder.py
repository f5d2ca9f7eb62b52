"""The site folder: what a build may replace, and how it replaces it whole.

A site is built in a new folder beside its place (:func:`new_folder`) and
swapped in when complete (:func:`swap_in`), so an earlier build is replaced
only by a whole new one. The :data:`MARKER` file marks a folder as a site
build and keeps a listing of its files: :func:`check_out` refuses a folder
that would lose a user's files (anything but an earlier build, a file added
or changed in one since, the trees or the MkDocs project).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any

import orjson

from generator.core.files import FileError, clear_leftovers, dump_json, new_folder_mode, read_limited
from generator.errors import SiteError

#: the file that marks a folder as a site build: only such a folder is replaced
MARKER = ".lingo-trees-site"
#: the temporary folder a build writes its Markdown pages in
DOCS_PREFIX = "lingo-trees-site-"


def new_folder_prefix(out: Path) -> str:
    """The name a site is built under beside ``out`` before it is swapped in."""
    return f".{out.name}.new-"


def work_folder(parent: Path, prefix: str) -> Path:
    """A new folder ``parent/<prefix><pid>-<random>`` for one build: the
    process id says whose it is (:func:`generator.core.files.clear_leftovers`)."""
    return Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-", dir=parent))


def check_out(out: Path, trees: Path, project: Path) -> None:
    """Refuse an output folder that would lose a user's files: one that holds
    anything but an earlier site build (marked by :data:`MARKER`), one that
    is, holds or lies in the trees folder, or one that is or holds the MkDocs
    project (``site/build`` inside the project is fine)."""
    out, trees, project = out.resolve(), trees.resolve(), project.resolve()
    # the site is built beside out and swapped in: its folder must take new folders (before any work)
    base = next((p for p in out.parents if p.exists()), None)
    if base is not None and (not base.is_dir() or not os.access(base, os.W_OK | os.X_OK)):
        raise SiteError(f"--out {out}: cannot be written (no permission to write in {base})")
    if out == trees or out in trees.parents or trees in out.parents:
        raise SiteError(f"--out {out}: overlaps the trees folder {trees}; choose another folder")
    if out == project or out in project.parents:
        raise SiteError(f"--out {out}: holds the MkDocs project {project}; choose another folder")
    if out.exists() or out.is_symlink():
        if not out.is_dir():
            raise SiteError(f"--out {out}: exists and is not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise SiteError(f"--out {out}: holds files that are not a site build (no {MARKER}); "
                            "choose an empty or new folder")
        previous = read_marker(out) if (out / MARKER).is_file() else {}
        # version 3 lists every file; version 2 kept a digest of names and sizes; version 1 nothing (trusted)
        files, version = previous.get("files"), previous.get("version", 1)
        if (added_or_changed(out, files) if isinstance(files, dict)
                else version == 2 and previous.get("listing") != _sizes_digest(out)):
            raise SiteError(f"--out {out}: files were added or changed since the site was built there "
                            "(they would be lost); move them, or choose an empty or new folder")


def read_marker(site: Path) -> dict[str, Any]:
    """What an earlier build's :data:`MARKER` says ({} when it is not one)."""
    try:
        data = orjson.loads(read_limited(site / MARKER, 16 << 20, "site marker"))
    except (FileError, orjson.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) and data.get("format") == "lingo-trees.site" else {}


def listing(site: Path) -> dict[str, list[int]]:
    """Every file of a site folder (but the marker) with its kind, size and
    time of last change: the marker keeps it, so that a file a user put in
    an earlier build, or changed there (even to the same size), is seen
    before the folder is replaced, and a build missing a file is not up to date."""
    files = {}
    for path in site.rglob("*"):
        st = path.lstat()
        if not stat.S_ISDIR(st.st_mode) and (path.name != MARKER or path.parent != site):
            files[str(path.relative_to(site))] = [st.st_mode >> 12, st.st_size, st.st_mtime_ns]
    return dict(sorted(files.items()))


def added_or_changed(site: Path, files: dict[str, Any]) -> list[str]:
    """The files of ``site`` that are not those of its build's listing
    (``files``): added or changed since (a file gone loses nothing)."""
    return [name for name, entry in listing(site).items() if files.get(name) != entry]


def _sizes_digest(site: Path) -> str:
    """What a marker of version 2 kept: a digest of every file's name and size."""
    digest = hashlib.sha256()
    for path in sorted(site.rglob("*")):
        if path.name != MARKER or path.parent != site:
            st = path.lstat()
            size = 0 if stat.S_ISDIR(st.st_mode) else st.st_size
            digest.update(f"{path.relative_to(site)}\0{st.st_mode >> 12}\0{size}\0".encode())
    return digest.hexdigest()


def clear_dead_builds(out: Path) -> None:
    """Remove what builds of ``out`` killed on the way left: their new and old
    folders beside it and their Markdown pages in the temporary folder."""
    for parent, prefix in ((out.parent, new_folder_prefix(out)), (out.parent, f".{out.name}.old-"),
                           (Path(tempfile.gettempdir()), DOCS_PREFIX)):
        clear_leftovers(parent, prefix)


def new_folder(out: Path) -> Path:
    """A new folder beside ``out`` to build the site in, once what killed
    builds left there is cleared."""
    out.parent.mkdir(parents=True, exist_ok=True)
    clear_dead_builds(out)
    return work_folder(out.parent, new_folder_prefix(out))


def swap_in(new: Path, out: Path, marker: dict[str, Any]) -> None:
    """Mark the complete build ``new`` (:data:`MARKER`, with ``marker``) and
    put it where ``out`` is, removing the old build."""
    (new / MARKER).write_bytes(dump_json({"format": "lingo-trees.site", "version": 3, **marker,
                                          "files": listing(new)}))
    os.chmod(new, new_folder_mode())
    old = None
    if out.exists():
        old = work_folder(out.parent, f".{out.name}.old-")
        os.replace(out, old / "site")
    os.replace(new, out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
