"""``lingo-trees wordle``: the greedy rules' Wordle trees beside the optimum.

``wordle build [--rule free,hard] [--strategy ...] [--opener WORD | --own-opener]``
writes ``trees/wordle/<rule>/<strategy>-<opener>/all.json`` (from ``salet``,
the optimal trees' opener, by default) or ``trees/wordle/<rule>/<strategy>/all.json``
(the rule's own first guess); ``wordle report`` prints every Wordle tree's
total, mean, worst case and answers past six guesses, verified first. The
optimal trees come from ``lingo-trees exact --setup wordle --opener salet``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands import (
    add_force,
    add_out,
    add_quiet,
    add_trees,
    many,
    positive,
    progress_printer,
    verified_tree,
)
from generator.core.catalog import trees_dir
from generator.core.ids import short
from generator.core.strategies import default_strategies, strategy_order
from generator.errors import StrategyError, TreeFormatError
from generator.output.index import check_targets, write_index, write_top_index
from generator.output.treefile import KEPT, read_fingerprint, write_tree
from generator.runs.wordle import OPENER, SETUP, TIERS, default_builds, traps, wordle_tree

GREEDY = [s.name for s in default_strategies("wordle")]
RULES = ["free", "hard"]
MODES = {"free": "normal", "hard": "hard"}


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("wordle", help="Wordle: build the greedy rules' trees, compare them with the optimum")
    cmds = p.add_subparsers(dest="wordle_command", metavar="ACTION", required=True)

    b = cmds.add_parser("build", help="build greedy trees into trees/wordle/<rule>/<strategy>[-<opener>]/")
    many(b, "--rule", choices=RULES, metavar="RULE", help="free (normal mode) and/or hard (default both)")
    many(b, "--strategy", choices=GREEDY, metavar="NAME", help=f"rules of play (default all: {', '.join(GREEDY)})")
    first = b.add_mutually_exclusive_group()
    first.add_argument("--opener",
                       help=f"first guess of every tree (default {OPENER}, the optimal trees' opener; "
                            "letter-frequency opens with its own candidate unless the opener is an answer)")
    first.add_argument("--own-opener", action="store_true", help="each rule chooses its own first guess")
    add_force(b)
    add_out(b)
    add_quiet(b)
    b.set_defaults(func=run_build)

    r = cmds.add_parser("report", help="every Wordle tree's total, mean and worst case, by mode")
    add_trees(r)
    r.set_defaults(func=run_report)

    t = cmds.add_parser("traps", help="the one-letter traps (batch, hatch, latch, ...): largest families, "
                                      "worst cases one by one and with a probe word")
    many(t, "--tier", choices=list(TIERS), metavar="TIER",
         help=f"secrets from: {', '.join(TIERS)} (default all)")
    t.add_argument("--top", type=positive, default=10, metavar="N", help="largest families per tier (default 10)")
    t.set_defaults(func=run_traps)


def run_build(args: argparse.Namespace) -> int:
    root = Path(args.out) if args.out else trees_dir()
    opener = None if args.own_opener else (args.opener or OPENER).lower()
    if opener is not None and (len(opener) != 5 or not opener.isalpha()):
        raise StrategyError(f"opener {short(opener)!r} is not a five-letter word")
    builds = default_builds(args.rule or RULES, args.strategy or GREEDY, opener)
    progress = progress_printer(args.quiet)
    todo = []
    for b in builds:
        path = root / SETUP / b.rule / b.folder / "all.json"
        if not args.force and read_fingerprint(path) == b.fingerprint()["digest"]:
            print(f"{path}: {KEPT}", flush=True)
        else:
            todo.append((b, path))
    check_targets(root, [path for _, path in todo])  # before the first search
    for b, path in todo:
        progress(f"{MODES[b.rule]} mode, {b.folder} ...")
        tree, seconds = wordle_tree(b)
        write_tree(path, tree)
        s = tree.stats
        assert s is not None
        print(f"{path}: total {s.total_turns}, mean {s.mean_turns:.4f}, max {s.max_turns}, "
              f"{len(tree.late)} past six, opener {tree.strategy['opener']}, {seconds:.1f} s", flush=True)
    for folder in sorted({path.parent for _, path in todo}):
        write_index(folder)
    if todo:
        write_top_index(root)
    return 0


def run_report(args: argparse.Namespace) -> int:
    root = Path(args.trees) if args.trees else trees_dir()
    folder = root / SETUP
    if not folder.is_dir():
        raise TreeFormatError(f"no Wordle trees in {folder} (lingo-trees wordle build)")
    print(f"Wordle: {root / SETUP}, every tree verified")
    print(f"{'mode':<7}{'strategy':<24}{'opener':>7}{'total':>7}{'mean':>8}{'max':>5}{'>6':>5}  proved")
    for rule in RULES:
        names = sorted((p.name for p in (folder / rule).glob("*") if (p / "all.json").is_file()),
                       key=lambda n: strategy_order("wordle", n))
        for name in names:
            path = folder / rule / name / "all.json"
            tree = verified_tree(path)
            s = tree.stats
            assert s is not None
            proved = "yes" if tree.strategy.get("proved_minimal") else "-"
            print(f"{MODES[rule]:<7}{name:<24}{tree.strategy.get('opener', ''):>7}{s.total_turns:>7}"
                  f"{s.mean_turns:>8.4f}{s.max_turns:>5}{len(tree.late):>5}  {proved}")
    return 0


def run_traps(args: argparse.Namespace) -> int:
    print("One-letter traps: words that differ in one place. Worst case of finding the word once the")
    print("feedback has left one family: guessing its words one by one (self hard mode), and with any")
    print("allowed word (a probe holding the letters that differ); 'a-b': the search stopped at its budget,")
    print("at least a guesses, b found.")
    for tier in args.tier or list(TIERS):
        print(f"\n{tier} ({TIERS[tier]})")
        print(f"{'family':<8}{'words':>6}  {'letters':<20}{'one by one':>11}{'with probe':>11}  first guess")
        for t in traps(tier, args.top):
            p = t.with_probe
            probe = f"{p.guesses}" if p.proved else f"{p.at_least}-{p.guesses}"
            print(f"{t.family.pattern:<8}{len(t.family.words):>6}  {t.family.letters:<20}"
                  f"{t.one_by_one.guesses:>11}{probe:>11}  {p.first}")
    return 0
