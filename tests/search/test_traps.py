"""The one-letter trap: families and their worst cases (generator/search/traps.py)."""

from __future__ import annotations

import pytest

from generator.core.catalog import load_list
from generator.core.feedback import feedback
from generator.core.words import Alphabet, WordList
from generator.search.traps import WorstCase, families, worst_case

AZ = Alphabet("abcdefghijklmnopqrstuvwxyz")


def test_families_are_words_that_differ_in_one_place() -> None:
    words = WordList("demo", ("batch", "hatch", "match", "mulch", "mutch", "cigar"), AZ, 5)
    found = {f.pattern: f.words for f in families(words)}
    assert found == {"_atch": ("batch", "hatch", "match"), "m_tch": ("match", "mutch"),
                     "mu_ch": ("mulch", "mutch")}
    assert families(words)[0].letters == "bhm"  # largest first


def test_one_by_one_and_with_a_probe() -> None:
    allowed = load_list("wordle-allowed")
    family = ("batch", "catch", "hatch", "latch", "match", "patch", "watch")
    alone = worst_case(allowed, family, family)
    assert (alone.guesses, alone.proved) == (7, True)  # each guess tells only whether it is the one
    probe = worst_case(allowed, family, allowed.words)
    assert probe.proved and probe.guesses == 3
    # the first guess really leaves parts that one more guess tells apart
    parts: dict[str, list[str]] = {}
    for w in family:
        parts.setdefault(feedback(probe.first, w), []).append(w)
    assert max(len(p) for p in parts.values()) < len(family)


def test_a_search_past_its_budget_keeps_a_bound() -> None:
    allowed = load_list("wordle-allowed")
    family = next(f for f in families(allowed) if f.pattern == "_ills").words
    found = worst_case(allowed, family, allowed.words, budget=50)
    assert not found.proved and found.at_least < found.guesses <= len(family)


def test_the_guesses_must_hold_the_family() -> None:
    words = WordList("demo", ("batch", "hatch", "blimp"), AZ, 5)
    with pytest.raises(ValueError, match="must hold the family"):
        worst_case(words, ("batch", "hatch"), ("blimp",))


def test_a_worst_case_shows_a_range_where_not_proved() -> None:
    assert WorstCase(3, "blimp", 3).span() == "3"
    assert WorstCase(6, "chynd", 5).span() == "5-6" and WorstCase(6, "chynd", 5).span("\u2013") == "5\u20136"
