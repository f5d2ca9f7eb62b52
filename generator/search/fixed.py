"""Fixed guesses: the Riddler Lingo puzzle.

The player commits to ``k`` guesses before the game (the same for every start
letter, or one set per start letter), plays them whatever the feedback, and
then guesses at random among the words still possible. Two secrets stay apart
exactly when they differ in first letter (LINGO reveals it) or in the feedback
of one of the fixed guesses, so the secrets fall into **groups** keyed by
(first letter, pattern of guess 1, ..., pattern of guess k). A secret in a
group of size s is then guessed with chance 1/s, so the

    win chance = number of groups / number of secrets,

and a secret is **identified** when its group is a singleton.

Vocabulary: :data:`Guesses` are the fixed guesses (``tuple[Word, ...]``),
the same for every first letter, or one tuple per first letter
(``--per-letter``). :class:`FixedProblem` holds the word lists of a set-up;
:func:`evaluate_guesses` scores one set in milliseconds (feedback of the k
guesses against every secret, then group ids combined as integers and
counted); :func:`search_guesses` looks for a good set by local search with
restarts, on the whole feedback matrix, reporting its :class:`SearchState`.

>>> problem = FixedProblem.from_setup("en")
>>> result = evaluate_guesses(problem, ("hater", "funds", "pigmy", "block"))
>>> result.identified, f"{result.win_chance:.5f}"
(7803, '0.94720')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from generator.core.catalog import load_list, setup
from generator.core.feedback import feedback_matrix
from generator.core.ids import short
from generator.core.jit import kernel, prange
from generator.core.partition import Matrix
from generator.core.words import Letter, Word, WordList
from generator.errors import StrategyError, WordListError

Guesses = tuple[Word, ...]

MAX_K = 8


# -- the problem and one evaluation -------------------------------------------


@dataclass
class FixedProblem:
    """The secrets (``answers``) and allowed fixed guesses (``guesses``) of a
    set-up, and whether the first letter of the secret is revealed."""

    answers: WordList
    guesses: WordList
    reveals_first: bool = True
    first: np.ndarray = field(init=False, repr=False)  # first-letter index of each secret
    _matrix: Matrix | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.answers.length == 0 or self.answers.length != self.guesses.length:
            raise WordListError(
                f"fixed guesses need answers and guesses of one word length "
                f"({self.answers.id}: {self.answers.length}, {self.guesses.id}: {self.guesses.length})"
            )
        if self.reveals_first:
            self.first = self.answers.codes[:, 0].astype(np.int64)
        else:
            self.first = np.zeros(len(self.answers), dtype=np.int64)

    @classmethod
    def from_setup(cls, setup_id: str) -> FixedProblem:
        """The problem of a catalog set-up (``nl``, ``nl-ij``, ``en``, ``wordle``)."""
        s = setup(setup_id)
        return cls(load_list(s.answers), load_list(s.guesses), s.game.reveals_first_letter)

    @property
    def nletters(self) -> int:
        return max(len(self.answers.alphabet.letters), len(self.guesses.alphabet.letters))

    @property
    def npatterns(self) -> int:
        return int(3**self.answers.length)

    def letters(self) -> list[Letter]:
        """The first letters of the secrets (one entry ``""`` when none is revealed)."""
        return self.answers.first_letters() if self.reveals_first else [""]

    def letter_cols(self, letter: Letter) -> np.ndarray:
        """The secrets (columns) with first letter ``letter`` (all for ``""``)."""
        if not letter:
            return np.arange(len(self.answers), dtype=np.int64)
        if letter not in self.answers.alphabet.index:
            raise WordListError(f"{short(letter)!r} is not a letter of {self.answers.id!r}")
        return np.flatnonzero(self.first == self.answers.alphabet.index[letter])

    def rows(self, words: Sequence[Word]) -> np.ndarray:
        """Guess-list positions of ``words`` (a clear error for an unknown word)."""
        for w in words:
            if w not in self.guesses:
                raise WordListError(f"{w!r} is not in the guesses list {self.guesses.id!r}")
        return self.guesses.indices(words)

    def patterns(self, rows: np.ndarray) -> np.ndarray:
        """Pattern codes of guesses ``rows`` against every secret, ``(k, n)``."""
        return feedback_matrix(self.guesses.codes[rows], self.answers.codes, self.nletters)

    def matrix(self) -> Matrix:
        """The whole feedback matrix (guesses x secrets), built once, for searches."""
        if self._matrix is None:
            self._matrix = Matrix.build(self.guesses, self.answers)
        return self._matrix


def combine(base: np.ndarray, patterns: np.ndarray, npatterns: int) -> np.ndarray:
    """Dense group ids of the pairs (``base`` id, pattern), numbered in order.

    >>> combine(np.array([0, 0, 1, 1]), np.array([[2, 3, 2, 2]]), 4).tolist()
    [0, 1, 2, 2]
    """
    gid = base.astype(np.int64)
    limit = np.iinfo(np.int64).max // max(npatterns, 2)
    for row in np.atleast_2d(patterns):
        if gid.size and int(gid.max()) >= limit:
            gid = np.unique(gid, return_inverse=True)[1].astype(np.int64)
        gid = gid * npatterns + row.astype(np.int64)
    return np.unique(gid, return_inverse=True)[1].astype(np.int64).reshape(-1)


@dataclass(frozen=True)
class FixedResult:
    """How a plan does: ``groups`` of the ``words`` secrets, ``identified``
    secrets alone in their group, and the ``largest`` groups (words, biggest
    first). ``plans`` maps each first letter to its guesses (one entry ``"*"``
    when the same guesses serve every letter)."""

    plans: dict[str, Guesses]
    words: int
    groups: int
    identified: int
    sizes: dict[int, int]  # group size -> number of groups of that size
    largest: tuple[tuple[Word, ...], ...]
    seconds: float = 0.0

    @property
    def win_chance(self) -> float:
        return self.groups / self.words if self.words else 0.0

    @property
    def shared(self) -> Guesses | None:
        """The guesses, when one set serves every letter."""
        return self.plans.get("*")


def _result(problem: FixedProblem, plans: dict[str, Guesses], gid: np.ndarray, top: int,
            seconds: float) -> FixedResult:
    counts = np.bincount(gid)
    counts = counts[counts > 0] if counts.size else counts
    size_of = np.bincount(gid)[gid] if gid.size else gid
    hist = np.bincount(counts) if counts.size else np.zeros(1, np.int64)
    sizes = {int(s): int(c) for s, c in enumerate(hist) if c and s}
    # the largest groups, biggest first, ties by first word in list order
    big: list[tuple[Word, ...]] = []
    if top and gid.size:
        order = np.lexsort((np.arange(gid.size), gid, -size_of))
        seen: set[int] = set()
        for j in order:
            g = int(gid[j])
            if g in seen or size_of[j] < 2:
                continue
            seen.add(g)
            big.append(tuple(problem.answers.words[c] for c in np.flatnonzero(gid == g)))
            if len(big) == top:
                break
    return FixedResult(plans, int(gid.size), int(counts.size), int((size_of == 1).sum()),
                       sizes, tuple(big), seconds)


def _check_plan(problem: FixedProblem, plan: Sequence[Word]) -> Guesses:
    plan = tuple(plan)
    if not plan:
        raise StrategyError("give at least one fixed guess")
    if len(plan) > MAX_K:
        raise StrategyError(f"{len(plan)} fixed guesses: at most {MAX_K}")
    problem.rows(plan)
    return plan


def evaluate_guesses(problem: FixedProblem, plan: Sequence[Word], *, top: int = 5) -> FixedResult:
    """Score one set of fixed guesses, the same for every first letter.

    Parameters
    ----------
    problem
        the set-up's lists.
    plan
        the fixed guesses, words of the guesses list.
    top
        how many of the largest groups to return.

    Raises
    ------
    WordListError
        for a guess not in the guesses list.

    Examples
    --------
    >>> problem = FixedProblem.from_setup("en")
    >>> r = evaluate_guesses(problem, ("hater", "funds", "pigmy", "block"), top=1)
    >>> r.groups, r.words, r.largest
    (8180, 8636, (('codec', 'coded', 'codex', 'coved', 'cowed', 'coxed'),))
    """
    plan = _check_plan(problem, plan)
    start = time.perf_counter()
    gid = combine(problem.first, problem.patterns(problem.rows(plan)), problem.npatterns)
    seconds = time.perf_counter() - start
    return _result(problem, {"*": plan}, gid, top, seconds)


def evaluate_guesses_per_letter(problem: FixedProblem, plans: Mapping[Letter, Sequence[Word]], *,
                                top: int = 5) -> FixedResult:
    """Score one set of fixed guesses per first letter.

    Every first letter of the secrets needs guesses; a key ``"*"`` serves the
    letters not named. A key that is not a first letter of the secrets is an
    error (it would be ignored otherwise).
    """
    start = time.perf_counter()
    letters = problem.letters()
    for letter in plans:
        if letter != "*" and letter not in letters:
            raise StrategyError(f"{letter[:10]!r} is not a first letter of the secrets "
                                f"(first letters: {' '.join(letters)})")
    checked = {letter: _check_plan(problem, p) for letter, p in plans.items()}
    gid = np.empty(len(problem.answers), dtype=np.int64)
    used: dict[str, Guesses] = {}
    offset = 0
    for letter in letters:
        plan = checked.get(letter, checked.get("*"))
        if plan is None:
            raise StrategyError(f"no fixed guesses for the letter {letter!r}")
        used[letter or "*"] = plan
        cols = problem.letter_cols(letter)
        pats = feedback_matrix(problem.guesses.codes[problem.rows(plan)],
                               problem.answers.codes[cols], problem.nletters)
        local = combine(np.zeros(cols.size, np.int64), pats, problem.npatterns)
        gid[cols] = local + offset
        offset += int(local.max()) + 1 if local.size else 0
    seconds = time.perf_counter() - start
    return _result(problem, used, gid, top, seconds)


# -- search ---------------------------------------------------------------------


@kernel(parallel=True)
def _split_counts(codes, rows, order, starts, npatterns, out):  # type: ignore[no-untyped-def]
    """``out[r]`` = number of distinct patterns of guess ``rows[r]`` summed over
    the groups ``order[starts[b]:starts[b+1]]`` (the groups to split)."""
    nb = starts.shape[0] - 1
    for r in prange(rows.shape[0]):
        row = codes[rows[r]]
        seen = np.zeros(npatterns, np.int32)
        total = 0
        for b in range(nb):
            stamp = b + 1
            for t in range(starts[b], starts[b + 1]):
                p = row[order[t]]
                if seen[p] != stamp:
                    seen[p] = stamp
                    total += 1
        out[r] = total


def _groups_after(codes: np.ndarray, base: np.ndarray, cols: np.ndarray, rows: Sequence[int],
                  npatterns: int) -> np.ndarray:
    """Dense group ids of ``cols`` under ``base`` refined by guesses ``rows``."""
    if len(rows) == 0:
        return combine(base, np.empty((0, cols.size), np.int64), npatterns)
    return combine(base, codes[np.asarray(rows)][:, cols], npatterns)


def score_all(codes: np.ndarray, gid: np.ndarray, cols: np.ndarray, candidates: np.ndarray,
              npatterns: int) -> np.ndarray:
    """Number of groups after adding each candidate guess to groups ``gid`` of
    the secrets ``cols`` (singletons are counted once, not scanned)."""
    counts = np.bincount(gid)
    single = int((counts == 1).sum())
    multi = counts[gid] > 1
    sub_cols = cols[multi]
    sub_gid = gid[multi]
    order_local = np.argsort(sub_gid, kind="stable")
    order = np.ascontiguousarray(sub_cols[order_local], dtype=np.int64)
    sorted_gid = sub_gid[order_local]
    bounds = np.flatnonzero(np.diff(sorted_gid)) + 1
    starts = np.concatenate(([0], bounds, [order.size])).astype(np.int64) if order.size else \
        np.zeros(1, np.int64)
    out = np.empty(candidates.size, np.int64)
    if candidates.size:
        _split_counts(codes, np.ascontiguousarray(candidates, dtype=np.int64), order, starts,
                      npatterns, out)
    return out + single


@dataclass(frozen=True)
class SearchState:
    """A search's state, passed to the callback ``on_state``."""

    elapsed: float
    restart: int
    evaluations: int
    letter: str
    groups: int
    words: int
    plan: Guesses
    improved: bool


OnState = Callable[[SearchState], None]


@dataclass(frozen=True)
class SearchResult:
    """The best plan found, its evaluation and how the search went."""

    result: FixedResult
    k: int
    seconds: float
    restarts: int
    evaluations: int  # candidate plans scored (each single-guess swap counts one)
    seed: int


def _local_search(codes: np.ndarray, cols: np.ndarray, base: np.ndarray, cand: np.ndarray,
                  plan: list[int], npatterns: int, deadline: float) -> tuple[list[int], int, int]:
    """Steepest ascent by single-guess swaps until no swap helps (or time is up).

    Returns the plan, its number of groups and the swaps scored."""
    k = len(plan)
    evals = 0
    current = int(_groups_after(codes, base, cols, plan, npatterns).max()) + 1
    improved = True
    while improved and time.monotonic() < deadline:
        improved = False
        for i in range(k):
            others = plan[:i] + plan[i + 1:]
            gid = _groups_after(codes, base, cols, others, npatterns)
            scores = score_all(codes, gid, cols, cand, npatterns)
            evals += cand.size
            j = int(np.argmax(scores))
            if scores[j] > current and int(cand[j]) not in others:
                plan[i] = int(cand[j])
                current = int(scores[j])
                improved = True
            if time.monotonic() >= deadline:
                break
    return plan, current, evals


def _greedy_start(codes: np.ndarray, cols: np.ndarray, base: np.ndarray, cand: np.ndarray,
                  k: int, npatterns: int, rng: np.random.Generator, width: int) -> list[int]:
    """Guesses added one at a time, each drawn from the ``width`` best additions."""
    plan: list[int] = []
    for _ in range(k):
        gid = _groups_after(codes, base, cols, plan, npatterns)
        scores = score_all(codes, gid, cols, cand, npatterns)
        scores[np.isin(cand, plan)] = -1
        top = np.argsort(-scores, kind="stable")[:width]
        plan.append(int(cand[rng.choice(top)]))
    return plan


def _search_one(codes: np.ndarray, cols: np.ndarray, base: np.ndarray, cand: np.ndarray, k: int,
                npatterns: int, rng: np.random.Generator, deadline: float, letter: str,
                words: Sequence[Word], on_state: OnState | None, t0: float,
                kicks: int, restarts: int | None) -> tuple[list[int], int, int, int]:
    """Iterated local search for one set of secrets: restarts from randomized
    greedy plans; from each local optimum, ``kicks`` perturbations (one or two
    guesses replaced at random) followed by local search."""
    best: list[int] = []
    best_score = -1
    evals = 0
    restart = 0

    def report(improved: bool) -> None:
        if on_state is not None:
            on_state(SearchState(time.monotonic() - t0, restart, evals, letter, best_score,
                              int(cols.size), tuple(words[r] for r in best), improved))

    while restart == 0 or (time.monotonic() < deadline
                           and (restarts is None or restart < restarts)):
        restart += 1
        width = 1 if restart == 1 else 30
        plan = _greedy_start(codes, cols, base, cand, k, npatterns, rng, width)
        plan, score, e = _local_search(codes, cols, base, cand, plan, npatterns, deadline)
        evals += e + k * cand.size
        here, here_score = list(plan), score
        if here_score > best_score:
            best, best_score = list(here), here_score
            report(True)
        for _ in range(kicks):
            if time.monotonic() >= deadline:
                break
            trial = list(here)
            for i in rng.choice(k, size=min(k, int(rng.integers(1, 3))), replace=False):
                trial[int(i)] = int(cand[rng.integers(cand.size)])
            trial, score, e = _local_search(codes, cols, base, cand, trial, npatterns, deadline)
            evals += e
            if score >= here_score and len(set(trial)) == k:
                here, here_score = trial, score
                if here_score > best_score:
                    best, best_score = list(here), here_score
                    report(True)
        report(False)
    return best, best_score, evals, restart


def search_guesses(problem: FixedProblem, k: int, *, seed: int = 0, seconds: float = 60.0,
                   per_letter: bool = False, restarts: int | None = None, kicks: int = 20,
                   on_state: OnState | None = None, top: int = 5) -> SearchResult:
    """Look for the k fixed guesses with the highest win chance.

    Parameters
    ----------
    problem
        the set-up's lists.
    k
        the number of fixed guesses (1 to 8).
    seed
        seeds the random restarts: the same seed and budget give the same
        result when the search is not cut short by the clock.
    seconds
        time budget; the search stops at it and returns the best plan found.
    per_letter
        one plan per first letter (the budget is shared in proportion to the
        letters' word counts).
    restarts
        stop after this many restarts (per letter) even with time left.
    kicks
        perturbations tried from each restart's local optimum.
    on_state
        called with a :class:`SearchState` at every new best set and after
        every restart.

    Examples
    --------
    >>> problem = FixedProblem.from_setup("en")
    >>> found = search_guesses(problem, 1, restarts=1, kicks=0)
    >>> found.result.shared, found.result.groups
    (('tares',), 1434)
    """
    _check_search(problem, k, seconds)
    rng = np.random.default_rng(seed)
    t0 = time.monotonic()
    if k == 1:
        restarts, kicks = 1, 0  # one sweep over every guess is exhaustive
    if per_letter:
        plans, evals, nrestarts = _search_per_letter(problem, k, seconds, rng, t0, on_state, kicks, restarts)
        result = evaluate_guesses_per_letter(problem, plans, top=top)
    else:
        words = problem.guesses.words
        plan, _, evals, nrestarts = _search_one(
            problem.matrix().codes, np.arange(len(problem.answers), dtype=np.int64), problem.first,
            np.arange(len(words), dtype=np.int64), k, problem.npatterns, rng, t0 + seconds, "", words,
            on_state, t0, kicks, restarts)
        result = evaluate_guesses(problem, tuple(words[r] for r in plan), top=top)
    return SearchResult(result, k, time.monotonic() - t0, nrestarts, evals, seed)


def _search_per_letter(problem: FixedProblem, k: int, seconds: float, rng: np.random.Generator, t0: float,
                       on_state: OnState | None, kicks: int, restarts: int | None,
                       ) -> tuple[dict[str, Guesses], int, int]:
    """:func:`search_guesses` with one plan per first letter, the time left
    shared in proportion to the letters' word counts: (the plans, the
    candidate plans scored, the restarts)."""
    codes = problem.matrix().codes
    cand = np.arange(len(problem.guesses), dtype=np.int64)
    words = problem.guesses.words
    plans: dict[str, Guesses] = {}
    evals = nrestarts = 0
    letters = problem.letters()
    sizes = {letter: problem.letter_cols(letter).size for letter in letters}
    for n, letter in enumerate(letters):
        left = seconds - (time.monotonic() - t0)
        share = left * sizes[letter] / max(sum(sizes[m] for m in letters[n:]), 1)
        cols = problem.letter_cols(letter)
        plan, _, e, r = _search_one(
            codes, cols, np.zeros(cols.size, np.int64), cand, min(k, len(cand)), problem.npatterns,
            rng, time.monotonic() + max(share, 0.0), letter, words, on_state, t0, kicks, restarts)
        evals += e
        nrestarts += r
        plans[letter or "*"] = tuple(words[i] for i in plan)
    return plans, evals, nrestarts


def _check_search(problem: FixedProblem, k: int, seconds: float) -> None:
    if not 1 <= k <= MAX_K:
        raise StrategyError(f"k must be between 1 and {MAX_K}, not {k}")
    if seconds <= 0:
        raise StrategyError(f"the time budget must be positive, not {seconds}")
    if k > len(problem.guesses):
        raise StrategyError(f"k = {k} but the guesses list has only {len(problem.guesses)} words")
