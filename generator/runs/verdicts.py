"""Tree files verified once: what a build keeps and ``site`` publishes.

A build keeps a tree file only if its fingerprint is the one the build
would write and it verifies (:func:`kept`), and ``site`` publishes only trees
that verify; both ask :func:`failures`, which replays every file not
verified before (:func:`generator.runs.verify.check_file`, one job per file)
and returns the verdicts of those that fail.

A file that verified is remembered as an empty file in the user's cache
folder (:mod:`generator.core.usercache`: ``$XDG_CACHE_HOME/lingo-trees/verified/``,
else ``~/.cache/...``), named by the SHA-256 of the file's SHA-256 and
:func:`verification_basis` (the verifier's code and every file of the word
lists): a file edited by a byte is replayed again, and so is every file
after a word list or the verifier changed. The folders are made private
when they are made; a mark is trusted only where every folder on the way
and the mark itself are this user's alone (no link, no other owner, no one
else may write), and where they are not, every file is verified every time,
as without a cache folder.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

from generator.core.catalog import wordlists_dir
from generator.core.files import read_limited
from generator.core.usercache import private, private_cache
from generator.output.treefile import MAX_BYTES, read_fingerprint
from generator.runs.jobs import run_jobs
from generator.runs.progress import AnyReporter
from generator.runs.verify import FileVerdict, check_file

VERIFIED = "verified"  # the folder of the marks, in the cache folder


def verification_basis() -> str:
    """A hash of what a verdict rests on besides the file's bytes: the code
    that reads and verifies trees (the core and the tree file reader) and
    every file of the word lists folder (the catalog, the lists, the
    blocklists)."""
    package = Path(__file__).resolve().parents[1]
    h = hashlib.sha256(_code_fingerprint(package).encode())
    hash_folder(h, wordlists_dir())
    return h.hexdigest()


@cache
def _code_fingerprint(package: Path) -> str:
    h = hashlib.sha256()
    for path in sorted((package / "core").glob("*.py")) + [package / "output" / "treefile.py"]:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def hash_folder(h: hashlib._Hash, root: Path, skip: Callable[[Path], bool] = lambda _: False) -> None:
    """Add every regular file under ``root`` (its path and SHA-256) to ``h``,
    in path order; the folders ``skip`` says yes to, and ``__pycache__``, left out."""
    h.update(b"\1" + str(root.resolve()).encode())
    files = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__" and not skip(Path(folder) / d)]
        files += [Path(folder) / name for name in names]
    for path in sorted(files):
        if path.is_file():  # a regular file (a FIFO would hang), read in blocks (any size)
            with path.open("rb") as fh:
                h.update(str(path.relative_to(root)).encode() + b"\0" + hashlib.file_digest(fh, "sha256").digest())


def failures(files: list[Path], workers: int | None, report: AnyReporter, what: str) -> list[FileVerdict]:
    """Verify every file of ``files`` not verified before (saying how many,
    ``what`` naming the run), remember those that pass, and return the
    verdicts of those that fail, in the order of ``files``."""
    folder, basis = private_cache(VERIFIED), verification_basis()
    marks = {p: _mark(folder, basis, p) for p in files}
    todo = [p for p, mark in marks.items() if mark is None or not private(mark)]
    report.say(f"[{what}] verifying {len(todo)} of {len(files)} trees ({len(files) - len(todo)} verified before)")
    steps = report.steps(len(todo), "verifying")
    failed: dict[Path, FileVerdict] = {}
    try:
        # the files are this machine's: verified by its processes, whatever runs the command's searches
        for path, verdict in run_jobs(check_file, todo, workers):
            steps.step(path.name)
            mark = marks[path]
            if not verdict.ok:
                failed[path] = verdict
            elif mark is not None and _mark(folder, basis, path) == mark:  # (unchanged while it was replayed)
                _remember(mark)
    finally:
        steps.close()
    return [failed[p] for p in files if p in failed]


def kept(wanted: dict[Path, str], workers: int | None, report: AnyReporter, what: str,
         say: Callable[[str], None] | None = None) -> set[Path]:
    """Of the tree files ``wanted`` (path -> the fingerprint digest a build
    would write there), those a build keeps (:data:`KEPT`): the file holds
    that fingerprint and verifies (the progress of which goes to ``report``).
    One with that fingerprint that fails (an edited file, or one holding a
    fingerprint alone) is said (to ``say``, else ``report``), and made again."""
    fresh = [path for path, digest in wanted.items() if read_fingerprint(path) == digest]
    failed = failures(fresh, workers, report, what) if fresh else []
    for verdict in failed:
        why = verdict.problems[0] if verdict.problems else "no verdict"
        (say or report.say)(f"{verdict.path}: does not verify ({why}): made again")
    return set(fresh) - {Path(v.path) for v in failed}


def _mark(folder: Path | None, basis: str, path: Path) -> Path | None:
    """Where the verdict of ``path``'s bytes is remembered (None: nowhere)."""
    if folder is None:
        return None
    digest = hashlib.sha256(read_limited(path, MAX_BYTES, "tree file")).hexdigest()
    return folder / hashlib.sha256(f"{basis} {digest}".encode()).hexdigest()


def _remember(mark: Path) -> None:
    try:
        mark.touch(mode=0o600)
    except OSError:
        pass  # not remembered: verified again next time
