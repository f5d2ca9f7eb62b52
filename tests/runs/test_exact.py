"""The exact search applied to set-ups, openers and LINGO letters (generator/runs/exact.py)."""

from __future__ import annotations

import pytest

import generator.runs.exact as exact_runs
from generator.core.context import context
from generator.core.tree import depth
from generator.core.verify import verify_tree
from generator.runs.exact import choose_opener, letter_tree, solve_opener
from generator.runs.jobs import Processes
from generator.runs.letters import build_tree
from generator.runs.proofs import JobSizes, RunStats
from generator.search.exact import ExactError, Options


@pytest.mark.slow
def test_wordle_salet_limited_reaches_7920() -> None:
    res = solve_opener("wordle", "free", None, "salet", Options(top=10), runner=Processes(1))
    assert (res.total, res.late) == (7920, 0)
    assert depth(res.root) == 5
    data = res.strategy_data(context("wordle").game(None, "free"))
    assert data["proved_minimal"] is False and data["top"] == 10 and data["opener"] == "salet"


def test_a_limited_search_that_misses_the_cap_is_widened() -> None:
    # TV rules, Dutch z: the single best move per position misses five turns, two do not
    res = letter_tree("nl", "same-start", "z", top=1, top_max=8, budget=0)
    assert not res.proved and res.late == 0 and res.options.top == 2
    narrow = letter_tree("nl", "same-start", "z", top=1, top_max=1, budget=0)
    assert narrow.late > 0 and narrow.options.fewest_late


def test_lingo_letter_proved_and_not_worse_than_scm() -> None:
    res = letter_tree("nl", "free", "q")
    assert res.proved and res.late == 0
    scm = build_tree("nl", "free", "scm", "q")
    assert scm.stats is not None and res.total <= scm.stats.total_turns
    tree = build_tree("nl", "free", "optimal", "q")
    ctx = context("nl")
    assert verify_tree(tree, ctx.answers, ctx.guesses).ok
    assert tree.strategy["proved_minimal"] is True
    assert tree.stats is not None and tree.stats.total_turns == res.total


@pytest.mark.slow
def test_tv_rules_letter_w_has_no_tree_within_five() -> None:
    # Dutch, TV rules (every guess begins with w): no tree reaches 'waxen' in time
    res = letter_tree("nl", "same-start", "w")
    assert res.proved and res.late == 1
    tree = build_tree("nl", "same-start", "optimal", "w")
    assert tree.late == ("waxen",)
    assert "no tree solves every secret within 5 turns" in tree.strategy["proof"]


def test_a_strict_search_out_of_its_budget_leaves_the_proof_to_the_fewest_late(monkeypatch) -> None:
    # English y within two turns: no tree within them (56 words past), found by
    # the strict search or, when it gives up at once, by the fewest-late one alone
    full = letter_tree("en", "free", "y", cap=2)
    monkeypatch.setattr(exact_runs, "LETTER_STRICT_BUDGET", 1)
    short = letter_tree("en", "free", "y", cap=2)
    assert full.proved and short.proved and full.late == short.late == 56
    assert repr(full.root) == repr(short.root) and full.total == short.total


def test_a_chosen_opener_has_the_tree_of_that_opener_fixed() -> None:
    options = Options(top=4)
    chosen = choose_opener("en", "free", "k", options, 2, runner=Processes(1))
    fixed = solve_opener("en", "free", "k", str(chosen.opener), options, runner=Processes(1))
    assert repr(chosen.root) == repr(fixed.root) and chosen.cost == fixed.cost
    assert not chosen.proved and not chosen.fixed_opener and fixed.fixed_opener


def test_an_opener_searched_whole_or_split_into_jobs_has_the_same_tree() -> None:
    # one worker searches the opener's parts in one search (its memo serves
    # them all); more split them into jobs, here past a tiny probe
    whole = solve_opener("en", "free", "k", "kerns", Options(), runner=Processes(1))
    stats = RunStats()
    split = solve_opener("en", "free", "k", "kerns", Options(), runner=Processes(1), sizes=JobSizes(probe=1000, budget=None),
                         stats=stats)
    assert len({j.wave for j in stats.jobs}) > 1  # split more than once
    assert whole.proved and whole.cost == split.cost
    assert repr(whole.root) == repr(split.root)


@pytest.mark.slow
def test_wordle_today_hard_mode_from_salet_has_no_tree_as_selby_found() -> None:
    # his results_hard_nyt20230701: salet Infinity (tests/data/selby/)
    with pytest.raises(ExactError, match="no tree solves every secret within 6 turns"):
        solve_opener("wordle-2023", "hard", None, "salet", Options(), runner=Processes(1))
