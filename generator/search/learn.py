"""Fewest words to learn: the exact cost of a human scheme, and its proof.

In the human scheme (:mod:`generator.search.human`) a player learns ``k``
**openers** for a start letter, plays them whatever the feedback, and then
tries the words of the **group** the feedback leaves. A group of more words
than turns left needs an **exception move**: a word to play first, after
which every part is small enough to try, or needs an exception of its own.
The **words to learn** of a set of openers are ``k`` plus the exception
moves of its groups, each group played with the fewest.

This module computes that number exactly, every secret reached within the
turns (:data:`INF` where no exception moves can do it), and searches every
set of up to three openers for the fewest words:

* :class:`Costs` holds one letter's secrets and the words a player may play
  and gives :meth:`Costs.exceptions` of a group with ``t`` turns left. With
  two turns left a move must give every secret of its group its own
  feedback (it **separates** them); with more, the moves are tried fewest
  parts too large first, a branch and bound whose bound is that every part
  too large costs at least one more move.
* :func:`fewest_words` searches every single opener, pair and triple whose
  groups too large (one move each at least) leave it below the best known
  set, in kernels that drop a set as soon as it cannot be better. Every set
  is searched, so the best found is the minimum: the letter's lower bound is
  proved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

import numpy as np

from generator.core.jit import kernel, prange, threads
from generator.core.partition import Matrix
from generator.search.memo import EXACT, LETTER, VALUE, find, key_hash, new_memo, put

INF = 1 << 60  # the cost of a group that cannot be played
LATE = 1 << 40  # the price of a secret reached after the last turn, where that is allowed
UNCOMMON = 1 << 20  # the price of a word outside common use: more than any count of moves
BITS_MOST = 256 << 20  # bytes of the table of the words that separate pairs; above: word by word
MAX_OPENERS = 3  # the scans cover up to three openers
HASH_SEED = 20260  # the memo's random keys of the secrets
HINT_SINGLES = 8  # single openers evaluated first (fewest groups too large): the first bound
SETS_MOST = 200_000_000  # most sets of k openers searched (a scan of 10^8 triples takes about a minute)
#: the work the searches of single openers (and of late secrets) of one tier
#: of words may do: at every group searched with three or more turns left,
#: its secrets times the words that may be played, about 10^8 a second with
#: the searches below it. A search past it stops, with the best scheme found
#: and the lower bound it proved
BUDGET = 100_000_000_000
#: where no set of openers found plays every secret in time, the search of
#: every single opener tells whether any can with a share of the budget
#: (past it the tier of words is given up as unproved: rarer words, or
#: late secrets, are searched next)
OUT_SHARE = 10


# -- kernels -----------------------------------------------------------------------
#
# A letter's data travels to the kernels as one tuple ``lx`` (see Costs.lx):
# ``sub`` (words x secrets, the codes), ``bits`` (per pair of secrets, the
# words that tell them apart, 64 to a number; no rows: no table), ``price``
# (per word, what playing it costs beyond one move: 0, or UNCOMMON for a word
# outside common use), ``cheap`` (the words of price 0, 64 to a number),
# ``hkeys`` (per secret, its random key in the memo's hash) and ``late`` (one
# number: the price of a secret reached after the last turn, INF where none may be).


@kernel(parallel=True)
def _pair_bits_kernel(sub, bits):  # type: ignore[no-untyped-def]
    """``bits[p]`` marks the words (rows of ``sub``) that give the secrets
    ``i < j`` of pair ``p`` different feedback; pairs in row-major order of
    the upper triangle (:func:`_pair_index`)."""
    m, n = sub.shape
    for i in prange(n):
        for j in range(i + 1, n):
            p = _pair_index(i, j, n)
            for w in range(m):
                if sub[w, i] != sub[w, j]:
                    bits[p, w >> 6] |= np.uint64(1) << np.uint64(w & 63)


@kernel
def _pair_index(i, j, n):  # type: ignore[no-untyped-def]
    """The index of the pair of secrets ``i < j`` of ``n``."""
    return i * (2 * n - i - 1) // 2 + j - i - 1


@kernel
def _separating(lx, group, size, seen):  # type: ignore[no-untyped-def]
    """The cost of one move that gives each secret of ``group[:size]`` its
    own feedback: 1 plus the least price of such a word, or :data:`INF`
    where none does. From the table of pairs (64 words at a time), or where
    there is none, a scan of the words (``seen``: scratch, false)."""
    sub, bits, price, cheap = lx[0], lx[1], lx[2], lx[3]
    best = np.int64(INF)
    if bits.shape[0]:
        n = sub.shape[1]
        for x in range(bits.shape[1]):
            acc = ~np.uint64(0)
            for a in range(size):
                for b in range(a + 1, size):
                    acc &= bits[_pair_index(min(group[a], group[b]), max(group[a], group[b]), n), x]
                    if acc == 0:
                        break
                if acc == 0:
                    break
            if acc & cheap[x]:
                return np.int64(1)
            if acc:
                best = np.int64(1 + UNCOMMON)
        return best
    for w in range(sub.shape[0]):
        if 1 + price[w] < best and _separates(sub[w], group, size, seen):
            best = 1 + price[w]
            if best == 1:
                break
    return best


@kernel
def _separates(row, group, size, seen):  # type: ignore[no-untyped-def]
    """Whether the codes ``row`` give each secret of ``group[:size]`` its
    own feedback (``seen``: scratch, false before and after)."""
    stop = size
    for a in range(size):
        c = row[group[a]]
        if seen[c]:
            stop = a
            break
        seen[c] = True
    for a in range(stop):
        seen[row[group[a]]] = False
    return stop == size


@kernel
def _split_over(row, group, size, limit, counts):  # type: ignore[no-untyped-def]
    """(parts of ``group[:size]`` under the codes ``row`` larger than
    ``limit``, sum of squared part sizes); ``counts`` is scratch (zero)."""
    over = 0
    squares = 0
    for a in range(size):
        c = row[group[a]]
        counts[c] += 1
        k = counts[c]
        if k == limit + 1:
            over += 1
        squares += 2 * k - 1
    for a in range(size):
        counts[row[group[a]]] = 0
    return over, squares


@kernel
def _exceptions(lx, group, t, npat, ub, memo, use_memo, st):  # type: ignore[no-untyped-def]
    """The least cost of exception moves that play the secrets ``group``
    (sorted) with ``t`` turns left, every one in time, and the first move
    (-1 where none is needed or known): (cost, move) if below ``ub``; else
    (``ub``, -1), or (:data:`INF`, -1) where no moves can. A move costs one,
    plus its word's price (the tuple ``lx``: see the kernels' notes).

    Up to ``t`` secrets are simply tried. With two turns left a move must
    separate the group. With more, the moves are tried cheapest first (one
    plus price plus its parts too large, each of which costs at least one
    more move: the bound), then least sum of squared part sizes, then first.
    ``use_memo``: keep what is found of groups with three or more turns left
    in ``memo`` (:mod:`generator.search.memo`). Every recursive call has the
    argument types of the outer one (``ub`` an int64): numba's cache loads a
    recursive function with two signatures broken (numba issue 6713).
    """
    size = group.shape[0]
    if size <= t:
        return np.int64(0), -1
    if t <= 1:
        return np.int64(INF), -1
    if t == 2:
        seen = np.zeros(npat if not lx[1].shape[0] else 0, np.bool_)
        return _separating(lx, group, size, seen), -1
    h = np.uint64(0)
    e = -1
    if use_memo:
        h = key_hash(group, lx[4], t)
        e = find(memo, group, t, h)
        if e >= 0:
            entries = memo[1][0]
            value = entries[e, VALUE]
            if entries[e, EXACT] == 1:
                if value < ub:
                    return value, entries[e, LETTER]
                return (np.int64(INF), -1) if value >= INF else (np.int64(ub), -1)
            if value >= ub:
                return np.int64(ub), -1
    sub, price = lx[0], lx[2]
    m = sub.shape[0]
    if _spent(st, m * size):
        return np.int64(ub), -1
    bound, order = _move_order(sub, price, group, size, t, npat)
    codes = np.empty(size, np.int64)
    starts = np.empty(size + 1, np.int64)
    lens = np.empty(size, np.int64)
    limit = np.int64(ub)
    best = -1
    for oi in range(m):
        w = order[oi]
        if bound[w] >= limit:
            break
        idx, nparts = _parts(sub[w], group, size, codes, starts)
        for q in range(nparts):
            lens[q] = starts[q + 1] - starts[q]
        porder = np.argsort(-lens[:nparts], kind="mergesort")
        total = bound[w]  # each part too large counts one move until it is searched
        for qi in range(nparts):
            q = porder[qi]
            if lens[q] <= t - 1 or total >= limit:
                break
            part = np.sort(group[idx[starts[q]:starts[q + 1]]])
            total += _exceptions(lx, part, t - 1, npat, np.int64(limit - total + 1), memo, use_memo, st)[0] - 1
        if total < limit:
            limit = total
            best = w
            if total == bound[w]:
                break  # every part too large costs one move: no later move is cheaper
    if st[2]:
        return np.int64(ub), -1  # the budget ran out below: nothing known, nothing kept
    if best >= 0:
        value, exact = limit, 1
    elif ub >= INF:
        value, exact = np.int64(INF), 1  # no move plays the group in time
    else:
        value, exact = np.int64(ub), 0
    if use_memo:
        put(memo, group, t, h, e, value, exact, best)
    return value, best


@kernel
def _move_order(sub, price, group, size, t, npat):  # type: ignore[no-untyped-def]
    """(each word's bound as a move on ``group`` with ``t`` turns left: one,
    plus its price, plus its parts too large; the words cheapest first, then
    least sum of squared part sizes, then first)."""
    m = sub.shape[0]
    counts = np.zeros(npat, np.int32)
    bound = np.empty(m, np.int64)
    key = np.empty(m, np.int64)
    for w in range(m):
        over, squares = _split_over(sub[w], group, size, t - 1, counts)
        bound[w] = 1 + price[w] + over
        key[w] = bound[w] * (size * size + 1) + squares
    return bound, np.argsort(key, kind="mergesort")


@kernel
def _parts(row, group, size, codes, starts):  # type: ignore[no-untyped-def]
    """The parts a move (its codes ``row``) leaves of ``group``: (the group's
    positions sorted by feedback, the number of parts); part ``q`` is
    ``idx[starts[q]:starts[q + 1]]`` (``codes`` and ``starts`` are scratch
    arrays the caller keeps)."""
    for a in range(size):
        codes[a] = row[group[a]]
    idx = np.argsort(codes, kind="mergesort")
    return idx, _group_bounds(codes, idx, starts)


@kernel
def _spent(st, work):  # type: ignore[no-untyped-def]
    """Count the ``work`` of one search of a group (its words times its
    secrets) against the budget ``st`` = (work done, most, out): true once it
    is out (then every search returns at once)."""
    st[0] += work
    if st[0] > st[1]:
        st[2] = 1
    return st[2] == 1


@kernel
def _fewest_late2(lx, group, npat):  # type: ignore[no-untyped-def]
    """(cost, move) for a group that no move separates with two turns left,
    where secrets may come late: the move that leaves the fewest secrets
    sharing a part (all but one of each part come late), cheapest first;
    or no move (-1): try the words, all but two late."""
    sub, price, late = lx[0], lx[2], LATE
    size = group.shape[0]
    best = late * (size - 2)
    move = -1
    counts = np.zeros(npat, np.int32)
    for w in range(sub.shape[0]):
        row = sub[w]
        parts = 0
        for a in range(size):
            counts[row[group[a]]] += 1
            if counts[row[group[a]]] == 1:
                parts += 1
        for a in range(size):
            counts[row[group[a]]] = 0
        cost = 1 + price[w] + late * (size - parts)
        if cost < best:
            best = cost
            move = w
    return np.int64(best), move


@kernel
def _late_exceptions(lx, group, t, npat, ub, memo, strict, st):  # type: ignore[no-untyped-def]
    """:func:`_exceptions` where secrets may come after the last turn, each
    at the price :data:`LATE`: a group that can be played in time costs what
    it costs in time (from the memo ``strict`` of :func:`_exceptions`); one
    that cannot is searched here (memo ``memo``), a move's parts that can be
    played in time at their cost and the others at least :data:`LATE` each,
    which bounds the search; or no move: try the words, the last ones late."""
    size = group.shape[0]
    if size <= t:
        return np.int64(0), -1
    value, move = _exceptions(lx, group, t, npat, np.int64(INF), strict, True, st)
    if value < INF or st[2]:
        return (value, move) if value < INF else (np.int64(ub), -1)
    if t <= 1:
        return np.int64(LATE * (size - t)), -1
    if t == 2:
        return _fewest_late2(lx, group, npat)
    h = key_hash(group, lx[4], t)
    e = find(memo, group, t, h)
    if e >= 0:
        entries = memo[1][0]
        value = entries[e, VALUE]
        if entries[e, EXACT] == 1:
            return (value, entries[e, LETTER]) if value < ub else (np.int64(ub), -1)
        if value >= ub:
            return np.int64(ub), -1
    sub, price = lx[0], lx[2]
    m = sub.shape[0]
    if _spent(st, m * size):
        return np.int64(ub), -1
    bound, order = _move_order(sub, price, group, size, t, npat)
    codes = np.empty(size, np.int64)
    starts = np.empty(size + 1, np.int64)
    cost = np.empty(size, np.int64)
    nolate = np.int64(LATE * (size - t))  # no move: try the words, the last ones late
    limit = np.int64(min(ub, nolate))
    best = -1
    for oi in range(m):
        w = order[oi]
        if bound[w] >= limit:
            break
        idx, nparts = _parts(sub[w], group, size, codes, starts)
        # the parts too large: at their cost in time, or LATE at least
        total = np.int64(1 + price[w])
        for q in range(nparts):
            cost[q] = 0
            if starts[q + 1] - starts[q] > t - 1 and total < limit:
                part = np.sort(group[idx[starts[q]:starts[q + 1]]])
                cost[q] = _exceptions(lx, part, t - 1, npat, np.int64(INF), strict, True, st)[0]
                total += min(cost[q], LATE)
        for q in range(nparts):
            if cost[q] >= INF and total < limit:
                part = np.sort(group[idx[starts[q]:starts[q + 1]]])
                total += _late_exceptions(lx, part, t - 1, npat, np.int64(limit - total + LATE), memo,
                                          strict, st)[0] - LATE
        if total < limit:
            limit = total
            best = w
    if st[2]:
        return np.int64(ub), -1
    if best >= 0 or limit < ub:
        value, exact = limit, 1
    else:
        value, exact = np.int64(ub), 0
    put(memo, group, t, h, e, value, exact, best)
    return value, best


@kernel
def _group_bounds(keys, order, bounds):  # type: ignore[no-untyped-def]
    """Start of each run of equal ``keys[order]`` (and the end): the groups."""
    n = order.shape[0]
    ng = 0
    for i in range(n):
        if i == 0 or keys[order[i]] != keys[order[i - 1]]:
            bounds[ng] = i
            ng += 1
    bounds[ng] = n
    return ng


@kernel
def _parts_moves(lx, row, members, t, npat, ub, counts, memo, use_memo, late, strict, st):  # type: ignore[no-untyped-def]
    """The cost of the exception moves of the parts of ``members`` under a
    further opener (codes ``row``) with ``t`` turns left, if below ``ub``;
    else ``ub`` or more. ``counts`` is scratch (zero). With ``late``, by
    :func:`_late_exceptions` (memos ``memo`` and ``strict``)."""
    size = members.shape[0]
    over = 0
    for i in range(size):
        counts[row[members[i]]] += 1
        if counts[row[members[i]]] == t + 1:
            over += 1
    total = np.int64(over)  # each part too large counts one move until it is searched
    for i in range(size):
        code = row[members[i]]
        if counts[code] > t and total < ub:
            part = np.empty(counts[code], np.int64)
            p = 0
            for i2 in range(i, size):
                if row[members[i2]] == code:
                    part[p] = members[i2]
                    p += 1
            part.sort()
            if late:
                total += _late_exceptions(lx, part, t, npat, np.int64(ub - total + 1), memo, strict, st)[0] - 1
            else:
                total += _exceptions(lx, part, t, npat, np.int64(ub - total + 1), memo, use_memo, st)[0] - 1
        counts[code] = 0  # each part once
    return total


@kernel
def _last_opener(lx, order, bounds, ng, gorder, sizes, row, base, t, npat, bw, has_best,  # type: ignore[no-untyped-def]
                 counts, over, memo, use_memo, late, strict, st):
    """(cost, sum of squared group sizes) when the opener whose codes are
    ``row`` splits the groups ``order[bounds[g]:bounds[g + 1]]`` of the
    openers before it (``gorder``: largest first), with ``t`` turns left,
    the openers costing ``base``; (-1, -1) where the set cannot beat ``bw``
    (or tie it where ``has_best``). Each part too large costs at least one
    exception move: those are counted first (``over``: per group, scratch),
    the moves themselves only then."""
    cost = np.int64(base)
    for gi in range(ng):
        g = gorder[gi]
        over[g] = 0
        if sizes[g] <= t or cost > bw or (cost == bw and not has_best):
            break
        for i in range(bounds[g], bounds[g + 1]):
            code = row[order[i]]
            counts[code] += 1
            if counts[code] == t + 1:
                over[g] += 1
        for i in range(bounds[g], bounds[g + 1]):
            counts[row[order[i]]] = 0
        cost += over[g]
    if cost > bw or (cost == bw and not has_best):
        return -1, -1
    for gi in range(ng):
        g = gorder[gi]
        if sizes[g] <= t or cost > bw or (cost == bw and not has_best):
            break
        if over[g] > 0:
            cost -= over[g]
            cost += _parts_moves(lx, row, order[bounds[g]:bounds[g + 1]], t, npat, np.int64(bw - cost + 1),
                                 counts, memo, use_memo, late, strict, st)
    if cost > bw or (cost == bw and not has_best) or st[2]:
        return -1, -1
    squares = 0
    for g in range(ng):
        for i in range(bounds[g], bounds[g + 1]):
            code = row[order[i]]
            counts[code] += 1
            squares += 2 * counts[code] - 1
        for i in range(bounds[g], bounds[g + 1]):
            counts[row[order[i]]] = 0
    return cost, squares


@kernel
def _best_after(lx, a, k, turns, npat, ub, out, memo, use_memo, late, strict, st):  # type: ignore[no-untyped-def]
    """The best set of ``k`` openers (1 to 3) that begins with word ``a``,
    ``a < b < c``: least cost (each opener one, plus its price, plus the
    exception moves), then least sum of squared group sizes, then first, if
    below ``ub``: ``out`` = (cost, squares, b, c), ``b`` -1 where none is
    (``a`` itself for a single opener). The groups of the openers before the
    last are made once and split by each last one."""
    sub, price = lx[0], lx[2]
    m, n = sub.shape
    t = turns - k
    keys = np.zeros(n, np.int64)
    bounds = np.empty(n + 1, np.int64)
    sizes = np.empty(n + 1, np.int64)
    counts = np.zeros(npat, np.int32)
    over = np.zeros(n + 1, np.int64)
    bw = np.int64(ub)
    bs = np.int64(0)
    out[2] = -1
    out[3] = -1
    for b in range(a + 1 if k == 3 else a, m if k == 3 else a + 1):
        for i in range(n):
            if k == 2:
                keys[i] = sub[a, i]
            elif k == 3:
                keys[i] = np.int64(sub[a, i]) * npat + sub[b, i]
        order = np.argsort(keys, kind="mergesort")
        ng = _group_bounds(keys, order, bounds)
        for g in range(ng):
            sizes[g] = bounds[g + 1] - bounds[g]
        gorder = np.argsort(-sizes[:ng], kind="mergesort")
        before = k - 1 + price[a] + (price[b] if k == 3 else 0)
        for last in range(a, a + 1) if k == 1 else range(b + 1, m):
            base = before + 1 + price[last] if k > 1 else k + price[a]
            cost, squares = _last_opener(lx, order, bounds, ng, gorder, sizes, sub[last], base, t, npat,
                                         bw, out[2] >= 0, counts, over, memo, use_memo, late, strict, st)
            if cost >= 0 and (cost < bw or squares < bs):
                bw = cost
                bs = squares
                out[2] = a if k == 1 else (last if k == 2 else b)
                out[3] = last if k == 3 else -1
    out[0] = bw
    out[1] = bs


@kernel(parallel=True)
def _sets_kernel(lx, firsts, k, turns, npat, ub, out, memo, strict, st):  # type: ignore[no-untyped-def]
    """:func:`_best_after` for the first words ``firsts``, on every thread
    (no memo, no secret late), each with its own budget (``st[a]``). A
    thread takes a block of ``firsts``: dealt round robin (:func:`_dealt`),
    the blocks cost alike (a first word has fewer sets the later it comes)."""
    for i in prange(firsts.shape[0]):
        a = firsts[i]
        _best_after(lx, a, k, turns, npat, ub, out[a], memo, False, False, strict, st[a])


@kernel
def _sets_serial(lx, firsts, k, turns, npat, ub, out, memo, late, strict, st):  # type: ignore[no-untyped-def]
    """:func:`_best_after` for the first words ``firsts``, with the memos
    (``late``: secrets may come late, :func:`_late_exceptions`) and one
    budget ``st``; stops once it is spent."""
    for a in firsts:
        _best_after(lx, a, k, turns, npat, ub, out[a], memo if late else strict, True, late, strict, st)
        if st[2]:
            break


# -- one letter's costs ---------------------------------------------------------------


class Costs:
    """One letter's secrets (``cols``) and the words a player may play
    (``rows``), with ``turns`` turns: the cost of a set of openers and of the
    exception moves of a group.

    Each opener or move costs one word to learn, plus its word's price
    (``uncommon``: the rows of words outside common use, which cost
    :data:`UNCOMMON` more, so that a search takes the fewest of them first,
    then the fewest words). With ``late``, a secret may be reached after the
    last turn at the price :data:`LATE` (more than any words), else a group
    that cannot be played in time costs :data:`INF`. A group is given by local indices into ``cols``
    (sorted), a word by its index into ``rows``. The codes of every word for
    every secret are copied once, and where it fits in :data:`BITS_MOST`
    bytes, a table of the words that tell each pair of secrets apart; a memo
    keeps the groups met by the searches that run on one thread.
    """

    def __init__(self, matrix: Matrix, cols: np.ndarray, rows: np.ndarray, turns: int,
                 uncommon: np.ndarray | None = None, late: bool = False, budget: int = BUDGET) -> None:
        self.matrix = matrix
        self.cols = np.ascontiguousarray(cols, dtype=np.int64)
        self.rows = np.ascontiguousarray(rows, dtype=np.int64)
        self.turns = turns
        self.npatterns = matrix.npatterns
        sub = np.ascontiguousarray(matrix.codes[np.ix_(self.rows, self.cols)])
        n, m = len(self.cols), len(self.rows)
        self.price = np.zeros(m, np.int64)
        if uncommon is not None:
            self.price[np.asarray(uncommon, dtype=np.int64)] = UNCOMMON
        blocks, pairs = (m + 63) // 64, n * (n - 1) // 2
        cheap = np.zeros(max(blocks, 1), np.uint64)
        for w in np.flatnonzero(self.price == 0):
            cheap[w >> 6] |= np.uint64(1) << np.uint64(w & 63)
        bits = np.zeros((0, 1), np.uint64)
        if pairs and blocks and pairs * blocks * 8 <= BITS_MOST:
            bits = np.zeros((pairs, blocks), np.uint64)
            _pair_bits_kernel(sub, bits)
        hkeys = np.random.default_rng(HASH_SEED).integers(0, 1 << 63, n, dtype=np.uint64)
        self.lx = (sub, bits, self.price, cheap, hkeys)
        self.late = late
        self.memo: Any = new_memo()  # of the groups played in time (_exceptions)
        self.late_memo: Any = new_memo()  # of the groups where secrets come late (_late_exceptions)
        self.budget = np.array([0, budget, 0], np.int64)  # work done, most, spent: see _spent

    @property
    def sub(self) -> np.ndarray:
        """The codes: words x secrets."""
        return self.lx[0]

    def groups(self, openers: tuple[int, ...]) -> list[np.ndarray]:
        """The groups the openers (local rows) leave, largest first; a secret
        that is an opener is won when it is played and is in no group."""
        keys = np.zeros(len(self.cols), np.int64)
        won = np.zeros(len(self.cols), dtype=bool)
        for r in openers:
            keys = keys * self.npatterns + self.sub[r]
            won |= self.sub[r] == self.matrix.green
        idx = np.flatnonzero(~won)
        order = np.argsort(keys[idx], kind="stable")
        cuts = np.flatnonzero(np.diff(keys[idx][order])) + 1
        out = [np.sort(idx[p]) for p in np.split(order, cuts) if len(p)]
        return sorted(out, key=lambda g: (-len(g), int(g[0])))

    def exceptions(self, group: np.ndarray, t: int, ub: int = INF, spend: bool = False) -> tuple[int, int]:
        """(the least cost of exception moves that play ``group`` with ``t``
        turns left, every secret in time; the first move, a local row, -1
        if none is needed) if below ``ub``; else (``ub``, -1), or
        (:data:`INF`, -1) where no moves can. A move that separates the group
        is a secret of the group where one does (it may win at once)."""
        group = np.ascontiguousarray(np.sort(group), dtype=np.int64)
        st = self.budget if spend else np.array([0, 1 << 62, 0], np.int64)
        if self.late:
            value, word = _late_exceptions(self.lx, group, t, self.npatterns, np.int64(ub), self.late_memo,
                                           self.memo, st)
        else:
            value, word = _exceptions(self.lx, group, t, self.npatterns, np.int64(ub), self.memo, True, st)
        value, word = int(value), int(word)
        if t == 2 and value < min(ub, INF):
            seen = np.zeros(self.npatterns, np.bool_)
            own = [int(x) for x in self.own_rows()[group] if x >= 0]
            for r in own + list(range(len(self.rows))):
                if 1 + self.price[r] == value and _separates(self.sub[r], group, len(group), seen):
                    return value, r
        return value, word

    def own_rows(self) -> np.ndarray:
        """The local row of each secret (-1 where it is not a word the player may play)."""
        cached: np.ndarray | None = self.__dict__.get("_own")
        if cached is None:
            pos = {int(r): i for i, r in enumerate(self.rows)}
            cached = np.array([pos.get(int(g), -1) for g in self.matrix.answer_as_guess[self.cols]],
                              dtype=np.int64)
            self.__dict__["_own"] = cached
        return cached

    def cost(self, openers: tuple[int, ...], ub: int = INF) -> int:
        """The cost of ``openers`` (local rows) and their groups' exception
        moves if below ``ub``, else ``ub`` or more (also where the budget
        runs out)."""
        k = len(openers)
        total = k + int(self.price[list(openers)].sum())
        for g in self.groups(openers):
            if len(g) <= self.turns - k or total >= ub:
                break
            total += self.exceptions(g, self.turns - k, ub - total, spend=True)[0]
        return min(total, INF)

    def best_sets(self, k: int, ub: int) -> list[Found]:
        """The best set of ``k`` openers (1 to 3) below cost ``ub``, if any.
        A single opener is searched with the memo (its groups run deep),
        pairs and triples on every thread (with the memo where secrets may
        come late)."""
        m = len(self.rows)
        out = np.zeros((m, 4), np.int64)
        out[:, 2] = -1
        if k == 1 or self.late:
            _sets_serial(self.lx, np.arange(m), k, self.turns, self.npatterns, np.int64(ub), out,
                         self.late_memo, self.late, self.memo, self.budget)
        else:  # a scan of every set, its cost bounded by their number: no budget
            st = np.zeros((m, 3), np.int64)
            st[:, 1] = 1 << 62
            _sets_kernel(self.lx, _dealt(m), k, self.turns, self.npatterns, np.int64(ub), out, self.memo, self.memo, st)
        found = [(int(out[a, 0]), -k, int(out[a, 1]), (a, *(int(x) for x in out[a, 2:k + 1]))[:k])
                 for a in range(m) if out[a, 2] >= 0]
        return [min(found)] if found else []

    @property
    def spent(self) -> bool:
        """Whether the search's budget ran out (what it found is then no proof)."""
        return bool(self.budget[2])


def _dealt(m: int) -> np.ndarray:
    """0 to ``m - 1`` dealt round robin to the kernels' threads, one block each."""
    n = threads()
    return np.concatenate([np.arange(r, m, n, dtype=np.int64) for r in range(n)])


# -- the search over sets of openers -----------------------------------------------------

Found = tuple[int, int, int, tuple[int, ...]]  # words, -k, squares, openers: smaller is better


@dataclass
class Fewest:
    """The result of :func:`fewest_words` for one letter."""

    openers: tuple[int, ...]  # local rows of the best set found (empty: none needed, or none plays in time)
    cost: int  # words to learn, plus UNCOMMON per word outside common use, plus LATE per late secret
    lower_bound: int  # no set of openers needs fewer words (at this many late and uncommon ones)
    notes: list[str] = field(default_factory=list)

    @property
    def words(self) -> int:
        """Words to learn (openers and exception moves)."""
        return self.cost % UNCOMMON if self.cost < INF else INF

    @property
    def uncommon(self) -> int:
        """How many of them are outside common use."""
        return self.cost % LATE // UNCOMMON if self.cost < INF else 0

    @property
    def late(self) -> int:
        """How many secrets come after the last turn (where that is allowed)."""
        return self.cost // LATE if self.cost < INF else 0

    @property
    def proved(self) -> bool:
        return self.cost < INF and self.words <= self.lower_bound


def fewest_words(costs: Costs, max_k: int, hints: Sequence[tuple[int, ...]] = ()) -> Fewest:
    """The least cost over every set of 1 to ``max_k`` openers (at most
    :data:`MAX_OPENERS`): the fewest secrets past the turns where that is
    allowed, then the fewest words outside common use, then the fewest words
    to learn.

    Parameters
    ----------
    costs
        the letter's :class:`Costs`.
    max_k
        the most openers.
    hints
        sets of openers (local rows) to evaluate first, besides the single
        openers that leave the fewest groups too large: the best of them
        bounds the search, which then proves it or beats it.

    Returns a :class:`Fewest`: the best set (ties: more openers, then the
    least sum of squared group sizes, then first), its cost, and the lower
    bound of its words: every set of openers that could cost less is
    searched, unless there are more than :data:`SETS_MOST` sets of ``k``
    (then ``k`` openers, costing ``k`` words at least, bound the words).
    No set plays every secret in time where no single opener does (a single
    opener followed by any move is every tree there is).
    """
    n, m = len(costs.cols), len(costs.rows)
    if n <= costs.turns:
        return Fewest((), 0, 0, ["no opener needed: at most as many words as turns"])
    ks = range(1, max(1, min(max_k, MAX_OPENERS, costs.turns - 1)) + 1)
    counts = np.zeros(costs.npatterns, np.int32)
    everyone = np.arange(n, dtype=np.int64)
    singles = sorted((*_split_over(costs.sub[w], everyone, n, costs.turns - 1, counts), w) for w in range(m))
    best: Found = (INF, 0, 0, ())
    # the most openers first: their groups are the smallest, so the first bound is cheap to find
    for h in sorted([*hints, *((w,) for _, _, w in singles[:HINT_SINGLES])], key=len, reverse=True):
        cost = costs.cost(tuple(h), best[0] + 1)
        if (cost, -len(h)) < best[:2] and not costs.spent:
            best = (cost, -len(h), 0, tuple(h))
    if best[0] >= INF:  # every set is out if every single opener is: a share of the budget to tell
        costs.budget[1] = min(costs.budget[1], costs.budget[0] + costs.budget[1] // OUT_SHARE)
        best = min(costs.best_sets(1, INF), default=best)
    skipped = [k for k in ks if k > 1 and comb(m, k) > SETS_MOST]
    # a target that grows by half: every set of openers below it is searched
    # (cheaply while it is small: a set is dropped as soon as it reaches it),
    # so the first target some set meets gives the least cost, and every
    # target no set meets is a lower bound (should the budget run out)
    # (the target counts words over the late and uncommon ones of the best
    # known: a set with fewer of those is below the first target already)
    base = best[0] - best[0] % UNCOMMON if best[0] < INF else 0
    lower, target, complete = 0, 2, not costs.spent
    while best[0] < INF and complete:
        ub = min(base + target, best[0])
        found = [x for k in ks if k < ub and k not in skipped for x in costs.best_sets(k, ub)]
        best = min([best, *found])  # a set found is whole, even once the budget is spent
        if costs.spent or found or ub == best[0]:
            complete = not costs.spent
            break
        lower = ub
        target = max(target + 1, target * 3 // 2)
    cost, _, _, openers = best
    scans = ", ".join({1: "every single opener", 2: "every pair", 3: "every triple"}[k]
                      for k in ks if k not in skipped)
    stop = f"stopped after {costs.budget[0]:.2g} words times secrets scored" if not complete else ""
    if cost >= INF:
        return Fewest((), INF, INF, [f"{scans} of {m} words searched: " + (stop or "none plays every word in time")])
    result = Fewest(openers, cost, 0)
    # the words of a cheaper set at this many late and uncommon words: below the target proved
    floor = result.words if complete else max(1, lower - (cost - result.words))
    result.lower_bound = min([floor, *(k for k in skipped if k < result.words)])
    if result.proved:
        note = f"exact: {scans} of {m} words searched; none needs fewer than {result.words} words"
    else:
        note = f"{scans} of {m} words searched; none needs fewer than {result.lower_bound} words"
        note += f" ({stop})" if stop else f" (sets of {min(skipped)} openers not searched: too many)"
    result.notes.append(note + (f"; {result.uncommon} outside common use, the fewest" if result.uncommon else "")
                       + (f"; {result.late} past the turns, the fewest" if result.late else ""))
    return result
