"""Greedy adaptive trees: at every position play the guess a heuristic likes best.

:func:`greedy_tree` is the one tree builder for every heuristic of
:mod:`generator.core.scoring`; with ``scm`` it is the 1992 paper's adaptive
strategy (Fig. 3): the guess whose largest part is smallest, then more parts,
then the smallest e = sum a_k k^2; an almost-winning move (a candidate that
leaves only singletons) is preferred, which the key "candidates first" does;
remaining ties go to the first guess in list (alphabetical) order.

Which guesses are allowed at a position follows the game's guess rule
(:func:`allowed_rows`): all of the list (``free``), those that begin with the
revealed letter (``same-start``), those that keep every revealed letter
(``hard``), the answers that agree with every feedback so far (``self-hard``).

:func:`letter_frequency_tree` plays the Word Mastermind helper's rule (the
candidate whose letters occur in most candidates), which depends on the
letters and so is not a heuristic of part sizes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from generator.core.feedback import GREEN, YELLOW, Pattern
from generator.core.partition import Matrix
from generator.core.rules import Game, GuessRule
from generator.core.scoring import Heuristic, rank
from generator.core.tree import Node, Tree
from generator.errors import StrategyError

History = Sequence[tuple[int, Pattern]]  # (guess row, pattern) pairs played so far


def allowed_rows(game: Game, matrix: Matrix, history: History = ()) -> np.ndarray:
    """Indices of the guesses the rule allows after ``history``, none of
    them banned (a blocked word: :attr:`Matrix.banned`; a search plays it only
    as the one secret left, which needs no row)."""
    guesses = matrix.guesses
    if game.guess_rule is GuessRule.SAME_START and game.revealed is not None:
        rows = np.flatnonzero(guesses.codes[:, 0] == guesses.alphabet.index[game.revealed])
    elif game.guess_rule is GuessRule.SELF_HARD:
        rows = candidate_rows(matrix, matrix.consistent(history), np.arange(len(guesses), dtype=np.int64))
    else:
        rows = np.arange(len(guesses), dtype=np.int64)
        for row, pattern in history:
            rows = narrow(game, matrix, rows, row, pattern)
    return rows if matrix.banned is None else rows[~matrix.banned[rows]]


def sayable_rows(rows: np.ndarray, sayable: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(the guesses of ``rows`` that are not blocked; the positions among
    them of those outside common use), from the masks (blocked, common) of
    :meth:`generator.core.context.Context.sayable`."""
    blocked, common = sayable
    rows = rows[~blocked[rows]]
    return rows, np.flatnonzero(~common[rows])


def candidate_rows(matrix: Matrix, cols: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The guesses of ``rows`` that can be the secret, one of ``cols`` (sorted)."""
    own = matrix.answer_as_guess[cols]
    return np.intersect1d(own[own >= 0], rows)


def narrow(game: Game, matrix: Matrix, rows: np.ndarray, row: int, pattern: Pattern) -> np.ndarray:
    """The guesses of ``rows`` the rule still allows once guess ``row`` got
    ``pattern``: in hard mode those that keep what it revealed, else all
    (self hard mode's words are the secrets left, which the caller holds)."""
    if game.guess_rule is not GuessRule.HARD:
        return rows
    codes = matrix.guesses.codes[rows]
    letters = matrix.guesses.codes[row]
    mask = np.ones(len(rows), dtype=bool)
    need: dict[int, int] = {}
    for i, mark in enumerate(pattern):
        if mark == GREEN:
            mask &= codes[:, i] == letters[i]
        if mark in (GREEN, YELLOW):
            need[int(letters[i])] = need.get(int(letters[i]), 0) + 1
    for letter, times in need.items():
        mask &= (codes == letter).sum(axis=1) >= times
    return rows[mask]


def greedy_tree(
    matrix: Matrix,
    cols: np.ndarray,
    score: Heuristic,
    game: Game,
    *,
    candidates_only: bool = False,
    history: History = (),
    opener: int | None = None,
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
        play only words that can still be the secret (always so in self hard mode).
    history
        the guesses and patterns before this position (for hard mode).
    opener
        a fixed first guess (a guess row); greedy after it.
    """
    cols = np.asarray(cols, dtype=np.int64)
    # the secrets left are the words self hard mode allows
    candidates_only = candidates_only or game.guess_rule is GuessRule.SELF_HARD
    rows = allowed_rows(game, matrix, history)

    def grow(part: np.ndarray, part_rows: np.ndarray) -> Tree:
        return _grow(matrix, part, score, game, candidates_only, part_rows)

    if opener is None:
        return grow(cols, rows)
    return _after(matrix, game, opener, cols, rows, grow)


def _after(matrix: Matrix, game: Game, row: int, cols: np.ndarray, rows: np.ndarray,
           grow: Callable[[np.ndarray, np.ndarray], Tree]) -> Node:
    """A node playing guess ``row``, each part grown by ``grow(part, rows allowed)``."""
    node = Node(matrix.guess_word(row))
    for code, part in matrix.split(row, cols).items():
        if code != matrix.green:
            pattern = matrix.pattern(code)
            node.next[pattern] = grow(part, narrow(game, matrix, rows, row, pattern))
    return node


def _grow(matrix: Matrix, cols: np.ndarray, score: Heuristic, game: Game,
          candidates_only: bool, rows: np.ndarray) -> Tree:
    if len(cols) == 1:
        return matrix.answer_word(int(cols[0]))
    options = candidate_rows(matrix, cols, rows) if candidates_only else rows
    stats = matrix.stats(options, cols)
    pick = int(rank(stats, score, options)[0]) if len(options) else -1
    if pick < 0 or (stats.largest[pick] == len(cols) and not stats.wins[pick]):
        words = [matrix.answer_word(int(c)) for c in cols[:5]]
        raise StrategyError(f"no allowed guess separates {len(cols)} secrets such as {words}")
    return _after(matrix, game, int(options[pick]), cols, rows,
                  lambda part, part_rows: _grow(matrix, part, score, game, candidates_only, part_rows))


def letter_frequency(matrix: Matrix, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """The Word Mastermind helper's score of each guess ``rows`` over candidates
    ``cols``: the sum, over the guess's distinct letters, of the number of
    candidates holding that letter (higher is better).

    It depends on the letters, not only on the part sizes, so it is not a
    :mod:`generator.core.scoring` heuristic; :func:`letter_frequency_tree` plays it.
    """
    nletters = len(matrix.guesses.alphabet.letters)
    answer_codes = matrix.answers.codes[cols]
    holds = np.zeros((len(cols), nletters), dtype=bool)
    holds[np.arange(len(cols))[:, None], answer_codes] = True
    freq = holds.sum(axis=0)
    guess_codes = matrix.guesses.codes[rows]
    has = np.zeros((len(rows), nletters), dtype=bool)
    has[np.arange(len(rows))[:, None], guess_codes] = True
    scores: np.ndarray = (has * freq).sum(axis=1)
    return scores


def letter_frequency_tree(matrix: Matrix, cols: np.ndarray, game: Game,
                          history: History = (), opener: int | None = None) -> Tree:
    """Greedy play of the letter-frequency helper: at every position the
    candidate the rule allows with the highest :func:`letter_frequency`
    (ties: list order), as the paper's helper proposes (and the Wordle blog's
    "self hard mode" solver plays); ``opener``: a fixed first guess row."""
    cols = np.asarray(cols, dtype=np.int64)
    rows = allowed_rows(game, matrix, history)

    def grow(part: np.ndarray, part_rows: np.ndarray) -> Tree:
        if len(part) == 1:
            return matrix.answer_word(int(part[0]))
        options = candidate_rows(matrix, part, part_rows)
        if not len(options):
            raise StrategyError(f"no candidate can be played among {len(part)} secrets")
        scores = letter_frequency(matrix, options, part)
        return _after(matrix, game, int(options[int(np.argmax(scores))]), part, part_rows, grow)

    return grow(cols, rows) if opener is None else _after(matrix, game, opener, cols, rows, grow)
