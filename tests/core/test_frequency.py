"""Word frequencies: the same values as wordfreq's own function, read at once."""

from __future__ import annotations

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
