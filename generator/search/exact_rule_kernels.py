"""The numba kernels of what a game's rules add to the exact search
(:mod:`generator.search.exact_rules`): the guesses hard mode still allows
after a feedback (:func:`hard_filter`), and the moves of Mastermind and
Bulls and Cows that a permutation of the symbols and positions does not map
onto a smaller one (:func:`orbit_firsts`).

Like :mod:`generator.search.exact_kernels` they work on plain arrays and
know nothing of the search that calls them.
"""

from __future__ import annotations

import numpy as np

from generator.core.jit import kernel


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
def _swap_blocks(letters, cols, in_set, index, ncolors, kind, size):  # type: ignore[no-untyped-def]
    """The blocks of colours (``kind`` 0) or positions (1) that can be
    swapped keeping the codes ``cols``: each one's first member, and whether
    any two can."""
    block = np.arange(size)
    for b in range(1, size):
        for a in range(b):
            if block[a] == a and swap_keeps(letters, cols, in_set, index, ncolors, kind, a, b):
                block[b] = a
                break
    return block, np.any(block != np.arange(size))


@kernel
def _least_image(word, perm, cblock, image_of, taken):  # type: ignore[no-untyped-def]
    """The least code of the colour relabellings (within ``cblock``'s
    blocks) of ``word`` with its positions permuted by ``perm``."""
    ncolors = cblock.shape[0]
    image_of[:] = -1
    taken[:] = False
    number = 0
    for i in range(word.shape[0]):
        x = word[perm[i]]
        if image_of[x] < 0:
            y = cblock[x]
            while taken[y] or cblock[y] != cblock[x]:
                y += 1
            image_of[x] = y
            taken[y] = True
        number = number * ncolors + image_of[x]
    return number


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
    cblock, colours = _swap_blocks(letters, cols, in_set, index, ncolors, 0, ncolors)
    pblock, positions = _swap_blocks(letters, cols, in_set, index, ncolors, 1, p)
    keep = np.ones(moves.shape[0], np.bool_)
    if not (colours or positions):
        return keep
    usable = np.zeros(perms.shape[0], np.bool_)
    for k in range(perms.shape[0]):
        usable[k] = np.all(pblock[perms[k]] == pblock)
    image_of = np.empty(ncolors, np.int64)
    taken = np.zeros(ncolors, np.bool_)
    for j in range(moves.shape[0]):
        word = letters[moves[j]]
        own = 0
        for i in range(p):
            own = own * ncolors + word[i]
        for k in range(perms.shape[0]):
            if usable[k] and _least_image(word, perms[k], cblock, image_of, taken) < own:
                keep[j] = False
                break
    return keep
