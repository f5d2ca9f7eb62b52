"""Build or keep: how every family (LINGO, Wordle, Mastermind, Hangman, the
exact search) writes its tree files.

A tree file is kept when it holds the fingerprint the build would give it and
it verifies (:func:`generator.runs.verdicts.kept`), unless ``force``; a kept
file of an older format version is written again in the current one. The
others are checked writable before any search, built, and each written
atomically as it comes. Where the family has indexes, the ``index.json`` of
every folder of its trees and ``trees/index.json`` are then made again from
the files on disk, so they agree with them (also after Ctrl-C or SIGTERM).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from generator.core.files import check_out_file, write_atomic
from generator.core.fingerprint import Fingerprint
from generator.core.layout import FolderKey, folder_trees, tree_key
from generator.output.index import check_targets, write_index, write_top_index
from generator.output.treefile import upgrade_file
from generator.runs.jobs import Runner
from generator.runs.progress import AnyReporter
from generator.runs.verdicts import kept

J = TypeVar("J")  # a family's job: what its build needs to make one tree
R = TypeVar("R")  # what its build tells of a tree besides the file's bytes


@dataclass(frozen=True)
class Done(Generic[J, R]):
    """A tree file kept (``built`` is None) or built (what the build told of it)."""

    job: J
    path: Path
    built: R | None = None


Build = Callable[[list[J]], Iterable[tuple[J, bytes, R]]]
"""Builds the jobs it is given, in any order: yields each job (or one with
the same path), its tree file's bytes and what the family says of it."""


def build_or_keep(jobs: list[J], build: Build[J, R], *, path: Callable[[J], Path],
                  fingerprint: Callable[[J], Fingerprint], workers: int | None, report: AnyReporter, what: str,
                  force: bool = False, index_root: Path | None = None,
                  say: Callable[[str], None] | None = None) -> Iterator[Done[J, R]]:
    """Keep the up-to-date tree files of ``jobs`` and build the others (see
    the module's docstring), yielding each as it is kept or written.

    ``path`` and ``fingerprint``: a job's tree file and the fingerprint its
    build writes there; ``what`` names the run in the progress of
    the verifying; ``say`` takes the line of a file made again because it
    does not verify (default ``report``); ``index_root``: the trees folder
    whose indexes are made again (None: the family has none)."""
    paths = {path(j): j for j in jobs}
    keep = set() if force else kept({p: str(fingerprint(j)["digest"]) for p, j in paths.items()}, workers, report, what, say)
    todo = [j for p, j in paths.items() if p not in keep]
    if index_root is None:
        for j in todo:
            check_out_file(path(j))
    else:
        check_targets(index_root, [path(j) for j in todo])
    for p, j in paths.items():
        if p in keep:
            upgrade_file(p)
            yield Done(j, p)
    try:
        for job, data, said in build(todo):
            where = path(job)
            write_atomic(where, data)
            yield Done(job, where, said)
    finally:
        if index_root is not None:
            _index(index_root, {tree_key(index_root, p).folder for p in paths})


def each_a_job(fn: Callable[[J], tuple[bytes, R]], runner: Runner) -> Build[J, R]:
    """The build that runs ``fn`` (a module-level function: a job's file bytes
    and what it says of it) on each job, where ``runner`` runs them (this
    machine's processes or a cluster's)."""
    def build(todo: list[J]) -> Iterator[tuple[J, bytes, R]]:
        for job, (data, said) in runner.run(fn, todo):
            yield job, data, said
    return build


def _index(root: Path, folders: set[FolderKey]) -> None:
    """Make again the index of each folder that holds a tree, and the top index."""
    written = sorted((f for f in folders if folder_trees(root, f)), key=lambda f: f.names)
    for folder in written:
        write_index(root, folder)
    if written:
        write_top_index(root)
