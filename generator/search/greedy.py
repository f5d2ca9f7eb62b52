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
(``hard``).

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
        play only words that can still be the secret.
    history
        the guesses and patterns before this position (for hard mode).
    opener
        a fixed first guess (a guess row); greedy after it.
    """
    cols = np.asarray(cols, dtype=np.int64)
    fixed_rows = None if game.guess_rule is GuessRule.HARD else allowed_rows(game, matrix)
    if opener is None:
        return _grow(matrix, cols, score, game, candidates_only, list(history), fixed_rows)
    return _after(matrix, opener, cols, history,
                  lambda part, h: _grow(matrix, part, score, game, candidates_only, list(h), fixed_rows))


def _after(matrix: Matrix, row: int, cols: np.ndarray, history: History,
           grow: Callable[[np.ndarray, History], Tree]) -> Node:
    """A node playing guess ``row``, each part grown by ``grow(part, history)``."""
    node = Node(matrix.guess_word(row))
    for code, part in matrix.split(row, cols).items():
        if code != matrix.green:
            pattern = matrix.pattern(code)
            node.next[pattern] = grow(part, tuple(history) + ((row, pattern),))
    return node


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
    if opener is not None:
        return _after(matrix, opener, cols, history,
                      lambda part, h: letter_frequency_tree(matrix, part, game, h))
    if len(cols) == 1:
        return matrix.answer_word(int(cols[0]))
    rows = allowed_rows(game, matrix, history)
    own = matrix.answer_as_guess[cols]
    rows = np.intersect1d(own[own >= 0], rows)
    if not len(rows):
        raise StrategyError(f"no candidate can be played among {len(cols)} secrets")
    scores = letter_frequency(matrix, rows, cols)
    row = int(rows[int(np.argmax(scores))])
    node = Node(matrix.guess_word(row))
    for code, part in matrix.split(row, cols).items():
        if code != matrix.green:
            node.next[matrix.pattern(code)] = letter_frequency_tree(
                matrix, part, game, tuple(history) + ((row, matrix.pattern(code)),))
    return node
