"""Fewest words to learn: the exact cost of a human scheme, and its proof.

In the human scheme (:mod:`generator.search.human`) a player learns ``k``
**openers** for a start letter, plays them whatever the feedback, and then
tries the words of the **group** the feedback leaves. A group of more words
than turns left needs an **exception move**: a word to play first, after
which every part is small enough to try, or needs an exception of its own.
The **words to learn** of a set of openers are ``k`` plus the exception
moves of its groups, each group played with the fewest.

This module computes that number exactly, every secret reached within the
turns (:data:`INF` where no exception moves can do it), and searches every
set of up to three openers for the fewest words:

* :class:`Costs` holds one letter's secrets and the words a player may play
  and gives :meth:`Costs.exceptions` of a group with ``t`` turns left. With
  two turns left a move must give every secret of its group its own
  feedback (it **separates** them); with more, the moves are tried fewest
  parts too large first, a branch and bound whose bound is that every part
  too large costs at least one more move.
* :func:`fewest_words` searches every single opener, pair and triple whose
  groups too large (one move each at least) leave it below the best known
  set, in kernels that drop a set as soon as it cannot be better. Every set
  is searched, so the best found is the minimum: the letter's lower bound is
  proved. Where the sets of ``k`` openers are too many to search
  (:data:`SETS_MOST`), ``k`` words bound the words from below, and the
  search looks for a better set of fewer openers without proving it; but
  where the best known set costs four words, a triple beats it only with no
  exception move, and every triple is scanned for that alone
  (:mod:`generator.search.splitting`). Pairs
  and triples are scanned on every thread, first words in order of promise
  (:meth:`Costs.promise`): a good set is found early, and its cost, shared by
  the threads, drops the sets that cannot beat it.

The searches themselves run in numba: :mod:`generator.search.learn_kernels`.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from math import comb
from typing import Any

import numpy as np

from generator.core import jit
from generator.core.partition import Matrix
from generator.search import learn_kernels as kernels
from generator.search.cost import INF as INF  # re-exported: the cost of a group that cannot be played
from generator.search.cost import Cost
from generator.search.learn_kernels import LATE_PRICE as LATE_PRICE  # re-exported: the price of a late secret
from generator.search.learn_kernels import UNCOMMON as UNCOMMON  # re-exported: the price of an uncommon word
from generator.search.memo import new_memo
from generator.search.splitting import small_triple

BITS_MOST = 256 << 20  # bytes of the table of the words that separate pairs; above: word by word
MAX_OPENERS = 3  # the scans cover up to three openers
HASH_SEED = 20260  # the memo's random keys of the secrets
HINT_SINGLES = 8  # single openers evaluated first (fewest groups too large): the first bound
SCAN_CHUNK = 4  # first words a thread of a scan takes at a time
LANE_WAIT = 0.5  # seconds a thread of a scan waits for a core before it asks again
SETS_MOST = 200_000_000  # most sets of k openers searched (a scan of 10^8 triples takes about a minute)
#: the work the searches of single openers (and of late secrets) of one stage
#: of words (:data:`generator.search.human.STAGE_NAMES`) may do: at every
#: group searched with three or more turns left, its secrets times the
#: words that may be played, about 10^8 a second with the searches below
#: it. A search past it stops, with the best scheme found and the lower
#: bound it proved
BUDGET = 100_000_000_000
#: where no set of openers found plays every secret in time, the search of
#: every single opener tells whether any can with a share of the budget
#: (past it the stage of words is given up as unproved: rarer words, or
#: late secrets, are searched next)
OUT_SHARE = 10


# -- one letter's costs ---------------------------------------------------------------


class Costs:
    """One letter's secrets (``cols``) and the words a player may play
    (``rows``), with ``turns`` turns: the cost of a set of openers and of the
    exception moves of a group.

    Each opener or move costs one word to learn, plus its word's price
    (``uncommon``: the rows of words outside common use, which cost
    :data:`UNCOMMON` more, so that a search takes the fewest of them first,
    then the fewest words). With ``allow_late``, a secret may be reached after the
    last turn at the price :data:`LATE_PRICE` (more than any words), else a group
    that cannot be played in time costs :data:`INF`. A group is given by local indices into ``cols``
    (sorted), a word by its index into ``rows``. The codes of every word for
    every secret are copied once, and where it fits in :data:`BITS_MOST`
    bytes, a table of the words that tell each pair of secrets apart; memos keep
    the groups met by the searches, one per thread.
    """

    def __init__(self, matrix: Matrix, cols: np.ndarray, rows: np.ndarray, turns: int,
                 uncommon: np.ndarray | None = None, allow_late: bool = False, budget: int = BUDGET) -> None:
        self.matrix = matrix
        self.cols = np.ascontiguousarray(cols, dtype=np.int64)
        self.rows = np.ascontiguousarray(rows, dtype=np.int64)
        self.turns = turns
        self.npatterns = matrix.npatterns
        sub = np.ascontiguousarray(matrix.codes[np.ix_(self.rows, self.cols)])
        n, m = len(self.cols), len(self.rows)
        self.price = np.zeros(m, np.int64)
        if uncommon is not None:
            self.price[np.asarray(uncommon, dtype=np.int64)] = UNCOMMON
        blocks, pairs = (m + 63) // 64, n * (n - 1) // 2
        cheap = np.zeros(max(blocks, 1), np.uint64)
        for w in np.flatnonzero(self.price == 0):
            cheap[w >> 6] |= np.uint64(1) << np.uint64(w & 63)
        bits = np.zeros((0, 1), np.uint64)
        if pairs and blocks and pairs * blocks * 8 <= BITS_MOST:
            bits = np.zeros((pairs, blocks), np.uint64)
            kernels.pair_bits(sub, bits)
        hkeys = np.random.default_rng(HASH_SEED).integers(0, 1 << 63, n, dtype=np.uint64)
        self.lx = (sub, bits, self.price, cheap, hkeys)
        self.allow_late = allow_late
        self.memo: Any = new_memo()  # of the groups played in time (kernels.exceptions)
        self.late_memo: Any = new_memo()  # of the groups where secrets come late (kernels.late_exceptions)
        self.thread_memos: list[Any] = []  # one per thread of the scans of pairs and triples (kernels.exceptions)
        self.budget = np.array([0, budget, 0], np.int64)  # work done, most, spent: see learn_kernels

    @property
    def sub(self) -> np.ndarray:
        """The codes: words x secrets."""
        return self.lx[0]

    def groups(self, openers: tuple[int, ...]) -> list[np.ndarray]:
        """The groups the openers (local rows) leave, largest first; a secret
        that is an opener is won when it is played and is in no group."""
        keys = np.zeros(len(self.cols), np.int64)
        won = np.zeros(len(self.cols), dtype=bool)
        for r in openers:
            keys = keys * self.npatterns + self.sub[r]
            won |= self.sub[r] == self.matrix.green
        idx = np.flatnonzero(~won)
        order = np.argsort(keys[idx], kind="stable")
        cuts = np.flatnonzero(np.diff(keys[idx][order])) + 1
        out = [np.sort(idx[p]) for p in np.split(order, cuts) if len(p)]
        return sorted(out, key=lambda g: (-len(g), int(g[0])))

    def exceptions(self, group: np.ndarray, t: int, ub: int = INF, spend: bool = False) -> tuple[int, int]:
        """(the least cost of exception moves that play ``group`` with ``t``
        turns left, every secret in time; the first move, a local row, -1
        if none is needed) if below ``ub``; else (``ub``, -1), or
        (:data:`INF`, -1) where no moves can. A move that separates the group
        is a secret of the group where one does (it may win at once)."""
        group = np.ascontiguousarray(np.sort(group), dtype=np.int64)
        st = self.budget if spend else np.array([0, 1 << 62, 0], np.int64)
        if self.allow_late:
            value, word = kernels.late_exceptions(self.lx, group, t, self.npatterns, np.int64(ub),
                                                  self.late_memo, self.memo, st)
        else:
            value, word = kernels.exceptions(self.lx, group, t, self.npatterns, np.int64(ub), self.memo, True, st)
        value, word = int(value), int(word)
        if t == 2 and value < min(ub, INF):
            seen = np.zeros(self.npatterns, np.bool_)
            own = [int(x) for x in self.own_rows[group] if x >= 0]
            for r in own + list(range(len(self.rows))):
                if 1 + self.price[r] == value and kernels.separates(self.sub[r], group, len(group), seen):
                    return value, r
        return value, word

    @cached_property
    def own_rows(self) -> np.ndarray:
        """The local row of each secret (-1 where it is not a word the player may play)."""
        pos = {int(r): i for i, r in enumerate(self.rows)}
        return np.array([pos.get(int(g), -1) for g in self.matrix.answer_as_guess[self.cols]], dtype=np.int64)

    def cost(self, openers: tuple[int, ...], ub: int = INF) -> int:
        """The cost of ``openers`` (local rows) and their groups' exception
        moves if below ``ub``, else ``ub`` or more (also where the budget
        runs out)."""
        k = len(openers)
        total = k + int(self.price[list(openers)].sum())
        for g in self.groups(openers):
            if len(g) <= self.turns - k or total >= ub:
                break
            total += self.exceptions(g, self.turns - k, ub - total, spend=True)[0]
        return min(total, INF)

    def best_sets(self, k: int, ub: int) -> list[Found]:
        """The best set of ``k`` openers (1 to 3) below cost ``ub``, if any.
        A single opener is searched with the memo (its groups run deep), and
        so are sets where secrets may come late; pairs and triples on every
        thread this job may use, taking first words a few at a time, each
        thread with a memo of its own (numba's are not safe across threads;
        the kernels run without the GIL)."""
        m = len(self.rows)
        out = np.zeros((m, 4), np.int64)
        out[:, 2] = -1
        least = np.array([ub], np.int64)  # the least cost found by any first word
        if k == 1 or self.allow_late:  # in the words' order: a budget that runs out covers what it covered when the trees were built
            firsts = np.arange(m)
            kernels.sets_serial(self.lx, firsts, k, self.turns, self.npatterns, np.int64(ub), out,
                                self.late_memo, self.allow_late, self.memo, self.budget, least, firsts)
        else:  # a scan of every set, its cost bounded by their number: no budget
            order = self.promise
            rank = np.empty(m, np.int64)
            rank[order] = np.arange(m)
            chunks = [order[i:i + SCAN_CHUNK] for i in range(0, m, SCAN_CHUNK)]
            taken = itertools.count()  # the next chunk to scan (next() on it is atomic)
            ended = threading.Event()
            lanes = jit.threads_at_most()
            while len(self.thread_memos) < lanes:
                self.thread_memos.append(new_memo())

            def lane(i: int) -> None:
                """Scan chunks of first words in order of promise while this
                lane has a core (jit.threads_now: a build's last jobs take
                the cores of idle workers)."""
                unbounded = np.array([0, 1 << 62, 0], np.int64)  # a scan of every set needs no budget
                while not ended.is_set():
                    if i >= jit.threads_now():
                        ended.wait(LANE_WAIT)
                        continue
                    c = next(taken)
                    if c >= len(chunks):
                        ended.set()
                        break
                    kernels.sets_serial(self.lx, chunks[c], k, self.turns, self.npatterns, np.int64(ub), out,
                                        self.thread_memos[i], False, self.thread_memos[i],
                                        unbounded, least, rank)

            with ThreadPoolExecutor(lanes) as pool:
                list(pool.map(lane, range(lanes)))
        found = [(int(out[a, 0]), -k, int(out[a, 1]), tuple(sorted((a, *(int(x) for x in out[a, 2:k + 1]))[:k])))
                 for a in range(m) if out[a, 2] >= 0]  # each set as its words sorted, whatever the scan's order
        return [min(found)] if found else []

    @cached_property
    def promise(self) -> np.ndarray:
        """The words as single openers, the least sum of squared group sizes
        first, then first: the order in which scans take their first words,
        so that a good set is found early and bounds the rest. Each set is
        scanned from the first of its words in this order."""
        return np.lexsort((np.arange(len(self.rows)), self.singles[1])).astype(np.int64)

    @cached_property
    def singles(self) -> tuple[np.ndarray, np.ndarray]:
        """Each word as a single opener: (its groups too large for the
        turns left, the sum of squared group sizes)."""
        n = len(self.cols)
        counts = np.zeros(self.npatterns, np.int32)
        everyone = np.arange(n, dtype=np.int64)
        split = np.array([kernels.split_over(self.sub[w], everyone, n, self.turns - 1, counts)
                          for w in range(len(self.rows))], np.int64).reshape(-1, 2)
        return split[:, 0], split[:, 1]

    @property
    def spent(self) -> bool:
        """Whether the search's budget ran out (what it found is then no proof)."""
        return bool(self.budget[2])


# -- the search over sets of openers -----------------------------------------------------

Found = tuple[int, int, int, tuple[int, ...]]  # words, -k, squares, openers: smaller is better


@dataclass
class Fewest:
    """The result of :func:`fewest_words` for one letter."""

    openers: tuple[int, ...]  # local rows of the best set found (empty: none needed, or none plays in time)
    cost: int  # words to learn, plus UNCOMMON per word outside common use, plus LATE_PRICE per late secret
    lower_bound: int  # no set of openers needs fewer words (at this many late and uncommon ones)
    notes: list[str] = field(default_factory=list)

    @property
    def words(self) -> int:
        """Words to learn (openers and exception moves)."""
        return Cost.of(self.cost, LATE_PRICE).total % UNCOMMON if self.cost < INF else INF

    @property
    def uncommon(self) -> int:
        """How many of them are outside common use."""
        return Cost.of(self.cost, LATE_PRICE).total // UNCOMMON if self.cost < INF else 0

    @property
    def late(self) -> int:
        """How many secrets come after the last turn (where that is allowed)."""
        return Cost.of(self.cost, LATE_PRICE).late if self.cost < INF else 0

    @property
    def proved(self) -> bool:
        return self.cost < INF and self.words <= self.lower_bound


def fewest_words(costs: Costs, max_k: int, hints: Sequence[tuple[int, ...]] = ()) -> Fewest:
    """The least cost over every set of 1 to ``max_k`` openers (at most
    :data:`MAX_OPENERS`): the fewest secrets past the turns where that is
    allowed, then the fewest words outside common use, then the fewest words
    to learn.

    Parameters
    ----------
    costs
        the letter's :class:`Costs`.
    max_k
        the most openers.
    hints
        sets of openers (local rows) to evaluate first, besides the single
        openers that leave the fewest groups too large: the best of them
        bounds the search, which then proves it or beats it.

    Returns a :class:`Fewest`: the best set (ties: more openers, then the
    least sum of squared group sizes, then first), its cost, and the lower
    bound of its words: every set of openers that could cost less is
    searched, unless there are more than :data:`SETS_MOST` sets of ``k``
    (then ``k`` openers, costing ``k`` words at least, bound the words).
    No set plays every secret in time where no single opener does (a single
    opener followed by any move is every tree there is).
    """
    if len(costs.cols) <= costs.turns:
        return Fewest((), 0, 0, ["no opener needed: at most as many words as turns"])
    ks = range(1, max(1, min(max_k, MAX_OPENERS, costs.turns - 1)) + 1)
    skipped = [k for k in ks if k > 1 and comb(len(costs.rows), k) > SETS_MOST]
    best = _first_bound(costs, hints)
    sifted = [k for k in skipped if k == 3 and best[0] == k + 1]
    for k in sifted:
        best = min([best, *_without_moves(costs)])
    skipped = [k for k in skipped if k not in sifted]
    best, lower, complete = _raise_target(costs, [k for k in ks if k not in skipped and k not in sifted], best,
                                          min(skipped, default=INF))
    return _fewest(costs, ks, skipped, sifted, best, lower, complete)


def _without_moves(costs: Costs) -> list[Found]:
    """The first triple of openers that leaves no group too large for the
    turns left, none of its words priced (outside common use), if any
    (:mod:`generator.search.splitting`): where the best known set costs four
    words, the one kind of triple that beats it, searched however many
    triples there are."""
    rows = np.flatnonzero(costs.price == 0)
    found = small_triple(costs.sub[rows], costs.turns - 3, costs.npatterns, BITS_MOST)
    if found is None:
        return []
    openers = tuple(int(rows[r]) for r in found)
    return [(costs.cost(openers), -3, 0, openers)]


def _first_bound(costs: Costs, hints: Sequence[tuple[int, ...]]) -> Found:
    """The best of the ``hints`` and of the :data:`HINT_SINGLES` single
    openers that leave the fewest groups too large: the first bound. Where
    none plays every secret in time, the best single opener, searched with a
    share of the budget (:data:`OUT_SHARE`): no set does where none does."""
    over, squares = costs.singles
    singles = np.lexsort((np.arange(len(costs.rows)), squares, over))[:HINT_SINGLES]
    best: Found = (INF, 0, 0, ())
    # the most openers first: their groups are the smallest, so the first bound is cheap to find
    for h in sorted([*hints, *((int(w),) for w in singles)], key=len, reverse=True):
        cost = costs.cost(tuple(h), best[0] + 1)
        if (cost, -len(h)) < best[:2] and not costs.spent:
            best = (cost, -len(h), 0, tuple(h))
    if best[0] >= INF:  # every set is out if every single opener is: a share of the budget to tell
        costs.budget[1] = min(costs.budget[1], costs.budget[0] + costs.budget[1] // OUT_SHARE)
        best = min(costs.best_sets(1, INF), default=best)
    return best


def _raise_target(costs: Costs, ks: Sequence[int], best: Found, cap: int) -> tuple[Found, int, bool]:
    """The best set of ``ks`` openers, from the best known ``best``: (that
    set, a lower bound of its cost, whether every set was searched).

    A target that grows by half: every set of openers below it is searched
    (cheaply while it is small: a set is dropped as soon as it reaches it),
    so the first target some set meets gives the least cost, and every
    target no set meets is a lower bound (should the budget run out). The
    target counts words over the late and uncommon ones of the best known: a
    set with fewer of those is below the first target already.

    Once the target passes ``cap`` words (the fewest openers of the sets too
    many to search, so the words' lower bound can rise no higher), single
    openers are searched no more: a better set is looked for among pairs
    only (with four turns left, a single opener's groups run deep: English
    four-letter words' took hours)."""
    base = best[0] - best[0] % UNCOMMON if best[0] < INF else 0
    lower, target, complete = 0, 2, not costs.spent
    while best[0] < INF and complete:
        ub = min(base + target, best[0])
        found = [x for k in ks if k < ub and (k > 1 or ub <= base + cap) for x in costs.best_sets(k, ub)]
        best = min([best, *found])  # a set found is whole, even once the budget is spent
        if costs.spent or found or ub == best[0]:
            complete = not costs.spent
            break
        lower = ub
        target = max(target + 1, target * 3 // 2)
    return best, lower, complete


def _fewest(costs: Costs, ks: range, skipped: list[int], sifted: list[int], best: Found, lower: int,
            complete: bool) -> Fewest:
    """The :class:`Fewest` of the best set found, with its lower bound and a
    note of what was searched (sets of ``skipped`` openers were too many;
    of ``sifted`` openers, only those that need no exception move)."""
    m = len(costs.rows)
    cost, _, _, openers = best
    single = "every single opener"
    if skipped and cost < INF and cost % UNCOMMON > min(skipped):  # see _raise_target
        single += f" below {min(skipped)} words"
    scans = ", ".join({1: single, 2: "every pair", 3: "every triple"}[k]
                      + (" that needs no exception move" if k in sifted else "") for k in ks if k not in skipped)
    stop = f"stopped after {costs.budget[0]:.2g} words times secrets scored" if not complete else ""
    if cost >= INF:
        return Fewest((), INF, INF, [f"{scans} of {m} words searched: " + (stop or "none plays every word in time")])
    result = Fewest(openers, cost, 0)
    # the words of a cheaper set at this many late and uncommon words: below the target proved
    floor = result.words if complete else max(1, lower - (cost - result.words))
    result.lower_bound = min([floor, *(k for k in skipped if k < result.words)])
    if result.proved:
        note = f"exact: {scans} of {m} words searched; none needs fewer than {result.words} words"
    else:
        note = f"{scans} of {m} words searched; none needs fewer than {result.lower_bound} words"
        note += f" ({stop})" if stop else f" (sets of {min(skipped)} openers not searched: too many)"
    result.notes.append(note + (f"; {result.uncommon} outside common use, the fewest" if result.uncommon else "")
                       + (f"; {result.late} past the turns, the fewest" if result.late else ""))
    return result
