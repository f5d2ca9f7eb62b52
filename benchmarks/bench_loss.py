"""The Hangman loss search from the start of one length: time, positions and peak memory.

Run: python benchmarks/bench_loss.py [--wordlist ID] [--length N] [--misses M] [--positions P]

Prints, for the words of one length of a shipped list (default: English
three-letter words at 6 misses), what ``LossSearch.best`` from the start finds
within ``--positions`` (as ``lingo-trees hangman build --strategy optimal``
does at the start of a length of at most 1,000 words whose tree is not
proved): the fewest losses, or that it gave up; positions searched, wall time
(the compiled kernels loaded before the clock starts) and the peak resident
set of the process.

Figures only; nothing is asserted. Times depend on the machine and on what
else runs: compare only figures printed by one run.
"""

from __future__ import annotations

import argparse
import resource
import time

import numpy as np

from generator.core.catalog import load_list
from generator.games.hangman import PROVE_POSITIONS, LossSearch, words_of_length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", default="en-enable")
    parser.add_argument("--length", type=int, default=3)
    parser.add_argument("--misses", type=int, default=6)
    parser.add_argument("--positions", type=int, default=PROVE_POSITIONS)
    args = parser.parse_args()
    w = words_of_length(load_list(args.wordlist), args.length)
    search = LossSearch(w)
    search.best(np.arange(2), 0, 1)  # the compiled kernels loaded before the clock starts
    start = time.perf_counter()
    best = search.best(np.arange(len(w.words)), args.misses, args.positions)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{args.wordlist}, {len(w.words)} words of {args.length} letters, {args.misses} misses: "
          + (f"fewest losses {best[0]}" if best else "gave up")
          + f"; {search.nodes:,} positions, {seconds:.1f} s, peak {peak} MiB")


if __name__ == "__main__":
    main()
