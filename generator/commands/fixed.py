"""``lingo-trees fixed eval|search``: fixed opening guesses (the Riddler Lingo puzzle)."""

from __future__ import annotations

import argparse
import sys

from generator.commands import add_jobs, add_quiet, count, positive, progress_printer, seconds
from generator.core.ids import short
from generator.errors import StrategyError
from generator.runs.jobs import use_threads
from generator.search.fixed import (
    MAX_K,
    FixedProblem,
    FixedResult,
    SearchState,
    evaluate_guesses,
    evaluate_guesses_per_letter,
    search_guesses,
)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "fixed", help="fixed guesses played whatever the feedback (the Riddler Lingo puzzle)",
        description="Commit to k guesses before the game, then guess at random among the words "
        "still possible. Win chance = groups (first letter, feedback of each guess) / words.",
    )
    how = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    e = how.add_parser("eval", help="score a set of fixed guesses")
    e.add_argument("--setup", default="en", help="set-up id (default en)")
    e.add_argument("--guesses", help="comma-separated fixed guesses (for every letter)")
    e.add_argument("--for", dest="per", action="append", default=[], metavar="LETTER=W1,W2,..",
                   help="the guesses for one first letter (repeatable; --guesses serves the rest)")
    e.add_argument("--groups", type=count, default=5, metavar="N", help="largest groups to print (default 5)")
    e.set_defaults(func=run_eval)
    s = how.add_parser("search", help="search for the best set of fixed guesses")
    s.add_argument("--setup", default="en", help="set-up id (default en)")
    s.add_argument("-k", default="4", help=f"number of guesses, or a range like 1-5 (1..{MAX_K})")
    s.add_argument("--time", type=seconds, default=60.0, help="seconds per k (default 60)")
    s.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    s.add_argument("--per-letter", action="store_true", help="a separate set for every first letter")
    s.add_argument("--restarts", type=positive, help="stop after this many restarts")
    s.add_argument("--kicks", type=count, default=20,
                   help="perturbations tried from each local optimum (default 20)")
    s.add_argument("--groups", type=count, default=3, metavar="N", help="largest groups to print (default 3)")
    add_jobs(s, "cores the search's kernels use (threads)")
    add_quiet(s)
    s.set_defaults(func=run_search)


def parse_words(text: str) -> tuple[str, ...]:
    words = tuple(w.strip().lower() for w in text.split(",") if w.strip())
    if not words:
        raise StrategyError(f"no guesses in {text!r}: give comma-separated words")
    return words


def parse_ks(text: str) -> list[int]:
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
            ks = list(range(lo, hi + 1))
        else:
            ks = [int(text)]
    except ValueError:
        raise StrategyError(f"-k {text!r}: give a number or a range like 1-5") from None
    if not ks or any(not 1 <= k <= MAX_K for k in ks):
        raise StrategyError(f"-k {text!r}: k must be between 1 and {MAX_K}")
    return ks


def describe(problem: FixedProblem, result: FixedResult, top: int) -> list[str]:
    """The lines that report one evaluation."""
    n = result.words
    lines = []
    if result.shared is not None:
        lines.append(f"guesses: {', '.join(result.shared)}")
    else:
        lines.append("guesses per first letter:")
        lines.extend(f"  {letter}: {', '.join(plan)}" for letter, plan in result.plans.items())
    lines.append(f"identified exactly: {result.identified} of {n} ({100 * result.identified / n:.3f}%)")
    lines.append(f"groups: {result.groups}   win chance: {result.win_chance:.5f} "
                 f"({100 * result.win_chance:.3f}%)")
    lines.append("group sizes: " + ", ".join(f"{s}: {c}" for s, c in sorted(result.sizes.items())))
    if top and result.largest:
        lines.append("largest groups:")
        for g in result.largest[:top]:
            more = f" ... ({len(g) - 12} more)" if len(g) > 12 else ""
            lines.append(f"  {len(g)}: {' '.join(g[:12])}{more}")
    return lines


def header(problem: FixedProblem, setup_id: str) -> str:
    first = "first letter revealed" if problem.reveals_first else "no letter revealed"
    return (f"set-up {setup_id}: {len(problem.answers)} secrets ({problem.answers.id}, {first}), "
            f"guesses from {problem.guesses.id}")


def run_eval(args: argparse.Namespace) -> int:
    problem = FixedProblem.from_setup(args.setup)
    shared = parse_words(args.guesses) if args.guesses else None
    per: dict[str, tuple[str, ...]] = {}
    for item in args.per:
        letter, sep, words = item.partition("=")
        if not sep or not letter.strip():
            raise StrategyError(f"--for {item!r}: write LETTER=W1,W2,...")
        key = letter.strip().lower()
        if key in per:
            raise StrategyError(f"--for {short(key)}=...: given twice; one list per letter")
        per[key] = parse_words(words)
    if shared is None and not per:
        raise StrategyError("give the fixed guesses: --guesses W1,W2,... (or --for LETTER=...)")
    # warm up the JIT kernels on one word, so the time printed is the evaluation's
    warm = shared or next(iter(per.values()))
    evaluate_guesses(problem, warm[:1], top=0)
    if per:
        plans = dict(per)
        if shared is not None:
            plans["*"] = shared
        result = evaluate_guesses_per_letter(problem, plans, top=args.groups)
    else:
        assert shared is not None
        result = evaluate_guesses(problem, shared, top=args.groups)
    print(header(problem, args.setup))
    for line in describe(problem, result, args.groups):
        print(line)
    print(f"evaluated in {1000 * result.seconds:.1f} ms")
    return 0


def run_search(args: argparse.Namespace) -> int:
    if args.jobs:
        use_threads(args.jobs)
    problem = FixedProblem.from_setup(args.setup)
    ks = parse_ks(args.k)
    print(header(problem, args.setup))
    report = progress_printer(args.quiet)
    for k in ks:
        steps = report.steps(max(1, int(args.time)), f"k={k}, seconds")

        def show(p: SearchState, k: int = k) -> None:
            where = f" {p.letter}:" if p.letter else ""
            best = (f"k={k} {p.elapsed:.1f} s: restart {p.restart}{where} {p.groups}/{p.words} = "
                    f"{p.groups / p.words:.5f}  {','.join(p.plan)}")
            steps.at(int(p.elapsed), best if p.improved else "")

        found = search_guesses(problem, k, seed=args.seed, seconds=args.time, per_letter=args.per_letter,
                               restarts=args.restarts, kicks=args.kicks, on_state=show, top=args.groups)
        steps.close()
        proved = " (k = 1: every word tried, so this is the best)" if k == 1 else ""
        print(f"\nk = {k}{' per letter' if args.per_letter else ''}: best found in "
              f"{found.seconds:.1f} s ({found.restarts} restarts, {found.evaluations:,} swaps "
              f"scored, seed {found.seed}){proved}")
        for line in describe(problem, found.result, args.groups):
            print(line)
        sys.stdout.flush()
    return 0
