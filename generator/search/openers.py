"""Searching fixed opening words: the engine of the human scheme.

A player who memorizes ``k`` openers plays them whatever the feedback; the
secrets are then split into **groups**, one per combination of the openers'
feedback. A group is *small enough* when it holds no more words than turns
left (``turns - k``): the player can then simply try its words. A larger
group is **oversized**: it needs an exception move.

This module finds opener sets with few oversized groups:

* :func:`single_scan` scores every allowed word as the only opener
  (exhaustive, so its minimum is proved);
* :func:`hill_climb` is steepest-ascent hill climbing with random restarts
  (fixed seed) for any ``k``, as the 1992 paper did for three openers.

Both share one objective per opener set: ``(oversized, squares)``,
the number of oversized groups and then the sum of squared group sizes.
Groups may first be split by a **base** key (e.g. the start letter, for
openers shared by all letters). The exact search of every set of up to three
openers (fewest words to learn) is :mod:`generator.search.learn`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.core.jit import kernel, prange
from generator.core.partition import Matrix


@kernel(parallel=True)
def _group_kernel(codes, rows, cols, bounds, npat, limit, over, largest, squares):  # type: ignore[no-untyped-def]
    """For each guess in ``rows``: split every group of ``cols`` (the words
    ``cols[bounds[g]:bounds[g + 1]]``) by the guess's code and count the parts
    larger than ``limit``, the largest part and the sum of squared part sizes.

    One group at a time, so the counts take ``npat`` entries, not one per
    (group, code): with many groups and long words that product ran to
    hundreds of megabytes a guess.
    """
    for r in prange(rows.shape[0]):
        row = codes[rows[r]]
        counts = np.zeros(npat, np.int32)
        o = 0
        big = 0
        sq = 0
        for g in range(bounds.shape[0] - 1):
            lo = bounds[g]
            hi = bounds[g + 1]
            for i in range(lo, hi):
                c = row[cols[i]]
                counts[c] += 1
                k = counts[c]
                if k == limit + 1:
                    o += 1
                if k > big:
                    big = k
            for i in range(lo, hi):
                c = row[cols[i]]
                k = counts[c]
                sq += k * k
                counts[c] = 0
        over[r] = o
        largest[r] = big
        squares[r] = sq


@dataclass(frozen=True)
class Scored:
    """Objective of an opener set: oversized groups, then sum of squares."""

    rows: tuple[int, ...]
    oversized: int
    squares: int

    @property
    def key(self) -> tuple[int, int, tuple[int, ...]]:
        return (self.oversized, self.squares, self.rows)


def dense_keys(matrix: Matrix, rows: tuple[int, ...], cols: np.ndarray,
               base: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """Group ids (0..m-1) of ``cols`` under the openers ``rows`` (and base)."""
    key = np.zeros(len(cols), dtype=np.int64) if base is None else base.astype(np.int64)
    for r in rows:
        key = key * matrix.npatterns + matrix.codes[r, cols]
        _, key = np.unique(key, return_inverse=True)
    if not rows:
        _, key = np.unique(key, return_inverse=True)
    return key.astype(np.int64), int(key.max()) + 1 if len(key) else 1


def group_scan(matrix: Matrix, fixed: tuple[int, ...], cols: np.ndarray, rows: np.ndarray,
               limit: int, base: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(oversized, largest, squares) for each candidate opener in ``rows``
    added to the fixed openers ``fixed``."""
    key, ngroups = dense_keys(matrix, fixed, cols, base)
    order = np.argsort(key, kind="stable")
    bounds = np.searchsorted(key[order], np.arange(ngroups + 1)).astype(np.int64)
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    m = len(rows)
    over = np.empty(m, np.int64)
    largest = np.empty(m, np.int64)
    squares = np.empty(m, np.int64)
    if m:
        _group_kernel(matrix.codes, rows, np.ascontiguousarray(np.asarray(cols)[order], dtype=np.int64), bounds,
                      matrix.npatterns, limit, over, largest, squares)
    return over, largest, squares


def score(matrix: Matrix, openers: tuple[int, ...], cols: np.ndarray, limit: int,
          base: np.ndarray | None = None) -> Scored:
    """The objective of one opener set."""
    key, _ = dense_keys(matrix, openers, cols, base)
    sizes = np.bincount(key)
    return Scored(tuple(openers), int((sizes > limit).sum()), int((sizes**2).sum()))


def single_scan(matrix: Matrix, cols: np.ndarray, rows: np.ndarray, limit: int,
                base: np.ndarray | None = None) -> list[Scored]:
    """Every allowed word as the only opener, best first."""
    over, _, squares = group_scan(matrix, (), cols, rows, limit, base)
    out = [Scored((int(r),), int(o), int(s)) for r, o, s in zip(rows, over, squares)]
    return sorted(out, key=lambda x: x.key)


def random_starts(rows: np.ndarray, k: int, restarts: int, seed: int) -> list[tuple[int, ...]]:
    """The random starting sets of hill climbing: ``restarts`` sets of ``k``
    distinct rows, drawn by a ``numpy`` generator seeded by ``seed``."""
    rng = np.random.default_rng(seed)
    rows = np.asarray(rows, dtype=np.int64)
    return [tuple(int(x) for x in rng.choice(rows, size=k, replace=False)) for _ in range(restarts)]


def climb(matrix: Matrix, start: tuple[int, ...], cols: np.ndarray, rows: np.ndarray, limit: int,
          base: np.ndarray | None = None) -> Scored:
    """Steepest ascent from one set of openers: the single-word replacement
    that improves the objective most, until none does; the local optimum."""
    rows = np.asarray(rows, dtype=np.int64)
    k = len(start)
    current = score(matrix, tuple(start), cols, limit, base)
    while True:
        best_move = current
        for slot in range(k):
            fixed = current.rows[:slot] + current.rows[slot + 1:]
            over, _, squares = group_scan(matrix, fixed, cols, rows, limit, base)
            i = int(np.lexsort((rows, squares, over))[0])
            cand = Scored(fixed[:slot] + (int(rows[i]),) + fixed[slot:], int(over[i]), int(squares[i]))
            if cand.key[:2] < best_move.key[:2]:
                best_move = cand
        if best_move is current:
            return current
        current = best_move


def best_optima(optima: list[Scored], keep: int) -> list[Scored]:
    """The best ``keep`` distinct local optima, best first (the first of equal
    sets in the given order is kept)."""
    found: dict[tuple[int, ...], Scored] = {}
    for o in optima:
        found.setdefault(tuple(sorted(o.rows)), o)
    return sorted(found.values(), key=lambda x: x.key)[:keep]


def hill_climb(matrix: Matrix, cols: np.ndarray, rows: np.ndarray, k: int, limit: int, *,
               restarts: int = 20, seed: int = 1, base: np.ndarray | None = None,
               starts: list[tuple[int, ...]] | None = None, keep: int = 8,
               enough: int = 0) -> list[Scored]:
    """Steepest-ascent hill climbing over sets of ``k`` openers.

    From each start (the given ``starts``, then :func:`random_starts`), a
    :func:`climb` to its local optimum. Returns the best ``keep`` distinct
    local optima found, best first. With ``enough``, stops once that many
    optima without any oversized group are found. (Each climb is independent:
    a caller may run them as jobs and combine them with :func:`best_optima`.)
    """
    if len(rows) < k:
        return []  # fewer words than openers
    plan = list(starts or []) + random_starts(rows, k, restarts, seed)
    optima: list[Scored] = []
    for start in plan:
        optima.append(climb(matrix, start, cols, rows, limit, base))
        distinct_zero = {tuple(sorted(o.rows)) for o in optima if o.oversized == 0}
        if enough and len(distinct_zero) >= enough:
            break
    return best_optima(optima, keep)
