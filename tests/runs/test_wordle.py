"""Greedy Wordle trees (generator/runs/wordle.py)."""

from __future__ import annotations

import pytest

from generator.core.verify import game_lists, verify_tree
from generator.errors import StrategyError
from generator.runs.jobs import Processes
from generator.runs.wordle import (
    OPENER,
    WordleBuild,
    default_builds,
    first_words,
    rank_openers,
    rank_optimal,
    shortlist,
    wordle_tree,
)


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
    assert tree.strategy["scheme"] == "minimax" and "Knuth" in tree.strategy["method"]


def test_letter_frequency_refuses_an_opener_that_is_no_answer() -> None:
    with pytest.raises(StrategyError, match="plays candidates only"):
        wordle_tree(WordleBuild("free", "letter-frequency", "salet"))


def test_self_hard_mode_opens_with_a_candidate_of_the_tier() -> None:
    # salet is no official answer, but an allowed word: a secret of the allowed tier
    builds = default_builds(["self-hard"], ["scm"], OPENER, ["answers", "allowed"])
    assert [(b.tier, b.folder) for b in builds] == [("answers", "scm"), ("allowed", "scm-salet")]
    with pytest.raises(StrategyError, match="self hard mode plays candidates only"):
        wordle_tree(WordleBuild("self-hard", "scm", "salet"))


def test_tiers_are_set_ups_with_their_own_fingerprints() -> None:
    a, b = WordleBuild("free", "scm", OPENER), WordleBuild("free", "scm", OPENER, "common")
    assert (a.setup, b.setup) == ("wordle", "wordle-common")
    assert a.fingerprint()["inputs"]["answers"] != b.fingerprint()["inputs"]["answers"]
    assert a.fingerprint()["inputs"]["guesses"] == b.fingerprint()["inputs"]["guesses"]


def test_openers_shortlist_and_ranking() -> None:
    words = shortlist("answers", "free", "minimax", 2)
    assert [w for w, _ in words[:2]] == first_words("answers", "free", "minimax")[:2]
    assert [p for _, p in words[:2]] == [1, 2]
    # then entropy's two best, then the words asked for (each once)
    assert [w for w, _ in words[2:4]] == first_words("answers", "free", "entropy")[:2]
    assert [w for w, _ in words[4:]] == ["salet", "alert", "sonde", "trail"]
    ranking = rank_openers("answers", "free", "minimax", words[:3], 2, runner=Processes(1))
    assert [s.total for s in ranking.scores] == sorted(s.total for s in ranking.scores)
    assert ranking.secrets == 2315 and ranking.place(words[0][0]) is not None and ranking.place("zzzzz") is None
    # each total is the total of the tree built from that opener
    best = ranking.scores[0]
    tree, _ = wordle_tree(WordleBuild("free", "minimax", best.word))
    assert tree.stats is not None and tree.stats.total_turns == best.total


#: a few first words, in the search's order, for a proof short enough for a test
FEW = ["slate", "salet", "nails", "reast", "qajaq", "fuzzy", "crane"]


def test_the_optimal_ranking_weighs_every_first_word_and_proves_the_best(monkeypatch, tmp_path) -> None:
    import generator.runs.wordle as wordle_runs

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(wordle_runs, "first_words", lambda tier, rule, strategy: FEW)
    ranking = rank_optimal("answers", "free", 2, runner=Processes(1))
    # the two best and the words asked for (salet, crane, slate) exactly, a bound for the rest
    assert [(x.word, x.total, x.max_turns) for x in ranking.scores[:3]] == [
        ("salet", 7920, 5), ("reast", 7923, 5), ("slate", 7928, 6)]
    assert {x.word for x in ranking.scores} | {b.word for b in ranking.bounds} == set(FEW)
    assert ranking.proved_best and ranking.bar is not None and ranking.bar > 7923
    assert ranking.asked == ("salet", "crane", "slate")
    assert [x.first_move_place for x in ranking.scores[:2]] == [2, 4]  # by the search's order
    with pytest.raises(StrategyError, match="free and hard mode, not self-hard"):
        rank_optimal("answers", "self-hard", 2)
