"""The exact search's numba kernels: partition statistics, bounds and
closed forms over the answer-major code matrix, hard-mode filtering and the
symmetry of Mastermind moves.

They work on plain arrays (a matrix's codes by answer, the columns of the
candidates, the rows of the guesses) and know nothing of the search that
calls them (:mod:`generator.search.exact`): what they return is explained
there.
"""

from __future__ import annotations

import numpy as np

from generator.core.jit import kernel, prange
from generator.core.partition import BLOCK, Matrix, gather_block, klog_table

INF = 1 << 60  # the cost of a position with no tree (within the cap or the budget)
LATE = 1 << 20  # extra cost of a secret solved after the cap (fewest_late); more than any total


@kernel(inline=True)
def mix(x):  # type: ignore[no-untyped-def]
    """A 64-bit finalizer (MurmurHash3's fmix64): spreads a sum of keys over all bits."""
    x ^= x >> np.uint64(33)
    x *= np.uint64(0xFF51AFD7ED558CCD)
    x ^= x >> np.uint64(33)
    x *= np.uint64(0xC4CEB9FE1A85EC53)
    x ^= x >> np.uint64(33)
    return x


@kernel(parallel=True)
def moves_kernel(by_answer, rows, cols, npatterns, green, keys,  # type: ignore[no-untyped-def]
                  parts, wins, largest, squares, klogk, phash):
    """Per guess ``rows[j]``: part statistics over the secrets ``cols`` and a
    hash of the partition it makes.

    ``by_answer`` is the feedback matrix transposed (secrets x guesses), so
    that the codes of a block of guesses are gathered secret by secret from
    contiguous memory (the guesses x secrets matrix would need a cache line
    per code). A part's hash is the sum of its secrets' random ``keys``
    (salted when it is the win); the partition's hash is the sum of its parts'
    mixed hashes, so equal partitions hash equal whatever the part codes.
    Guesses are done in blocks (:func:`_moves_block`) on numba's threads; the
    secrets' keys and ``k log2 k`` of every part size are looked up in
    tables made once per call (1.4x faster than gathering and taking logs
    in the loop)."""
    m = rows.shape[0]
    key_of, klog = _moves_tables(keys, cols)
    for b in prange((m + BLOCK - 1) // BLOCK):
        _moves_block(by_answer, rows, cols, npatterns, green, key_of, klog, b * BLOCK,
                     parts, wins, largest, squares, klogk, phash)


@kernel
def moves_kernel_serial(by_answer, rows, cols, npatterns, green, keys,  # type: ignore[no-untyped-def]
                        parts, wins, largest, squares, klogk, phash):
    """:func:`moves_kernel` on the calling thread alone (small positions)."""
    m = rows.shape[0]
    key_of, klog = _moves_tables(keys, cols)
    for b in range((m + BLOCK - 1) // BLOCK):
        _moves_block(by_answer, rows, cols, npatterns, green, key_of, klog, b * BLOCK,
                     parts, wins, largest, squares, klogk, phash)


@kernel
def _moves_tables(keys, cols):  # type: ignore[no-untyped-def]
    """:func:`moves_kernel`'s tables: the secrets' keys, ``k log2 k`` of every part size."""
    n = cols.shape[0]
    key_of = np.empty(n, np.uint64)
    for i in range(n):
        key_of[i] = keys[cols[i]]
    return key_of, klog_table(n)


@kernel
def _moves_block(by_answer, rows, cols, npatterns, green, key_of, klog, start,  # type: ignore[no-untyped-def]
                 parts, wins, largest, squares, klogk, phash):
    """:func:`moves_kernel` for the block of guesses from ``rows[start]``."""
    m = rows.shape[0]
    n = cols.shape[0]
    stop = min(m, start + BLOCK)
    codes = np.empty((BLOCK, n), by_answer.dtype)
    counts = np.zeros(npatterns, np.int32)
    acc = np.zeros(npatterns, np.uint64)
    seen = np.empty(npatterns, np.int64)
    gather_block(by_answer, rows, cols, start, stop, codes)
    for j in range(start, stop):
        row = codes[j - start]
        nl = 0
        for i in range(n):
            code = row[i]
            if counts[code] == 0:
                seen[nl] = code
                nl += 1
            counts[code] += 1
            acc[code] += key_of[i]
        big = 0
        sq = 0
        kl = 0.0
        win = 0
        h = np.uint64(0)
        for t in range(nl):
            code = seen[t]
            k = counts[code]
            sq += k * k
            kl += klog[k]
            if k > big:
                big = k
            a = acc[code]
            if code == green:
                win = 1
                a ^= np.uint64(0x9E3779B97F4A7C15)
            h += mix(a)
            counts[code] = 0
            acc[code] = 0
        parts[j] = nl
        wins[j] = win
        largest[j] = big
        squares[j] = sq
        klogk[j] = kl
        phash[j] = h


@kernel
def parts_kernel(by_answer, rows, cols, npatterns, green, parts, wins):  # type: ignore[no-untyped-def]
    """Per guess ``rows[j]``: the number of parts it makes of ``cols`` and
    whether one is the win, and nothing else (a quick first pass: enough for
    the bound of every move). Bit-parallel: a block of guesses is swept
    secret by secret, each guess keeping the codes it has seen as a bit set
    and counting the codes seen before (no branch, no chain of updates)."""
    m = rows.shape[0]
    n = cols.shape[0]
    nwords = (npatterns + 63) >> 6
    block = 512
    bits = np.zeros((block, nwords), np.uint64)
    seen_twice = np.zeros(block, np.int64)
    gw = green >> 6
    gb = np.uint64(1) << np.uint64(green & 63)
    for start in range(0, m, block):
        nb = min(m, start + block) - start
        bits[:nb] = 0
        seen_twice[:nb] = 0
        for i in range(n):
            col = by_answer[cols[i]]
            for j in range(nb):
                code = col[rows[start + j]]
                w = code >> 6
                bit = np.uint64(1) << np.uint64(code & 63)
                old = bits[j, w]
                seen_twice[j] += (old & bit) != np.uint64(0)
                bits[j, w] = old | bit
        for j in range(nb):
            parts[start + j] = n - seen_twice[j]
            wins[start + j] = (bits[j, gw] & gb) != np.uint64(0)


@kernel
def strict_bound(n, r, p, w, largest, fill, cap):  # type: ignore[no-untyped-def]
    """:meth:`Search._bounds` of one move, every secret within the cap: ``n``
    secrets, ``r`` turns left before the move, ``p`` parts (``w`` = 1: one
    is the win), the largest of ``largest`` secrets, at most ``cap`` secrets
    solvable in the turns left after it."""
    if r - 1 >= 2:
        q = max(p - w, 1)
        rest = n - w
        base = rest // q
        extra = rest % q
        bound = n + extra * fill[min(base + 1, fill.shape[0] - 1)] + (q - extra) * fill[base]
        bound = max(bound, 3 * n - p - w)
        return INF if largest > cap else bound
    if r - 1 == 1:
        return 2 * n - w if largest == 1 else INF
    return INF


@kernel
def late_bound(n, r, p, w):  # type: ignore[no-untyped-def]
    """:meth:`Search._bounds` of one move when secrets may pass the cap
    (``fewest_late``): ``n`` secrets, ``r`` turns left before the move,
    ``p`` parts (``w`` = 1: one is the win)."""
    if r - 1 >= 2:
        return 3 * n - p - w
    if r - 1 == 1:
        return n + (p - w) + (n - p) * (2 + LATE)
    return 3 * n - p - w + LATE * (n - w) + (LATE * w if r <= 0 else 0)


@kernel
def quick_floor_kernel(by_answer, rows, cols, npatterns, green, fill, cap, r, strict):  # type: ignore[no-untyped-def]
    """The least bound of any useful move from its parts and win alone
    (:func:`parts_kernel`): :func:`strict_bound` with its largest part taken
    as small as the part count allows (INF when none can meet the cap), or
    without ``strict`` :func:`late_bound`; and whether any move is useful."""
    m = rows.shape[0]
    n = cols.shape[0]
    parts = np.empty(m, np.int64)
    wins = np.empty(m, np.int64)
    parts_kernel(by_answer, rows, cols, npatterns, green, parts, wins)
    floor = np.int64(INF)
    useful = False
    for j in range(m):
        p = parts[j]
        w = wins[j]
        if p <= 1 and w == 0:
            continue
        useful = True
        if strict:
            rest = n - w
            q = max(p - w, 1)
            smallest = max((rest + q - 1) // q, 1)
            b = strict_bound(n, r, p, w, smallest, fill, cap)
        else:
            b = late_bound(n, r, p, w)
        if b < floor:
            floor = b
    return floor, useful


def by_answer(matrix: Matrix) -> tuple[np.ndarray, np.ndarray]:
    """The feedback matrix transposed (:attr:`Matrix.by_answer`) and a random
    64-bit key per secret, made once per matrix (for :func:`moves_kernel`)."""
    keys: np.ndarray | None = matrix.__dict__.get("_answer_keys")
    if keys is None:
        rng = np.random.default_rng(20240607)
        keys = np.asarray(rng.integers(0, 2**63, size=matrix.codes.shape[1], dtype=np.int64), dtype=np.uint64)
        matrix.__dict__["_answer_keys"] = keys
    return matrix.by_answer, keys


@kernel
def closed_kernel(codes, cols, guess_of, npatterns):  # type: ignore[no-untyped-def]
    """Candidates that settle a position of ``n`` secrets ``cols`` at once:
    the least guess row of a candidate that leaves every other secret alone
    (cost ``2n - 1``; -1 if none), and whether some candidate leaves exactly
    one pair and singletons (cost ``2n`` with a turn to spare).
    ``guess_of[c]`` is the guess row of secret ``c`` (-1: not guessable).
    At most ``n`` rows of ``n`` codes each, a row dropped at its second
    collision."""
    n = cols.shape[0]
    stamp = np.zeros(npatterns, np.int64)
    best = -1
    pair = False
    for i in range(n):
        g = guess_of[cols[i]]
        if g < 0:
            continue
        row = codes[g]
        dup = 0
        for j in range(n):
            code = row[cols[j]]
            if stamp[code] == i + 1:
                dup += 1
                if dup > 1:
                    break
            else:
                stamp[code] = i + 1
        if dup == 0:
            if best < 0 or g < best:
                best = g
        elif dup == 1:
            pair = True
    return best, pair


@kernel
def first_distinct(hashes):  # type: ignore[no-untyped-def]
    """Indices of the first occurrence of each distinct value, ascending
    (an open-addressing hash set)."""
    m = hashes.shape[0]
    size = 16
    while size < 2 * m:
        size *= 2
    mask = np.uint64(size - 1)
    table = np.zeros(size, np.uint64)
    used = np.zeros(size, np.bool_)
    out = np.empty(m, np.int64)
    k = 0
    for i in range(m):
        h = hashes[i]
        slot = (h ^ (h >> np.uint64(29))) & mask
        while used[slot] and table[slot] != h:
            slot = (slot + np.uint64(1)) & mask
        if not used[slot]:
            used[slot] = True
            table[slot] = h
            out[k] = i
            k += 1
    return out[:k]


@kernel(inline=True)
def _sections(out, n, p):  # type: ignore[no-untyped-def]
    """The sections of a split of ``n`` secrets into ``p`` parts (see
    :func:`play_kernel`): secrets, codes, starts, bounds, open parts."""
    return (out[:n], out[n:n + p], out[n + p:n + 2 * p + 1], out[n + 2 * p + 1:n + 3 * p + 1],
            out[n + 3 * p + 1:])


@kernel
def _split(codes, row, cols, npatterns):  # type: ignore[no-untyped-def]
    """The parts of ``cols`` under guess ``row``, largest first (then by code),
    as :func:`play_kernel` returns them: ``(out, p)`` with ``out`` of
    ``n + 4p + 1`` numbers, the secrets part by part (each in the order of
    ``cols``), the parts' codes and their ``p + 1`` start offsets filled in."""
    n = cols.shape[0]
    line = codes[row]
    counts = np.zeros(npatterns, np.int64)
    for c in cols:
        counts[line[c]] += 1
    p = 0
    for code in range(npatterns):
        if counts[code]:
            p += 1
    keys = np.empty(p, np.int64)
    i = 0
    for code in range(npatterns):
        if counts[code]:
            keys[i] = (n - counts[code]) * npatterns + code
            i += 1
    keys.sort()
    out = np.empty(n + 4 * p + 1, np.int64)
    members, part_codes, starts, _, _ = _sections(out, n, p)
    at = np.zeros(npatterns, np.int64)
    starts[0] = 0
    for i in range(p):
        code = keys[i] % npatterns
        part_codes[i] = code
        at[code] = starts[i]
        starts[i + 1] = starts[i] + counts[code]
    for c in cols:
        code = line[c]
        members[at[code]] = c
        at[code] += 1
    return out, p


@kernel
def play_kernel(codes, row, cols, npatterns, green, guess_of, fill, cap, r1, budget):  # type: ignore[no-untyped-def]
    """The parts of ``cols`` under guess ``row`` with a lower bound of each
    for ``r1 >= 2`` turns left (every secret guessable, every one within the
    cap): the win 0; ``2k - 1`` and the fill bound ``fill[k]``; a part
    settled by a closed form (:func:`closed_kernel`) its exact cost
    (``2k - 1``, or ``2k`` with ``r1 >= 3``), otherwise at least ``2k``.
    The closed forms are not looked for once the bounds' sum reaches
    ``budget`` (the move is cut whatever they give).

    Returns ``(out, p, q, too_big, total)``: ``p`` parts, largest first (then
    by code), ``q`` of them left open (not settled: neither the win, nor one
    or two secrets, nor a closed form), whether some part holds more than
    ``cap`` secrets (the move cannot meet the cap) and the bounds' sum. One
    array ``out`` holds, one after the other, the ``n`` secrets part by part
    (each in the order of ``cols``), the parts' codes, their ``p + 1`` start
    offsets, their bounds and the open parts' indices (one array: a Python
    caller pays for each array returned)."""
    out, p = _split(codes, row, cols, npatterns)
    members, part_codes, starts, lows, open_parts = _sections(out, cols.shape[0], p)
    too_big = False
    total = 0
    q = 0
    for i in range(p):  # the bounds every part has, whatever the closed forms say
        k = starts[i + 1] - starts[i]
        if part_codes[i] == green:
            lows[i] = 0
            continue
        if k > cap:
            too_big = True
        lows[i] = max(2 * k - 1, fill[k])
        total += lows[i]
        if k > 2:
            open_parts[q] = i
            q += 1
    if too_big or total >= budget:
        return out, p, q, too_big, total
    still = 0
    for j in range(q):
        i = open_parts[j]
        k = starts[i + 1] - starts[i]
        perfect, pair = closed_kernel(codes, members[starts[i]:starts[i + 1]], guess_of, npatterns)
        lb = lows[i]
        if perfect >= 0:
            lb = 2 * k - 1
        elif pair and r1 >= 3:
            lb = 2 * k
        else:
            lb = max(lb, 2 * k)
            open_parts[still] = i
            still += 1
        total += lb - lows[i]
        lows[i] = lb
    return out, p, still, too_big, total


@kernel
def parts_bounds_kernel(codes, row, cols, npatterns, green, guess_of, fill, cap, r1, strict):  # type: ignore[no-untyped-def]
    """:func:`play_kernel` for any turns left ``r1`` and objective, without
    closed forms: each part's bound of :func:`generator.search.exact.part_bound`
    (with ``strict``, also the fill bound and ``INF`` past the capacity
    ``cap``); one secret is settled, and two when both are guessable with
    ``r1 >= 2``. Returns ``(out, p, q, base, total)`` in the layout of
    :func:`play_kernel`, where ``base`` is what the move costs besides its
    parts (a turn per secret, and the win's lateness with no turn left
    after it) and ``total`` the bounds' sum, :data:`INF` when some part has
    no tree or the guess is useless (it leaves the secrets as they were)."""
    n = cols.shape[0]
    out, p = _split(codes, row, cols, npatterns)
    _, part_codes, starts, lows, open_parts = _sections(out, n, p)
    base = n
    total = 0
    q = 0
    if p == 1 and part_codes[0] != green:
        return out, p, q, base, INF
    for i in range(p):
        k = starts[i + 1] - starts[i]
        if part_codes[i] == green:
            lows[i] = 0
            if r1 < 0:
                base += LATE
            continue
        if k == 1:
            lb = 1 if r1 >= 1 else (INF if strict else 1 + LATE)
        elif r1 >= 2:
            lb = 2 * k - 1
            if strict:
                lb = INF if k > cap else max(lb, fill[k])
        elif strict:
            lb = INF
        elif r1 == 1:
            lb = 1 + (k - 1) * (2 + LATE)
        else:
            lb = 2 * k - 1 + k * LATE
        if lb >= INF:
            return out, p, q, base, INF
        lows[i] = lb
        total += lb
        if k > 2 or (k == 2 and (r1 < 2 or guess_of[out[starts[i]]] < 0 or guess_of[out[starts[i] + 1]] < 0)):
            open_parts[q] = i
            q += 1
    return out, p, q, base, total


@kernel
def hard_filter(letters, counts, rows, guess, pattern):  # type: ignore[no-untyped-def]
    """The rows (guesses) still allowed in hard mode after ``guess`` got ``pattern``
    (marks 0 grey, 1 yellow, 2 green): greens in place, revealed letters as
    often as revealed. ``counts[w, x]``: how often word ``w`` holds letter ``x``."""
    length = guess.shape[0]
    # what the pattern requires: each revealed letter and how often
    need_letter = np.empty(length, np.int64)
    need_times = np.empty(length, np.int64)
    nneed = 0
    for p in range(length):
        if pattern[p] == 0:
            continue
        x = guess[p]
        known = False
        for q in range(nneed):
            if need_letter[q] == x:
                need_times[q] += 1
                known = True
        if not known:
            need_letter[nneed] = x
            need_times[nneed] = 1
            nneed += 1
    keep = np.empty(rows.shape[0], np.int64)
    m = 0
    for i in range(rows.shape[0]):
        w = rows[i]
        word = letters[w]
        ok = True
        for p in range(length):
            if pattern[p] == 2 and word[p] != guess[p]:
                ok = False
                break
        if ok:
            for q in range(nneed):
                if counts[w, need_letter[q]] < need_times[q]:
                    ok = False
                    break
        if ok:
            keep[m] = w
            m += 1
    return keep[:m]


@kernel
def swap_keeps(letters, cols, in_set, index, ncolors, kind, a, b):  # type: ignore[no-untyped-def]
    """Whether swapping colours (``kind`` 0) or positions (1) ``a`` and ``b``
    maps the codes ``cols`` onto themselves (``index``: code number -> word)."""
    p = letters.shape[1]
    for c in cols:
        word = letters[c]
        number = 0
        for i in range(p):
            if kind == 0:
                x = word[i]
                x = b if x == a else a if x == b else x
            else:
                x = word[b if i == a else a if i == b else i]
            number = number * ncolors + x
        image = index[number]
        if image < 0 or not in_set[image]:
            return False
    return True


@kernel
def orbit_firsts(letters, moves, cols, index, ncolors, perms):  # type: ignore[no-untyped-def]
    """Which ``moves`` come first (least code, that is least row) among the
    moves that permuting colours and positions maps onto them, for the
    permutations that map the secrets ``cols`` onto themselves: colours (and
    positions) that can be swapped so form blocks, and every permutation
    within the blocks does too. ``perms``: every permutation of the positions.
    A move and its image split ``cols`` alike up to that permutation, so
    they cost the same; only the first needs searching."""
    nwords, p = letters.shape
    in_set = np.zeros(nwords, np.bool_)
    for c in cols:
        in_set[c] = True
    cblock = np.arange(ncolors)
    for b in range(1, ncolors):
        for a in range(b):
            if cblock[a] == a and swap_keeps(letters, cols, in_set, index, ncolors, 0, a, b):
                cblock[b] = a
                break
    pblock = np.arange(p)
    for b in range(1, p):
        for a in range(b):
            if pblock[a] == a and swap_keeps(letters, cols, in_set, index, ncolors, 1, a, b):
                pblock[b] = a
                break
    keep = np.ones(moves.shape[0], np.bool_)
    symmetric = False
    for x in range(ncolors):
        if cblock[x] != x:
            symmetric = True
    for x in range(p):
        if pblock[x] != x:
            symmetric = True
    if not symmetric:
        return keep
    usable = np.zeros(perms.shape[0], np.bool_)
    for k in range(perms.shape[0]):
        ok = True
        for i in range(p):
            if pblock[perms[k, i]] != pblock[i]:
                ok = False
        usable[k] = ok
    image_of = np.empty(ncolors, np.int64)
    taken = np.zeros(ncolors, np.bool_)
    for j in range(moves.shape[0]):
        word = letters[moves[j]]
        own = 0
        for i in range(p):
            own = own * ncolors + word[i]
        for k in range(perms.shape[0]):
            if not usable[k]:
                continue
            # the least code of the colour relabellings of the permuted move
            image_of[:] = -1
            taken[:] = False
            number = 0
            for i in range(p):
                x = word[perms[k, i]]
                if image_of[x] < 0:
                    y = cblock[x]
                    while taken[y] or cblock[y] != cblock[x]:
                        y += 1
                    image_of[x] = y
                    taken[y] = True
                number = number * ncolors + image_of[x]
            if number < own:
                keep[j] = False
                break
    return keep
