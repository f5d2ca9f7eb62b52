"""Words a player may be asked to say: never a blocked word, common ones first.

Every word a sheet, a card, the lookup or a practice summary asks a player to
play is one a contestant may say on air:

* **blocked** words never: each language's reviewed blocklist
  (``wordlists/blocklist-<language>.txt``, the catalog's list
  ``blocklist-<language>``: slurs, vulgar and offensive words, derived by
  ``wordlists/derive.py`` from the npm package naughty-words and our review,
  ``wordlists/blocklist-review.tsv``, a reason per word). A show's set-up has
  no blocked secret (its answer lists leave them out), so no tree plays one;
  a list of every word (ENABLE) may hold a blocked secret, which a tree then
  plays only once it is the one secret left (never to narrow the others
  down, nor as a try among two). This holds for the games said
  aloud (:data:`SPOKEN_GAMES`), not for Wordle;
* **common** words first: the human schemes take their openers, exception
  moves and probe words from the words in common use (Zipf frequency at
  least :data:`~generator.core.frequency.COMMON_ZIPF`), and a word outside
  common use only where no common word reaches every secret in time;
* **names** are not common words: wordfreq counts a word however it is
  written, so a name its counts rate common (*tate*, *kirk*, *ruth*) whose
  sense as a word few players know is listed in the review too (decision
  ``name``; the catalog's list ``names-<language>``). Such a word is no
  show's secret and is said only where no common word does.

>>> "neger" in blocked_words("nl"), "balen" in blocked_words("nl")
(True, False)
>>> "tate" in name_words("en"), "bill" in name_words("en")
(True, False)
>>> blocked_words("xx")
frozenset()
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import numpy as np

from generator.core.catalog import catalog, load_list, wordlists_dir
from generator.core.frequency import COMMON_ZIPF, has_frequencies, zipf
from generator.core.words import WordList


def blocklist_id(language: str) -> str:
    """The catalog id of a language's blocklist."""
    return f"blocklist-{language}"


def names_id(language: str) -> str:
    """The catalog id of a language's names rated as common words."""
    return f"names-{language}"


def blocked_words(language: str) -> frozenset[str]:
    """The blocked words of ``language`` (none where the project's catalog has no blocklist for it)."""
    return _listed(wordlists_dir(), blocklist_id(language))


def name_words(language: str) -> frozenset[str]:
    """The words of ``language`` that are names first (none where the project's catalog lists none)."""
    return _listed(wordlists_dir(), names_id(language))


@cache
def _listed(folder: Path, list_id: str) -> frozenset[str]:  # per project: a test may switch projects
    lists, _ = catalog()
    if list_id not in lists:
        return frozenset()
    return frozenset(load_list(list_id).words)


def blocked_mask(words: WordList) -> np.ndarray:
    """For each word of the list, whether it is blocked in the list's language."""
    blocked = blocked_words(words.language)
    return np.array([w in blocked for w in words.words], dtype=bool)


#: the games whose words are said aloud (LINGO, on TV): their trees never
#: play a blocked guess. Wordle is typed alone, and its trees keep Wordle's
#: own list of guesses, so that they compare with the published optima
SPOKEN_GAMES = frozenset({"lingo"})


def banned_words(answers: WordList, guesses: WordList, game: str) -> list[str]:
    """The guesses a tree of ``game`` (its name) never plays but as the one
    secret left: the blocked ones; none where the game is not spoken."""
    if game not in SPOKEN_GAMES:
        return []
    blocked = blocked_words(guesses.language)
    return [w for w in guesses.words if w in blocked]


def common_mask(words: WordList) -> np.ndarray:
    """For each word of the list, whether it is in common use (Zipf at least
    COMMON_ZIPF, and not a name); every word but the names where the
    language has no frequencies (none can be told apart)."""
    names = name_words(words.language)
    common: np.ndarray = np.array([w not in names for w in words.words], dtype=bool)
    if has_frequencies(words.language):
        common &= np.array(zipf(words.words, words.language), dtype=np.float64) >= COMMON_ZIPF
    return common


def sayable_digest(words: WordList) -> str:
    """The SHA-256 of what a search is told of the list's words: which are
    blocked and which are common, names not (a tree of a human scheme depends
    on both)."""
    blocked, common = blocked_mask(words), common_mask(words)
    text = "blocked\n" + "".join(w + "\n" for w, b in zip(words.words, blocked) if b)
    text += f"common (Zipf >= {COMMON_ZIPF})\n" + "".join(w + "\n" for w, c in zip(words.words, common) if c)
    return hashlib.sha256(text.encode()).hexdigest()
