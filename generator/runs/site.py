"""Publishing the site: every tree verified first, then the site built.

The site publishes only trees that verify (:mod:`generator.runs.verdicts`):
a tree that fails is refused, naming the file and its first problem; a file
verified before (the same bytes, the same verifier and word lists) is not
replayed again, so a second build of unchanged trees takes seconds.

The PDFs print on every core: batches of documents, one headless Chromium
(driven by Playwright) per job; unchanged ones are copied from the previous
build (:func:`generator.output.site.build_site`).

A site whose inputs have not changed is not built again: the marker also
keeps a fingerprint of everything the build reads (:func:`site_inputs`: the
trees, the word lists, the MkDocs project, this program's code and the
versions of the libraries that render it), so a second run of the main job
ends in seconds; ``force`` builds anyway. The marker is not sealed: whoever
can write it can write the pages beside it too.
"""

from __future__ import annotations

import hashlib
import heapq
import time
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path
from typing import TypeVar

from generator.core.catalog import wordlists_dir
from generator.errors import SiteError
from generator.output.hangmanpage import hangman_tree_files
from generator.output.pdf import Printed, find_chromium, missing_chromium, print_all
from generator.output.site import PrintMany, SiteReport, build_site, site_paths
from generator.output.sitefolder import clear_dead_builds, listing, new_folder_prefix, read_marker
from generator.output.sitetrees import published_folders
from generator.runs.jobs import default_workers, run_jobs
from generator.runs.progress import reporter
from generator.runs.verdicts import failures, hash_folder

Progress = Callable[[str], None]
T = TypeVar("T")

#: the fewest documents one Chromium prints (it takes about a second to start)
MIN_BATCH = 8


def site_tree_files(trees: Path) -> list[Path]:
    """The tree files the site reads, their names checked
    (:func:`generator.output.sitetrees.published_folders`, and the Hangman trees of
    :func:`generator.output.hangmanpage.hangman_tree_files`, one level deeper)."""
    return [p for files in published_folders(trees).values() for p in files] + hangman_tree_files(trees)


#: the libraries whose versions change what the site looks like
RENDERERS = ("jinja2", "markdown", "mkdocs", "mkdocs-material", "pymdown-extensions", "genanki")


def site_inputs(trees: Path, project: Path, out: Path, pdf: Printed) -> str:
    """A fingerprint of everything a site build reads: every file of the
    trees folder, the word lists and the MkDocs project (but the site
    folder ``out``), the code of this package (templates and scripts
    included), the versions of :data:`RENDERERS`, and which PDFs are printed
    (``pdf``: "none", "cards" or "all")."""
    h = hashlib.sha256()
    package = Path(__file__).resolve().parents[1]
    out = out.resolve()
    building = new_folder_prefix(out)  # a build in progress beside out
    for root in (trees, wordlists_dir(), project, package):
        hash_folder(h, root, lambda d: d.name.startswith(building) or d.resolve() == out)
    for name in RENDERERS:
        try:
            h.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{name}=-".encode())
    h.update(f"pdf {pdf}".encode())
    return h.hexdigest()


def verify_trees(trees: Path, workers: int | None, progress: Progress | None) -> None:
    """Verify every tree file not verified before (:func:`generator.runs.verdicts.failures`);
    raises :class:`SiteError` naming the first file that fails."""
    failed = failures(site_tree_files(trees), workers, reporter(progress), "site")
    if failed:
        v = failed[0]
        why = v.problems[0] if v.problems else "does not verify"
        raise SiteError(f"{v.path}: does not verify ({why}); the site publishes only trees that verify")


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
                 pdf: Printed = "cards", pdf_required: bool = False, workers: int | None = None,
                 force: bool = False, progress: Progress | None = None) -> SiteReport:
    """Verify the trees, then build the site (:func:`generator.output.site.build_site`),
    unless the site in ``out`` was built from the same inputs (and ``force`` is not given):
    then the report says ``up_to_date``. With ``pdf_required`` a site whose PDFs
    cannot be printed (no Chromium, or it fails) is a :class:`SiteError`."""
    t0 = time.perf_counter()
    say = reporter(progress)
    trees, out, project = site_paths(trees, out, project)
    if not site_tree_files(trees):
        raise SiteError(f"no trees under {trees} (run lingo-trees build first)")
    chromium = find_chromium()
    if pdf_required and chromium is None:
        raise SiteError(f"--pdf {pdf}: {missing_chromium()}")
    inputs = site_inputs(trees, project, out, pdf if chromium is not None else "none")
    clear_dead_builds(out)  # whatever this run then finds to do
    marker = read_marker(out)
    if not force and marker.get("inputs") == inputs and marker.get("files") == listing(out):
        report = SiteReport(out, up_to_date=True)
        report.pages = sum(1 for _ in out.rglob("*.html"))
        report.seconds = time.perf_counter() - t0
        return report
    verify_trees(trees, workers, say)
    return build_site(trees, out, project=project, pdf=pdf, pdf_required=pdf_required, progress=say,
                      marker={"inputs": inputs},
                      print_many=printer(workers, progress))
