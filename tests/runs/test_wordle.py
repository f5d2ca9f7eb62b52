"""Greedy Wordle trees (generator/runs/wordle.py)."""

from __future__ import annotations

import pytest

from generator.core.verify import game_lists, verify_tree
from generator.errors import StrategyError
from generator.runs.wordle import OPENER, WordleBuild, default_builds, wordle_tree


def test_default_builds_open_with_salet_except_letter_frequency() -> None:
    builds = default_builds(["free", "hard"], ["scm", "letter-frequency"])
    assert [b.folder for b in builds] == ["scm-salet", "letter-frequency", "scm-salet", "letter-frequency"]
    assert [b.opener for b in default_builds(["free"], ["scm"], None)] == [None]
    # an opener that is an answer is played by letter-frequency too
    assert default_builds(["free"], ["letter-frequency"], "crane")[0].folder == "letter-frequency-crane"


def test_fingerprint_follows_every_parameter() -> None:
    a = WordleBuild("free", "scm", OPENER).fingerprint()
    assert a == WordleBuild("free", "scm", OPENER).fingerprint()
    others = [WordleBuild("hard", "scm", OPENER), WordleBuild("free", "entropy", OPENER),
              WordleBuild("free", "scm", None)]
    assert len({a["digest"], *(b.fingerprint()["digest"] for b in others)}) == 4
    assert a["algorithm"] == "wordle/scm 1" and set(a["inputs"]) == {"answers", "guesses"}


def test_a_greedy_tree_verifies_and_matches_the_benchmark() -> None:
    tree, seconds = wordle_tree(WordleBuild("free", "minimax", OPENER))
    answers, guesses = game_lists(tree)
    assert verify_tree(tree, answers, guesses).ok and seconds >= 0
    assert tree.stats is not None and tree.stats.total_turns == 8158 and tree.stats.max_turns == 5
    assert tree.strategy["scheme"] == "minimax" and "Knuth" in tree.strategy["rule"]


def test_letter_frequency_refuses_an_opener_that_is_no_answer() -> None:
    with pytest.raises(StrategyError, match="plays candidates only"):
        wordle_tree(WordleBuild("free", "letter-frequency", "salet"))
