"""``lingo-trees mastermind``: Mastermind and Bulls and Cows on the same engine.

``mastermind build [--variant 4x6] [--strategy ...]`` writes
``trees/mastermind/<variant>/<strategy>/all.json``; ``mastermind report``
prints each strategy's total and worst case (from the committed trees, else
built now) beside the published figures; ``mastermind feedback GUESS SECRET``
prints the pegs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.core.catalog import project_root
from generator.errors import LingoTreesError, RulesError
from generator.games.mastermind import PUBLISHED, STRATEGIES, build, code_list, pegs, variant
from generator.output.treefile import read_tree, write_tree
from generator.core.verify import game_lists, verify_tree

GREEDY = [s for s in STRATEGIES if not s.startswith("optimal")]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("mastermind", help="Mastermind and Bulls and Cows: build trees, compare strategies")
    cmds = p.add_subparsers(dest="mastermind_command", metavar="ACTION", required=True)

    b = cmds.add_parser("build", help="build strategy trees into trees/mastermind/<variant>/<strategy>/")
    b.add_argument("--variant", default="4x6", help="4x6 (default), bulls-and-cows, PxC or PxC-distinct")
    b.add_argument("--strategy", nargs="+", choices=list(STRATEGIES), default=GREEDY,
                   help="strategies (default the greedy ones; optimal and optimal-5 are the exact search)")
    b.add_argument("--top", type=int, help="exact search: only the best N moves per position (not proved)")
    b.add_argument("--opener", help="exact search: this first guess only (default every opener class)")
    b.add_argument("--out", type=Path, help="trees folder (default trees/ of the project)")
    b.add_argument("-q", "--quiet", action="store_true", help="no progress of the exact search on stderr")
    b.set_defaults(func=run_build)

    r = cmds.add_parser("report", help="totals and worst cases beside the published results")
    r.add_argument("--variant", default="4x6")
    r.add_argument("--trees", type=Path, help="trees folder (default trees/ of the project)")
    r.set_defaults(func=run_report)

    f = cmds.add_parser("feedback", help="the pegs of a guess against a secret")
    f.add_argument("guess")
    f.add_argument("secret")
    f.add_argument("--variant", default="4x6")
    f.set_defaults(func=run_feedback)


def _folder(root: Path | None, vid: str, strategy: str) -> Path:
    return (root or project_root() / "trees") / "mastermind" / vid / strategy


def run_build(args: argparse.Namespace) -> int:
    v = variant(args.variant)
    for name in args.strategy:
        progress = None if args.quiet else (lambda text: print(text, file=sys.stderr, flush=True))
        tree, figures = build(v, name, top=args.top, opener=args.opener, progress=progress)
        path = _folder(args.out, v.id, name) / "all.json"
        write_tree(path, tree)
        s = tree.stats
        assert s is not None
        extra = f", {figures['positions']} positions searched" if "positions" in figures else ""
        print(f"{path}: total {s.total_turns}, max {s.max_turns}, mean {s.mean_turns:.3f}, "
              f"opener {tree.strategy['opener']}{extra}, {figures['seconds']:.1f} s", flush=True)
    return 0


def run_report(args: argparse.Namespace) -> int:
    v = variant(args.variant)
    print(f"{v.title}: {len(code_list(v.game))} codes")
    print(f"{'strategy':<11}{'opener':>7}{'total':>7}{'mean':>7}{'max':>5}  {'source':<10} published")
    for name in STRATEGIES:
        path = _folder(args.trees, v.id, name) / "all.json"
        source = "tree file"
        if path.exists():
            tree = read_tree(path)

            answers, guesses = game_lists(tree)
            verdict = verify_tree(tree, answers, guesses)
            if not verdict.ok:
                raise LingoTreesError(f"{path}: does not verify: {verdict.problems[0]}")
        elif name in GREEDY:
            start = time.perf_counter()
            tree, _ = build(v, name)
            source = f"built {time.perf_counter() - start:.0f}s"
        else:
            print(f"{name:<11}{'-':>7}{'-':>7}{'-':>7}{'-':>5}  {'no tree':<10} "
                  f"{PUBLISHED[name] if v.id == '4x6' else ''}")
            continue
        s = tree.stats
        assert s is not None
        note = "" if tree.strategy.get("proved_minimal", True) else " (limited search)"
        print(f"{name:<11}{tree.strategy.get('opener', ''):>7}{s.total_turns:>7}{s.mean_turns:>7.3f}"
              f"{s.max_turns:>5}  {source:<10} {PUBLISHED[name] if v.id == '4x6' else ''}{note}")
    return 0


def run_feedback(args: argparse.Namespace) -> int:
    v = variant(args.variant)
    for code in (args.guess, args.secret):
        if len(code) != v.positions or any(c not in v.symbols for c in code):
            raise RulesError(f"{code!r} is not a code of {v.id} ({v.positions} of {v.symbols})")
    print(pegs(args.guess, args.secret))
    return 0
