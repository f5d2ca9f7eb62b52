"""Hangman over whole word lists (generator/runs/hangman.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.verify import game_lists, verify_tree
from generator.core.words import parse_wordlist
from generator.output.treefile import read_tree
from generator.runs.hangman import evaluate_strategy

ROOT = Path(__file__).resolve().parents[2]

WORDS = ["boat", "mart", "bunt", "bolt", "mint", "hint", "pant", "cart", "dart", "jazz",
         "buzz", "fizz", "yell", "well", "will", "hill", "tall", "toll", "bell", "cell"]

@pytest.fixture(scope="module")
def small():  # type: ignore[no-untyped-def]
    return parse_wordlist(WORDS, id="tiny-4", length=4)


def test_evaluate_counts_losses_for_several_misses(small) -> None:  # type: ignore[no-untyped-def]
    ev = evaluate_strategy(small, "risk", [0, 2, 30], lengths=[4], hardest=3)
    assert ev.words == len(WORDS)
    assert ev.losses[30] == 0 and ev.losses[0] >= ev.losses[2]
    assert len(ev.hardest) == 3 and ev.hardest[0][0] >= ev.hardest[-1][0]


def test_committed_hangman_trees_verify() -> None:
    # the short lengths here (the CI verifies every tree with `lingo-trees verify`)
    files = sorted(p for p in (ROOT / "trees" / "hangman").rglob("*.json") if int(p.stem) <= 5)
    assert files
    for path in files:
        tree = read_tree(path)
        verdict = verify_tree(tree, *game_lists(tree))
        assert verdict.ok, (path, verdict.problems)
