"""What a game's rules add to the exact search (:mod:`generator.search.exact`).

* **Hard mode** (Wordle): after each guess the rule requires the greens in
  place and the revealed letters as often as revealed. A position then
  carries that requirement (its :data:`State`, part of its memo key) and
  the guesses it still allows, filtered only when the search first needs
  them (:class:`Pending`).
* **Symmetry** (Mastermind, Bulls and Cows): the guesses and the secrets are
  every code in order, so a permutation of the symbols and positions that
  keeps the candidates maps moves onto moves of the same cost
  (:class:`Symmetry`, used by :func:`~generator.search.exact_rule_kernels.orbit_firsts`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from generator.core.feedback import GREEN, YELLOW
from generator.core.partition import Matrix
from generator.errors import StrategyError
from generator.search.exact_rule_kernels import hard_filter

State = tuple[Any, ...]  # what hard mode still requires: (greens per position, (letter, times)...)


class ExactError(StrategyError):
    """An exact search that cannot be done as asked (opener, cap, hard-mode dead end)."""


@dataclass(slots=True)
class Position:
    """A node of the search: the secrets still possible (sorted answer
    columns), the turns left, and in hard mode what the rule still requires
    (``state``) and the guesses it allows (``rows``: an array, or a
    :class:`Pending` filter done when first needed); ``floors``, what the
    floors of its moves' parts scan (:class:`generator.search.exact.FloorRows`)."""

    cols: np.ndarray
    turns: int
    state: State = ()
    rows: Any = None
    floors: Any = None


class HardMode:
    """Hard mode's requirements after each guess, for one matrix."""

    def __init__(self, matrix: Matrix, letters: np.ndarray) -> None:
        self.matrix, self.letters = matrix, letters
        self.counts = np.zeros((len(letters), int(letters.max(initial=0)) + 1), np.int64)
        np.add.at(self.counts, (np.arange(len(letters))[:, None], letters), 1)
        self._marks: dict[int, np.ndarray] = {}  # the marks of each pattern code

    def after(self, row: int, code: int, state: State, rows: Any) -> tuple[State, Pending]:
        """The state and allowed rows after ``row`` got pattern ``code``."""
        marks = self._marks.get(code)
        if marks is None:
            marks = self._marks[code] = np.array([2 if c == GREEN else 1 if c == YELLOW else 0
                                                  for c in self.matrix.pattern(code)], dtype=np.int64)
        guess = self.letters[row]
        greens = list(state[0]) if state else [-1] * len(guess)
        need = dict(state[1]) if state else {}
        here: dict[int, int] = {}
        for i, mark in enumerate(marks):
            if mark == 2:
                greens[i] = int(guess[i])
            if mark:
                here[int(guess[i])] = here.get(int(guess[i]), 0) + 1
        for letter, times in here.items():
            need[letter] = max(need.get(letter, 0), times)
        return (tuple(greens), tuple(sorted(need.items()))), Pending(self, rows, guess, marks)


class Pending:
    """Hard mode: the guesses allowed after a guess got a pattern, filtered
    only when a search needs them (most positions are settled by the memo, a
    closed form or a bound first)."""

    __slots__ = ("done", "guess", "hard", "marks", "rows")

    def __init__(self, hard: HardMode, rows: Any, guess: np.ndarray, marks: np.ndarray) -> None:
        self.hard, self.rows, self.guess, self.marks = hard, rows, guess, marks
        self.done: np.ndarray | None = None

    def get(self) -> np.ndarray:
        if self.done is None:
            self.done = hard_filter(self.hard.letters, self.hard.counts, allowed(self.rows), self.guess, self.marks)
            self.rows = None
        return self.done


def allowed(rows: Any) -> np.ndarray:
    """The rows themselves (filtering them first if still :class:`Pending`)."""
    return rows.get() if isinstance(rows, Pending) else rows


def describe_dead_end(matrix: Matrix, pos: Position) -> str:
    """Why a position has no tree: no allowed guess separates its secrets."""
    cols, state = pos.cols, pos.state
    words = [matrix.answer_word(int(c)) for c in cols[:6]]
    more = f" and {len(cols) - 6} more" if len(cols) > 6 else ""
    rule = ""
    if state:
        letters = matrix.guesses.alphabet.letters
        greens = "".join(letters[g] if g >= 0 else "." for g in state[0])
        need = ", ".join(f"{letters[x]}" + (f" x{t}" if t > 1 else "") for x, t in state[1])
        rule = f" (hard mode: greens {greens}, must play {need})"
    return f"no allowed guess separates the {len(cols)} secrets {' '.join(words)}{more}{rule}"


class Symmetry(NamedTuple):
    """The code symmetries of a game whose guesses and secrets are every code
    in order: the row of each code number, the symbols, every permutation
    of the positions (the arguments :func:`orbit_firsts` takes after the cols)."""

    row_of: np.ndarray  # the row of each code number (-1: none)
    ncolors: int
    perms: np.ndarray

    @classmethod
    def of(cls, matrix: Matrix, letters: np.ndarray) -> Symmetry:
        if list(matrix.guesses.words) != list(matrix.answers.words):
            raise ExactError("symmetric search needs the guesses to be the secrets, every code")
        p = letters.shape[1]
        ncolors = len(matrix.guesses.alphabet.letters)
        numbers = letters @ (ncolors ** np.arange(p - 1, -1, -1, dtype=np.int64))
        if np.any(np.diff(numbers) <= 0):
            raise ExactError("symmetric search needs the codes in order")
        index = np.full(ncolors ** p, -1, dtype=np.int64)
        index[numbers] = np.arange(len(numbers))
        return cls(index, ncolors, np.array(list(itertools.permutations(range(p))), dtype=np.int64))
