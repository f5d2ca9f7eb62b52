"""``lingo-trees hangman``: Hangman on the partition engine.

``hangman eval --wordlist en-enable --misses 6,9`` plays every word of every
length with every strategy and prints the words lost per strategy, as the
Hangman post does, the hardest words and the time; ``hangman build`` writes
trees per word length into ``trees/hangman/<list>/<misses>/<strategy>/<length>.json``
(by default of every list the catalog's ``[hangman.<list>]`` names, as it says);
``hangman feedback WORD LETTER`` prints a mask.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from generator.commands import (
    add_out,
    add_run,
    add_top,
    count,
    many,
    progress_printer,
)
from generator.core.catalog import load_list, trees_dir
from generator.core.catalog_games import MISSES, HangmanSetup, hangman_setups
from generator.core.kinds import mask
from generator.core.strategies import strategy_names
from generator.errors import PatternError, RulesError
from generator.games.hangman import EVERY_LETTER_BELOW, TOP
from generator.runs.hangman import build_hangman_trees, evaluate_strategy, family_floor

STRATEGIES = strategy_names("hangman")
MAX_LENGTH = 63  # a mask game's longest word (the positions fit one 64-bit mask)
TOP_MORE = (f"; optimal: the letters of each greedy rule above {EVERY_LETTER_BELOW} words, more is longer; "
            "widened where the losses are not proved")


def lengths(text: str) -> list[int]:
    """``4`` or ``2-5`` or ``2,4,6``: each length once, in order, 1..63."""
    out: list[int] = []
    try:
        for part in text.split(","):
            if "-" in part.strip()[1:]:
                a, b = part.split("-", 1)
                lo, hi = int(a), int(b)
                if lo > hi:
                    raise argparse.ArgumentTypeError(f"{part.strip()!r}: the range is empty ({lo} > {hi})")
                values = range(lo, hi + 1) if hi - lo < MAX_LENGTH else range(lo, lo + MAX_LENGTH + 1)
            else:
                values = range(int(part), int(part) + 1)
            for n in values:
                if not 1 <= n <= MAX_LENGTH:
                    raise argparse.ArgumentTypeError(f"length {n} is outside 1..{MAX_LENGTH}")
                if n not in out:
                    out.append(n)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a length, a range A-B or a list") from None
    return out


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("hangman", help="Hangman: evaluate strategies over a word list, build trees")
    cmds = p.add_subparsers(dest="hangman_command", metavar="ACTION", required=True)

    e = cmds.add_parser("eval", help="play every word and print the words lost per strategy")
    e.add_argument("--wordlist", default="en-enable", help="word list id (default en-enable)")
    many(e, "--misses", type=count, metavar="M", help="misses allowed (repeatable or M,M; default 6)")
    many(e, "--strategy", choices=STRATEGIES, metavar="NAME", help=f"strategies (default all: {', '.join(STRATEGIES)})")
    e.add_argument("--lengths", type=lengths, help="word lengths only (e.g. 2-5; default all)")
    e.add_argument("--hardest", type=count, default=10, help="hardest words to list (default 10)")
    add_top(e, TOP, TOP_MORE)
    add_run(e, run_eval)

    b = cmds.add_parser("build", help="write trees per word length")
    b.add_argument("--wordlist", help="word list id (default: every list of the catalog's [hangman.<list>])")
    b.add_argument("--misses", type=count, help=f"misses allowed (default: the catalog's, else {MISSES})")
    many(b, "--strategy", choices=STRATEGIES, metavar="NAME",
         help=f"strategies (default: the catalog's, else all: {', '.join(STRATEGIES)})")
    b.add_argument("--lengths", type=lengths,
                   help="word lengths, e.g. 2-5 (default: the catalog's, else every length of the list)")
    add_top(b, TOP, TOP_MORE)
    add_out(b)
    add_run(b, run_build, force="rebuild")

    f = cmds.add_parser("feedback", help="the mask of a letter called against a word")
    f.add_argument("word")
    f.add_argument("letter")
    f.set_defaults(func=run_feedback)


def _options(strategy: str, top: int) -> dict[str, Any]:
    return {"top": top} if strategy == "optimal" else {}


def run_eval(args: argparse.Namespace) -> int:
    words = load_list(args.wordlist)
    misses = sorted(args.misses or [6])
    strategies = args.strategy or STRATEGIES
    start = time.perf_counter()
    print(f"Hangman on {args.wordlist} ({len(words)} words"
          + (f", lengths {min(args.lengths)}-{max(args.lengths)}" if args.lengths else ", every length")
          + "): words lost when more misses are needed than allowed")
    head = "strategy".ljust(12) + "".join(f"lost at {m}".rjust(14) for m in misses) + "mean misses".rjust(13) + "time".rjust(9)
    print(head)
    done = []
    for name in strategies:
        ev = evaluate_strategy(words, name, misses, lengths=args.lengths, hardest=args.hardest,
                               runner=args.runner, progress=progress_printer(args.quiet),
                               **_options(name, args.top))
        mean = ev.total_misses[misses[0]] / max(ev.words, 1)
        label = name + (" *" if ev.limited else "")
        print(label.ljust(12) + "".join(f"{ev.losses[m]:>14,}" for m in misses)
              + f"{mean:>13.3f}" + f"{ev.seconds:>8.1f}s", flush=True)
        done.append((name, ev))
    for name, ev in done:
        for m, unproved in sorted(ev.unproved.items()):
            print(f"* {name} at {m} misses: losses not proved minimal for lengths {_ranges(unproved)} "
                  "(limited search above the loss search's reach): an upper bound")
    floors = {m: family_floor(words, m, args.lengths) for m in misses}
    for _, ev in done:
        for m, floor in ev.floor.items():
            floors[m] = max(floors[m], floor)
    print("no strategy loses fewer than (proved: families of words differing in one letter, letters "
          "along the misses, loss searches): " + ", ".join(f"{floors[m]:,} at {m}" for m in misses))
    for name, ev in done:
        words_text = ", ".join(f"{w} ({k})" for k, w in ev.hardest)
        print(f"hardest for {name} (misses): {words_text}")
    played = done[0][1].words if done else 0
    print(f"{played} words per strategy; evaluation time {time.perf_counter() - start:.1f} s")
    return 0


def _ranges(values: list[int]) -> str:
    """``2 3 4 7`` -> ``2-4, 7``."""
    out: list[str] = []
    for v in sorted(values):
        if out and out[-1].split("-")[-1] == str(v - 1):
            out[-1] = out[-1].split("-")[0] + f"-{v}"
        else:
            out.append(str(v))
    return ", ".join(out)


def run_build(args: argparse.Namespace) -> int:
    own = hangman_setups()
    if not args.wordlist and not own:
        raise RulesError("no Hangman list in the catalog ([hangman.<list>]): give --wordlist")
    out = Path(args.out) if args.out else trees_dir()
    done = 0
    for wordlist in [args.wordlist] if args.wordlist else list(own):
        entry = own.get(wordlist, HangmanSetup(wordlist))
        for name in args.strategy or list(entry.strategies) or STRATEGIES:  # each its own lengths
            lines = build_hangman_trees(wordlist, [name], args.misses or entry.misses, out,
                                        lengths=args.lengths or entry.lengths_of(name), runner=args.runner,
                                        options={name: _options(name, args.top)}, force=args.force)
            for line in lines:
                done += 1
                print(f"[{done}] {line}", flush=True)
    return 0


def run_feedback(args: argparse.Namespace) -> int:
    if len(args.letter) != 1 or not args.letter.isalpha() or not args.letter.isascii():
        raise RulesError(f"{args.letter[:10]!r} is not one letter")
    word = args.word.lower()
    if not word or not word.isalpha() or not word.isascii():
        raise PatternError(f"{args.word[:40]!r} is not a word of the letters a-z")
    print(mask(word, args.letter.lower()))
    return 0
