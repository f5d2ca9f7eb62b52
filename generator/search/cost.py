"""What a tree costs, and how a search packs that into one integer.

A search compares costs millions of times inside numba kernels, so it
holds a cost as one ``int64``; :class:`Cost` is the same cost as its parts,
read back in one place. Its order, written here once: **fewer secrets past
the last turn first** (``late``), then the least ``total`` (turns, or for
the card learner words to learn). A secret past the last turn adds a
weight larger than any total, so that the integers compare as the costs
do: :data:`LATE_COST` in the exact search (totals are turns: at most some
millions), the learner's own larger one where its totals hold a second
count (:data:`generator.search.learn_kernels.LATE_PRICE`).

>>> Cost.of(3 * LATE_COST + 8122)
Cost(late=3, total=8122)
>>> Cost(0, 7920).value, Cost(0, 7920) < Cost(1, 10)
(7920, True)
>>> Cost.of(INF) == NO_TREE, NO_TREE.found
(True, False)
"""

from __future__ import annotations

from typing import NamedTuple

INF = 1 << 60  # the cost of a position with no tree (within the cap or the budget)
LATE_COST = 1 << 20  # what a secret solved past the cap adds in the exact search: more than any total


class Cost(NamedTuple):
    """A tree's cost: the secrets it solves past the cap, then its total
    (compared in that order, as a tuple); :data:`NO_TREE` when there is none."""

    late: int
    total: int

    @classmethod
    def of(cls, value: int, late_weight: int = LATE_COST) -> Cost:
        """The cost a search's integer ``value`` stands for (each secret past
        the cap counts ``late_weight``)."""
        return NO_TREE if value >= INF else cls(value // late_weight, value % late_weight)

    def packed(self, late_weight: int = LATE_COST) -> int:
        """The search's integer of this cost (e.g. the cut of a search for a better tree)."""
        return INF if self == NO_TREE else self.late * late_weight + self.total

    @property
    def value(self) -> int:
        """The exact search's integer of this cost (:meth:`packed` with :data:`LATE_COST`)."""
        return self.packed()

    @property
    def found(self) -> bool:
        """Whether there is a tree at all."""
        return self != NO_TREE


NO_TREE = Cost(INF, INF)
