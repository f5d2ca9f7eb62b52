"""Exact search: the tree with the least total turns, by depth-first branch and bound.

The **cost** of a tree is the sum over its secrets of the turns each needs (so
the mean is cost / secrets). A position is the set of secrets still possible
and the turns left; its cost is ``n`` (the guess about to be played counts for
every secret) plus the cost of each part the guess leaves (the all-green part
is solved).

Search (:class:`Search`):

* **lower bound per part**: a part of ``k`` secrets costs at least ``2k - 1``
  (one can be guessed at once, the others need a second guess), so a guess
  that makes ``p`` parts, ``w`` of them won (1 for a candidate), costs at
  least ``3n - p - w``; with one turn left a part must be a single word.
  When a guess can leave at most ``B`` parts besides the win (``B`` = the
  patterns that occur, less all-green: 13 in Mastermind, 237 in Wordle) the
  bound is the **fill bound** (:func:`fill_costs`): at most ``B^(t-1)``
  secrets can be solved by the ``t``-th guess, so ``k`` secrets cost at least
  the sum of the shallowest ``k`` such places, and a part larger than all the
  places within the turns left cannot meet the cap. For a move it is taken
  with the parts as even as possible (the bound is convex in ``k``); it
  equals ``2k - 1`` up to ``k = B + 1``;
* **branch and bound**: guesses are tried in order of that bound, each part's
  search gets the budget left over, and a guess is dropped as soon as its
  parts' costs plus the bounds of the rest reach the best found;
* **closed forms** (exact search, every secret within the cap): a position
  where a candidate leaves every other secret alone costs ``2n - 1``; with a
  turn to spare, one where a candidate leaves one pair costs ``2n``; any other
  costs at least ``2n`` (an ``O(n^2)`` check over the candidates, before the
  scan of every guess, and for every part of a move played);
* **a quick precheck**: a bit-parallel kernel counts each guess's parts and
  win, enough to bound every move; a position whose moves all reach the cut
  (strictly, also one with no tree within the cap) is left there, before
  the full statistics;
* **memoization** of solved positions (exact costs, and lower bounds proved
  when a budget was exceeded), keyed by the candidate set and turns left (and
  in hard mode what the rule still requires);
* **narrowed rows**: below a position only one guess per distinct partition
  of its useful guesses is scanned (a guess splitting a set like another
  splits every subset like it; one leaving the set whole leaves every subset
  whole); the rows narrowed at the last positions asked are kept, also
  across :meth:`Search.reset` (jobs replay their paths from the root);
* **moves played in bulk**: a kernel splits the candidates and bounds every
  part (closed forms included) in one call, and the memo is asked part by
  part only while the move is under its cut;
* **floors of the parts first**: before any part of a move is searched, each
  open part's bound is raised to the quick floor of its own moves (the
  precheck's kernel, kept in the memo), so a move whose parts cannot all be
  split well is cut without searching its largest part to the end, and the
  parts that are searched get tighter cuts (English free *r*: 15·10⁹ pairs,
  19 s on one core; not proved before it);
* **symmetry** (``symmetric``, Mastermind): of the moves that a permutation
  of the symbols and positions keeping the candidates maps onto each other,
  only the first is searched;
* **moves**: guesses that make the same partition of the candidates are one
  move (except in hard mode, where they leave different guesses allowed);
  moves are ordered by the bound, then a heuristic of
  :mod:`generator.scoring` (none of the above changes that order, nor which
  tree is found: the first move in that order of least cost); with ``top=N`` only the N best moves by the
  heuristic are searched at each position (*limited*), with ``top=None``
  every move is (*exact*: the result is proved optimal).

The **cap** is the worst case allowed (default: the game's turns). Strictly
(default), a tree must solve every secret within the cap; with
``fewest_late=True`` it may not, and the search minimizes the number of
secrets solved after the cap first, then the total (each late secret costs
:data:`LATE` extra), which proves that no tree within the cap exists when the
best one still has late secrets.

This module is the algorithm only: it knows a matrix, a cap and the allowed
guesses, never a set-up or a letter; its numba kernels are in
:mod:`generator.search.exact_kernels`. :mod:`generator.runs.exact` applies it to
set-ups, openers and LINGO letters (as jobs of :mod:`generator.runs.jobs`).

>>> from generator.core.words import parse_wordlist
>>> words = parse_wordlist(["bat", "cat", "hat", "mat", "tab"], id="t", length=3)
>>> s = Search(Matrix.build(words, words), turns=6)
>>> s.solve_root()
12
>>> s.tree()
Node('bat', {'.GG': Node('cat', {'.GG': Node('hat', {'.GG': 'mat'})}), 'YGY': 'tab'})
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from generator.core.feedback import GREEN, YELLOW
from generator.core.ids import short
from generator.core.partition import Matrix, PartStats, scan_serially
from generator.core.rules import Game, GuessRule
from generator.core.scoring import HEURISTICS, Heuristic
from generator.core.tree import Node, Tree
from generator.errors import StrategyError
from generator.search.exact_kernels import INF as INF  # re-exported: every caller's 'no tree'
from generator.search.exact_kernels import LATE as LATE  # re-exported: the cost of a secret past the cap
from generator.search.exact_kernels import (
    by_answer,
    closed_kernel,
    first_distinct,
    hard_filter,
    moves_kernel,
    moves_kernel_serial,
    orbit_firsts,
    parts_bounds_kernel,
    play_kernel,
    quick_floor_kernel,
)

NARROWED_KEPT = 128  # narrowed positions a search keeps (see Search.narrowed)

State = tuple[Any, ...]  # what hard mode still requires: (greens per position, (letter, times)...)
Key = bytes | tuple[bytes, State]  # a memo key (Search._key)
_TURN_BYTE = {r: r.to_bytes(1, "little", signed=True) for r in range(-128, 128)}


def _turn_bytes(r: int) -> bytes:
    """The turns left in a memo key: one byte, four past a byte's range
    (far past the cap; a key's length then tells the two apart)."""
    return _TURN_BYTE.get(r) or r.to_bytes(4, "little", signed=True)


class ExactError(StrategyError):
    """An exact search that cannot be done as asked (opener, cap, hard-mode dead end)."""


# --------------------------------------------------------------------------- search


@dataclass(slots=True)
class Position:
    """A node of the search: the secrets still possible (sorted answer
    columns), the turns left, and in hard mode what the rule still requires
    (``state``) and the guesses it allows (``rows``: an array, or a filter done
    when first needed)."""

    cols: np.ndarray
    turns: int
    state: State = ()
    rows: Any = None


def part_bound(k: int, r: int, strict: bool) -> int:
    """Least cost of a part of ``k`` secrets with ``r`` turns left within the cap
    (the ``2k - 1`` bound; :meth:`Search._part_floor` adds the fill bound)."""
    if k == 1:
        return 1 if r >= 1 else (INF if strict else 1 + LATE)
    if r >= 2:
        return 2 * k - 1
    if strict:
        return INF
    if r == 1:
        return 1 + (k - 1) * (2 + LATE)
    return 2 * k - 1 + k * LATE


def fill_costs(n: int, branch: int) -> np.ndarray:
    """``F[k]`` for ``k`` in 0..n: the least total turns of ``k`` secrets when
    a guess leaves at most ``branch`` parts besides the win (the ``t``-th guess
    solves at most ``branch^(t-1)`` of them):

    >>> fill_costs(6, 2).tolist()   # 1 + 2*2 + 3*3 for six secrets
    [0, 1, 3, 5, 8, 11, 14]
    """
    out = np.zeros(n + 1, dtype=np.int64)
    k, t, width = 0, 1, 1
    while k < n:
        take = min(width, n - k)
        out[k + 1: k + take + 1] = out[k] + t * np.arange(1, take + 1)
        k += take
        t += 1
        width *= max(branch, 1)
    return out


def fill_capacity(r: int, branch: int) -> int:
    """Most secrets any tree solves within ``r`` guesses: 1 + B + ... + B^(r-1),
    at most :data:`INF` (many turns would pass what a kernel's int64 holds).

    >>> fill_capacity(3, 10), fill_capacity(40, 243) == INF
    (111, True)
    """
    total = sum(branch ** t for t in range(max(r, 0))) if branch > 1 else max(r, 0)
    return min(total, INF)


def ordering(name: str) -> Heuristic:
    """The heuristic that orders (and with ``top`` limits) the moves after the bound:
    ``bound`` (the bound, then entropy) or any of :data:`generator.scoring.HEURISTICS`."""
    if name == "bound":
        return lambda s: (np.round(s.klogk, 9),)
    if name in HEURISTICS:
        return HEURISTICS[name]
    raise ExactError(f"unknown heuristic {short(name)!r} (expected bound or one of: {', '.join(HEURISTICS)})")


class Part(NamedTuple):
    """A part a move leaves: its pattern code, its secrets, a lower bound of
    its cost and whether the bound is its exact cost."""

    code: int
    cols: np.ndarray
    lower: int
    exact: bool


@dataclass
class Counters:
    positions: int = 0   # positions searched (not answered from the memo or a closed form)
    work: int = 0        # (guess, candidate) pairs scored: the search's effort, machine-independent
    moves: int = 0       # moves evaluated
    memo_hits: int = 0


@dataclass
class Search:
    """A branch-and-bound search over one set-up's feedback matrix.

    Parameters
    ----------
    matrix
        guesses x answers pattern codes.
    turns
        the cap: every secret within this many turns (the root has them all).
    rows
        the guesses allowed at the root (default all); in hard mode the search
        narrows them after every guess.
    hard
        Wordle hard mode.
    top
        search only the ``top`` best moves by ``heuristic`` at each position
        (None: every move, the result is proved optimal).
    heuristic
        the name of the ordering heuristic (see :func:`ordering`).
    fewest_late
        allow secrets past the cap, fewest first (see the module docstring).
    """

    matrix: Matrix
    turns: int
    rows: np.ndarray | None = None
    hard: bool = False
    top: int | None = None
    heuristic: str = "bound"
    fewest_late: bool = False
    counters: Counters = field(default_factory=Counters)
    max_work: int | None = None
    symmetric: bool = False

    def __post_init__(self) -> None:
        m = self.matrix
        self.all_rows = (np.arange(len(m.guesses), dtype=np.int64) if self.rows is None
                         else np.asarray(self.rows, dtype=np.int64))
        self.strict = not self.fewest_late
        self.score = ordering(self.heuristic)
        # the memo, keyed by the candidate set and the turns left (see _key)
        self.exact: dict[Key, tuple[int, int]] = {}
        self.lower: dict[Key, int] = {}
        self.key_type = np.uint16 if len(m.answers) <= 1 << 16 else np.uint32
        # a candidate can always be guessed (hard mode and same-start keep candidates)
        allowed = np.zeros(len(m.guesses), dtype=bool)
        allowed[self.all_rows] = True
        self.guessable = (m.answer_as_guess >= 0) & allowed[np.maximum(m.answer_as_guess, 0)]
        self.letters = np.ascontiguousarray(m.guesses.codes, dtype=np.int64)
        self.letter_counts = np.zeros((len(self.letters), int(self.letters.max(initial=0)) + 1), np.int64)
        np.add.at(self.letter_counts, (np.arange(len(self.letters))[:, None], self.letters), 1)
        self.dead_end: str | None = None
        self._stuck = False
        self.root_cols = np.arange(len(m.answers), dtype=np.int64)
        # the fill bound: at most `branch` parts besides the win after any guess
        self.branch = m.patterns_seen(self.all_rows)
        self.fill = fill_costs(len(m.answers) + 1, self.branch)
        self.capacity = [fill_capacity(r, self.branch) for r in range(self.turns + 2)]
        # closed forms of small positions (exact search, every secret within the cap):
        # a candidate that splits the rest into singletons, or into one pair and singletons
        self.closures = self.top is None and self.strict
        self.guess_of = np.where(self.guessable, m.answer_as_guess, -1).astype(np.int64)
        self.close_max = self.branch + 2  # more secrets than parts: neither can happen
        self._marks: dict[int, np.ndarray] = {}  # hard mode: the marks of each pattern code
        # the rows narrowed at the positions jobs start from (a pure function of
        # the position, so kept across reset(): every job of a wave replays its
        # path from the root, and the root's scan may take longer than the job)
        self._narrowed: OrderedDict[tuple[bytes, int, bytes], np.ndarray] = OrderedDict()
        if self.symmetric:
            self._symmetry()
        # below a position, only the rows of its distinct useful moves (see _scan)
        self.narrow = True
        # cut a position by the quick bound of its moves before their statistics
        self.precheck = self.top is None
        # before a move's parts are searched, raise each one's bound to the
        # quick floor of its own moves (not in hard mode: its memo keys differ)
        self.floors = self.precheck and not self.hard
        self.by_answer, self.keys = by_answer(m)
        self.codes = m.codes
        self.npatterns, self.green = m.npatterns, m.green  # (properties: read millions of times)

    # ---- public

    def solve_root(self, cols: np.ndarray | None = None, opener: int | None = None,
                   beta: int = INF) -> int:
        """Cost of the best tree for secrets ``cols`` (default all), first guess
        ``opener`` if given; :data:`INF` if the cap cannot be met. With ``beta``
        the cost if below it, else a lower bound at least ``beta``."""
        cols = self.root_cols if cols is None else np.sort(np.asarray(cols, dtype=np.int64))
        self.root_cols = cols
        self.opener = opener
        root = Position(cols, self.turns, (), self.all_rows)
        if opener is None:
            return self.solve(root, beta)
        return self.play(opener, root, beta)

    def after(self, opener: int, code: int, part: np.ndarray) -> Position:
        """The position of the root's ``part`` once ``opener`` got pattern ``code``."""
        return self._child(Position(self.root_cols, self.turns, (), self.all_rows), opener, code, part)

    def solve(self, pos: Position, beta: int) -> int:
        """The cost of a position if it is below ``beta``, else a lower bound
        that is at least ``beta``."""
        cols, r = pos.cols, pos.turns
        n = len(cols)
        if n == 1:
            return part_bound(1, r, self.strict)
        if self.strict and r <= 1:
            return INF
        if n == 2 and self.guessable[cols].all():
            return self._pair_cost(r)
        key = self._key(cols, r, pos.state)
        hit = self.exact.get(key)
        if hit is not None:
            self.counters.memo_hits += 1
            return hit[0]
        known = self.lower.get(key, 0)
        if known >= beta:
            self.counters.memo_hits += 1
            return known
        if self.closures and r >= 2 and n <= self.close_max:
            closed = self._closed(cols, r)
            if closed is not None:
                self.exact[key] = closed
                return closed[0]
            if 2 * n >= beta and self.guessable[cols].all():
                self.lower[key] = max(known, 2 * n)
                return self.lower[key]
        rows = _allowed(pos.rows)
        self.counters.positions += 1
        self.counters.work += n * len(rows)
        if self.max_work is not None and self.counters.work > self.max_work:
            raise OutOfBudget(self.counters.work)
        order, bounds, quick, floor, sub_rows = self._scan(cols, r, rows, beta)
        if floor >= INF:
            if self._stuck and self.dead_end is None:
                self.dead_end = self._describe(pos)
            self.exact[key] = (INF, -1)
            return INF
        if floor >= beta:  # (every move is bounded at beta or more when none is left)
            self.lower[key] = max(known, floor)
            return floor
        best, best_row = self._try(order, bounds, quick, floor, Position(cols, r, pos.state, sub_rows), beta)
        if best < beta:
            self.exact[key] = (best, best_row)
            return best
        self.lower[key] = max(known, beta)
        return beta

    def _try(self, order: np.ndarray, bounds: np.ndarray, quick: np.ndarray, floor: int,
             pos: Position, beta: int) -> tuple[int, int]:
        """The best of the moves ``order`` (cost, row), cut at ``beta``
        (``pos.rows``: the guesses passed on below)."""
        best, best_row = INF, -1
        play = self._play_closed if self._closes(pos) else self._play_parts
        for row, lb, q in zip(order.tolist(), bounds.tolist(), quick.tolist()):
            cut = best if best < beta else beta
            if lb >= cut:
                break
            self.counters.moves += 1
            cost = lb if q else play(row, pos, cut)
            if cost < best:
                best, best_row = cost, row
                if best == floor:
                    break
        return best, best_row

    def play(self, row: int, pos: Position, cut: int) -> int:
        """Cost of playing guess ``row`` at the position if below ``cut``, else a
        lower bound at least ``cut``."""
        if self._closes(pos):
            return self._play_closed(row, pos, cut)
        return self._play_parts(row, pos, cut)

    def _closes(self, pos: Position) -> bool:
        """Whether the moves at ``pos`` are played with closed forms (:meth:`_play_closed`)."""
        return bool(self.closures and pos.turns - 1 >= 2 and self.guessable[pos.cols].all())

    def _play_closed(self, row: int, pos: Position, cut: int) -> int:
        """:meth:`play` with closed forms, every secret guessable and at least
        two turns left after the guess: the parts' bounds in bulk
        (:func:`play_kernel`), then the memo, then the search for the parts
        left open (largest first)."""
        cols = pos.cols
        n = len(cols)
        r1 = pos.turns - 1
        cap = self.capacity[r1]  # (a position never has more turns than the search)
        out, p, q, too_big, low_sum = play_kernel(
            self.codes, row, cols, self.npatterns, self.green, self.guess_of, self.fill, cap, r1, cut - n)
        if too_big:
            return INF
        if n + low_sum >= cut:  # cut before the memo is asked
            return int(n + low_sum)
        return self._rest_of_move(pos, row, out, p, q, n, int(low_sum), cut)

    def _play_parts(self, row: int, pos: Position, cut: int) -> int:
        """:meth:`play` part by part (any cap, objective and turns left): the
        parts' bounds in bulk (:func:`parts_bounds_kernel`) where no closed
        form can settle a part, then the memo, then the search for the parts
        left open (largest first)."""
        r1 = pos.turns - 1
        if self.closures and r1 >= 2:
            return self._play_items(row, pos, cut)
        out, p, q, base, low_sum = parts_bounds_kernel(
            self.codes, row, pos.cols, self.npatterns, self.green, self.guess_of, self.fill,
            self.capacity[r1] if r1 >= 0 else 0, r1, self.strict)
        if low_sum >= INF:
            return INF
        if base + low_sum >= cut:  # cut before the memo is asked
            return int(base + low_sum)
        return self._rest_of_move(pos, row, out, p, q, base, int(low_sum), cut)

    def _rest_of_move(self, pos: Position, row: int, out: np.ndarray, p: int, q: int,
                      total: int, rest: int, cut: int) -> int:
        """A move's cost once its parts are split and bounded (``out`` in
        :func:`play_kernel`'s layout: ``p`` parts, ``q`` of them open),
        ``total`` what it costs besides its parts and ``rest`` their bounds'
        sum: the memo is asked part by part until the move is cut, then the
        parts still open are searched, largest first. Below ``cut`` the cost,
        else a lower bound at least ``cut``."""
        n = len(pos.cols)
        r1 = pos.turns - 1
        info = out[n:n + 3 * p + 1 + q].tolist()  # the parts' codes, starts, bounds, the open ones
        starts, lows = p, 2 * p + 1  # where they begin in info
        todo = info[3 * p + 1:]
        if not self.hard:  # (hard mode: the memo's keys hold what the rule requires)
            exact, lower, turns = self.exact, self.lower, _turn_bytes(r1)
            keyed = out[:n].astype(self.key_type)  # the parts' columns as in their keys (see _key)
            search, todo = todo, []
            for i in search:
                a, b = info[starts + i], info[starts + i + 1]
                if b - a <= 2:  # (not memoized)
                    todo.append(i)
                    continue
                key = keyed[a:b].tobytes() + turns
                hit = exact.get(key)
                if hit is not None:
                    known = hit[0]
                else:
                    todo.append(i)
                    known = lower.get(key, 0)
                    if known <= info[lows + i]:
                        continue
                rest += known - info[lows + i]
                info[lows + i] = known
                if total + rest >= cut:
                    return int(total + rest)
        if info[starts + 1] == n and info[0] != self.green:  # no progress: this guess is useless here
            return INF
        if self.floors and len(todo) > 1:
            rows = _allowed(pos.rows)
            for i in todo:
                a, b = info[starts + i], info[starts + i + 1]
                if b - a <= 2:
                    continue
                low = self._raise_floor(out[a:b], r1, rows, info[lows + i])
                rest += low - info[lows + i]
                info[lows + i] = low
                if total + rest >= cut:
                    return int(total + rest)
        for i in todo:
            rest -= info[lows + i]
            part = out[info[starts + i]:info[starts + i + 1]]
            total += self.solve(self._child(pos, row, info[i], part), cut - total - rest)
            if total + rest >= cut:
                return int(total + rest)
        return int(total + rest)

    def _play_items(self, row: int, pos: Position, cut: int) -> int:
        """:meth:`_play_parts` where closed forms may settle some parts (some
        secrets not guessable): part by part in Python."""
        base, items = self.move_parts(row, pos)
        if items is None:
            return INF
        return base + self.solve_parts(pos, row, items, cut - base)

    def move_parts(self, row: int, pos: Position) -> tuple[int, list[Part] | None]:
        """What playing ``row`` at ``pos`` costs besides its parts (a turn for
        every secret, and past the cap the win's lateness), and its parts
        (the win left out), largest first, each with a lower bound of its
        cost and whether that is exact; None when the guess is useless here
        (it leaves the secrets as they were)."""
        m = self.matrix
        cols, r = pos.cols, pos.turns
        n = len(cols)
        parts = m.split(row, cols)
        base = n
        won = parts.pop(m.green, None)
        if won is not None and r <= 0:
            base += LATE
        if (not parts and won is None) or any(len(p) == n for p in parts.values()):
            return base, None
        items = sorted(parts.items(), key=lambda kv: -len(kv[1]))
        return base, [Part(code, part, *self._part_lower(part, r - 1)) for code, part in items]

    def solve_parts(self, pos: Position, row: int, items: list[Part], beta: int) -> int:
        """The summed cost of the parts ``items`` of move ``row`` at ``pos``
        if below ``beta``, else a lower bound at least ``beta``: largest first,
        each cut at what the others' lower bounds leave."""
        total, rest = 0, sum(p.lower for p in items)
        if rest >= beta:
            return rest
        lows = [p.lower for p in items]
        if self.floors and sum(1 for p in items if not p.exact) > 1:
            rows = _allowed(pos.rows)
            for i, p in enumerate(items):
                if not p.exact and len(p.cols) > 2:
                    lows[i] = self._raise_floor(p.cols, pos.turns - 1, rows, p.lower)
                    rest += lows[i] - p.lower
                    if rest >= beta:
                        return rest
        for p, low in zip(items, lows):
            if p.exact:  # its cost is in `rest`
                continue
            rest -= low
            total += self.solve(self._child(pos, row, p.code, p.cols), beta - total - rest)
            if total + rest >= beta:
                return total + rest
        return total + rest

    def moves_below(self, pos: Position, beta: int) -> tuple[list[tuple[int, int]], int]:
        """The moves of a position worth trying below ``beta`` in search order,
        each ``(row, lower bound)``, and the least bound of any move."""
        order, bounds, _, floor, _ = self._scan(pos.cols, pos.turns, _allowed(pos.rows), beta)
        return list(zip(order.tolist(), bounds.tolist())), floor

    def narrowed(self, pos: Position) -> Position:
        """The position as its moves are played in it: below a position the
        search passes on only the rows of its distinct useful moves (see :meth:`_scan`)."""
        if self.hard or not self.narrow:
            return pos
        rows = _allowed(pos.rows)
        key = (pos.cols.tobytes(), pos.turns, rows.tobytes())
        sub_rows = self._narrowed.get(key)
        if sub_rows is None:
            sub_rows = self._narrowed[key] = self._scan(pos.cols, pos.turns, rows, narrowing=True)[4]
            if len(self._narrowed) > NARROWED_KEPT:
                self._narrowed.popitem(last=False)
        else:
            self._narrowed.move_to_end(key)
        return Position(pos.cols, pos.turns, pos.state, sub_rows)

    def path_position(self, path: Sequence[tuple[int, int]], opener: bool = False) -> Position:
        """The position reached from the root (:attr:`root_cols`) by ``path``,
        ``(guess row, pattern code)`` pairs, as the search reaches it; with
        ``opener`` the first guess is a fixed opener (played on every row,
        as :meth:`solve_root` plays it)."""
        pos = Position(self.root_cols, self.turns, (), self.all_rows)
        for i, (row, code) in enumerate(path):
            if i or not opener:
                pos = self.narrowed(pos)
            part = self.matrix.split(row, pos.cols).get(code)
            if part is None:
                raise ExactError(f"internal: no part {code} after row {row} on this path")
            pos = self._child(pos, row, code, part)
        return pos

    def reset(self) -> None:
        """Forget every solved position and the counters (a search that must
        not depend on what it searched before: a budgeted job)."""
        self.exact.clear()
        self.lower.clear()
        self.counters = Counters()
        self.dead_end = None

    def tree(self) -> Tree:
        """The best tree found by the last :meth:`solve_root` (which must have met the cap)."""
        root = Position(self.root_cols, self.turns, (), self.all_rows)
        if self.opener is None:
            return self.build(root)
        return self._build_move(self.opener, root)

    # ---- internals

    def _key(self, cols: np.ndarray, r: int, state: State = ()) -> Key:
        """The memo key of a position: its candidates' columns (two bytes
        each up to 65,536 answers, else four) and the turns left
        (:func:`_turn_bytes`), and
        in hard mode beside them what the rule still requires. (Bytes, not a
        tuple: the memo of a long proof holds millions of keys; English TV
        rules *m* peaks at 416 MiB this way, 629 MiB with a tuple of the
        columns as eight-byte integers: ``benchmarks/bench_memo.py``.)"""
        key = cols.astype(self.key_type).tobytes() + _turn_bytes(r)
        return (key, state) if state else key

    def _pair_cost(self, r: int) -> int:
        # guess one of the two, then the other
        return 3 + (LATE if r <= 0 else 0) + (LATE if r <= 1 else 0)

    def _part_floor(self, part: np.ndarray, r: int) -> int:
        k = len(part)
        lb = part_bound(k, r, self.strict)
        if self.strict and r >= 2 and lb < INF:
            lb = INF if k > self.capacity[min(r, len(self.capacity) - 1)] else max(lb, int(self.fill[k]))
        if k > 2 and not self.hard:
            key = self._key(part, r)
            hit = self.exact.get(key)
            if hit is not None:
                return hit[0]
            lb = max(lb, self.lower.get(key, 0))
        return lb

    def _raise_floor(self, part: np.ndarray, r: int, rows: np.ndarray, low: int) -> int:
        """A part's lower bound ``low`` raised to the quick floor of its moves
        (:meth:`_quick_floor`; ``rows``: the guesses below its parent), which
        the memo then keeps. Its parent's other parts are not searched yet:
        their floors may cut the move before any is."""
        self.counters.work += len(part) * len(rows)
        if self.max_work is not None and self.counters.work > self.max_work:
            raise OutOfBudget(self.counters.work)
        floor = self._quick_floor(part, r, rows)
        if floor <= low:
            return low
        if floor >= INF and self._stuck and self.dead_end is None:
            self.dead_end = self._describe(Position(part, r, (), rows))
        key = self._key(part, r)
        if floor > self.lower.get(key, 0):
            self.lower[key] = floor
        return floor

    def _part_lower(self, part: np.ndarray, r: int) -> tuple[int, bool]:
        """A lower bound of a part's cost with ``r`` turns left, and whether it
        is its exact cost: :meth:`_part_floor`, then the closed forms of
        :meth:`_closed` (exact) or their bound ``2k``."""
        k = len(part)
        lb = self._part_floor(part, r)
        if k <= 2:
            return lb, k == 1 or (r >= 2 and bool(self.guessable[part].all()))
        if not self.closures or r < 2 or k > self.close_max or lb >= 2 * k:
            return lb, False
        closed = self._closed(part, r)
        if closed is not None:
            if not self.hard:
                self.exact[self._key(part, r)] = closed
            return closed[0], True
        return (2 * k if self.guessable[part].all() else lb), False

    def _closed(self, cols: np.ndarray, r: int) -> tuple[int, int] | None:
        """The exact cost of a position of ``n`` secrets (``r >= 2`` turns left,
        every secret within the cap) and its best guess row when a closed form
        gives it, else None (and then the cost is at least ``2n``):

        * a candidate that leaves every other secret alone: ``2n - 1``, the
          least possible; the search's first such move is the one of least row;
        * with ``r >= 3``, a candidate that leaves one pair and singletons:
          ``2n``, the least possible without the first (row -1: left to
          :meth:`_choose`, since a non-candidate that splits every secret
          apart costs as much and comes first in the search's order).
        """
        n = len(cols)
        best, pair = closed_kernel(self.codes, cols, self.guess_of, self.npatterns)
        if best >= 0 and self.guessable[cols].all():
            return 2 * n - 1, int(best)
        if pair and r >= 3 and self.guessable[cols].all():
            return 2 * n, -1
        return None

    def _choose(self, pos: Position, target: int) -> int:
        """The first move in search order whose cost is ``target`` (the
        position's exact cost): the move the full search keeps."""
        order, bounds, quick, _, sub_rows = self._scan(pos.cols, pos.turns, _allowed(pos.rows), target + 1)
        below = Position(pos.cols, pos.turns, pos.state, sub_rows)
        for row, lb, q in zip(order.tolist(), bounds.tolist(), quick.tolist()):
            if lb > target:
                break
            if (lb if q else self.play(row, below, target + 1)) == target:
                return int(row)
        raise ExactError(f"internal: no move of a position of {len(pos.cols)} secrets costs {target}")

    def _moves(self, cols: np.ndarray, r: int, rows: np.ndarray, beta: int = INF,
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """The moves at a position worth trying below ``beta``: rows in search
        order, their lower bounds, whether the bound is the exact cost (every
        part at most two words), and the least bound of any move (INF: none)."""
        return self._scan(cols, r, rows, beta)[:4]

    def _scan(self, cols: np.ndarray, r: int, rows: np.ndarray, beta: int = INF, narrowing: bool = False,
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]:
        """:meth:`_moves`, and the rows worth keeping below this position: one
        per partition of ``cols`` among the useful ones (hard mode: every
        useful one), since a guess that splits ``cols`` like another splits
        any subset like it too, and one that leaves ``cols`` whole leaves any
        subset whole (with ``narrowing`` always, else not when the quick
        precheck cuts the position: below ``beta``, or within the cap at all).

        The precheck runs below a finite ``beta``, and strictly also without
        one: a proof that no tree meets the cap finds most positions it
        scans without one (94 % in the English TV-rule m)."""
        n = len(cols)
        k = len(rows)
        none = np.empty(0, np.int64)
        if self.precheck and k and not narrowing and (beta < INF // 2 or self.strict):
            floor = self._quick_floor(cols, r, rows)
            if floor >= beta:
                return none, none, none, floor, none
        parts = np.empty(k, np.int64)
        wins = np.empty(k, np.int64)
        largest = np.empty(k, np.int64)
        squares = np.empty(k, np.int64)
        klogk = np.empty(k, np.float64)
        phash = np.empty(k, np.uint64)
        if k:
            scan = moves_kernel_serial if scan_serially(k * n) else moves_kernel
            scan(self.by_answer, rows, cols, self.npatterns, self.green, self.keys,
                 parts, wins, largest, squares, klogk, phash)
        useful = (parts > 1) | (wins > 0)
        idx = np.flatnonzero(useful)
        self._stuck = not len(idx)
        if not len(idx):
            return none, none, none, INF, none
        if not self.hard and self.top is None:
            idx = idx[first_distinct(phash[idx])]
        sub_rows = rows[idx] if self.narrow and not self.hard else rows
        stats = PartStats(largest[idx], parts[idx], squares[idx], klogk[idx], wins[idx], n)
        bounds = self._bounds(n, r, stats)
        floor = int(bounds.min())
        ok = bounds < INF
        if self.top is None:
            ok &= bounds < beta  # the others are never tried (the limited choice must not depend on beta)
        idx, bounds = idx[ok], bounds[ok]
        if self.symmetric and self.top is None and len(idx) > 1:
            keep = orbit_firsts(self.letters, rows[idx], cols, self._code_index, self._ncolors, self._perms)
            idx, bounds = idx[keep], bounds[keep]
        if not len(idx):
            return none, none, none, floor, sub_rows
        stats = PartStats(largest[idx], parts[idx], squares[idx], klogk[idx], wins[idx], n)
        keys = self.score(stats) + (-stats.wins, rows[idx])
        # guesses that make the same partition are one move (not in hard mode,
        # where what a guess leaves allowed depends on its letters)
        if self.top is not None:
            chosen = self._best(keys, phash[idx], self.top)
        else:  # (distinct partitions already, unless hard mode)
            chosen = np.arange(len(idx))
        sel = np.lexsort(tuple(reversed((bounds[chosen],) + tuple(k[chosen] for k in keys))))
        chosen = chosen[sel]
        g = idx[chosen]
        # every part at most two words (each guessable, turns enough): the bound is exact
        small = largest[g] <= 2
        if not self.guessable[cols].all() or (r - 1 < 2 and self.strict):
            small &= largest[g] <= 1
        if r - 1 < 2 and not self.strict:
            small[:] = False
        return rows[g], bounds[chosen], small, floor, sub_rows

    def _quick_floor(self, cols: np.ndarray, r: int, rows: np.ndarray) -> int:
        """A lower bound of every move's bound at a position, from the number
        of parts and wins alone (:func:`parts_kernel`; each largest part
        taken as small as the part count allows): enough to cut a position
        whose moves all reach ``beta`` without their other statistics. INF
        when no guess is useful."""
        cap = self.capacity[min(r - 1, len(self.capacity) - 1)] if self.strict else 0
        floor, useful = quick_floor_kernel(self.by_answer, rows, cols, self.npatterns, self.green,
                                           self.fill, cap, r, self.strict)
        self._stuck = not useful
        return INF if self._stuck else int(floor)

    def _best(self, keys: tuple[np.ndarray, ...], phash: np.ndarray, top: int) -> np.ndarray:
        """Positions of the ``top`` best moves by ``keys`` (distinct partitions
        unless hard mode). Sorts only the moves whose first key is among the
        smallest when that is enough (the same result as sorting them all)."""
        k0 = keys[0]
        want = 4 * top
        if len(k0) > 2 * want:
            kth = np.partition(k0, want)[want]
            cand = np.flatnonzero(k0 <= kth)
            order = cand[np.lexsort(tuple(reversed(tuple(k[cand] for k in keys))))]
            if not self.hard:
                _, first = np.unique(phash[order], return_index=True)
                order = order[np.sort(first)]
            if len(order) >= top:
                return order[:top]
        order = np.lexsort(tuple(reversed(keys)))
        if not self.hard:
            _, first = np.unique(phash[order], return_index=True)
            order = order[np.sort(first)]
        return order[:top]

    def _bounds(self, n: int, r: int, s: PartStats) -> np.ndarray:
        """Lower bound of each move's cost (see :func:`part_bound`)."""
        p, w = s.parts, s.wins
        nonwon = p - w
        if r - 1 >= 2:
            if not self.strict:
                loose: np.ndarray = 3 * n - p - w
                return loose
            # the fill bound with the parts as even as possible; INF if the
            # largest cannot be solved within the turns left
            q = np.maximum(nonwon, 1)
            rest = n - w
            base, extra = rest // q, rest % q
            fill = self.fill
            bound = n + extra * fill[np.minimum(base + 1, len(fill) - 1)] + (q - extra) * fill[base]
            bound = np.maximum(bound, 3 * n - p - w)
            cap = self.capacity[min(r - 1, len(self.capacity) - 1)]
            out: np.ndarray = np.where(s.largest > cap, INF, bound)
            return out
        if r - 1 == 1:
            if self.strict:
                out = np.where(s.largest == 1, 2 * n - w, INF)
                return out
            late: np.ndarray = n + nonwon + (n - p) * (2 + LATE)
            return late
        if self.strict:
            return np.full(len(p), INF, dtype=np.int64)
        past: np.ndarray = 3 * n - p - w + LATE * (n - w) + (LATE * w if r <= 0 else 0)
        return past

    def _symmetry(self) -> None:
        """``symmetric``: the game maps onto itself under any permutation of the
        symbols and of the positions (the guesses and the secrets are one list,
        every code in order: Mastermind, Bulls and Cows). Then of moves that such
        a permutation keeping the secrets maps onto each other only the first
        is searched (:func:`orbit_firsts`): same cost, same statistics."""
        m = self.matrix
        if self.hard or list(m.guesses.words) != list(m.answers.words):
            raise ExactError("symmetric search needs the guesses to be the secrets, every code")
        p = self.letters.shape[1]
        self._ncolors = ncolors = len(m.guesses.alphabet.letters)
        numbers = self.letters @ (ncolors ** np.arange(p - 1, -1, -1, dtype=np.int64))
        if np.any(np.diff(numbers) <= 0):
            raise ExactError("symmetric search needs the codes in order")
        self._code_index = np.full(ncolors ** p, -1, dtype=np.int64)
        self._code_index[numbers] = np.arange(len(numbers))
        self._perms = np.array(list(itertools.permutations(range(p))), dtype=np.int64)

    def _child(self, pos: Position, row: int, code: int, part: np.ndarray) -> Position:
        """The position of ``part`` after guess ``row`` got pattern ``code`` at ``pos``."""
        state, rows = self._after(row, code, pos.state, pos.rows)
        return Position(part, pos.turns - 1, state, rows)

    def _after(self, row: int, code: int, state: State, rows: Any) -> tuple[State, Any]:
        """Hard mode: the state and allowed rows after ``row`` got pattern ``code``
        (the rows as a :class:`_Pending` filter, done when first needed)."""
        if not self.hard:
            return (), rows
        marks = self._marks.get(code)
        if marks is None:
            pattern = self.matrix.pattern(code)
            marks = self._marks[code] = np.array([2 if c == GREEN else 1 if c == YELLOW else 0
                                                  for c in pattern], dtype=np.int64)
        guess = self.letters[row]
        sub = _Pending(self, rows, guess, marks)
        greens = list(state[0]) if state else [-1] * len(guess)
        need = dict(state[1]) if state else {}
        here: dict[int, int] = {}
        for i, mark in enumerate(marks):
            if mark == 2:
                greens[i] = int(guess[i])
            if mark:
                here[int(guess[i])] = here.get(int(guess[i]), 0) + 1
        for letter, times in here.items():
            need[letter] = max(need.get(letter, 0), times)
        return (tuple(greens), tuple(sorted(need.items()))), sub

    def _describe(self, pos: Position) -> str:
        m, cols, state = self.matrix, pos.cols, pos.state
        words = [m.answer_word(int(c)) for c in cols[:6]]
        more = f" and {len(cols) - 6} more" if len(cols) > 6 else ""
        rule = ""
        if state:
            letters = m.guesses.alphabet.letters
            greens = "".join(letters[g] if g >= 0 else "." for g in state[0])
            need = ", ".join(f"{letters[x]}" + (f" x{t}" if t > 1 else "") for x, t in state[1])
            rule = f" (hard mode: greens {greens}, must play {need})"
        return f"no allowed guess separates the {len(cols)} secrets {' '.join(words)}{more}{rule}"

    def build(self, pos: Position) -> Tree:
        """The best tree of a position the search has solved."""
        m = self.matrix
        cols = pos.cols
        n = len(cols)
        if n == 1:
            return m.answer_word(int(cols[0]))
        if n == 2 and self.guessable[cols].all():
            a, b = (int(c) for c in cols)
            return Node(m.answer_word(a), {m.pattern(int(m.codes[m.answer_as_guess[a], b])): m.answer_word(b)})
        key = self._key(pos.cols, pos.turns, pos.state)
        hit = self.exact.get(key)
        if hit is None:
            # solved by the exact bound without storing: search it again (cheap)
            self.solve(pos, INF)
            hit = self.exact.get(key)
            if hit is None:
                raise ExactError(f"internal: position of {n} secrets has no solution stored")
        if hit[1] < 0 and hit[0] < INF:  # a closed form: which move the search keeps
            hit = self.exact[key] = (hit[0], self._choose(pos, hit[0]))
        if hit[1] < 0:
            raise ExactError(f"internal: position of {n} secrets has no solution stored")
        return self._build_move(hit[1], pos)

    def _build_move(self, row: int, pos: Position) -> Tree:
        m = self.matrix
        node = Node(m.guess_word(row))
        for code, part in m.split(row, pos.cols).items():
            if code == m.green:
                continue
            node.next[m.pattern(code)] = self.build(self._child(pos, row, code, part))
        return node


class _Pending:
    """Hard mode: the guesses allowed after a guess got a pattern, filtered
    only when a search needs them (most positions are settled by the memo, a
    closed form or a bound first)."""

    __slots__ = ("done", "guess", "marks", "rows", "search")

    def __init__(self, search: Search, rows: Any, guess: np.ndarray, marks: np.ndarray) -> None:
        self.search, self.rows, self.guess, self.marks = search, rows, guess, marks
        self.done: np.ndarray | None = None

    def get(self) -> np.ndarray:
        if self.done is None:
            s = self.search
            self.done = hard_filter(s.letters, s.letter_counts, _allowed(self.rows), self.guess, self.marks)
            self.rows = None
        return self.done


def _allowed(rows: Any) -> np.ndarray:
    """The rows themselves (filtering them first if still :class:`_Pending`)."""
    return rows.get() if isinstance(rows, _Pending) else rows


# --------------------------------------------------------------------------- options


class OutOfBudget(Exception):
    """Raised inside a search that has scored more (guess, candidate) pairs than allowed."""


@dataclass(frozen=True)
class Options:
    """How to search.

    ``top``: the N best moves per position by ``heuristic`` (None: all, proved);
    ``cap``: the worst case (None: the game's turns); ``fewest_late``: allow
    secrets past the cap, fewest first; ``max_work``: give up (raise
    :class:`OutOfBudget`) after scoring this many (guess, candidate) pairs in
    one search (a budget that does not depend on the machine); ``symmetric``:
    search one move per orbit of the code symmetries (Mastermind only: the
    guesses and secrets are every code, in order).
    """

    top: int | None = None
    heuristic: str = "bound"
    cap: int | None = None
    fewest_late: bool = False
    max_work: int | None = None
    symmetric: bool = False


def make_search(matrix: Matrix, game: Game, rows: np.ndarray, options: Options) -> Search:
    s = Search(matrix, turns=options.cap or game.turns, rows=rows,
               hard=game.guess_rule is GuessRule.HARD, top=options.top,
               heuristic=options.heuristic, fewest_late=options.fewest_late, symmetric=options.symmetric)
    s.max_work = options.max_work
    return s
