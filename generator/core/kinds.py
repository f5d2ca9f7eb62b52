"""Feedback kinds: how a game answers a move, one object per kind.

===============  ==================================  =================================
kind             games                               a pattern
===============  ==================================  =================================
``positional``   LINGO, Wordle, Word Mastermind      a mark per letter, ``Y.G..``
``pegs``         Mastermind, Bulls and Cows          black and white pegs, ``2B1W``
``mask``         Hangman                             the letter's places, ``_a__a``
===============  ==================================  =================================

Every kind says what a move gets against a secret (:meth:`FeedbackKind.reply`),
whether a text is a pattern at all (:meth:`FeedbackKind.problem`), how a
person may type one (:meth:`FeedbackKind.parse`) and which word lists a tree
of the kind is checked against (:meth:`FeedbackKind.lists`). The verifier, the
tree files and the player all ask these objects, so a new kind of feedback is
one class here.

Pegs: a **code** is a string of symbols (``"1122"``); ``b`` black pegs are the
symbols in their place, ``w`` white pegs the others in common (each secret
symbol matched once). Mask: a move calls a letter; the pattern is the secret
with every other letter as ``_``; a call that completes the word ends the game.

>>> pegs("1122", "1223"), mask("banana", "a")
('2B1W', '_a_a_a')
>>> kind_of_name("pegs").parse("2b1w", 4)
'2B1W'
"""

from __future__ import annotations

import itertools
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from generator.core.feedback import GREEN, MARKS, Pattern, feedback, parse_pattern
from generator.core.ids import short
from generator.core.rules import Game
from generator.core.tree import Tree
from generator.core.words import Alphabet, Letter, Letters, Word, WordList
from generator.errors import PatternError, RulesError, TreeFormatError

Feedback = Callable[[Word, Word], Pattern]
"""``reply(move, secret)``: the pattern the game gives."""

BLANK = "_"
PEG_PATTERN = re.compile(r"([0-9]+)B([0-9]+)W")
Code = str


class FeedbackKind(ABC):
    """What every kind of feedback answers."""

    name: ClassVar[str]

    @abstractmethod
    def reply(self, digraphs: Sequence[str] = ()) -> Feedback:
        """The game's ``reply(move, secret)`` (words split into letters with
        the game's ``digraphs``, which count as one letter)."""

    @abstractmethod
    def problem(self, pattern: str, length: int | None = None) -> str | None:
        """Why ``pattern`` is not a pattern of this kind (for words of
        ``length`` letters, if given), or None."""

    @abstractmethod
    def parse(self, text: str, length: int) -> Pattern:
        """A pattern as a person types it, checked (raises :class:`PatternError`)."""

    def _checked(self, pattern: str, text: str, length: int) -> Pattern:
        """``pattern`` (read from what a person typed, ``text``) if it is a
        pattern of this kind for words of ``length`` letters, else
        :class:`PatternError` saying why."""
        why = self.problem(pattern, length)
        if why:
            raise PatternError(f"{self.name} {text[:40]!r}: {why}")
        return pattern

    @abstractmethod
    def lists(self, game: Game, answers: str, guesses: str) -> tuple[WordList, WordList]:
        """The answers and guesses lists a tree of this kind names."""

    def win(self, length: int) -> Pattern | None:
        """The pattern of a guess that is the secret (None: no such pattern,
        the game ends when the word is complete)."""
        return None


class Positional(FeedbackKind):
    """``G`` right place, ``Y`` elsewhere, ``.`` absent (:mod:`generator.core.feedback`)."""

    name = "positional"

    def reply(self, digraphs: Sequence[str] = ()) -> Feedback:
        split = Letters(digraphs).spell
        return lambda guess, secret: feedback(split(guess), split(secret))

    def problem(self, pattern: str, length: int | None = None) -> str | None:
        bad = not pattern or any(c not in MARKS for c in pattern)
        if length is not None and (bad or len(pattern) != length):
            return f"{pattern!r} is not a pattern of {length} marks G, Y, ."
        if bad:
            return f"{pattern!r} is not a feedback pattern (G, Y, .)"
        return None

    def parse(self, text: str, length: int) -> Pattern:
        return parse_pattern(text, length)

    def lists(self, game: Game, answers: str, guesses: str) -> tuple[WordList, WordList]:
        from generator.core.catalog import load_list

        return load_list(answers), load_list(guesses)

    def win(self, length: int) -> Pattern:
        return GREEN * length


class Pegs(FeedbackKind):
    """``<b>B<w>W``: black pegs (right symbol, right place), white pegs (right
    symbol elsewhere). The codes of the game are its answers and its guesses."""

    name = "pegs"

    def reply(self, digraphs: Sequence[str] = ()) -> Feedback:
        return pegs

    def problem(self, pattern: str, length: int | None = None) -> str | None:
        m = PEG_PATTERN.fullmatch(pattern)
        if length is not None and (not m or int(m[1]) + int(m[2]) > length):
            return f"{pattern!r} is not a pattern <b>B<w>W of {length} positions"
        if not m:
            return f"{pattern!r} is not a pegs pattern (<b>B<w>W)"
        return None

    def parse(self, text: str, length: int) -> Pattern:
        """``2B1W``, ``2b1w`` or just the two counts ``21``."""
        t = text.strip().upper().replace(" ", "")
        if re.fullmatch(r"[0-9][0-9]", t):
            t = f"{t[0]}B{t[1]}W"
        return self._checked(t, text, length)

    def lists(self, game: Game, answers: str, guesses: str) -> tuple[WordList, WordList]:
        codes = code_list(game)
        for name in (answers, guesses):
            if name != codes.id:
                raise TreeFormatError(f"wordlists: {name!r} is not the code list of this game ({codes.id!r})")
        return codes, codes

    def win(self, length: int) -> Pattern:
        return f"{length}B0W"


class Mask(FeedbackKind):
    """The places of the letter called: the secret with every other letter as ``_``."""

    name = "mask"

    def reply(self, digraphs: Sequence[str] = ()) -> Feedback:
        return lambda letter, secret: mask(secret, letter)

    def problem(self, pattern: str, length: int | None = None) -> str | None:
        if not pattern or any(c.isspace() for c in pattern) or len(set(pattern) - {BLANK}) > 1:
            return f"{pattern!r} is not a mask pattern (one letter and _)"
        if length is not None and len(pattern) != length:
            return f"{pattern!r} is not a mask of {length} letters"
        return None

    def parse(self, text: str, length: int) -> Pattern:
        return self._checked(text.strip().lower(), text, length)

    def lists(self, game: Game, answers: str, guesses: str) -> tuple[WordList, WordList]:
        from generator.core.catalog import load_list

        words = load_list(answers)
        if words.length == 0:
            words = words.with_length(game.length)
        return words, load_list(guesses)


POSITIONAL, PEGS, MASK = Positional(), Pegs(), Mask()
KINDS: dict[str, FeedbackKind] = {k.name: k for k in (POSITIONAL, PEGS, MASK)}


def kind_of_name(name: str) -> FeedbackKind:
    try:
        return KINDS[name]
    except KeyError:
        raise RulesError(f"unknown feedback kind {name!r} (expected one of: {', '.join(KINDS)})") from None


def kind_of(game: Game) -> FeedbackKind:
    """The feedback kind of a game."""
    return kind_of_name(game.feedback)


# -- pegs ---------------------------------------------------------------------


def pegs(guess: Sequence[str], secret: Sequence[str]) -> Pattern:
    """The peg pattern of ``guess`` against ``secret`` (the reference definition).

    >>> pegs("1234", "4321"), pegs("1111", "1122")
    ('0B4W', '2B0W')
    """
    if len(guess) != len(secret):
        raise RulesError(f"codes {short(str(guess))!r} and {short(str(secret))!r} differ in length")
    black = sum(g == s for g, s in zip(guess, secret))
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess))
    return f"{black}B{common - black}W"


def codes_of(positions: int, symbols: str, repeats: bool) -> tuple[Code, ...]:
    """Every code, in symbol order (so the smallest code comes first)."""
    if repeats:
        return tuple("".join(t) for t in itertools.product(symbols, repeat=positions))
    return tuple("".join(t) for t in itertools.permutations(symbols, positions))


def code_list_id(game: Game) -> str:
    """The id of the code list of a pegs game (``codes-4x6``, ``codes-4x10-distinct``):
    the tree file's ``wordlists`` entries."""
    return f"codes-{game.length}x{len(game.symbols)}" + ("" if game.repeats else "-distinct")


def code_list(game: Game) -> WordList:
    """Every code of a pegs game as a WordList (the answers and the guesses)."""
    words = codes_of(game.length, game.symbols, game.repeats)
    return WordList(code_list_id(game), words, Alphabet(game.symbols), game.length)


# -- mask ---------------------------------------------------------------------


def mask(word: Word, letter: Letter) -> Pattern:
    """The feedback of calling ``letter`` when the secret is ``word``.

    >>> mask("banana", "z")
    '______'
    """
    return "".join(c if c == letter else BLANK for c in word)


@dataclass(frozen=True)
class Calls:
    """How a Hangman secret went: calls in all (those after the tree's leaf
    included, all hits), misses, and whether it was lost."""

    turns: int
    misses: int
    lost: bool


class ReplayError(ValueError):
    """A secret cannot be replayed through a tree: ``path`` is the place."""

    def __init__(self, path: tuple[Pattern, ...], message: str) -> None:
        super().__init__(message)
        self.path = path


def replay_calls(tree: Tree, secret: Word, misses: int, letters: frozenset[Letter] | None = None,
                 used: set[tuple[int, Pattern]] | None = None) -> Calls:
    """Play a Hangman ``secret`` through ``tree`` with ``misses`` allowed.

    A node calls its letter; a leaf is the word once it is the only one left
    (its letters not yet called are then called, all hits). Raises
    :class:`ReplayError` (with the place) for a letter outside ``letters``,
    a letter called twice, a missing branch or a wrong leaf. ``used``
    collects the branches taken, as ``(id(node), pattern)``.

    >>> from generator.core.tree import Node
    >>> replay_calls(Node("a", {"_a_": Node("b", {"b__": "bad"})}), "bad", 6)
    Calls(turns=3, misses=0, lost=False)
    """
    called: set[Letter] = set()
    need = set(secret)
    miss = 0
    node = tree
    path: tuple[Pattern, ...] = ()
    while True:
        if isinstance(node, str):
            if node != secret:
                raise ReplayError(path, f"leaf {node!r} is not the secret {secret!r}")
            return Calls(len(called) + len(need - called), miss, miss > misses)
        letter = node.guess
        if letters is not None and letter not in letters:
            raise ReplayError(path, f"{letter!r} is not a letter of the word list")
        if letter in called:
            raise ReplayError(path, f"{letter!r} is called twice (secret {secret!r})")
        called.add(letter)
        if letter not in need:
            miss += 1
        if need <= called:
            return Calls(len(called), miss, miss > misses)
        pattern = mask(secret, letter)
        if pattern not in node.next:
            raise ReplayError(path, f"no branch for feedback {pattern} of {letter!r} (secret {secret!r})")
        if used is not None:
            used.add((id(node), pattern))
        path += (pattern,)
        node = node.next[pattern]
