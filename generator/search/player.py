"""Playing along: an advisor says what to play and learns from the feedback.

An **advisor** holds the words still possible and says which word to play
next; it is told the feedback the game gave and checks it: the right length,
only ``G``/``Y``/``.`` (or ``g``/``y``/``w``), and possible at all, that is,
given by at least one word still possible. Two advisors:

* :class:`TreeAdvisor` walks a precomputed tree (a :class:`~generator.core.tree.GameTree`);
* :class:`HeuristicAdvisor` picks every move with a heuristic of
  :mod:`generator.core.scoring` over the words still possible (no tree needed).

:func:`autoplay` plays a whole game against a known secret, and :func:`tiles`
draws a guess as coloured tiles that still read without colour.

>>> from generator.core.tree import Node
>>> t = Node("stoel", {"G..G.": "schep", "G.Y..": "schop", "GG...": "strik"})
>>> a = TreeAdvisor(t, ("schep", "schop", "strik", "stoel"))
>>> a.guess(), a.tell("g.y..").pattern, a.guess()
('stoel', 'G.Y..', 'schop')
>>> [(m.guess, m.pattern) for m in autoplay(TreeAdvisor(t, ("schep", "schop", "strik", "stoel")), "strik")]
[('stoel', 'GG...'), ('strik', 'GGGGG')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from generator.errors import PatternError, StrategyError, WordListError
from generator.core.feedback import GREEN, GREY, YELLOW, Pattern, feedback, parse_pattern
from generator.search.greedy import allowed_rows
from generator.core.partition import Matrix
from generator.core.rules import Game
from generator.core.scoring import Heuristic, rank
from generator.core.tree import Node, Tree
from generator.core.words import Letter, Word

Split = Callable[[Word], Sequence[Letter]]


@dataclass(frozen=True)
class Move:
    """One turn: the word played and the feedback it got."""

    guess: Word
    pattern: Pattern
    left: int  # words still possible after this feedback

    @property
    def won(self) -> bool:
        return all(m == GREEN for m in self.pattern)


def _chars(word: Word) -> Sequence[Letter]:
    return word


@dataclass
class Advisor:
    """What both advisors share: the words still possible and the turns so far."""

    candidates: list[Word]
    split: Split = _chars
    history: list[Move] = field(default_factory=list)
    _last_guess: Word = field(default="", init=False, repr=False)

    @property
    def done(self) -> bool:
        return bool(self.history) and self.history[-1].won

    @property
    def length(self) -> int:
        return len(self.split(self.candidates[0])) if self.candidates else 0

    def guess(self) -> Word:  # pragma: no cover - overridden
        raise NotImplementedError

    def possible(self) -> dict[Pattern, int]:
        """The feedback patterns the current guess can get, with how many words give each."""
        g = self.split(self.guess())
        out: dict[Pattern, int] = {}
        for w in self.candidates:
            p = feedback(g, self.split(w))
            out[p] = out.get(p, 0) + 1
        return dict(sorted(out.items()))

    def check(self, text: str) -> Pattern:
        """The pattern typed, validated (raises :class:`PatternError`)."""
        if self.done:
            raise PatternError("the game is over: the secret was found")
        guess = self.guess()
        pattern = parse_pattern(text, len(self.split(guess)))
        possible = self.possible()
        if pattern not in possible:
            some = ", ".join(list(possible)[:6]) + (", ..." if len(possible) > 6 else "")
            raise PatternError(
                f"feedback {pattern} is impossible for {guess}: no word still possible gives it "
                f"({len(self.candidates)} words left; possible: {some})"
            )
        return pattern

    def tell(self, text: str) -> Move:
        """Take the feedback for the current guess and move on."""
        pattern = self.check(text)
        g = self.split(self.guess())
        self._advance(pattern)
        self.candidates = [w for w in self.candidates if feedback(g, self.split(w)) == pattern]
        move = Move(self._last_guess, pattern, len(self.candidates))
        self.history.append(move)
        return move

    def _advance(self, pattern: Pattern) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class TreeAdvisor(Advisor):
    """Follows a tree: its guess at each node, the branch of the feedback."""

    def __init__(self, root: Tree, secrets: Sequence[Word], split: Split = _chars) -> None:
        super().__init__(list(secrets), split)
        self.node: Tree = root

    def guess(self) -> Word:
        if isinstance(self.node, Node):
            return self.node.guess
        return self.node

    def _advance(self, pattern: Pattern) -> None:
        self._last_guess = self.guess()
        if all(m == GREEN for m in pattern):
            return
        if not isinstance(self.node, Node) or pattern not in self.node.next:
            raise PatternError(f"the tree has no branch for {pattern} after {self.guess()}")
        self.node = self.node.next[pattern]


class HeuristicAdvisor(Advisor):
    """Plays the guess a heuristic likes best among those the game's rule allows.

    ``matrix`` is the feedback matrix of the guesses against the possible
    secrets (its answers list); ties go to a candidate, then list order.
    """

    def __init__(self, matrix: Matrix, game: Game, score: Heuristic) -> None:
        super().__init__(list(matrix.answers.words), matrix.answers.split)
        self.matrix = matrix
        self.game = game
        self.score = score
        self.cols = np.arange(len(matrix.answers), dtype=np.int64)
        self.rows_played: list[tuple[int, Pattern]] = []
        self._cached: Word | None = None

    def guess(self) -> Word:
        if self._cached is not None:
            return self._cached
        m = self.matrix
        if len(self.cols) == 1:
            word = m.answer_word(int(self.cols[0]))
        else:
            rows = allowed_rows(self.game, m, self.rows_played)
            if not len(rows):
                raise StrategyError("the guess rule leaves no word to play")
            stats = m.stats(rows, self.cols)
            word = m.guess_word(int(rows[int(rank(stats, self.score, rows)[0])]))
        self._cached = word
        return word

    def _advance(self, pattern: Pattern) -> None:
        self._last_guess = word = self.guess()
        m = self.matrix
        if word in m.guesses:
            row = m.guesses.position[word]
            self.rows_played.append((row, pattern))
            code = sum(3 ** (len(pattern) - 1 - i) * {GREY: 0, YELLOW: 1, GREEN: 2}[c]
                       for i, c in enumerate(pattern))
            self.cols = self.cols[m.codes[row, self.cols] == code]
        else:  # a last candidate that is not an allowed guess: it is the answer
            self.cols = self.cols[[m.answer_word(int(c)) == word for c in self.cols]]
        self._cached = None


def autoplay(advisor: Advisor, secret: Word, limit: int = 30) -> list[Move]:
    """Play a whole game against ``secret``; raises :class:`WordListError` when
    the secret is not one of the advisor's words."""
    if secret not in advisor.candidates:
        raise WordListError(f"{secret!r} is not one of the {len(advisor.candidates)} possible secrets")
    moves: list[Move] = []
    while not advisor.done:
        if len(moves) >= limit:
            raise StrategyError(f"no answer for {secret!r} within {limit} guesses")
        g = advisor.guess()
        moves.append(advisor.tell(feedback(advisor.split(g), advisor.split(secret))))
    return moves


_COLOURS = {GREEN: "\x1b[1;97;42m", YELLOW: "\x1b[1;30;43m", GREY: "\x1b[1;97;100m"}
_RESET = "\x1b[0m"


def tiles(letters: Sequence[Letter], pattern: Pattern, colour: bool = True) -> str:
    """A guess as tiles, then its marks (which carry the meaning without colour).

    >>> tiles("hater", "G.Y..", colour=False)
    ' H  A  T  E  R   G.Y..'
    >>> tiles("ab", "GY").startswith("\\x1b[")
    True
    """
    cells = []
    for letter, mark in zip(letters, pattern):
        text = f" {letter.upper()} "
        cells.append(f"{_COLOURS[mark]}{text}{_RESET}" if colour else text)
    return "".join(cells) + "  " + pattern
