"""Hangman on ENABLE: words lost per strategy at 6 and 9 misses, and the time.

Run: python benchmarks/bench_hangman.py [--wordlist ID] [--lengths A-B]
Plays every word of every length (172,823 words of ENABLE) with the post's
risk-minimizing and uncertainty-minimizing rules and the (limited) optimal
search, and prints the words lost when 6 and 9 misses are allowed, the mean
misses, the hardest words and the evaluation time of each strategy (the same
figures as ``lingo-trees hangman eval --misses 6 9``). Figures only.
"""

from __future__ import annotations

import sys

from generator.cli import main as lingo_trees


def main() -> None:
    args = sys.argv[1:]
    wordlist = args[args.index("--wordlist") + 1] if "--wordlist" in args else "en-enable"
    lengths = ["--lengths", args[args.index("--lengths") + 1]] if "--lengths" in args else []
    raise SystemExit(lingo_trees(["hangman", "eval", "--wordlist", wordlist, "--misses", "6,9", *lengths]))


if __name__ == "__main__":
    main()
