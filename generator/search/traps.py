"""The one-letter trap: words that differ in one place only, and the way out.

A **family** is a set of words of a list that agree in every place but one:
*batch, hatch, latch, match, patch, watch* (``_atch``). Once the feedback has
narrowed the secret to a family, guessing its words one by one (self hard
mode: only words still possible are guessed) tells almost nothing about the
others: each miss rules out one letter. In the worst case that takes as many
guesses as the family has words. A **probe** word that holds several of the
letters that differ (*blimp* for ``_atch``: b, l, m, p) splits the family at
once, at the cost of a guess that cannot win.

:func:`families` finds the families of a list, largest first;
:func:`worst_case` is the exact worst case of getting out of one, with the
guesses a player allows (the family's own words at every step, or every
allowed word), and the first guess that achieves it.

>>> from generator.core.words import Alphabet, WordList
>>> words = WordList("demo", ("batch", "hatch", "latch", "match", "patch", "watch", "blimp"),
...                  Alphabet("abcdefghijklmnopqrstuvwxyz"), 5)
>>> fam = families(words)[0]
>>> fam.pattern, fam.words
('_atch', ('batch', 'hatch', 'latch', 'match', 'patch', 'watch'))
>>> worst_case(words, fam.words, fam.words).guesses  # self hard mode: one by one
6
>>> worst_case(words, fam.words, words.words)  # the probe blimp, then a probe or the word
WorstCase(guesses=3, first='blimp', at_least=3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from generator.core.feedback import all_green, feedback_matrix
from generator.core.words import Word, WordList

__all__ = ["Family", "Trap", "WorstCase", "families", "worst_case"]

#: the placeholder of the place where a family's words differ
GAP = "_"


@dataclass(frozen=True)
class Family:
    """Words that agree everywhere but at ``place`` (0-based)."""

    place: int
    pattern: str  # the shared letters, the differing place as "_": "_atch"
    words: tuple[Word, ...]  # in list order

    @property
    def letters(self) -> str:
        """The letters that differ, in the words' order: ``bhlmpw``."""
        return "".join(w[self.place] for w in self.words)


def families(words: WordList, *, smallest: int = 2) -> list[Family]:
    """Every family of at least ``smallest`` words, largest first (then by
    pattern). A word may be in more than one (*match* is in ``_atch`` and
    ``ma_ch``). Words of letters only (a digraph list is not split here).

    >>> from generator.core.words import Alphabet, WordList
    >>> words = WordList("demo", ("cigar", "cider", "rebut"), Alphabet("abcdefghijklmnopqrstuvwxyz"), 5)
    >>> families(words)
    []
    """
    groups: dict[tuple[int, str], list[Word]] = {}
    for w in words.words:
        for place in range(len(w)):
            groups.setdefault((place, w[:place] + GAP + w[place + 1:]), []).append(w)
    found = [Family(place, pattern, tuple(ws)) for (place, pattern), ws in groups.items() if len(ws) >= smallest]
    return sorted(found, key=lambda f: (-len(f.words), f.pattern))


@dataclass(frozen=True)
class WorstCase:
    """The fewest guesses that find any word of a family in the worst case:
    ``guesses`` for the way found (first guess ``first``), proved the fewest
    where ``at_least`` equals it (a search past its budget proves less)."""

    guesses: int
    first: Word
    at_least: int

    @property
    def proved(self) -> bool:
        return self.at_least == self.guesses

    def span(self, dash: str = "-") -> str:
        """The guesses as a table shows them: ``3`` where proved, else the
        range from the bound reached to the way found, ``3-4``."""
        return f"{self.guesses}" if self.proved else f"{self.at_least}{dash}{self.guesses}"


@dataclass(frozen=True)
class Trap:
    """A family of a tier of secrets, and the worst case of getting out of it:
    guessing its words one by one (self hard mode) and with any allowed word."""

    tier: str  # where the secrets come from (Wordle: answers, common, allowed)
    setup: str  # the catalog set-up of the tier
    family: Family
    one_by_one: WorstCase
    with_probe: WorstCase
    budget: int  # positions each worst-case search might visit


class _OutOfBudget(Exception):
    pass


#: positions a worst-case search may visit before it settles for the best way found
BUDGET = 5_000


def worst_case(words: WordList, family: Sequence[Word], guesses: Sequence[Word], *,
               budget: int = BUDGET) -> WorstCase:
    """The exact worst case of finding the secret, known to be one of
    ``family``, when every guess is one of ``guesses`` (words of ``words``
    that hold the family's) or, where ``guesses`` is the family itself, one
    of the words still possible (self hard mode). Counts the guess that
    finds the word. Turn limits are tried from a lower bound up; past
    ``budget`` positions the greedy way (most parts first) is kept, with the
    bound reached.
    """
    search = _Escape(words, family, guesses, budget)
    everyone = frozenset(range(len(search.member)))
    n = 1
    try:
        while (row := search.within(everyone, n)) < 0:
            n += 1
        return WorstCase(n, words.words[int(search.rows[row])], n)
    except _OutOfBudget:
        at_least = n  # every smaller limit failed
    while (row := search.within(everyone, n, True)) < 0:
        n += 1
    return WorstCase(n, words.words[int(search.rows[row])], at_least)


class _Escape:
    """The search of :func:`worst_case` for one family: the feedback of the
    guesses (rows) for the family's words (columns), and the positions
    searched (a set of columns and the turns left), each at most once."""

    def __init__(self, words: WordList, family: Sequence[Word], guesses: Sequence[Word], budget: int) -> None:
        secrets = words.indices(family)
        self.own = list(guesses) == list(family)
        self.rows = secrets if self.own else words.indices(guesses)
        self.matrix = feedback_matrix(words.codes[self.rows], words.codes[secrets])  # guesses x family
        self.green = all_green(words.length)
        index_of = {int(r): i for i, r in enumerate(self.rows)}
        self.member = [index_of.get(int(s), -1) for s in secrets]  # each family word's row among the guesses
        if min(self.member) < 0:
            raise ValueError("the guesses must hold the family's words")
        self.budget = budget
        self.visited = 0
        self.within: Callable[..., int] = cache(self._within)

    def parts(self, r: int, left: frozenset[int]) -> list[list[int]]:
        """The words ``left`` that guess ``r`` does not find, by its feedback."""
        by: dict[int, list[int]] = {}
        for c in sorted(left):
            code = int(self.matrix[r, c])
            if code != self.green:
                by.setdefault(code, []).append(c)
        return list(by.values())

    def _within(self, left: frozenset[int], turns: int, greedy: bool = False) -> int:
        """A first guess (its row) that finds any of ``left`` within ``turns``,
        or -1; ``greedy``: only the guess of most parts is tried."""
        self.visited += 1
        if self.visited > self.budget and not greedy:
            raise _OutOfBudget
        cols = np.array(sorted(left), dtype=np.int64)
        if len(cols) == 1:
            return self.member[int(cols[0])]
        if turns < 2:
            return -1
        # the guesses of this position: every guess, or (self hard mode) the words still possible
        options = cols if self.own else np.arange(len(self.rows))  # own: rows are the family's words
        if self.own and all(len(p) == len(cols) - 1 for p in (self.parts(int(r), left) for r in options)):
            return int(options[0]) if turns >= len(cols) else -1  # each tells only whether it is the one
        sub = self.matrix[np.ix_(options, cols)]
        distinct = 1 + np.count_nonzero(np.diff(np.sort(sub, axis=1), axis=1), axis=1)
        if turns == 2:  # a guess that tells every word apart
            hit = np.flatnonzero(distinct == len(cols))
            return int(options[hit[0]]) if len(hit) else -1
        # Words that differ in one place: a guess tells apart those whose letter it holds and
        # leaves the others together, so the largest part shrinks by at most (parts - 1) a turn,
        # and the words told apart need a turn more.
        told = int(distinct.max()) - 1
        if told < 1 or turns < -(-(len(cols) - 1) // told) + 1:
            return -1
        splits, first = np.unique(sub, axis=0, return_index=True)
        count = 1 + np.count_nonzero(np.diff(np.sort(splits, axis=1), axis=1), axis=1)
        order = np.lexsort((first, -count))  # most parts first, then list order
        for i in order[:1] if greedy else order:
            r = int(options[first[i]])
            if all(self.within(frozenset(p), turns - 1, greedy) >= 0 for p in self.parts(r, left)):
                return r
        return -1
