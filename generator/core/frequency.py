"""How common words are: Zipf frequencies from the package ``wordfreq``.

The **Zipf frequency** of a word is ``log10`` of its occurrences per billion
words of running text (about 7 for *the*, 3 for a word seen once in a million
words, 0 for one that wordfreq does not know), rounded to two decimals as
``wordfreq.zipf_frequency`` gives it. wordfreq ships its data: nothing is
downloaded. The clue helper (``lingo-trees solve --by-frequency`` and the
site's helper page) lists the words that fit most common first.

>>> zipf(["house", "abaci", "xqzt"], "en")
[5.71, 1.19, 0.0]
>>> by_frequency(["abaci", "fjord", "house"], "en")
['house', 'fjord', 'abaci']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from generator.core.words import unaccented
from generator.errors import LingoTreesError

__all__ = ["COMMON_ZIPF", "UNACCENTED", "by_frequency", "has_frequencies", "wordfreq_version", "zipf"]

#: a word in **common use** is rated at least this (about three in a million
#: words of running text): the lists en-common-5 and wordle-common, the words
#: the human schemes take first (:mod:`generator.core.sayable`), the secrets
#: of practice games
COMMON_ZIPF = 2.5

#: languages whose word lists write words without accents (French, as Motus
#: and Sutom do): a word's frequency is that of every spelling it stands for
#: (*peche*: pêche, péché, pèche)
UNACCENTED = frozenset({"fr"})


@cache
def _frequencies(language: str) -> dict[str, float]:
    try:
        from wordfreq import get_frequency_dict
    except ImportError:
        raise LingoTreesError("word frequencies need the package wordfreq: pip install wordfreq") from None
    try:
        table = dict(get_frequency_dict(language or "en", wordlist="best"))
    except LookupError:
        return {}  # a language wordfreq does not cover: every word unknown
    if language not in UNACCENTED:
        return table
    folded: dict[str, float] = {}
    for word, f in table.items():
        key = unaccented(word)
        folded[key] = folded.get(key, 0.0) + f
    return folded


def has_frequencies(language: str) -> bool:
    """Whether wordfreq rates the words of ``language``."""
    return bool(_frequencies(language))


def zipf(words: Sequence[str], language: str) -> list[float]:
    """The Zipf frequency of each word (0.0 for a word wordfreq does not know).

    The same values as ``wordfreq.zipf_frequency(word, language)`` for words
    of letters alone (what the word lists hold), read from the frequency
    table at once instead of tokenizing each word (half a million words in
    a fraction of a second).
    """
    table = _frequencies(language)
    out = []
    for w in words:
        f = table.get(w, 0.0)
        out.append(round(math.log10(f) + 9, 2) if f > 0 else 0.0)
    return out


def by_frequency(words: Sequence[str], language: str) -> list[str]:
    """The words most common first; words of equal frequency keep their order."""
    z = zipf(words, language)
    return [words[i] for i in sorted(range(len(words)), key=lambda i: -z[i])]


def wordfreq_version() -> str:
    """The installed wordfreq's version (it decides the frequencies)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordfreq")
    except PackageNotFoundError:
        return "not installed"
