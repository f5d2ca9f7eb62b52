"""Writing output files so that nothing half-written is left behind.

:func:`write_atomic` writes through a temporary file in the target's folder
and a rename, so a reader (or an interrupted run) sees the old file or the new
one, never a part. :func:`dump_json` is the deterministic JSON of the
project's other files (indexes, the schema): sorted keys, two-space indent.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import orjson


def dump_json(data: Any) -> bytes:
    """Deterministic JSON for other files (indexes, schema): sorted keys."""
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE | orjson.OPT_SORT_KEYS)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file and a rename, so that a
    reader (or an interrupted run) never sees half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); give it the mode of a plain new file
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
