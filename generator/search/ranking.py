"""First words ranked: which opener leads to the best tree.

A ranking is plain data (:class:`OpenerRanking`): for one strategy, rule and
tier, the first words built and how the tree after each does. Building a tree
per allowed word takes hours, so a ranking is exact over a **shortlist**:
the words the strategy itself likes best as a first move
(:func:`first_moves`), plus any words asked for, placed among them. The
:data:`OPTIMAL` ranking weighs every first word instead: exact totals for
the best, a proved lower bound for each of the others
(:mod:`generator.runs.first_words`). The runs layer builds the trees
(:func:`generator.runs.wordle.rank_openers`);
:mod:`generator.output.rankingfile` reads and writes rankings.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.core.partition import Matrix
from generator.core.scoring import Heuristic, rank

#: the strategy of a ranking by the exact search: the optimal tree after each first word,
#: whose first-move place is its place by entropy (the search's order after its bound)
OPTIMAL = "optimal"


@dataclass(frozen=True)
class OpenerScore:
    """How one first word does: the greedy tree after it, and its place by
    the strategy's own first-move keys among every word allowed first."""

    word: str
    total: int  # guesses over every secret
    max_turns: int
    late: int  # secrets past the game's turns
    first_move_place: int  # 1 = the word the strategy itself opens with


@dataclass(frozen=True)
class OpenerBound:
    """A first word the :data:`OPTIMAL` ranking did not search to the end:
    the tree after it costs at least ``at_least`` (None: no tree keeps every
    secret within the game's turns)."""

    word: str
    at_least: int | None


@dataclass(frozen=True)
class OpenerRanking:
    """The first words of a strategy, rule and tier, best total first."""

    tier: str  # where the secrets come from (Wordle: answers, common, allowed)
    setup: str  # the catalog set-up of the tier
    rule: str
    strategy: str
    shortlist: int  # how many words by first-move keys were built
    secrets: int
    scores: tuple[OpenerScore, ...]
    asked: tuple[str, ...] = ()  # words built on request, to be placed in the ranking
    bounds: tuple[OpenerBound, ...] = ()  # OPTIMAL: the other first words weighed, each with a lower bound
    first_words: int = 0  # OPTIMAL: the words allowed first (0: not counted)

    @property
    def complete(self) -> bool:
        """Whether every word allowed first is weighed (:data:`OPTIMAL`)."""
        return bool(self.first_words) and len(self.scores) + len(self.bounds) == self.first_words

    @property
    def proved_best(self) -> bool:
        """Whether every first word is weighed and the ``shortlist`` best
        totals are below every bound: they are the best of all first words."""
        if not self.complete or len(self.scores) < self.shortlist:
            return False
        bar = self.bar
        return bar is None or self.scores[self.shortlist - 1].total < bar

    @property
    def bar(self) -> int | None:
        """The least lower bound of the words without an exact total (None: none is finite)."""
        return min((b.at_least for b in self.bounds if b.at_least is not None), default=None)

    @property
    def no_tree(self) -> int:
        """How many words without an exact total leave no tree within the game's turns."""
        return sum(b.at_least is None for b in self.bounds)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.tier, self.rule, self.strategy)

    def place(self, word: str) -> int | None:
        """The place of ``word`` by total (1 = best), None if not built or,
        in a ranking with bounds, not known (its total reaches the least
        bound: words without an exact total may rank either side of it)."""
        bar = self.bar
        for i, s in enumerate(self.scores, 1):
            if s.word == word:
                return i if bar is None or s.total < bar else None
        return None

    def mean(self, score: OpenerScore) -> float:
        return round(score.total / self.secrets, 4) if self.secrets else 0.0


def first_moves(matrix: Matrix, rows: np.ndarray, cols: np.ndarray, score: Heuristic) -> np.ndarray:
    """The guesses ``rows`` best first by ``score`` over all secrets ``cols``
    (ties as in every greedy choice: candidates first, then list order)."""
    best: np.ndarray = np.asarray(rows)[rank(matrix.stats(rows, cols), score, rows)]
    return best


def ordered(scores: list[OpenerScore], strategy: str = "") -> tuple[OpenerScore, ...]:
    """Best total first; ties by the first-move place. The :data:`OPTIMAL`
    ranking puts the fewest secrets past the turns first, as its search does."""
    if strategy == OPTIMAL:
        return tuple(sorted(scores, key=lambda s: (s.late, s.total, s.first_move_place)))
    return tuple(sorted(scores, key=lambda s: (s.total, s.first_move_place)))
