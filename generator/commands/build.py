"""``lingo-trees build [SETUP...]``: build the strategy trees into trees/."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from generator.core.catalog import setup, setups
from generator.runs.lingo import build
from generator.core.rules import guess_rule
from generator.runs.letters import LINGO_RULES, STRATEGIES, strategy_name


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("build", help="build the LINGO strategy trees (all set-ups, rules and strategies by default)")
    p.add_argument("setups", nargs="*", metavar="SETUP", help="set-ups to build (default: every LINGO set-up)")
    p.add_argument("--rule", action="append", choices=LINGO_RULES, help="guess rule (repeatable; default both)")
    p.add_argument("--strategy", action="append", metavar="NAME",
                   help=f"strategy (repeatable; default all: {', '.join(STRATEGIES)})")
    p.add_argument("--letter", action="append", metavar="L", help="start letter (repeatable; default all)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random restarts (default 1)")
    p.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: both cores)")
    p.add_argument("--out", type=Path, default=None, help="trees folder (default trees/)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    ids = args.setups or [s.id for s in setups().values() if s.game.name == "lingo"]
    for sid in ids:
        if setup(sid).game.name != "lingo":
            raise SystemExit(f"lingo-trees: error: set-up {sid!r} is not a LINGO set-up")
    rules = [guess_rule(r).value for r in args.rule] if args.rule else None
    strategies = [strategy_name(s) for s in args.strategy] if args.strategy else None
    t0 = time.perf_counter()
    timings = build(ids, rules, strategies, args.letter, root=args.out, seed=args.seed, workers=args.jobs)
    for key, seconds in sorted(timings.items()):
        print(f"{key}: {seconds:.1f} s (summed over letters)")
    print(f"built in {time.perf_counter() - t0:.1f} s")
    return 0
