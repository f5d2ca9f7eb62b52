"""The moves of the exact search (:mod:`generator.search.exact`): which
guesses are worth trying at a position, in which order, and the bounds
behind that choice.

:class:`MoveScan` scores every allowed guess against a position's secrets
in one kernel call (:func:`~generator.search.exact_kernels.scan_kernel`)
and bounds each move (:func:`~generator.search.exact_kernels.move_bound`,
with the fill bound of :func:`fill_costs`):

* **a quick precheck**: a bit-parallel kernel counts each guess's parts and
  win, enough to bound every move; a position whose moves all reach the cut
  (strictly, also one with no tree within the cap) is left there, before
  the full statistics;
* **narrowed rows**: below a position only one guess per distinct partition
  of its useful guesses is scanned (a guess splitting a set like another
  splits every subset like it; one leaving the set whole leaves every subset
  whole); the rows narrowed at the last positions asked are kept, also
  across :meth:`~generator.search.exact.Search.reset` (jobs replay their paths from the root);
* **symmetry** (``symmetric``, Mastermind): of the moves that a permutation
  of the symbols and positions keeping the candidates maps onto each other,
  only the first is searched;
* **moves**: guesses that make the same partition of the candidates are one
  move (except in hard mode, where they leave different guesses allowed);
  moves are ordered by the bound, then a heuristic of
  :mod:`generator.core.scoring` (:func:`ordering`), the wins and the row.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from generator.core.ids import short
from generator.core.partition import Matrix, PartStats
from generator.core.scoring import HEURISTICS, Heuristic
from generator.search.cost import INF
from generator.search.exact_kernels import (
    answer_keys,
    first_distinct,
    local_floor_kernel,
    move_bounds,
    quick_floor_kernel,
    scan,
)
from generator.search.exact_rule_kernels import orbit_firsts
from generator.search.exact_rules import ExactError, Symmetry


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
    """Most secrets any tree solves within ``r`` guesses: 1 + B + ... + B^(r-1),
    at most :data:`INF` (many turns would pass what a kernel's int64 holds).

    >>> fill_capacity(3, 10), fill_capacity(40, 243) == INF
    (111, True)
    """
    total = sum(branch ** t for t in range(max(r, 0))) if branch > 1 else max(r, 0)
    return min(total, INF)


def by_bound(stats: PartStats) -> tuple[np.ndarray, ...]:
    """The exact search's own order of the moves after their bound: entropy
    (the least sum of ``k log k`` first; rounded, so that guesses whose sums
    differ only by rounding keep the order of the keys after it)."""
    return (np.round(stats.klogk, 9),)


def ordering(name: str) -> Heuristic:
    """The heuristic named ``name``, to order (and with ``top`` limit) the
    moves after the bound: ``bound`` (:func:`by_bound`) or any of
    :data:`generator.core.scoring.HEURISTICS`."""
    if name == "bound":
        return by_bound
    if name in HEURISTICS:
        return HEURISTICS[name]
    raise ExactError(f"unknown heuristic {short(name)!r} (expected bound or one of: {', '.join(HEURISTICS)})")


class Moves(NamedTuple):
    """The moves of a position worth trying below a cut (:meth:`MoveScan.scan`)."""

    rows: np.ndarray    # the guess rows, in search order
    bounds: np.ndarray  # their lower bounds
    solved: np.ndarray  # whether the bound is the move's cost (every part at most two words)
    floor: int          # the least bound of any move (INF: none meets the cap)
    below: np.ndarray   # the rows passed on below the position (narrowed)
    stuck: bool = False  # no guess is useful (a hard-mode dead end)
    below_parts: np.ndarray | None = None  # the parts each of them makes of the position's secrets


class MoveScan:
    """The moves of a search's positions: its matrix and allowed guesses,
    its objective (``strict``: every secret within the cap), its move limit
    ``top`` and the heuristic ``score`` that orders moves of the same
    bound (:func:`ordering`), and which shortcuts it takes (``narrow``,
    ``precheck``; see :class:`~generator.search.exact.Shortcut`)."""

    def __init__(self, matrix: Matrix, rows: np.ndarray, turns: int, *, strict: bool, top: int | None,
                 hard: bool, score: Heuristic, narrow: bool, precheck: bool, symmetry: Symmetry | None,
                 guessable: np.ndarray, letters: np.ndarray) -> None:
        self.strict, self.top, self.hard, self.narrow, self.precheck = strict, top, hard, narrow, precheck
        self.symmetry, self.guessable, self.letters = symmetry, guessable, letters
        self.score = score
        self.by_answer, self.keys = matrix.by_answer, answer_keys(len(matrix.answers))
        self.npatterns, self.green = matrix.npatterns, matrix.green  # (properties: read millions of times)
        # the fill bound: at most `branch` parts besides the win after any guess
        self.branch = matrix.patterns_seen(rows)
        self.fill = fill_costs(len(matrix.answers) + 1, self.branch)
        self.capacity = [fill_capacity(r, self.branch) for r in range(turns + 2)]

    def cap(self, r: int) -> int:
        """The most secrets any tree solves with ``r`` turns left (none below one)."""
        return int(self.capacity[min(max(r, 0), len(self.capacity) - 1)])

    def scan(self, cols: np.ndarray, r: int, rows: np.ndarray, beta: int = INF, narrowing: bool = False) -> Moves:
        """The moves at a position worth trying below ``beta``, and the rows
        worth keeping below it: one per partition of ``cols`` among the useful
        ones (hard mode: every useful one), since a guess that splits ``cols``
        like another splits any subset like it too, and one that leaves
        ``cols`` whole leaves any subset whole (with ``narrowing`` always,
        else not when the quick precheck cuts the position).

        The precheck runs below a finite ``beta``, and strictly also without
        one: a proof that no tree meets the cap finds most positions it
        scans without one (94 % in the English TV-rule m)."""
        n, k = len(cols), len(rows)
        none = np.empty(0, np.int64)
        if self.precheck and k and not narrowing and (beta < INF // 2 or self.strict):
            floor, useful = self.quick_floor(cols, r, rows, beta - 1)
            if floor >= beta:
                return Moves(none, none, none, floor, none, not useful)
        largest, parts, squares, klogk, wins, phash = scan(self.by_answer, rows, cols, self.npatterns, self.green,
                                                           self.keys)
        idx = np.flatnonzero((parts > 1) | (wins > 0))
        if not len(idx):
            return Moves(none, none, none, INF, none, True)
        if not self.hard and self.top is None:
            idx = idx[first_distinct(phash[idx])]
        below, below_parts = (rows[idx], parts[idx]) if self.narrow and not self.hard else (rows, parts)
        bounds = move_bounds(n, r, parts[idx], wins[idx], largest[idx], self.strict, self.fill, self.cap(r - 1))
        floor = int(bounds.min())
        ok = bounds < INF
        if self.top is None:
            ok &= bounds < beta  # the others are never tried (the limited choice must not depend on beta)
        idx, bounds = idx[ok], bounds[ok]
        if self.symmetry is not None and self.top is None and len(idx) > 1:
            keep = orbit_firsts(self.letters, rows[idx], cols, *self.symmetry)
            idx, bounds = idx[keep], bounds[keep]
        if not len(idx):
            return Moves(none, none, none, floor, below, below_parts=below_parts)
        chosen = self._order(PartStats(largest[idx], parts[idx], squares[idx], klogk[idx], wins[idx], n),
                             bounds, phash[idx], rows[idx])
        g = idx[chosen]
        # every part at most two words (each guessable, turns enough): the bound is exact
        most = 0 if r - 1 < 2 and not self.strict else 1 if r - 1 < 2 or not self.guessable[cols].all() else 2
        return Moves(rows[g], bounds[chosen], largest[g] <= most, floor, below, below_parts=below_parts)

    def _order(self, stats: PartStats, bounds: np.ndarray, phash: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """The moves in search order: by bound, then the heuristic, then the
        wins and the row; with ``top`` only the best by the heuristic (guesses
        that make the same partition are one move, except in hard mode where
        what a guess leaves allowed depends on its letters)."""
        keys = self.score(stats) + (-stats.wins, rows)
        chosen = self._best(keys, phash, self.top) if self.top is not None else np.arange(len(rows))
        return chosen[np.lexsort(tuple(reversed((bounds[chosen],) + tuple(k[chosen] for k in keys))))]

    def quick_floor(self, cols: np.ndarray, r: int, rows: np.ndarray, enough: int = -1) -> tuple[int, bool]:
        """A lower bound of every move's bound at a position from the number
        of parts and wins alone (:func:`quick_floor_kernel`), enough to cut a
        position whose moves all reach ``beta`` without their other
        statistics (INF when no guess is useful), and whether any guess is.
        The bound may stop at any value up to ``enough`` once the guesses
        looked at reach it (a caller that needs no less)."""
        floor, useful = quick_floor_kernel(self.by_answer, rows, cols, self.npatterns, self.green,
                                           self.fill, self.cap(r - 1), r, self.strict, enough)
        return (int(floor) if useful else INF), bool(useful)

    def local_floor(self, local: np.ndarray, most: np.ndarray, kept: np.ndarray, at: np.ndarray, r: int,
                    enough: int) -> tuple[int, bool]:
        """:meth:`quick_floor` of a part from its position's codes
        (:func:`local_floor_kernel`: ``local`` the codes of the guesses to
        scan against the position's secrets, most parts first, ``most`` the
        parts each makes of them, ``kept`` which to scan, ``at`` the part's
        places among them)."""
        floor, useful = local_floor_kernel(local, most, kept, at, self.npatterns, self.green, self.fill,
                                           self.cap(r - 1), r, self.strict, enough)
        return (int(floor) if useful else INF), bool(useful)

    def _best(self, keys: tuple[np.ndarray, ...], phash: np.ndarray, top: int) -> np.ndarray:
        """Positions of the ``top`` best moves by ``keys`` (distinct partitions
        unless hard mode). Sorts only the moves whose first key is among the
        smallest when that is enough (the same result as sorting them all)."""
        k0 = keys[0]
        want = 4 * top
        if len(k0) > 2 * want:
            cand = np.flatnonzero(k0 <= np.partition(k0, want)[want])
            order = self._distinct(cand[np.lexsort(tuple(reversed(tuple(k[cand] for k in keys))))], phash)
            if len(order) >= top:
                return order[:top]
        return self._distinct(np.lexsort(tuple(reversed(keys))), phash)[:top]

    def _distinct(self, order: np.ndarray, phash: np.ndarray) -> np.ndarray:
        """``order`` with only the first move of each partition (all in hard mode)."""
        if self.hard:
            return order
        _, first = np.unique(phash[order], return_index=True)
        return order[np.sort(first)]


class FloorRows:
    """The guesses the floors of the parts of a position's moves scan
    (:func:`~generator.search.exact_play.raise_floor`): the rows passed
    below it, those that make the most parts of its secrets ``cols`` first
    (``parts``; None: not known), and, made when a floor first needs them,
    their codes against those secrets, row by row (a part's floor then
    reads each guess's codes from one short row)."""

    def __init__(self, codes: np.ndarray, cols: np.ndarray, rows: np.ndarray, parts: np.ndarray | None) -> None:
        self.codes, self.cols, self.rows, self.parts = codes, cols, rows, parts
        self._local: tuple[np.ndarray, np.ndarray] | None = None
        self._order: np.ndarray | None = None
        self._every: np.ndarray | None = None

    def order(self) -> np.ndarray:
        """The rows' order in :meth:`local`: most parts first (made when a floor is first raised)."""
        if self._order is None:
            self._order = (np.lexsort((self.rows, -self.parts)) if self.parts is not None
                           else np.arange(len(self.rows)))
        return self._order

    def local(self) -> tuple[np.ndarray, np.ndarray]:
        """The codes of the rows, most parts first, and those parts."""
        if self._local is None:
            parts = np.full(len(self.rows), len(self.cols)) if self.parts is None else self.parts
            order = self.order()
            rows = self.rows[order]
            whole = len(self.cols) == self.codes.shape[1]  # every secret (a root): the rows alone
            codes = self.codes[rows] if whole else self.codes[np.ix_(rows, self.cols)]
            self._local = np.ascontiguousarray(codes), np.ascontiguousarray(parts[order], dtype=np.int64)
        return self._local

    def kept(self, allowed: np.ndarray | None) -> np.ndarray:
        """Which rows, in the order of :meth:`local`, a part's floor scans:
        every one, or those of ``allowed`` (hard mode: the guesses the
        part's position allows)."""
        if allowed is None:
            if self._every is None:
                self._every = np.ones(len(self.rows), np.uint8)
            return self._every
        return np.isin(self.rows[self.order()], allowed, assume_unique=True).view(np.uint8)

    def places(self, part: np.ndarray) -> np.ndarray:
        """The places of ``part``'s secrets among the position's."""
        return np.searchsorted(self.cols, part)
