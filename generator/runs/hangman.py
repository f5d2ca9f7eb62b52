"""Hangman over whole word lists: trees per length as jobs, and their evaluation.

:func:`evaluate_strategy` plays every word of a list (every length, or the
lengths asked for) with one strategy and counts the words lost for several
numbers of misses allowed, one job per tree; :func:`build_hangman_trees` writes the
trees per length (``trees/hangman/<list>/<misses>/<strategy>/<length>.json``),
one job per tree. Both run on a :data:`~generator.runs.jobs.Runner`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.blocks import hangman_block
from generator.core.catalog import load_list
from generator.core.fingerprint import Fingerprint, fingerprint, list_digest
from generator.core.layout import TreeKey, tree_path
from generator.core.strategies import strategy_info
from generator.core.words import Word, WordList
from generator.errors import RulesError
from generator.games.hangman import build_root, family_bound, hangman_tree, results, words_of_length
from generator.output.treefile import KEPT, dump_tree
from generator.runs.jobs import Processes, Progress, Runner
from generator.runs.keep import build_or_keep, each_a_job
from generator.runs.progress import reporter


@dataclass
class Evaluation:
    """Every word of a list played by one strategy, for several misses allowed."""

    strategy: str
    misses: tuple[int, ...]
    words: int = 0
    losses: dict[int, int] = field(default_factory=dict)       # misses allowed -> words lost
    total_misses: dict[int, int] = field(default_factory=dict)
    hardest: list[tuple[int, Word]] = field(default_factory=list)  # (misses, word), most first
    seconds: float = 0.0
    floor: dict[int, int] = field(default_factory=dict)         # optimal: losses proved unavoidable
    unproved: dict[int, list[int]] = field(default_factory=dict)  # optimal: lengths whose losses are not proved

    @property
    def limited(self) -> bool:
        return any(self.unproved.values())


@dataclass(frozen=True)
class _Play:
    """One job of :func:`evaluate_strategy`: a strategy's tree for one length, played."""

    wordlist: WordList
    length: int
    strategy: str
    built_for: int              # the misses the tree is built for
    counted: tuple[int, ...]    # the misses values its plays count for
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class _Played:
    lost: dict[int, int]
    misses: int
    worst: list[tuple[int, Word]]
    words: int
    floor: int | None
    proved: bool


def _play(job: _Play) -> _Played:
    w = words_of_length(job.wordlist, job.length)
    root, extra = build_root(w, job.strategy, job.built_for, **dict(job.options))
    res = results(root, w.words, job.built_for)
    return _Played({m: sum(r.misses > m for r in res.values()) for m in job.counted},
                   sum(r.misses for r in res.values()), [(-r.misses, s) for s, r in res.items()], len(res),
                   extra.get("losses_at_least"), bool(extra.get("losses_proved", True)))


def evaluate_strategy(words: WordList, strategy: str, misses: Sequence[int], *,
                      lengths: Sequence[int] | None = None, hardest: int = 10, runner: Runner = Processes(),
                      progress: Progress | None = None, **options: Any) -> Evaluation:
    """Play every word (of ``lengths``, default every length) and count, for
    each number of misses allowed, the words lost (more misses than allowed),
    and list the hardest words (most misses; with several ``misses`` values, as
    played for the first). The greedy rules do not depend on the misses
    allowed, so one tree per length serves them all; ``optimal`` builds one
    per length and value. One job per tree, run by ``runner`` (default: every
    core of this machine)."""
    start = time.perf_counter()
    misses = tuple(misses)
    ev = Evaluation(strategy, misses, losses={m: 0 for m in misses},
                    total_misses={m: 0 for m in misses})
    by_len = sorted({len(x) for x in words.words}) if lengths is None else list(lengths)
    groups = words.by_length() if words.length == 0 else {}
    sub = {n: groups.get(n) or words.with_length(n) if words.length == 0 else words for n in by_len}
    for n in by_len:  # a bad length fails here, before any job starts
        if not sub[n].words:
            raise RulesError(f"word list {words.id!r} has no words of length {n}")
        words_of_length(sub[n], n)
    plans = [(misses[0], misses)] if strategy != "optimal" else [(m, (m,)) for m in misses]
    jobs = [_Play(sub[n], n, strategy, built, counted, tuple(sorted(options.items())))
            for n in by_len for built, counted in plans]
    jobs.sort(key=lambda j: -len(j.wordlist.words))  # the largest first
    worst: list[tuple[int, Word]] = []
    steps = reporter(progress).steps(len(jobs), f"{strategy} trees")
    for job, got in runner.run(_play, jobs):
        steps.step(f"{job.strategy} {job.length} letters at {job.built_for} misses")
        for m in job.counted:
            ev.losses[m] += got.lost[m]
            ev.total_misses[m] += got.misses
        if got.floor is not None:
            ev.floor[job.built_for] = ev.floor.get(job.built_for, 0) + got.floor
            if not got.proved:
                ev.unproved.setdefault(job.built_for, []).append(job.length)
        if job.built_for == misses[0]:
            ev.words += got.words
            worst.extend(got.worst)
    steps.close()
    worst.sort()
    ev.hardest = [(-k, s) for k, s in worst[:hardest]]
    for lengths_left in ev.unproved.values():
        lengths_left.sort()
    ev.seconds = time.perf_counter() - start
    return ev


def family_floor(words: WordList, misses: int, lengths: Sequence[int] | None) -> int:
    """The proved lower bound on words lost by families alone, summed over the
    lengths played (every length when ``lengths`` is None)."""
    groups = words.by_length() if words.length == 0 else {words.length: words}
    return sum(family_bound(sub.words, misses) for n, sub in groups.items()
               if lengths is None or n in lengths)


@dataclass(frozen=True)
class BuildJob:
    """One tree of :func:`build_hangman_trees`: a job of a :data:`~generator.runs.jobs.Runner`."""

    wordlist: str
    length: int
    strategy: str
    misses: int
    path: Path
    options: tuple[tuple[str, Any], ...] = ()


def hangman_fingerprint(wordlist: str, length: int, strategy: str, misses: int,
                        options: tuple[tuple[str, Any], ...] = ()) -> Fingerprint:
    """What a Hangman tree depends on (:mod:`generator.core.fingerprint`)."""
    params = {"wordlist": wordlist, "length": length, "strategy": strategy, "misses": misses, **dict(options)}
    return fingerprint({"words": list_digest(wordlist)}, params, strategy_info("hangman", strategy).algorithm)


def _build_one(job: BuildJob) -> tuple[bytes, str]:
    """The tree file's bytes and its line: the job returns them and the caller
    writes the file, so a tree built on a cluster's worker lands here."""
    start = time.perf_counter()
    tree = hangman_tree(load_list(job.wordlist), job.length, job.strategy, job.misses, **dict(job.options))
    tree.fingerprint = hangman_fingerprint(job.wordlist, job.length, job.strategy, job.misses, job.options)
    s = tree.stats
    assert s is not None
    block = hangman_block(tree.strategy)
    assert block is not None
    floor = block.get("losses_at_least")
    return dump_tree(tree, compact=True), (
        f"{job.path}: {s.secrets} words, {len(tree.late)} lost"
        + (f" (at least {floor}{', proved' if block.get('losses_proved') else ''})"
           if floor is not None else "")
        + f", {block['total_misses']} misses, {time.perf_counter() - start:.1f} s")


def build_hangman_trees(wordlist: str, strategies: Sequence[str], misses: int, out: Path, *,
                        lengths: Sequence[int] | None = None, runner: Runner = Processes(),
                        options: dict[str, dict[str, Any]] | None = None,
                        force: bool = False) -> Iterator[str]:
    """Write the trees of ``strategies`` for every length (or ``lengths``) of a
    list under ``out/hangman/<list>/<misses>/<strategy>/<length>.json``, the
    largest lists first; yields a line per tree as it is written (or kept:
    a file with the fingerprint it would get that verifies is up to date,
    unless ``force``).
    ``options``: keyword options of a strategy's search, by strategy."""
    words = load_list(wordlist)
    groups = words.by_length() if words.length == 0 else {words.length: words}
    chosen = list(lengths) if lengths else sorted(groups)
    missing = [n for n in chosen if n not in groups]
    if missing:
        raise RulesError(f"word list {wordlist!r} has no words of length {missing[0]}")
    options = options or {}
    jobs = [BuildJob(wordlist, n, name, misses, tree_path(out, TreeKey.hangman(wordlist, misses, name, n)),
                     tuple(sorted(options.get(name, {}).items())))
            for name in strategies for n in chosen]
    jobs.sort(key=lambda j: (-len(groups[j.length]), j.strategy))  # the largest first
    said: list[str] = []  # a file made again, and why (the verifying is not a line of the result)
    for done in build_or_keep(jobs, each_a_job(_build_one, runner), path=lambda j: j.path, fingerprint=_fingerprint, workers=runner.workers,
                              report=reporter(None), what="hangman", force=force, say=said.append):
        yield from said
        said.clear()
        yield f"{done.path}: {KEPT}" if done.built is None else done.built


def _fingerprint(job: BuildJob) -> Fingerprint:
    return hangman_fingerprint(job.wordlist, job.length, job.strategy, job.misses, job.options)

