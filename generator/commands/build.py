"""``lingo-trees build``: build the LINGO strategy trees into trees/."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from generator.commands import (
    add_out,
    add_run,
    many,
    progress_printer,
)
from generator.core.catalog import setup, setups
from generator.core.rules import LINGO_RULES, guess_rule
from generator.core.strategies import default_strategies, strategy_names
from generator.errors import CatalogError
from generator.runs.letters import lingo_strategy
from generator.runs.lingo import build_trees


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("build", help="build the LINGO strategy trees (every set-up, rule and strategy by default)")
    many(p, "--setup", metavar="ID", help="set-up to build (repeatable; default: every LINGO set-up)")
    many(p, "--rule", choices=LINGO_RULES, metavar="RULE", help="guess rule: free, same-start (default: every rule the set-up is built under)")
    defaults = ", ".join(s.name for s in default_strategies("lingo"))
    many(p, "--strategy", metavar="NAME",
         help=f"strategy (default: {defaults}; also: {', '.join(strategy_names('lingo'))})")
    many(p, "--letter", metavar="L", help="start letter (default: every letter)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random restarts (default 1)")
    add_out(p)
    add_run(p, run, force="rebuild")


def run(args: argparse.Namespace) -> int:
    ids = args.setup or [s.id for s in setups().values() if s.game.name == "lingo"]
    for sid in ids:
        if setup(sid).game.name != "lingo":
            raise CatalogError(f"set-up {sid!r} is not a LINGO set-up (Wordle: lingo-trees exact --setup {sid})")
    rules = [guess_rule(r).value for r in args.rule] if args.rule else None
    strategies = [lingo_strategy(s) for s in args.strategy] if args.strategy else None
    t0 = time.perf_counter()
    done = build_trees(ids, rules, strategies, args.letter, root=Path(args.out) if args.out else None,
                       seed=args.seed, runner=args.runner, force=args.force,
                       progress=progress_printer(args.quiet))
    for key, seconds in sorted(done.seconds.items()):
        print(f"{key}: {seconds:.1f} s (summed over letters)")
    if done.cards:
        print(done.cards)
    print(f"{done.built} trees built, {done.kept} kept (up to date) in {time.perf_counter() - t0:.1f} s")
    return 0
