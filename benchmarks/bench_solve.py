"""Latency of the clue helper on the largest lists.

Run: python benchmarks/bench_solve.py
For the largest list of each kind (nl-all, with 10-letter words its largest
length; en-enable at 7 letters; wordle) it prints the time to load the list,
to filter the candidates for one clue, and to rank the next moves over every
word of that length (best of 3 warm calls each; the first call may include
JIT loading).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from generator.core.catalog import load_list
from generator.core.feedback import feedback
from generator.core.scoring import scm
from generator.core.words import WordList
from generator.search.clues import best_guesses, parse_clue, solve

CASES = [  # list, length, a guess (its clue is its feedback against a fixed secret)
    ("nl-all", 10, "aardappels", "kantoortje"),
    ("en-enable", 7, "agendas", "acrylic"),
    ("wordle-allowed", 5, "crane", "shake"),
]


def best_of(fn: Callable[[], object], n: int = 3) -> tuple[float, object]:
    times, out = [], None
    for _ in range(n):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def main() -> None:
    for list_id, length, guess, secret in CASES:
        t0 = time.perf_counter()
        words: WordList = load_list(list_id)
        if words.length == 0:
            words = words.with_length(length)
        words.codes
        load = time.perf_counter() - t0
        text = f"{guess}={feedback(words.spell(guess), words.spell(secret))}"
        clue = parse_clue(text, words.alphabet, length)
        solve(words, [clue])  # warm-up
        t_solve, found = best_of(lambda: solve(words, [clue]))
        cand = found.candidate_words()  # type: ignore[attr-defined]
        best_guesses(words, cand, scm, top=10)  # warm-up
        t_moves, moves = best_of(lambda: best_guesses(words, cand, scm, top=10))
        sample = "" if moves.sampled == len(cand) else f" (sample {moves.sampled})"  # type: ignore[attr-defined]
        print(f"{list_id} length {length}: {len(words)} words, load {load:.2f} s; "
              f"clue {text}: {len(cand)} candidates in {t_solve * 1000:.1f} ms; "
              f"next moves over {len(words)} guesses{sample} in {t_moves * 1000:.0f} ms; "
              f"best {moves.moves[0].word}")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
