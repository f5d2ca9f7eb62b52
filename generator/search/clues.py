"""Clues: what the feedback so far says about the secret.

A **clue** is a guess with the pattern it got (``agent=G....``). The words
still possible are those that would give every clue's pattern to its guess
(the feedback engine decides, so duplicate letters follow the game's rule).
The same knowledge is shown the way the Word Mastermind helper paper shows it:

* a **regular expression** with one part per letter: the letter where it is
  green, else a class of the letters it cannot be (``[^air][^ai][^ai]n``);
* the letters that **must occur** (at least, or exactly, so many times).

For the next move every word of a guess pool is scored by a heuristic of
:mod:`generator.core.scoring` over the candidates, with its expected group size.

>>> from generator.core.catalog import load_list
>>> words = load_list("wordle-answers")
>>> clues = [parse_clue("crane=..GY.", words.alphabet, 5)]
>>> found = solve(words, clues)
>>> len(found.candidates), found.regex, describe_counts(found.constraints)
(8, '[^cer][^cer]a[^cenr][^cer]', 'must contain: a, n')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from generator.core.feedback import GREEN, YELLOW, Pattern, feedback_matrix, parse_pattern, pattern_code
from generator.core.frequency import zipf
from generator.core.ids import short
from generator.core.partition import Matrix, PartStats
from generator.core.scoring import Heuristic, expected_size, rank
from generator.core.words import Alphabet, Letter, Word, WordList, unaccented
from generator.errors import PatternError, WordListError

__all__ = [
    "Clue", "Constraints", "Contradiction", "ScoredGuess", "ScoredGuesses", "Solved", "best_guesses", "constraints",
    "describe_counts", "frequency_order", "parse_clue", "regex", "solve",
]


@dataclass(frozen=True)
class Clue:
    """A guess and the pattern it got."""

    guess: Word
    pattern: Pattern
    letters: tuple[Letter, ...]

    def __str__(self) -> str:
        return f"{self.guess}={self.pattern}"


def parse_clue(text: str, alphabet: Alphabet, length: int) -> Clue:
    """Read ``WORD=PATTERN`` (or ``WORD:PATTERN``); the pattern in ``G``/``Y``/``.``
    or the paper's ``g``/``y``/``w`` letters. A word typed with accents the
    alphabet lacks is read as the tiles write it (French: ``élève`` is ``eleve``).

    >>> from generator.core.words import LATIN
    >>> parse_clue("agent=gwwyw", LATIN, 5)
    Clue(guess='agent', pattern='G..Y.', letters=('a', 'g', 'e', 'n', 't'))
    >>> parse_clue("élève=G....", LATIN, 5).guess
    'eleve'
    >>> parse_clue("agent", LATIN, 5)
    Traceback (most recent call last):
    ...
    generator.errors.PatternError: clue 'agent': write it as WORD=PATTERN, e.g. agent=G.Y..
    """
    word, sep, pat = text.replace(":", "=").partition("=")
    word = word.strip().lower()
    if not sep or not word:
        raise PatternError(f"clue {short(text)!r}: write it as WORD=PATTERN, e.g. agent=G.Y..")
    try:
        letters = alphabet.spell(word)
    except WordListError as exc:
        try:
            word = unaccented(word)
            letters = alphabet.spell(word)
        except WordListError:
            raise PatternError(f"clue {short(text)!r}: {exc}") from None
    if len(letters) != length:
        raise PatternError(f"clue {short(text)!r}: {short(word)!r} has {len(letters)} letters, the words have {length}")
    try:
        pattern = parse_pattern(pat, length)
    except PatternError as exc:
        raise PatternError(f"clue {short(text)!r}: {exc}") from None
    return Clue(word, pattern, letters)


# -- what the clues imply, letter by letter -------------------------------------


@dataclass
class Constraints:
    """Per position the known letter or the letters it cannot be; per letter
    the least and (where known) the most times it occurs."""

    length: int
    fixed: list[Letter | None]
    excluded: list[set[Letter]]
    least: dict[Letter, int] = field(default_factory=dict)
    most: dict[Letter, int] = field(default_factory=dict)

    def absent(self) -> set[Letter]:
        """Letters that do not occur at all."""
        return {c for c, n in self.most.items() if n == 0}


def constraints(clues: Sequence[Clue], length: int, first: Letter | None = None) -> Constraints:
    """The position and count constraints of the clues (and a revealed first letter).

    >>> from generator.core.words import LATIN
    >>> c = constraints([parse_clue("sassy=Y.G..", LATIN, 5)], 5)
    >>> c.fixed, c.least, c.most
    ([None, None, 's', None, None], {'s': 2}, {'a': 0, 's': 2, 'y': 0})
    """
    fixed: list[Letter | None] = [None] * length
    excluded: list[set[Letter]] = [set() for _ in range(length)]
    least: dict[Letter, int] = {}
    most: dict[Letter, int] = {}
    if first:
        fixed[0] = first
    for clue in clues:
        shown: dict[Letter, int] = {}
        grey: list[Letter] = []
        for i, (c, mark) in enumerate(zip(clue.letters, clue.pattern)):
            if mark == GREEN:
                fixed[i] = c
            else:
                excluded[i].add(c)
            if mark in (GREEN, YELLOW):
                shown[c] = shown.get(c, 0) + 1
            else:
                grey.append(c)
        for c, n in shown.items():
            least[c] = max(least.get(c, 0), n)
        for c in grey:
            n = shown.get(c, 0)
            most[c] = min(most.get(c, n), n)
    return Constraints(length, fixed, excluded, least, most)


def regex(cons: Constraints, alphabet: Alphabet) -> str:
    """The regular expression of the position constraints (count constraints
    are in :func:`describe_counts`). A digraph letter is written as an
    alternative (``(?:ij|[^ab])``) or excluded by a lookahead.

    >>> from generator.core.words import LATIN
    >>> regex(constraints([parse_clue("rain=ywwg", LATIN, 4)], 4), LATIN)
    '[^air][^ai][^ai]n'
    """
    absent = cons.absent()
    parts = []
    for i in range(cons.length):
        if cons.fixed[i] is not None:
            parts.append(re.escape(str(cons.fixed[i])))
            continue
        out = sorted(absent | cons.excluded[i])
        singles = [c for c in out if len(c) == 1]
        cls = f"[^{''.join(re.escape(c) for c in singles)}]" if singles else "."
        if alphabet.digraphs:
            allowed = [d for d in alphabet.digraphs if d not in out]
            banned = [d for d in alphabet.digraphs if d in out]
            if banned:
                cls = "".join(f"(?!{re.escape(d)})" for d in banned) + cls
            if allowed:
                cls = f"(?:{'|'.join(re.escape(d) for d in allowed)}|{cls})"
        parts.append(cls)
    return "".join(parts)


def describe_counts(cons: Constraints) -> str:
    """The letters that must occur, in words (``must contain: a, n (exactly 1)``).

    >>> from generator.core.words import LATIN
    >>> describe_counts(constraints([parse_clue("sassy=Y.G..", LATIN, 5)], 5))
    'must contain: s (exactly 2)'
    """
    items = []
    for c in sorted(cons.least):
        n = cons.least[c]
        if cons.most.get(c) == n:  # the count is known
            items.append(f"{c} (exactly {n})")
        elif n > 1:
            items.append(f"{c} (at least {n})")
        else:
            items.append(c)
    return "must contain: " + (", ".join(items) if items else "nothing known")


def describe_known(cons: Constraints) -> str:
    """The letters known at each place, as a player writes them down (``K _ A _ _``).

    >>> from generator.core.words import LATIN
    >>> describe_known(constraints([parse_clue("sassy=Y.G..", LATIN, 5)], 5, "k"))
    'K _ S _ _'
    """
    return " ".join("_" if c is None else c.upper() for c in cons.fixed)


def describe_absent(cons: Constraints) -> str:
    """The letters in no place of the word (``none known`` where there are none).

    >>> from generator.core.words import LATIN
    >>> describe_absent(constraints([parse_clue("sassy=Y.G..", LATIN, 5)], 5))
    'a, y'
    """
    return ", ".join(sorted(cons.absent())) or "none known"


# -- candidates -----------------------------------------------------------------


@dataclass(frozen=True)
class Contradiction:
    """No word fits: ``clue`` (index into the clues, -1 for the revealed first
    letter) is the first that cannot hold; ``before`` words fitted the ones
    before it."""

    clue: int
    text: str
    before: int


def _clue_mask(words: WordList, clue: Clue) -> np.ndarray:
    guess = np.array([[words.alphabet.index[c] for c in clue.letters]], dtype=np.uint8)
    row = feedback_matrix(guess, words.codes, len(words.alphabet.letters))[0]
    fits: np.ndarray = row == pattern_code(clue.pattern)
    return fits


@dataclass(frozen=True)
class Solved:
    """The words of ``words`` that fit the clues (positions, in list order),
    the constraints and their regular expression, or why nothing fits."""

    words: WordList
    clues: tuple[Clue, ...]
    first: Letter | None
    candidates: np.ndarray
    constraints: Constraints
    regex: str
    contradiction: Contradiction | None

    def candidate_words(self) -> list[Word]:
        return [self.words.words[i] for i in self.candidates]


def solve(words: WordList, clues: Sequence[Clue], first: Letter | None = None) -> Solved:
    """The candidates of ``words`` (one word length) that fit every clue.

    Parameters
    ----------
    words
        the list of possible secrets, of one length (``WordList.with_length``).
    clues
        the clues so far, in the order they were played.
    first
        the revealed first letter, if any.

    Returns
    -------
    :class:`Solved`; when no word fits, ``contradiction`` names the first
    clue after which no word is left.
    """
    if words.length == 0:
        raise WordListError(f"word list {words.id!r} has mixed lengths: choose a length")
    if first is not None and first not in words.alphabet.index:
        raise PatternError(f"first letter {first!r} is not a letter of {words.id!r}")
    for clue in clues:
        if len(clue.letters) != words.length:
            raise PatternError(f"clue {clue}: {len(clue.letters)} letters, the words have {words.length}")
    mask = np.ones(len(words), dtype=bool)
    contradiction = None
    if first:
        mask &= words.codes[:, 0] == words.alphabet.index[first]
        if not mask.any():
            contradiction = Contradiction(-1, f"first letter {first}", len(words))
    for i, clue in enumerate(clues):
        before = int(mask.sum())
        mask &= _clue_mask(words, clue)
        if contradiction is None and before and not mask.any():
            contradiction = Contradiction(i, str(clue), before)
    cons = constraints(clues, words.length, first)
    return Solved(words, tuple(clues), first, np.flatnonzero(mask), cons,
                  regex(cons, words.alphabet), contradiction)


def frequency_order(words: Sequence[Word], language: str) -> list[tuple[Word, float]]:
    """The words with their Zipf frequency (:mod:`generator.core.frequency`),
    most frequent first (ties in the given order)."""
    scored = list(zip(words, zipf(words, language)))
    order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
    return [scored[i] for i in order]


# -- the next move --------------------------------------------------------------


@dataclass(frozen=True)
class ScoredGuess:
    """A guess with how it splits the candidates: ``expected`` group size
    (sum k^2 / n), ``largest`` group, number of ``parts``, and whether it can
    itself be the secret."""

    word: Word
    expected: float
    largest: int
    parts: int
    candidate: bool


@dataclass(frozen=True)
class ScoredGuesses:
    """The best guesses, and how many candidates and guesses they were scored on."""

    moves: list[ScoredGuess]
    sampled: int  # candidates the scores were computed on (< all when sampled)
    pool: int     # guesses scored


def _stack(parts: list[PartStats], n: int) -> PartStats:
    def cat(name: str) -> np.ndarray:
        return np.concatenate([getattr(p, name) for p in parts])
    return PartStats(cat("largest"), cat("parts"), cat("squares"), cat("klogk"), cat("wins"), n)


def best_guesses(pool: WordList, candidates: Sequence[Word], score: Heuristic, *, top: int = 10,
                 max_pairs: int = 40_000_000, chunk_pairs: int = 4_000_000,
                 seed: int = 0) -> ScoredGuesses:
    """The ``top`` guesses of ``pool`` by heuristic ``score`` over ``candidates``.

    When ``len(pool) * len(candidates)`` exceeds ``max_pairs`` the scores are
    computed on a seeded random sample of the candidates (``ScoredGuesses.sampled``
    says how many), which keeps the answer within a second or so.

    >>> from generator.core.catalog import load_list
    >>> from generator.core.scoring import scm
    >>> pool = load_list("wordle-answers")
    >>> best = best_guesses(pool, ["baker", "maker", "taker", "waker"], scm, top=1).moves[0]
    >>> best.word, best.largest
    ('thumb', 1)
    """
    if pool.length == 0:
        raise WordListError(f"word list {pool.id!r} has mixed lengths: choose a length")
    cand = list(candidates)
    if not cand:
        return ScoredGuesses([], 0, len(pool))
    if len(pool) * len(cand) > max_pairs:
        keep = max(1, max_pairs // len(pool))
        rng = np.random.default_rng(seed)
        pick = np.sort(rng.choice(len(cand), size=keep, replace=False))
        cand = [cand[i] for i in pick]
    cands = WordList(f"{pool.id}/candidates", tuple(cand), pool.alphabet, pool.length, pool.language)
    nletters = len(pool.alphabet.letters)
    rows_per_chunk = max(1, chunk_pairs // len(cand))
    cols = np.arange(len(cand), dtype=np.int64)
    own = np.array([pool.position.get(w, -1) for w in cand], dtype=np.int64)
    stats = []
    for lo in range(0, len(pool), rows_per_chunk):
        hi = min(len(pool), lo + rows_per_chunk)
        codes = feedback_matrix(pool.codes[lo:hi], cands.codes, nletters)
        m = Matrix(pool, cands, codes, own)
        stats.append(m.stats(np.arange(hi - lo, dtype=np.int64), cols))
    s = _stack(stats, len(cand))
    order = rank(s, score)[:top]
    exp = expected_size(s)
    in_cand = set(candidates)
    moves = [ScoredGuess(pool.words[i], float(exp[i]), int(s.largest[i]), int(s.parts[i]),
                  pool.words[i] in in_cand) for i in order]
    return ScoredGuesses(moves, len(cand), len(pool))
