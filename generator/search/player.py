"""Playing along: an advisor says what to play and learns from the feedback.

An **advisor** holds the words still possible and says which word to play
next; it is told the feedback the game gave and checks it: a pattern of the
game's feedback kind (:mod:`generator.core.kinds`: ``G``/``Y``/``.`` or
``g``/``y``/``w`` for LINGO and Wordle, ``2B1W`` for Mastermind), and possible
at all, that is, given by at least one word still possible. Each turn is a
:class:`Turn`. Two advisors:

* :class:`TreeAdvisor` walks a precomputed tree (a :class:`~generator.core.tree.GameTree`);
* :class:`HeuristicAdvisor` picks every move with a heuristic of
  :mod:`generator.core.scoring` over the words still possible (no tree needed).

:func:`next_guess` says what to play after the feedback so far (the public
API's, a tree file's question), :func:`autoplay` plays a whole game against
a known secret, and :func:`tiles`
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

from generator.core.feedback import GREEN, GREY, YELLOW, Pattern, pattern_code
from generator.core.ids import short
from generator.core.kinds import BLANK, POSITIONAL, Feedback, FeedbackKind, kind_of
from generator.core.partition import Matrix
from generator.core.rules import Game
from generator.core.scoring import Heuristic, rank
from generator.core.tree import GameTree, Node, Tree
from generator.core.words import Letter, Letters, Word
from generator.errors import PatternError, StrategyError, WordListError
from generator.search.greedy import allowed_rows

Spell = Callable[[Word], Sequence[Letter]]


@dataclass(frozen=True)
class Turn:
    """One turn: the word played, the feedback it got, and whether it won."""

    guess: Word
    pattern: Pattern
    left: int  # words still possible after this feedback
    won: bool


@dataclass
class Advisor:
    """What both advisors share: the words still possible and the turns so far."""

    candidates: list[Word]
    digraphs: tuple[str, ...] = ()
    kind: FeedbackKind = POSITIONAL
    history: list[Turn] = field(default_factory=list)
    _last_guess: Word = field(default="", init=False, repr=False)

    def __post_init__(self) -> None:
        self.spell: Spell = Letters(self.digraphs).spell
        self.reply: Feedback = self.kind.reply(self.digraphs)

    @property
    def done(self) -> bool:
        return bool(self.history) and self.history[-1].won

    @property
    def length(self) -> int:
        return len(self.spell(self.candidates[0])) if self.candidates else 0

    def guess(self) -> Word:  # pragma: no cover - overridden
        raise NotImplementedError

    def won(self, pattern: Pattern) -> bool:
        win = self.kind.win(self.length)
        if win is None:  # Hangman: the call that shows the last hidden place wins
            masks = [t.pattern for t in self.history] + [pattern]
            return all(any(m[i] != BLANK for m in masks) for i in range(len(pattern)))
        return pattern == win

    def possible(self) -> dict[Pattern, int]:
        """The feedback patterns the current guess can get, with how many words give each."""
        g = self.guess()
        out: dict[Pattern, int] = {}
        for w in self.candidates:
            p = self.reply(g, w)
            out[p] = out.get(p, 0) + 1
        return dict(sorted(out.items()))

    def check(self, text: str) -> Pattern:
        """The pattern typed, validated (raises :class:`PatternError`)."""
        if self.done:
            raise PatternError("the game is over: the secret was found")
        guess = self.guess()
        pattern = self.kind.parse(text, self.length)  # letters of a word, or places (Hangman)
        possible = self.possible()
        if pattern not in possible:
            some = ", ".join(list(possible)[:6]) + (", ..." if len(possible) > 6 else "")
            raise PatternError(
                f"feedback {pattern} is impossible for {guess}: no word still possible gives it "
                f"({len(self.candidates)} words left; possible: {some})"
            )
        return pattern

    def tell(self, text: str) -> Turn:
        """Take the feedback for the current guess and move on."""
        pattern = self.check(text)
        g = self.guess()
        won = self.won(pattern)
        self._advance(pattern, won)
        self.candidates = [w for w in self.candidates if self.reply(g, w) == pattern]
        turn = Turn(self._last_guess, pattern, len(self.candidates), won)
        self.history.append(turn)
        return turn

    def _advance(self, pattern: Pattern, won: bool) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class TreeAdvisor(Advisor):
    """Follows a tree: its guess at each node, the branch of the feedback."""

    def __init__(self, root: Tree, secrets: Sequence[Word], digraphs: Sequence[str] = (),
                 kind: FeedbackKind = POSITIONAL) -> None:
        super().__init__(list(secrets), tuple(digraphs), kind)
        self.node: Tree = root

    def guess(self) -> Word:
        if isinstance(self.node, Node):
            return self.node.guess
        return self.node

    def _advance(self, pattern: Pattern, won: bool) -> None:
        self._last_guess = self.guess()
        if won:
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
        super().__init__(list(matrix.answers.words), matrix.answers.alphabet.digraphs)
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

    def _advance(self, pattern: Pattern, won: bool) -> None:
        self._last_guess = word = self.guess()
        m = self.matrix
        if word in m.guesses:
            row = m.guesses.position[word]
            self.rows_played.append((row, pattern))
            self.cols = self.cols[m.codes[row, self.cols] == pattern_code(pattern)]
        else:  # a last candidate that is not an allowed guess: it is the answer
            self.cols = self.cols[[m.answer_word(int(c)) == word for c in self.cols]]
        self._cached = None


def next_guess(tree: GameTree, feedback_so_far: Sequence[str] = ()) -> Word | None:
    """What to play next in ``tree`` after the feedback so far: the word (for
    Hangman the letter to call, or at a leaf the word), None once solved.

    Each feedback is a pattern of the tree's game as a person may type it
    (:meth:`~generator.core.kinds.FeedbackKind.parse`: ``G.Y..`` or
    ``g.yw.``, ``2B1W`` or ``21``, ``_a__a``), for the guess of its turn.
    The same as ``nextGuess`` of the site's ES module
    ``generator/output/static/lingo-trees-player.js``.

    Raises :class:`~generator.errors.PatternError` naming the first feedback
    that is not a pattern of the game, that no secret still possible gives
    (the tree has no branch for it), or that comes after the game is over.

    >>> from generator import read_tree
    >>> from generator.core.catalog import CHECKOUT
    >>> tree = read_tree(CHECKOUT / "trees" / "nl" / "same-start" / "human" / "a.json")
    >>> next_guess(tree), next_guess(tree, ["G...."]), next_guess(tree, ["g....", "g.y.."])
    ('anime', 'aldus', 'apart')
    >>> next_guess(tree, ["GGGGG"]) is None
    True
    >>> next_guess(tree, ["....."])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    generator.errors.PatternError: feedback ..... is impossible for anime: no word still possible gives it (...)
    """
    advisor = TreeAdvisor(tree.root, tree.secrets, tree.game.digraphs, kind_of(tree.game))
    for text in feedback_so_far:
        advisor.tell(text)
    return None if advisor.done else advisor.guess()


def autoplay(advisor: Advisor, secret: Word, limit: int = 30) -> list[Turn]:
    """Play a whole game against ``secret``; raises :class:`WordListError` when
    the secret is not one of the advisor's words."""
    if secret not in advisor.candidates:
        raise WordListError(f"{short(secret)!r} is not one of the {len(advisor.candidates)} possible secrets")
    turns: list[Turn] = []
    while not advisor.done:
        if len(turns) >= limit:
            raise StrategyError(f"no answer for {secret!r} within {limit} guesses")
        turns.append(advisor.tell(advisor.reply(advisor.guess(), secret)))
    return turns


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
