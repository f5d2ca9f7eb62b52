"""Exact search: the tree with the least total turns, by depth-first branch and bound.

The **cost** of a tree is the sum over its secrets of the turns each needs (so
the mean is cost / secrets). A position is the set of secrets still possible
and the turns left; its cost is ``n`` (the guess about to be played counts for
every secret) plus the cost of each part the guess leaves (the all-green part
is solved).

Search (:class:`Search`):

* **lower bound per part** (:func:`~generator.search.exact_kernels.part_bound`,
  and per move :func:`~generator.search.exact_kernels.move_bound`, both
  also called by the kernels): a part of ``k`` secrets costs at least ``2k - 1``
  (one can be guessed at once, the others need a second guess), so a guess
  that makes ``p`` parts, ``w`` of them won (1 for a candidate), costs at
  least ``3n - p - w``; with one turn left a part must be a single word.
  When a guess can leave at most ``B`` parts besides the win (``B`` = the
  patterns that occur, less all-green: 13 in Mastermind, 237 in Wordle) the
  bound is the **fill bound** (:func:`~generator.search.exact_moves.fill_costs`): at most ``B^(t-1)``
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
* **the moves** of a position (:mod:`generator.search.exact_moves`):
  one per partition, bounded, in the search's order, after a quick
  precheck, narrowed below it, one per orbit of the symmetries (none of
  this changes which tree is found: the first move in that order of least
  cost; each is a :class:`Shortcut` that the tests turn off to show it);
  with ``top=N`` only the N best moves by the heuristic are searched at
  each position (*limited*), with ``top=None`` every move is (*exact*: the
  result is proved optimal);
* **memoization** of solved positions (exact costs, and lower bounds proved
  when a budget was exceeded), keyed by the candidate set and turns left (and
  in hard mode what the rule still requires);
* **moves played in bulk** (:meth:`Search.play`, the one way a move is
  played): a kernel splits the candidates and bounds every part (closed
  forms included) in one call, and the memo is asked part by part only
  while the move is under its cut;
* **floors of the parts first**: before any part of a move is searched, each
  open part's bound is raised to the quick floor of its own moves (the
  least bound from their parts and wins alone, kept in the memo), so a move
  whose parts cannot all be split well is cut without searching its largest
  part to the end, and the parts that are searched get tighter cuts
  (English free *r*: 15·10⁹ pairs, 19 s on one core; not proved before
  it). A floor reads the codes of its position's guesses against the
  position's secrets (:class:`FloorRows`), the guesses that make the most
  parts of the position first: a guess makes no more parts of a part, so
  the scan ends once the parts left could not lower the floor, or once it
  is down to the part's own bound (Wordle from *crane*: 1.5 s instead of
  5.4 s on one core).
The **cap** is the worst case allowed (default: the game's turns). Strictly
(default), a tree must solve every secret within the cap; with
``fewest_late=True`` it may not, and the search minimizes the number of
secrets solved after the cap first, then the total (each late secret costs
:data:`LATE_COST` extra), which proves that no tree within the cap exists when the
best one still has late secrets.

This module is the algorithm only: it knows a matrix, a cap and the allowed
guesses, never a set-up or a letter; its numba kernels are in
:mod:`generator.search.exact_kernels`, hard mode and symmetry in
:mod:`generator.search.exact_rules` (their kernels in
:mod:`generator.search.exact_rule_kernels`). :mod:`generator.runs.exact` applies it to
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

import enum
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple

import numpy as np

from generator.core.partition import Matrix
from generator.core.rules import Game, GuessRule
from generator.core.tree import Node, Tree
from generator.search.exact_kernels import INF as INF  # re-exported: every caller's 'no tree'
from generator.search.exact_kernels import LATE_COST as LATE_COST  # re-exported: the cost a secret past the cap adds
from generator.search.exact_kernels import (
    closed_kernel,
    families_of,
    family_cut,
    largest_family,
    move_parts_kernel,
    part_bound,
    parts_kernel,
)
from generator.search.exact_moves import Moves, MoveScan
from generator.search.exact_moves import ordering as ordering  # re-exported: the command checks --heuristic
from generator.search.exact_rules import ExactError as ExactError  # re-exported
from generator.search.exact_rules import HardMode, State, Symmetry, allowed, describe_dead_end
from generator.search.exact_rules import Position as Position  # re-exported: a node of the search

NARROWED_KEPT = 128  # narrowed positions a search keeps (see Search.narrowed)

Key = bytes | tuple[bytes, State]  # a memo key (Search._key)
_TURN_BYTE = {r: r.to_bytes(1, "little", signed=True) for r in range(-128, 128)}


def _turn_bytes(r: int) -> bytes:
    """The turns left in a memo key: one byte, four past a byte's range
    (far past the cap; a key's length then tells the two apart)."""
    return _TURN_BYTE.get(r) or r.to_bytes(4, "little", signed=True)


class Shortcut(enum.Flag):
    """The exact search's shortcuts (module docstring): none changes a cost
    or a tree, only the work; the closed forms, the precheck, the floors and
    the families serve the exact search alone (``top`` None), the closed
    forms and the families only within the cap, the families only in hard
    mode (where the guesses a family leaves allowed tell few of its secrets
    apart)."""

    CLOSED_FORMS = enum.auto()
    NARROWED_ROWS = enum.auto()
    PRECHECK = enum.auto()
    FLOORS = enum.auto()
    FAMILIES = enum.auto()


ALL_SHORTCUTS = Shortcut.CLOSED_FORMS | Shortcut.NARROWED_ROWS | Shortcut.PRECHECK | Shortcut.FLOORS | Shortcut.FAMILIES


class MovePart(NamedTuple):
    """A part a move leaves: its pattern code, its secrets, a lower bound of
    its cost and whether the bound is its exact cost."""

    code: int
    cols: np.ndarray
    lower: int
    solved: bool


@dataclass
class Counters:
    positions: int = 0   # positions searched (not answered from the memo or a closed form)
    work: int = 0        # (guess, candidate) pairs scored: the search's effort, machine-independent
    moves: int = 0       # moves evaluated
    memo_hits: int = 0


class OutOfBudget(Exception):
    """Raised inside a search that has scored more (guess, candidate) pairs than allowed."""


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
    max_work
        raise :class:`OutOfBudget` past this many (guess, candidate) pairs scored.
    symmetric
        one move per orbit of the code symmetries (:class:`Symmetry`).
    shortcuts
        the :class:`Shortcut` taken (all by default).
    any_tree
        take the first move that has a tree within the cap: the cost found
        is not the least, only whether a tree exists (much faster).
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
    shortcuts: Shortcut = ALL_SHORTCUTS
    any_tree: bool = False

    def __post_init__(self) -> None:
        m = self.matrix
        self.all_rows = (np.arange(len(m.guesses), dtype=np.int64) if self.rows is None
                         else np.asarray(self.rows, dtype=np.int64))
        self.strict = not self.fewest_late
        # the memo, keyed by the candidate set and the turns left (see _key)
        self.solved: dict[Key, tuple[int, int]] = {}
        self.lower: dict[Key, int] = {}
        self.key_type = np.uint16 if len(m.answers) <= 1 << 16 else np.uint32
        # a candidate can always be guessed (hard mode and same-start keep candidates)
        allowed_rows = np.zeros(len(m.guesses), dtype=bool)
        allowed_rows[self.all_rows] = True
        self.guessable = (m.answer_as_guess >= 0) & allowed_rows[np.maximum(m.answer_as_guess, 0)]
        self.guess_of = np.where(self.guessable, m.answer_as_guess, -1).astype(np.int64)
        self.letters = np.ascontiguousarray(m.guesses.codes, dtype=np.int64)
        self.rules = HardMode(m, self.letters) if self.hard else None
        if self.symmetric and self.hard:
            raise ExactError("symmetric search needs the guesses to be the secrets, every code")
        self.symmetry = Symmetry.of(m, self.letters) if self.symmetric else None
        self.dead_end: str | None = None
        self.root_cols = np.arange(len(m.answers), dtype=np.int64)
        self.opener: int | None = None
        exact = self.top is None
        self.closures = exact and self.strict and Shortcut.CLOSED_FORMS in self.shortcuts
        self.narrow = Shortcut.NARROWED_ROWS in self.shortcuts
        precheck = exact and Shortcut.PRECHECK in self.shortcuts
        self.floors = precheck and Shortcut.FLOORS in self.shortcuts
        self.families = (families_of(m) if exact and self.strict and self.hard and Shortcut.FAMILIES in self.shortcuts
                         else None)
        self.moves = MoveScan(m, self.all_rows, self.turns, strict=self.strict, top=self.top, hard=self.hard,
                              heuristic=self.heuristic, narrow=self.narrow, precheck=precheck,
                              symmetry=self.symmetry, guessable=self.guessable, letters=self.letters)
        self.fill = self.moves.fill
        self.close_max = self.moves.branch + 2  # more secrets than parts: no closed form
        # the rows narrowed at the positions jobs start from (a pure function of
        # the position, so kept across reset(): every job of a wave replays its
        # path from the root, and the root's scan may take longer than the job)
        self._narrowed: OrderedDict[tuple[bytes, int, bytes], np.ndarray] = OrderedDict()
        self._root_floors: FloorRows | None = None
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
        root = self.root()
        return self.solve(root, beta) if opener is None else self.play(opener, root, beta)

    def root(self) -> Position:
        """The position of every secret of :attr:`root_cols` at the start
        (with the floors of the parts a first guess leaves, kept across
        :meth:`reset`: a run of first words plays one after another from it)."""
        cols = self.root_cols
        if self.floors and (self._root_floors is None or not np.array_equal(self._root_floors.cols, cols)):
            parts, wins = np.empty(len(self.all_rows), np.int64), np.empty(len(self.all_rows), np.int64)
            parts_kernel(self.moves.by_answer, self.all_rows, cols, self.npatterns, self.green, parts, wins)
            self._root_floors = FloorRows(self.codes, cols, self.all_rows, parts)
        return Position(cols, self.turns, (), self.all_rows, self._root_floors if self.floors else None)

    def after(self, opener: int, code: int, part: np.ndarray) -> Position:
        """The position of the root's ``part`` once ``opener`` got pattern ``code``."""
        return self.child(self.root(), opener, code, part)

    def solve(self, pos: Position, beta: int) -> int:
        """The cost of a position if it is below ``beta``, else a lower bound
        that is at least ``beta``."""
        cols, r = pos.cols, pos.turns
        n = len(cols)
        if n == 1:
            return self.part_floor(cols, r)
        if self.strict and r <= 1:
            return INF
        if n == 2 and self.guessable[cols].all():
            return 3 + (LATE_COST if r <= 0 else 0) + (LATE_COST if r <= 1 else 0)  # one of the two, then the other
        key = self._key(cols, r, pos.state)
        hit = self.solved.get(key)
        known = self.lower.get(key, 0)
        if hit is not None or known >= beta:
            self.counters.memo_hits += 1
            return hit[0] if hit is not None else known
        if self.closures and r >= 2 and n <= self.close_max:
            closed = self._closed(cols, r)
            if closed is not None:
                self.solved[key] = closed
                return closed[0]
            if 2 * n >= beta and self.guessable[cols].all():
                self.lower[key] = max(known, 2 * n)
                return self.lower[key]
        rows = allowed(pos.rows)
        if self._family_dead(cols, r, lambda: pos):
            self.solved[key] = (INF, -1)
            return INF
        self.counters.positions += 1
        self._count(n * len(rows))
        moves = self.moves.scan(cols, r, rows, beta)
        if moves.floor >= INF:
            if moves.stuck and self.dead_end is None:
                self.dead_end = describe_dead_end(self.matrix, pos)
            self.solved[key] = (INF, -1)
            return INF
        if moves.floor >= beta:  # (every move is bounded at beta or more when none is left)
            self.lower[key] = max(known, moves.floor)
            return moves.floor
        floors = FloorRows(self.codes, cols, moves.below, moves.below_parts) if self.floors else None
        best, best_row = self._try(moves, Position(cols, r, pos.state, moves.below, floors), beta)
        if best < beta:
            self.solved[key] = (best, best_row)
            return best
        self.lower[key] = max(known, beta)
        return beta

    def _try(self, moves: Moves, pos: Position, beta: int) -> tuple[int, int]:
        """The best of the ``moves`` (cost, row), cut at ``beta``
        (``pos.rows``: the guesses passed on below)."""
        best, best_row = INF, -1
        for row, lb, solved in zip(moves.rows.tolist(), moves.bounds.tolist(), moves.solved.tolist()):
            cut = best if best < beta else beta
            if lb >= cut:
                break
            self.counters.moves += 1
            cost = lb if solved else self.play(row, pos, cut)
            if cost < best:
                best, best_row = cost, row
                if best == moves.floor or (self.any_tree and best < cut):  # (below its cut: a tree)
                    break
        return best, best_row

    def play(self, row: int, pos: Position, cut: int) -> int:
        """Cost of playing guess ``row`` at the position if below ``cut``, else a
        lower bound at least ``cut``: the parts split and bounded in bulk
        (:func:`move_parts_kernel`), then the memo asked part by part while the move
        is under its cut, then the parts left open searched, largest first."""
        out, p, q, base, low = self._move(row, pos, cut)
        if low >= INF:
            return INF
        if base + low >= cut:  # cut before the memo is asked
            return int(base + low)
        n = len(pos.cols)
        info = out[n:n + 3 * p + 1 + q].tolist()  # the parts' codes, starts, bounds, the open ones
        starts, lows = p, 2 * p + 1  # where they begin in info
        opens = info[3 * p + 1:]
        rest: int = sum(info[lows + i] for i in opens)
        total: int = int(base + low) - rest
        turns = _turn_bytes(pos.turns - 1)
        keyed = None if self.hard else out[:n].astype(self.key_type)  # the parts as in their keys (see _key)
        todo: list[tuple[int, np.ndarray, int]] = []
        for i in opens:
            a, b = info[starts + i], info[starts + i + 1]
            bound, hit = info[lows + i], None
            if keyed is not None and b - a > 2:  # (hard mode: the memo's keys hold what the rule requires)
                key = keyed[a:b].tobytes() + turns
                hit = self.solved.get(key)
                known = hit[0] if hit is not None else self.lower.get(key, 0)
                if hit is not None or known > bound:
                    rest, bound = rest + known - bound, known
                    if total + rest >= cut:
                        return total + rest
            if hit is None:
                todo.append((info[i], out[a:b], bound))
            else:  # settled by the memo
                total, rest = total + bound, rest - bound
        return self._search_parts(pos, row, todo, total, rest, cut)

    def _move(self, row: int, pos: Position, budget: int = INF) -> tuple[np.ndarray, int, int, int, int]:
        """:func:`move_parts_kernel` of ``row`` at ``pos``."""
        r1 = pos.turns - 1
        return move_parts_kernel(self.codes, row, pos.cols, self.npatterns, self.green, self.guess_of, self.fill,  # type: ignore[no-any-return]
                           self.moves.cap(r1), r1, self.strict, self.closures, budget)

    def _search_parts(self, pos: Position, row: int, todo: list[tuple[int, np.ndarray, int]],
                      total: int, rest: int, cut: int) -> int:
        """The cost of move ``row`` at ``pos`` if below ``cut``, else a lower
        bound at least ``cut``: ``total`` its settled cost, ``todo`` its parts
        still open (code, secrets, lower bound; largest first) and ``rest``
        their bounds' sum. Each open part's bound is first raised to its
        quick floor (``floors``; not without a cut, where it would cut
        nothing), then each is searched, cut at what the others' bounds
        leave."""
        if total + rest >= cut:
            return total + rest
        lows = [low for _, _, low in todo]
        children: list[Position | None] = [None] * len(todo)  # each part's position, made once when needed

        def child(i: int) -> Position:
            made = children[i]
            if made is None:
                code, part, _ = todo[i]
                made = children[i] = self.child(pos, row, code, part)
            return made

        if self.floors and len(todo) > 1 and cut >= INF:  # nothing to cut: the work counted alike
            self._count(sum(len(part) for _, part, _ in todo if len(part) > 2) * len(allowed(pos.rows)))
        elif self.floors and len(todo) > 1:
            rows = allowed(pos.rows)
            floors = pos.floors or FloorRows(self.codes, pos.cols, rows, None)
            for i, (_, part, low) in enumerate(todo):
                if len(part) > 2:
                    # hard mode: the first guess's parts over the guesses each allows (deeper,
                    # filtering them costs more than the stronger floors save)
                    allows = child(i) if self.hard and pos.turns == self.turns else None
                    lows[i] = self._raise_floor(part, pos.turns - 1, rows, floors, low, allows)
                    rest += lows[i] - low
                    if total + rest >= cut:
                        return total + rest
        if self.families is not None:
            for i in reversed(range(len(todo))):  # the smallest parts first: a family is often most of one
                if self._family_dead(todo[i][1], pos.turns - 1, partial(child, i)):
                    return INF
        # largest first; where families are cut (hard mode), smallest first: a part
        # with no tree within the cap, often a small one (a family), ends the move cheapest
        order = range(len(todo)) if self.families is None else reversed(range(len(todo)))
        for i in order:
            low = lows[i]
            rest -= low
            total += self.solve(child(i), cut - total - rest)
            if total + rest >= cut:
                return total + rest
        return total + rest

    def move_parts(self, row: int, pos: Position) -> tuple[int, list[MovePart] | None]:
        """What playing ``row`` at ``pos`` costs besides its parts (a turn for
        every secret, and past the cap the win's lateness), and its parts
        (the win left out), largest first, each with the lower bound
        :meth:`play` gives it and whether that is its exact cost; None when
        the guess is useless here (it leaves the secrets as they were)."""
        n = len(pos.cols)
        out, p, _, base, _ = self._move(row, pos)
        if p == 1 and out[n] != self.green:
            return int(base), None
        info = out[n:].tolist()
        starts, lows, opens = p, 2 * p + 1, set(info[3 * p + 1:])
        parts = []
        for i in range(p):
            if info[i] != self.green:
                part = out[info[starts + i]:info[starts + i + 1]]
                lower = info[lows + i] if i not in opens else max(info[lows + i], self.part_floor(part, pos.turns - 1))
                parts.append(MovePart(info[i], part, lower, i not in opens))
        return int(base), parts

    def solve_parts(self, pos: Position, row: int, items: list[MovePart], beta: int) -> int:
        """The summed cost of the parts ``items`` of move ``row`` at ``pos``
        if below ``beta``, else a lower bound at least ``beta``."""
        todo = [(p.code, p.cols, p.lower) for p in items if not p.solved]
        return self._search_parts(pos, row, todo, sum(p.lower for p in items if p.solved),
                                  sum(low for _, _, low in todo), beta)

    def moves_below(self, pos: Position, beta: int = INF) -> tuple[list[tuple[int, int]], int]:
        """The moves of a position worth trying below ``beta`` in search order,
        each ``(row, lower bound)``, and the least bound of any move."""
        moves = self.moves.scan(pos.cols, pos.turns, allowed(pos.rows), beta)
        return list(zip(moves.rows.tolist(), moves.bounds.tolist())), moves.floor

    def narrowed(self, pos: Position) -> Position:
        """The position as its moves are played in it: below a position the
        search passes on only the rows of its distinct useful moves (see :meth:`MoveScan.scan`)."""
        if self.hard or not self.narrow:
            return pos
        rows = allowed(pos.rows)
        key = (pos.cols.tobytes(), pos.turns, rows.tobytes())
        below = self._narrowed.get(key)
        if below is None:
            below = self._narrowed[key] = self.moves.scan(pos.cols, pos.turns, rows, narrowing=True).below
            if len(self._narrowed) > NARROWED_KEPT:
                self._narrowed.popitem(last=False)
        else:
            self._narrowed.move_to_end(key)
        return Position(pos.cols, pos.turns, pos.state, below)

    def path_position(self, path: Sequence[tuple[int, int]], opener: bool = False) -> Position:
        """The position reached from the root (:attr:`root_cols`) by ``path``,
        ``(guess row, pattern code)`` pairs, as the search reaches it; with
        ``opener`` the first guess is a fixed opener (played on every row,
        as :meth:`solve_root` plays it)."""
        pos = self.root()
        for i, (row, code) in enumerate(path):
            if i or not opener:
                pos = self.narrowed(pos)
            part = self.matrix.split(row, pos.cols).get(code)
            if part is None:
                raise ExactError(f"internal: no part {code} after row {row} on this path")
            pos = self.child(pos, row, code, part)
        return pos

    def reset(self) -> None:
        """Forget every solved position and the counters (a search that must
        not depend on what it searched before: a budgeted job)."""
        self.solved.clear()
        self.lower.clear()
        self.counters = Counters()
        self.dead_end = None

    def tree(self) -> Tree:
        """The best tree found by the last :meth:`solve_root` (which must have met the cap)."""
        return self.build(self.root()) if self.opener is None else self._build_move(self.opener, self.root())

    def part_floor(self, part: np.ndarray, r: int) -> int:
        """A lower bound of a part's cost with ``r`` turns left: its
        :func:`part_bound`, or what the memo knows of it."""
        lb = int(part_bound(len(part), r, self.strict, self.fill, self.moves.cap(r)))
        if len(part) > 2 and not self.hard:
            key = self._key(part, r)
            hit = self.solved.get(key)
            if hit is not None:
                return hit[0]
            lb = max(lb, self.lower.get(key, 0))
        return lb

    # ---- internals

    def _key(self, cols: np.ndarray, r: int, state: State = ()) -> Key:
        """The memo key of a position: its candidates' columns (two bytes
        each up to 65,536 answers, else four) and the turns left
        (:func:`_turn_bytes`), in hard mode beside what the rule still
        requires (bytes: a long proof's memo holds millions of keys,
        ``benchmarks/bench_memo.py``)."""
        key = cols.astype(self.key_type).tobytes() + _turn_bytes(r)
        return (key, state) if state else key

    def _count(self, work: int) -> None:
        """Count ``work`` (guess, candidate) pairs scored, raising
        :class:`OutOfBudget` past :attr:`max_work`."""
        self.counters.work += work
        if self.max_work is not None and self.counters.work > self.max_work:
            raise OutOfBudget(self.counters.work)

    def _raise_floor(self, part: np.ndarray, r: int, rows: np.ndarray, floors: FloorRows, low: int,
                     child: Position | None = None) -> int:
        """A part's lower bound ``low`` raised to the quick floor of its moves
        (:meth:`MoveScan.local_floor`; ``rows``: the guesses below its parent,
        scanned as ``floors`` has them: its parent's best moves first, so
        that a move that brings the floor down to ``low`` is met early and
        the scan stops there; only those the part's position ``child``
        allows, if given), which the memo then keeps (in hard mode only
        with ``child``: without it the rows scanned are the parent's, which
        need not be those the part's own key allows). Its parent's other
        parts are not searched yet: their floors may cut the move before
        any is. The work counted is every row's (a budget does not depend on
        where the scan stops)."""
        self._count(len(part) * len(rows))
        kept = floors.kept(None if child is None else allowed(child.rows))
        floor, useful = self.moves.local_floor(*floors.local(), kept, floors.places(part), r, low)
        if floor <= low:
            return low
        if not useful and self.dead_end is None:
            self.dead_end = describe_dead_end(self.matrix, child or Position(part, r, (), rows))
        if child is not None or not self.hard:  # (hard mode: only under the key of the rows it scanned)
            key = self._key(part, r, () if child is None else child.state)
            if floor > self.lower.get(key, 0):
                self.lower[key] = floor
        return floor

    def _family_dead(self, cols: np.ndarray, r: int, position: Callable[[], Position]) -> bool:
        """Whether a family of the secrets ``cols`` leaves their position
        (made by ``position`` only when needed) no tree within the cap with
        ``r`` turns left (:func:`family_cut`; hard mode: the rows a family
        leaves allowed tell few of its secrets apart)."""
        if self.families is None or len(cols) <= r:
            return False
        families, count = self.families
        family, size = largest_family(families, cols, count)
        return size > r and bool(family_cut(families, family, size, cols, self.codes, allowed(position().rows), r,
                                            self.npatterns))

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
        moves = self.moves.scan(pos.cols, pos.turns, allowed(pos.rows), target + 1)
        below = Position(pos.cols, pos.turns, pos.state, moves.below)
        for row, lb, solved in zip(moves.rows.tolist(), moves.bounds.tolist(), moves.solved.tolist()):
            if lb > target:
                break
            if (lb if solved else self.play(row, below, target + 1)) == target:
                return int(row)
        raise ExactError(f"internal: no move of a position of {len(pos.cols)} secrets costs {target}")

    def child(self, pos: Position, row: int, code: int, part: np.ndarray) -> Position:
        """The position of ``part`` after guess ``row`` got pattern ``code`` at ``pos``."""
        if self.rules is None:
            return Position(part, pos.turns - 1, (), pos.rows)
        state, rows = self.rules.after(row, code, pos.state, pos.rows)
        return Position(part, pos.turns - 1, state, rows)

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
        hit = self.solved.get(key)
        if hit is None:
            # solved by the exact bound without storing: search it again (cheap)
            self.solve(pos, INF)
            hit = self.solved.get(key)
            if hit is None:
                raise ExactError(f"internal: position of {n} secrets has no solution stored")
        if hit[1] < 0 and hit[0] < INF:  # a closed form: which move the search keeps
            hit = self.solved[key] = (hit[0], self._choose(pos, hit[0]))
        if hit[1] < 0:
            raise ExactError(f"internal: position of {n} secrets has no solution stored")
        return self._build_move(hit[1], pos)

    def _build_move(self, row: int, pos: Position) -> Tree:
        m = self.matrix
        node = Node(m.guess_word(row))
        for code, part in m.split(row, pos.cols).items():
            if code != m.green:
                node.next[m.pattern(code)] = self.build(self.child(pos, row, code, part))
        return node


class FloorRows:
    """The guesses the floors of the parts of a position's moves scan
    (:meth:`Search._raise_floor`): the rows passed below it, those that
    make the most parts of its secrets ``cols`` first (``parts``; None: not
    known), and, made when a floor first needs them, their codes against
    those secrets, row by row (a part's floor then reads each guess's
    codes from one short row)."""

    def __init__(self, codes: np.ndarray, cols: np.ndarray, rows: np.ndarray, parts: np.ndarray | None) -> None:
        self.codes, self.cols, self.rows, self.parts = codes, cols, rows, parts
        self._local: tuple[np.ndarray, np.ndarray] | None = None
        self._order: np.ndarray | None = None
        self._every: np.ndarray | None = None

    def order(self) -> np.ndarray:
        """The rows' order in :meth:`local`: most parts first (made when a floor is first raised)."""
        if self._order is None:
            self._order = (np.lexsort((self.rows, -self.parts)) if self.parts is not None
                           else np.arange(len(self.rows)))
        return self._order

    def local(self) -> tuple[np.ndarray, np.ndarray]:
        """The codes of the rows, most parts first, and those parts."""
        if self._local is None:
            parts = np.full(len(self.rows), len(self.cols)) if self.parts is None else self.parts
            order = self.order()
            rows = self.rows[order]
            whole = len(self.cols) == self.codes.shape[1]  # every secret (a root): the rows alone
            codes = self.codes[rows] if whole else self.codes[np.ix_(rows, self.cols)]
            self._local = np.ascontiguousarray(codes), np.ascontiguousarray(parts[order], dtype=np.int64)
        return self._local

    def kept(self, allowed: np.ndarray | None) -> np.ndarray:
        """Which rows, in the order of :meth:`local`, a part's floor scans:
        every one, or those of ``allowed`` (hard mode: the guesses the
        part's position allows)."""
        if allowed is None:
            if self._every is None:
                self._every = np.ones(len(self.rows), np.uint8)
            return self._every
        return np.isin(self.rows[self.order()], allowed, assume_unique=True).view(np.uint8)

    def places(self, part: np.ndarray) -> np.ndarray:
        """The places of ``part``'s secrets among the position's."""
        return np.searchsorted(self.cols, part)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """How to search.

    ``top``: the N best moves per position by ``heuristic`` (None: all, proved);
    ``cap``: the worst case (None: the game's turns); ``fewest_late``: allow
    secrets past the cap, fewest first; ``max_work``: give up (raise
    :class:`OutOfBudget`) after scoring this many (guess, candidate) pairs in
    one search (a budget that does not depend on the machine); ``symmetric``:
    search one move per orbit of the code symmetries (Mastermind only: the
    guesses and secrets are every code, in order); ``any_tree``: only whether
    a tree within the cap exists (the cost found is not the least).
    """

    top: int | None = None
    heuristic: str = "bound"
    cap: int | None = None
    fewest_late: bool = False
    max_work: int | None = None
    symmetric: bool = False
    any_tree: bool = False


def make_search(matrix: Matrix, game: Game, rows: np.ndarray, options: Options) -> Search:
    """The search of ``options`` for a game (its turns the cap unless ``options.cap``)."""
    return Search(matrix, turns=options.cap or game.turns, rows=rows, hard=game.guess_rule is GuessRule.HARD,
                  top=options.top, heuristic=options.heuristic, fewest_late=options.fewest_late,
                  max_work=options.max_work, symmetric=options.symmetric, any_tree=options.any_tree)
