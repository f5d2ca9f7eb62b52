"""Game rules: what a game is, and which guesses it allows.

A :class:`Game` is a plain value: the word length, the number of turns, the
letter revealed before the first turn (LINGO reveals the secret's first
letter; Wordle reveals none), the **guess rule** and the feedback kind.

Guess rules:

``free``
    any word of the guesses list (the 1992 paper's assumption);
``same-start``
    TV LINGO: every guess begins with the revealed letter;
``hard``
    Wordle's hard mode as the game enforces it: every green letter is played
    again in its place, and every revealed letter (green or yellow) is played
    again, as many times as it was revealed in one guess. A hard-mode guess
    need not be a possible answer.
``self-hard``
    "self hard mode" (the Wordle solvers' term): every guess is a word that
    can still be the secret, so it agrees with every feedback so far (and is
    one of the answers, which the caller checks: it holds the lists). It is
    stricter than hard mode.

>>> hard_mode_violation("crane", "Y.G..", "scare")
>>> hard_mode_violation("crane", "Y.G..", "salty")
"the 'a' must stay in place 3"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from generator.core.feedback import GREEN, YELLOW, Pattern, feedback
from generator.core.ids import short
from generator.core.words import Letter
from generator.errors import RulesError


class GuessRule(str, Enum):
    """The guess rules, in display order."""

    FREE = "free"
    SAME_START = "same-start"
    HARD = "hard"
    SELF_HARD = "self-hard"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        """How pages, sheets and the report name the rule."""
        return _RULE_TITLES[self.value]


#: the guess rules LINGO is played under: any word (free), or each guess beginning with the letter shown (TV rules)
LINGO_RULES = (GuessRule.FREE.value, GuessRule.SAME_START.value)


_RULE_TITLES = {
    "free": "free rule: any word may be guessed",
    "same-start": "TV rules: every guess begins with the letter shown",
    "hard": "hard mode: every guess uses what the feedback showed",
    "self-hard": "self hard mode: every guess can still be the secret",
}


#: where a game names a rule its own way (Wordle's players say "normal mode")
_FAMILY_RULE_TITLES = {
    "wordle": {"free": "normal mode: any allowed word may be guessed"},
}


def rule_label(rule: str | GuessRule, family: str = "lingo") -> str:
    """How pages, sheets and reports name ``rule`` in the games of ``family``.

    >>> rule_label("free"), rule_label("free", "wordle")
    ('free rule: any word may be guessed', 'normal mode: any allowed word may be guessed')
    """
    rule = guess_rule(rule)
    return _FAMILY_RULE_TITLES.get(family, {}).get(rule.value, rule.label)


def guess_rule(value: str | GuessRule) -> GuessRule:
    """Parse a guess-rule name, with a clear error for an unknown one."""
    try:
        return GuessRule(value)
    except ValueError:
        names = ", ".join(r.value for r in GuessRule)
        raise RulesError(f"unknown guess rule {short(str(value))!r} (expected one of: {names})") from None


FEEDBACK_KINDS = ("positional", "pegs", "mask")
"""``positional``: G/Y/. per letter (LINGO, Wordle); ``pegs``: black and white
pegs, ``2B1W`` (Mastermind, Bulls and Cows: :mod:`generator.games.mastermind`);
``mask``: the positions of the letter called, ``_a__a`` (Hangman:
:mod:`generator.games.hangman`)."""

MAX_MASK_LENGTH = 63  # Hangman words: the positions of a letter fit one 64-bit mask


@dataclass(frozen=True)
class Game:
    """One game: the rules a tree is built for and verified against."""

    name: str
    length: int
    turns: int
    revealed: Letter | None = None
    guess_rule: GuessRule = GuessRule.FREE
    feedback: str = "positional"
    digraphs: tuple[str, ...] = ()
    reveals_first_letter: bool = False
    # pegs games only: the code symbols (colours) and whether a code may repeat one
    symbols: str = ""
    repeats: bool = True
    # mask games only: the misses allowed (one more loses the game)
    misses: int | None = None

    def __post_init__(self) -> None:
        if self.feedback not in FEEDBACK_KINDS:
            raise RulesError(f"unknown feedback kind {self.feedback!r}")
        low, high = (1, MAX_MASK_LENGTH) if self.feedback == "mask" else (2, 20)
        if not low <= self.length <= high:
            raise RulesError(f"word length {self.length} is outside {low}..{high}")
        if self.turns < 1:
            raise RulesError(f"turns must be at least 1, not {self.turns}")
        if self.feedback == "pegs":
            if len(self.symbols) < 2 or len(set(self.symbols)) != len(self.symbols):
                raise RulesError(f"a pegs game needs two or more distinct symbols, not {self.symbols!r}")
            if not self.repeats and len(self.symbols) < self.length:
                raise RulesError(f"{self.length} positions without repeats need as many symbols, "
                                 f"not {len(self.symbols)}")
        elif self.symbols or not self.repeats:
            raise RulesError("symbols and repeats belong to a pegs game")
        if self.feedback == "mask":
            if self.misses is None or self.misses < 0:
                raise RulesError(f"a mask game needs the misses allowed (0 or more), not {self.misses!r}")
        elif self.misses is not None:
            raise RulesError("misses belong to a mask game")
        object.__setattr__(self, "guess_rule", guess_rule(self.guess_rule))
        if self.guess_rule is GuessRule.SAME_START and not self.reveals_first_letter:
            raise RulesError("the same-start rule needs a game that reveals the first letter")

    def with_rule(self, rule: str | GuessRule) -> Game:
        return replace(self, guess_rule=guess_rule(rule))

    def for_letter(self, letter: Letter | None) -> Game:
        """The game once the first letter is revealed (LINGO), or as it is."""
        return replace(self, revealed=letter)


LINGO = Game("lingo", length=5, turns=5, reveals_first_letter=True)
WORDLE = Game("wordle", length=5, turns=6)
PRESETS = {"lingo": LINGO, "wordle": WORDLE}


def preset(name: str) -> Game:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown game {short(name)!r} (expected one of: {', '.join(PRESETS)})") from None


def hard_mode_violation(
    previous: Sequence[Letter], pattern: Pattern, guess: Sequence[Letter]
) -> str | None:
    """Why ``guess`` breaks hard mode after ``previous`` got ``pattern``, or None."""
    for i, (letter, mark) in enumerate(zip(previous, pattern)):
        if mark == GREEN and guess[i] != letter:
            return f"the {letter!r} must stay in place {i + 1}"
    need = Counter(letter for letter, mark in zip(previous, pattern) if mark in (GREEN, YELLOW))
    have = Counter(guess)
    for letter, n in sorted(need.items()):
        if have[letter] < n:
            times = "once" if n == 1 else f"{n} times"
            return f"the {letter!r} must be played again ({times})"
    return None


def inconsistency(
    previous: Sequence[Letter], pattern: Pattern, guess: Sequence[Letter]
) -> str | None:
    """Why ``guess`` cannot be the secret after ``previous`` got ``pattern``, or None.

    >>> inconsistency("crane", "G.YY.", "cabin")
    >>> inconsistency("crane", "G.YY.", "civic")
    "it would have given 'crane' G.... (not G.YY.)"
    """
    would = feedback(previous, guess)
    if would != pattern:
        return f"it would have given {''.join(previous)!r} {would} (not {pattern})"
    return None


def rule_violation(
    game: Game,
    guess: Sequence[Letter],
    history: Sequence[tuple[Sequence[Letter], Pattern]] = (),
) -> str | None:
    """Why ``guess`` (as letters) breaks the game's guess rule, or None.

    ``history`` is the (guess, pattern) pairs played before. Membership of the
    guesses list is checked by the caller, who holds the list.
    """
    if game.guess_rule is GuessRule.SAME_START:
        if game.revealed is not None and (not guess or guess[0] != game.revealed):
            return f"must begin with the revealed letter {game.revealed!r}"
    elif game.guess_rule is GuessRule.HARD:
        for previous, pattern in history:
            why = hard_mode_violation(previous, pattern, guess)
            if why:
                return why
    elif game.guess_rule is GuessRule.SELF_HARD:
        for previous, pattern in history:
            why = inconsistency(previous, pattern, guess)
            if why:
                return why
    return None
