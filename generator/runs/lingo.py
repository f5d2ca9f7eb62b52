"""Building the LINGO trees: one job per (set-up, rule, strategy, letter).

Layout: ``trees/<setup>/<rule>/<strategy>/<letter>.json``
(:mod:`generator.core.layout`), an ``index.json``
in every strategy folder summarizing its letters, and ``trees/index.json``
summarizing every folder (:mod:`generator.output.index`). Files are written
atomically; the indexes are made from the tree files on disk, so they always
agree with them (also after Ctrl-C or SIGTERM).

A tree whose file already holds the fingerprint the build would give it
(:func:`generator.runs.letters.letter_fingerprint`: the word lists' hashes,
what was asked, the algorithm's version) is kept as it is, unless ``force``.

The set-ups are built one after another: the parent makes a set-up's
feedback matrix once and the forked workers share it, so the memory is one
matrix at a time whatever the number of cores. A set-up's letters with the
most secrets start first, and its last jobs take the cores the others left
(:func:`generator.core.jit.threads_now`). The ``shared`` strategy first
searches the openers shared by every letter of a set-up (its climbs are
jobs, :mod:`generator.search.shared`), then builds its letters like the others.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any

from generator.core.catalog import check_setup_letter, setup, setup_letters, trees_dir
from generator.core.context import context
from generator.core.ids import check_letter_id
from generator.core.layout import TreeKey, tree_path
from generator.core.rules import LINGO_RULES
from generator.core.strategies import default_strategies, strategy_info
from generator.errors import StrategyError
from generator.output.index import letter_summary
from generator.output.treefile import dump_tree
from generator.runs.cards import build_cards, card_setups
from generator.runs.exact import LetterSearch, letter_trees
from generator.runs.jobs import Processes, Progress, Runner
from generator.runs.keep import build_or_keep
from generator.runs.letters import build_tree, letter_fingerprint
from generator.runs.progress import AnyReporter, Steps, reporter
from generator.runs.proofs import RunStats
from generator.search.openers import Scored
from generator.search.shared import SharedOpeners, shared_choice, shared_climb, shared_starts


@dataclass(frozen=True)
class LetterJob:
    """One tree to build: a job of a :data:`~generator.runs.jobs.Runner`."""

    setup: str
    rule: str
    strategy: str
    letter: str
    seed: int = 1
    shared: SharedOpeners | None = None

    @property
    def label(self) -> str:
        return f"{self.setup}/{self.rule}/{self.strategy}/{self.letter}"


@dataclass(frozen=True)
class ClimbJob:
    """One climb of a set-up's shared-openers search."""

    setup: str
    start: tuple[int, ...]


@dataclass
class BuildReport:
    """What a build did: seconds per folder (summed over its jobs), trees built and kept."""

    seconds: dict[str, float] = field(default_factory=dict)
    built: int = 0
    kept: int = 0
    cards: str = ""  # what the cards step did, where it ran


def _run(job: LetterJob) -> tuple[bytes, dict[str, Any], float]:
    t0 = time.perf_counter()
    tree = build_tree(job.setup, job.rule, job.strategy, job.letter, seed=job.seed, shared=job.shared)
    return dump_tree(tree), letter_summary(tree), time.perf_counter() - t0


def _optimal(jobs: list[LetterJob], runner: Runner, report: AnyReporter,
             stats: RunStats | None) -> Iterator[tuple[LetterJob, tuple[bytes, dict[str, Any], float]]]:
    """The optimal trees: every letter's limited search, then their proofs in
    shared waves of jobs (:func:`generator.runs.exact.letter_trees`)."""
    if not jobs:
        return
    searches = {LetterSearch(j.setup, j.rule, j.letter): j for j in jobs}
    for search, res in letter_trees(list(searches), runner=runner, progress=report, stats=stats):
        job = searches[search]
        ctx = context(job.setup)
        game = ctx.game(job.letter, job.rule)
        tree = ctx.game_tree(game, res.cols, res.root, res.strategy_data(game))
        tree.fingerprint = letter_fingerprint(job.setup, job.rule, job.strategy, job.letter, job.seed)
        yield job, (dump_tree(tree), letter_summary(tree), res.seconds)


def _climb(job: ClimbJob) -> Scored:
    return shared_climb(context(job.setup), job.start)


def plan_jobs(setups: list[str], rules: list[str], strategies: list[str],
              letters: list[str] | None, seed: int, named: bool = True) -> list[LetterJob]:
    """The trees to build, in order: set-up, rule, strategy, letter (a
    strategy only under the rules it is built for, a set-up only under the
    rules it plays, a table only for a set-up that has tables; ``named``: the
    strategies were asked for by name, so a table asked of a set-up without
    is an error). Rules that none of the set-ups plays are an error too."""
    jobs: list[LetterJob] = []
    no_tables: list[str] = []
    not_played: list[str] = []
    for sid in setups:
        s = setup(sid)
        if s.game.name != "lingo":
            continue
        chosen = setup_letters(sid) if not letters else [check_setup_letter(sid, x) for x in letters]
        for letter in chosen:  # a start letter names files, pages and URLs
            check_letter_id(letter, f"set-up {sid!r}: start letter")
        for rule in rules:
            if not s.plays(rule):
                not_played.append(f"set-up {sid!r} is built under {', '.join(s.rules)} only, not {rule}")
                continue
            for strategy in strategies:
                info = strategy_info("lingo", strategy)
                if info.card:
                    continue  # cut from the full card once every letter's is built: build_cards
                if not s.builds(rule, strategy):  # (shared openers cannot all begin with each letter)
                    if info.table and not s.tables:
                        no_tables.append(f"{sid} {strategy}")
                    continue
                for letter in chosen:
                    jobs.append(LetterJob(sid, rule, strategy, letter, seed))
    if named and no_tables and not jobs:
        raise StrategyError(f"no tables to learn for {no_tables[0]} (the set-up's catalog entry says "
                            "tables = false: its trees are scm and optimal)")
    if not_played and not jobs:
        raise StrategyError(f"{not_played[0]} (its catalog entry's rules)")
    return jobs


def build_trees(setups: list[str], rules: list[str] | None = None, strategies: list[str] | None = None,
                letters: list[str] | None = None, *, root: Path | None = None, seed: int = 1,
                runner: Runner = Processes(), force: bool = False,
                progress: Progress | None = None, stats: RunStats | None = None) -> BuildReport:
    """Build and write the trees not up to date (all with ``force``,
    :mod:`generator.runs.keep`); ``stats`` gathers the jobs of the optimal
    trees' proofs (:mod:`generator.runs.proofs`)."""
    report = reporter(progress)
    root = root or trees_dir()
    rules = rules or list(LINGO_RULES)
    named = bool(strategies)
    strategies = strategies or [s.name for s in default_strategies("lingo")]
    jobs = plan_jobs(setups, rules, strategies, letters, seed, named)
    out = BuildReport()
    steps: list[Steps] = []

    def build(todo: list[LetterJob]) -> Iterator[tuple[LetterJob, bytes, tuple[dict[str, Any], float]]]:
        out.kept = len(jobs) - len(todo)
        if out.kept:
            report.say(f"{out.kept} of {len(jobs)} trees are up to date (their fingerprints match, they verify): "
                       "kept")
        steps.append(report.steps(len(todo), "trees"))
        for sid, group in _by_setup(todo):
            yield from _build_setup(sid, group, seed, runner, out, report, stats)
            context.cache_clear()  # one set-up's matrix at a time

    try:
        for done in build_or_keep(jobs, build,
                                  path=lambda j: tree_path(root, TreeKey("lingo", j.setup, j.rule, j.strategy, j.letter)),
                                  fingerprint=lambda j: letter_fingerprint(j.setup, j.rule, j.strategy, j.letter,
                                                                           j.seed),
                                  workers=runner.workers, report=report, what="build", force=force, index_root=root):
            if done.built is not None:
                summary, seconds = done.built
                key = f"{done.job.setup}/{done.job.rule}/{done.job.strategy}"
                out.seconds[key] = out.seconds.get(key, 0.0) + seconds
                out.built += 1
                _say_done(report, steps[0], done.job, summary, seconds)
    finally:
        for s in steps:
            s.close()
    if "same-start" in rules and any(strategy_info("lingo", s).card for s in strategies):
        out.cards = _cards(setups, letters, root, runner.workers, force, report, named)
    return out


def _cards(setups: list[str], letters: list[str] | None, root: Path, workers: int | None, force: bool,
           report: AnyReporter, named: bool) -> str:
    """The cards cut from the full cards (:mod:`generator.runs.cards`), whose
    letters are chosen together: never for some letters alone (``named``:
    the cards were asked for by name, so a set-up without is an error)."""
    if letters:
        return "cards: not cut (they are chosen over every letter; build without --letter)"
    if not card_setups(setups):
        if not named:
            return ""
        raise StrategyError(f"no cards to cut for {', '.join(setups)} (cards are cut from the full TV card of a "
                            "set-up with tables)")
    t0 = time.perf_counter()
    built, kept = build_cards(setups, root, workers=workers, force=force, report=report)
    return f"cards: {built} trees built, {kept} kept in {time.perf_counter() - t0:.1f} s"


def _build_setup(sid: str, group: list[LetterJob], seed: int, runner: Runner, out: BuildReport,
                 report: AnyReporter, stats: RunStats | None
                 ) -> Iterator[tuple[LetterJob, bytes, tuple[dict[str, Any], float]]]:
    """Build the trees of one set-up: its matrix made once here (the forked
    workers share it), the shared openers first where asked."""
    context(sid)
    plan = _shared_plan(sid, seed, runner, out, report) if any(j.strategy == "shared" for j in group) else None
    group = [LetterJob(j.setup, j.rule, j.strategy, j.letter, j.seed, plan)
             if j.strategy == "shared" else j for j in group]
    optimal = [j for j in group if j.strategy == "optimal"]
    others = largest_first([j for j in group if j.strategy != "optimal"])
    for job, (data, summary, seconds) in chain(runner.run(_run, others),
                                               _optimal(optimal, runner, report, stats)):
        yield job, data, (summary, seconds)


def largest_first(jobs: list[LetterJob]) -> list[LetterJob]:
    """The jobs of one set-up, the letters with the most secrets first (else
    in the order given): the long ones start at once, and the short ones
    fill the cores around them instead of leaving the longest to run last."""
    if not jobs:
        return jobs
    ctx = context(jobs[0].setup)
    size = {letter: len(ctx.letter_cols(letter)) for letter in {j.letter for j in jobs}}
    return sorted(jobs, key=lambda j: -size[j.letter])


def _by_setup(jobs: list[LetterJob]) -> Iterator[tuple[str, list[LetterJob]]]:
    order: dict[str, list[LetterJob]] = {}
    for j in jobs:
        order.setdefault(j.setup, []).append(j)
    yield from order.items()


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


def _shared_plan(sid: str, seed: int, runner: Runner, out: BuildReport,
                 report: AnyReporter) -> SharedOpeners:
    """The openers shared by every letter of a set-up, its climbs as jobs."""
    t0 = time.perf_counter()
    ctx = context(sid)
    starts = shared_starts(ctx, seed=seed)
    jobs = [ClimbJob(sid, start) for _, start in starts]
    results = dict(runner.run(_climb, jobs))
    plan = shared_choice(ctx, [(k, results[ClimbJob(sid, start)]) for k, start in starts], seed=seed)
    out.seconds[f"{sid}/free/shared"] = out.seconds.get(f"{sid}/free/shared", 0.0) + time.perf_counter() - t0
    report.say(f"[{sid}/free/shared] openers {' '.join(plan.openers)}, probe words {len(plan.probes)} "
               f"({time.perf_counter() - t0:.1f} s, {len(jobs)} climbs)")
    return plan
