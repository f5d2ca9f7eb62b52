"""Word frequencies: the same values as wordfreq's own function, read at once."""

from __future__ import annotations

import math
import random

import pytest

from generator.core.catalog import load_list
from generator.core.frequency import by_frequency, zipf

wordfreq = pytest.importorskip("wordfreq")


@pytest.mark.parametrize("wordlist, language", [("nl-all", "nl"), ("en-enable", "en"), ("nl-all-5-ij", "nl")])
def test_zipf_is_wordfreqs_value(wordlist: str, language: str) -> None:
    words = random.Random(7).sample(load_list(wordlist).words, 3000)
    assert zipf(words, language) == [wordfreq.zipf_frequency(w, language) for w in words]


def test_most_common_first_and_ties_in_order() -> None:
    assert by_frequency(["xqzt", "abaci", "house", "qzxv"], "en") == ["house", "abaci", "xqzt", "qzxv"]
    assert zipf(["house"], "xx") == [0.0]  # a language wordfreq does not know: every word rare


def test_a_french_word_counts_every_spelling_it_stands_for() -> None:
    """French lists write words without accents, as Motus and Sutom do: the
    tiles p-e-c-h-e are pêche, péché and pèche at once."""
    spellings = [wordfreq.word_frequency(w, "fr") for w in ("peche", "pêche", "péché", "pèche")]
    (folded,) = zipf(["peche"], "fr")
    assert folded == pytest.approx(math.log10(sum(spellings)) + 9, abs=0.03)  # wordfreq rounds each
    assert folded > max(wordfreq.zipf_frequency(w, "fr") for w in ("pêche", "péché"))
    # a ligature is spelt out: coeur is cœur and coeur as typed
    etre, coeur = zipf(["etre", "coeur"], "fr")
    assert etre >= wordfreq.zipf_frequency("être", "fr") and coeur > wordfreq.zipf_frequency("cœur", "fr")
