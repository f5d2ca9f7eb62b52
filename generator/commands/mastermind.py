"""``lingo-trees mastermind``: Mastermind and Bulls and Cows on the same engine.

``mastermind build [--variant 4x6] [--strategy ...]`` writes
``trees/mastermind/<variant>/<strategy>/all.json`` (by default of every
variant of the catalog, ``[mastermind.<id>]``, its strategies); ``mastermind report``
prints each strategy's total and worst case from the trees (verified first)
beside the published figures; ``mastermind feedback GUESS SECRET`` prints
the pegs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands import (
    add_out,
    add_run,
    add_top,
    add_trees,
    many,
    progress_printer,
    verified_tree,
)
from generator.core.catalog import trees_dir
from generator.core.catalog_games import code_setups
from generator.core.ids import short
from generator.core.kinds import code_list, pegs
from generator.core.layout import TreeKey, tree_path
from generator.core.strategies import default_strategies, strategy_names
from generator.errors import RulesError, TreeFormatError
from generator.games.mastermind import PUBLISHED, Variant, variant, variants
from generator.runs.mastermind import build_mastermind_trees

STRATEGIES = strategy_names("mastermind")
GREEDY = [s.name for s in default_strategies("mastermind")]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("mastermind", help="Mastermind and Bulls and Cows: build trees, compare strategies")
    cmds = p.add_subparsers(dest="mastermind_command", metavar="ACTION", required=True)

    b = cmds.add_parser("build", help="build strategy trees into trees/mastermind/<variant>/<strategy>/")
    many(b, "--variant", metavar="NAME",
         help="a variant of the catalog (4x6, bulls-and-cows, ...), PxC or PxC-distinct (default: every variant of the catalog)")
    many(b, "--strategy", choices=STRATEGIES, metavar="NAME",
         help=f"strategies (default: the variant's in the catalog, else the greedy ones: {', '.join(GREEDY)}; "
              "optimal and optimal-5 are the exact search)")
    add_top(b)
    b.add_argument("--opener", help="exact search: this first guess only (default every opener class)")
    add_out(b)
    add_run(b, run_build, force="rebuild")

    r = cmds.add_parser("report", help="totals and worst cases beside the published results")
    r.add_argument("--variant", help="the variant (default: the catalog's first)")
    add_trees(r)
    r.set_defaults(func=run_report)

    f = cmds.add_parser("feedback", help="the pegs of a guess against a secret")
    f.add_argument("guess")
    f.add_argument("secret")
    f.add_argument("--variant", help="the variant (default: the catalog's first)")
    f.set_defaults(func=run_feedback)


def _variant(name: str | None) -> Variant:
    """The variant named, else the catalog's first."""
    if name is not None:
        return variant(name)
    found = variants()
    if not found:
        raise RulesError("no Mastermind variant in the catalog ([mastermind.<id>]): give --variant PxC")
    return found[0]


def run_build(args: argparse.Namespace) -> int:
    root = Path(args.out) if args.out else trees_dir()
    chosen = [variant(name) for name in args.variant] if args.variant else variants()
    if not chosen:
        raise RulesError("no Mastermind variant in the catalog ([mastermind.<id>]): give --variant PxC")
    own = code_setups()
    for v in chosen:
        strategies = args.strategy or list(own[v.id].strategies if v.id in own else ()) or GREEDY
        for line in build_mastermind_trees(v, strategies, root, top=args.top, opener=args.opener,
                                           runner=args.runner, force=args.force,
                                           progress=progress_printer(args.quiet)):
            print(line, flush=True)
    return 0


def run_report(args: argparse.Namespace) -> int:
    v = _variant(args.variant)
    root = Path(args.trees) if args.trees else trees_dir()
    paths = {name: tree_path(root, TreeKey.mastermind(v.id, name)) for name in STRATEGIES}
    if not any(path.exists() for path in paths.values()):
        raise TreeFormatError(f"no Mastermind trees in {root} of the variant {v.id} (lingo-trees mastermind build --variant {v.id})")
    print(f"{v.title}: {len(code_list(v.game))} codes")
    print(f"{'strategy':<11}{'opener':>7}{'total':>7}{'mean':>7}{'max':>5}  published")
    for name in STRATEGIES:
        published = PUBLISHED[name] if v.id == "4x6" else ""
        path = paths[name]
        if not path.exists():
            print(f"{name:<11}{'-':>7}{'-':>7}{'-':>7}{'-':>5}  {published} (no tree: {path})")
            continue
        tree = verified_tree(path)
        s = tree.stats
        assert s is not None
        note = "" if tree.strategy.get("proved_minimal", True) else " (limited search)"
        print(f"{name:<11}{tree.strategy.get('opener', ''):>7}{s.total_turns:>7}{s.mean_turns:>7.3f}"
              f"{s.max_turns:>5}  {published}{note}")
    return 0


def run_feedback(args: argparse.Namespace) -> int:
    v = _variant(args.variant)
    for code in (args.guess, args.secret):
        if len(code) != v.positions or any(c not in v.symbols for c in code):
            raise RulesError(f"{short(code, 20)!r} is not a code of {v.id} ({v.positions} of {v.symbols})")
        if not v.repeats and len(set(code)) < len(code):
            raise RulesError(f"{code!r} repeats a symbol: {v.id} codes have {v.positions} different symbols")
    print(pegs(args.guess, args.secret))
    return 0
