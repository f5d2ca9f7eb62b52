"""Greedy adaptive trees: at every position play the guess a heuristic likes best.

:func:`build_greedy` is the one tree builder for every heuristic of
:mod:`generator.core.scoring`; with ``scm`` it is the 1992 paper's adaptive
strategy (Fig. 3): the guess whose largest part is smallest, then more parts,
then the smallest e = sum a_k k^2; an almost-winning move (a candidate that
leaves only singletons) is preferred, which the key "candidates first" does;
remaining ties go to the first guess in list (alphabetical) order.

Which guesses are allowed at a position follows the game's guess rule
(:func:`allowed_rows`): all of the list (``free``), those that begin with the
revealed letter (``same-start``), those that keep every revealed letter
(``hard``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from generator.errors import StrategyError
from generator.core.feedback import GREEN, YELLOW, Pattern
from generator.core.partition import Matrix
from generator.core.rules import Game, GuessRule
from generator.core.scoring import Heuristic, rank
from generator.core.tree import Node, Tree

History = Sequence[tuple[int, Pattern]]  # (guess row, pattern) pairs played so far


def allowed_rows(game: Game, matrix: Matrix, history: History = ()) -> np.ndarray:
    """Indices of the guesses the rule allows after ``history``."""
    guesses = matrix.guesses
    codes = guesses.codes
    n = len(guesses)
    mask = np.ones(n, dtype=bool)
    if game.guess_rule is GuessRule.SAME_START and game.revealed is not None:
        mask &= codes[:, 0] == guesses.alphabet.index[game.revealed]
    elif game.guess_rule is GuessRule.HARD:
        for row, pattern in history:
            letters = codes[row]
            need: dict[int, int] = {}
            for i, mark in enumerate(pattern):
                if mark == GREEN:
                    mask &= codes[:, i] == letters[i]
                if mark in (GREEN, YELLOW):
                    need[int(letters[i])] = need.get(int(letters[i]), 0) + 1
            for letter, times in need.items():
                mask &= (codes == letter).sum(axis=1) >= times
    return np.flatnonzero(mask)


def build_greedy(
    matrix: Matrix,
    cols: np.ndarray,
    score: Heuristic,
    game: Game,
    *,
    candidates_only: bool = False,
    history: History = (),
) -> Tree:
    """The greedy tree for secrets ``cols`` (answer indices).

    Parameters
    ----------
    matrix
        the set-up's feedback matrix.
    cols
        the secrets still possible at this position.
    score
        the heuristic (:mod:`generator.core.scoring`).
    game
        supplies the guess rule.
    candidates_only
        play only words that can still be the secret.
    history
        the guesses and patterns before this position (for hard mode).
    """
    cols = np.asarray(cols, dtype=np.int64)
    fixed_rows = None if game.guess_rule is GuessRule.HARD else allowed_rows(game, matrix)
    return _grow(matrix, cols, score, game, candidates_only, list(history), fixed_rows)


def _grow(matrix: Matrix, cols: np.ndarray, score: Heuristic, game: Game,
          candidates_only: bool, history: list[tuple[int, Pattern]],
          fixed_rows: np.ndarray | None) -> Tree:
    if len(cols) == 1:
        return matrix.answer_word(int(cols[0]))
    rows = fixed_rows if fixed_rows is not None else allowed_rows(game, matrix, history)
    if candidates_only:
        own = matrix.answer_as_guess[cols]
        rows = np.intersect1d(own[own >= 0], rows)
    stats = matrix.stats(rows, cols)
    pick = int(rank(stats, score, rows)[0]) if len(rows) else -1
    if pick < 0 or (stats.largest[pick] == len(cols) and not stats.wins[pick]):
        words = [matrix.answer_word(int(c)) for c in cols[:5]]
        raise StrategyError(f"no allowed guess separates {len(cols)} secrets such as {words}")
    row = int(rows[pick])
    node = Node(matrix.guess_word(row))
    for code, part in matrix.split(row, cols).items():
        if code == matrix.green:
            continue
        pattern = matrix.pattern(code)
        history.append((row, pattern))
        node.next[pattern] = _grow(matrix, part, score, game, candidates_only, history, fixed_rows)
        history.pop()
    return node
