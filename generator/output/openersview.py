"""Wordle's first words and one-letter traps as a set-up's page shows them.

:func:`openers_view` makes the table of a ranking of first words
(``trees/openers.json``, :mod:`generator.search.ranking`), :func:`trap_row`
a row of the one-letter families (``trees/traps.json``,
:mod:`generator.search.traps`).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.output.sheets import rule_title, strategy_short, strategy_title
from generator.search.ranking import OPTIMAL, OpenerRanking
from generator.search.traps import Trap


@dataclass(frozen=True)
class OpenerRow:
    """One first word of a ranking, as its table shows it."""

    place: int | None  # None: past the proved part of an optimal ranking (its place is not known)
    word: str
    total: int
    mean: float
    max_turns: int
    late: int
    first_move_place: int


@dataclass(frozen=True)
class OpenersView:
    """A ranking of first words (:mod:`generator.search.ranking`) on its set-up's page."""

    strategy: str  # the strategy's short name
    title: str
    rule_title: str
    built: int  # openers whose trees were built
    shortlist: int
    top: tuple[OpenerRow, ...]
    placed: tuple[OpenerRow, ...]  # the words asked for, below the top
    optimal: bool = False  # the optimal tree after each word (the exact search), not greedy play
    weighed: int = 0  # optimal: the first words weighed (0: only the built ones)
    first_words: int = 0  # optimal: the words allowed first
    bar: int | None = None  # optimal: the least lower bound of a word without an exact total
    bar_mean: float = 0.0  # optimal: that bound a game
    no_tree: int = 0  # optimal: first words after which no tree keeps every secret within the turns
    proved: bool = False  # optimal: the `shortlist` best are proved the best of all
    rule: str = ""  # the guess rule's id


#: first words a ranking's table shows
TOP_OPENERS = 20


@dataclass(frozen=True)
class TrapRow:
    """A one-letter family (:mod:`generator.search.traps`) as a set-up's table shows it."""

    pattern: str  # "_atch"
    words: tuple[str, ...]
    one_by_one: int  # worst-case guesses, each a word of the family
    with_probe: str  # worst-case guesses with any allowed word: "3", or "3-4" where not proved
    probe: str  # the first guess of that way


def trap_row(t: Trap) -> TrapRow:
    return TrapRow(t.family.pattern, t.family.words, t.one_by_one.guesses, t.with_probe.span("\u2013"),
                   t.with_probe.first)


def openers_view(r: OpenerRanking, family: str) -> OpenersView:
    bar = r.bar
    rows = [OpenerRow(r.place(x.word), x.word, x.total, r.mean(x), x.max_turns, x.late, x.first_move_place)
            for x in r.scores]
    weighed = len(r.scores) + len(r.bounds) if r.bounds else 0
    return OpenersView(strategy_short(family, r.strategy), strategy_title(family, r.strategy),
                       rule_title(r.rule, family), len(rows), r.shortlist, tuple(rows[:TOP_OPENERS]),
                       tuple(x for x in rows[TOP_OPENERS:] if x.word in r.asked), r.strategy == OPTIMAL,
                       weighed, r.first_words, bar, round(bar / r.secrets, 4) if bar is not None and r.secrets else 0.0,
                       r.no_tree, r.proved_best, r.rule)
