"""Fixed guesses, the Riddler Lingo puzzle (generator/search/fixed.py)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from generator.core.feedback import feedback
from generator.errors import StrategyError, WordListError
from generator.search.fixed import (
    FixedProblem,
    combine,
    evaluate_guesses,
    evaluate_guesses_per_letter,
    score_all,
    search_guesses,
)

RIDDLER = ("hater", "funds", "pigmy", "block")

@cache
def en() -> FixedProblem:
    return FixedProblem.from_setup("en")

@cache
def nl() -> FixedProblem:
    return FixedProblem.from_setup("nl")

def brute_groups(problem: FixedProblem, plan: tuple[str, ...]) -> dict[tuple[str, ...], list[str]]:
    """The reference: group the secrets by (first letter, feedback of each guess) in Python."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for w in problem.answers.words:
        key = (w[0],) + tuple(feedback(g, w) for g in plan)
        groups.setdefault(key, []).append(w)
    return groups


def test_riddler_figures_exactly() -> None:
    r = evaluate_guesses(en(), RIDDLER)
    assert (r.words, r.identified, r.groups) == (8636, 7803, 8180)
    assert f"{r.win_chance:.5f}" == "0.94720"
    assert abs(r.win_chance - 0.94719777) < 1e-8  # the post's figure
    assert r.sizes == {1: 7803, 2: 316, 3: 47, 4: 12, 6: 2}
    # the post's hardest secret: codec's group of six
    assert r.largest[0] == ("codec", "coded", "codex", "coved", "cowed", "coxed")


def test_evaluation_takes_milliseconds() -> None:
    evaluate_guesses(en(), RIDDLER[:1])  # JIT warm-up
    r = evaluate_guesses(en(), RIDDLER)
    assert r.seconds < 0.5  # typically ~15 ms; the post needed 15 s


@pytest.mark.parametrize("plan", [("toren",), ("tinas", "morel"), ("snoek", "kapel", "bukte")])
def test_evaluate_agrees_with_reference(plan: tuple[str, ...]) -> None:
    groups = brute_groups(nl(), plan)
    r = evaluate_guesses(nl(), plan)
    assert r.groups == len(groups)
    assert r.identified == sum(1 for g in groups.values() if len(g) == 1)
    biggest = max(len(g) for g in groups.values())
    assert len(r.largest[0]) == biggest
    assert list(r.largest[0]) in groups.values()


def test_per_letter_with_one_plan_is_the_shared_openers() -> None:
    shared = evaluate_guesses(en(), RIDDLER)
    per = evaluate_guesses_per_letter(en(), {"*": RIDDLER})
    assert (per.groups, per.identified) == (shared.groups, shared.identified)
    assert set(per.plans) == set(en().letters())


def test_per_letter_plans_are_scored_per_letter() -> None:
    plans = {"x": ("xylan",), "*": RIDDLER}
    r = evaluate_guesses_per_letter(en(), plans)
    x_words = [w for w in en().answers.words if w[0] == "x"]
    x_groups = {feedback("xylan", w) for w in x_words}
    rest = evaluate_guesses(en(), RIDDLER)
    rest_x = {k for k, g in brute_groups(en(), RIDDLER).items() if k[0] == "x"}
    assert r.groups == rest.groups - len(rest_x) + len(x_groups)
    assert r.plans["x"] == ("xylan",)


def test_combine_numbers_groups_densely() -> None:
    assert combine(np.array([0, 0, 1, 1]), np.array([[2, 3, 2, 2]]), 4).tolist() == [0, 1, 2, 2]
    # many rows of a large alphabet do not overflow
    rng = np.random.default_rng(1)
    pats = rng.integers(0, 3**15, size=(8, 50))
    gid = combine(np.zeros(50, np.int64), pats, 3**15)
    assert gid.max() + 1 == len({tuple(c) for c in pats.T})


def test_score_all_matches_evaluate() -> None:
    problem = nl()
    codes = problem.matrix().codes
    cols = np.arange(len(problem.answers))
    base = combine(problem.first, codes[problem.rows(("tinas",))], problem.npatterns)
    cand = problem.rows(("morel", "toren", "kapel", "bukte"))
    scores = score_all(codes, base, cols, cand, problem.npatterns)
    for word, s in zip(("morel", "toren", "kapel", "bukte"), scores):
        assert s == evaluate_guesses(problem, ("tinas", word)).groups


def test_search_k1_is_exhaustive() -> None:
    found = search_guesses(nl(), 1, seconds=30)
    best = max(evaluate_guesses(nl(), (w,), top=0).groups for w in nl().guesses.words[::50])
    assert found.result.groups >= best
    assert found.result.shared == ("toren",)
    assert found.restarts == 1


def test_search_is_seeded() -> None:
    a = search_guesses(nl(), 2, seed=3, restarts=1, kicks=2, seconds=60)
    b = search_guesses(nl(), 2, seed=3, restarts=1, kicks=2, seconds=60)
    assert a.result.shared == b.result.shared
    assert a.result.groups == evaluate_guesses(nl(), a.result.shared or ()).groups


def test_search_reports_progress() -> None:
    seen = []
    found = search_guesses(nl(), 2, restarts=1, kicks=1, on_state=seen.append)
    assert seen and seen[-1].groups == found.result.groups
    assert any(p.improved for p in seen)


def test_search_per_letter_beats_shared() -> None:
    shared = search_guesses(nl(), 1)
    per = search_guesses(nl(), 1, per_letter=True)
    assert per.result.groups >= shared.result.groups
    assert set(per.result.plans) == set(nl().letters())


def test_errors() -> None:
    with pytest.raises(WordListError, match="'zzzzz' is not in the guesses list"):
        evaluate_guesses(en(), ("hater", "zzzzz"))
    with pytest.raises(StrategyError, match="k must be between"):
        search_guesses(en(), 0)
    with pytest.raises(StrategyError, match="no fixed guesses for the letter"):
        evaluate_guesses_per_letter(en(), {"a": ("hater",)})
