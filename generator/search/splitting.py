"""Sets of openers that leave no group too large: the scan of sets too many
for :func:`generator.search.learn.fewest_words` to cost one by one.

Where the best known scheme of a letter costs ``k + 1`` words, a set of
``k`` openers beats it only with no exception move at all: every group it
leaves holds at most as many secrets as turns left. That needs no search of
moves, only the groups, and a set can be dropped at the first third secret
(with two turns left) that falls with two others: so every set of ``k``
openers can be scanned even where there are far too many to cost
(``nl``'s K under the free rule, any word: 2.6e10 triples of 5,387 words).

For each pair ``a < b`` the groups of the two openers too large are made
once, largest first, and every third word ``c > b`` is tried on them until
one of its parts is too large; a set that passes is checked whole. The
first words are shared by the threads of the scan as in
:meth:`generator.search.learn.Costs.best_sets`.
"""

from __future__ import annotations

import itertools
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from generator.core import jit
from generator.core.jit import kernel
from generator.search.learn_kernels import _group_bounds, _pair_index, pair_bits

CHUNK = 8  # first words a thread takes at a time
FIRST_MEMBERS = 12  # secrets of the largest group that sift the third words (all triples of them)


@kernel
def _pair_groups(sub, a, b, npat, t, members, bounds):  # type: ignore[no-untyped-def]
    """The groups of openers ``a`` and ``b`` (rows of ``sub``) with more than
    ``t`` secrets, largest first: their secrets in ``members``, group ``g``
    at ``members[bounds[g]:bounds[g + 1]]``; returns how many."""
    n = sub.shape[1]
    keys = np.empty(n, np.int64)
    for s in range(n):
        keys[s] = np.int64(sub[a, s]) * npat + sub[b, s]
    order = np.argsort(keys, kind="mergesort")
    starts = np.empty(n + 1, np.int64)
    ng = _group_bounds(keys, order, starts)
    sizes = starts[1:ng + 1] - starts[:ng]
    big = 0
    bounds[0] = 0
    for g in np.argsort(-sizes, kind="mergesort"):
        if sizes[g] <= t:
            break
        members[bounds[big]:bounds[big] + sizes[g]] = order[starts[g]:starts[g + 1]]
        bounds[big + 1] = bounds[big] + sizes[g]
        big += 1
    return big


@kernel(inline=True)
def _splits(row, members, bounds, big, t, counts):  # type: ignore[no-untyped-def]
    """Whether the word whose codes are ``row`` splits every group of
    ``members`` (see :func:`_pair_groups`) into parts of at most ``t``."""
    for g in range(big):
        ok = True
        i = bounds[g]
        for i in range(bounds[g], bounds[g + 1]):
            code = row[members[i]]
            counts[code] += 1
            if counts[code] > t:
                ok = False
                break
        for j in range(bounds[g], i + 1):
            counts[row[members[j]]] = 0
        if not ok:
            return False
    return True


@kernel
def _survivors(bits, members, bounds, n, m, b, keep):  # type: ignore[no-untyped-def]
    """Mark in ``keep`` (64 words to a number) the words after ``b`` that
    put no three of the first :data:`FIRST_MEMBERS` secrets of the largest
    group in one part (two turns left): a word does where it tells apart
    neither the first and second of the three nor the second and third
    (``bits``: per pair of secrets, the words that tell them apart)."""
    blocks = keep.shape[0]
    for w in range(blocks):
        keep[w] = ~np.uint64(0)
    h = min(bounds[1] - bounds[0], FIRST_MEMBERS)
    for i in range(h):
        for j in range(i + 1, h):
            p = _pair_index(members[i], members[j], n)
            for k in range(j + 1, h):
                q = _pair_index(members[j], members[k], n)
                for w in range(blocks):
                    keep[w] &= bits[p, w] | bits[q, w]
    for w in range(blocks):  # only words after b, and words there are
        lo, hi = w << 6, (w << 6) + 64
        if hi <= b + 1 or lo >= m:
            keep[w] = 0
        else:
            if lo <= b:
                keep[w] &= ~np.uint64(0) << np.uint64(b + 1 - lo)
            if hi > m:
                keep[w] &= ~np.uint64(0) >> np.uint64(hi - m)


@kernel
def triples_after(sub, bits, firsts, t, npat, out):  # type: ignore[no-untyped-def]
    """For each first word ``a`` of ``firsts``: the first triple ``a < b <
    c`` (rows of ``sub``: words x secrets) whose groups hold at most ``t``
    secrets each, ``out[a] = (b, c)``; (-1, -1) where there is none. With
    two turns left and a table ``bits`` of the words that tell each pair of
    secrets apart (see :func:`generator.search.learn_kernels.pair_bits`; no
    rows: none), the third words are first sifted with it."""
    m, n = sub.shape
    members = np.empty(n, np.int64)
    bounds = np.empty(n + 1, np.int64)
    counts = np.zeros(npat, np.int32)
    sift = t == 2 and bits.shape[0] > 0
    keep = np.zeros(bits.shape[1], np.uint64)
    for a in firsts:
        out[a, 0] = -1
        out[a, 1] = -1
        for b in range(a + 1, m):
            big = _pair_groups(sub, a, b, npat, t, members, bounds)
            if sift and big:
                _survivors(bits, members, bounds, n, m, b, keep)
                for w in range(keep.shape[0]):
                    word = keep[w]
                    while word and out[a, 0] < 0:
                        low = word & (~word + np.uint64(1))  # the lowest bit set
                        c = (w << 6) + _bit_index(low)
                        word ^= low
                        if _splits(sub[c], members, bounds, big, t, counts):
                            out[a, 0] = b
                            out[a, 1] = c
            else:
                for c in range(b + 1, m):
                    if _splits(sub[c], members, bounds, big, t, counts):
                        out[a, 0] = b
                        out[a, 1] = c
                        break
            if out[a, 0] >= 0:
                break


@kernel(inline=True)
def _bit_index(low):  # type: ignore[no-untyped-def]
    """The index of the one bit set in ``low``."""
    i = 0
    while low > np.uint64(1):
        low >>= np.uint64(1)
        i += 1
    return i


def small_triple(sub: np.ndarray, t: int, npat: int, bits_most: int) -> tuple[int, int, int] | None:
    """The first triple of rows of ``sub`` (words x secrets, the codes),
    sorted, after which no group holds more than ``t`` secrets; None where
    no triple does. A secret that is an opener is in a group of its own (its
    feedback is all green), so the groups are the feedback's. The table of
    the words that tell pairs of secrets apart is made where it fits in
    ``bits_most`` bytes."""
    sub = np.ascontiguousarray(sub)
    m, n = sub.shape
    blocks, pairs = (m + 63) // 64, n * (n - 1) // 2
    bits = np.zeros((0, 1), np.uint64)
    if t == 2 and pairs * blocks * 8 <= bits_most:
        bits = np.zeros((pairs, blocks), np.uint64)
        pair_bits(sub, bits)
    out = np.full((m, 2), -1, np.int64)
    chunks = [np.arange(i, min(i + CHUNK, m), dtype=np.int64) for i in range(0, m, CHUNK)]
    taken = itertools.count()  # next() on it is atomic
    found = threading.Event()

    def lane(_: int) -> None:
        """Scan chunks of first words in order until one finds a triple."""
        while not found.is_set():
            c = next(taken)
            if c >= len(chunks):
                return
            triples_after(sub, bits, chunks[c], t, npat, out)
            if (out[chunks[c], 0] >= 0).any():
                found.set()

    lanes = jit.threads_at_most()
    with ThreadPoolExecutor(lanes) as pool:
        list(pool.map(lane, range(lanes)))
    hits = np.flatnonzero(out[:, 0] >= 0)
    if not len(hits):
        return None
    a = int(hits[0])  # every chunk before the first hit's was scanned whole
    return a, int(out[a, 0]), int(out[a, 1])
