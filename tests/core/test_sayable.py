"""Words a player may be asked to say: the blocklists and common use."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from generator.core.catalog import load_list
from generator.core.frequency import COMMON_ZIPF, zipf
from generator.core.sayable import banned_words, blocked_mask, blocked_words, common_mask, name_words, sayable_digest
from generator.core.words import WordList


def test_the_review_blocks_slurs_and_keeps_ordinary_words() -> None:
    nl, en = blocked_words("nl"), blocked_words("en")
    assert "neger" in nl and not {"balen", "beurt", "palen"} & nl  # naughty-words flags these
    assert {"bitch", "fugly", "pubic"} <= en
    assert blocked_words("xx") == frozenset()


def test_french_blocks_every_form_of_a_blocked_word() -> None:
    """French inflects a word in dozens of forms: the review names the word,
    the dictionary gives its forms (derive.py)."""
    fr = blocked_words("fr")
    assert {"chier", "chions", "chierait", "merde", "merdes", "salope", "salopes"} <= fr
    assert not {"pedale", "gerbe", "bande", "tanche", "folle", "chat", "sucer"} & fr  # ordinary words
    assert {"macron", "londres"} <= name_words("fr") and not {"paris", "pierre", "christ"} & name_words("fr")


def test_a_show_set_up_has_no_blocked_secret() -> None:
    for answers in ("nl-basis-5", "nl-basis-5-ij", "nl-basis-4", "nl-basis-8-ij", "en-common-5",
                    *(f"fr-common-{n}" for n in range(4, 11))):
        assert not blocked_mask(load_list(answers)).any(), answers


def test_banned_words_are_the_blocked_guesses_of_a_spoken_game() -> None:
    answers, guesses = load_list("nl-basis-5"), load_list("nl-all-5")
    banned = banned_words(answers, guesses, "lingo")
    assert "neger" in banned and set(banned) == blocked_words("nl") & set(guesses.words)
    enable = load_list("en-enable-5")
    assert "bitch" in banned_words(enable, enable, "lingo")  # a secret of ENABLE too: played only as the last one
    wordle = load_list("wordle-allowed")
    assert "fugly" in wordle and banned_words(load_list("wordle-answers"), wordle, "wordle") == []  # typed alone


def test_common_use_is_the_zipf_threshold() -> None:
    words = load_list("nl-basis-5")
    mask = common_mask(words)
    assert mask.dtype == np.bool_ and len(mask) == len(words.words)
    names = name_words("nl")
    assert list(mask) == [z >= COMMON_ZIPF and w not in names for w, z in zip(words.words, zipf(words.words, "nl"))]
    assert 0 < mask.sum() < len(mask)


def test_a_name_is_no_common_word_nor_a_shows_secret() -> None:
    names = name_words("en")
    assert {"tate", "kirk", "ruth"} <= names and not {"bill", "mark", "rose"} & names
    assert {"merkel", "claus", "nero"} <= name_words("nl") and "fiets" not in name_words("nl")
    enable = load_list("en-enable-4")
    rated = dict(zip(enable.words, zipf(enable.words, "en")))
    common = dict(zip(enable.words, common_mask(enable)))
    assert rated["tate"] >= COMMON_ZIPF and not common["tate"]  # wordfreq rates it common; it is a name
    assert common["bill"]
    for n in range(4, 9):
        assert not set(load_list(f"en-common-{n}")) & names, n
        assert not set(load_list(f"nl-common-{n}-ij")) & name_words("nl"), n  # Dutch names: no show's secret


def test_without_frequencies_every_word_is_common() -> None:
    assert common_mask(WordList("xx-5", ("abcde", "bcdea"), language="xx")).all()


def test_the_digest_follows_what_the_search_is_told() -> None:
    words = load_list("nl-basis-5")
    assert sayable_digest(words) == sayable_digest(load_list("nl-basis-5"))
    assert sayable_digest(words) != sayable_digest(load_list("nl-basis-5-ij"))


def test_the_blocklist_is_the_projects(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert blocked_words("nl") == frozenset()  # the tiny project has no blocklist
    monkeypatch.delenv("LINGO_TREES_ROOT")
    assert "neger" in blocked_words("nl")  # nor does it hide the shipped one afterwards
