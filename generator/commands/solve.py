"""``lingo-trees solve``: the words still possible after the clues so far, and the best next moves."""

from __future__ import annotations

import argparse
import sys

from generator.commands import count, positive, start_letter
from generator.core.catalog import load_list, setup
from generator.core.scoring import HEURISTICS, heuristic
from generator.core.words import WordList
from generator.errors import PatternError, WordListError
from generator.search.clues import (
    Solved,
    best_guesses,
    describe_absent,
    describe_counts,
    describe_known,
    frequency_order,
    parse_clue,
    solve,
)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "solve", help="candidates, pattern and best next moves for the clues of a game in progress",
        description="Print the words that fit the clues so far, the regular expression the clues "
        "impose, the letters that must occur, and the best next moves by a heuristic.",
    )
    src = p.add_mutually_exclusive_group()
    src.add_argument("--setup", help="game set-up: its answers are the candidates, its guesses the moves "
                     "(nl, nl-ij, en, wordle)")
    src.add_argument("--wordlist", help="any shipped list (all-length lists need --length)")
    p.add_argument("--length", type=positive, help="word length (for the all-length lists nl-basis, nl-all, "
                   "en-enable)")
    p.add_argument("-c", "--clue", action="append", default=[], metavar="WORD=PATTERN",
                   help="a guess and its feedback: G/Y/. or g/y/w (repeatable, in order of play)")
    p.add_argument("--letter", type=start_letter, metavar="L", help="the revealed first letter (LINGO)")
    p.add_argument("--heuristic", default="scm", choices=sorted(HEURISTICS),
                   help="how to rank next moves (default scm)")
    p.add_argument("--moves", type=count, default=10, help="how many next moves to print (default 10, 0: none)")
    p.add_argument("--moves-from", choices=("all", "candidates"), default="all",
                   help="score every allowed word (default) or only the candidates")
    p.add_argument("--show", type=count, default=60, help="candidates to list (default 60, 0: all)")
    p.add_argument("--by-frequency", action="store_true",
                   help="list the most common words first (wordfreq's Zipf frequency)")
    p.set_defaults(func=run)


def lists_for(args: argparse.Namespace) -> tuple[WordList, WordList]:
    """(candidates list, guess pool) of one word length, from the options."""
    if args.setup:
        s = setup(args.setup)
        answers, pool = load_list(s.answers), load_list(s.guesses)
    elif args.wordlist:
        answers = pool = load_list(args.wordlist)
    else:
        raise WordListError("say which words: --setup ID or --wordlist ID (see lingo-trees wordlists)")
    if answers.length == 0:
        if not args.length:
            raise WordListError(f"{answers.id!r} has words of every length: add --length N")
        answers = answers.with_length(args.length)
        pool = answers
        if not len(answers):
            raise WordListError(f"{args.wordlist!r} has no words of {args.length} letters")
    elif args.length and args.length != answers.length:
        raise WordListError(f"{answers.id!r} has only words of {answers.length} letters, not {args.length}")
    return answers, pool


def print_candidates(found: Solved, show: int, by_frequency: bool) -> None:
    words = found.candidate_words()
    if by_frequency:
        ranked = frequency_order(words, found.words.language)
        shown = [f"{w} ({z:.1f})" for w, z in ranked]
        note = " (most frequent first, Zipf frequency)"
    else:
        shown = list(words)
        note = ""
    print(f"candidates: {len(words)}{note}")
    limit = len(shown) if show <= 0 else show
    width = 6 if by_frequency else 10
    listed = shown[:limit]
    for i in range(0, len(listed), width):
        print("  " + "  ".join(listed[i:i + width]))
    if len(shown) > limit:
        print(f"  ... and {len(shown) - limit} more (--show 0 lists all)")


def run(args: argparse.Namespace) -> int:
    answers, pool = lists_for(args)
    clues = [parse_clue(text, answers.alphabet, answers.length) for text in args.clue]
    first = args.letter.lower() if args.letter else None
    found = solve(answers, clues, first)
    print(f"words: {answers.id} ({len(answers)} words of {answers.length} letters)")
    for clue in clues:
        note = "" if clue.guess in pool else "   (not in the list; used as given)"
        print(f"clue: {clue}{note}")
    if found.contradiction is not None:
        c = found.contradiction
        which = "the revealed first letter" if c.clue < 0 else f"clue {c.clue + 1} ({c.text})"
        raise PatternError(f"no word of {answers.id} fits the clues: {which} is the first that "
                           f"cannot hold ({c.before} words fitted before it)")
    print(f"pattern: {found.regex}")
    print(f"known: {describe_known(found.constraints)}")
    print(describe_counts(found.constraints))
    print(f"not in the word: {describe_absent(found.constraints)}")
    print_candidates(found, args.show, args.by_frequency)
    if args.moves > 0 and len(found.candidates) > 1:
        cand = found.candidate_words()
        source = pool if args.moves_from == "all" else \
            WordList(f"{answers.id}/candidates", tuple(cand), answers.alphabet, answers.length,
                     answers.language)
        moves = best_guesses(source, cand, heuristic(args.heuristic), top=args.moves)
        sample = "" if moves.sampled == len(cand) else \
            f", estimated on a random sample of {moves.sampled} candidates"
        print(f"best next moves by {args.heuristic} ({moves.pool} guesses scored{sample}):")
        print(f"  {'guess':<{answers.length + 2}} expected  largest  parts")
        for m in moves.moves:
            mark = "  candidate" if m.candidate else ""
            print(f"  {m.word:<{answers.length + 2}} {m.expected:8.2f}  {m.largest:7d}  {m.parts:5d}{mark}")
    elif len(found.candidates) == 1:
        print(f"play {found.candidate_words()[0]}: it is the only word left")
    sys.stdout.flush()
    return 0
