"""One LINGO tree: a set-up, a guess rule, a strategy and a start letter.

========================  ====================================================
strategy                  what the tree is
========================  ====================================================
``human``                 the human scheme: memorized openers, then try the
                          words left; exceptions where a group is too large
``human-any``             the human scheme with any unblocked word alike (the
                          1992 paper's terms); opt-in, free rule
``human-lookup``          fewer openers; groups played in the sheet's order,
                          skipping words ruled out
``shared``                the human scheme with openers shared by every
                          letter, and probe words for groups too large: the
                          fewest words to learn for a whole list (free rule)
``scm``                   the 1992 paper's adaptive SCM play (Fig. 3)
``optimal``               the least total turns, every word within the turns
                          (or the fewest past them), proved where the exact
                          search finishes (:func:`generator.runs.exact.letter_tree`);
                          opt-in: built only when named
========================  ====================================================

The names, titles and order are those of :mod:`generator.core.strategies`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from generator.core.blocks import ScmBlock
from generator.core.catalog import load_list, project_root, setup
from generator.core.context import context
from generator.core.fingerprint import Fingerprint, fingerprint, lists_digests
from generator.core.rules import GuessRule, guess_rule
from generator.core.sayable import sayable_digest
from generator.core.scoring import scm
from generator.core.strategies import strategy_info
from generator.core.tree import GameTree
from generator.core.words import Letter
from generator.errors import StrategyError
from generator.runs.exact import LETTER_TOP, LETTER_TOP_MAX, letter_proof_params, letter_tree
from generator.search.greedy import allowed_rows, greedy_tree, sayable_rows
from generator.search.human import MIN_TRIES, SchemeBuilder, SchemeKind, best_scheme
from generator.search.shared import SHARED_KS, SHARED_RESTARTS, SharedOpeners, letter_scheme

#: the human scheme with every unblocked word alike, common or not (the 1992 paper's terms), beside the
#: human scheme, which takes a rarer word only where no common one plays every secret in time
ANY_WORD = "human-any"
SCHEMES = (*(k.value for k in SchemeKind), ANY_WORD)  # the strategies that ask a player to say words of a sheet


def lingo_strategy(name: str) -> str:
    """``name`` if it is a LINGO strategy, else a one-line error."""
    return strategy_info("lingo", name).name


def letter_fingerprint(setup_id: str, rule: str, strategy: str, letter: Letter, seed: int = 1) -> Fingerprint:
    """What the tree of one start letter depends on (:mod:`generator.core.fingerprint`)."""
    s = setup(setup_id)
    params: dict[str, Any] = {"setup": setup_id, "rule": rule, "strategy": strategy, "letter": letter,
                              "turns": s.game.turns}
    if strategy in SCHEMES:
        params["seed"] = seed
    if strategy == "shared":
        params.update(restarts=SHARED_RESTARTS, ks=list(SHARED_KS))
    if strategy == "optimal":
        params.update(top=LETTER_TOP, top_max=LETTER_TOP_MAX, **letter_proof_params())
    inputs = lists_digests(s.answers, s.guesses, s.game.name)
    if strategy in SCHEMES:  # the words a player may be asked to say
        inputs["sayable"] = _sayable(s.guesses, project_root())
    return fingerprint(inputs, params, strategy_info("lingo", strategy).algorithm)


@cache
def _sayable(list_id: str, root: Path) -> str:
    """:func:`sayable_digest` of a list, once per list and project (every
    letter's fingerprint asks it; the common words take a while)."""
    return sayable_digest(load_list(list_id))


def build_tree(setup_id: str, rule: str, strategy: str, letter: Letter, *, seed: int = 1,
               shared: SharedOpeners | None = None) -> GameTree:
    """Build the tree of one start letter.

    Parameters
    ----------
    setup_id, rule, strategy, letter
        what to build (rules ``free`` and ``same-start``).
    seed
        the seed of the random restarts of hill climbing.
    shared
        for ``shared``: the openers found by
        :func:`generator.search.shared.shared_openers` for the whole list.
    """
    ctx = context(setup_id)
    guess_rule(rule)
    lingo_strategy(strategy)
    ctx.check_letter(letter)
    game = ctx.game(letter, rule)
    cols = ctx.letter_cols(letter)
    if strategy == "scm":
        root = greedy_tree(ctx.matrix, cols, scm, game)
        data: ScmBlock = {
            "scheme": "scm",
            "heuristic": "scm: smallest largest part, then most parts, then least sum a_k k^2",
            "almost_winning": "a candidate that leaves only single words is preferred",
            "tie_breaks": "candidate first, then alphabetical",
            "moves": "any guess the rule allows" if game.guess_rule is GuessRule.FREE
            else "guesses that begin with the revealed letter",
        }
        tree = ctx.game_tree(game, cols, root, data)
    elif strategy == "optimal":
        res = letter_tree(setup_id, rule, letter)
        tree = ctx.game_tree(game, cols, res.root, res.strategy_data(game))
    else:
        tree = _scheme_tree(setup_id, rule, strategy, letter, seed, shared)
    tree.fingerprint = letter_fingerprint(setup_id, rule, strategy, letter, seed)
    return tree


def _scheme_tree(setup_id: str, rule: str, strategy: str, letter: Letter, seed: int,
                 shared: SharedOpeners | None) -> GameTree:
    """A tree of the human schemes (``human``, ``human-lookup``, ``shared``)."""
    ctx = context(setup_id)
    game = ctx.game(letter, rule)
    cols = ctx.letter_cols(letter)
    rows, uncommon = sayable_rows(allowed_rows(game, ctx.matrix), ctx.sayable)
    if strategy == "shared":
        if shared is None:
            raise StrategyError("the shared strategy needs its openers for the whole list")
        scheme = letter_scheme(ctx, cols, rows, uncommon, game, shared)
    elif strategy == ANY_WORD:  # no word preferred; the rare ones it asks for are still marked
        found = best_scheme(ctx.matrix, cols, rows, game.turns, SchemeKind.MEMORIZE, seed=seed,
                            max_k=game.turns - MIN_TRIES)
        scheme = SchemeBuilder(ctx.matrix, cols, rows, game.turns, uncommon=uncommon).mark_uncommon(found)
    else:
        scheme = best_scheme(ctx.matrix, cols, rows, game.turns, SchemeKind(strategy), seed=seed,
                             max_k=game.turns - MIN_TRIES, uncommon=uncommon)
    tree = ctx.game_tree(game, cols, scheme.tree(), scheme.strategy_data())
    if tree.stats is not None and tree.stats.total_turns != scheme.total_turns:
        raise StrategyError(f"{letter}: the scheme counts {scheme.total_turns} turns, "
                            f"the replay {tree.stats.total_turns}")
    return tree
