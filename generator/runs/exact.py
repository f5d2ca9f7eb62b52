"""The exact search applied: set-ups, openers, LINGO letters, and their jobs.

The algorithm (:class:`generator.search.exact.Search`) knows a matrix and a
cap; the runs here take a set-up id, a rule and a start letter, build the
search from the set-up's :func:`~generator.core.context.context`, and split
the work into jobs for a :data:`~generator.runs.jobs.Runner`:

* :func:`solve_opener`: a fixed opener; each part it leaves is a job, split
  deeper where a part is large (:mod:`generator.runs.proofs`);
* :func:`choose_opener`: the first K moves as openers, one job each;
* :func:`solve_whole`: a whole position in one process;
* :func:`letter_trees`: LINGO start letters: a limited search each (a job
  per letter), then the exact one as a proof, split into jobs each within a
  work budget (every letter's jobs in the same waves).

An :class:`ExactResult` holds the tree and writes the tree file's
``strategy`` block.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from generator.core.blocks import OptimalBlock
from generator.core.context import Context, context
from generator.core.rules import Game, GuessRule
from generator.core.tree import Node, Tree
from generator.runs.jobs import Processes, Progress, Runner
from generator.runs.progress import reporter
from generator.runs.proof_job import LIMITED_TOP, Loaded, Problem, Status, peak_mib
from generator.runs.proofs import PROBE, JobSizes, JobTime, Outcome, Root, RunStats, run_proofs
from generator.search.cost import NO_TREE, Cost
from generator.search.exact import INF, ExactError, Options, Position, Search, make_search
from generator.search.greedy import allowed_rows


@dataclass
class ExactResult:
    """A finished search: the tree (rooted in ``opener`` if fixed) and figures."""

    root: Tree
    cols: np.ndarray
    cost: Cost
    opener: str | None
    options: Options
    proved: bool
    positions: int = 0
    seconds: float = 0.0
    peak_mib: float = 0.0
    fixed_opener: bool = False

    @property
    def late(self) -> int:
        return self.cost.late

    @property
    def total(self) -> int:
        return self.cost.total

    def strategy_data(self, game: Game) -> OptimalBlock:
        """The tree file's ``strategy`` block."""
        o = self.options
        cap = o.cap or game.turns
        hard = game.guess_rule is GuessRule.HARD
        moves = (("every allowed guess" if hard else
                  "every move (guesses making the same partition count once)") if o.top is None
                 else f"the best {o.top} moves at each position by the heuristic {o.heuristic!r}")
        if o.top is None:
            after = f" after the opener {self.opener}" if self.opener and self.fixed_opener else ""
            proof = f"proved: every move searched{after}"
            if o.fewest_late and self.late:
                proof += (f"; no tree solves every secret within {cap} turns, this one leaves "
                          f"the fewest ({self.late}) past them")
        else:
            proof = f"limited to {o.top} moves per position: not proved"
        return {
            "scheme": "optimal",
            "objective": ("fewest secrets past the cap, then least total turns" if o.fewest_late
                          else "least total turns, every secret within the cap"),
            "search": "depth-first branch and bound, lower bound 3n - parts - wins per move, "
                      "memoized positions",
            "cap": cap,
            "moves": moves,
            "top": o.top,
            "heuristic": o.heuristic,
            "opener": self.opener,
            "opener_fixed": self.opener is not None and self.fixed_opener,
            "proved_minimal": self.proved,
            "proof": proof,
            "total_turns": self.total,
        }


def _context_game(setup_id: str, rule: str, letter: str | None) -> tuple[Context, Game, np.ndarray, np.ndarray]:
    """The set-up's context, the game under ``rule`` with ``letter`` revealed,
    its secrets (columns) and the guesses the rule allows at the start."""
    ctx = context(setup_id)
    game = ctx.game(letter, rule)
    return ctx, game, ctx.cols(letter), allowed_rows(game, ctx.matrix)


@dataclass(frozen=True)
class SetupProblem:
    """A catalog set-up under a guess rule, for one start letter or all secrets."""

    setup: str
    rule: str
    letter: str | None = None

    def load(self) -> Loaded:
        ctx = context(self.setup)
        game = ctx.game(self.letter, self.rule)
        return ctx.matrix, game, ctx.cols(self.letter), allowed_rows(game, ctx.matrix)


#: a whole search as one job, never split, no budget
WHOLE = JobSizes(probe=None, budget=None)


def solve_opener(setup_id: str, rule: str, letter: str | None, opener: str, options: Options, *,
                 runner: Runner = Processes(), progress: Progress | None = None,
                 stats: RunStats | None = None, sizes: JobSizes | None = None) -> ExactResult:
    """The best tree that opens with ``opener``: with one local worker one
    search, whose memo serves every part; with more, each part it leaves is
    a job; on a cluster, split deeper where a part is large (``sizes``,
    default: past :data:`~generator.runs.proofs.PROBE` work;
    :mod:`generator.runs.proofs`). Split finer than the workers need, the
    jobs' fresh memos repeat work: Wordle's 2023 lists from tarse took 267 s
    on two cores split past PROBE, 4.6 s split by part."""
    t0 = time.perf_counter()
    ctx, game, cols, rows = _context_game(setup_id, rule, letter)
    m = ctx.matrix
    row = check_opener(ctx, game, rows, opener)
    stats = stats if stats is not None else RunStats()
    problem = SetupProblem(setup_id, rule, letter)
    whole = sizes is None and runner.in_this_process  # one search: its memo serves every part
    if sizes is None:  # no budget: the proof always ends; a limited search: whole parts
        sizes = WHOLE if whole else JobSizes(probe=PROBE if options.top is None and runner.on_a_cluster else None,
                                             budget=None)

    def proof() -> Generator[Root, Outcome, Outcome]:
        return (yield Root(problem, options, opener=row, together=whole))

    _, out = next(run_proofs([proof()], sizes, runner=runner, progress=progress, stats=stats,
                             label=f"after {opener}"))
    if out.status is not Status.SOLVED or out.tree is None or (Cost.of(out.value).late and not options.fewest_late):
        code = out.where[0][1] if out.where else None
        part = m.split(row, cols).get(code, cols) if code is not None else cols
        raise cap_error(ctx, game, options, opener, None if code is None else m.pattern(code), len(part),
                        out.dead_end)
    return ExactResult(out.tree, cols, Cost.of(out.value), opener, options, proved=options.top is None,
                       positions=sum(j.positions for j in stats.jobs), seconds=time.perf_counter() - t0,
                       peak_mib=max(stats.peak_mib, peak_mib()), fixed_opener=True)


def _whole(problem: Problem, options: Options, opener: int | None = None) -> Generator[Root, Outcome, Outcome]:
    """A proof of a whole position (first guess ``opener`` if given) as one job."""
    return (yield Root(problem, options, opener=opener, sizes=WHOLE, together=True))


def _whole_result(out: Outcome, cols: np.ndarray, options: Options, opener: str | None, stats: RunStats,
                  proof: int, t0: float) -> ExactResult:
    """The result of :func:`_whole`: the tree found, or the dead end and :data:`NO_TREE`."""
    ok = out.status is Status.SOLVED and out.tree is not None and (options.fewest_late or not Cost.of(out.value).late)
    root: Tree = out.tree if ok and out.tree is not None else (out.dead_end or "")
    first = root.guess if ok and isinstance(root, Node) else opener
    return ExactResult(root, cols, Cost.of(out.value) if ok else NO_TREE, first, options,
                       proved=options.top is None, positions=sum(j.positions for j in stats.jobs if j.proof == proof),
                       seconds=time.perf_counter() - t0, peak_mib=max(stats.peak_mib, peak_mib()),
                       fixed_opener=opener is not None)


def solve_whole(setup_id: str, rule: str, letter: str | None, options: Options) -> ExactResult:
    """The best tree of a whole position (one job in this process); raises
    :class:`ExactError` when the cap cannot be met."""
    t0 = time.perf_counter()
    ctx, game, cols, _ = _context_game(setup_id, rule, letter)
    stats = RunStats()
    ((_, out),) = run_proofs([_whole(SetupProblem(setup_id, rule, letter), options)], WHOLE, runner=Processes(1), stats=stats)
    res = _whole_result(out, cols, options, None, stats, 0, t0)
    if not res.cost.found:
        raise cap_error(ctx, game, options, None, None, len(cols),
                        res.root if isinstance(res.root, str) and res.root else None)
    return res


def choose_opener(setup_id: str, rule: str, letter: str | None, options: Options, openers: int, *,
                  runner: Runner = Processes(), progress: Progress | None = None) -> ExactResult:
    """Search the ``openers`` best first moves (in the search's order), one job
    each, and keep the best (the first of equals)."""
    t0 = time.perf_counter()
    ctx, game, cols, rows = _context_game(setup_id, rule, letter)
    s = make_search(ctx.matrix, game, rows, options)
    moves, _ = s.moves_below(Position(cols, s.turns, (), rows))
    names = [ctx.matrix.guess_word(row) for row, _ in moves[:openers]]
    problem = SetupProblem(setup_id, rule, letter)
    stats, report = RunStats(), reporter(progress)
    results: dict[str, ExactResult] = {}
    proofs = [_whole(problem, options, row) for row, _ in moves[:openers]]
    for i, out in run_proofs(proofs, WHOLE, runner=runner, progress=progress, stats=stats, label="openers"):
        res = results[names[i]] = _whole_result(out, cols, options, names[i], stats, i, t0)
        report.say(f"opener {names[i]}: {f'{res.total} turns' if res.cost.found else 'cap not met'} "
                   f"({time.perf_counter() - t0:.1f} s)")
    best = min(names, key=lambda w: (results[w].cost, names.index(w)))
    res = results[best]
    if not res.cost.found:
        raise cap_error(ctx, game, options, None, None, len(cols), None)
    res.positions = sum(j.positions for j in stats.jobs)
    res.seconds = time.perf_counter() - t0
    res.peak_mib = max(stats.peak_mib, peak_mib())
    res.proved = False  # only the openers searched were compared
    res.fixed_opener = False
    return res


def check_opener(ctx: Context, game: Game, rows: np.ndarray, opener: str) -> int:
    """The guess row of ``opener``, with one-line errors for a word not allowed."""
    row = ctx.guesses.position.get(opener)
    if row is None:
        raise ExactError(f"opener {opener!r} is not in the guesses list {ctx.guesses.id!r}")
    if row not in set(rows.tolist()):
        raise ExactError(f"opener {opener!r} breaks the {game.guess_rule} rule"
                         + (f" (it must begin with {game.revealed!r})" if game.revealed else ""))
    return int(row)


def best_worst_case(setup_id: str, rule: str, letter: str | None, options: Options,
                    opener: str | None = None, limit: int = 12) -> int | None:
    """The smallest cap a tree can meet (with ``options``' move limit), or None
    if none up to ``limit``: each cap tried by a limited search first (any
    tree it finds proves the cap can be met), then by the same search, each
    stopping at the first tree found."""
    ctx, game, cols, rows = _context_game(setup_id, rule, letter)
    first = (options.cap or game.turns) + 1
    row = None if opener is None else check_opener(ctx, game, rows, opener)
    quick = replace(options, top=min(options.top or LIMITED_TOP, LIMITED_TOP))
    for cap in range(first, limit + 1):
        for opts in (quick, options) if quick != options else (options,):
            s = make_search(ctx.matrix, game, rows, replace(opts, cap=cap, fewest_late=False, symmetric=False,
                                                                  any_tree=True))
            if s.solve_root(cols, row) < INF:
                return cap
        if s.dead_end:
            return None
    return None


def cap_error(ctx: Context, game: Game, options: Options, opener: str | None, pattern: str | None,
              n: int, dead_end: str | None) -> ExactError:
    """The error for a search that found no tree: a hard-mode dead end, or a cap too small."""
    cap = options.cap or game.turns
    where = f" after {opener} {pattern}" if opener and pattern else ""
    if dead_end:
        return ExactError(f"{game.guess_rule} mode: {dead_end}{where}; no tree solves every secret")
    scope = "" if options.top is None else f" (searching the best {options.top} moves per position)"
    letter = None if game.revealed is None else game.revealed
    best = best_worst_case(ctx.setup.id, str(game.guess_rule), letter, options, opener)
    tail = f"; the best possible worst case is {best} turns" if best else ""
    return ExactError(f"no tree solves every secret within {cap} turns{where}{scope}{tail}")


# --------------------------------------------------------------------------- LINGO letters

#: limited search first (its total bounds the exact one), then the exact search
#: as a proof, split into jobs (:mod:`generator.runs.proofs`): a letter's proof
#: is one job until it has scored LETTER_PROBE (guess, candidate) pairs (the
#: English TV-rule c scores 1.6·10¹¹, s 4.7·10¹¹; one job's memo serves all
#: its moves, where split off each move's job starts from nothing), and
#: each job at the last level of splitting gets LETTER_BUDGET; past it the
#: limited tree is kept, not proved. (The pairs a core scores per second vary
#: with the position: about 10⁹ in the English letters.) A limited search
#: that misses the cap is widened (twice the moves, up to LETTER_TOP_MAX)
#: before the search settles for secrets past the cap.
LETTER_TOP = 10
LETTER_TOP_MAX = 40
LETTER_PROBE = 1_000_000_000_000
LETTER_BUDGET = 4_000_000_000_000
#: where the limited tree has secrets past the cap, the strict search for a
#: tree within it gets this much (one job, never split); past it the search
#: for the fewest secrets past the cap settles both questions alone
LETTER_STRICT_BUDGET = 20_000_000_000


def letter_sizes(budget: int | None = LETTER_BUDGET) -> JobSizes:
    """How a letter's proof is cut into jobs: split past :data:`LETTER_PROBE`
    work, ``budget`` at the last level (a budget below the probe: never split)."""
    if budget is not None and budget <= LETTER_PROBE:
        return JobSizes(probe=None, budget=budget)
    return JobSizes(probe=LETTER_PROBE, budget=budget)


def letter_proof_params(budget: int | None = LETTER_BUDGET) -> dict[str, Any]:
    """What a letter's proof with ``budget`` records in its tree's fingerprint."""
    # the key stays "split" (the name JobSizes had): the fingerprints of the committed trees hold it
    return {"split": letter_sizes(budget).params(), "strict_budget": LETTER_STRICT_BUDGET}


@dataclass(frozen=True)
class LetterSearch:
    """A LINGO start letter's limited search: the first job of its tree."""

    setup: str
    rule: str
    letter: str | None
    top: int = LETTER_TOP
    top_max: int = LETTER_TOP_MAX
    cap: int | None = None


@dataclass(frozen=True)
class Limited:
    """The tree of a limited search, its cost and the options that found it."""

    tree: Tree
    cost: Cost
    options: Options
    positions: int
    seconds: float


def limited_letter(job: LetterSearch) -> Limited:
    """The limited search of a letter: within the cap if some width up to
    ``top_max`` finds a tree there, else the fewest secrets past it (then the
    least total) over those widths."""
    t0 = time.perf_counter()
    ctx, game, cols, rows = _context_game(job.setup, job.rule, job.letter)
    m = ctx.matrix
    widths = [job.top]
    while widths[-1] * 2 <= max(job.top_max, job.top):
        widths.append(widths[-1] * 2)
    positions = 0
    best: tuple[Search, Options, Cost] | None = None
    for fewest_late in (False, True):
        for width in widths:
            options = Options(top=width, cap=job.cap, fewest_late=fewest_late)
            s = make_search(m, game, rows, options)
            cost = s.solve_root(cols)
            positions += s.counters.positions
            if not fewest_late and cost < INF:
                return Limited(s.tree(), Cost.of(cost), options, positions, time.perf_counter() - t0)
            if fewest_late and (best is None or Cost.of(cost) < best[2]):
                best = (s, options, Cost.of(cost))
    assert best is not None
    return Limited(best[0].tree(), best[2], best[1], positions, time.perf_counter() - t0)


def _letter_proof(job: LetterSearch, lim: Limited, strict_budget: int) -> Generator[Root, Outcome, ExactResult]:
    """A letter's proof after its limited search: where the limited tree has
    secrets past the cap, a strict search for a tree within it (it finds the
    best one or proves there is none, within ``strict_budget``),
    then a search for anything better than the best so far (where secrets may
    pass the cap, it finds a tree within it too if there is one)."""
    problem = SetupProblem(job.setup, job.rule, job.letter)
    cap = job.cap
    tree, cost, options, proved = lim.tree, lim.cost, lim.options, False
    if lim.options.fewest_late:
        strict = Options(top=None, cap=cap)
        out = yield Root(problem, strict, beta=INF, sizes=JobSizes(probe=None, budget=strict_budget))
        if out.status is Status.SOLVED and out.tree is not None:
            tree, cost, options, proved = out.tree, Cost.of(out.value), strict, True
    if not proved:
        exact = Options(top=None, cap=cap, fewest_late=lim.options.fewest_late)
        out = yield Root(problem, exact, beta=cost.value, upper=cost.value)
        if out.tree is not None and Cost.of(out.value) < cost:
            tree, cost = out.tree, Cost.of(out.value)
        if out.status is not Status.OPEN:
            options, proved = exact, True
    cols = context(job.setup).cols(job.letter)
    return ExactResult(tree, cols, cost, tree.guess if isinstance(tree, Node) else None, options,
                       proved=proved, positions=lim.positions, seconds=lim.seconds)


def letter_trees(jobs: list[LetterSearch], *, sizes: JobSizes | None = None, runner: Runner = Processes(),
                 progress: Progress | None = None, stats: RunStats | None = None) -> Iterator[tuple[LetterSearch, ExactResult]]:
    """The optimal trees of LINGO start letters, proved where the budget allows.

    1. every letter's limited search, one job each (:func:`limited_letter`),
       gives a tree within the cap, or failing that the tree with the fewest
       secrets past it;
    2. the exact searches, told to look only for something better, run as
       the jobs of :func:`generator.runs.proofs.run_proofs` (every letter in
       the same waves): each either finds it, or proves the limited tree
       optimal (``proved_minimal``), or leaves a job out of budget (the
       best tree found is kept, not proved).
    """
    sizes = sizes or letter_sizes()
    strict = LETTER_STRICT_BUDGET if sizes.budget is None else min(sizes.budget, LETTER_STRICT_BUDGET)
    stats = stats if stats is not None else RunStats()
    t0 = time.perf_counter()
    report = reporter(progress)
    steps = report.steps(len(jobs), "limited searches")
    limited: dict[LetterSearch, Limited] = {}
    for job, lim in runner.run(limited_letter, jobs):
        limited[job] = lim
        stats.jobs.append(JobTime(-1, lim.seconds, 0, lim.positions, len(context(job.setup).cols(job.letter)),
                                  jobs.index(job)))
        late = lim.cost.late
        steps.step(f"{job.setup}/{job.rule}/{job.letter}: limited {lim.cost.total} turns"
                   f"{f', {late} late' if late else ''} ({lim.seconds:.1f} s)")
    steps.close()
    first = len(stats.jobs)
    for i, res in run_proofs([_letter_proof(job, limited[job], strict) for job in jobs], sizes, runner=runner,
                             progress=progress, stats=stats, label="proofs"):
        job = jobs[i]
        mine = [j for j in stats.jobs[first:] if j.proof == i]
        res.positions += sum(j.positions for j in mine)
        res.seconds += sum(j.seconds for j in mine)
        res.peak_mib = max(stats.peak_mib, peak_mib())
        yield job, res
    report.say(f"[exact] {len(jobs)} letters: {len(stats.jobs) - first} proof jobs "
               f"({time.perf_counter() - t0:.0f} s)")


def letter_tree(setup_id: str, rule: str, letter: str | None, *, top: int = LETTER_TOP,
                budget: int | None = LETTER_BUDGET, cap: int | None = None,
                top_max: int = LETTER_TOP_MAX, runner: Runner = Processes(1),
                progress: Progress | None = None) -> ExactResult:
    """The optimal tree of one start letter (:func:`letter_trees`)."""
    job = LetterSearch(setup_id, rule, letter, top, top_max, cap)
    res = next(iter(letter_trees([job], sizes=letter_sizes(budget), runner=runner, progress=progress)))[1]
    if progress:
        progress(f"{setup_id}/{rule}/{letter}: {res.total} turns"
                 f"{f', {res.late} late' if res.late else ''}, "
                 f"{'proved' if res.proved else f'limited to {res.options.top}'} ({res.seconds:.1f} s)")
    return res
