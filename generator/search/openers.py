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


@kernel(parallel=True)
def _pair_kernel(sub, firsts, visit, npat, limit, bound, cut_over, cut_sq,  # type: ignore[no-untyped-def]
                 best_over, best_sq, best_b, hits):
    """For each first opener ``a`` (a row of ``sub``: its codes for the
    secrets), the best second opener ``b > a``:
    fewest oversized groups, then least sum of squared group sizes, then
    smallest b.

    The partners are tried in the order ``visit`` (promising ones first, so
    the best so far is soon hard to beat), and a pair is abandoned as soon as
    it has more oversized groups than ``bound`` or than the best partner so
    far, or as many and a sum of squares sure to be larger (each word still
    to count adds at least 1). The words are visited largest first-opener group
    first, so most pairs fail within a few words; the second opener's codes
    are counted one first-opener group at a time (``npat`` counters).
    Only the first openers ``firsts`` are scanned, and a partner must be at
    least as good as (``cut_over``, ``cut_sq``) to count: ``best_b[a]`` is
    ``rows.shape[0]`` where none is. ``hits[a]`` counts the partners that
    were the best so far when found.
    """
    n = sub.shape[1]
    m = sub.shape[0]
    for j in prange(firsts.shape[0]):
        a = firsts[j]
        r1 = sub[a]
        # visit words of r1's largest groups first
        c1 = np.zeros(npat, np.int32)
        for i in range(n):
            c1[r1[i]] += 1
        size = np.empty(n, np.int64)
        for i in range(n):
            size[i] = -c1[r1[i]] * npat - r1[i]
        order = np.argsort(size, kind="mergesort")
        word = np.empty(n, np.int64)
        bounds = np.empty(n + 1, np.int64)
        ng = 0
        for i in range(n):
            word[i] = order[i]
            if i == 0 or size[order[i]] != size[order[i - 1]]:
                bounds[ng] = i
                ng += 1
        bounds[ng] = n
        counts = np.zeros(npat, np.int32)
        bo = min(bound, cut_over)
        bs = cut_sq
        bb = m
        h = 0
        for v in range(visit.shape[0]):
            b = visit[v]
            if b <= a:
                continue
            r2 = sub[b]
            o = 0
            sq = 0
            ok = True
            for g in range(ng):
                lo = bounds[g]
                hi = bounds[g + 1]
                stop = hi
                for i in range(lo, hi):
                    c = r2[word[i]]
                    counts[c] += 1
                    k = counts[c]
                    sq += 2 * k - 1
                    if k == limit + 1:
                        o += 1
                    # every word still to count adds at least 1 to the sum
                    if o > bo or (o == bo and sq + (n - 1 - i) > bs):
                        ok = False
                        stop = i + 1
                        break
                for i in range(lo, stop):
                    counts[r2[word[i]]] = 0
                if not ok:
                    break
            if ok and (o < bo or sq < bs or b < bb):  # (o, sq, b) is the best so far
                h += 1
                bo = o
                bs = sq
                bb = b
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


PAIR_PROBE = 64  # first openers scanned before the others, to set the cut


def pair_scan(matrix: Matrix, cols: np.ndarray, rows: np.ndarray, limit: int,
              bound: int, keep: int = 8) -> tuple[list[Scored], int]:
    """The best ``keep`` unordered pairs of allowed words with at most
    ``bound`` oversized groups, best first, each the best partner of its
    first word, and a count that is 0 exactly when no pair is within the
    bound (which proves it).

    The first words that split the secrets most finely alone are scanned
    first (:data:`PAIR_PROBE` of them); the ``keep``-th best of their pairs is
    a cut no pair of the final best ``keep`` can be worse than, so the other
    first words drop every partner worse than the cut as soon as it is sure
    to be. The result is that of a scan of every pair.
    """
    rows = np.ascontiguousarray(np.sort(rows), dtype=np.int64)
    m = len(rows)
    if m < 2:
        return [], 0
    cols = np.ascontiguousarray(cols, dtype=np.int64)
    # partners (and first words) that split the words finely alone first
    _, _, squares = group_scan(matrix, (), cols, rows, limit)
    visit = np.lexsort((np.arange(m), squares)).astype(np.int64)
    best_over = np.full(m, bound + 1, np.int64)
    best_sq = np.zeros(m, np.int64)
    best_b = np.full(m, m, np.int64)
    hits = np.zeros(m, np.int64)

    # the codes of these guesses for these secrets, in one block: every first
    # word reads all of it, which then stays in the cache
    sub = np.ascontiguousarray(matrix.codes[np.ix_(rows, cols)])

    def scan(firsts: np.ndarray, cut: tuple[int, int]) -> None:
        _pair_kernel(sub, firsts, visit, matrix.npatterns, limit, bound, cut[0], cut[1],
                     best_over, best_sq, best_b, hits)

    probe = visit[:PAIR_PROBE]
    scan(probe, (bound + 1, 1 << 62))
    found = sorted((int(best_over[a]), int(best_sq[a])) for a in probe if best_b[a] < m)
    rest = np.sort(visit[PAIR_PROBE:])  # in row order: the threads' shares cost alike
    scan(rest, found[keep - 1] if len(found) >= keep else (bound + 1, 1 << 62))
    out = [Scored((int(rows[a]), int(rows[best_b[a]])), int(best_over[a]), int(best_sq[a]))
           for a in range(m) if best_b[a] < m]
    return sorted(out, key=lambda x: x.key)[:keep], int(hits.sum())


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
