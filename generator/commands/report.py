"""``lingo-trees report``: our trees beside the 1992 paper's tables."""

from __future__ import annotations

import argparse

from generator.commands import add_trees, many
from generator.core.catalog import setups, trees_dir
from generator.errors import TreeFormatError
from generator.output.index import index_folders
from generator.output.report import cards_report, report, summary


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("report", help="compare the built trees with the 1992 paper's tables")
    many(p, "--setup", metavar="ID", help="set-ups to report (default: every LINGO set-up built)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--summary", action="store_true",
                      help="one line per set-up and rule: words to learn, mean turns and late words per strategy")
    what.add_argument("--cards", action="store_true",
                      help="the TV cards by size: words to learn and words in time (trees/cards.json)")
    add_trees(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    root = args.trees or trees_dir()
    found = {key.setup for key in index_folders(root)}  # every folder and file name checked
    ids = args.setup or [s.id for s in setups().values() if s.game.name == "lingo" and s.id in found]
    if not ids:
        raise TreeFormatError(f"{root}: no LINGO trees here (run lingo-trees build)")
    print((cards_report if args.cards else summary if args.summary else report)(root, ids), end="")
    return 0
