"""Hangman's loss search in numba: the branch and bound of
:class:`generator.games.hangman.LossSearch`, node for node.

A position is a sorted array of word indices (the candidates) and the misses
to spare; its memo is :mod:`generator.search.memo`'s.

``st`` holds the search's counters: positions searched (``st[0]``), the
limit (``st[1]``) and whether the limit was passed (``st[2]``: the search
then unwinds at once and stores nothing more).

Words are indexed over the whole list of a length, and a search gets them as
one tuple ``lex`` (made by ``LossSearch``):

* ``group``: letters x words, the rank of the letter's mask in the word among
  the letter's masks (ascending; rank 0 is "not in the word" where a word
  lacks it);
* ``groups``: per letter, how many masks (a letter of one mask tells nothing);
* ``lacks``: per letter, whether some word lacks it (then rank 0 is a miss);
* ``fam_of``: positions x words, each word's family there (-1: none);
* ``keys``: random 64-bit keys of the words, whose sums hash sets;
* ``counts``: zeros, one per family of a position (scratch, left zero);
* ``letters_of``, ``ranks_of``: words x positions, each word's distinct
  letters (-1 past them) and its rank for each, so that a position is split
  by every letter at once in one pass over its words' letters;
* ``cnt``, ``ph``, ``touched``, ``ntouched``: letters x masks scratch of
  that pass (left zero).
"""

from __future__ import annotations

import numpy as np

from generator.core.jit import kernel
from generator.core.partition import mix
from generator.search.cost import INF
from generator.search.memo import LETTER, SOLVED, VALUE, find, key_hash, put


@kernel
def scan(cols, lex):  # type: ignore[no-untyped-def]
    """Every letter's split of ``cols`` at once, as arrays by letter: its
    number of parts, its largest part, its missed part (words that lack it),
    the words that have it, and its signature (the missed part's hash and the
    sum of the mixed hashes of the others: equal parts, equal signatures;
    unequal ones are taken for equal with a chance of about 2^-64 a pair, as
    in the exact search's scan kernel, where the pure-Python search compared
    the sets)."""
    keys, letters_of, ranks_of, cnt, ph, touched, ntouched = lex[4], lex[6], lex[7], lex[8], lex[9], lex[10], lex[11]
    letters = len(ntouched)
    counts = np.empty((4, letters), np.int64)  # by letter: parts, largest part, missed part, words that have it
    parts, largest, missed, hits = counts[0], counts[1], counts[2], counts[3]
    sigs = np.empty((2, letters), np.uint64)  # by letter: the signature's two hashes
    sig_missed, sig_hits = sigs[0], sigs[1]
    ntouched[:] = 0
    total = np.uint64(0)
    for j in cols:
        total += keys[j]
        for t in range(letters_of.shape[1]):
            a = letters_of[j, t]
            if a < 0:
                break
            g = ranks_of[j, t]
            if cnt[a, g] == 0:
                touched[a, ntouched[a]] = g
                ntouched[a] += 1
            cnt[a, g] += 1
            ph[a, g] += keys[j]
    k = len(cols)
    for a in range(letters):
        h = 0
        big = 0
        have = np.uint64(0)
        mixed = np.uint64(0)
        for i in range(ntouched[a]):
            g = touched[a, i]
            h += cnt[a, g]
            big = max(big, cnt[a, g])
            have += ph[a, g]
            mixed += mix(ph[a, g])
            cnt[a, g] = 0
            ph[a, g] = 0
        hits[a] = h
        missed[a] = k - h
        parts[a] = ntouched[a] + (1 if h < k else 0)
        largest[a] = max(big, k - h)
        sig_missed[a] = total - have
        sig_hits[a] = mixed
    return parts, largest, missed, hits, sig_missed, sig_hits


@kernel
def cover(cols, spare, lex):  # type: ignore[no-untyped-def]
    """The cover bound (see ``LossSearch``): 0 when a letter every candidate
    has splits them."""
    groups = lex[1]
    n = len(cols)
    letters = len(groups)
    parts, _, _, had, _, _ = scan(cols, lex)
    hits = np.zeros(letters, np.int64)
    nh = 0
    for a in range(letters):
        if groups[a] < 2:
            continue
        h = had[a]
        if h == n:
            if parts[a] == 1:
                continue  # known already: calling it tells nothing
            return 0
        if h:
            hits[nh] = h
            nh += 1
    got = np.sort(hits[:nh])[::-1]
    won = 0
    for i in range(min(spare, nh)):
        won += got[i]
    won += max(got[spare] if nh > spare else 0, 1)
    return max(0, n - won)


@kernel
def bound(cols, spare, lex):  # type: ignore[no-untyped-def]
    """Losses at least: the family bound and the cover bound."""
    if spare < 0:
        return len(cols)
    fam_of, counts = lex[3], lex[5]
    fam = 0
    for i in range(fam_of.shape[0]):
        total = 0
        for j in cols:
            f = fam_of[i, j]
            if f >= 0:
                counts[f] += 1
                if counts[f] > spare + 1:
                    total += 1
        for j in cols:
            f = fam_of[i, j]
            if f >= 0:
                counts[f] = 0
        fam = max(fam, total)
    return max(fam, cover(cols, spare, lex))


@kernel
def parts_of(row, cols, pid, sizes, rank, scratch):  # type: ignore[no-untyped-def]
    """Split ``cols`` by their ranks in ``row`` (a letter's ``group`` row):
    the number of parts, each word's part in ``pid``, the sizes in ``sizes``
    and each part's rank in ``rank``, ascending (``scratch``: zeros, one per
    rank, left zero)."""
    n = 0
    for j in cols:
        g = row[j]
        if scratch[g] == 0:
            rank[n] = g
            n += 1
        scratch[g] += 1
    rank[:n] = np.sort(rank[:n])
    for p in range(n):
        sizes[p] = scratch[rank[p]]
        scratch[rank[p]] = p
    for i in range(len(cols)):
        pid[i] = scratch[row[cols[i]]]
    for p in range(n):
        scratch[rank[p]] = 0
    return n


@kernel
def gather(cols, pid, sizes, n):  # type: ignore[no-untyped-def]
    """The parts one after the other (each sorted, as ``cols`` is) and their offsets."""
    offs = np.zeros(n + 1, np.int64)
    for p in range(n):
        offs[p + 1] = offs[p] + sizes[p]
    at = offs[:n].copy()
    buf = np.empty(len(cols), np.int64)
    for i in range(len(cols)):
        buf[at[pid[i]]] = cols[i]
        at[pid[i]] += 1
    return buf, offs


@kernel
def floor(cols, spare, lex, memo):  # type: ignore[no-untyped-def]
    """A lower bound of a position, kept."""
    if spare < 0:
        return len(cols)
    if len(cols) <= spare + 1:
        return 0
    h = key_hash(cols, lex[4], spare)
    e = find(memo, cols, spare, h)
    if e >= 0:
        return memo[1][0][e, VALUE]
    b = bound(cols, spare, lex)
    put(memo, cols, spare, h, e, b, 0, -1)
    return b


@kernel
def solve(cols, spare, beta, lex, memo, st):  # type: ignore[no-untyped-def]
    """Losses over ``cols`` if below ``beta``, else at least ``beta``; -1 once
    the limit is passed (``st``). Every recursive call has the argument types
    of the outer one (``beta`` an int64, never a literal): numba's cache
    loads a recursive function with two signatures broken (numba issue 6713)."""
    k = len(cols)
    if spare < 0:
        return k
    if k <= spare + 1:
        return 0
    h, e, v, known = _recall(cols, spare, beta, lex, memo)
    if known:
        return v
    st[0] += 1
    if st[0] > st[1]:
        st[2] = 1
        return -1
    low = memo[1][0][e, VALUE] if e >= 0 else bound(cols, spare, lex)
    if low >= beta:
        put(memo, cols, spare, h, e, low, 0, -1)
        return low
    group, scratch = lex[0], lex[8]
    pid = np.empty(k, np.int64)
    sizes = np.empty(k, np.int64)
    rank = np.empty(k, np.int64)
    forced, moves = _moves(cols, lex)
    if forced >= 0:  # every candidate has it: call it now
        buf, offs, n = _split(group[forced], cols, pid, sizes, rank, scratch[forced])
        value = 0
        for p in range(n):
            v = solve(buf[offs[p]:offs[p + 1]], spare, np.int64(INF), lex, memo, st)
            if st[2]:
                return -1
            value += v
        put(memo, cols, spare, h, e, value, 1, forced)
        return value
    best = INF
    best_letter = -1
    floors = np.empty(k, np.int64)
    for a in moves:
        cap = min(beta, best)
        buf, offs, n = _split(group[a], cols, pid, sizes, rank, scratch[a])
        cost, done = _floors(buf, offs, n, spare, lex, memo, cap, floors)
        for p in range(done):
            if cost >= cap:
                break
            v = solve(buf[offs[p]:offs[p + 1]], spare - 1 if p == 0 else spare, cap - cost + floors[p],
                      lex, memo, st)
            if st[2]:
                return -1
            cost += v - floors[p]
        if cost < best:
            best = cost
            best_letter = a
            if best <= low:
                break
    return _keep(memo, cols, spare, h, e, beta, low, best, best_letter)


@kernel
def _recall(cols, spare, beta, lex, memo):  # type: ignore[no-untyped-def]
    """What ``memo`` knows of a position searched below ``beta``: (its
    hash, its entry or -1, the losses kept, whether they are the answer:
    exact, or a bound that reaches ``beta``)."""
    h = key_hash(cols, lex[4], spare)
    e = find(memo, cols, spare, h)
    if e >= 0:
        v = memo[1][0][e, VALUE]
        return h, e, v, memo[1][0][e, SOLVED] == 1 or v >= beta
    return h, e, np.int64(0), False


@kernel
def _keep(memo, cols, spare, h, e, beta, low, best, best_letter):  # type: ignore[no-untyped-def]
    """Keep and return what a search below ``beta`` found: the fewest
    losses ``best`` (by ``best_letter``) where below ``beta``, else a bound
    (``beta``, or the bound ``low`` where higher)."""
    if best < beta:
        put(memo, cols, spare, h, e, best, 1, best_letter)
        return best
    v = max(beta, low)
    put(memo, cols, spare, h, e, v, 0, -1)
    return v


@kernel
def _moves(cols, lex):  # type: ignore[no-untyped-def]
    """The letters worth calling over ``cols`` (:func:`scan`): (a letter
    every candidate has, which is called at once, and no moves; or -1 and
    the letters that split them, one per set of parts, by their largest
    part, then their missed part, then the letter)."""
    groups, lacks = lex[1], lex[2]
    parts, largest, missed, _, sig_missed, sig_hits = scan(cols, lex)
    move_letter = np.empty(lex[0].shape[0], np.int64)
    nm = 0
    for a in range(lex[0].shape[0]):
        if groups[a] < 2 or parts[a] < 2:
            continue
        if not lacks[a] or missed[a] == 0:
            return a, move_letter[:0]
        seen = False  # the same parts as a letter before: the same move
        for q in range(nm):
            b = move_letter[q]
            if sig_missed[b] == sig_missed[a] and sig_hits[b] == sig_hits[a]:
                seen = True
                break
        if not seen:
            move_letter[nm] = a
            nm += 1
    _by_largest(move_letter[:nm], largest, missed)
    return -1, move_letter[:nm]


@kernel
def _by_largest(moves, largest, missed):  # type: ignore[no-untyped-def]
    """Sort the letters ``moves`` (in place) by their largest part, then
    their missed part, then the letter: an insertion sort of a few letters."""
    move_largest = largest[moves]
    move_missed = missed[moves]
    for i in range(1, len(moves)):
        j = i
        while j > 0 and (move_largest[j - 1], move_missed[j - 1], moves[j - 1]) > \
                (move_largest[j], move_missed[j], moves[j]):
            move_largest[j - 1], move_largest[j] = move_largest[j], move_largest[j - 1]
            move_missed[j - 1], move_missed[j] = move_missed[j], move_missed[j - 1]
            moves[j - 1], moves[j] = moves[j], moves[j - 1]
            j -= 1


@kernel
def _split(row, cols, pid, sizes, rank, scratch):  # type: ignore[no-untyped-def]
    """The parts of ``cols`` under a letter (its ``group`` row), one after
    the other: (words, offsets, number of parts); see :func:`parts_of` and
    :func:`gather`."""
    n = parts_of(row, cols, pid, sizes, rank, scratch)
    buf, offs = gather(cols, pid, sizes, n)
    return buf, offs, n


@kernel
def _floors(buf, offs, n, spare, lex, memo, cap, floors):  # type: ignore[no-untyped-def]
    """The lower bounds (:func:`floor`) of a letter's parts (as :func:`_split`
    gives them; the first one misses: one miss less to spare) into
    ``floors``, until their sum reaches ``cap``: (that sum, the parts bounded)."""
    cost = 0
    done = 0
    for p in range(n):
        f = floor(buf[offs[p]:offs[p + 1]], spare - 1 if p == 0 else spare, lex, memo)
        floors[p] = f
        done += 1
        cost += f
        if cost >= cap:
            break
    return cost, done


@kernel
def letter_of(cols, spare, lex, memo):  # type: ignore[no-untyped-def]
    """The letter kept for a position (-1: none, or not kept)."""
    e = find(memo, cols, spare, key_hash(cols, lex[4], spare))
    return memo[1][0][e, LETTER] if e >= 0 else -1
