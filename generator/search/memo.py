"""A memo of positions for the searches in numba: what is known of each.

A position is a sorted array of indices (the candidates) and one small
integer (turns or misses to spare). The memo grows as it fills, so that a
search can keep every position it meets however long it runs, and its keys
are compared word by word, never taken on trust from a hash:

* ``index``: a position's hash -> its first entry (a chain through ``NEXT``
  holds the rare positions of one hash, each checked word by word);
* ``entries``: :data:`FIELDS` integers per position (see the field names):
  its value, whether the value is its cost (``SOLVED``; else a lower bound) and the move
  that gives it (``LETTER``: a letter in Hangman, a word elsewhere);
* ``arena``: the candidates of every position, one after the other;
* ``used``: the entries and the arena's words used.

Entries and arena are arrays held in one-item typed lists, so that a search
can put a larger array in their place as they fill (an array is read at
array speed; a typed list item by item is about 100 times slower). A memo is
one search's alone: numba's typed dictionary is not safe across threads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from generator.core.jit import kernel, numba_module
from generator.core.partition import mix

if TYPE_CHECKING:
    from numba.typed import Dict, List

FIELDS = 7
OFF, LEN, SPARE, VALUE, SOLVED, LETTER, NEXT = range(FIELDS)  # an entry's fields


def new_memo() -> tuple[Dict, List, List, np.ndarray]:
    """An empty memo: (index, entries, arena, used)."""
    numba_module()  # numba as the kernels load it (see generator.core.jit)
    from numba import types
    from numba.typed import Dict, List

    return (Dict.empty(key_type=types.uint64, value_type=types.int64),
            List([np.zeros((1 << 10, FIELDS), np.int64)]), List([np.zeros(1 << 16, np.int32)]),
            np.zeros(2, np.int64))


@kernel
def key_hash(cols, keys, spare):  # type: ignore[no-untyped-def]
    """The hash of a position."""
    h = np.uint64(spare + 1) * np.uint64(0x9E3779B97F4A7C15)
    for j in cols:
        h += keys[j]
    return mix(h)


@kernel
def find(memo, cols, spare, h):  # type: ignore[no-untyped-def]
    """The entry of a position, or -1."""
    index, entries, arena = memo[0], memo[1][0], memo[2][0]
    e = index[h] if h in index else -1
    k = len(cols)
    while e >= 0:
        if entries[e, SPARE] == spare and entries[e, LEN] == k:
            off = entries[e, OFF]
            same = True
            for i in range(k):
                if arena[off + i] != cols[i]:
                    same = False
                    break
            if same:
                return e
        e = entries[e, NEXT]
    return -1


@kernel
def put(memo, cols, spare, h, e, value, solved, letter):  # type: ignore[no-untyped-def]
    """Keep (or replace) what is known of a position: ``e`` is its entry as
    :func:`find` gave it (-1: none), asked once by the caller (a search
    below a position never keeps that position, so it still holds)."""
    entries = memo[1][0]
    if e >= 0:
        entries[e, VALUE] = value
        entries[e, SOLVED] = solved
        entries[e, LETTER] = letter
        return
    index, arena, used = memo[0], memo[2][0], memo[3]
    e, off = used[0], used[1]
    if e == entries.shape[0]:  # full: twice the room
        wider = np.empty((2 * e, FIELDS), np.int64)
        wider[:e] = entries
        memo[1][0] = wider
        entries = wider
    if off + len(cols) > len(arena):
        longer = np.empty(2 * (off + len(cols)), np.int32)
        longer[:off] = arena[:off]
        memo[2][0] = longer
        arena = longer
    entries[e, OFF] = off
    entries[e, LEN] = len(cols)
    entries[e, SPARE] = spare
    entries[e, VALUE] = value
    entries[e, SOLVED] = solved
    entries[e, LETTER] = letter
    entries[e, NEXT] = index[h] if h in index else -1
    for i in range(len(cols)):
        arena[off + i] = cols[i]
    index[h] = e
    used[0] = e + 1
    used[1] = off + len(cols)
