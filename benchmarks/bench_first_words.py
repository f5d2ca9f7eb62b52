"""What a cut saves the proof of every first word: each word of a spread searched to the end and below a cut.

Run: python benchmarks/bench_first_words.py --cut N [--setup wordle-2023] [--rule hard]
[--places FROM:TO:EVERY | --words a,b,...]

The proof of every first word (``lingo-trees wordle openers --strategy
optimal``) searched its batches to the end while it knew fewer than
``--exact-top`` totals; it now cuts them one above the largest total it
knows (a guess, checked at the end). This prints, for each word of the
spread, the time of the exact search after it to the end (``exact``: the
cut INF, as before) and below ``--cut`` (``cut``), in one process on one
core, alternating which goes first from one word to the next, with the value
each found (exact below the cut, else a bound at least the cut).

**The spread** (the rule, never the cases we tuned on): the words at the
first-move places FROM, FROM + EVERY, ..., up to TO in the search's order
at the root (entropy, the proof's order), default ``101:200:10``: ten words
from where the proof's second batch begins, the first one cut at a guess.
On today's lists in hard mode (the defaults) that guess is ``--cut 11843``
(seral's 11842, the largest of the first batch's 17 totals). ``--words``
replaces the spread (say it with the rule that chose them).

Figures only; nothing is asserted. Times depend on the machine and on what
else runs: compare only figures printed by one run.
"""

from __future__ import annotations

import os
import statistics
import sys

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

from generator.runs.exact import SetupProblem  # noqa: E402
from generator.runs.first_words import Weighed, weighed, word_job  # noqa: E402
from generator.runs.proof_job import run_job  # noqa: E402
from generator.runs.wordle import first_words  # noqa: E402
from generator.search.exact import INF  # noqa: E402

TIER = {"wordle": "answers", "wordle-2023": "today"}
SLOW = 0.1  # seconds: a ratio only for the words whose exact search takes this long


def weigh(problem: SetupProblem, word: str, row: int, cut: int) -> Weighed:
    """One first word's job, run in this process."""
    job = word_job(problem, row, cut)
    return weighed(word, job, run_job(job))


def arg(name: str, default: str | None = None) -> str | None:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main() -> int:
    given = arg("--cut") or ""
    setup_id, rule = arg("--setup", "wordle-2023") or "", arg("--rule", "hard") or ""
    if not given.isdigit() or setup_id not in TIER:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    cut = int(given)
    start, stop, every = (int(x) for x in (arg("--places", "101:200:10") or "").split(":"))
    order = first_words(TIER[setup_id], rule, "entropy")
    words = (arg("--words") or "").split(",") if "--words" in sys.argv else order[start - 1:stop:every]
    place = {w: i for i, w in enumerate(order, 1)}
    problem = SetupProblem(setup_id, rule)
    rows = {w: i for i, w in enumerate(problem.load()[0].guesses.words)}
    weigh(problem, order[-1], rows[order[-1]], cut)  # uncounted: the kernels loaded (a quick word)
    print(f"{setup_id}, {rule} mode, cut {cut}: " + (f"words {','.join(words)}" if "--words" in sys.argv else
          f"first-move places {start}..{stop}, every {every}"), flush=True)
    print("| place | word | exact s | cut s | cut / exact | total | below the cut |")
    print("|---|---|---|---|---|---|---|")
    ratios, sums = [], [0.0, 0.0]
    for i, w in enumerate(words):
        runs = {}
        for c in ((INF, cut) if i % 2 == 0 else (cut, INF)):
            runs[c] = weigh(problem, w, rows[w], c)
        full, below = runs[INF], runs[cut]
        total = "no tree" if full.value >= INF else str(full.value)
        found = str(below.value) if below.solved else "no tree" if below.value >= INF else f"at least {below.value}"
        ratio = "-"  # (under a tenth of a second: the clock's noise)
        if full.seconds >= SLOW:
            ratios.append(below.seconds / full.seconds)
            ratio = f"{ratios[-1]:.2f}"
        sums[0] += full.seconds
        sums[1] += below.seconds
        print(f"| {place[w]} | {w} | {full.seconds:.3f} | {below.seconds:.3f} | {ratio} | {total} | {found} |",
              flush=True)
    print(f"\nsum: exact {sums[0]:.1f} s, cut {sums[1]:.1f} s ({sums[1] / max(sums[0], 1e-9):.2f})"
          + (f"; words of {SLOW} s or more: median ratio {statistics.median(ratios):.2f}, largest {max(ratios):.2f}"
             if ratios else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
