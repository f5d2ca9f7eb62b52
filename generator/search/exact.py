"""Exact search: the tree with the least total turns, by depth-first branch and bound.

The **cost** of a tree is the sum over its secrets of the turns each needs (so
the mean is cost / secrets). A position is the set of secrets still possible
and the turns left; its cost is ``n`` (the guess about to be played counts for
every secret) plus the cost of each part the guess leaves (the all-green part
is solved).

Search (:class:`Search`):

* **lower bound per part**: a part of ``k`` secrets costs at least ``2k - 1``
  (one can be guessed at once, the others need a second guess), so a guess
  that makes ``p`` parts, ``w`` of them won (1 for a candidate), costs at
  least ``3n - p - w``; with one turn left a part must be a single word.
  When a guess can leave at most ``B`` parts besides the win (``B`` = the
  patterns that occur, less all-green: 13 in Mastermind, 237 in Wordle) the
  bound is the **fill bound** (:func:`fill_costs`): at most ``B^(t-1)``
  secrets can be solved by the ``t``-th guess, so ``k`` secrets cost at least
  the sum of the shallowest ``k`` such places, and a part larger than all the
  places within the turns left cannot meet the cap. For a move it is taken
  with the parts as even as possible (the bound is convex in ``k``); it
  equals ``2k - 1`` up to ``k = B + 1``;
* **branch and bound**: guesses are tried in order of that bound, each part's
  search gets the budget left over, and a guess is dropped as soon as its
  parts' costs plus the bounds of the rest reach the best found;
* **memoization** of solved positions (exact costs, and lower bounds proved
  when a budget was exceeded), keyed by the candidate set and turns left (and
  in hard mode what the rule still requires);
* **moves**: guesses that make the same partition of the candidates are one
  move (except in hard mode, where they leave different guesses allowed);
  moves are ordered by the bound, then a heuristic of
  :mod:`generator.core.scoring`; with ``top=N`` only the N best moves by the
  heuristic are searched at each position (*limited*), with ``top=None``
  every move is (*exact*: the result is proved optimal).

The **cap** is the worst case allowed (default: the game's turns). Strictly
(default), a tree must solve every secret within the cap; with
``fewest_late=True`` it may not, and the search minimizes the number of
secrets solved after the cap first, then the total (each late secret costs
:data:`LATE` extra), which proves that no tree within the cap exists when the
best one still has late secrets.

This module is the algorithm only: it knows a matrix, a cap and the allowed
guesses, never a set-up or a letter. :mod:`generator.runs.exact` applies it to
set-ups, openers and LINGO letters (as jobs of :mod:`generator.runs.jobs`).

>>> from generator.core.words import parse_wordlist
>>> words = parse_wordlist(["bat", "cat", "hat", "mat", "tab"], id="t", length=3)
>>> s = Search(Matrix.build(words, words), turns=6)
>>> s.solve_root()
12
>>> s.tree()
Node('bat', {'.GG': Node('cat', {'.GG': Node('hat', {'.GG': 'mat'})}), 'YGY': 'tab'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numba
import numpy as np

from generator.core.feedback import GREEN, YELLOW
from generator.core.ids import short
from generator.core.partition import Matrix, PartStats
from generator.core.rules import Game, GuessRule
from generator.core.scoring import HEURISTICS, Heuristic
from generator.core.tree import Node, Tree
from generator.errors import StrategyError

INF = 1 << 60
LATE = 1 << 20  # extra cost of a secret solved after the cap (fewest_late); more than any total

State = tuple[Any, ...]  # what hard mode still requires: (greens per position, (letter, times)...)


class ExactError(StrategyError):
    """An exact search that cannot be done as asked (opener, cap, hard-mode dead end)."""


# --------------------------------------------------------------------------- kernels


@numba.njit(cache=True, parallel=True, nogil=True)
def _moves_kernel(matrix, rows, cols, npatterns, green, parts, wins, largest, squares, klogk, phash):  # type: ignore[no-untyped-def]
    """Per guess: part statistics and a hash of the partition it makes
    (parts labelled in order of first appearance, so equal partitions hash equal).
    Rows are done in chunks, each with its own scratch arrays."""
    m = rows.shape[0]
    chunk = 256
    for ch in numba.prange((m + chunk - 1) // chunk):
        counts = np.zeros(npatterns, np.int32)
        label = np.full(npatterns, -1, np.int32)
        seen = np.empty(npatterns, np.int64)
        for r in range(ch * chunk, min(m, (ch + 1) * chunk)):
            row = matrix[rows[r]]
            nl = 0
            h = np.uint64(1469598103934665603)
            for c in cols:
                code = row[c]
                counts[code] += 1
                lab = label[code]
                if lab < 0:
                    lab = nl
                    label[code] = nl
                    seen[nl] = code
                    nl += 1
                if code == green:
                    lab = 1000
                h = (h ^ np.uint64(lab + 1)) * np.uint64(1099511628211)
            big = 0
            sq = 0
            kl = 0.0
            win = 0
            for j in range(nl):
                code = seen[j]
                k = counts[code]
                sq += k * k
                kl += k * np.log2(k)
                if k > big:
                    big = k
                if code == green:
                    win = 1
                counts[code] = 0
                label[code] = -1
            parts[r] = nl
            wins[r] = win
            largest[r] = big
            squares[r] = sq
            klogk[r] = kl
            phash[r] = h


@numba.njit(cache=True, nogil=True)
def _hard_filter(letters, rows, guess, pattern):  # type: ignore[no-untyped-def]
    """The rows (guesses) still allowed in hard mode after ``guess`` got ``pattern``
    (marks 0 grey, 1 yellow, 2 green): greens in place, revealed letters as
    often as revealed."""
    length = guess.shape[0]
    keep = np.empty(rows.shape[0], np.int64)
    m = 0
    for i in range(rows.shape[0]):
        w = letters[rows[i]]
        ok = True
        for p in range(length):
            if pattern[p] == 2 and w[p] != guess[p]:
                ok = False
                break
        if ok:
            for p in range(length):
                if pattern[p] == 0:
                    continue
                need = 0
                for q in range(length):
                    if pattern[q] != 0 and guess[q] == guess[p]:
                        need += 1
                have = 0
                for q in range(length):
                    if w[q] == guess[p]:
                        have += 1
                if have < need:
                    ok = False
                    break
        if ok:
            keep[m] = rows[i]
            m += 1
    return keep[:m]


# --------------------------------------------------------------------------- search


def part_bound(k: int, r: int, strict: bool) -> int:
    """Least cost of a part of ``k`` secrets with ``r`` turns left within the cap
    (the ``2k - 1`` bound; :meth:`Search._part_floor` adds the fill bound)."""
    if k == 1:
        return 1 if r >= 1 else (INF if strict else 1 + LATE)
    if r >= 2:
        return 2 * k - 1
    if strict:
        return INF
    if r == 1:
        return 1 + (k - 1) * (2 + LATE)
    return 2 * k - 1 + k * LATE


def fill_costs(n: int, branch: int) -> np.ndarray:
    """``F[k]`` for ``k`` in 0..n: the least total turns of ``k`` secrets when
    a guess leaves at most ``branch`` parts besides the win (the ``t``-th guess
    solves at most ``branch^(t-1)`` of them):

    >>> fill_costs(6, 2).tolist()   # 1 + 2*2 + 3*3 for six secrets
    [0, 1, 3, 5, 8, 11, 14]
    """
    out = np.zeros(n + 1, dtype=np.int64)
    k, t, width = 0, 1, 1
    while k < n:
        take = min(width, n - k)
        out[k + 1: k + take + 1] = out[k] + t * np.arange(1, take + 1)
        k += take
        t += 1
        width *= max(branch, 1)
    return out


def fill_capacity(r: int, branch: int) -> int:
    """Most secrets any tree solves within ``r`` guesses: 1 + B + ... + B^(r-1)."""
    return sum(branch ** t for t in range(max(r, 0))) if branch > 1 else max(r, 0)


def ordering(name: str) -> Heuristic:
    """The heuristic that orders (and with ``top`` limits) the moves after the bound:
    ``bound`` (the bound, then entropy) or any of :data:`generator.core.scoring.HEURISTICS`."""
    if name == "bound":
        return lambda s: (np.round(s.klogk, 9),)
    if name in HEURISTICS:
        return HEURISTICS[name]
    raise ExactError(f"unknown heuristic {short(name)!r} (expected bound or one of: {', '.join(HEURISTICS)})")


@dataclass
class Counters:
    positions: int = 0   # positions searched (not answered from the memo or a closed form)
    work: int = 0        # (guess, candidate) pairs scored: the search's effort, machine-independent
    moves: int = 0       # moves evaluated
    memo_hits: int = 0


@dataclass
class Search:
    """A branch-and-bound search over one set-up's feedback matrix.

    Parameters
    ----------
    matrix
        guesses x answers pattern codes.
    turns
        the cap: every secret within this many turns (the root has them all).
    rows
        the guesses allowed at the root (default all); in hard mode the search
        narrows them after every guess.
    hard
        Wordle hard mode.
    top
        search only the ``top`` best moves by ``heuristic`` at each position
        (None: every move, the result is proved optimal).
    heuristic
        the name of the ordering heuristic (see :func:`ordering`).
    fewest_late
        allow secrets past the cap, fewest first (see the module docstring).
    """

    matrix: Matrix
    turns: int
    rows: np.ndarray | None = None
    hard: bool = False
    top: int | None = None
    heuristic: str = "bound"
    fewest_late: bool = False
    counters: Counters = field(default_factory=Counters)
    max_work: int | None = None

    def __post_init__(self) -> None:
        m = self.matrix
        self.all_rows = (np.arange(len(m.guesses), dtype=np.int64) if self.rows is None
                         else np.asarray(self.rows, dtype=np.int64))
        self.strict = not self.fewest_late
        self.score = ordering(self.heuristic)
        self.exact: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.lower: dict[tuple[Any, ...], int] = {}
        # a candidate can always be guessed (hard mode and same-start keep candidates)
        allowed = np.zeros(len(m.guesses), dtype=bool)
        allowed[self.all_rows] = True
        self.guessable = (m.answer_as_guess >= 0) & allowed[np.maximum(m.answer_as_guess, 0)]
        self.letters = np.ascontiguousarray(m.guesses.codes, dtype=np.int64)
        self.dead_end: str | None = None
        self._stuck = False
        self.root_cols = np.arange(len(m.answers), dtype=np.int64)
        # the fill bound: at most `branch` parts besides the win after any guess
        self.branch = m.patterns_seen(self.all_rows)
        self.fill = fill_costs(len(m.answers) + 1, self.branch)
        self.capacity = [fill_capacity(r, self.branch) for r in range(self.turns + 2)]

    # ---- public

    def solve_root(self, cols: np.ndarray | None = None, opener: int | None = None,
                   beta: int = INF) -> int:
        """Cost of the best tree for secrets ``cols`` (default all), first guess
        ``opener`` if given; :data:`INF` if the cap cannot be met. With ``beta``
        the cost if below it, else a lower bound at least ``beta``."""
        cols = self.root_cols if cols is None else np.sort(np.asarray(cols, dtype=np.int64))
        self.root_cols = cols
        self.opener = opener
        if opener is None:
            return self.solve(cols, self.turns, beta, (), self.all_rows)
        return self.play(opener, cols, self.turns, beta, (), self.all_rows)

    def solve(self, cols: np.ndarray, r: int, beta: int, state: State, rows: np.ndarray) -> int:
        """The cost of position (``cols``, ``r`` turns left) if it is below
        ``beta``, else a lower bound that is at least ``beta``."""
        n = len(cols)
        if n == 1:
            return part_bound(1, r, self.strict)
        if self.strict and r <= 1:
            return INF
        if n == 2 and self.guessable[cols].all():
            return self._pair_cost(r)
        key = (cols.tobytes(), r, state)
        hit = self.exact.get(key)
        if hit is not None:
            self.counters.memo_hits += 1
            return hit[0]
        known = self.lower.get(key, 0)
        if known >= beta:
            self.counters.memo_hits += 1
            return known
        self.counters.positions += 1
        self.counters.work += n * len(rows)
        if self.max_work is not None and self.counters.work > self.max_work:
            raise OutOfBudget(self.counters.work)
        order, bounds, quick, floor = self._moves(cols, r, rows, beta)
        if floor >= INF:
            if self._stuck and self.dead_end is None:
                self.dead_end = self._describe(cols, state)
            self.exact[key] = (INF, -1)
            return INF
        if floor >= beta:  # (every move is bounded at beta or more when none is left)
            self.lower[key] = max(known, floor)
            return floor
        best, best_row = self._try(order, bounds, quick, floor, cols, r, beta, state, rows)
        if best < beta:
            self.exact[key] = (best, best_row)
            return best
        self.lower[key] = max(known, beta)
        return beta

    def _try(self, order: np.ndarray, bounds: np.ndarray, quick: np.ndarray, floor: int,
             cols: np.ndarray, r: int, beta: int, state: State, rows: np.ndarray) -> tuple[int, int]:
        """The best of the moves ``order`` (cost, row), cut at ``beta``."""
        best, best_row = INF, -1
        for row, lb, q in zip(order.tolist(), bounds.tolist(), quick.tolist()):
            cut = min(best, beta)
            if lb >= cut:
                break
            self.counters.moves += 1
            cost = lb if q else self.play(row, cols, r, cut, state, rows)
            if cost < best:
                best, best_row = cost, row
                if best == floor:
                    break
        return best, best_row

    def play(self, row: int, cols: np.ndarray, r: int, cut: int, state: State, rows: np.ndarray) -> int:
        """Cost of playing guess ``row`` at the position if below ``cut``, else a
        lower bound at least ``cut``."""
        m = self.matrix
        n = len(cols)
        parts = m.split(row, cols)
        total = n
        won = parts.pop(m.green, None)
        if won is not None and r <= 0:
            total += LATE
        if not parts and won is None:
            return INF
        items = sorted(parts.items(), key=lambda kv: -len(kv[1]))
        bounds = [self._part_floor(p, r - 1) for _, p in items]
        rest = sum(bounds)
        if total + rest >= cut:
            return total + rest
        for (code, part), lb in zip(items, bounds):
            rest -= lb
            if len(part) == n:  # no progress: this guess is useless here
                return INF
            sub_state, sub_rows = self._after(row, code, state, rows)
            total += self.solve(part, r - 1, cut - total - rest, sub_state, sub_rows)
            if total + rest >= cut:
                return total + rest
        return total

    def tree(self) -> Tree:
        """The best tree found by the last :meth:`solve_root` (which must have met the cap)."""
        if self.opener is None:
            return self._build(self.root_cols, self.turns, (), self.all_rows)
        return self._build_move(self.opener, self.root_cols, self.turns, (), self.all_rows)

    # ---- internals

    def _pair_cost(self, r: int) -> int:
        # guess one of the two, then the other
        return 3 + (LATE if r <= 0 else 0) + (LATE if r <= 1 else 0)

    def _part_floor(self, part: np.ndarray, r: int) -> int:
        k = len(part)
        lb = part_bound(k, r, self.strict)
        if self.strict and r >= 2 and lb < INF:
            lb = INF if k > self.capacity[min(r, len(self.capacity) - 1)] else max(lb, int(self.fill[k]))
        if k > 2:
            key_lb = self.lower.get((part.tobytes(), r, ()), 0) if not self.hard else 0
            hit = self.exact.get((part.tobytes(), r, ())) if not self.hard else None
            if hit is not None:
                return hit[0]
            lb = max(lb, key_lb)
        return lb

    def _moves(self, cols: np.ndarray, r: int, rows: np.ndarray, beta: int = INF,
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """The moves at a position worth trying below ``beta``: rows in search
        order, their lower bounds, whether the bound is the exact cost (every
        part at most two words), and the least bound of any move (INF: none)."""
        m = self.matrix
        n = len(cols)
        k = len(rows)
        parts = np.empty(k, np.int64)
        wins = np.empty(k, np.int64)
        largest = np.empty(k, np.int64)
        squares = np.empty(k, np.int64)
        klogk = np.empty(k, np.float64)
        phash = np.empty(k, np.uint64)
        if k:
            _moves_kernel(m.codes, rows, cols, m.npatterns, m.green,
                          parts, wins, largest, squares, klogk, phash)
        useful = (parts > 1) | (wins > 0)
        idx = np.flatnonzero(useful)
        self._stuck = not len(idx)
        none = np.empty(0, np.int64)
        if not len(idx):
            return none, none, none, INF
        stats = PartStats(largest[idx], parts[idx], squares[idx], klogk[idx], wins[idx], n)
        bounds = self._bounds(n, r, stats)
        floor = int(bounds.min())
        ok = bounds < INF
        if self.top is None:
            ok &= bounds < beta  # the others are never tried (the limited choice must not depend on beta)
        idx, bounds = idx[ok], bounds[ok]
        if not len(idx):
            return none, none, none, floor
        stats = PartStats(largest[idx], parts[idx], squares[idx], klogk[idx], wins[idx], n)
        keys = self.score(stats) + (-stats.wins, rows[idx])
        # guesses that make the same partition are one move (not in hard mode,
        # where what a guess leaves allowed depends on its letters)
        if self.top is not None:
            chosen = self._best(keys, phash[idx], self.top)
        elif not self.hard:
            _, chosen = np.unique(phash[idx], return_index=True)
        else:
            chosen = np.arange(len(idx))
        sel = np.lexsort(tuple(reversed((bounds[chosen],) + tuple(k[chosen] for k in keys))))
        chosen = chosen[sel]
        g = idx[chosen]
        # every part at most two words (each guessable, turns enough): the bound is exact
        small = largest[g] <= 2
        if not self.guessable[cols].all() or (r - 1 < 2 and self.strict):
            small &= largest[g] <= 1
        if r - 1 < 2 and not self.strict:
            small[:] = False
        return rows[g], bounds[chosen], small, floor

    def _best(self, keys: tuple[np.ndarray, ...], phash: np.ndarray, top: int) -> np.ndarray:
        """Positions of the ``top`` best moves by ``keys`` (distinct partitions
        unless hard mode). Sorts only the moves whose first key is among the
        smallest when that is enough (the same result as sorting them all)."""
        k0 = keys[0]
        want = 4 * top
        if len(k0) > 2 * want:
            kth = np.partition(k0, want)[want]
            cand = np.flatnonzero(k0 <= kth)
            order = cand[np.lexsort(tuple(reversed(tuple(k[cand] for k in keys))))]
            if not self.hard:
                _, first = np.unique(phash[order], return_index=True)
                order = order[np.sort(first)]
            if len(order) >= top:
                return order[:top]
        order = np.lexsort(tuple(reversed(keys)))
        if not self.hard:
            _, first = np.unique(phash[order], return_index=True)
            order = order[np.sort(first)]
        return order[:top]

    def _bounds(self, n: int, r: int, s: PartStats) -> np.ndarray:
        """Lower bound of each move's cost (see :func:`part_bound`)."""
        p, w = s.parts, s.wins
        nonwon = p - w
        if r - 1 >= 2:
            if not self.strict:
                loose: np.ndarray = 3 * n - p - w
                return loose
            # the fill bound with the parts as even as possible; INF if the
            # largest cannot be solved within the turns left
            q = np.maximum(nonwon, 1)
            rest = n - w
            base, extra = rest // q, rest % q
            fill = self.fill
            bound = n + extra * fill[np.minimum(base + 1, len(fill) - 1)] + (q - extra) * fill[base]
            bound = np.maximum(bound, 3 * n - p - w)
            cap = self.capacity[min(r - 1, len(self.capacity) - 1)]
            out: np.ndarray = np.where(s.largest > cap, INF, bound)
            return out
        if r - 1 == 1:
            if self.strict:
                out = np.where(s.largest == 1, 2 * n - w, INF)
                return out
            late: np.ndarray = n + nonwon + (n - p) * (2 + LATE)
            return late
        if self.strict:
            return np.full(len(p), INF, dtype=np.int64)
        past: np.ndarray = 3 * n - p - w + LATE * (n - w) + (LATE * w if r <= 0 else 0)
        return past

    def _after(self, row: int, code: int, state: State, rows: np.ndarray) -> tuple[State, np.ndarray]:
        """Hard mode: the state and allowed rows after ``row`` got pattern ``code``."""
        if not self.hard:
            return (), rows
        pattern = self.matrix.pattern(code)
        marks = np.array([2 if c == GREEN else 1 if c == YELLOW else 0 for c in pattern], dtype=np.int64)
        guess = self.letters[row]
        sub = _hard_filter(self.letters, rows, guess, marks)
        greens = list(state[0]) if state else [-1] * len(guess)
        need = dict(state[1]) if state else {}
        here: dict[int, int] = {}
        for i, mark in enumerate(marks):
            if mark == 2:
                greens[i] = int(guess[i])
            if mark:
                here[int(guess[i])] = here.get(int(guess[i]), 0) + 1
        for letter, times in here.items():
            need[letter] = max(need.get(letter, 0), times)
        return (tuple(greens), tuple(sorted(need.items()))), sub

    def _describe(self, cols: np.ndarray, state: State) -> str:
        m = self.matrix
        words = [m.answer_word(int(c)) for c in cols[:6]]
        more = f" and {len(cols) - 6} more" if len(cols) > 6 else ""
        rule = ""
        if state:
            letters = m.guesses.alphabet.letters
            greens = "".join(letters[g] if g >= 0 else "." for g in state[0])
            need = ", ".join(f"{letters[x]}" + (f" x{t}" if t > 1 else "") for x, t in state[1])
            rule = f" (hard mode: greens {greens}, must play {need})"
        return f"no allowed guess separates the {len(cols)} secrets {' '.join(words)}{more}{rule}"

    def _build(self, cols: np.ndarray, r: int, state: State, rows: np.ndarray) -> Tree:
        m = self.matrix
        n = len(cols)
        if n == 1:
            return m.answer_word(int(cols[0]))
        if n == 2 and self.guessable[cols].all():
            a, b = (int(c) for c in cols)
            return Node(m.answer_word(a), {m.pattern(int(m.codes[m.answer_as_guess[a], b])): m.answer_word(b)})
        hit = self.exact.get((cols.tobytes(), r, state))
        if hit is None or hit[1] < 0:
            # solved by the exact bound without storing: search it again (cheap)
            self.solve(cols, r, INF, state, rows)
            hit = self.exact.get((cols.tobytes(), r, state))
            if hit is None or hit[1] < 0:
                raise ExactError(f"internal: position of {n} secrets has no solution stored")
        return self._build_move(hit[1], cols, r, state, rows)

    def _build_move(self, row: int, cols: np.ndarray, r: int, state: State, rows: np.ndarray) -> Tree:
        m = self.matrix
        node = Node(m.guess_word(row))
        for code, part in m.split(row, cols).items():
            if code == m.green:
                continue
            sub_state, sub_rows = self._after(row, code, state, rows)
            node.next[m.pattern(code)] = self._build(part, r - 1, sub_state, sub_rows)
        return node


# --------------------------------------------------------------------------- options


class OutOfBudget(Exception):
    """Raised inside a search that has scored more (guess, candidate) pairs than allowed."""


@dataclass(frozen=True)
class Options:
    """How to search.

    ``top``: the N best moves per position by ``heuristic`` (None: all, proved);
    ``cap``: the worst case (None: the game's turns); ``fewest_late``: allow
    secrets past the cap, fewest first; ``max_work``: give up (raise
    :class:`OutOfBudget`) after scoring this many (guess, candidate) pairs in
    one search (a budget that does not depend on the machine).
    """

    top: int | None = None
    heuristic: str = "bound"
    cap: int | None = None
    fewest_late: bool = False
    max_work: int | None = None


def make_search(matrix: Matrix, game: Game, rows: np.ndarray, options: Options) -> Search:
    s = Search(matrix, turns=options.cap or game.turns, rows=rows,
               hard=game.guess_rule is GuessRule.HARD, top=options.top,
               heuristic=options.heuristic, fewest_late=options.fewest_late)
    s.max_work = options.max_work
    return s
