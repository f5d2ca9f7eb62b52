"""``lingo-trees exact``: the tree with the least total turns (branch and bound).

Wordle: ``lingo-trees exact --setup wordle --opener salet [--rule hard] [--top N] [--cap 5]``
writes ``trees/wordle/<rule>/optimal-salet/all.json``; LINGO:
``lingo-trees exact --setup nl --rule free --letter c`` writes
``trees/nl/free/optimal/c.json`` (and the folder's index). Progress goes to
stderr; Ctrl-C stops and writes nothing.
"""

from __future__ import annotations

import argparse

from generator.commands import (
    add_out,
    add_run,
    add_top,
    positive,
    progress_printer,
)
from generator.core.catalog import trees_dir
from generator.runs.exact_tree import ExactAsk, build_exact


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "exact", help="the tree with the least total turns (exact or limited branch and bound)",
        description="Depth-first branch and bound for the least total turns with every secret "
        "within the cap. Without --top every move is searched and the result is proved optimal "
        "(for the opener, if one is given).",
    )
    p.add_argument("--setup", required=True, metavar="ID", help="set-up id (wordle, nl, nl-ij, en, ...)")
    p.add_argument("--rule", default="free", help="guess rule: free, hard (Wordle) or same-start (LINGO)")
    p.add_argument("--letter", metavar="L", help="start letter (LINGO set-ups)")
    p.add_argument("--opener", metavar="WORD", help="fixed first guess (e.g. salet)")
    p.add_argument("--openers", type=positive, metavar="K",
                   help="choose the opener: search the K first moves in search order, keep the best")
    add_top(p)
    p.add_argument("--heuristic", default="bound",
                   help="orders the moves after the bound (and picks the N of --top): bound (entropy), "
                        "scm, minimax, expected, entropy, most-parts")
    p.add_argument("--cap", type=positive, metavar="TURNS", help="every secret within this many turns "
                   "(default the game's turns)")
    p.add_argument("--fewest-late", action="store_true",
                   help="allow secrets past the cap: fewest first, then least total turns")
    p.add_argument("--budget", type=positive, default=None, metavar="PAIRS",
                   help="LINGO letters without --top: (guess, candidate) pairs the proving search may score "
                        "(default as the optimal strategy)")
    add_out(p, what="the trees folder to write into")
    p.add_argument("--no-write", action="store_true", help="print the figures only")
    add_run(p, run, force="search again")


def run(args: argparse.Namespace) -> int:
    ask = ExactAsk(args.setup, args.rule, args.letter, args.opener, args.openers, args.top, args.heuristic, args.cap,
                   args.fewest_late, args.budget)
    root = None if args.no_write else args.out or trees_dir()
    for line in build_exact(ask, root, force=args.force, runner=args.runner, progress=progress_printer(args.quiet)):
        print(line, flush=True)
    return 0
