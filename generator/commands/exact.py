"""``lingo-trees exact SETUP``: the tree with the least total turns (branch and bound).

Wordle: ``lingo-trees exact wordle --opener salet [--rule hard] [--top N] [--cap 5]``
writes ``trees/wordle/<rule>/optimal-salet/all.json``; LINGO:
``lingo-trees exact nl --rule free --letter c`` writes
``trees/nl/free/optimal/c.json`` (and the folder's index). Progress goes to
stderr; Ctrl-C stops and writes nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.core.catalog import setup
from generator.errors import StrategyError
from generator.search.exact import (
    INF,
    ExactError,
    Options,
    choose_opener,
    letter_tree,
    ordering,
    solve_opener,
    solve_root,
)
from generator.core.rules import guess_rule
from generator.runs.letters import check_letter, context, finish
from generator.output.treefile import write_tree


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "exact", help="the tree with the least total turns (exact or limited branch and bound)",
        description="Depth-first branch and bound for the least total turns with every secret "
        "within the cap. Without --top every move is searched and the result is proved optimal "
        "(for the opener, if one is given).",
    )
    p.add_argument("setup", metavar="SETUP", help="set-up id (wordle, nl, nl-ij, en)")
    p.add_argument("--rule", default="free", help="guess rule: free, hard (Wordle) or same-start (LINGO)")
    p.add_argument("--letter", metavar="L", help="start letter (LINGO set-ups)")
    p.add_argument("--opener", metavar="WORD", help="fixed first guess (e.g. salet)")
    p.add_argument("--openers", type=int, metavar="K",
                   help="choose the opener: search the K first moves in search order, keep the best")
    p.add_argument("--top", type=int, metavar="N",
                   help="search only the N best moves per position (default: all, proved)")
    p.add_argument("--heuristic", default="bound",
                   help="orders the moves after the bound (and picks the N): bound (entropy), "
                        "scm, minimax, expected, entropy, most-parts")
    p.add_argument("--cap", type=int, metavar="TURNS", help="every secret within this many turns "
                   "(default the game's turns)")
    p.add_argument("--fewest-late", action="store_true",
                   help="allow secrets past the cap: fewest first, then least total turns")
    p.add_argument("--budget", type=int, default=None, metavar="PAIRS",
                   help="LINGO letters without --top: (guess, candidate) pairs the proving search may score "
                        "(default as the optimal strategy)")
    p.add_argument("--out", type=Path, metavar="PATH", help="tree file to write (default under trees/)")
    p.add_argument("--no-write", action="store_true", help="print the figures only")
    p.add_argument("-j", "--jobs", type=int, default=None, help="worker processes (default: both cores)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=run)


def _progress(quiet: bool):  # type: ignore[no-untyped-def]
    if quiet:
        return None
    return lambda text: print(text, file=sys.stderr, flush=True)


def default_path(setup_id: str, rule: str, letter: str | None, opener: str | None) -> Path:
    from generator.runs.lingo import trees_dir

    strategy = "optimal" if opener is None else f"optimal-{opener}"
    return trees_dir() / setup_id / rule / strategy / f"{letter or 'all'}.json"


def run(args: argparse.Namespace) -> int:
    s = setup(args.setup)
    rule = guess_rule(args.rule).value
    lingo = s.game.reveals_first_letter
    if rule == "hard" and lingo:
        raise StrategyError("hard mode is a Wordle rule; LINGO set-ups take free or same-start")
    if rule == "same-start" and not lingo:
        raise StrategyError(f"set-up {args.setup!r} reveals no letter: same-start needs a LINGO set-up")
    ctx = context(args.setup)
    letter = None
    if lingo:
        if not args.letter:
            raise StrategyError("LINGO set-ups need --letter L (every letter: "
                                "lingo-trees build --strategy optimal)")
        letter = check_letter(ctx, args.letter)
    elif args.letter:
        raise StrategyError(f"set-up {args.setup!r} reveals no letter: drop --letter")
    game = ctx.game(letter, rule)
    if args.cap is not None and args.cap < 1:
        raise StrategyError(f"--cap {args.cap}: give at least 1 turn")
    if args.top is not None and args.top < 1:
        raise StrategyError(f"--top {args.top}: give at least 1 move")
    if args.opener and args.openers:
        raise StrategyError("give --opener or --openers, not both")
    ordering(args.heuristic)
    options = Options(top=args.top, heuristic=args.heuristic, cap=args.cap, fewest_late=args.fewest_late)
    progress = _progress(args.quiet)
    opener = args.opener.lower() if args.opener else None
    if opener:
        res = solve_opener(args.setup, rule, letter, opener, options, workers=args.jobs, progress=progress)
    elif args.openers:
        res = choose_opener(args.setup, rule, letter, options, args.openers,
                            workers=args.jobs, progress=progress)
    elif lingo and args.top is None and not args.fewest_late:
        kwargs = {} if args.budget is None else {"budget": args.budget}
        res = letter_tree(args.setup, rule, letter, cap=args.cap, progress=progress, **kwargs)
    else:
        if not lingo and args.top is None:
            raise ExactError("an exact search over every Wordle opener is out of reach: "
                             "give --opener WORD, --openers K or --top N")
        res = solve_root(args.setup, rule, letter, options)
    if res.cost >= INF:
        raise ExactError("no tree found")
    tree = finish(ctx, game, res.cols, res.root, res.strategy_data(game))
    stats = tree.stats
    assert stats is not None
    if stats.total_turns != res.total:
        raise ExactError(f"internal: the search counts {res.total} turns, the replay {stats.total_turns}")
    what = f"{args.setup} {rule}" + (f" letter {letter}" if letter else "")
    first = f"from {res.opener}" if res.fixed_opener else f"opener {res.opener} (chosen)"
    turns = " ".join(f"{k}:{v}" for k, v in stats.turns.items())
    print(f"{what} {first}: total {stats.total_turns}, mean {stats.mean_turns:.4f}, "
          f"max {stats.max_turns}, {len(tree.late)} late; turns {turns}")
    print(f"search: {tree.strategy['proof']}; {res.positions} positions; {res.seconds:.1f} s; "
          f"peak memory {res.peak_mib:.0f} MiB")
    if not args.no_write:
        path = args.out or default_path(args.setup, rule, letter, opener)
        write_tree(path, tree)
        _reindex(path)
        print(f"wrote {path}")
    return 0


def _reindex(path: Path) -> None:
    """Keep the folder index (and the top index) of a tree written under trees/."""
    from generator.runs.lingo import trees_dir, write_index, write_top_index

    root = trees_dir().resolve()
    folder = path.resolve().parent
    if folder.parent.parent.parent == root:
        write_index(folder)
        write_top_index(root)
