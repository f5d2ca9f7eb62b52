"""A set-up ready for searching: its word lists and feedback matrix.

:func:`context` builds the :class:`Context` of a catalog set-up once per
process (the matrix of a large list takes a second or so and some MiB), so
every search and every job in a worker process shares it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property

import numpy as np

from generator.core.blocks import StrategyBlock
from generator.core.catalog import Setup, check_setup_letter, load_list, setup, setup_letters
from generator.core.feedback import replier
from generator.core.ids import short
from generator.core.partition import Matrix
from generator.core.rules import Game
from generator.core.sayable import banned_words, blocked_mask, common_mask
from generator.core.tree import GameTree, Tree, play, stats_of
from generator.core.words import Letter, WordList
from generator.errors import CatalogError


@dataclass
class Context:
    """A set-up with its lists and feedback matrix."""

    setup: Setup
    answers: WordList
    guesses: WordList
    matrix: Matrix
    _letter_cols: dict[Letter, np.ndarray] = field(default_factory=dict, repr=False, compare=False)

    def letters(self) -> list[Letter]:
        """The start letters of the answers, in alphabet order."""
        return setup_letters(self.setup.id)

    def check_letter(self, letter: str) -> Letter:
        """``letter`` if some answer begins with it, else a one-line error."""
        return check_setup_letter(self.setup.id, letter)

    def letter_cols(self, letter: Letter) -> np.ndarray:
        """The answers (columns) that begin with ``letter`` (read-only; made
        once per context: every job of a letter asks)."""
        cols = self._letter_cols.get(letter)
        if cols is None:
            split = self.answers.alphabet.spell
            cols = np.array([i for i, w in enumerate(self.answers.words) if split(w)[0] == letter],
                            dtype=np.int64)
            cols.flags.writeable = False
            self._letter_cols[letter] = cols
        return cols

    def cols(self, letter: Letter | None) -> np.ndarray:
        """The answers of one start letter, or all of them (``None``)."""
        if letter is None:
            return np.arange(len(self.answers), dtype=np.int64)
        return self.letter_cols(letter)

    @cached_property
    def sayable(self) -> tuple[np.ndarray, np.ndarray]:
        """For each guess: (blocked, in common use), as a human scheme asks
        (:mod:`generator.core.sayable`; made once per context)."""
        return blocked_mask(self.guesses), common_mask(self.guesses)

    def game(self, letter: Letter | None, rule: str) -> Game:
        """The set-up's game under ``rule``, with ``letter`` revealed."""
        return self.setup.game.for_letter(letter).with_rule(rule)

    def game_tree(self, game: Game, cols: np.ndarray, root: Tree,
                  strategy: StrategyBlock) -> GameTree:
        """Wrap a tree over the answers ``cols`` as a GameTree: every secret
        is replayed for the stats and ``late``."""
        reply = replier(self.answers.alphabet.spell)
        secrets = tuple(self.answers.words[int(c)] for c in cols)
        turns = {s: len(play(root, s, reply)) for s in secrets}
        late = tuple(s for s in secrets if turns[s] > game.turns)
        return GameTree(game=game, answers=self.setup.answers, guesses=self.setup.guesses,
                        secrets=secrets, root=root, strategy=strategy, late=late,
                        stats=stats_of(turns))


@cache
def context(setup_id: str) -> Context:
    """The context of a set-up, built once per process. Its matrix bans the
    blocked guesses in a game said aloud (:mod:`generator.core.sayable`): no
    search plays one but as the one secret left."""
    s = setup(setup_id)
    answers, guesses = load_list(s.answers), load_list(s.guesses)
    _check_lists(s, answers, guesses)
    matrix = Matrix.build(guesses, answers)
    banned = banned_words(answers, guesses, s.game.name)
    if banned:
        matrix.banned = np.zeros(len(guesses), dtype=bool)
        matrix.banned[[guesses.position[w] for w in banned]] = True
    return Context(s, answers, guesses, matrix)


def _check_lists(s: Setup, answers: WordList, guesses: WordList) -> None:
    """Every answer of a set-up may be guessed (else no tree wins it: all
    would fail verify)."""
    missing = [w for w in answers.words if w not in guesses.position]
    if missing:
        raise CatalogError(f"set-up {s.id!r}: {len(missing)} of its answers are not in its guesses list "
                           f"{guesses.id!r}, such as {short(missing[0])!r}: a secret must be a word one may guess")
