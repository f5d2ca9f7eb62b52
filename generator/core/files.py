"""Files in and out, so that no input can harm a user's files.

* :func:`write_atomic` writes through a temporary file in the target's folder
  and a rename, so a reader (or an interrupted run) sees the old file or the
  new one, never a part. A symlink is written through to its target; a
  device, FIFO or socket is refused (a rename would replace it with a plain
  file); errors name the file being written, never the temporary one.
* :func:`read_limited` reads a regular file of at most a stated size: a FIFO
  would hang a reader and ``/dev/zero`` would fill the memory.
* :func:`check_out_folder` and :func:`check_out_file` check an output
  before any work is done: a run of an hour must not end in "cannot be
  written".
* :func:`dump_json` is the deterministic JSON of the project's other files
  (indexes, the schema): sorted keys, two-space indent.
"""

from __future__ import annotations

import glob
import gzip
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from generator.errors import LingoTreesError

MIB = 1 << 20


class FileError(LingoTreesError):
    """A file that cannot be read or written as asked (names the file)."""


def dump_json(data: Any) -> bytes:
    """Deterministic JSON for other files (indexes, schema): sorted keys."""
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE | orjson.OPT_SORT_KEYS)


def gzipped(data: bytes) -> bytes:
    """``data`` gzipped as the site stores its trees and word files: level 6
    (level 9 is four times slower for 2 % less) and no time stamp, so a
    rebuild writes the same bytes."""
    return gzip.compress(data, 6, mtime=0)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def new_folder_mode() -> int:
    """The mode a plain new folder gets (a temporary folder is private)."""
    return 0o777 & ~_umask()


def output_target(path: Path, replace_link: bool = False) -> Path:
    """Where writing ``path`` really writes: a symlink's target (or, with
    ``replace_link``, the link itself, replaced by a file); refuses anything
    that exists and is not a regular file (or a link to one)."""
    path = Path(path)
    if path.is_symlink():
        if replace_link:
            return path
        path = Path(os.path.realpath(path))
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):  # a new file (its folder is checked when made)
        return path
    except OSError as exc:
        raise FileError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    if stat.S_ISDIR(mode):
        raise FileError(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise FileError(f"{path}: is not a regular file (a device, FIFO or socket): not written"
                        " (- writes to standard output)")
    return path


def _first_existing(path: Path) -> Path:
    """``path`` or its nearest ancestor that exists."""
    while path != path.parent:
        try:
            os.lstat(path)
            return path
        except OSError:  # missing, or a file on the way (/dev/full/x)
            path = path.parent
    return path


def _check_can_create(path: Path) -> None:
    """Whether ``path`` (not there yet) can be made: its nearest existing
    ancestor is a folder we may write in."""
    base = _first_existing(path.absolute())
    try:
        is_dir = base.is_dir()
    except OSError as exc:
        raise FileError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    if not is_dir:
        raise FileError(f"{path}: cannot be written ({base} is not a folder)")
    if not os.access(base, os.W_OK | os.X_OK):
        raise FileError(f"{path}: cannot be written (no permission to write in {base})")


def check_out_folder(path: Path) -> Path:
    """``path`` if a command may write its files in it: an existing folder
    (or a link to one) we may write in, or one that can be made. Checked
    before the work, so that a long run never ends in an error."""
    if str(path) == "-":
        raise FileError("'-': a folder is needed here (- is standard output, for one file)")
    path = Path(path)
    try:
        st = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        if path.is_symlink():
            raise FileError(f"{path}: a link to nothing, not a folder") from None
        _check_can_create(path)
        return path
    except OSError as exc:
        raise FileError(f"{path}: cannot be used as a folder ({exc.strerror or exc})") from None
    if not stat.S_ISDIR(st.st_mode):
        raise FileError(f"{path}: exists and is not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise FileError(f"{path}: cannot be written (no permission)")
    return path


def check_out_file(path: Path) -> Path:
    """``path`` if one file may be written there (:func:`write_atomic`): a
    regular file, a link to one, or a new file in a folder we may write."""
    target = output_target(Path(path))
    if not target.exists():
        _check_can_create(target)
    elif not os.access(target, os.W_OK) or not os.access(target.parent, os.W_OK | os.X_OK):
        raise FileError(f"{path}: cannot be written (no permission)")
    return Path(path)


def write_atomic(path: Path, data: bytes | Callable[[BinaryIO], object], *, replace_link: bool = False,
                 private: bool = False) -> None:
    """Write ``data`` to ``path`` through a temp file and a rename, so that a
    reader (or an interrupted run) never sees half a file. ``data`` is the
    bytes, or what writes them to the file (a large array straight from
    memory). A symlink at ``path`` is written through, or replaced by the
    file with ``replace_link`` (for the files a folder of ours holds, such as
    indexes: a link there must not lead a write outside it). With
    ``private`` the file is this user's alone (mode 0600: a cache's), else it
    has the mode of a plain new file."""
    target = output_target(path, replace_link)
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _clear_stale_temps(target)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp", dir=target.parent)
        if not private:  # (mkstemp makes the file private, 0600)
            os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            if isinstance(data, bytes):
                fh.write(data)
            else:
                data(fh)
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        raise FileError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)


def _clear_stale_temps(target: Path) -> None:
    """Remove the temporary files of writes of ``target`` by processes that
    are gone (killed outright between writing and renaming)."""
    clear_leftovers(target.parent, f".{target.name}.")


def clear_leftovers(parent: Path, prefix: str) -> None:
    """Remove what processes that are gone left in ``parent`` under
    ``<prefix><pid>-...`` (a temporary file, a work folder: killed outright,
    nothing ran to remove it); a live process's (another run) is left alone,
    and so is what cannot be removed."""
    try:
        found = list(parent.glob(f"{glob.escape(prefix)}*"))
    except OSError:
        return
    for path in found:
        pid = path.name[len(prefix):].split("-", 1)[0]
        if not pid.isdigit() or process_alive(int(pid)):
            continue
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
        except OSError:
            pass  # another user's, in a shared folder


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's, or not a pid: not ours to judge
    return True


def read_limited(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, with one-line
    errors that name it (missing, a folder, not a regular file, too large,
    unreadable)."""
    path = Path(path)
    try:
        st = path.stat()
    except FileNotFoundError:
        raise FileError(f"{path}: no such file") from None
    except OSError as exc:
        raise FileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise FileError(f"{path}: is a folder, not a {what}")
    if not stat.S_ISREG(st.st_mode):
        raise FileError(f"{path}: is not a regular file (a device, FIFO or socket), not a {what}")
    if st.st_size > limit:
        raise FileError(f"{path}: {st.st_size / MIB:.0f} MiB, more than a {what} may be ({limit // MIB} MiB)")
    try:
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise FileError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise FileError(f"{path}: more than a {what} may be ({limit // MIB} MiB)")
    return data
