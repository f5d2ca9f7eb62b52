"""Strategies: how one tree per (set-up, guess rule, start letter) is built.

========================  ====================================================
strategy                  what the tree is
========================  ====================================================
``scm``                   the 1992 paper's adaptive SCM play (Fig. 3)
``human``                 the human scheme: memorized openers, then try the
                          words left; exceptions where a group is too large
``human-lookup``          fewer openers; groups played in the sheet's order,
                          skipping words ruled out
``shared``                the human scheme with openers shared by every
                          letter, and probe words for groups too large: the
                          fewest words to learn for a whole list (free rule)
``optimal``               the least total turns, every word within five (or
                          the fewest past five), proved where the exact search
                          finishes (:func:`generator.search.exact.letter_tree`);
                          opt-in: not in the default list, ask for it by name
========================  ====================================================

Trees are built by :func:`build_tree` from a :class:`Context` (a set-up with
its lists and feedback matrix, made once per process).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from generator.core.catalog import Setup, load_list, setup
from generator.errors import StrategyError
from generator.core.feedback import replier
from generator.search.greedy import allowed_rows, build_greedy
from generator.search.human import best_scheme
from generator.core.partition import Matrix
from generator.core.rules import Game, GuessRule, guess_rule
from generator.core.scoring import scm
from generator.core.tree import GameTree, Tree, play, stats_of
from generator.core.words import Letter, WordList

STRATEGIES = ("scm", "human", "human-lookup", "shared")
OPT_IN_STRATEGIES = ("optimal",)  # slow: built only when named (build --strategy optimal)
LINGO_RULES = ("free", "same-start")


@dataclass
class Context:
    """A set-up ready for searching."""

    setup: Setup
    answers: WordList
    guesses: WordList
    matrix: Matrix

    def letter_cols(self, letter: Letter) -> np.ndarray:
        split = self.answers.alphabet.split
        return np.array([i for i, w in enumerate(self.answers.words) if split(w)[0] == letter],
                        dtype=np.int64)

    def letters(self) -> list[Letter]:
        return self.answers.first_letters()

    def game(self, letter: Letter | None, rule: str) -> Game:
        return self.setup.game.for_letter(letter).with_rule(rule)


@cache
def context(setup_id: str) -> Context:
    """The context of a set-up, built once per process."""
    s = setup(setup_id)
    answers, guesses = load_list(s.answers), load_list(s.guesses)
    return Context(s, answers, guesses, Matrix.build(guesses, answers))


def strategy_name(name: str) -> str:
    if name not in STRATEGIES + OPT_IN_STRATEGIES:
        names = ", ".join(STRATEGIES + OPT_IN_STRATEGIES)
        raise StrategyError(f"unknown strategy {name!r} (expected one of: {names})")
    return name


def check_letter(ctx: Context, letter: str) -> Letter:
    letters = ctx.letters()
    if letter not in letters:
        raise StrategyError(
            f"no answer of set-up {ctx.setup.id!r} begins with {letter!r} "
            f"(start letters: {' '.join(letters)})")
    return letter


def finish(ctx: Context, game: Game, cols: np.ndarray, root: Tree,
           strategy: dict[str, Any]) -> GameTree:
    """Wrap a tree as a GameTree: replay every secret for stats and ``late``."""
    reply = replier(ctx.answers.alphabet.split)
    secrets = tuple(ctx.answers.words[int(c)] for c in cols)
    turns = {s: len(play(root, s, reply)) for s in secrets}
    late = tuple(s for s in secrets if turns[s] > game.turns)
    return GameTree(game=game, answers=ctx.setup.answers, guesses=ctx.setup.guesses,
                    secrets=secrets, root=root, strategy=strategy, late=late,
                    stats=stats_of(turns))


def build_tree(setup_id: str, rule: str, strategy: str, letter: Letter, *, seed: int = 1,
               shared: dict[str, Any] | None = None) -> GameTree:
    """Build the tree of one start letter.

    Parameters
    ----------
    setup_id, rule, strategy, letter
        what to build (see :data:`STRATEGIES`; rules ``free`` and ``same-start``).
    seed
        the seed of the random restarts of hill climbing.
    shared
        for ``shared``: the plan made by :func:`generator.search.shared.shared_plan`.
    """
    ctx = context(setup_id)
    guess_rule(rule)
    strategy_name(strategy)
    check_letter(ctx, letter)
    game = ctx.game(letter, rule)
    cols = ctx.letter_cols(letter)
    rows = allowed_rows(game, ctx.matrix)
    if strategy == "scm":
        root = build_greedy(ctx.matrix, cols, scm, game)
        data: dict[str, Any] = {
            "scheme": "scm",
            "heuristic": "scm: smallest largest part, then most parts, then least sum a_k k^2",
            "almost_winning": "a candidate that leaves only single words is preferred",
            "tie_break": "candidate first, then alphabetical",
            "moves": "any guess the rule allows" if game.guess_rule is GuessRule.FREE
            else "guesses that begin with the revealed letter",
        }
        return finish(ctx, game, cols, root, data)
    if strategy == "optimal":
        from generator.search.exact import letter_tree

        res = letter_tree(setup_id, rule, letter)
        return finish(ctx, game, cols, res.root, res.strategy_data(game))
    if strategy == "shared":
        from generator.search.shared import letter_scheme

        if shared is None:
            raise StrategyError("the shared strategy needs its plan for the whole list")
        scheme = letter_scheme(ctx, cols, rows, game, shared)
    else:
        max_k = 3 if game.guess_rule is GuessRule.FREE else game.turns - 1
        scheme = best_scheme(ctx.matrix, cols, rows, game.turns, strategy, seed=seed, max_k=max_k)
    data = scheme.strategy_data()
    tree = finish(ctx, game, cols, scheme.tree(), data)
    if tree.stats is not None and tree.stats.total_turns != scheme.total_turns:
        raise StrategyError(f"{letter}: the scheme counts {scheme.total_turns} turns, "
                            f"the replay {tree.stats.total_turns}")
    return tree

