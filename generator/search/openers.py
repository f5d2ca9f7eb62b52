"""Searching fixed opening words: the engine of the human scheme.

A player who memorizes ``k`` openers plays them whatever the feedback; the
secrets are then split into **groups**, one per combination of the openers'
feedback. A group is *small enough* when it holds no more words than turns
left (``turns - k``): the player can then simply try its words. A larger
group is **oversized**: it needs an exception move.

This module finds opener sets with few oversized groups:

* :func:`single_scan` scores every allowed word as the only opener
  (exhaustive, so its minimum is proved);
* :func:`pair_scan` scores every unordered pair, with an early exit as soon
  as a pair has more oversized groups than the bound asked for (exhaustive
  under that bound, so "no pair does better" is proved too);
* :func:`hill_climb` is steepest-ascent hill climbing with random restarts
  (fixed seed) for any ``k``, as the 1992 paper did for three openers.

All three share one objective per opener set: ``(oversized, squares)``,
the number of oversized groups and then the sum of squared group sizes.
Groups may first be split by a **base** key (e.g. the start letter, for
openers shared by all letters).
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from generator.core.partition import Matrix


@numba.njit(cache=True, parallel=True, nogil=True)
def _group_kernel(codes, rows, cols, base, nbase, npat, limit, over, largest, squares):  # type: ignore[no-untyped-def]
    """For each guess in ``rows``: group ``cols`` by (base[c], code) and
    count groups larger than ``limit``, the largest group, sum of squares."""
    for r in numba.prange(rows.shape[0]):
        row = codes[rows[r]]
        counts = np.zeros(nbase * npat, np.int32)
        o = 0
        big = 0
        for i in range(cols.shape[0]):
            key = base[i] * npat + row[cols[i]]
            counts[key] += 1
            k = counts[key]
            if k == limit + 1:
                o += 1
            if k > big:
                big = k
        sq = 0
        for i in range(cols.shape[0]):
            key = base[i] * npat + row[cols[i]]
            k = counts[key]
            sq += k * k
            counts[key] = 0
        over[r] = o
        largest[r] = big
        squares[r] = sq


@numba.njit(cache=True, parallel=True, nogil=True)
def _pair_kernel(codes, rows, cols, npat, limit, bound, best_over, best_sq, best_b, hits):  # type: ignore[no-untyped-def]
    """For each first opener rows[a], the best second opener rows[b], b > a.

    Pairs with more than ``bound`` oversized groups (or more than the best
    partner so far) are abandoned early; the words are visited largest
    first-opener group first, so most bad pairs fail within a few words.
    ``hits[a]`` counts the partners that were the best so far when found: it
    is 0 exactly when no partner is within the bound.
    """
    n = cols.shape[0]
    for a in numba.prange(rows.shape[0]):
        r1 = codes[rows[a]]
        # visit words of r1's largest groups first
        c1 = np.zeros(npat, np.int32)
        for i in range(n):
            c1[r1[cols[i]]] += 1
        size = np.empty(n, np.int64)
        for i in range(n):
            size[i] = -c1[r1[cols[i]]] * npat - r1[cols[i]]
        order = np.argsort(size, kind="mergesort")
        key1 = np.empty(n, np.int64)
        for i in range(n):
            key1[i] = r1[cols[order[i]]] * npat
        counts = np.zeros(npat * npat, np.int32)
        bo = bound + 1
        bs = 1 << 62
        bb = -1
        h = 0
        for b in range(a + 1, rows.shape[0]):
            r2 = codes[rows[b]]
            o = 0
            done = 0
            ok = True
            for i in range(n):
                key = key1[i] + r2[cols[order[i]]]
                counts[key] += 1
                done = i + 1
                if counts[key] == limit + 1:
                    o += 1
                    if o > bound or o > bo:
                        ok = False
                        break
            if ok:
                sq = 0
                for i in range(n):
                    key = key1[i] + r2[cols[order[i]]]
                    sq += counts[key]
                h += 1
                if o < bo or (o == bo and sq < bs):
                    bo = o
                    bs = sq
                    bb = b
            for i in range(done):
                counts[key1[i] + r2[cols[order[i]]]] = 0
        best_over[a] = bo
        best_sq[a] = bs
        best_b[a] = bb
        hits[a] = h


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
    key, nbase = dense_keys(matrix, fixed, cols, base)
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    m = len(rows)
    over = np.empty(m, np.int64)
    largest = np.empty(m, np.int64)
    squares = np.empty(m, np.int64)
    if m:
        _group_kernel(matrix.codes, rows, np.ascontiguousarray(cols, dtype=np.int64), key,
                      nbase, matrix.npatterns, limit, over, largest, squares)
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


def pair_scan(matrix: Matrix, cols: np.ndarray, rows: np.ndarray, limit: int,
              bound: int) -> tuple[list[Scored], int]:
    """Every unordered pair of allowed words with at most ``bound`` oversized
    groups: for each first word its best partner, best first, and a count that
    is 0 exactly when no pair is within the bound (which proves it)."""
    rows = np.ascontiguousarray(np.sort(rows), dtype=np.int64)
    m = len(rows)
    best_over = np.empty(m, np.int64)
    best_sq = np.empty(m, np.int64)
    best_b = np.empty(m, np.int64)
    hits = np.empty(m, np.int64)
    if m > 1:
        _pair_kernel(matrix.codes, rows, np.ascontiguousarray(cols, dtype=np.int64),
                     matrix.npatterns, limit, bound, best_over, best_sq, best_b, hits)
    else:
        best_b[:] = -1
        hits[:] = 0
    out = [Scored((int(rows[a]), int(rows[best_b[a]])), int(best_over[a]), int(best_sq[a]))
           for a in range(m) if best_b[a] >= 0]
    return sorted(out, key=lambda x: x.key), int(hits.sum())


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
    plan = list(starts or []) + random_starts(rows, k, restarts, seed)
    optima: list[Scored] = []
    for start in plan:
        optima.append(climb(matrix, start, cols, rows, limit, base))
        distinct_zero = {tuple(sorted(o.rows)) for o in optima if o.oversized == 0}
        if enough and len(distinct_zero) >= enough:
            break
    return best_optima(optima, keep)
