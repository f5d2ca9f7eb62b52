"""Feedback kinds (generator/core/kinds.py): pegs, masks, the Hangman replay."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.kinds import Calls, mask, pegs, replay_calls
from generator.core.tree import Node


def brute_pegs(guess: str, secret: str) -> str:
    """The pegs by their definition: blacks are equal places; the whites are
    the largest matching of equal symbols over the other places."""
    rest = [i for i in range(len(guess)) if guess[i] != secret[i]]
    black = len(guess) - len(rest)
    best = 0
    # try every assignment of unmatched guess places to unmatched secret places
    for perm in itertools.permutations(rest):
        best = max(best, sum(guess[i] == secret[j] for i, j in zip(rest, perm)))
    return f"{black}B{best}W"


@pytest.mark.parametrize("guess, secret, pattern", [
    ("1122", "1223", "2B1W"),
    ("1122", "1122", "4B0W"),
    ("1234", "4321", "0B4W"),
    ("1111", "1122", "2B0W"),
    ("1122", "2211", "0B4W"),
    ("1123", "3111", "1B2W"),
    ("5566", "1234", "0B0W"),
    ("1212", "2121", "0B4W"),
    ("0123", "0132", "2B2W"),
])
def test_pegs_pinned(guess: str, secret: str, pattern: str) -> None:
    assert pegs(guess, secret) == pattern
    assert pegs(secret, guess) == pattern  # symmetric


@settings(max_examples=300, deadline=None)
@given(st.text("123456", min_size=4, max_size=4), st.text("123456", min_size=4, max_size=4))
def test_pegs_match_the_brute_force_definition(guess: str, secret: str) -> None:
    assert pegs(guess, secret) == brute_pegs(guess, secret)


# -- mask (Hangman)

@pytest.mark.parametrize("word, letter, pattern", [
    ("banana", "a", "_a_a_a"),
    ("banana", "n", "__n_n_"),
    ("banana", "z", "______"),
    ("hollow", "l", "__ll__"),
    ("mm", "m", "mm"),
])
def test_mask_pinned(word: str, letter: str, pattern: str) -> None:
    assert mask(word, letter) == pattern


def test_replay_counts_calls_and_misses() -> None:
    tree = Node("a", {"_a__": Node("t", {"___t": "mart"}), "__a_": "boat", "____": "bunt"})
    assert replay_calls(tree, "boat", 6) == Calls(turns=4, misses=0, lost=False)
    assert replay_calls(tree, "bunt", 0) == Calls(turns=5, misses=1, lost=True)
    # mart: a, t, then m and r after the leaf
    assert replay_calls(tree, "mart", 6).turns == 4
