"""Feedback: what the game master says about a guess.

A **Pattern** is a string with one character per letter of the guess:
``G`` (GREEN) the letter is in that place, ``Y`` (YELLOW) the letter is in the
word elsewhere, ``.`` (GREY) it is not (or not as often as it was guessed).

Duplicate letters follow the standard rule: greens are marked first; then,
from left to right, a letter is yellow while the secret still has unmatched
copies of it.

>>> feedback("ninny", "annex")
'Y.G..'
>>> feedback("mosso", "misos")
'GYGY.'

Patterns are also coded as integers: letter ``i`` of ``L`` contributes
``d * 3**(L-1-i)`` with ``d`` = 0 grey, 1 yellow, 2 green, so the all-green
pattern is ``3**L - 1``. :func:`feedback` is the scalar reference;
:func:`feedback_matrix` computes the codes for every (guess, secret) pair at
once and must agree with it on every pair.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from generator.core.ids import short
from generator.core.jit import kernel, prange
from generator.errors import PatternError

Pattern = str
PatternCode = int

GREY = "."
YELLOW = "Y"
GREEN = "G"
MARKS = (GREY, YELLOW, GREEN)
_DIGIT = {GREY: 0, YELLOW: 1, GREEN: 2}


def feedback(guess: Sequence[str], secret: Sequence[str]) -> Pattern:
    """The pattern for ``guess`` against ``secret``.

    Both are sequences of letters: a plain string is split into characters;
    pass tuples (``Alphabet.split``) for words with digraphs.

    >>> feedback("sassy", "misos")
    'Y.G..'
    >>> feedback(("ij", "s"), ("s", "ij"))
    'YY'
    """
    if len(guess) != len(secret):
        raise PatternError(f"guess {short(''.join(guess))!r} and secret {short(''.join(secret))!r} "
                           f"differ in length ({len(guess)} and {len(secret)} letters)")
    marks = [GREY] * len(guess)
    unmatched: dict[str, int] = {}
    for i, (g, s) in enumerate(zip(guess, secret)):
        if g == s:
            marks[i] = GREEN
        else:
            unmatched[s] = unmatched.get(s, 0) + 1
    for i, g in enumerate(guess):
        if marks[i] == GREY and unmatched.get(g, 0) > 0:
            marks[i] = YELLOW
            unmatched[g] -= 1
    return "".join(marks)


def replier(split: Callable[[str], Sequence[str]]) -> Callable[[str, str], Pattern]:
    """A ``feedback(guess, secret)`` on words, splitting them into letters with
    ``split`` (``Alphabet.split``), so digraphs count as one letter."""

    def reply(guess: str, secret: str) -> Pattern:
        return feedback(split(guess), split(secret))

    return reply


def code_dtype(length: int) -> type[np.unsignedinteger]:
    """Smallest unsigned type that holds every pattern code of ``length`` letters."""
    if length <= 5:
        return np.uint8
    if length <= 10:
        return np.uint16
    if length <= 20:
        return np.uint32
    raise PatternError(f"word length {length} is over 20: pattern codes would overflow")


def all_green(length: int) -> PatternCode:
    """The code of the winning pattern."""
    return int(3**length - 1)


def pattern_code(pattern: Pattern) -> PatternCode:
    """Integer code of a pattern string.

    >>> pattern_code("GGGGG"), pattern_code("....."), pattern_code("Y....")
    (242, 0, 81)
    """
    code = 0
    for ch in pattern:
        if ch not in _DIGIT:
            raise PatternError(f"pattern {short(pattern)!r}: {ch!r} is not one of G, Y, .")
        code = code * 3 + _DIGIT[ch]
    return code


def pattern_string(code: PatternCode, length: int) -> Pattern:
    """Pattern string of an integer code (inverse of :func:`pattern_code`).

    >>> pattern_string(81, 5)
    'Y....'
    """
    if not 0 <= code < 3**length:
        raise PatternError(f"pattern code {code} is out of range for length {length}")
    marks = []
    for _ in range(length):
        code, d = divmod(code, 3)
        marks.append(MARKS[d])
    return "".join(reversed(marks))


def parse_pattern(text: str, length: int) -> Pattern:
    """Read a pattern typed by a person: ``G``/``Y``/``.``, or the paper's
    ``g``/``y``/``w`` letters (w = absent), or ``-``/``_`` for absent.

    >>> parse_pattern("gyw.w", 5)
    'GY...'
    """
    table = {"g": GREEN, "y": YELLOW, "w": GREY, ".": GREY, "-": GREY, "_": GREY}
    out = []
    for ch in text.strip():
        mark = table.get(ch.lower())
        if mark is None:
            raise PatternError(f"pattern {short(text)!r}: {ch!r} is not one of G, Y, . (or g, y, w)")
        out.append(mark)
    if len(out) != length:
        raise PatternError(f"pattern {short(text)!r} has {len(out)} marks, expected {length}")
    return "".join(out)


#: the meaning of :func:`feedback_matrix`'s codes (the duplicate-letter rule,
#: the coding of a pattern): the user's cache keeps matrices by it
#: (:mod:`generator.core.matrixcache`), so a change of meaning must bump it
FEEDBACK_VERSION = 1


@kernel(parallel=True)
def _matrix_kernel(guesses, secrets, nletters, out):  # type: ignore[no-untyped-def]
    """Fill ``out[i, j]`` with the code of guess i against secret j.

    Works a guess row at a time, a position at a time, so that the inner loop
    runs over all secrets and compiles to SIMD code. A letter that occurs once
    in the guess is yellow exactly when it is not green and occurs in the
    secret; only repeated guess letters need the full counting rule.
    """
    n_guess, length = guesses.shape
    n_secret = secrets.shape[0]
    by_position = np.ascontiguousarray(secrets.T)
    present = np.zeros((nletters, n_secret), np.uint8)
    counts = np.zeros((nletters, n_secret), np.int16)
    for j in range(n_secret):
        for p in range(length):
            counts[secrets[j, p], j] += 1
            present[secrets[j, p], j] = 1
    for i in prange(n_guess):
        g = guesses[i]
        row = out[i]
        row[:] = 0
        weight = 1
        for p in range(length - 1, -1, -1):
            c = g[p]
            repeated = False
            for q in range(length):
                if q != p and g[q] == c:
                    repeated = True
            at_p = by_position[p]
            if not repeated:
                has_c = present[c]
                for j in range(n_secret):
                    row[j] += weight * (2 if at_p[j] == c else has_c[j])
            else:
                count_c = counts[c]
                for j in range(n_secret):
                    if at_p[j] == c:
                        row[j] += 2 * weight
                        continue
                    # copies of c in the secret not taken by a green ...
                    avail = count_c[j]
                    for q in range(length):
                        if g[q] == c and by_position[q, j] == c:
                            avail -= 1
                    # ... nor by an earlier non-green copy in the guess
                    for q in range(p):
                        if g[q] == c and by_position[q, j] != c:
                            avail -= 1
                    if avail > 0:
                        row[j] += weight
            weight *= 3


def feedback_matrix(guesses: np.ndarray, secrets: np.ndarray, nletters: int = 256) -> np.ndarray:
    """Pattern codes of every guess against every secret.

    Parameters
    ----------
    guesses, secrets
        ``(n, L)`` integer arrays of letter indices (``WordList.codes``).
    nletters
        size of the alphabet (letter indices must be below it, and below 256).

    Returns
    -------
    ``(len(guesses), len(secrets))`` array of pattern codes, of the smallest
    unsigned type that holds them (:func:`code_dtype`).

    Raises
    ------
    PatternError
        for arrays of different word lengths, words over 20 letters, or a
        letter index outside ``0..nletters-1`` (or over 255).

    Examples
    --------
    >>> from generator.core.words import LATIN
    >>> g = np.array([LATIN.encode("ninny")]); s = np.array([LATIN.encode("annex")])
    >>> pattern_string(int(feedback_matrix(g, s)[0, 0]), 5)
    'Y.G..'
    """
    guesses, secrets = np.asarray(guesses), np.asarray(secrets)
    if guesses.ndim != 2 or secrets.ndim != 2 or guesses.shape[1] != secrets.shape[1]:
        raise PatternError("guesses and secrets must be (n, L) arrays of the same L")
    limit = min(nletters, 256)
    for arr in (guesses, secrets):
        # the kernel works on bytes: a larger code would wrap around silently
        if arr.size and (arr.min() < 0 or arr.max() >= limit):
            raise PatternError(f"letter codes must be in 0..{limit - 1}, found {arr.min()}..{arr.max()}")
    guesses = np.ascontiguousarray(guesses, dtype=np.uint8)
    secrets = np.ascontiguousarray(secrets, dtype=np.uint8)
    length = guesses.shape[1]
    out = np.empty((guesses.shape[0], secrets.shape[0]), dtype=code_dtype(length))
    if out.size:
        _matrix_kernel(guesses, secrets, nletters, out)
    return out
