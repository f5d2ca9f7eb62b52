"""Heuristics: keys from part sizes, ranking with deterministic tie-breaks."""

from __future__ import annotations

import numpy as np
import pytest

from generator.core.partition import PartStats
from generator.core.scoring import (
    HEURISTICS,
    best,
    entropy_bits,
    expected_size,
    heuristic,
    rank,
    scm,
)
from generator.errors import StrategyError


def stats(*partitions: list[int], wins: list[int] | None = None) -> PartStats:
    arr = lambda f: np.array([f(p) for p in partitions])  # noqa: E731
    return PartStats(
        largest=arr(max), parts=arr(len), squares=arr(lambda p: sum(k * k for k in p)),
        klogk=np.array([sum(k * np.log2(k) for k in p) for p in partitions], dtype=float),
        wins=np.array(wins or [0] * len(partitions)), n=sum(partitions[0]),
    )


def test_scm_prefers_smallest_largest_part_then_more_parts_then_squares() -> None:
    # the paper's Fig. 2: stoel (all singletons) beats kramp (2,1,1) beats staan (2,2)
    s = stats([2, 2], [2, 1, 1], [1, 1, 1, 1])
    assert list(rank(s, scm)) == [2, 1, 0]
    # equal largest and parts: smaller sum of squares wins (footnote 6)
    s = stats([3, 3, 1, 1], [3, 2, 2, 1])
    assert best(s, scm) == 1


def test_candidate_breaks_ties_then_order() -> None:
    s = stats([1, 1, 1], [1, 1, 1], wins=[0, 1])
    assert best(s, scm) == 1
    s = stats([1, 1], [1, 1])
    assert best(s, scm, order=np.array([5, 3])) == 1


@pytest.mark.parametrize("name", sorted(HEURISTICS))
def test_every_heuristic_picks_the_obvious_split(name: str) -> None:
    s = stats([4], [2, 2], [1, 1, 1, 1])
    assert best(s, HEURISTICS[name]) == 2


def test_expected_size_and_entropy() -> None:
    s = stats([2, 2], [1, 1, 1, 1])
    assert expected_size(s).tolist() == [2.0, 1.0]
    assert entropy_bits(s).tolist() == pytest.approx([1.0, 2.0])


def test_unknown_heuristic() -> None:
    with pytest.raises(StrategyError, match="unknown heuristic 'nope'"):
        heuristic("nope")
