"""What the word restrictions cost the human scheme: words to learn and mean turns with and without them.

Run: python benchmarks/bench_restrictions.py [--rule same-start] [-j N] [SETUP ...]

The human scheme (``lingo-trees build --strategy human``) asks a player to
say only words off the blocklist, and words in common use first
(:mod:`generator.core.sayable`). For each set-up (default: the shows', every
Dutch length and ``en-common``) this prints the scheme as built, read from
``trees/<setup>/<rule>/human/index.json`` (so the trees must be up to date),
beside the scheme built again here, letter by letter on every core, as the
build does but with every allowed guess (blocked and rare words alike), on
the same secrets: words to learn (letters proved minimal), mean turns,
words past the last turn, and the seconds of the unrestricted search.
Figures only; nothing is asserted or written.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, replace

import orjson

from generator.core.catalog import project_root
from generator.core.context import context
from generator.core.jit import available_cores
from generator.core.rules import GuessRule
from generator.runs.jobs import run_jobs
from generator.search.greedy import allowed_rows
from generator.search.human import MIN_TRIES, SchemeKind, best_scheme

SHOWS = ["nl-ij-4", "nl-ij", "nl-ij-6", "nl-ij-7", "nl-ij-8", "nl-4", "nl", "nl-6", "nl-7", "nl-8", "en-common"]


@dataclass(frozen=True)
class Job:
    setup: str
    rule: str
    letter: str


def unrestricted(job: Job) -> tuple[int, bool, int, int, float]:
    """(words to learn, proved, total turns, late) of one letter's scheme on every guess, and its seconds."""
    t0 = time.perf_counter()
    ctx = context(job.setup)
    game = ctx.game(job.letter, job.rule)
    rows = allowed_rows(game, replace(ctx.matrix, banned=None))  # a blocked word that is no secret too
    s = best_scheme(ctx.matrix, ctx.letter_cols(job.letter), rows, game.turns, SchemeKind.MEMORIZE,
                    max_k=game.turns - MIN_TRIES)
    return s.words_to_learn, s.proved, s.total_turns, len(s.late), time.perf_counter() - t0


def main(argv: list[str]) -> None:
    rule = argv[argv.index("--rule") + 1] if "--rule" in argv else GuessRule.SAME_START.value
    workers = int(argv[argv.index("-j") + 1]) if "-j" in argv else available_cores()
    skip = {i + 1 for i, a in enumerate(argv) if a in ("--rule", "-j")}
    setups = [a for i, a in enumerate(argv) if not a.startswith("-") and i not in skip] or SHOWS
    print(f"rule {rule}, {workers} workers; per set-up: words to learn (letters proved), mean turns, "
          "words past the turns; seconds of the search on every guess, summed over letters")
    print(f"{'set-up':10} {'as built (restricted)':>26} {'every guess':>26} {'seconds':>8}")
    for sid in setups:
        index = orjson.loads((project_root() / "trees" / sid / rule / "human" / "index.json").read_bytes())
        built = index["totals"]
        jobs = [Job(sid, rule, letter) for letter in context(sid).letters()]
        rs = [r for _, r in run_jobs(unrestricted, jobs, workers)]
        secrets = built["secrets"]
        restricted = (f"{built['words_to_learn']:4} ({built['proved_letters']:2}/{built['letters']}) "
                      f"{built['mean_turns']:.3f} {len(built['late']):2}")
        free = (f"{sum(r[0] for r in rs):4} ({sum(r[1] for r in rs):2}/{len(rs)}) "
                f"{sum(r[2] for r in rs) / secrets:.3f} {sum(r[3] for r in rs):2}")
        print(f"{sid:10} {restricted:>26} {free:>26} {sum(r[4] for r in rs):8.0f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
