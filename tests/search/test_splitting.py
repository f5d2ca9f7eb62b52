"""Triples that leave no group too large (generator/search/splitting.py): the first one, as brute force finds it."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from generator.core.partition import Matrix
from generator.search import learn
from generator.search.learn import Costs, fewest_words
from generator.search.splitting import small_triple
from tests.search.test_learn import letter


def first_small(sub: np.ndarray, t: int) -> tuple[int, int, int] | None:
    """The first triple in the words' order whose groups hold at most ``t`` secrets, by trying each."""
    for triple in combinations(range(sub.shape[0]), 3):
        keys = [tuple(int(sub[r, c]) for r in triple) for c in range(sub.shape[1])]
        if max(keys.count(k) for k in set(keys)) <= t:
            return triple
    return None


def codes(m: Matrix) -> np.ndarray:
    return np.ascontiguousarray(m.codes)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("table", [True, False])
def test_the_first_triple_is_brute_forces(seed: int, table: bool) -> None:
    """With two turns left (sifted with the table of pairs, or without it)
    and with three: the same triple, or none, as trying every one."""
    m = letter(seed + 70, 14 + 3 * seed, 10)
    sub = codes(m)
    for t in (1, 2, 3):
        expected = first_small(sub, t)
        assert small_triple(sub, t, m.npatterns, 1 << 30 if table else 0) == expected, t
    assert any(first_small(codes(letter(s + 70, 14 + 3 * s, 10)), 2) for s in range(8)), "one case has a triple"


def test_a_triple_needing_no_move_is_searched_where_triples_are_too_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where triples are too many to cost and the best known set costs four
    words, every triple is scanned for one that needs no exception move: the
    letter is proved as if every triple were costed."""
    m = letter(304, 140, 12)  # a letter whose fewest are three openers and one exception move
    rows, cols = np.arange(len(m.guesses)), np.arange(len(m.answers))
    whole = fewest_words(Costs(m, cols, rows, 5), 3)
    assert (whole.words, len(whole.openers), whole.proved) == (4, 3, True)
    monkeypatch.setattr(learn, "SETS_MOST", comb(len(rows), 2))  # pairs costed, triples too many
    known = (4, -len(whole.openers), 0, whole.openers)
    monkeypatch.setattr(learn, "_first_bound", lambda costs, hints: known)  # four words known before the scans
    sifted = fewest_words(Costs(m, cols, rows, 5), 3)
    assert sifted.proved and sifted.words == 4 and "every triple that needs no exception move" in sifted.notes[-1]


def test_a_triple_needing_no_move_beats_four_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a triple needs no exception move, the scan finds it and the letter costs three words."""
    m = letter(304, 70, 12)  # three openers, every group small enough
    rows, cols = np.arange(len(m.guesses)), np.arange(len(m.answers))
    whole = fewest_words(Costs(m, cols, rows, 5), 3)
    assert (whole.words, len(whole.openers)) == (3, 3)
    monkeypatch.setattr(learn, "SETS_MOST", comb(len(rows), 2))
    monkeypatch.setattr(learn, "_first_bound", lambda costs, hints: (4, -2, 0, ()))
    sifted = fewest_words(Costs(m, cols, rows, 5), 3)
    assert sifted.proved and sifted.words == 3 and len(sifted.openers) == 3
    assert sifted.openers == first_small(codes(m)[:, cols][rows], 2)
