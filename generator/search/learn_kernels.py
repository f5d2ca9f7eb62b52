"""The kernels of the fewest words to learn (:mod:`generator.search.learn`):
the exception moves of a group, exactly, and the scans of sets of openers.

A letter's data travels to the kernels as one tuple ``lx`` (see
:attr:`generator.search.learn.Costs.lx`): ``sub`` (words x secrets, the
codes), ``bits`` (per pair of secrets, the words that tell them apart, 64 to
a number; no rows: no table), ``price`` (per word, what playing it costs
beyond one move: 0, or :data:`UNCOMMON` for a word outside common use),
``cheap`` (the words of price 0, 64 to a number) and ``hkeys`` (per secret,
its random key in the memo's hash).

``st`` is a search's budget: (work done, most, out), see :func:`_spent`.
"""

from __future__ import annotations

import numpy as np

from generator.core.jit import kernel, prange
from generator.search.cost import INF  # the cost of a group that cannot be played
from generator.search.memo import LETTER, SOLVED, VALUE, find, key_hash, put

LATE_PRICE = 1 << 40  # the price of a secret reached after the last turn, where that is allowed (see search.cost)
UNCOMMON = 1 << 20  # the price of a word outside common use: more than any count of moves


@kernel(parallel=True)
def pair_bits(sub, bits):  # type: ignore[no-untyped-def]
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
        if 1 + price[w] < best and separates(sub[w], group, size, seen):
            best = 1 + price[w]
            if best == 1:
                break
    return best


@kernel
def separates(row, group, size, seen):  # type: ignore[no-untyped-def]
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
def split_over(row, group, size, limit, counts):  # type: ignore[no-untyped-def]
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
def exceptions(lx, group, t, npat, ub, memo, use_memo, st):  # type: ignore[no-untyped-def]
    """The least cost of exception moves that play the secrets ``group``
    (sorted) with ``t`` turns left, every one in time, and the first move
    (-1 where none is needed or known): (cost, move) if below ``ub``; else
    (``ub``, -1), or (:data:`INF`, -1) where no moves can. A move costs one,
    plus its word's price (the tuple ``lx``: see the module's notes).

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
    shallow = _without_search(lx, group, t, npat)
    if shallow >= 0:
        return shallow, -1
    h, e = np.uint64(0), -1
    if use_memo:
        h, e, value, move, known = _recall(memo, group, lx[4], t, ub)
        if known:
            return value, move
    bound, order, codes, starts = _moves(lx, group, t, npat, st)
    lens = np.empty(size, np.int64)
    limit = np.int64(ub)
    best = -1
    for w in order:
        if bound[w] >= limit:
            break
        idx, nparts = _parts(lx[0][w], group, size, codes, starts)
        porder = _largest_first(starts, nparts, lens)
        total = bound[w]  # each part too large counts one move until it is searched
        for qi in range(nparts):
            q = porder[qi]
            if lens[q] <= t - 1 or total >= limit:
                break
            part = np.sort(group[idx[starts[q]:starts[q + 1]]])
            total += exceptions(lx, part, t - 1, npat, np.int64(limit - total + 1), memo, use_memo, st)[0] - 1
        if total < limit:
            limit = total
            best = w
            if total == bound[w]:
                break  # every part too large costs one move: no later move is cheaper
    if st[2]:
        return np.int64(ub), -1  # the budget ran out below: nothing known, nothing kept
    value, solved = _found(best, limit, ub)
    if use_memo:
        put(memo, group, t, h, e, value, solved, best)
    return value, best


@kernel
def _without_search(lx, group, t, npat):  # type: ignore[no-untyped-def]
    """The cost of the exception moves of ``group`` with ``t`` turns left
    where no search is needed: none for up to ``t`` secrets (they are
    tried), :data:`INF` with one turn left, one move that separates them
    with two (:func:`_separating`); -1 where a search is needed."""
    size = group.shape[0]
    if size <= t:
        return np.int64(0)
    if t <= 1:
        return np.int64(INF)
    if t == 2:
        seen = np.zeros(npat if not lx[1].shape[0] else 0, np.bool_)
        return _separating(lx, group, size, seen)
    return np.int64(-1)


@kernel
def _recall(memo, group, hkeys, t, ub):  # type: ignore[no-untyped-def]
    """What ``memo`` knows of ``group`` with ``t`` turns left, searched
    below ``ub``: (its hash, its entry or -1, cost, move, whether that is
    the answer). The answer is a cost kept exactly (:data:`INF` where no
    moves can; ``ub`` where it is not below it), or ``ub`` where a bound
    kept reaches it."""
    h = key_hash(group, hkeys, t)
    e = find(memo, group, t, h)
    if e >= 0:
        entries = memo[1][0]
        value = entries[e, VALUE]
        if entries[e, SOLVED] == 1:
            if value < ub:
                return h, e, value, entries[e, LETTER], True
            return h, e, np.int64(INF) if value >= INF else np.int64(ub), -1, True
        if value >= ub:
            return h, e, np.int64(ub), -1, True
    return h, e, np.int64(0), -1, False


@kernel
def _found(best, limit, ub):  # type: ignore[no-untyped-def]
    """(cost, solved) of a search of a group below ``ub`` that found the
    move ``best`` at cost ``limit`` (-1: none below ``ub``): kept exactly,
    or as a bound where it was cut at ``ub``."""
    if best >= 0:
        return limit, 1
    if ub >= INF:
        return np.int64(INF), 1  # no move plays the group in time
    return np.int64(ub), 0


@kernel
def _moves(lx, group, t, npat, st):  # type: ignore[no-untyped-def]
    """The search of ``group`` with ``t`` turns left counted against the
    budget ``st`` (:func:`_spent`), and its moves: (each word's bound, the
    words in order, scratch for :func:`_parts`); no moves once the budget
    is out."""
    sub, size = lx[0], group.shape[0]
    codes = np.empty(size, np.int64)
    starts = np.empty(size + 1, np.int64)
    if _spent(st, sub.shape[0] * size):
        return np.empty(0, np.int64), np.empty(0, np.int64), codes, starts
    bound, order = _move_order(sub, lx[2], group, size, t, npat)
    return bound, order, codes, starts


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
        over, squares = split_over(sub[w], group, size, t - 1, counts)
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
def _largest_first(starts, nparts, lens):  # type: ignore[no-untyped-def]
    """The parts (as :func:`_parts` gives them) largest first, then first;
    ``lens`` gets their sizes."""
    for q in range(nparts):
        lens[q] = starts[q + 1] - starts[q]
    return np.argsort(-lens[:nparts], kind="mergesort")


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
    sub, price = lx[0], lx[2]
    size = group.shape[0]
    best = LATE_PRICE * (size - 2)
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
        cost = 1 + price[w] + LATE_PRICE * (size - parts)
        if cost < best:
            best = cost
            move = w
    return np.int64(best), move


@kernel
def late_exceptions(lx, group, t, npat, ub, memo, strict, st):  # type: ignore[no-untyped-def]
    """:func:`exceptions` where secrets may come after the last turn, each
    at the price :data:`LATE_PRICE`: a group that can be played in time costs what
    it costs in time (from the memo ``strict`` of :func:`exceptions`); one
    that cannot is searched here (memo ``memo``), a move's parts that can be
    played in time at their cost and the others at least :data:`LATE_PRICE` each,
    which bounds the search; or no move: try the words, the last ones late."""
    size = group.shape[0]
    if size <= t:
        return np.int64(0), -1
    value, move = exceptions(lx, group, t, npat, np.int64(INF), strict, True, st)
    if value < INF or st[2]:
        return (value, move) if value < INF else (np.int64(ub), -1)
    if t <= 1:
        return np.int64(LATE_PRICE * (size - t)), -1
    if t == 2:
        return _fewest_late2(lx, group, npat)
    h, e, value, move, known = _recall(memo, group, lx[4], t, ub)
    if known:
        return value, move  # (a late group's cost is below INF)
    bound, order, codes, starts = _moves(lx, group, t, npat, st)
    cost = np.empty(size, np.int64)
    nolate = np.int64(LATE_PRICE * (size - t))  # no move: try the words, the last ones late
    limit = np.int64(min(ub, nolate))
    best = -1
    for w in order:
        if bound[w] >= limit:
            break
        idx, nparts = _parts(lx[0][w], group, size, codes, starts)
        total = _in_time(lx, group, idx, starts, nparts, t - 1, npat, np.int64(1 + lx[2][w]), limit, cost,
                         strict, st)
        for q in range(nparts):
            if cost[q] >= INF and total < limit:
                part = np.sort(group[idx[starts[q]:starts[q + 1]]])
                total += late_exceptions(lx, part, t - 1, npat, np.int64(limit - total + LATE_PRICE), memo,
                                          strict, st)[0] - LATE_PRICE
        if total < limit:
            limit = total
            best = w
    if st[2]:
        return np.int64(ub), -1
    if best >= 0 or limit < ub:
        value, solved = limit, 1
    else:
        value, solved = np.int64(ub), 0
    put(memo, group, t, h, e, value, solved, best)
    return value, best


@kernel
def _in_time(lx, group, idx, starts, nparts, t, npat, total, limit, cost, strict, st):  # type: ignore[no-untyped-def]
    """``total`` plus the parts (as :func:`_parts` gives them) of more than
    ``t`` secrets, each at its cost in time (kept in ``cost``, 0 for the
    others, :data:`INF` where no moves can) or :data:`LATE_PRICE` at least,
    until that reaches ``limit``."""
    for q in range(nparts):
        cost[q] = 0
        if starts[q + 1] - starts[q] > t and total < limit:
            part = np.sort(group[idx[starts[q]:starts[q + 1]]])
            cost[q] = exceptions(lx, part, t, npat, np.int64(INF), strict, True, st)[0]
            total += min(cost[q], LATE_PRICE)
    return total


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
def _parts_moves(lx, row, members, t, npat, ub, counts, memo, use_memo, allow_late, strict, st):  # type: ignore[no-untyped-def]
    """The cost of the exception moves of the parts of ``members`` under a
    further opener (codes ``row``) with ``t`` turns left, if below ``ub``;
    else ``ub`` or more. ``counts`` is scratch (zero). With ``allow_late``, by
    :func:`late_exceptions` (memos ``memo`` and ``strict``)."""
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
            if allow_late:
                total += late_exceptions(lx, part, t, npat, np.int64(ub - total + 1), memo, strict, st)[0] - 1
            else:
                total += exceptions(lx, part, t, npat, np.int64(ub - total + 1), memo, use_memo, st)[0] - 1
        counts[code] = 0  # each part once
    return total


@kernel
def _last_opener(lx, order, bounds, ng, gorder, sizes, row, base, t, npat, bw, has_best,  # type: ignore[no-untyped-def]
                 counts, over, memo, use_memo, allow_late, strict, st):
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
                                 counts, memo, use_memo, allow_late, strict, st)
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
def _best_after(lx, a, k, turns, npat, ub, out, memo, use_memo, allow_late, strict, st, least, rank):  # type: ignore[no-untyped-def]
    """The best set of ``k`` openers (1 to 3) that begins with word ``a``
    in the scan's order, ``rank[a] < rank[b] < rank[c]`` (so a set is
    scanned once, from the first of its words): least cost (each opener one,
    plus its price, plus the exception moves), then least sum of squared
    group sizes, then first by its words sorted, if below ``ub``: ``out`` =
    (cost, squares, b, c), ``b`` -1 where none is (``a`` itself for a single
    opener). The groups of the openers before the last are made once and
    split by each last one.

    ``least[0]`` is the least cost any first word has found (shared by the
    threads of a scan, updated here): a set that costs more is dropped as
    soon as it does, since it is no scan's best. So ``out`` may hold nothing
    where that word's best costs more; the best of the scan is the same."""
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
    for b in range(0 if k == 3 else a, m if k == 3 else a + 1):
        if k == 3 and rank[b] <= rank[a]:
            continue
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
        for last in range(a, a + 1) if k == 1 else range(m):
            if k > 1 and rank[last] <= rank[b]:
                continue
            base = before + 1 + price[last] if k > 1 else k + price[a]
            g = least[0]
            cost, squares = _last_opener(lx, order, bounds, ng, gorder, sizes, sub[last], base, t, npat,
                                         min(g, bw), g < bw or out[2] >= 0, counts, over, memo, use_memo, allow_late,
                                         strict, st)
            if cost >= 0 and (cost < bw or squares < bs
                              or (squares == bs and k == 3 and out[2] >= 0 and _sorted_before(a, b, last, out[2], out[3]))):
                bw = cost
                bs = squares
                if cost < least[0]:  # threads may race here: a lost update only prunes less
                    least[0] = cost
                out[2] = a if k == 1 else (last if k == 2 else b)
                out[3] = last if k == 3 else -1
    out[0] = bw
    out[1] = bs


@kernel
def _sorted_before(a, b, c, b0, c0):  # type: ignore[no-untyped-def]
    """Whether the triple of openers ``a, b, c`` sorted comes before ``a,
    b0, c0`` sorted: how ties are broken whatever order the scan takes."""
    x = np.sort(np.array([a, b, c], np.int64))
    y = np.sort(np.array([a, b0, c0], np.int64))
    for i in range(3):
        if x[i] != y[i]:
            return x[i] < y[i]
    return False


@kernel
def sets_serial(lx, firsts, k, turns, npat, ub, out, memo, allow_late, strict, st, least, rank):  # type: ignore[no-untyped-def]
    """:func:`_best_after` for the first words ``firsts``, with the memos
    (``allow_late``: secrets may come late, :func:`late_exceptions`), one budget
    ``st``, the least cost found (``least``) and the scan's order
    (``rank``, see :func:`_best_after`); stops once the budget is spent."""
    for a in firsts:
        _best_after(lx, a, k, turns, npat, ub, out[a], memo if allow_late else strict, True, allow_late, strict, st, least,
                    rank)
        if st[2]:
            break


