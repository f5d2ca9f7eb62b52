"""Time and memory of the Wordle feedback matrix (12,972 guesses x 2315 answers).

Run: python benchmarks/bench_feedback.py
Prints the first call (which may include loading or compiling the JIT kernel)
and the best of several warm calls, the matrix size and the process peak RSS.
"""

from __future__ import annotations

import resource
import time

from generator import feedback_matrix, load_list


def main() -> None:
    answers = load_list("wordle-answers")
    guesses = load_list("wordle-allowed")
    n = len(guesses.alphabet.letters)
    t0 = time.perf_counter()
    m = feedback_matrix(guesses.codes, answers.codes, n)
    first = time.perf_counter() - t0
    warm = []
    for _ in range(5):
        t0 = time.perf_counter()
        m = feedback_matrix(guesses.codes, answers.codes, n)
        warm.append(time.perf_counter() - t0)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"feedback matrix {m.shape[0]} x {m.shape[1]} ({m.dtype}, {m.nbytes / 2**20:.1f} MiB)")
    print(f"first call (incl. JIT load/compile): {first:.3f} s")
    print(f"warm call, best of 5: {min(warm):.3f} s  (median {sorted(warm)[2]:.3f} s)")
    print(f"pairs per second: {m.size / min(warm) / 1e6:.0f} million")
    print(f"peak RSS of this process: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
