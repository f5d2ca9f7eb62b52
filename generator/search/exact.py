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
* **moves played in bulk** (:func:`~generator.search.exact_play.play`, the one way a move is
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
guesses, never a set-up or a letter. A reader finds it in these modules:

* here, :class:`Search`: a position (:meth:`Search.solve`), its options;
* :mod:`~generator.search.exact_play`: a move played at a position, part by part;
* :mod:`~generator.search.exact_moves`: which moves a position has, in which order;
* :mod:`~generator.search.exact_memo`: what is known of each position met;
* :mod:`~generator.search.exact_build`: the tree read back from a solved search;
* :mod:`~generator.search.exact_rules`: hard mode and symmetry;
* :mod:`~generator.search.exact_kernels` and :mod:`~generator.search.exact_rule_kernels`:
  the numba kernels, whose results are named where they are defined;
* :mod:`~generator.search.cost`: what a cost is and how it is packed.

:mod:`generator.runs.exact` applies it to set-ups, openers and LINGO
letters (as jobs of :mod:`generator.runs.jobs`).

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

import numpy as np

from generator.core.partition import Matrix
from generator.core.rules import Game, GuessRule
from generator.core.scoring import Heuristic
from generator.core.tree import Tree
from generator.search import exact_build, exact_play
from generator.search.cost import INF as INF  # re-exported: every caller's 'no tree'
from generator.search.cost import LATE_COST as LATE_COST  # re-exported: the cost a secret past the cap adds
from generator.search.exact_kernels import (
    closed_kernel,
    families_of,
    family_cut,
    largest_family,
    part_bound,
    parts_kernel,
)
from generator.search.exact_memo import Memo
from generator.search.exact_moves import FloorRows, Moves, MoveScan, by_bound
from generator.search.exact_moves import ordering as ordering  # re-exported: the command checks --heuristic
from generator.search.exact_play import MovePart as MovePart  # re-exported: the jobs play a move part by part
from generator.search.exact_rules import ExactError as ExactError  # re-exported
from generator.search.exact_rules import HardMode, Symmetry, allowed, describe_dead_end
from generator.search.exact_rules import Position as Position  # re-exported: a node of the search

NARROWED_KEPT = 128  # narrowed positions a search keeps (see Search.narrowed)


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
        orders the moves after the bound, and picks the ``top`` (see
        :func:`ordering`; default: the bound, then entropy).
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
    heuristic: Heuristic = by_bound
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
        self.memo = Memo(len(m.answers))
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
                              score=self.heuristic, narrow=self.narrow, precheck=precheck,
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
        memo = self.memo
        key = memo.key(cols, r, pos.state)
        hit = memo.solved.get(key)
        known = memo.lower.get(key, 0)
        if hit is not None or known >= beta:
            self.counters.memo_hits += 1
            return hit[0] if hit is not None else known
        if self.closures and r >= 2 and n <= self.close_max:
            closed = self._closed(cols, r)
            if closed is not None:
                memo.solved[key] = closed
                return closed[0]
            if 2 * n >= beta and self.guessable[cols].all():
                memo.lower[key] = max(known, 2 * n)
                return memo.lower[key]
        rows = allowed(pos.rows)
        if self.family_dead(cols, r, lambda: pos):
            memo.solved[key] = (INF, -1)
            return INF
        self.counters.positions += 1
        self.count(n * len(rows))
        moves = self.moves.scan(cols, r, rows, beta)
        if moves.floor >= INF:
            if moves.stuck and self.dead_end is None:
                self.dead_end = describe_dead_end(self.matrix, pos)
            memo.solved[key] = (INF, -1)
            return INF
        if moves.floor >= beta:  # (every move is bounded at beta or more when none is left)
            memo.lower[key] = max(known, moves.floor)
            return moves.floor
        floors = FloorRows(self.codes, cols, moves.below, moves.below_parts) if self.floors else None
        best, best_row = self._try(moves, Position(cols, r, pos.state, moves.below, floors), beta)
        if best < beta:
            memo.solved[key] = (best, best_row)
            return best
        memo.lower[key] = max(known, beta)
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
        lower bound at least ``cut`` (:func:`exact_play.play`)."""
        return exact_play.play(self, row, pos, cut)

    def move_parts(self, row: int, pos: Position) -> tuple[int, list[MovePart] | None]:
        """What playing ``row`` at ``pos`` costs besides its parts, and its
        parts (:func:`exact_play.move_parts`)."""
        return exact_play.move_parts(self, row, pos)

    def solve_parts(self, pos: Position, row: int, items: list[MovePart], beta: int) -> int:
        """The summed cost of the parts ``items`` of move ``row`` at ``pos``
        if below ``beta``, else a lower bound at least ``beta``."""
        return exact_play.solve_parts(self, pos, row, items, beta)

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
        self.memo.clear()
        self.counters = Counters()
        self.dead_end = None

    def tree(self) -> Tree:
        """The best tree found by the last :meth:`solve_root` (which must have met the cap)."""
        return self.build(self.root()) if self.opener is None else exact_build.build_move(self, self.opener, self.root())

    def part_floor(self, part: np.ndarray, r: int) -> int:
        """A lower bound of a part's cost with ``r`` turns left: its
        :func:`part_bound`, or what the memo knows of it."""
        lb = int(part_bound(len(part), r, self.strict, self.fill, self.moves.cap(r)))
        if len(part) > 2 and not self.hard:  # (a solved cost is at least the bound)
            lb = max(lb, self.memo.known(self.memo.key(part, r)))
        return lb

    # ---- internals

    def count(self, work: int) -> None:
        """Count ``work`` (guess, candidate) pairs scored, raising
        :class:`OutOfBudget` past :attr:`max_work`."""
        self.counters.work += work
        if self.max_work is not None and self.counters.work > self.max_work:
            raise OutOfBudget(self.counters.work)

    def family_dead(self, cols: np.ndarray, r: int, position: Callable[[], Position]) -> bool:
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
          :func:`exact_build.choose`, since a non-candidate that splits every secret
          apart costs as much and comes first in the search's order).
        """
        n = len(cols)
        best, pair = closed_kernel(self.codes, cols, self.guess_of, self.npatterns)
        if best >= 0 and self.guessable[cols].all():
            return 2 * n - 1, int(best)
        if pair and r >= 3 and self.guessable[cols].all():
            return 2 * n, -1
        return None

    def child(self, pos: Position, row: int, code: int, part: np.ndarray) -> Position:
        """The position of ``part`` after guess ``row`` got pattern ``code`` at ``pos``."""
        if self.rules is None:
            return Position(part, pos.turns - 1, (), pos.rows)
        state, rows = self.rules.after(row, code, pos.state, pos.rows)
        return Position(part, pos.turns - 1, state, rows)

    def build(self, pos: Position) -> Tree:
        """The best tree of a position the search has solved (:func:`exact_build.build`)."""
        return exact_build.build(self, pos)


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
                  top=options.top, heuristic=ordering(options.heuristic), fewest_late=options.fewest_late,
                  max_work=options.max_work, symmetric=options.symmetric, any_tree=options.any_tree)
