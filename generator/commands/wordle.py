"""``lingo-trees wordle``: the greedy rules' Wordle trees beside the optimum.

``wordle build [--tier answers,common,allowed] [--rule free,hard,self-hard]
[--strategy ...] [--opener WORD | --own-opener]`` writes
``trees/<tier's set-up>/<rule>/<strategy>-<opener>/all.json`` (from ``salet``,
the optimal trees' opener, by default) or ``.../<rule>/<strategy>/all.json``
(the rule's own first guess); ``wordle report`` prints, per tier and mode,
every tree's min / mean / max guesses and secrets past six, verified first,
and the best openers found; ``wordle openers`` ranks first words and writes
``trees/openers.json`` (``--strategy optimal``: every first word weighed
by the exact search, the best proved the best of all); ``wordle traps`` finds the one-letter families and
writes ``trees/traps.json``. The optimal trees come from ``lingo-trees exact
--setup wordle --opener salet``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.commands import (
    add_out,
    add_run,
    add_trees,
    many,
    positive,
    progress_printer,
    verified_tree,
)
from generator.core.catalog import exact_tiers, setup, tiers, trees_dir
from generator.core.ids import short
from generator.core.layout import ALL, tree_folders, tree_path
from generator.core.strategies import default_strategies, strategy_order
from generator.errors import StrategyError, TreeFormatError
from generator.output.rankingfile import FILE_NAME as OPENERS_FILE
from generator.output.rankingfile import read_rankings, write_rankings
from generator.output.trapsfile import FILE_NAME as TRAPS_FILE
from generator.output.trapsfile import read_traps, write_traps
from generator.runs.first_words import Weighed
from generator.runs.progress import Reporter
from generator.runs.wordle import (
    DOCUMENT_OPENERS,
    EXACT_RULES,
    MODES,
    OPENER,
    RULES,
    build_wordle_trees,
    default_builds,
    first_words,
    rank_openers,
    rank_optimal,
    shortlist,
    traps,
)
from generator.search.exact import INF
from generator.search.ranking import OPTIMAL, OpenerRanking
from generator.search.traps import BUDGET

GREEDY = [s.name for s in default_strategies("wordle")]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("wordle", help="Wordle: build the greedy rules' trees, compare them with the optimum")
    cmds = p.add_subparsers(dest="wordle_command", metavar="ACTION", required=True)

    b = cmds.add_parser("build", help="build greedy trees into trees/<tier's set-up>/<rule>/<strategy>[-<opener>]/")
    add_tier(b)
    many(b, "--rule", choices=RULES, metavar="RULE",
         help="free (normal mode), hard, self-hard (only words that can still be the secret); default all")
    many(b, "--strategy", choices=GREEDY, metavar="NAME", help=f"rules of play (default all: {', '.join(GREEDY)})")
    first = b.add_mutually_exclusive_group()
    first.add_argument("--opener",
                       help=f"first guess of every tree (default {OPENER}, the optimal trees' opener; "
                            "letter-frequency opens with its own candidate unless the opener is an answer)")
    first.add_argument("--own-opener", action="store_true", help="each rule chooses its own first guess")
    add_out(b)
    add_run(b, run_build, force="rebuild")

    r = cmds.add_parser("report", help="per tier and mode: every tree's min, mean and max guesses, and the best openers")
    add_tier(r)
    add_trees(r)
    r.set_defaults(func=run_report)

    o = cmds.add_parser("openers", help=f"rank first words by the tree each leads to; writes trees/{OPENERS_FILE}")
    add_tier(o)
    many(o, "--rule", choices=RULES, metavar="RULE", help="modes (default free)")
    many(o, "--strategy", choices=[*GREEDY, OPTIMAL], metavar="NAME",
         help=f"rules of play (default all greedy ones: {', '.join(GREEDY)}); {OPTIMAL}: every first word "
              "weighed by the exact search, the best proved the best of all (see --exact-top; the answers and "
              "today tiers)")
    o.add_argument("--shortlist", type=positive, default=40, metavar="N",
                   help="build the trees of the N best first words by the rule's own keys and the N best by "
                        f"entropy (default 40), and of {', '.join((OPENER, *DOCUMENT_OPENERS))}")
    o.add_argument("--exact-top", type=positive, default=100, metavar="N",
                   help=f"{OPTIMAL}: exact totals for the N best first words, every other one proved to cost "
                        "more (default 100); a run stopped resumes where it was")
    o.add_argument("--weigh", type=positive, metavar="N",
                   help=f"{OPTIMAL}: weigh only the first N words in the search's order (entropy) and the words "
                        "asked for: a shorter run, whose best are not proved the best of all")
    o.add_argument("--show", type=positive, default=20, metavar="N", help="first words to print per ranking (default 20)")
    o.add_argument("--no-write", action="store_true", help="print only")
    add_out(o)
    add_run(o, run_openers)

    t = cmds.add_parser("traps", help="the one-letter traps (batch, hatch, latch, ...): largest families, "
                                      f"worst cases one by one and with a probe word; writes trees/{TRAPS_FILE}")
    add_tier(t)
    t.add_argument("--families", type=positive, default=10, metavar="N", help="largest families per tier (default 10)")
    t.add_argument("--positions", type=positive, default=BUDGET, metavar="N",
                   help=f"positions each worst-case search may visit before it keeps the best way found "
                        f"(default {BUDGET:,})")
    t.add_argument("--no-write", action="store_true", help="print only")
    add_out(t)
    t.set_defaults(func=run_traps)


def a_tier(text: str) -> str:
    """An argparse type: a tier of the catalog (read when the option is given, not at start)."""
    if text not in tiers():
        raise argparse.ArgumentTypeError(f"invalid choice {short(text)!r} (choose from {', '.join(tiers())})")
    return text


def add_tier(parser: argparse.ArgumentParser) -> None:
    many(parser, "--tier", type=a_tier, metavar="TIER",
         help="secrets from a tier of the catalog (a Wordle set-up's tier): answers (the official 2,315 of 2022), "
              "common (allowed words in common use), allowed (all 12,972), today (the WordleBot's 3,158, "
              "any of 14,855 guesses); default all")


def run_build(args: argparse.Namespace) -> int:
    opener = None if args.own_opener else (args.opener or OPENER).lower()
    if opener is not None and (len(opener) != 5 or not opener.isalpha()):
        raise StrategyError(f"opener {short(opener)!r} is not a five-letter word")
    builds = default_builds(args.rule or list(RULES), args.strategy or GREEDY, opener, args.tier or list(tiers()))
    root = Path(args.out) if args.out else trees_dir()
    for line in build_wordle_trees(builds, root, runner=args.runner, force=args.force,
                                   progress=progress_printer(args.quiet)):
        print(line, flush=True)
    return 0


def run_report(args: argparse.Namespace) -> int:
    root = Path(args.trees) if args.trees else trees_dir()
    found = tree_folders(root, ("wordle",)) if root.is_dir() else {}  # every name checked
    by_tier = tiers()
    shown = [t for t in args.tier or list(by_tier) if any(key.setup == by_tier[t] for key in found)]
    if not shown:
        raise TreeFormatError(f"no Wordle trees in {root} (lingo-trees wordle build)")
    rankings = read_rankings(root / OPENERS_FILE)
    found_traps = read_traps(root / TRAPS_FILE)
    print(f"Wordle: {root}, every tree verified. Guesses per secret: min, mean, max; >6: secrets past six.")
    for tier in shown:
        sid = by_tier[tier]
        print(f"\n{tier}: {setup(sid).title} ({setup(sid).answers})")
        print(f"{'mode':<11}{'strategy':<24}{'opener':>7}{'total':>7}{'min':>5}{'mean':>8}{'max':>5}{'>6':>5}  proved")
        for rule in RULES:
            keys = sorted((k for k in found if k.setup == sid and k.rule == rule),  # a Wordle folder's one tree: all
                          key=lambda k: strategy_order("wordle", k.strategy))
            for key in keys:
                name = key.strategy
                tree = verified_tree(tree_path(root, key.tree(ALL)))
                s = tree.stats
                assert s is not None
                proved = "yes" if tree.strategy.get("proved_minimal") else "-"
                print(f"{MODES[rule]:<11}{name:<24}{tree.strategy.get('opener', ''):>7}{s.total_turns:>7}"
                      f"{min(s.turns):>5}{s.mean_turns:>8.4f}{s.max_turns:>5}{len(tree.late):>5}  {proved}")
        for r in sorted((r for r in rankings if r.tier == tier),
                        key=lambda r: (RULES.index(r.rule) if r.rule in RULES else len(RULES),
                                       strategy_order("wordle", r.strategy))):
            best = ", ".join(f"{x.word} {r.mean(x):.4f}" for x in r.scores[:5])
            placed = ", ".join(f"{w} {r.place(w) or '?'}" for w in r.asked)
            print(f"openers, {MODES.get(r.rule, r.rule)} mode, {r.strategy}: {best}"
                  + (f" (placed: {placed} of {len(r.scores) + len(r.bounds)})" if placed else ""))
            if r.first_words:
                print(f"  {_bounds_line(r)}")
        tier_traps = [t for t in found_traps if t.tier == tier]
        if tier_traps:
            print(f"traps ({TRAPS_FILE}), guesses one by one / with a probe: "
                  + ", ".join(f"{t.family.pattern} {t.one_by_one.guesses}/{t.with_probe.span()}" for t in tier_traps[:5]))
    return 0


def run_openers(args: argparse.Namespace) -> int:
    root = Path(args.out) if args.out else trees_dir()
    progress = progress_printer(args.quiet)
    strategies = sorted(args.strategy or GREEDY, key=lambda n: n == OPTIMAL)  # the greedy rankings first
    wrong = [r for r in args.rule or ["free"] if r not in EXACT_RULES]
    if OPTIMAL in strategies and wrong:  # before any work
        raise StrategyError(f"{OPTIMAL}: the exact search plays {' and '.join(EXACT_RULES)} mode, "
                            f"not {MODES[wrong[0]]} mode")
    if OPTIMAL in strategies and args.tier and not set(args.tier) <= set(exact_tiers()):
        raise StrategyError(f"{OPTIMAL}: the exact search weighs the first words of the "
                            f"{' and '.join(exact_tiers())} tiers only (give --tier {exact_tiers()[0]})")
    done: list[OpenerRanking] = []
    for tier in args.tier or list(tiers()):
        for rule in args.rule or ["free"]:
            for strategy in strategies:
                if strategy == OPTIMAL and tier not in exact_tiers():
                    continue
                if strategy == OPTIMAL:
                    ranking = _optimal_ranking(args, tier, rule, progress)
                    what = ("every first word" if args.weigh is None else f"the first {args.weigh} words")
                    what += (f" weighed, exact totals for the {args.exact_top} best and the words asked for; "
                             "first move: the place by entropy")
                else:
                    words = shortlist(tier, rule, strategy, args.shortlist)
                    steps = progress.steps(len(words), f"{tier}, {MODES[rule]} mode, {strategy}")
                    ranking = rank_openers(tier, rule, strategy, words, args.shortlist, args.runner, steps.step)
                    steps.close()
                    what = (f"the {args.shortlist} best first moves by its own keys and by entropy, "
                            f"{', '.join((OPENER, *DOCUMENT_OPENERS))}")
                done.append(ranking)
                print(f"\n{tier} ({ranking.secrets} secrets), {MODES[rule]} mode, {strategy}: "
                      f"{len(ranking.scores)} openers built ({what})")
                print(f"{'place':>5}  {'opener':<7}{'total':>7}{'mean':>8}{'max':>5}{'>6':>6}{'first move':>12}")
                shown = [(i, x) for i, x in enumerate(ranking.scores, 1)
                         if i <= args.show or x.word in ranking.asked]
                for i, x in shown:
                    place = ranking.place(x.word) or "?"
                    print(f"{place:>5}  {x.word:<7}{x.total:>7}{ranking.mean(x):>8.4f}{x.max_turns:>5}{x.late:>6}"
                          f"{x.first_move_place:>12}")
                if ranking.first_words:
                    print(_bounds_line(ranking))
                if not args.no_write:  # after each ranking: a long run keeps what it finished
                    write_rankings(root / OPENERS_FILE, [ranking])
    if not args.no_write:
        print(f"\n{root / OPENERS_FILE}: {len(done)} rankings written")
    return 0


def _optimal_ranking(args: argparse.Namespace, tier: str, rule: str, progress: Reporter) -> OpenerRanking:
    """Every first word of a tier weighed by the exact search (one job each)."""
    steps = progress.steps(len(first_words(tier, rule, "entropy")), f"{tier}, {MODES[rule]} mode, {OPTIMAL}")

    def step(w: Weighed, batch: int) -> None:
        found = f"{w.value}" if w.solved else "no tree within six" if w.value >= INF else f"at least {w.value}"
        steps.step(f"batch {batch}: {w.word} {found} ({w.seconds:.1f} s)")

    ranking = rank_optimal(tier, rule, args.exact_top, args.runner, step, args.weigh)
    steps.close()
    return ranking


def _bounds_line(r: OpenerRanking) -> str:
    """What the optimal ranking proves of the first words without an exact total."""
    words = len(r.scores) + len(r.bounds)
    none = r.no_tree
    line = f"{len(r.scores)} of the {words} first words weighed have exact totals"
    line += "; " if r.bounds else ""
    if r.bar is not None:
        line += f"each of the other {len(r.bounds) - none} costs at least {r.bar}"
    if none:
        line += f"{'; ' if r.bar is not None else ''}after {none} no tree keeps every answer within six"
    verdict = (f"the {r.shortlist} best are the best of all (proved)" if r.proved_best
               else f"the {r.shortlist} best of those weighed; {r.first_words - words} words not weighed"
               if not r.complete else f"the {r.shortlist} best are not proved")
    return f"{line}: {verdict}"


def run_traps(args: argparse.Namespace) -> int:
    root = Path(args.out) if args.out else trees_dir()
    print("One-letter traps: words that differ in one place. Worst case of finding the word once the")
    print("feedback has left one family: guessing its words one by one (self hard mode), and with any")
    print("allowed word (a probe holding the letters that differ); 'a-b': the search stopped at its budget,")
    print(f"at least a guesses, b found ({args.positions:,} positions a search).")
    for tier in args.tier or list(tiers()):
        print(f"\n{tier} ({setup(tiers()[tier]).answers})")
        print(f"{'family':<8}{'words':>6}  {'letters':<20}{'one by one':>11}{'with probe':>11}  first guess")
        found = traps(tier, args.families, args.positions)
        for t in found:
            print(f"{t.family.pattern:<8}{len(t.family.words):>6}  {t.family.letters:<20}"
                  f"{t.one_by_one.guesses:>11}{t.with_probe.span():>11}  {t.with_probe.first}")
        if not args.no_write:  # after each tier: a long run keeps what it finished
            write_traps(root / TRAPS_FILE, found)
    if not args.no_write:
        print(f"\n{root / TRAPS_FILE}: written")
    return 0

