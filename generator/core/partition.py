"""Partitions: how a guess splits the words still possible.

Playing a guess splits the candidates into **parts**, one per feedback
pattern. Every heuristic in :mod:`generator.core.scoring` is a function of the part
sizes, summarized here for many guesses at once by :meth:`Matrix.stats`
(a JIT kernel over a precomputed feedback matrix).

A :class:`Matrix` is the feedback matrix of a set-up (guesses x answers)
together with both word lists, so that searches work on integer indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from generator.core.feedback import all_green, feedback_matrix, pattern_code, pattern_string
from generator.core.jit import kernel, prange, threads
from generator.core.matrixcache import cached_matrix
from generator.core.words import Word, WordList
from generator.errors import WordListError

#: the most (guess, answer) pairs a feedback table holds: one byte each at least
MAX_CELLS = 1 << 32

#: the layout :meth:`Matrix.stats` reads: ``auto`` the transposed matrix
#: (:attr:`Matrix.by_answer`) where there are no more candidates than guesses,
#: as deep in a tree, and the guesses x secrets matrix for few guesses over
#: many candidates, as in hard mode; ``rows`` or ``columns`` always one of them
#: (``benchmarks/bench_greedy.py --layouts`` compares them)
LAYOUT = "auto"

#: guesses x secrets below which a scan runs on the calling thread alone
#: (:meth:`Matrix.stats`, the exact search's moves): a parallel region costs
#: about 40 us to start even on one thread, more than the whole scan of a
#: small position (a tree or a proof scans thousands or millions of them)
SERIAL_BELOW = 100_000

BLOCK = 256  # guesses per block of the transposed scans (each with its scratch arrays)


def scan_serially(pairs: int) -> bool:
    """Whether a scan of ``pairs`` (guess, secret) pairs runs on the calling
    thread: below :data:`SERIAL_BELOW`, or when the kernels have one thread."""
    return pairs < SERIAL_BELOW or threads() == 1


@dataclass(frozen=True)
class PartStats:
    """Part sizes summarized for each of several guesses (arrays of one length).

    ``largest`` the largest part, ``parts`` the number of parts, ``squares``
    the sum of squared part sizes (the paper's e = sum a_k k^2), ``klogk`` the
    sum of k*log2(k) (for entropy), ``wins`` 1 where the guess is itself a
    candidate (one part is the all-green one), ``n`` the number of candidates.
    """

    largest: np.ndarray
    parts: np.ndarray
    squares: np.ndarray
    klogk: np.ndarray
    wins: np.ndarray
    n: int


@kernel(inline=True)
def _with_part(k, won, big, n_parts, sq, kl, win):  # type: ignore[no-untyped-def]
    """:func:`_stats_kernel`'s sums with one more part of ``k`` (``won``: the all-green one)."""
    return max(big, k), n_parts + 1, sq + k * k, kl + k * np.log2(k), 1 if won else win


@kernel(parallel=True)
def _stats_kernel(matrix, rows, cols, npatterns, green, largest, parts, squares, klogk, wins):  # type: ignore[no-untyped-def]
    use_counts = npatterns <= 1 << 16
    for r in prange(rows.shape[0]):
        row = matrix[rows[r]]
        big, n_parts, sq, kl, win = 0, 0, 0, 0.0, 0
        if use_counts:
            counts = np.zeros(npatterns, np.int32)
            for c in cols:
                counts[row[c]] += 1
            for c in cols:
                k = counts[row[c]]
                if k > 0:
                    big, n_parts, sq, kl, win = _with_part(k, row[c] == green, big, n_parts, sq, kl, win)
                    counts[row[c]] = 0
        else:
            vals = np.empty(cols.shape[0], np.int64)
            for i in range(cols.shape[0]):
                vals[i] = row[cols[i]]
            vals.sort()
            i = 0
            while i < vals.shape[0]:
                j = i
                while j < vals.shape[0] and vals[j] == vals[i]:
                    j += 1
                big, n_parts, sq, kl, win = _with_part(j - i, vals[i] == green, big, n_parts, sq, kl, win)
                i = j
        largest[r] = big
        parts[r] = n_parts
        squares[r] = sq
        klogk[r] = kl
        wins[r] = win


@kernel
def klog_table(n):  # type: ignore[no-untyped-def]
    """``k log2 k`` of every part size ``k`` from 0 to ``n``: the kernels'
    entropy sums look it up instead of taking a log per part."""
    klog = np.zeros(n + 1, np.float64)
    for k in range(2, n + 1):
        klog[k] = k * np.log2(k)
    return klog


@kernel
def gather_block(by_answer, rows, cols, start, stop, codes):  # type: ignore[no-untyped-def]
    """``codes[j - start, i]`` = the code of guess ``rows[j]`` against secret
    ``cols[i]`` for the block of guesses ``start <= j < stop``, read from the
    transposed matrix secret by secret (contiguous memory)."""
    for i in range(cols.shape[0]):
        col = by_answer[cols[i]]
        for j in range(start, stop):
            codes[j - start, i] = col[rows[j]]


@kernel(inline=True)
def mix(x):  # type: ignore[no-untyped-def]
    """A 64-bit finalizer (MurmurHash3's fmix64): spreads a sum of keys over all bits."""
    x ^= x >> np.uint64(33)
    x *= np.uint64(0xFF51AFD7ED558CCD)
    x ^= x >> np.uint64(33)
    x *= np.uint64(0xC4CEB9FE1A85EC53)
    x ^= x >> np.uint64(33)
    return x


@kernel(parallel=True)
def _stats_by_answer_kernel(by_answer, rows, cols, npatterns, green,  # type: ignore[no-untyped-def]
                            largest, parts, squares, klogk, wins):
    """:func:`_stats_kernel` over the transposed matrix (secrets x guesses):
    the codes of a block of guesses are gathered secret by secret from
    contiguous memory, where the guesses x secrets matrix would cost a cache
    line per code. The faster layout for few candidates, as deep in a tree."""
    klog, no_keys = klog_table(cols.shape[0]), np.empty(0, np.uint64)  # (no partition hashes)
    for b in prange((rows.shape[0] + BLOCK - 1) // BLOCK):
        stats_block(by_answer, rows, cols, npatterns, green, klog, no_keys, b * BLOCK, largest, parts, squares, klogk, wins, no_keys)


@kernel
def _stats_by_answer_serial(by_answer, rows, cols, npatterns, green,  # type: ignore[no-untyped-def]
                            largest, parts, squares, klogk, wins):
    """:func:`_stats_by_answer_kernel` on the calling thread alone (small work)."""
    klog, no_keys = klog_table(cols.shape[0]), np.empty(0, np.uint64)  # (no partition hashes)
    for b in range((rows.shape[0] + BLOCK - 1) // BLOCK):
        stats_block(by_answer, rows, cols, npatterns, green, klog, no_keys, b * BLOCK, largest, parts, squares, klogk, wins, no_keys)


@kernel
def stats_block(by_answer, rows, cols, npatterns, green, klog, key_of, start,  # type: ignore[no-untyped-def]
                largest, parts, squares, klogk, wins, phash):
    """The statistics of the block of guesses from ``rows[start]`` over the
    transposed matrix (``klog``: :func:`klog_table`), and with the secrets'
    random keys ``key_of`` (none: no hashes) a hash of each guess's
    partition: a part's hash is the sum of its secrets' keys (salted when it
    is the win), the partition's the sum of its parts' mixed hashes, so equal
    partitions hash equal whatever the part codes."""
    n = cols.shape[0]
    hashing = key_of.shape[0] > 0
    stop = min(rows.shape[0], start + BLOCK)
    codes = np.empty((BLOCK, n), by_answer.dtype)
    counts = np.zeros(npatterns, np.int32)
    acc = np.zeros(npatterns if hashing else 0, np.uint64)
    seen = np.empty(n, np.int64)
    gather_block(by_answer, rows, cols, start, stop, codes)
    for j in range(start, stop):
        row = codes[j - start]
        nl = 0
        for i in range(n):
            code = row[i]
            if counts[code] == 0:
                seen[nl] = code
                nl += 1
            counts[code] += 1
            if hashing:
                acc[code] += key_of[i]
        big, sq, kl, win = 0, 0, 0.0, 0
        h = np.uint64(0)
        for t in range(nl):
            code = seen[t]
            k = counts[code]
            sq += k * k
            kl += klog[k]
            big = max(big, k)
            if code == green:
                win = 1
            if hashing:
                a = acc[code] ^ np.uint64(0x9E3779B97F4A7C15) if code == green else acc[code]
                h += mix(a)
                acc[code] = 0
            counts[code] = 0
        largest[j] = big
        parts[j] = nl
        squares[j] = sq
        klogk[j] = kl
        wins[j] = win
        if hashing:
            phash[j] = h


@kernel
def _transpose(a, out):  # type: ignore[no-untyped-def]
    """``out[:] = a.T`` tile by tile (both stay in cache while a tile is copied)."""
    rows, cols = a.shape
    tile = 64
    for j0 in range(0, cols, tile):
        j1 = min(cols, j0 + tile)
        for i0 in range(0, rows, tile):
            i1 = min(rows, i0 + tile)
            for j in range(j0, j1):
                for i in range(i0, i1):
                    out[j, i] = a[i, j]


@kernel
def _seen_kernel(matrix, rows, seen):  # type: ignore[no-untyped-def]
    """Mark in ``seen`` every code that occurs in the given rows."""
    for r in rows:
        row = matrix[r]
        for c in range(row.shape[0]):
            seen[row[c]] = True


@dataclass
class Matrix:
    """Feedback matrix of a set-up: ``codes[g, a]`` is the pattern code of
    guess ``guesses.words[g]`` against secret ``answers.words[a]``."""

    guesses: WordList
    answers: WordList
    codes: np.ndarray = field(repr=False)
    answer_as_guess: np.ndarray = field(repr=False)  # guess index of each answer, -1 if none
    #: guesses played only as the one secret left: blocked words (:mod:`generator.core.sayable`); None: none
    banned: np.ndarray | None = field(default=None, repr=False)
    #: patterns_seen's answers, by the bytes of the rows asked
    _seen: dict[bytes, int] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def build(cls, guesses: WordList, answers: WordList) -> Matrix:
        """The matrix of every guess against every answer: the user's
        cache's where it holds it (:mod:`generator.core.matrixcache`: no
        numba for it), else computed and kept there. Its codes are read-only."""
        cells = len(guesses) * len(answers)
        if cells > MAX_CELLS:
            raise WordListError(f"{len(guesses):,} guesses ({guesses.id}) by {len(answers):,} answers "
                                f"({answers.id}) make a feedback table of {cells / 2**30:.1f} GiB; "
                                f"at most {MAX_CELLS / 2**30:.0f} GiB: use smaller lists")
        n = max(len(guesses.alphabet.letters), len(answers.alphabet.letters))
        codes = cached_matrix(guesses, answers, lambda: feedback_matrix(guesses.codes, answers.codes, n))
        pos = np.array([guesses.position.get(w, -1) for w in answers.words], dtype=np.int64)
        return cls(guesses, answers, codes, pos)

    @property
    def length(self) -> int:
        return self.answers.length

    @property
    def npatterns(self) -> int:
        return int(3**self.length)

    @property
    def green(self) -> int:
        return all_green(self.length)

    def stats(self, rows: np.ndarray, cols: np.ndarray) -> PartStats:
        """Part-size summaries of guesses ``rows`` over candidates ``cols``."""
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        cols = np.ascontiguousarray(cols, dtype=np.int64)
        m = rows.shape[0]
        largest = np.empty(m, np.int64)
        parts = np.empty(m, np.int64)
        squares = np.empty(m, np.int64)
        klogk = np.empty(m, np.float64)
        wins = np.empty(m, np.int64)
        if m:
            transposed = LAYOUT == "columns" or (LAYOUT == "auto" and cols.shape[0] <= rows.shape[0])
            if transposed and self.npatterns <= 1 << 16:
                kernel = _stats_by_answer_serial if scan_serially(m * cols.shape[0]) else _stats_by_answer_kernel
                kernel(self.by_answer, rows, cols, self.npatterns, self.green,
                       largest, parts, squares, klogk, wins)
            else:
                _stats_kernel(self.codes, rows, cols, self.npatterns, self.green,
                              largest, parts, squares, klogk, wins)
        return PartStats(largest, parts, squares, klogk, wins, int(cols.shape[0]))

    @cached_property
    def by_answer(self) -> np.ndarray:
        """The codes transposed (secrets x guesses, contiguous, read-only), made
        once. (Made, not kept in the user's cache beside the codes: loading
        it there was no faster, as the transpose takes Wordle's 35 ms.)"""
        codes = np.ascontiguousarray(self.codes)
        out = np.empty((codes.shape[1], codes.shape[0]), dtype=codes.dtype)
        _transpose(codes, out)
        out.setflags(write=False)
        return out

    def patterns_seen(self, rows: np.ndarray) -> int:
        """How many pattern codes occur in ``rows`` against any answer, the
        all-green one not counted (cached per set of rows; no copy of the
        matrix is made)."""
        cache = self._seen
        rows = np.asarray(rows, dtype=np.int64)
        key = rows.tobytes()
        if key not in cache:
            seen = np.zeros(self.npatterns, dtype=np.bool_)
            if len(rows) and self.codes.shape[1]:
                _seen_kernel(self.codes, rows, seen)
            seen[self.green] = False
            cache[key] = int(np.count_nonzero(seen))
        return cache[key]

    def split(self, row: int, cols: np.ndarray) -> dict[int, np.ndarray]:
        """The parts of candidates ``cols`` under guess ``row``: code -> columns
        (each part in the order of ``cols``), codes ascending."""
        cols = np.asarray(cols, dtype=np.int64)
        codes = self.codes[row, cols]
        order = np.argsort(codes, kind="stable")
        sorted_codes = codes[order]
        bounds = np.flatnonzero(np.diff(sorted_codes)) + 1
        out: dict[int, np.ndarray] = {}
        for chunk in np.split(order, bounds):
            if chunk.size:
                out[int(codes[chunk[0]])] = cols[chunk]
        return out

    def pattern(self, code: int) -> str:
        return pattern_string(code, self.length)

    def code(self, pattern: str) -> int:
        """The code of ``pattern`` (the inverse of :meth:`pattern`)."""
        return int(pattern_code(pattern))

    def consistent(self, history: Sequence[tuple[int, str]]) -> np.ndarray:
        """The answer columns that agree with every (guess row, pattern) of ``history``."""
        mask = np.ones(self.codes.shape[1], dtype=bool)
        for row, pattern in history:
            mask &= self.codes[row] == self.code(pattern)
        return np.flatnonzero(mask)

    def guess_word(self, row: int) -> Word:
        return self.guesses.words[row]

    def answer_word(self, col: int) -> Word:
        return self.answers.words[col]


@dataclass
class CodedMatrix(Matrix):
    """A :class:`Matrix` of codes computed elsewhere, for games whose feedback is
    not positional (Mastermind's pegs): pattern ``code`` is written
    ``labels[code]``, and ``win`` is the code of the solved pattern.

    Everything that works on a Matrix (the heuristics, :mod:`generator.search.greedy`,
    the exact search) works on it unchanged.
    """

    labels: tuple[str, ...] = ()
    win: int = -1

    @classmethod
    def from_codes(cls, guesses: WordList, answers: WordList, codes: np.ndarray,
                   labels: tuple[str, ...], win: int) -> CodedMatrix:
        """The matrix of ready ``codes`` (``len(guesses) x len(answers)``)."""
        codes = np.asarray(codes)
        if codes.shape != (len(guesses), len(answers)):
            raise ValueError(f"codes are {codes.shape}, expected {(len(guesses), len(answers))}")
        if codes.size and int(codes.max()) >= len(labels):
            raise ValueError(f"code {int(codes.max())} has no label ({len(labels)} labels)")
        pos = np.array([guesses.position.get(w, -1) for w in answers.words], dtype=np.int64)
        return cls(guesses, answers, codes, pos, labels=tuple(labels), win=int(win))

    @property
    def npatterns(self) -> int:
        return len(self.labels)

    @property
    def green(self) -> int:
        return self.win

    def pattern(self, code: int) -> str:
        return self.labels[code]

    def code(self, pattern: str) -> int:
        return self.labels.index(pattern)
