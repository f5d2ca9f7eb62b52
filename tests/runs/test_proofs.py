"""Exact proofs run as jobs (generator/runs/proofs.py): the same trees and
proofs as one search, however they are cut into jobs."""

from __future__ import annotations

import pytest

from generator.runs import proof_job
from generator.runs.exact import LetterSearch, letter_trees, solve_opener
from generator.runs.jobs import Processes
from generator.runs.proofs import JobSizes, JobTime, RunStats, schedule
from generator.search.exact import Options


def _letter(setup: str, rule: str, letter: str, sizes: JobSizes, workers: int = 1) -> tuple[object, RunStats]:
    stats = RunStats()
    ((_, res),) = list(letter_trees([LetterSearch(setup, rule, letter)], sizes=sizes, runner=Processes(workers),
                                    progress=lambda _: None, stats=stats))
    return res, stats


def test_a_split_proof_finds_the_tree_of_one_search() -> None:
    whole, one = _letter("en", "free", "k", JobSizes(probe=None))
    split, many = _letter("en", "free", "k", JobSizes(probe=5_000_000, depth=3, small=6))
    proofs = [j for j in one.jobs if j.wave >= 0]  # wave -1: the limited search that gives the bound
    assert len(proofs) == 1 and len(many.jobs) > 20 and len({j.wave for j in many.jobs if j.wave >= 0}) >= 2
    assert whole.proved and split.proved  # type: ignore[attr-defined]
    assert repr(split.root) == repr(whole.root) and split.cost == whole.cost  # type: ignore[attr-defined]


def test_split_jobs_on_two_workers_give_the_same_tree() -> None:
    one, _ = _letter("en", "free", "k", JobSizes(probe=5_000_000, depth=2, small=6), workers=1)
    two, _ = _letter("en", "free", "k", JobSizes(probe=5_000_000, depth=2, small=6), workers=2)
    assert repr(one.root) == repr(two.root) and one.proved and two.proved  # type: ignore[attr-defined]


def test_a_letter_with_no_tree_within_the_cap_splits_both_proofs() -> None:
    # English y within two turns: the strict proof finds no tree, then the fewest late
    job = LetterSearch("en", "free", "y", cap=2)
    ((_, whole),) = list(letter_trees([job], sizes=JobSizes(probe=None), runner=Processes(1), progress=lambda _: None))
    stats = RunStats()
    ((_, split),) = list(letter_trees([job], sizes=JobSizes(probe=1_000_000, depth=2, small=6), runner=Processes(1),
                                      progress=lambda _: None, stats=stats))
    assert whole.late == split.late == 56 and whole.proved and split.proved
    assert repr(split.root) == repr(whole.root) and len(stats.jobs) > 5


def test_a_job_out_of_budget_at_the_last_level_leaves_the_letter_unproved() -> None:
    res, stats = _letter("en", "free", "k", JobSizes(probe=1_000_000, budget=20_000, depth=1, small=6))
    assert not res.proved and res.options.top is not None  # type: ignore[attr-defined]
    whole, _ = _letter("en", "free", "k", JobSizes(probe=None))
    assert res.cost >= whole.cost  # type: ignore[attr-defined]  # the limited tree is kept


def test_parts_of_an_opener_split_deeper_alike() -> None:
    whole = solve_opener("en", "free", "k", "kanes", Options(), runner=Processes(1), sizes=JobSizes(probe=None, budget=None))
    stats = RunStats()
    deep = solve_opener("en", "free", "k", "kanes", Options(), runner=Processes(1), stats=stats,
                        sizes=JobSizes(probe=20_000, budget=None, small=6))
    assert repr(deep.root) == repr(whole.root) and deep.total == whole.total and deep.proved
    assert max(j.wave for j in stats.jobs) >= 1


def test_schedule_runs_each_wave_on_the_first_free_worker() -> None:
    jobs = [JobTime(0, s, 0, 0, n, 0) for s, n in ((4.0, 40), (3.0, 30), (2.0, 20), (1.0, 10))] + \
        [JobTime(1, 5.0, 0, 0, 5, 0)]
    assert schedule(jobs, 1) == 15.0
    assert schedule(jobs, 2) == 5.0 + 5.0  # wave 0: 4+1 | 3+2, then wave 1
    assert schedule(jobs, 64) == 4.0 + 5.0


def test_a_proof_ends_as_soon_as_its_last_job_does_not_with_its_wave() -> None:
    # k's proof is one job, the larger of wave 0 (run first on one worker); y
    # within two turns has a strict search there and the fewest-late one next
    jobs = [LetterSearch("en", "free", "k"), LetterSearch("en", "free", "y", cap=2)]
    stats = RunStats()
    seen = {}
    for job, res in letter_trees(jobs, sizes=JobSizes(probe=None), runner=Processes(1), progress=lambda _: None, stats=stats):
        seen[job.letter] = [j.proof for j in stats.jobs if j.wave == 0]
        assert res.proved  # type: ignore[attr-defined]
    assert seen["k"] == [0]  # y's job of the same wave had not run yet
    assert seen["y"] == [0, 1]


def test_a_finished_job_leaves_no_memo_in_its_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    # (one worker: the jobs run in this process) a worker's memo can be GiBs; only
    # this proof's searches are looked at (Mastermind's part jobs keep theirs on purpose)
    monkeypatch.setattr(proof_job, "_SEARCHES", {})
    _letter("en", "free", "k", JobSizes(probe=5_000_000, depth=2, small=6))
    searches = list(proof_job._SEARCHES.values())
    assert searches and all(not len(s.memo) and not s.counters.positions for s in searches)
