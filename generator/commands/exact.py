"""``lingo-trees exact``: the tree with the least total turns (branch and bound).

Wordle: ``lingo-trees exact --setup wordle --opener salet [--rule hard] [--top N] [--cap 5]``
writes ``trees/wordle/<rule>/optimal-salet/all.json``; LINGO:
``lingo-trees exact --setup nl --rule free --letter c`` writes
``trees/nl/free/optimal/c.json`` (and the folder's index). Progress goes to
stderr; Ctrl-C stops and writes nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands import (
    add_out,
    add_run,
    add_top,
    positive,
    progress_printer,
)
from generator.core.catalog import check_setup_letter, setup, trees_dir
from generator.core.context import context
from generator.core.files import check_out_folder
from generator.core.fingerprint import Fingerprint, fingerprint, lists_digests
from generator.core.rules import GuessRule, guess_rule
from generator.core.strategies import strategy_info
from generator.errors import StrategyError
from generator.output.index import check_targets, write_index, write_top_index
from generator.output.treefile import KEPT, write_tree
from generator.runs.exact import ExactResult, choose_opener, letter_proof_params, letter_tree, solve_opener, solve_whole
from generator.runs.letters import letter_fingerprint
from generator.runs.verdicts import kept
from generator.search.exact import ExactError, Options, ordering


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


def tree_path(root: Path, setup_id: str, rule: str, letter: str | None, opener: str | None) -> Path:
    strategy = "optimal" if opener is None else f"optimal-{opener}"
    return root / setup_id / rule / strategy / f"{letter or 'all'}.json"


def _letter(args: argparse.Namespace, lingo: bool) -> str | None:
    if lingo:
        if not args.letter:
            raise StrategyError("LINGO set-ups need --letter L (every letter: "
                                "lingo-trees build --strategy optimal)")
        return check_setup_letter(args.setup, args.letter)
    if args.letter:
        raise StrategyError(f"set-up {args.setup!r} reveals no letter: drop --letter")
    return None


def _out(args: argparse.Namespace) -> Path | None:
    """The trees folder to write, checked before the search starts."""
    if args.no_write:
        return None
    return check_out_folder(args.out or trees_dir())



def run(args: argparse.Namespace) -> int:
    s = setup(args.setup)
    rule = guess_rule(args.rule).value
    lingo = s.game.reveals_first_letter
    if rule == GuessRule.HARD and lingo:
        raise StrategyError("hard mode is a Wordle rule; LINGO set-ups take free or same-start")
    if rule == GuessRule.SELF_HARD:
        raise StrategyError("the exact search plays any allowed guess; self hard mode has greedy trees only "
                            "(lingo-trees wordle build --rule self-hard)")
    if rule == GuessRule.SAME_START and not lingo:
        raise StrategyError(f"set-up {args.setup!r} reveals no letter: same-start needs a LINGO set-up")
    letter = _letter(args, lingo)
    if args.opener and args.openers:
        raise StrategyError("give --opener or --openers, not both")
    ordering(args.heuristic)
    root = _out(args)
    opener = args.opener.lower() if args.opener else None
    fp = _fingerprint(args, rule, letter, lingo)
    path = None if root is None else tree_path(root, args.setup, rule, letter, opener)
    if path is not None and not args.force and kept({path: fp["digest"]}, 1, progress_printer(args.quiet), "exact"):
        print(f"{path}: {KEPT}; --force searches again")
        return 0
    if root is not None and path is not None:
        check_targets(root, [path])
    res = _search(args, rule, letter, lingo)
    ctx = context(args.setup)
    game = ctx.game(letter, rule)
    tree = ctx.game_tree(game, res.cols, res.root, res.strategy_data(game))
    tree.fingerprint = fp
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
    if root is not None and path is not None:
        write_tree(path, tree)
        write_index(path.parent)
        write_top_index(root)
        print(f"wrote {path}")
    return 0


def _letter_default(args: argparse.Namespace, lingo: bool) -> bool:
    """A LINGO letter searched as the optimal strategy builds it (same tree, same fingerprint)."""
    return (lingo and args.top is None and not args.fewest_late and not args.opener and not args.openers
            and args.cap is None and args.budget is None and args.heuristic == "bound")


def _fingerprint(args: argparse.Namespace, rule: str, letter: str | None, lingo: bool) -> Fingerprint:
    """What the tree depends on: as the build's for a LINGO letter searched
    with the defaults, else the options given."""
    if letter is not None and _letter_default(args, lingo):
        return letter_fingerprint(args.setup, rule, "optimal", letter)
    s = setup(args.setup)
    params = {"setup": args.setup, "rule": rule, "letter": letter, "opener": args.opener,
              "openers": args.openers, "top": args.top, "heuristic": args.heuristic, "cap": args.cap,
              "fewest_late": args.fewest_late, "budget": args.budget}
    if lingo and args.top is None and not args.fewest_late and not args.opener and not args.openers:
        params.update(letter_proof_params(args.budget))
    return fingerprint(lists_digests(s.answers, s.guesses, s.game.name), params,
                       strategy_info(s.game.name, "optimal").algorithm)


def _search(args: argparse.Namespace, rule: str, letter: str | None, lingo: bool) -> ExactResult:
    options = Options(top=args.top, heuristic=args.heuristic, cap=args.cap, fewest_late=args.fewest_late)
    progress = progress_printer(args.quiet)
    if args.opener:
        res = solve_opener(args.setup, rule, letter, args.opener.lower(), options, workers=args.jobs,
                           progress=progress)
    elif args.openers:
        res = choose_opener(args.setup, rule, letter, options, args.openers, workers=args.jobs,
                            progress=progress)
    elif lingo and args.top is None and not args.fewest_late:
        kwargs = {} if args.budget is None else {"budget": args.budget}
        res = letter_tree(args.setup, rule, letter, cap=args.cap, workers=args.jobs, progress=progress, **kwargs)
    else:
        if not lingo and args.top is None:
            raise ExactError("an exact search over every Wordle opener is out of reach: "
                             "give --opener WORD, --openers K or --top N")
        res = solve_whole(args.setup, rule, letter, options)
    if not res.cost.found:
        raise ExactError("no tree found")
    return res
