"""The exact search's numba kernels: partition statistics, bounds and
closed forms over the answer-major code matrix (what a game's rules add,
hard mode's filter and Mastermind's symmetry, is in
:mod:`generator.search.exact_rule_kernels`).

They work on plain arrays (a matrix's codes by answer, the columns of the
candidates, the rows of the guesses) and know nothing of the search that
calls them (:mod:`generator.search.exact`): what they return is explained
there.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from generator.core.jit import kernel, prange
from generator.core.partition import BLOCK, Matrix, klog_table, scan_serially, stats_block
from generator.search.cost import INF, LATE_COST


@kernel(parallel=True)
def scan_kernel(by_answer, rows, cols, npatterns, green, keys):  # type: ignore[no-untyped-def]
    """Per guess ``rows[j]``: part statistics over the secrets ``cols`` and a
    hash of the partition it makes (:func:`~generator.core.partition.stats_block`,
    ``keys``: a random key per secret), as arrays ``(largest, parts,
    squares, klogk, wins, phash)``.

    ``by_answer`` is the feedback matrix transposed (secrets x guesses), so
    that the codes of a block of guesses are gathered secret by secret from
    contiguous memory (the guesses x secrets matrix would need a cache line
    per code). Guesses are done in blocks on numba's threads; the secrets'
    keys and ``k log2 k`` of every part size are looked up in tables made
    once per call (1.4x faster than gathering and taking logs in the loop)."""
    out, key_of, klog = _scan_tables(keys, rows, cols)
    for b in prange((rows.shape[0] + BLOCK - 1) // BLOCK):
        stats_block(by_answer, rows, cols, npatterns, green, klog, key_of, b * BLOCK, *out)
    return out


@kernel
def scan_kernel_serial(by_answer, rows, cols, npatterns, green, keys):  # type: ignore[no-untyped-def]
    """:func:`scan_kernel` on the calling thread alone (small positions)."""
    out, key_of, klog = _scan_tables(keys, rows, cols)
    for b in range((rows.shape[0] + BLOCK - 1) // BLOCK):
        stats_block(by_answer, rows, cols, npatterns, green, klog, key_of, b * BLOCK, *out)
    return out


class ScanStats(NamedTuple):
    """What :func:`scan` says of each guess ``rows[j]`` over the secrets ``cols``."""

    largest: np.ndarray  # the size of its largest part
    parts: np.ndarray    # how many parts it makes (the win included)
    squares: np.ndarray  # the sum of its parts' sizes squared
    klogk: np.ndarray    # the sum of k log2 k over its parts
    wins: np.ndarray     # 1 if it is a candidate, else 0
    phash: np.ndarray    # a hash of the partition it makes


def scan(by_answer: np.ndarray, rows: np.ndarray, cols: np.ndarray, npatterns: int, green: int,
         keys: np.ndarray) -> ScanStats:
    """:func:`scan_kernel` (or on this thread alone, :func:`scan_kernel_serial`,
    for a small position), named."""
    kernel = scan_kernel_serial if scan_serially(len(rows) * len(cols)) else scan_kernel
    return ScanStats(*kernel(by_answer, rows, cols, npatterns, green, keys))


@kernel
def _scan_tables(keys, rows, cols):  # type: ignore[no-untyped-def]
    """:func:`scan_kernel`'s arrays for its guesses ``rows``, and its tables:
    the secrets' keys, ``k log2 k`` of every part size."""
    m, n = rows.shape[0], cols.shape[0]
    out = (np.empty(m, np.int64), np.empty(m, np.int64), np.empty(m, np.int64), np.empty(m, np.float64),
           np.empty(m, np.int64), np.empty(m, np.uint64))
    key_of = np.empty(n, np.uint64)
    for i in range(n):
        key_of[i] = keys[cols[i]]
    return out, key_of, klog_table(n)


@kernel
def parts_kernel(by_answer, rows, cols, npatterns, green, parts, wins):  # type: ignore[no-untyped-def]
    """Per guess ``rows[j]``: the number of parts it makes of ``cols`` and
    whether one is the win, and nothing else (a quick first pass: enough for
    the bound of every move). Bit-parallel: a block of guesses is swept
    secret by secret, each guess keeping the codes it has seen as a bit set
    and counting the codes seen before (no branch, no chain of updates)."""
    bits = np.zeros((PARTS_BLOCK, (npatterns + 63) >> 6), np.uint64)
    seen_twice = np.zeros(PARTS_BLOCK, np.int64)
    for start in range(0, rows.shape[0], PARTS_BLOCK):
        _parts_block(by_answer, rows, cols, green, parts, wins, start, bits, seen_twice)


PARTS_BLOCK = 512  # guesses swept together by parts_kernel


@kernel
def _parts_block(by_answer, rows, cols, green, parts, wins, start, bits, seen_twice):  # type: ignore[no-untyped-def]
    """:func:`parts_kernel` for the block of guesses from ``rows[start]``."""
    n = cols.shape[0]
    nb = min(rows.shape[0], start + PARTS_BLOCK) - start
    gw = green >> 6
    gb = np.uint64(1) << np.uint64(green & 63)
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
def part_bound(k, r, strict, fill, cap):  # type: ignore[no-untyped-def]
    """The least cost of a part of ``k`` secrets with ``r`` turns left: one
    secret 1, else ``2k - 1`` (one can be guessed at once, the others need a
    second guess). With ``strict`` (every secret within the cap) also the
    fill bound ``fill[k]`` (:func:`generator.search.exact_moves.fill_costs`),
    and :data:`INF` where ``k`` passes ``cap``, the most secrets any tree
    solves in the turns left, or the turns do not suffice; else each secret
    past the cap costs :data:`LATE_COST` more."""
    if k == 1:
        return 1 if r >= 1 else (INF if strict else 1 + LATE_COST)
    if r >= 2:
        if not strict:
            return 2 * k - 1
        return INF if k > cap else max(2 * k - 1, fill[k])
    if strict:
        return INF
    if r == 1:
        return 1 + (k - 1) * (2 + LATE_COST)
    return 2 * k - 1 + k * LATE_COST


@kernel
def move_bound(n, r, p, w, largest, strict, fill, cap):  # type: ignore[no-untyped-def]
    """The least cost of a move: ``n`` secrets, ``r`` turns left before it,
    ``p`` parts (``w`` = 1: one is the win), the largest of ``largest``
    secrets. It is :func:`part_bound` summed over the parts taken as even as
    possible (the bound is convex in ``k``), at least ``3n - p - w`` (the
    ``2k - 1`` of every part), plus a turn for every secret."""
    if r - 1 >= 2:
        if not strict:
            return 3 * n - p - w
        q = max(p - w, 1)
        rest = n - w
        base = rest // q
        extra = rest % q
        bound = n + extra * fill[min(base + 1, fill.shape[0] - 1)] + (q - extra) * fill[base]
        return INF if largest > cap else max(bound, 3 * n - p - w)
    if r - 1 == 1:
        if strict:
            return 2 * n - w if largest == 1 else INF
        return n + (p - w) + (n - p) * (2 + LATE_COST)
    if strict:
        return INF
    return 3 * n - p - w + LATE_COST * (n - w) + (LATE_COST * w if r <= 0 else 0)


@kernel
def move_bounds(n, r, parts, wins, largest, strict, fill, cap):  # type: ignore[no-untyped-def]
    """:func:`move_bound` of each move (arrays of its parts, wins and largest part)."""
    out = np.empty(parts.shape[0], np.int64)
    for j in range(parts.shape[0]):
        out[j] = move_bound(n, r, parts[j], wins[j], largest[j], strict, fill, cap)
    return out


@kernel
def quick_floor_kernel(by_answer, rows, cols, npatterns, green, fill, cap, r, strict, enough):  # type: ignore[no-untyped-def]
    """The least bound of any useful move from its parts and win alone
    (:func:`parts_kernel`): :func:`move_bound` with its largest part taken
    as small as the part count allows; and whether any move is useful.
    Once a block of guesses has brought the least bound to ``enough`` or
    below, the rest are not looked at (the caller needs no less)."""
    m = rows.shape[0]
    n = cols.shape[0]
    parts = np.empty(m, np.int64)
    wins = np.empty(m, np.int64)
    bits = np.zeros((PARTS_BLOCK, (npatterns + 63) >> 6), np.uint64)
    seen_twice = np.zeros(PARTS_BLOCK, np.int64)
    floor = np.int64(INF)
    useful = False
    for start in range(0, m, PARTS_BLOCK):
        _parts_block(by_answer, rows, cols, green, parts, wins, start, bits, seen_twice)
        for j in range(start, min(m, start + PARTS_BLOCK)):
            p = parts[j]
            w = wins[j]
            if p <= 1 and w == 0:
                continue
            useful = True
            smallest = max((n - w + max(p - w, 1) - 1) // max(p - w, 1), 1)
            floor = min(floor, move_bound(n, r, p, w, smallest, strict, fill, cap))
        if floor <= enough:
            break
    return floor, useful


@kernel
def local_floor_kernel(local, most, kept, at, npatterns, green, fill, cap, r, strict, enough):  # type: ignore[no-untyped-def]
    """:func:`quick_floor_kernel` of a part of a position from the
    position's own codes: ``local[j, i]`` the code of guess ``j`` against
    the position's ``i``-th secret, the guesses in order of ``most[j]``,
    the parts each makes of the position's secrets, most first, only those
    with ``kept[j]`` (hard mode: the guesses the part's position allows);
    ``at`` the places of the part's secrets among them. A guess makes at most as many
    parts of the part as of the position, so once that many parts could not
    bring the least bound down, no later guess can: the scan ends there, and
    also once the least bound is ``enough`` or below. Guess by guess, each
    reading its codes in one row and stamping the codes it has seen with
    its number (no chain of updates but between equal codes)."""
    k = at.shape[0]
    stamp = np.zeros(npatterns, np.int64)
    floor = np.int64(INF)
    useful = False
    for j in range(local.shape[0]):
        if not kept[j]:
            continue
        top = min(k, most[j])
        if useful and min(move_bound(k, r, top, 1, max((k - 1 + max(top - 1, 1) - 1) // max(top - 1, 1), 1),
                                     strict, fill, cap),
                          move_bound(k, r, top, 0, max((k + top - 1) // top, 1), strict, fill, cap)) >= floor:
            break
        row = local[j]
        mark = j + 1
        seen_twice = 0
        for i in range(k):
            code = row[at[i]]
            seen_twice += stamp[code] == mark
            stamp[code] = mark
        w = 1 if stamp[green] == mark else 0
        p = k - seen_twice
        if p <= 1 and w == 0:
            continue
        useful = True
        smallest = max((k - w + max(p - w, 1) - 1) // max(p - w, 1), 1)
        floor = min(floor, move_bound(k, r, p, w, smallest, strict, fill, cap))
        if floor <= enough:
            break
    return floor, useful


@kernel
def largest_family(families, cols, nfamilies):  # type: ignore[no-untyped-def]
    """The largest family among the secrets ``cols`` (secrets alike but at
    one place; ``families[c, p]``: the family of secret ``c`` that differs
    at place ``p``, -1 for none) and how many of its secrets are there."""
    count = np.zeros(max(nfamilies, 1), np.int64)
    for c in cols:
        for p in range(families.shape[1]):
            f = families[c, p]
            if f >= 0:
                count[f] += 1
    best = np.argmax(count)
    return best, count[best]


@kernel
def family_cut(families, family, size, cols, codes, rows, r, npatterns):  # type: ignore[no-untyped-def]
    """Whether no tree finds every secret of ``cols`` within ``r`` turns
    because of the ``size`` secrets of ``family`` among them. A guess
    splits a family's secrets into classes, all of one secret but the one
    of the letters it does not hold, so it tells apart at most one secret
    fewer than it makes classes; along the path of the secrets none of
    ``r - 1`` guesses tells apart, the family's secrets left number at least
    its size less what those guesses tell apart, and more than one cannot
    all be found by the last turn. The ``r - 1`` guesses of ``rows`` that make the most
    classes give the least (Alex Selby's endgame cut, github.com/alex1770/wordle)."""
    if size - 1 <= r - 1:  # every guess tells apart one secret at least
        return False
    live = np.empty(size, np.int64)
    k = 0
    for c in cols:
        for p in range(families.shape[1]):
            if families[c, p] == family:
                live[k] = c
                k += 1
    most = np.zeros(size + 1, np.int64)  # guesses by the classes they make
    seen = np.zeros(npatterns, np.int64)
    for j in range(rows.shape[0]):
        line = codes[rows[j]]
        classes = 0
        for c in live:
            if seen[line[c]] != j + 1:
                seen[line[c]] = j + 1
                classes += 1
        most[classes] += 1
    told, left = 0, r - 1
    for classes in range(size, 1, -1):
        take = min(left, most[classes])
        told += take * (classes - 1)
        left -= take
        if left == 0:
            break
    return size - 1 > told


def families_of(matrix: Matrix) -> tuple[np.ndarray, int]:
    """For each secret and place, the family of the secrets alike but at
    that place (three secrets or more; -1 for none), and how many families
    there are (for :func:`family_cut`)."""
    letters = matrix.answers.codes
    n, length = letters.shape
    out = np.full((n, length), -1, np.int64)
    nfamilies = 0
    for p in range(length):
        rest = np.delete(letters, p, axis=1)
        _, inverse, sizes = np.unique(rest, axis=0, return_inverse=True, return_counts=True)
        inverse = inverse.reshape(-1)
        big = sizes >= 3
        ids = np.full(len(sizes), -1, np.int64)
        ids[big] = nfamilies + np.arange(int(big.sum()))
        out[:, p] = ids[inverse]
        nfamilies += int(big.sum())
    return out, nfamilies


def answer_keys(answers: int) -> np.ndarray:
    """A random 64-bit key per secret, the same in every search (for
    :func:`scan_kernel`'s hash of a partition)."""
    rng = np.random.default_rng(20240607)
    return np.asarray(rng.integers(0, 2**63, size=answers, dtype=np.int64), dtype=np.uint64)


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
    :func:`move_parts_kernel`): secrets, codes, starts, bounds, open parts
    (:meth:`MoveSplit.table` reads the same layout in Python)."""
    return (out[:n], out[n:n + p], out[n + p:n + 2 * p + 1], out[n + 2 * p + 1:n + 3 * p + 1],
            out[n + 3 * p + 1:])


@kernel
def _split(codes, row, cols, npatterns):  # type: ignore[no-untyped-def]
    """The parts of ``cols`` under guess ``row``, largest first (then by code),
    as :func:`move_parts_kernel` returns them: ``(out, p)`` with ``out`` of
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
def move_parts_kernel(codes, row, cols, npatterns, green, guess_of, fill, cap, r1, strict, closures, budget):  # type: ignore[no-untyped-def]
    """The parts of ``cols`` under guess ``row`` with ``r1`` turns left after
    it, each with its :func:`part_bound`: the win 0; one secret, and two
    when both are guessable with ``r1 >= 2``, are settled. With
    ``closures`` (every secret within the cap) and ``r1 >= 2``, an open
    part of guessable secrets that a closed form settles
    (:func:`closed_kernel`) has its exact cost (``2k - 1``, or ``2k`` with
    ``r1 >= 3``), any other at least ``2k``; the closed forms are not looked
    for once the move's bound reaches ``budget`` (it is cut whatever they give).

    Returns ``(out, p, q, base, total)``: ``p`` parts, largest first (then
    by code), ``q`` of them left open, what the move costs besides its
    parts (a turn per secret, and the win's lateness with no turn left after
    it) and the parts' bounds' sum, :data:`INF` when some part has no tree
    or the guess is useless (it leaves the secrets as they were). One array
    ``out`` holds, one after the other, the ``n`` secrets part by part (each
    in the order of ``cols``), the parts' codes, their ``p + 1`` start
    offsets, their bounds and the open parts' indices (one array: a Python
    caller pays for each array returned)."""
    n = cols.shape[0]
    out, p = _split(codes, row, cols, npatterns)
    members, part_codes, starts, lows, open_parts = _sections(out, n, p)
    base = n
    total = 0
    q = 0
    if p == 1 and part_codes[0] != green:
        return out, p, q, base, INF
    dead = False  # some part has no tree (every part is still bounded: see Search.move_parts)
    for i in range(p):
        k = starts[i + 1] - starts[i]
        if part_codes[i] == green:
            lows[i] = 0
            base += LATE_COST if r1 < 0 else 0
            continue
        lows[i] = part_bound(k, r1, strict, fill, cap)
        dead |= lows[i] >= INF
        total += 0 if dead else lows[i]
        if k > 2 or (k == 2 and (r1 < 2 or guess_of[members[starts[i]]] < 0 or guess_of[members[starts[i] + 1]] < 0)):
            open_parts[q] = i
            q += 1
    if dead:
        return out, p, q, base, INF
    if not closures or r1 < 2 or base + total >= budget:
        return out, p, q, base, total
    still = 0
    for j in range(q):
        i = open_parts[j]
        k = starts[i + 1] - starts[i]
        part = members[starts[i]:starts[i + 1]]
        perfect, pair = -1, False
        if k > 2 and _guessable(part, guess_of):
            perfect, pair = closed_kernel(codes, part, guess_of, npatterns)
            lb = 2 * k - 1 if perfect >= 0 else 2 * k if pair and r1 >= 3 else max(lows[i], 2 * k)
            total += lb - lows[i]
            lows[i] = lb
        if perfect < 0 and not (pair and r1 >= 3):
            open_parts[still] = i
            still += 1
    return out, p, still, base, total


@kernel
def _guessable(part, guess_of):  # type: ignore[no-untyped-def]
    """Whether every secret of ``part`` is a guess."""
    for c in part:
        if guess_of[c] < 0:
            return False
    return True


class PartTable(NamedTuple):
    """A move's parts as lists (:meth:`MoveSplit.table`), largest first."""

    codes: list[int]   # each part's pattern code
    starts: list[int]  # where each begins among the move's secrets (one more: the end)
    bounds: list[int]  # each part's lower bound (exact where the part is not open)
    open: list[int]    # the parts still to search (their indices)


class MoveSplit(NamedTuple):
    """A guess played at a position, as :func:`split_move` returns it: the
    position's secrets part by part, how many parts and how many of them
    open, what the move costs besides its parts (a turn per secret, and the
    win's lateness with no turn left after it) and the sum of its parts'
    bounds (:data:`INF`: some part has no tree, or the guess is useless)."""

    packed: np.ndarray  # move_parts_kernel's one array (read it through secrets and table)
    size: int           # the position's secrets
    parts: int
    opened: int
    base: int
    bound: int

    @property
    def secrets(self) -> np.ndarray:
        """The position's secrets, part by part (each in the position's order)."""
        return self.packed[:self.size]

    def table(self) -> PartTable:
        """The parts' codes, starts, bounds and the open ones, read from the
        array in one call (the layout :func:`_sections` gives it)."""
        n, p = self.size, self.parts
        info: list[int] = self.packed[n:n + 3 * p + 1 + self.opened].tolist()
        return PartTable(info[:p], info[p:2 * p + 1], info[2 * p + 1:3 * p + 1], info[3 * p + 1:])


def split_move(codes: np.ndarray, row: int, cols: np.ndarray, npatterns: int, green: int, guess_of: np.ndarray,
               fill: np.ndarray, cap: int, r1: int, strict: bool, closures: bool, budget: int) -> MoveSplit:
    """:func:`move_parts_kernel`, named."""
    packed, p, q, base, bound = move_parts_kernel(codes, row, cols, npatterns, green, guess_of, fill, cap, r1,
                                                  strict, closures, budget)
    return MoveSplit(packed, len(cols), p, q, base, bound)
