"""Opener scans against brute force on small instances."""

from __future__ import annotations

import numpy as np

from generator.core.partition import Matrix
from generator.search.openers import (
    dense_keys,
    group_scan,
    hill_climb,
    score,
    single_scan,
)


def letter(m: Matrix, first: str) -> np.ndarray:
    return np.array([i for i, w in enumerate(m.answers.words) if w[0] == first])


def brute(m: Matrix, openers: tuple[int, ...], cols: np.ndarray, limit: int) -> tuple[int, int]:
    groups: dict[tuple[int, ...], int] = {}
    for c in cols:
        key = tuple(int(m.codes[r, c]) for r in openers)
        groups[key] = groups.get(key, 0) + 1
    return sum(1 for v in groups.values() if v > limit), sum(v * v for v in groups.values())


def test_group_scan_matches_brute_force(nl: Matrix) -> None:
    cols = letter(nl, "n")
    rows = np.arange(0, len(nl.guesses), 97)
    fixed = (nl.guesses.position["roman"],)
    over, largest, squares = group_scan(nl, fixed, cols, rows, 3)
    for i, r in enumerate(rows):
        assert (over[i], squares[i]) == brute(nl, fixed + (int(r),), cols, 3)


def test_group_scan_with_a_base_key_matches_brute_force(nl: Matrix) -> None:
    cols = np.flatnonzero(np.isin([w[0] for w in nl.answers.words], list("abk")))
    base = np.array([ord(nl.answers.words[c][0]) for c in cols])
    rows = np.arange(0, len(nl.guesses), 211)
    fixed = (nl.guesses.position["roman"],)
    over, largest, squares = group_scan(nl, fixed, cols, rows, 3, base)
    for i, r in enumerate(rows):
        groups: dict[tuple[int, ...], int] = {}
        for c, b in zip(cols, base):
            key = (int(b), int(nl.codes[fixed[0], c]), int(nl.codes[r, c]))
            groups[key] = groups.get(key, 0) + 1
        assert (over[i], largest[i], squares[i]) == (sum(v > 3 for v in groups.values()), max(groups.values()),
                                                     sum(v * v for v in groups.values()))


def test_single_scan_is_sorted_and_exact(nl: Matrix) -> None:
    cols = letter(nl, "j")
    rows = np.arange(0, len(nl.guesses), 13)
    out = single_scan(nl, cols, rows, 4)
    assert [x.key for x in out] == sorted(x.key for x in out)
    for x in out[:20]:
        assert (x.oversized, x.squares) == brute(nl, x.rows, cols, 4)


def test_hill_climb_is_seeded_and_reaches_a_local_optimum(nl: Matrix) -> None:
    cols = letter(nl, "c")
    rows = np.arange(0, len(nl.guesses), 7)
    a = hill_climb(nl, cols, rows, 2, 3, restarts=3, seed=5)
    b = hill_climb(nl, cols, rows, 2, 3, restarts=3, seed=5)
    assert a == b
    top = a[0]
    # no single replacement improves it
    for slot in range(2):
        fixed = top.rows[:slot] + top.rows[slot + 1:]
        over, _, sq = group_scan(nl, fixed, cols, rows, 3)
        assert min(zip(over.tolist(), sq.tolist())) >= (top.oversized, top.squares)
    assert score(nl, top.rows, cols, 3) == top


def test_dense_keys_with_base(nl: Matrix) -> None:
    cols = np.arange(50)
    base = np.array([i % 2 for i in range(50)])
    key, n = dense_keys(nl, (), cols, base)
    assert n == 2 and set(key.tolist()) == {0, 1}
