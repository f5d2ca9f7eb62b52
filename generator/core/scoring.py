"""Heuristics: small, swappable functions of part sizes.

A heuristic takes the :class:`~generator.core.partition.PartStats` of many guesses
and returns **sort keys**, most important first; the best guess has the
smallest keys (compared lexicographically, as ``numpy.lexsort`` does). Every
search takes the heuristic as a parameter, so adding one is adding a function.

The builders add two last keys themselves: a candidate (a guess that can win)
before a non-candidate, then the guess's place in the guesses list (alphabetical
for the shipped lists), so every choice is deterministic.

=============  =============================================================
name           keys (smaller is better)
=============  =============================================================
scm            largest part (the 1992 paper's def. 1), then more parts
               (def. 2), then e = sum a_k k^2 (footnote 6)
minimax        largest part only (Knuth's Mastermind rule)
expected       expected part size sum k^2 / n, then largest part
entropy        minus the entropy of the partition, then largest part
most-parts     minus the number of parts, then largest part
=============  =============================================================
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from generator.core.ids import short
from generator.core.partition import PartStats
from generator.errors import StrategyError

Keys = tuple[np.ndarray, ...]
Heuristic = Callable[[PartStats], Keys]


def scm(s: PartStats) -> Keys:
    """Subset Cardinality Minimizing, with the paper's tie-breaks."""
    return (s.largest, -s.parts, s.squares)


def minimax(s: PartStats) -> Keys:
    return (s.largest,)


def expected(s: PartStats) -> Keys:
    # sum k^2 / n orders guesses exactly as sum k^2 does for one candidate set
    return (s.squares, s.largest)


def entropy(s: PartStats) -> Keys:
    # H = log2 n - sum(k log2 k)/n: maximizing H is minimizing sum k log2 k
    return (np.round(s.klogk, 9), s.largest)


def most_parts(s: PartStats) -> Keys:
    return (-s.parts, s.largest)


HEURISTICS: dict[str, Heuristic] = {
    "scm": scm,
    "minimax": minimax,
    "expected": expected,
    "entropy": entropy,
    "most-parts": most_parts,
}


def heuristic(name: str) -> Heuristic:
    try:
        return HEURISTICS[name]
    except KeyError:
        raise StrategyError(
            f"unknown heuristic {short(name)!r} (expected one of: {', '.join(HEURISTICS)})"
        ) from None


def expected_size(s: PartStats) -> np.ndarray:
    """Expected number of candidates left after each guess (sum k^2 / n)."""
    return s.squares / max(s.n, 1)


def entropy_bits(s: PartStats) -> np.ndarray:
    """Information of each guess in bits."""
    n = max(s.n, 1)
    bits: np.ndarray = np.log2(n) - s.klogk / n
    return bits


def rank(s: PartStats, score: Heuristic, order: np.ndarray | None = None) -> np.ndarray:
    """Positions of the guesses from best to worst: the heuristic's keys, then
    candidates first, then ``order`` (default: position in ``s``)."""
    tail = np.arange(len(s.largest)) if order is None else order
    keys = score(s) + (-s.wins, tail)
    return np.lexsort(tuple(reversed(keys)))


def best(s: PartStats, score: Heuristic, order: np.ndarray | None = None) -> int:
    """Position of the best guess (see :func:`rank`)."""
    return int(rank(s, score, order)[0])
