"""Exact proofs run as jobs, split fine enough for a cluster.

A proof (:class:`Root`: a position to solve below a cut, or the parts a
fixed opener leaves) runs as jobs (:class:`~generator.runs.proof_job.ProofJob`)
of a :data:`~generator.runs.jobs.Runner`. A job that runs past its **probe**
budget of work is split, and its pieces run in the next wave:

* a **position** costs the least of its moves: it splits into its moves
  worth trying below its cut, each one job for all its parts. Its cut is
  first lowered to one more than a limited search's tree there (the job
  that ran out searched it): some move is sure to get below that;
* the **parts of a move** cost their sum: they split into one job per
  large part, each cut at what the lower bounds of the others leave (a part
  that reaches its cut proves the move cannot get below the position's
  cut), and one job for the small ones together.

Every job searches with a fresh memo and counts its own work
(:mod:`generator.runs.proof_job`), so the same trees and the same proofs
come out on one core, on every core or on a Dask cluster. The moves and
parts are tried in the search's order and the first of least cost is kept,
as one search would keep it.

How a proof is cut into jobs is its :class:`JobSizes`. Jobs at the last
level (``JobSizes.depth`` splits) get the full ``budget``; a job there that
runs out leaves its goal **open**, and the root is then not proved. All the
proofs of a run (say every letter of a set-up) share the waves.

>>> JobSizes().describe()
'jobs split past 200000000 (guess, candidate) pairs, 3 levels deep; 2000000000 pairs per job at the last'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple, TypeVar

from generator.core.tree import Node, Tree
from generator.errors import StrategyError
from generator.runs.jobs import Processes, Progress, Runner
from generator.runs.progress import reporter
from generator.runs.proof_job import JobResult, Path, Problem, ProofJob, Status, parts_of, run_job
from generator.search.exact import INF, Options, Position, make_search

T = TypeVar("T")

#: work (guess, candidate pairs scored) of a job before it is split
PROBE = 200_000_000
#: work of a job at the last level (None: no limit)
BUDGET: int | None = 2_000_000_000
#: levels of splitting
DEPTH = 3
#: parts of fewer secrets than this are searched together in one job
SMALL = 24


@dataclass(frozen=True)
class JobSizes:
    """How a proof is cut into jobs: split past ``probe`` work (None: never),
    at most ``depth`` levels deep, ``budget`` for a job at the last level,
    parts of fewer than ``small`` secrets together (part of what a tree's
    fingerprint records: :meth:`params`)."""

    probe: int | None = PROBE
    budget: int | None = BUDGET
    depth: int = DEPTH
    small: int = SMALL

    def job_budget(self, depth: int) -> int | None:
        return self.budget if self.probe is None or depth >= self.depth else self.probe

    def params(self) -> dict[str, Any]:
        """What a tree's fingerprint records of these sizes (keep the bytes: committed trees hold them)."""
        return {"probe": self.probe, "budget": self.budget, "depth": self.depth, "small": self.small}

    def describe(self) -> str:
        last = "no limit" if self.budget is None else f"{self.budget} pairs per job"
        if self.probe is None:
            return f"jobs never split; {last}"
        return f"jobs split past {self.probe} (guess, candidate) pairs, {self.depth} levels deep; {last} at the last"


@dataclass(frozen=True)
class Root:
    """A proof to run: the position of ``problem`` (its root) cut at ``beta``,
    with ``upper`` the cost of the tree a limited search found there (INF:
    none); or with ``opener`` the parts that fixed first guess leaves (its
    cost is its turn for every secret and theirs), one job each unless
    ``together`` (one job for all, as one search plays the opener).
    ``sizes``: how this proof is cut into jobs, if not as the run's others
    (a proof worth only a bounded effort)."""

    problem: Problem
    options: Options
    beta: int = INF
    upper: int = INF
    opener: int | None = None
    sizes: JobSizes | None = None
    together: bool = False


@dataclass
class Outcome:
    """What a proof found: ``solved`` (``value`` is the cost, below the cut,
    and ``tree`` its tree), ``cut`` (``value`` is a lower bound at least the
    cut) or ``open`` (a job ran out of budget at the last level; ``tree`` and
    ``value``: the best found below the cut, if any)."""

    status: Status
    value: int
    tree: Tree | None = None
    dead_end: str | None = None
    where: Path = ()  # a cut: the path of the goal that proved it


@dataclass(frozen=True)
class JobTime:
    """One job of a run, for reports and schedules."""

    wave: int
    seconds: float
    work: int
    positions: int
    secrets: int
    proof: int  # which proof of the run (the order of run_proofs' proofs)


@dataclass(eq=False)
class _Goal:
    """A position (``move`` None) or parts of a move, before or after its split."""

    path: Path
    beta: int
    depth: int
    secrets: int
    move: int | None = None
    codes: tuple[int, ...] = ()
    upper: int = INF  # the cost of a tree known here
    known: bool = False  # ``upper`` is all a limited search would find (a root)
    result: JobResult | None = None
    moves: list[tuple[int, int, _Goal | None]] | None = None  # a split position: (row, base, parts)
    children: list[_Goal] | None = None  # split parts
    floor: int = 0
    cut: int = INF  # a split position: its cut, lowered by ``upper``


@dataclass(eq=False)
class _Proof:
    root: Root
    goal: _Goal
    base: int = 0  # a fixed opener: its turn for every secret


class _Planner:
    """Splits the goals of one problem and options (in the parent)."""

    def __init__(self, root: Root, sizes: JobSizes) -> None:
        self.root, self.sizes = root, sizes
        matrix, game, cols, rows = root.problem.load()
        self.matrix = matrix
        self.search = make_search(matrix, game, rows, replace(root.options, top=None, heuristic="bound", max_work=None))
        self.search.root_cols = cols
        self.opener = root.opener is not None

    def position(self, path: Path) -> Position:
        return self.search.path_position(path, opener=self.opener)

    def last_level(self, g: _Goal) -> bool:
        """Whether ``g``'s job is one at the last level of splitting (never split, the full budget)."""
        return self.sizes.probe is not None and g.depth >= self.sizes.depth

    def job(self, g: _Goal) -> ProofJob:
        return ProofJob(self.root.problem, self.root.options, g.path, g.beta, self.sizes.job_budget(g.depth),
                        g.move, g.codes, self.opener, g.known or g.upper < INF)

    def split_position(self, g: _Goal, upper: int) -> None:
        """A position's moves worth trying, each one goal of all its parts; its
        cut lowered to one more than ``upper``, the cost of a tree there (some
        move is then sure to get below it)."""
        s = self.search
        s.reset()
        upper = min(upper, g.upper)
        beta = min(g.beta, upper + 1) if upper < INF else g.beta
        pos = self.position(g.path)
        moves, g.floor = s.moves_below(pos, beta)
        below = s.narrowed(pos)
        g.moves = []
        for row, _ in moves:
            base, items = s.move_parts(row, below)
            if items is None:
                continue
            lows = sum(p.lower for p in items)
            cut = beta - base
            goal = None if lows >= cut else _Goal(g.path, cut, g.depth + 1, sum(len(p.cols) for p in items),
                                                  row, tuple(p.code for p in items))
            g.moves.append((row, base, goal))
        g.cut = beta

    def split_parts(self, g: _Goal) -> None:
        """A move's parts: the large ones alone, the small ones together."""
        s = self.search
        s.reset()
        assert g.move is not None
        pos = self.position(g.path)
        below = s.narrowed(pos) if g.path or not self.opener else pos
        items = parts_of(s, below, g.move, g.codes)
        lows = sum(p.lower for p in items)
        large = [p for p in items if not p.solved and len(p.cols) >= self.sizes.small]
        if not large:
            large = [p for p in items if not p.solved]
        together = [p for p in items if p not in large]
        g.children = [_Goal(g.path + ((g.move, p.code),), g.beta - (lows - p.lower), g.depth + 1, len(p.cols))
                      for p in large]
        if together:
            g.children.append(_Goal(g.path, g.beta - sum(p.lower for p in large), g.depth + 1,
                                    sum(len(p.cols) for p in together), g.move, tuple(p.code for p in together)))

    def tree_of_move(self, g: _Goal, row: int, trees: dict[int, Tree]) -> Node:
        """The node of a move from its parts' trees, in the order the search builds it."""
        pos = self.position(g.path)
        m = self.matrix
        node = Node(m.guess_word(row))
        for code in m.split(row, pos.cols):
            if code != m.green:
                node.next[m.pattern(code)] = trees[code]
        return node


def _pending(g: _Goal) -> Iterator[_Goal]:
    if g.result is None and g.moves is None and g.children is None:
        yield g
    for _, _, child in g.moves or ():
        if child is not None:
            yield from _pending(child)
    for child in g.children or ():
        yield from _pending(child)


class _Value(NamedTuple):
    status: Status  # solved, cut or open (see Outcome)
    value: int
    trees: dict[int, Tree]  # a position: code -1; parts: by code
    dead_end: str | None = None
    where: Path = ()  # a cut: the goal that proved it


def _evaluate(p: _Planner, g: _Goal) -> _Value:
    """A goal's value from its job, or from its pieces once split."""
    if g.moves is not None:  # a split position: the least of its moves
        best: tuple[int, int, dict[int, Tree]] | None = None
        is_open, cut = False, None
        for row, base, child in g.moves:
            if child is None:
                continue
            v = _evaluate(p, child)
            if v.status is Status.OPEN:
                is_open = True
            elif v.status is Status.SOLVED and (best is None or base + v.value < best[0]):
                best = (base + v.value, row, v.trees)
            elif v.status is Status.CUT and cut is None:
                cut = v
        if best is not None:
            tree = p.tree_of_move(g, best[1], best[2])
            return _Value(Status.OPEN if is_open else Status.SOLVED, best[0], {-1: tree})
        if is_open:
            return _Value(Status.OPEN, INF, {})
        if g.cut < g.beta:
            raise StrategyError("internal: no move beat the cost of a tree known at a position")
        return _Value(Status.CUT, max(g.beta, g.floor), {}, cut.dead_end if cut else None, cut.where if cut else g.path)
    if g.children is not None:  # split parts: their sum
        total, trees, is_open = 0, {}, False
        for child in g.children:
            v = _evaluate(p, child)
            if v.status is Status.CUT:
                return _Value(Status.CUT, max(g.beta, v.value), {}, v.dead_end, v.where)
            if v.status is Status.OPEN:
                is_open = True
                continue
            total += v.value
            trees.update({child.path[-1][1]: v.trees[-1]} if child.move is None else v.trees)
        if is_open:
            return _Value(Status.OPEN, INF, {})
        if total < g.beta:
            return _Value(Status.SOLVED, total, trees)
        return _Value(Status.CUT, total, {}, None, g.path)
    r = g.result
    assert r is not None
    if r.status is Status.OUT_OF_BUDGET:
        return _Value(Status.OPEN, INF, {})
    if r.status is Status.SOLVED:
        return _Value(Status.SOLVED, r.value, dict(r.trees))
    return _Value(Status.CUT, r.value, {}, r.dead_end, g.path)


def _start(root: Root, sizes: JobSizes) -> tuple[_Proof, _Planner]:
    planner = _Planner(root, root.sizes or sizes)
    if root.opener is None:
        goal = _Goal((), root.beta, 0, len(planner.search.root_cols), upper=root.upper, known=True)
        return _Proof(root, goal), planner
    s = planner.search
    base, items = s.move_parts(root.opener, Position(s.root_cols, s.turns, (), s.all_rows))
    if items is None:
        raise StrategyError("internal: the opener leaves every secret as it was")
    beta = root.beta - base if root.beta < INF else INF
    goal = _Goal((), beta, 0, sum(len(p.cols) for p in items), root.opener, tuple(p.code for p in items))
    if not root.together:
        planner.split_parts(goal)  # a job per part at once
    return _Proof(root, goal, base), planner


def _finish(proof: _Proof, planner: _Planner) -> Outcome:
    v = _evaluate(planner, proof.goal)
    if proof.root.opener is not None:
        tree = planner.tree_of_move(proof.goal, proof.root.opener, v.trees) if v.status is Status.SOLVED else None
        return Outcome(v.status, v.value + proof.base if v.value < INF else INF, tree, v.dead_end, v.where)
    return Outcome(v.status, v.value, v.trees.get(-1), v.dead_end, v.where)


@dataclass
class RunStats:
    """Every job of a run (its waves) and the peak memory of any process."""

    jobs: list[JobTime] = field(default_factory=list)
    peak_mib: float = 0.0

    @property
    def work(self) -> int:
        return sum(j.work for j in self.jobs)


def run_proofs(proofs: Sequence[Generator[Root, Outcome, T]], sizes: JobSizes = JobSizes(), *,
               runner: Runner = Processes(), progress: Progress | None = None,
               stats: RunStats | None = None, label: str = "exact") -> Iterator[tuple[int, T]]:
    """Run proofs in shared waves of jobs; yields ``(index, result)`` as each ends.

    Each proof is a generator that yields the :class:`Root` to prove, is
    sent its :class:`Outcome`, may yield another, and returns its result."""
    report = reporter(progress)
    stats = stats if stats is not None else RunStats()
    active: dict[int, tuple[_Proof, _Planner]] = {}
    gens = list(proofs)

    def advance(i: int, outcome: Outcome | None) -> Iterator[tuple[int, T]]:
        try:
            root = next(gens[i]) if outcome is None else gens[i].send(outcome)
        except StopIteration as stop:
            active.pop(i, None)
            yield i, stop.value
            return
        active[i] = _start(root, sizes)

    for i in range(len(gens)):
        yield from advance(i, None)
    wave = 0
    while active:
        todo = [(i, g, planner.job(g)) for i, (proof, planner) in active.items() for g in _pending(proof.goal)]
        todo.sort(key=lambda t: -t[1].secrets)  # the largest first: the waves end together
        last = sum(1 for i, g, _ in todo if active[i][1].last_level(g))
        report.say(f"[{label}] wave {wave}: {len(todo)} jobs" + (f", {last} at the last level" if last else ""))
        steps = report.steps(len(todo), f"{label} jobs")
        by_job = {id(t[2]): t for t in todo}
        split_later: list[tuple[int, _Goal]] = []
        splitting: set[int] = set()  # the proofs with a goal in split_later
        left = Counter(i for i, _, _ in todo)  # each proof's jobs still running in this wave
        for job, res in runner.run(run_job, [t[2] for t in todo]):
            i, g, _ = by_job[id(job)]
            g.result = res
            stats.jobs.append(JobTime(wave, res.seconds, res.work, res.positions, g.secrets, i))
            stats.peak_mib = max(stats.peak_mib, res.peak_mib)
            steps.step(f"{len(g.path)} deep, {g.secrets} secrets: {res.status.value} ({res.seconds:.1f} s)")
            if res.status is Status.OUT_OF_BUDGET and active[i][1].sizes.probe is not None and not active[i][1].last_level(g):
                split_later.append((i, g))
                splitting.add(i)
            left[i] -= 1
            if not left[i] and i not in splitting:
                # its last job of the wave: a proof that needs no more ends now, not with the wave
                proof, planner = active[i]
                if next(_pending(proof.goal), None) is None:
                    yield from advance(i, _finish(proof, planner))
        steps.close()
        for i, g in split_later:
            planner = active[i][1]
            upper = g.result.upper if g.result is not None else INF
            g.result = None
            if g.move is None:
                planner.split_position(g, upper)
            else:
                planner.split_parts(g)
        wave += 1


def schedule(jobs: Sequence[JobTime], workers: int) -> float:
    """The wall time of the jobs on ``workers`` workers: each wave in turn,
    each job (largest first, as sent) to the first worker free."""
    total = 0.0
    for wave in sorted({j.wave for j in jobs}):
        free = [0.0] * workers
        for j in sorted((j for j in jobs if j.wave == wave), key=lambda j: -j.secrets):
            k = min(range(workers), key=free.__getitem__)
            free[k] += j.seconds
        total += max(free)
    return total
