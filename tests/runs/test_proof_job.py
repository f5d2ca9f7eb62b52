"""One job of an exact proof (generator/runs/proof_job.py): the same answer
wherever it runs, and the same as one search."""

from __future__ import annotations

import pytest

from generator.core.tree import Node
from generator.runs import proof_job
from generator.runs.exact import SetupProblem
from generator.runs.jobs import Processes
from generator.runs.mastermind import CodeProblem
from generator.runs.proof_job import JobResult, ProofJob, Status, parts_of, run_job, worker_search
from generator.search.exact import INF, Options

K = SetupProblem("en", "free", "k")  # English TV rules, the secrets that begin with k: a quick proof


def _row(word: str) -> int:
    return int(K.load()[0].guesses.position[word])


def _jobs() -> list[ProofJob]:
    """A job of every kind: a position, a whole move, some parts of a move,
    a position below a fixed opener, one cut too low, one out of budget."""
    kanes = _row("kanes")
    s = worker_search(K, Options())
    codes = tuple(p.code for p in parts_of(s, s.root(), kanes, range(1000)))
    return [
        ProofJob(K, Options()),
        ProofJob(K, Options(), move=kanes, opener=True),
        ProofJob(K, Options(), move=kanes, codes=codes[:2], opener=True),
        ProofJob(K, Options(), path=((kanes, codes[0]),), opener=True),
        ProofJob(K, Options(), beta=10),
        ProofJob(K, Options(), budget=1000),
    ]


def _same(a: JobResult, b: JobResult) -> bool:
    return (a.status, a.value, repr(a.trees), a.upper, a.dead_end, a.work, a.positions) == \
        (b.status, b.value, repr(b.trees), b.upper, b.dead_end, b.work, b.positions)


def test_a_job_gives_the_same_answer_in_this_process_and_in_two_workers() -> None:
    jobs = _jobs()
    here = dict(Processes(1).run(run_job, jobs))
    there = dict(Processes(2).run(run_job, jobs))
    assert all(_same(here[j], there[j]) for j in jobs)
    statuses = [here[j].status for j in jobs]
    assert statuses == [Status.SOLVED] * 4 + [Status.CUT, Status.OUT_OF_BUDGET]
    assert here[jobs[4]].value >= 10 and not here[jobs[4]].trees
    assert here[jobs[5]].value == INF and here[jobs[5]].upper < INF  # a limited search's tree there


def test_a_whole_move_is_the_tree_of_one_search_from_that_opener() -> None:
    kanes = _row("kanes")
    res = run_job(ProofJob(K, Options(), move=kanes, opener=True))
    s = worker_search(K, Options())
    value = s.solve_root(opener=kanes)
    tree = s.tree()
    s.reset()
    assert res.value == value and isinstance(res.tree, Node) and repr(res.tree) == repr(tree)


def test_the_parts_of_a_move_cost_the_move_less_its_turn() -> None:
    kanes = _row("kanes")
    whole = run_job(ProofJob(K, Options(), move=kanes, opener=True))
    s = worker_search(K, Options())
    codes = tuple(p.code for p in parts_of(s, s.root(), kanes, range(1000)))
    parts = run_job(ProofJob(K, Options(), move=kanes, codes=codes, opener=True))
    assert isinstance(whole.tree, Node) and parts.tree is None
    assert whole.value == parts.value + len(K.load()[2])  # the opener: a turn for every secret
    m = K.load()[0]
    assert {m.pattern(c): t for c, t in parts.trees} == whole.tree.next


def test_a_job_that_keeps_the_memo_serves_the_next_from_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # (Mastermind's parts: one worker, these jobs in this process)
    monkeypatch.setattr(proof_job, "_SEARCHES", {})
    problem = CodeProblem("4x4")
    m = problem.load()[0]
    opener = int(m.guesses.position["1122"])
    code = max(m.split(opener, problem.load()[2]).items(), key=lambda kv: len(kv[1]))[0]
    job = ProofJob(problem, Options(symmetric=True), ((opener, code),), opener=True, keep_memo=True)
    fresh = run_job(ProofJob(problem, Options(symmetric=True), ((opener, code),), opener=True))
    first, second = run_job(job), run_job(job)
    assert first.status is second.status is Status.SOLVED and first.value == second.value
    assert repr(first.trees) == repr(second.trees)
    assert first.positions > 0 and second.positions < first.positions  # the memo answered
    assert fresh.positions == first.positions and repr(fresh.trees) == repr(first.trees)
