"""Wordle trees of the greedy rules, written beside the optimal trees.

Each rule of :mod:`generator.core.scoring` (and the letter-frequency helper)
plays every position after a first guess: by default the optimal trees'
opener ``salet``, so the totals compare with the optimum move for move; the
letter-frequency helper plays candidates only, and ``salet`` is none, so it
opens with its own choice. A tree from a fixed opener lives in
``trees/wordle/<rule>/<strategy>-<opener>/all.json``, one from the rule's own
first choice in ``trees/wordle/<rule>/<strategy>/all.json``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from generator.core.catalog import load_list, setup
from generator.core.context import context
from generator.core.fingerprint import Fingerprint, fingerprint, lists_digests
from generator.core.ids import short
from generator.core.scoring import HEURISTICS
from generator.core.strategies import strategy_info
from generator.core.tree import GameTree, Node
from generator.errors import StrategyError
from generator.search.greedy import greedy_tree, letter_frequency_tree
from generator.search.traps import Family, WorstCase, families, worst_case

SETUP = "wordle"
OPENER = "salet"  # the opener of the committed optimal trees
LETTER_FREQUENCY = "letter-frequency"
#: the tiers of Wordle's secrets: the official answers, the allowed words in
#: common use (wordfreq, as en-common), every allowed word
TIERS = {"answers": "wordle-answers", "common": "wordle-common", "allowed": "wordle-allowed"}


@dataclass(frozen=True)
class Trap:
    """A one-letter family of a tier, and the worst case of getting out of it:
    guessing its words one by one (self hard mode) and with any allowed word."""

    family: Family
    one_by_one: WorstCase
    with_probe: WorstCase


def traps(tier: str, top: int) -> list[Trap]:
    """The ``top`` largest one-letter families of a tier's words, with their worst cases."""
    allowed = load_list(setup(SETUP).guesses)
    words = load_list(TIERS[tier])
    return [Trap(f, worst_case(allowed, f.words, f.words), worst_case(allowed, f.words, allowed.words))
            for f in families(words)[:top]]


@dataclass(frozen=True)
class WordleBuild:
    """One greedy Wordle tree to build: a rule of play under a guess rule."""

    rule: str  # free (normal mode) or hard
    strategy: str  # a heuristic of generator.core.scoring, or letter-frequency
    opener: str | None  # a fixed first guess; None: the strategy's own choice

    @property
    def folder(self) -> str:
        """The strategy folder's name (``entropy-salet``, ``letter-frequency``)."""
        return self.strategy if self.opener is None else f"{self.strategy}-{self.opener}"

    def fingerprint(self) -> Fingerprint:
        """What the tree depends on (:mod:`generator.core.fingerprint`)."""
        s = setup(SETUP)
        params: dict[str, Any] = {"setup": SETUP, "rule": self.rule, "strategy": self.strategy,
                                  "opener": self.opener}
        return fingerprint(lists_digests(s.answers, s.guesses), params,
                           strategy_info("wordle", self.folder).algorithm)


def _guess_row(word: str) -> int:
    """The row of an allowed Wordle guess; raises :class:`StrategyError` for another word."""
    position = context(SETUP).matrix.guesses.position
    if word not in position:
        raise StrategyError(f"opener {short(word)!r} is not an allowed Wordle guess")
    return int(position[word])


def default_builds(rules: list[str], strategies: list[str], opener: str | None = OPENER) -> list[WordleBuild]:
    """The builds of ``strategies`` under ``rules``: from ``opener`` (None:
    each strategy's own first guess); the letter-frequency helper always
    opens with its own candidate when the opener is no answer."""
    if opener is not None:
        _guess_row(opener)  # a word that is no guess fails here, before any build
    answers = set(context(SETUP).answers)
    out = []
    for rule in rules:
        for name in strategies:
            first = None if name == LETTER_FREQUENCY and opener not in answers else opener
            out.append(WordleBuild(rule, name, first))
    return out


def wordle_tree(b: WordleBuild) -> tuple[GameTree, float]:
    """The greedy tree of ``b`` over the 2315 answers, and the seconds it took."""
    ctx = context(SETUP)
    m = ctx.matrix
    game = ctx.game(None, b.rule)
    cols = np.arange(len(ctx.answers), dtype=np.int64)
    row = None
    if b.opener is not None:
        row = _guess_row(b.opener)
        if b.strategy == LETTER_FREQUENCY and b.opener not in ctx.answers:
            raise StrategyError(f"{LETTER_FREQUENCY} plays candidates only, and {b.opener!r} is not an answer")
    info = strategy_info("wordle", b.folder)
    start = time.perf_counter()
    if b.strategy == LETTER_FREQUENCY:
        root = letter_frequency_tree(m, cols, game, opener=row)
    else:
        root = greedy_tree(m, cols, HEURISTICS[b.strategy], game, opener=row)
    seconds = time.perf_counter() - start
    block: dict[str, Any] = {
        "scheme": b.strategy,
        "rule": info.rule,
        "opener": root.guess if isinstance(root, Node) else root,
        "opener_fixed": b.opener is not None,
        "tie_breaks": ("the higher score first, then list order" if b.strategy == LETTER_FREQUENCY else
                       "the heuristic's keys in order, then a candidate first, then list order"),
    }
    tree = ctx.game_tree(game, cols, root, block)
    tree.fingerprint = b.fingerprint()
    return tree, seconds
