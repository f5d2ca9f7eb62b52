"""Building the LINGO trees: one job per (set-up, rule, strategy, letter).

Layout: ``trees/<setup>/<rule>/<strategy>/<letter>.json``, an ``index.json``
in every strategy folder summarizing its letters, and ``trees/index.json``
summarizing every folder (:mod:`generator.output.index`). Files are written
atomically; the indexes are made from the tree files on disk, so they always
agree with them. The ``shared`` strategy first searches the openers shared by
every letter of a set-up (:func:`generator.search.shared.shared_openers`),
then builds its letters like the others.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.catalog import setup, trees_dir
from generator.core.context import context
from generator.core.ids import check_letter_id
from generator.core.strategies import default_strategies, strategy_info
from generator.output.files import write_atomic
from generator.output.index import letter_summary, write_index, write_top_index
from generator.output.treefile import dump_tree
from generator.runs.jobs import Progress, run_jobs
from generator.runs.letters import LINGO_RULES, build_tree
from generator.runs.progress import AnyReporter, Steps, reporter
from generator.search.shared import SharedOpeners, shared_openers


def tree_path(root: Path, setup_id: str, rule: str, strategy: str, letter: str) -> Path:
    return root / setup_id / rule / strategy / f"{letter}.json"


@dataclass(frozen=True)
class LetterJob:
    """One tree to build: a job of :func:`generator.runs.jobs.run_jobs`."""

    setup: str
    rule: str
    strategy: str
    letter: str
    seed: int = 1
    shared: SharedOpeners | None = None

    @property
    def label(self) -> str:
        return f"{self.setup}/{self.rule}/{self.strategy}/{self.letter}"


def _run(job: LetterJob) -> tuple[bytes, dict[str, Any], float]:
    t0 = time.perf_counter()
    tree = build_tree(job.setup, job.rule, job.strategy, job.letter, seed=job.seed, shared=job.shared)
    return dump_tree(tree), letter_summary(tree), time.perf_counter() - t0


def plan_jobs(setups: list[str], rules: list[str], strategies: list[str],
              letters: list[str] | None, seed: int) -> list[LetterJob]:
    """The trees to build, in order: set-up, rule, strategy, letter (a
    strategy only under the rules it is built for)."""
    jobs = []
    for sid in setups:
        s = setup(sid)
        if s.game.name != "lingo":
            continue
        ctx = context(sid)
        chosen = ctx.letters() if not letters else [ctx.check_letter(x) for x in letters]
        for letter in chosen:  # a start letter names files, pages and URLs
            check_letter_id(letter, f"set-up {sid!r}: start letter")
        for rule in rules:
            for strategy in strategies:
                info = strategy_info("lingo", strategy)
                if info.rules and rule not in info.rules:
                    continue  # openers shared across letters cannot all begin with each letter
                for letter in chosen:
                    jobs.append(LetterJob(sid, rule, strategy, letter, seed))
    return jobs


def build_trees(setups: list[str], rules: list[str] | None = None, strategies: list[str] | None = None,
                letters: list[str] | None = None, *, root: Path | None = None, seed: int = 1,
                workers: int | None = None, progress: Progress | None = None) -> dict[str, float]:
    """Build and write trees; returns seconds spent per (setup/rule/strategy)."""
    report = reporter(progress)
    root = root or trees_dir()
    rules = rules or list(LINGO_RULES)
    strategies = strategies or [s.name for s in default_strategies("lingo")]
    jobs = plan_jobs(setups, rules, strategies, letters, seed)
    timings: dict[str, float] = {}
    plans = _shared_plans(jobs, seed, timings, report)
    jobs = [LetterJob(j.setup, j.rule, j.strategy, j.letter, j.seed, plans.get(j.setup))
            if j.strategy == "shared" else j for j in jobs]
    folders: set[Path] = set()
    steps = report.steps(len(jobs), "trees")
    try:
        for job, (data, summary, seconds) in run_jobs(_run, jobs, workers):
            path = tree_path(root, job.setup, job.rule, job.strategy, job.letter)
            write_atomic(path, data)
            folders.add(path.parent)
            key = f"{job.setup}/{job.rule}/{job.strategy}"
            timings[key] = timings.get(key, 0.0) + seconds
            _say_done(report, steps, job, summary, seconds)
    finally:
        steps.close()
        # the indexes always describe the tree files there, also after Ctrl-C or SIGTERM
        for folder in sorted(folders):
            write_index(folder)
        if folders:
            write_top_index(root)
    return timings


def _say_done(report: AnyReporter, steps: Steps, job: LetterJob, summary: dict[str, Any],
              seconds: float) -> None:
    openers = " ".join(summary.get("openers", [])) or "-"
    late = f", {len(summary['late'])} late" if summary["late"] else ""
    steps.step(f"{job.label}: mean {summary['mean_turns']:.3f}, "
               f"max {summary['max_turns']}{late}; openers {openers} ({seconds:.1f} s)")
    if summary["late"]:
        report.say(f"  {job.label}: {len(summary['late'])} words cannot be reached within "
                   f"{summary['turns_limit']} turns by this strategy: {' '.join(summary['late'])} "
                   f"(the best tree found is written with them listed in 'late')")


def _shared_plans(jobs: list[LetterJob], seed: int, timings: dict[str, float],
                  progress: AnyReporter) -> dict[str, SharedOpeners]:
    """The shared openers of every set-up whose ``shared`` trees are built."""
    plans: dict[str, SharedOpeners] = {}
    for sid in sorted({j.setup for j in jobs if j.strategy == "shared"}):
        t0 = time.perf_counter()
        progress(f"[{sid}/free/shared] searching openers shared by every letter ...")
        plan = plans[sid] = shared_openers(context(sid), seed=seed)
        timings[f"{sid}/free/shared"] = time.perf_counter() - t0
        progress(f"[{sid}/free/shared] openers {' '.join(plan.openers)}, probe words "
                 f"{len(plan.probes)} ({time.perf_counter() - t0:.1f} s)")
    return plans
