"""``lingo-trees hangman``: Hangman on the partition engine.

``hangman eval --wordlist en-enable --misses 6 9`` plays every word of every
length with every strategy and prints the words lost per strategy, as the
Hangman post does, the hardest words and the time; ``hangman build`` writes
trees per word length into ``trees/hangman/<list>/<misses>/<strategy>/<length>.json``;
``hangman feedback WORD LETTER`` prints a mask.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from generator.core.catalog import load_list, project_root
from generator.errors import RulesError
from generator.games.hangman import EXACT_BELOW, STRATEGIES, TOP, build, evaluate, family_bound, mask
from generator.runs.jobs import run_jobs
from generator.output.treefile import write_tree
from generator.core.words import WordList


TOP_HELP = (f"optimal: the best N letters of each greedy rule at positions of more than "
            f"{EXACT_BELOW} words (default {TOP}; more letters make a longer search)")


def _lengths(text: str) -> list[int]:
    """``4`` or ``2-5`` or ``2,4,6``."""
    out: list[int] = []
    try:
        for part in text.split(","):
            if "-" in part:
                a, b = part.split("-", 1)
                out.extend(range(int(a), int(b) + 1))
            else:
                out.append(int(part))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a length, a range A-B or a list") from None
    return out


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("hangman", help="Hangman: evaluate strategies over a word list, build trees")
    cmds = p.add_subparsers(dest="hangman_command", metavar="ACTION", required=True)

    e = cmds.add_parser("eval", help="play every word and print the words lost per strategy")
    e.add_argument("--wordlist", default="en-enable", help="word list id (default en-enable)")
    e.add_argument("--misses", type=int, nargs="+", default=[6], help="misses allowed (default 6)")
    e.add_argument("--strategy", nargs="+", choices=list(STRATEGIES), default=list(STRATEGIES))
    e.add_argument("--lengths", type=_lengths, help="word lengths only (e.g. 2-5; default all)")
    e.add_argument("--hardest", type=int, default=10, help="hardest words to list (default 10)")
    e.add_argument("--top", type=int, default=TOP, help=TOP_HELP)
    e.add_argument("-j", "--jobs", type=int, help="worker processes, one tree each (default: both cores)")
    e.set_defaults(func=run_eval)

    b = cmds.add_parser("build", help="write trees per word length")
    b.add_argument("--wordlist", default="en-enable")
    b.add_argument("--misses", type=int, default=6)
    b.add_argument("--strategy", nargs="+", choices=list(STRATEGIES), default=list(STRATEGIES))
    b.add_argument("--lengths", type=_lengths, help="word lengths, e.g. 2-5 (default every length of the list)")
    b.add_argument("-j", "--jobs", type=int, help="worker processes (default: both cores)")
    b.add_argument("--top", type=int, default=TOP, help=TOP_HELP)
    b.add_argument("--out", type=Path, help="trees folder (default trees/ of the project)")
    b.set_defaults(func=run_build)

    f = cmds.add_parser("feedback", help="the mask of a letter called against a word")
    f.add_argument("word")
    f.add_argument("letter")
    f.set_defaults(func=run_feedback)


def _check(misses: list[int], top: int = TOP, jobs: int | None = None) -> None:
    for m in misses:
        if m < 0:
            raise RulesError(f"misses must be 0 or more, not {m}")
    if top < 1:
        raise RulesError(f"--top must be 1 or more, not {top}")
    if jobs is not None and jobs < 1:
        raise RulesError(f"-j/--jobs must be 1 or more, not {jobs}")


def _options(strategy: str, top: int) -> dict[str, int]:
    return {"top": top} if strategy == "optimal" else {}


def run_eval(args: argparse.Namespace) -> int:
    _check(args.misses, args.top, args.jobs)
    words = load_list(args.wordlist)
    start = time.perf_counter()
    print(f"Hangman on {args.wordlist} ({len(words)} words"
          + (f", lengths {min(args.lengths)}-{max(args.lengths)}" if args.lengths else ", every length")
          + "): words lost when more misses are needed than allowed")
    misses = sorted(set(args.misses))
    head = "strategy".ljust(12) + "".join(f"lost at {m}".rjust(14) for m in misses) + "mean misses".rjust(13) + "time".rjust(9)
    print(head)
    hardest = []
    for name in args.strategy:
        ev = evaluate(words, name, misses, lengths=args.lengths, hardest=args.hardest,
                      workers=args.jobs, **_options(name, args.top))
        mean = ev.total_misses[misses[0]] / max(ev.words, 1)
        label = name + (" *" if ev.limited else "")
        print(label.ljust(12) + "".join(f"{ev.losses[m]:>14,}" for m in misses)
              + f"{mean:>13.3f}" + f"{ev.seconds:>8.1f}s", flush=True)
        hardest.append((name, ev))
    for name, ev in hardest:
        for m, lengths in sorted(ev.unproved.items()):
            print(f"* {name} at {m} misses: losses not proved minimal for lengths {_ranges(lengths)} "
                  "(limited search above the loss search's reach): an upper bound")
    floors = {m: _floor(words, m, args.lengths) for m in misses}
    for _, ev in hardest:
        for m, floor in ev.floor.items():
            floors[m] = max(floors[m], floor)
    print("no strategy loses fewer than (proved: families of words differing in one letter, letters "
          "along the misses, loss searches): " + ", ".join(f"{floors[m]:,} at {m}" for m in misses))
    for name, ev in hardest:
        words_text = ", ".join(f"{w} ({k})" for k, w in ev.hardest)
        print(f"hardest for {name} (misses): {words_text}")
    played = hardest[0][1].words if hardest else 0
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


def _floor(words: WordList, misses: int, lengths: list[int] | None) -> int:
    """The proved lower bound on words lost, summed over the lengths played."""
    by_len: dict[int, list[str]] = {}
    for w in words.words:
        by_len.setdefault(len(w), []).append(w)
    return sum(family_bound(ws, misses) for n, ws in by_len.items() if lengths is None or n in lengths)


@dataclass(frozen=True)
class BuildJob:
    """One tree of ``hangman build``: a job of :func:`generator.runs.jobs.run_jobs`."""

    wordlist: str
    length: int
    strategy: str
    misses: int
    path: Path
    top: int = TOP


def _build_one(job: BuildJob) -> str:
    start = time.perf_counter()
    tree = build(load_list(job.wordlist), job.length, job.strategy, job.misses, **_options(job.strategy, job.top))
    write_tree(job.path, tree, compact=True)
    s = tree.stats
    assert s is not None
    floor = tree.strategy.get("losses_at_least")
    return (f"{job.path}: {s.secrets} words, {len(tree.late)} lost"
            + (f" (at least {floor}{', proved' if tree.strategy['losses_proved'] else ''})"
               if floor is not None else "")
            + f", {tree.strategy['total_misses']} misses, {time.perf_counter() - start:.1f} s")


def run_build(args: argparse.Namespace) -> int:
    _check([args.misses], args.top, args.jobs)
    words = load_list(args.wordlist)
    out = args.out or project_root() / "trees"
    count = Counter(len(w) for w in words.words)
    lengths = args.lengths or sorted(count)
    missing = [n for n in lengths if n not in count]
    if missing:
        raise RulesError(f"word list {args.wordlist!r} has no words of length {missing[0]}")
    jobs = [BuildJob(args.wordlist, n, name, args.misses,
                     out / "hangman" / args.wordlist / str(args.misses) / name / f"{n}.json", args.top)
            for name in args.strategy for n in lengths]
    jobs.sort(key=lambda j: (-count[j.length], j.strategy))  # the largest first
    for i, (_, line) in enumerate(run_jobs(_build_one, jobs, args.jobs), 1):
        print(f"[{i}/{len(jobs)}] {line}", flush=True)
    return 0


def run_feedback(args: argparse.Namespace) -> int:
    if len(args.letter) != 1:
        raise RulesError(f"{args.letter!r} is not one letter")
    print(mask(args.word, args.letter))
    return 0


def main_eval(wordlist: str, misses: list[int], lengths: str | None = None) -> int:
    """``hangman eval`` with every strategy (for the benchmark script)."""
    ns = argparse.Namespace(wordlist=wordlist, misses=misses, strategy=list(STRATEGIES),
                            lengths=_lengths(lengths) if lengths else None, hardest=10, top=TOP,
                            jobs=None)
    return run_eval(ns)
