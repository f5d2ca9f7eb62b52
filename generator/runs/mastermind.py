"""Mastermind trees built: the greedy rules, and the exact search over opener classes.

:func:`mastermind_tree` builds one strategy's tree for a variant. The exact
strategies (``optimal``, ``optimal-5``) search every opener class of
:func:`generator.games.mastermind.opener_classes`, in order of their lower
bound; every part an opener leaves is a :class:`~generator.runs.proof_job.ProofJob`
of a :data:`~generator.runs.jobs.Runner` (searched with the memo of the
worker's earlier parts, which meet the same positions), and an opener after the first is
searched only for a total below the best so far (:func:`exact_tree` with
``beta``), so a class that cannot win is cut as soon as one of its parts
proves it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

import numpy as np

from generator.core.blocks import StrategyBlock, opener_of
from generator.core.fingerprint import Fingerprint, code_list_digest, fingerprint
from generator.core.kinds import Code
from generator.core.layout import TreeKey, tree_path
from generator.core.partition import CodedMatrix
from generator.core.strategies import strategy_info
from generator.core.tree import GameTree, Node, Tree
from generator.errors import StrategyError
from generator.games.mastermind import (
    PUBLISHED,
    Variant,
    game_tree,
    heuristic_tree,
    knuth_opener,
    matrix,
    opener_classes,
    variant,
)
from generator.output.treefile import KEPT, dump_tree
from generator.runs.jobs import Processes, Progress, Runner
from generator.runs.keep import build_or_keep
from generator.runs.progress import reporter
from generator.runs.proof_job import Loaded, ProofJob, Status, run_job
from generator.search.exact import INF, Options, Search

OPTIMAL_STRATEGIES = ("optimal", "optimal-5")  # the strategies the exact search builds


@cache
def _matrix(variant_id: str) -> CodedMatrix:
    """The peg matrix of a variant, once per process."""
    return matrix(variant(variant_id).game)


@dataclass(frozen=True)
class CodeProblem:
    """Every code of a variant, any code a guess: an exact job's problem."""

    variant: str

    def load(self) -> Loaded:
        m = _matrix(self.variant)
        cols = np.arange(len(m.answers), dtype=np.int64)
        return m, variant(self.variant).game, cols, np.arange(len(m.guesses), dtype=np.int64)


@dataclass
class ExactRun:
    """An exact search after one opener: its tree, total and effort. A run
    told to beat ``beta`` that cannot has no tree and ``total`` a lower bound
    (``pruned``)."""

    opener: Code
    total: int
    tree: Tree | None
    positions: int
    seconds: float
    pruned: bool = False


def exact_tree(v: Variant, opener: Code, cap: int | None, *, top: int | None = None,
               runner: Runner = Processes(), beta: int | None = None,
               progress: Progress | None = None) -> ExactRun:
    """The least-total tree that opens with ``opener`` (every secret within
    ``cap`` guesses; None: the board's turns), one job per part of the opener.

    With ``beta`` only a total below it is wanted: each part's search is cut
    at ``beta`` less the opener's turn and the other parts' lower bounds, and
    a part that reaches its cut proves the opener cannot get below ``beta``."""
    m = _matrix(v.id)
    if opener not in m.guesses:
        raise StrategyError(f"opener {opener!r} is not a code of {v.id}")
    turns = cap or v.game.turns
    row = m.guesses.position[opener]
    parts = m.split(row, np.arange(len(m.answers), dtype=np.int64))
    floors: dict[int, int] = {}
    if beta is not None:
        floors = _part_floors(m, parts, turns)
        floor = len(m.answers) + sum(floors.values())
        if floor >= INF:  # a part too large for the turns left
            return ExactRun(opener, INF, None, 0, 0.0)
        if floor >= beta:
            return ExactRun(opener, floor, None, 0, 0.0, pruned=True)
    spare = (beta - len(m.answers) - sum(floors.values())) if beta is not None else None
    options = Options(top=top, cap=turns, symmetric=True)
    jobs = [ProofJob(CodeProblem(v.id), options, ((row, code),), INF if spare is None else spare + floors[code],
                     opener=True, keep_memo=True) for code in parts if code != m.green]
    jobs.sort(key=lambda j: -len(parts[j.path[0][1]]))
    start = time.perf_counter()
    node = Node(opener)
    total = len(m.answers)
    positions = 0
    feasible, pruned, any_inf = True, False, False
    steps = reporter(progress).steps(len(jobs), f"parts after {opener}")
    for job, got in runner.run(run_job, jobs):
        code = job.path[0][1]
        positions += got.positions
        cost, sub = got.value, got.tree
        value = "-" if cost >= INF else str(cost) if got.status is Status.SOLVED else f">= {cost}"
        steps.step(f"opener {opener}, part {m.pattern(code)} ({len(parts[code])} codes): "
                   f"{value} ({time.perf_counter() - start:.0f} s)")
        any_inf = any_inf or cost >= INF
        if cost >= INF or sub is None:
            feasible = False
            pruned = pruned or cost < INF
            total += cost if cost < INF else 0
            continue
        total += cost
        node.next[m.pattern(code)] = sub
    steps.close()
    node.next = dict(sorted(node.next.items()))
    secs = time.perf_counter() - start
    if pruned and beta is not None and not any_inf:
        return ExactRun(opener, max(total, beta), None, positions, secs, pruned=True)
    return ExactRun(opener, total if feasible else INF, node if feasible else None, positions, secs)


def _part_floors(m: CodedMatrix, parts: dict[int, np.ndarray], turns: int) -> dict[int, int]:
    """The search's lower bound of every part an opener leaves (all-green excluded),
    with ``turns - 1`` guesses left for each."""
    probe = Search(m, turns=turns)
    return {code: probe.part_floor(p, turns - 1) for code, p in parts.items() if code != m.green}


def opener_floor(v: Variant, opener: Code, cap: int | None) -> int:
    """A lower bound of any tree's total after ``opener`` (the opener's turn
    plus the fill bound of each part it leaves)."""
    m = _matrix(v.id)
    parts = m.split(m.guesses.position[opener], np.arange(len(m.answers), dtype=np.int64))
    return min(len(m.answers) + sum(_part_floors(m, parts, cap or v.game.turns).values()), INF)


def mastermind_fingerprint(v: Variant, strategy: str, top: int | None = None,
                           opener: Code | None = None) -> Fingerprint:
    """What a Mastermind tree depends on (:mod:`generator.core.fingerprint`)."""
    params: dict[str, Any] = {"variant": v.id, "strategy": strategy}
    if strategy in OPTIMAL_STRATEGIES:
        params.update(top=top, opener=opener)
    return fingerprint({"codes": code_list_digest(v.game)}, params, strategy_info("mastermind", strategy).algorithm)


def mastermind_tree(v: Variant, strategy: str, *, runner: Runner = Processes(),
                    top: int | None = None, opener: Code | None = None,
                    progress: Progress | None = None) -> tuple[GameTree, dict[str, Any]]:
    """The tree of ``strategy`` for variant ``v``, and figures about the build
    (``seconds``; for the exact strategies ``positions`` and every opener's total).

    The exact strategies search every opener class, each part of an opener a
    job of a :data:`~generator.runs.jobs.Runner`; with ``top`` each position
    tries only the best ``top`` moves (not proved); with ``opener`` only that
    first guess is searched (proved after it).
    """
    info = strategy_info("mastermind", strategy)
    start = time.perf_counter()
    block: dict[str, Any] = {"scheme": strategy, "method": info.method}
    if strategy in OPTIMAL_STRATEGIES:
        root, more, figures = _exact(v, strategy, top, opener, runner, progress)
    else:
        root, more, figures = _greedy(v, strategy)
    block.update(more)
    if v.id == "4x6":
        block["published"] = PUBLISHED[strategy]
    tree = game_tree(v, root, cast(StrategyBlock, block))  # checked when written
    tree.fingerprint = mastermind_fingerprint(v, strategy, top, opener)
    figures["seconds"] = time.perf_counter() - start
    return tree, figures


def build_mastermind_trees(v: Variant, strategies: list[str], root: Path, *, top: int | None = None,
                           opener: Code | None = None, runner: Runner = Processes(), force: bool = False,
                           progress: Progress | None = None) -> Iterator[str]:
    """Build or keep (:mod:`generator.runs.keep`) the tree of each strategy
    under ``root/mastermind/<variant>/<strategy>/all.json``; yields a line
    per tree as it is kept or written."""
    def build(todo: list[str]) -> Iterator[tuple[str, bytes, str]]:
        for name in todo:  # one after another: an exact search runs its own jobs
            tree, figures = mastermind_tree(v, name, top=top, opener=opener, runner=runner, progress=progress)
            s = tree.stats
            assert s is not None
            extra = f", {figures['positions']} positions searched" if "positions" in figures else ""
            yield name, dump_tree(tree), (f"total {s.total_turns}, max {s.max_turns}, mean {s.mean_turns:.3f}, "
                                          f"opener {opener_of(tree.strategy)}{extra}, {figures['seconds']:.1f} s")

    for done in build_or_keep(strategies, build, path=lambda name: tree_path(root, TreeKey.mastermind(v.id, name)),
                              fingerprint=lambda name: mastermind_fingerprint(v, name, top, opener),
                              workers=runner.workers, report=reporter(progress), what="mastermind", force=force):
        yield f"{done.path}: {KEPT if done.built is None else done.built}"


def _greedy(v: Variant, strategy: str) -> tuple[Tree, dict[str, Any], dict[str, Any]]:
    heuristic = "minimax" if strategy == "knuth" else strategy
    opener = knuth_opener(v.game) if strategy == "knuth" else None
    root = heuristic_tree(_matrix(v.id), v.game, heuristic, opener)
    return root, {"heuristic": heuristic, "opener": root.guess if isinstance(root, Node) else root,
                  "tie_breaks": "a possible code first, then the smallest code"}, {}


def _exact(v: Variant, strategy: str, top: int | None, opener: Code | None, runner: Runner,
           progress: Progress | None) -> tuple[Tree, dict[str, Any], dict[str, Any]]:
    cap = 5 if strategy == "optimal-5" else None
    if opener is not None and opener not in _matrix(v.id).guesses:
        raise StrategyError(f"opener {opener!r} is not a code of {v.id}")
    openers = [opener] if opener else opener_classes(v.game)
    # the opener with the least lower bound first; the others need only be
    # searched for a total at most the best one's (ties go to the smaller code)
    openers.sort(key=lambda o: (opener_floor(v, o, cap), o))
    runs: list[ExactRun] = []
    for o in openers:
        done = [r for r in runs if r.tree is not None]
        beta = min(r.total for r in done) + 1 if done else None
        r = exact_tree(v, o, cap, top=top, runner=runner, beta=beta, progress=progress)
        runs.append(r)
        if progress:
            what = (f"at least {r.total}, cut" if r.pruned else
                    "no tree within the cap" if r.total >= INF else f"total {r.total}")
            progress(f"{strategy}: opener {o}: {what} ({r.seconds:.0f} s)")
    best = min((r for r in runs if not r.pruned), key=lambda r: (r.total, r.opener))
    if best.tree is None:
        raise StrategyError(f"no tree solves every code of {v.id} within {cap} guesses")
    by_code = sorted(runs, key=lambda r: r.opener)
    block = {
        "objective": "least total guesses" + (f", every code within {cap}" if cap else ""),
        "cap": cap,
        "openers_searched": {r.opener: (r.total if r.total < INF and not r.pruned else None) for r in by_code},
        "openers_at_least": {r.opener: r.total for r in by_code if r.pruned},
        "opener": best.opener,
        "opener_fixed": opener is not None,
        "moves": "every move (guesses making the same partition count once)" if top is None
                 else f"the best {top} moves at each position by the lower bound, then entropy (limited: not proved)",
        "proved_minimal": top is None and opener is None,
        "proof": ("not proved: limited moves" if top is not None else
                  f"proved after the opener {opener} only" if opener else
                  "every opener class under permutations of positions and symbols, every move "
                  "after it, except openers whose lower bound reached the best total "
                  "(openers_at_least)"),
    }
    figures = {"positions": sum(r.positions for r in runs),
               "openers": {r.opener: (r.total, round(r.seconds, 1)) for r in runs}}
    return best.tree, block, figures
