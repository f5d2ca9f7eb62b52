"""Publishing the site: every tree verified first, then the site built.

The site publishes only trees that verify (:func:`generator.runs.verify.check_file`,
one job per file): a tree that fails is refused, naming the file and its
first problem. A file verified by an earlier build (the same bytes, checked
by the same verifier against the same word lists) is not replayed again: the
site's marker file keeps the SHA-256 of every tree it verified and a
fingerprint of what the verdicts rest on (:func:`verification_basis`),
sealed with a key of the user's (a marker written by anyone else is not
trusted), so a second build of unchanged trees takes seconds.

The PDFs print on every core: batches of documents, one headless Chromium
(driven by Playwright) per job; unchanged ones are copied from the previous
build (:func:`generator.output.site.build_site`).

A site whose inputs have not changed is not built again: the marker also
keeps a fingerprint of everything the build reads (:func:`site_inputs`: the
trees, the word lists, the MkDocs project, this program's code and the
versions of the libraries that render it), so a second run of the main job
ends in seconds; ``force`` builds anyway.
"""

from __future__ import annotations

import hashlib
import heapq
import hmac
import os
import secrets
import time
from collections.abc import Callable, Iterator
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import TypeVar

import orjson

from generator.core.catalog import trees_dir, wordlists_dir
from generator.core.files import read_limited
from generator.errors import LingoTreesError
from generator.output.hangmanpage import tree_files as hangman_tree_files
from generator.output.index import tree_folders
from generator.output.pdf import find_chromium, print_all
from generator.output.site import (
    PrintMany,
    SiteReport,
    build_site,
    check_out,
    new_folder_prefix,
    read_marker,
    site_dir,
)
from generator.output.sitemodel import SiteError
from generator.output.treefile import MAX_BYTES
from generator.runs.jobs import default_workers, run_jobs
from generator.runs.progress import reporter
from generator.runs.verify import check_file

Progress = Callable[[str], None]
T = TypeVar("T")

#: the fewest documents one Chromium prints (it takes about a second to start)
MIN_BATCH = 8


def verification_basis() -> str:
    """A hash of what a tree's verdict rests on besides its bytes: the code
    that reads and verifies trees (the core and the tree file reader) and
    every file of the word lists folder (the catalog, the lists, the
    blocklists). Verdicts cached under another basis are not trusted: a
    changed word list is checked again."""
    package = Path(__file__).resolve().parents[1]
    h = hashlib.sha256(_code_fingerprint(package).encode())
    _hash_folder(h, wordlists_dir())
    return h.hexdigest()[:16]


@cache
def _code_fingerprint(package: Path) -> str:
    h = hashlib.sha256()
    for path in sorted((package / "core").glob("*.py")) + [package / "output" / "treefile.py"]:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _hash_folder(h: hashlib._Hash, root: Path, skip: Callable[[Path], bool] = lambda _: False) -> None:
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


def tree_files(trees: Path) -> list[Path]:
    """The tree files the site reads, their names checked
    (:func:`generator.output.index.tree_folders`, and the Hangman trees of
    :func:`generator.output.hangmanpage.tree_files`, one level deeper)."""
    return [p for files in tree_folders(trees).values() for p in files] + hangman_tree_files(trees)


def _key() -> bytes | None:
    """This user's secret key for the verdicts a site's marker keeps (made
    once, private, in the user's cache folder), so that a marker written by
    anyone else (or copied from another machine) is not trusted: its trees
    are verified again. None where there is no cache folder to keep it."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    path = base / "lingo-trees" / "site-key"
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as fh:
                fh.write(secrets.token_bytes(32))
        key = read_limited(path, 1024, "key file")
    except (OSError, LingoTreesError):
        return None
    return key if len(key) == 32 else None


def _seal(verifier: str, verified: dict[str, str], inputs: str) -> str:
    """The MAC of a marker's verdicts and inputs under this user's key ('' without one)."""
    key = _key()
    body = orjson.dumps({"verifier": verifier, "verified": verified, "inputs": inputs},
                        option=orjson.OPT_SORT_KEYS)
    return hmac.new(key, body, hashlib.sha256).hexdigest() if key else ""


def _previous(out: Path) -> tuple[dict[str, str], str]:
    """The verified files of an earlier build in ``out`` (relative path ->
    sha256) and the fingerprint of its inputs, trusted only when sealed by
    this user's key with this verifier (else nothing)."""
    data = read_marker(out)
    verified, inputs = data.get("verified"), str(data.get("inputs", ""))
    basis = verification_basis()
    if data.get("verifier") != basis or not isinstance(verified, dict):
        return {}, ""
    verified = {str(k): str(v) for k, v in verified.items()}
    seal = _seal(basis, verified, inputs)
    if not seal or not hmac.compare_digest(seal, str(data.get("seal", ""))):
        return {}, ""
    return verified, inputs


#: the libraries whose versions change what the site looks like
RENDERERS = ("jinja2", "markdown", "mkdocs", "mkdocs-material", "pymdown-extensions")


def site_inputs(trees: Path, project: Path, out: Path, pdf: bool) -> str:
    """A fingerprint of everything a site build reads: every file of the
    trees folder, the word lists and the MkDocs project (but the site
    folder ``out``), the code of this package (templates and scripts
    included), the versions of :data:`RENDERERS`, and whether PDFs are printed."""
    h = hashlib.sha256()
    package = Path(__file__).resolve().parents[1]
    out = out.resolve()
    building = new_folder_prefix(out)  # a build in progress beside out
    for root in (trees, wordlists_dir(), project, package):
        _hash_folder(h, root, lambda d: d.name.startswith(building) or d.resolve() == out)
    for name in RENDERERS:
        try:
            h.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{name}=-".encode())
    h.update(b"pdf" if pdf else b"no pdf")
    return h.hexdigest()


def verify_trees(trees: Path, out: Path, workers: int | None, progress: Progress | None) -> dict[str, str]:
    """Verify every tree file not verified before; returns the verified
    files (relative path -> sha256). Raises :class:`SiteError` naming the
    first file that fails."""
    files = tree_files(trees)
    # read as the tree reader does: a regular file of at most MAX_BYTES (a FIFO would hang)
    hashes = {str(p.relative_to(trees)): hashlib.sha256(read_limited(p, MAX_BYTES, "tree file")).hexdigest()
              for p in files}
    known, _ = _previous(out)
    todo = [p for p in files if known.get(str(p.relative_to(trees))) != hashes[str(p.relative_to(trees))]]
    report = reporter(progress)
    report.say(f"[site] verifying {len(todo)} of {len(files)} trees ({len(files) - len(todo)} unchanged)")
    steps = report.steps(len(todo), "verifying")
    for path, v in run_jobs(check_file, todo, workers):
        steps.step(str(path.relative_to(trees)))
        if not v.ok:
            steps.close()
            why = v.problems[0] if v.problems else "does not verify"
            raise SiteError(f"{path}: does not verify ({why}); the site publishes only trees that verify")
    steps.close()
    return hashes


def _print_batch(job: tuple[str, tuple[tuple[str, str], ...]]) -> list[tuple[str, bytes, int]]:
    executable, items = job
    return list(print_all(executable, items))


def batches(items: list[T], workers: int, weight: Callable[[T], int] = lambda _: 1) -> list[list[T]]:
    """``items`` in batches of about equal ``weight``, about four per worker
    so that the workers end together, but no more batches than one per
    :data:`MIN_BATCH` items (a Chromium takes about a second to start). The
    heaviest item goes to the lightest batch first; each batch keeps the
    order of ``items``."""
    count = max(1, min(4 * workers, len(items) // MIN_BATCH))
    load = [(0, b) for b in range(count)]  # (weight so far, batch): a heap
    into: list[list[int]] = [[] for _ in range(count)]
    for i in sorted(range(len(items)), key=lambda i: -weight(items[i])):
        total, b = heapq.heappop(load)
        into[b].append(i)
        heapq.heappush(load, (total + weight(items[i]), b))
    return [[items[i] for i in sorted(b)] for b in into if b]


def printer(workers: int | None, progress: Progress | None) -> PrintMany:
    """Print on every core: batches of documents, one Chromium per job
    (:func:`generator.runs.jobs.run_jobs`, local processes)."""
    n = workers or default_workers()

    def print_many(executable: str, items: list[tuple[str, str]]) -> Iterator[tuple[str, bytes, int]]:
        steps = reporter(progress).steps(len(items), "printing")
        try:
            jobs = [(executable, tuple(batch)) for batch in batches(items, n, lambda item: len(item[1]))]
            done = 0
            for _, results in run_jobs(_print_batch, jobs, n):
                done += len(results)
                steps.at(done, f"PDFs printed: {done}")
                yield from results
        finally:
            steps.close()

    return print_many


def publish_site(trees: Path | None = None, out: Path | None = None, *, project: Path | None = None,
                 pdf: bool = True, workers: int | None = None, force: bool = False,
                 progress: Progress | None = None) -> SiteReport:
    """Verify the trees, then build the site (:func:`generator.output.site.build_site`),
    unless the site in ``out`` was built from the same inputs (and ``force`` is not given):
    then the report says ``up_to_date``."""
    t0 = time.perf_counter()
    say = reporter(progress)
    trees = trees or trees_dir()
    project = project or site_dir()
    out = (out or project / "build").resolve()
    check_out(out, trees, project)
    if not tree_files(trees):
        raise SiteError(f"no trees under {trees} (run lingo-trees build first)")
    inputs = site_inputs(trees, project, out, pdf and find_chromium() is not None)
    if not force and _previous(out)[1] == inputs:  # "" without a trusted marker
        report = SiteReport(out, up_to_date=True)
        report.pages = sum(1 for _ in out.rglob("*.html"))
        report.seconds = time.perf_counter() - t0
        return report
    verified = verify_trees(trees, out, workers, say)
    basis = verification_basis()
    marker = {"verifier": basis, "verified": verified, "inputs": inputs, "seal": _seal(basis, verified, inputs)}
    return build_site(trees, out, project=project, pdf=pdf, progress=say, marker=marker,
                      print_many=printer(workers, progress))
