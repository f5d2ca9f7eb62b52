"""Partition statistics against a plain Python count of part sizes."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from generator.core import partition
from generator.core.catalog import load_list
from generator.core.feedback import feedback
from generator.core.partition import Matrix


def parts(m: Matrix, row: int, cols: np.ndarray) -> Counter[str]:
    g = m.guess_word(row)
    return Counter(feedback(g, m.answer_word(int(c))) for c in cols)


@pytest.mark.parametrize("seed", range(5))
def test_stats_equal_plain_count(nl: Matrix, seed: int) -> None:
    rng = np.random.default_rng(seed)
    cols = np.sort(rng.choice(len(nl.answers), size=int(rng.integers(1, 120)), replace=False))
    rows = rng.choice(len(nl.guesses), size=40, replace=False)
    s = nl.stats(rows, cols)
    for i, r in enumerate(rows):
        sizes = list(parts(nl, int(r), cols).values())
        assert s.largest[i] == max(sizes)
        assert s.parts[i] == len(sizes)
        assert s.squares[i] == sum(k * k for k in sizes)
        assert s.klogk[i] == pytest.approx(sum(k * math.log2(k) for k in sizes))
        assert s.wins[i] == (nl.guess_word(int(r)) in {nl.answer_word(int(c)) for c in cols})
    assert s.n == len(cols)


@pytest.mark.parametrize("n", [1, 7, 300])
def test_the_three_stats_kernels_agree(nl: Matrix, n: int) -> None:
    """The row layout, the transposed one in parallel blocks, and the same
    blocks on the calling thread (what Matrix.stats runs below SERIAL_BELOW)."""
    rng = np.random.default_rng(n)
    cols = np.sort(rng.choice(len(nl.answers), size=n, replace=False)).astype(np.int64)
    rows = np.arange(len(nl.guesses), dtype=np.int64)  # several blocks, the last one short
    got = []
    for kernel, matrix in ((partition._stats_kernel, nl.codes), (partition._stats_by_answer_kernel, nl.by_answer),
                           (partition._stats_by_answer_serial, nl.by_answer)):
        out = [np.empty(len(rows), t) for t in (np.int64, np.int64, np.int64, np.float64, np.int64)]
        kernel(matrix, rows, cols, nl.npatterns, nl.green, *out)
        got.append(out)
    for other in got[1:]:
        for a, b in zip(got[0], other):
            np.testing.assert_allclose(a, b)


def test_split_groups_by_pattern(nl: Matrix) -> None:
    cols = np.array([i for i, w in enumerate(nl.answers.words) if w[0] == "q"])
    row = nl.guesses.position["stoel"]
    split = nl.split(row, cols)
    assert sorted(int(c) for part in split.values() for c in part) == sorted(cols.tolist())
    for code, part in split.items():
        for c in part:
            assert feedback("stoel", nl.answer_word(int(c))) == nl.pattern(code)
    assert list(split) == sorted(split)


def test_answer_as_guess(nl: Matrix) -> None:
    for col in (0, 100, len(nl.answers) - 1):
        row = int(nl.answer_as_guess[col])
        assert nl.guess_word(row) == nl.answer_word(col)


def test_long_words_use_sorting_path() -> None:
    """Lengths with more than 2^16 patterns are counted by sorting."""
    words = load_list("en-enable").with_length(11)
    m = Matrix.build(words, words)
    assert m.npatterns > 1 << 16
    cols = np.arange(60)
    s = m.stats(np.arange(5), cols)
    for i in range(5):
        sizes = list(parts(m, i, cols).values())
        assert (s.largest[i], s.parts[i], s.squares[i]) == (max(sizes), len(sizes), sum(k * k for k in sizes))


def test_by_answer_is_the_transpose_made_once(nl: Matrix) -> None:
    t = nl.by_answer
    np.testing.assert_array_equal(t, nl.codes.T)
    assert t.flags.c_contiguous and not t.flags.writeable
    assert nl.by_answer is t
