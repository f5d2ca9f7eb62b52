"""One job of an exact proof: what a worker process searches, and what it sends back.

Every exact search that runs as jobs of a :data:`~generator.runs.jobs.Runner`
runs as a :class:`ProofJob` through one function, :func:`run_job`:

* the goals of a proof split into waves (:mod:`generator.runs.proofs`: the
  parts after an opener, LINGO letters): a **position**, or some **parts**
  of a move played there;
* a first word of Wordle weighed (:mod:`generator.runs.first_words`): a
  **whole move**, played as one search plays it;
* a part after a Mastermind opener (:mod:`generator.runs.mastermind`): the
  position the opener's pattern leaves, searched with the **memo kept**
  from the worker's earlier jobs.

A job is named by its path from the root, ``(guess row, pattern code)``
pairs, so it travels as a small picklable value and the worker replays the
path on its own matrix (a job never carries a matrix: its
:class:`Problem` rebuilds it). Unless it keeps the memo, a job searches
with a fresh one and counts its own work, so what it returns does not depend
on which worker ran it or what ran there before. Only a cost below the
job's cut (``beta``) is wanted; past its ``budget`` of work, (guess,
candidate) pairs scored, it stops (:attr:`Status.OUT_OF_BUDGET`).
"""

from __future__ import annotations

import enum
import resource
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from generator.core.partition import Matrix
from generator.core.rules import Game
from generator.core.tree import Tree
from generator.errors import StrategyError
from generator.search.exact import INF, MovePart, Options, OutOfBudget, Position, Search, make_search
from generator.search.exact_build import build_move

Path = tuple[tuple[int, int], ...]
"""How a goal is reached from the root: ``(guess row, pattern code)`` pairs."""

Loaded = tuple[Matrix, Game, np.ndarray, np.ndarray]

Trees = tuple[tuple[int, Tree], ...]
"""A job's trees: ``(-1, tree)`` for the tree of its position (or of its
whole move there), else ``(pattern code, tree)`` for each of its parts."""

#: the moves a limited search tries per position, for a split position's cut
LIMITED_TOP = 10


class Problem(Protocol):
    """What an exact job searches, named so that a worker process can rebuild
    it (a job travels as a small picklable value, never with its matrix)."""

    def load(self) -> Loaded:
        """The matrix, the game, the secrets (columns) and the guesses allowed at the start."""


class Status(enum.Enum):
    """How a job or a proof ended; the value is the word progress prints."""

    SOLVED = "solved"  # the cost, below the cut (and its tree)
    CUT = "cut"  # a lower bound at least the cut
    OPEN = "open"  # a proof: a job at the last level ran out of budget, so nothing is proved
    OUT_OF_BUDGET = "out of budget"  # a job: it ran past its budget of work


@dataclass(frozen=True)
class ProofJob:
    """One job: the goal reached by ``path`` in ``problem``, searched with
    ``options``; only a cost below ``beta`` is wanted, within ``budget``
    (guess, candidate) pairs (None: no limit).

    The goal is the position at ``path`` (``move`` None), or guess ``move``
    played there: all of it as one search plays it (``codes`` None), or only
    its parts ``codes`` (their summed cost)."""

    problem: Problem
    options: Options
    path: Path = ()
    beta: int = INF
    budget: int | None = None
    move: int | None = None
    codes: tuple[int, ...] | None = None
    opener: bool = False  # the first guess from the root is a fixed opener: played on every allowed row
    upper_known: bool = False  # a tree's cost is known here: no limited search when out of budget
    keep_memo: bool = False  # the worker's memo of this problem serves the job and is kept for the next


@dataclass(frozen=True)
class JobResult:
    """A job's answer: its ``status``, and ``value``: the cost (solved, and
    then ``trees``), a lower bound at least the cut (cut; INF: no tree
    within the cap, ``dead_end`` says where in hard mode), or INF (out of
    budget: then ``upper`` is a limited search's cost at a position, INF
    if none was run). ``work`` and ``positions``: this job's alone."""

    status: Status
    value: int
    trees: Trees = ()
    upper: int = INF
    dead_end: str | None = None
    work: int = 0
    positions: int = 0
    seconds: float = 0.0
    peak_mib: float = 0.0

    @property
    def tree(self) -> Tree | None:
        """The tree of the job's position or whole move, if solved."""
        return dict(self.trees).get(-1)


_SEARCHES: dict[tuple[Problem, Options], Search] = {}  # per worker process: see worker_search


def worker_search(problem: Problem, options: Options) -> Search:
    """The search of a problem in this worker process, made once (the
    problem loaded then) and kept for the worker's later jobs (its set-up,
    and its memo unless the job empties it: :func:`job_search`), rooted at
    the problem's secrets."""
    s = _SEARCHES.get((problem, options))
    if s is None:
        matrix, game, cols, rows = problem.load()
        s = _SEARCHES[problem, options] = make_search(matrix, game, rows, options)
        s.root_cols = cols
    return s


@contextmanager
def job_search(problem: Problem, options: Options, keep_memo: bool = False) -> Iterator[Search]:
    """The worker's search of a problem for one job; as the job ends, its
    budget is restored and, unless ``keep_memo``, its memo emptied (a worker
    would otherwise hold it, GiBs in a long proof, until its next job of the
    same problem)."""
    s = worker_search(problem, options)
    try:
        yield s
    finally:
        if not keep_memo:
            s.reset()
        s.max_work = options.max_work


def peak_mib() -> float:
    """The peak memory of this process or any of its children, in MiB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024


def run_job(job: ProofJob) -> JobResult:
    """Search one job (in a worker process)."""
    with job_search(job.problem, replace(job.options, max_work=job.budget), job.keep_memo) as s:
        t0 = time.perf_counter()
        work, positions = s.counters.work, s.counters.positions  # (a kept memo: counted since)
        pos = s.path_position(job.path, opener=job.opener)
        try:
            value, trees = _search(job, s, pos)
        except OutOfBudget:
            upper = _limited(job, pos) if job.move is None and not job.upper_known else INF
            return JobResult(Status.OUT_OF_BUDGET, INF, upper=upper, work=s.counters.work - work,
                             positions=s.counters.positions - positions, seconds=time.perf_counter() - t0,
                             peak_mib=peak_mib())
        return JobResult(Status.SOLVED if value < job.beta else Status.CUT, value, trees,
                         dead_end=s.dead_end if value >= INF else None, work=s.counters.work - work,
                         positions=s.counters.positions - positions, seconds=time.perf_counter() - t0,
                         peak_mib=peak_mib())


def _search(job: ProofJob, s: Search, pos: Position) -> tuple[int, Trees]:
    """The value of the job's goal at ``pos`` and, below its cut, its trees
    (built with no budget: building may look again at a position)."""
    if job.move is None:
        value = s.solve(pos, job.beta)
        s.max_work = None
        return value, ((-1, s.build(pos)),) if value < job.beta else ()
    below = s.narrowed(pos) if job.path or not job.opener else pos
    if job.codes is None:
        value = s.play(job.move, below, job.beta)
        s.max_work = None
        return value, ((-1, build_move(s, job.move, below)),) if value < job.beta else ()
    items = parts_of(s, below, job.move, job.codes)
    value = s.solve_parts(below, job.move, items, job.beta)
    s.max_work = None
    if value >= job.beta:
        return value, ()
    return value, tuple((p.code, s.build(s.child(below, job.move, p.code, p.cols))) for p in items)


def parts_of(s: Search, pos: Position, move: int, codes: Sequence[int]) -> list[MovePart]:
    """The parts ``codes`` of ``move`` at ``pos`` (largest first)."""
    _, items = s.move_parts(move, pos)
    if items is None:
        raise StrategyError(f"internal: move {move} is useless on this path")
    wanted = set(codes)
    return [p for p in items if p.code in wanted]


def _limited(job: ProofJob, pos: Position) -> int:
    """A limited search's cost at a position (an upper bound of its cost)."""
    with job_search(job.problem, replace(job.options, top=LIMITED_TOP, heuristic="bound", max_work=None)) as lim:
        return lim.solve(pos, INF)
