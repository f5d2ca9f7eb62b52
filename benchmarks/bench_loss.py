"""The Hangman loss search from the start of one length: time, work and peak memory.

Run: python benchmarks/bench_loss.py [--wordlist ID] [--length N] [--misses M] [--work W] [--open]

Prints, for the words of one length of a shipped list (default: English
three-letter words at 6 misses), what ``LossSearch.prove`` (the bound raised
20 words at a time, as ``lingo-trees hangman build --strategy optimal``
does at the start of a length whose tree is not proved) finds within ``--work``
words' work: the fewest losses (or the bound it reached), positions searched,
work, wall time and the peak resident set of the process. With ``--open``
it then runs, as a separate process, the open search (``LossSearch.best``:
every position searched for its exact losses) with as many positions, side
by side in one run, and prints whether it finished.

Figures only; nothing is asserted. Times depend on the machine and on what
else runs: compare only figures printed by one run.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

import numpy as np

from generator.core.catalog import load_list
from generator.games.hangman import LossSearch, words_of_length


def run(mode: str, wordlist: str, length: int, misses: int, limit: int) -> None:
    """One search, in this process: prints its line."""
    w = words_of_length(load_list(wordlist), length)
    search = LossSearch(w)
    search.best(np.arange(2), 0, 1)  # the compiled kernels loaded before the clock starts
    cols = np.arange(len(w.words))
    start = time.perf_counter()
    if mode == "prove":
        low, exact = search.prove(cols, misses, limit)
        found = f"{'fewest losses' if exact else 'gave up at a bound of'} {low}"
    else:
        best = search.best(cols, misses, limit)
        found = f"fewest losses {best[0]}" if best else "did not finish"
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{mode:>5}: {found}; {search.nodes:,} positions, {search.work:,} words' work, "
          f"{seconds:.1f} s, peak {peak} MiB", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", default="en-enable")
    parser.add_argument("--length", type=int, default=3)
    parser.add_argument("--misses", type=int, default=6)
    parser.add_argument("--work", type=float, default=2e10, help="words' work the stepped search may spend")
    parser.add_argument("--open", action="store_true", help="then the open search with as many positions")
    parser.add_argument("--run", choices=("prove", "open"), help=argparse.SUPPRESS)  # one search, in a child
    parser.add_argument("--limit", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        run(args.run, args.wordlist, args.length, args.misses, args.limit)
        return
    print(f"{args.wordlist}, {args.length} letters, {args.misses} misses")
    common = [sys.executable, __file__, "--wordlist", args.wordlist, "--length", str(args.length),
              "--misses", str(args.misses)]
    out = subprocess.run([*common, "--run", "prove", "--limit", str(int(args.work))],
                         check=True, capture_output=True, text=True).stdout
    print(out, end="")
    if args.open:
        positions = int(out.split("; ")[1].split(" positions")[0].replace(",", ""))
        subprocess.run([*common, "--run", "open", "--limit", str(positions)], check=True)


if __name__ == "__main__":
    main()
