"""A move of the exact search: a guess played at a position, what it costs.

A move is played in bulk (:func:`play`, the one way a move is played): a
kernel splits the candidates and bounds every part, closed forms included
(:func:`~generator.search.exact_kernels.split_move`); the memo is asked
part by part only while the move is under its cut; the parts left open get
their **floors** first (:func:`raise_floor`: the least bound of their own
moves, kept in the memo), so that a move whose parts cannot all be split
well is cut before its largest part is searched to the end; then each open
part is searched (:meth:`Search.solve <generator.search.exact.Search.solve>`)
with the budget the others' bounds leave.

These functions are the search's (:class:`~generator.search.exact.Search`
calls them and they call it back); the proof's jobs
(:mod:`generator.runs.proof_job`) play a move's parts one by one through
:func:`move_parts` and :func:`solve_parts`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import NamedTuple, Protocol

import numpy as np

from generator.core.partition import Matrix
from generator.search.cost import INF
from generator.search.exact_kernels import MoveSplit, split_move
from generator.search.exact_memo import Memo, turn_bytes
from generator.search.exact_moves import FloorRows, MoveScan
from generator.search.exact_rules import Position, allowed, describe_dead_end


class PlayingSearch(Protocol):
    """What playing a move needs of the search that plays it
    (:class:`generator.search.exact.Search`, which calls these functions;
    named here so that neither module imports the other): its matrix and
    options, its memo and moves, and its positions searched in turn."""

    matrix: Matrix
    codes: np.ndarray       # the matrix's codes
    npatterns: int
    green: int
    guess_of: np.ndarray    # each secret's guess row (-1: not a guess the search may play)
    guessable: np.ndarray   # whether each secret is one
    fill: np.ndarray        # the fill bound's costs (exact_moves.fill_costs)
    turns: int              # the cap
    hard: bool
    strict: bool            # every secret within the cap
    closures: bool          # the closed forms are taken
    floors: bool            # the floors of a move's parts are raised first
    families: tuple[np.ndarray, int] | None  # hard mode's families (exact_kernels.families_of)
    memo: Memo
    moves: MoveScan
    dead_end: str | None    # what the first dead end met was, for the message

    def solve(self, pos: Position, beta: int) -> int: ...
    def child(self, pos: Position, row: int, code: int, part: np.ndarray) -> Position: ...
    def count(self, work: int) -> None: ...
    def part_floor(self, part: np.ndarray, r: int) -> int: ...
    def family_dead(self, cols: np.ndarray, r: int, position: Callable[[], Position]) -> bool: ...


class MovePart(NamedTuple):
    """A part a move leaves: its pattern code, its secrets, a lower bound of
    its cost and whether the bound is its exact cost."""

    code: int
    cols: np.ndarray
    lower: int
    solved: bool


def play(s: PlayingSearch, row: int, pos: Position, cut: int) -> int:
    """Cost of playing guess ``row`` at the position if below ``cut``, else a
    lower bound at least ``cut``: the parts split and bounded in bulk
    (:func:`split_move`), then the memo asked part by part while the move
    is under its cut, then the parts left open searched, largest first."""
    move = split(s, row, pos, cut)
    if move.bound >= INF:
        return INF
    if move.base + move.bound >= cut:  # cut before the memo is asked
        return move.base + move.bound
    table, secrets = move.table(), move.secrets
    rest: int = sum(table.bounds[i] for i in table.open)
    total: int = move.base + move.bound - rest
    turns = turn_bytes(pos.turns - 1)
    memo = s.memo
    keyed = None if s.hard else secrets.astype(memo.key_type)  # the parts as in their keys (see Memo.key)
    todo: list[tuple[int, np.ndarray, int]] = []
    for i in table.open:
        a, b = table.starts[i], table.starts[i + 1]
        bound, hit = table.bounds[i], None
        if keyed is not None and b - a > 2:  # (hard mode: the memo's keys hold what the rule requires)
            key = keyed[a:b].tobytes() + turns
            hit = memo.solved.get(key)
            known = hit[0] if hit is not None else memo.lower.get(key, 0)
            if hit is not None or known > bound:
                rest, bound = rest + known - bound, known
                if total + rest >= cut:
                    return total + rest
        if hit is None:
            todo.append((table.codes[i], secrets[a:b], bound))
        else:  # settled by the memo
            total, rest = total + bound, rest - bound
    return search_parts(s, pos, row, todo, total, rest, cut)

def split(s: PlayingSearch, row: int, pos: Position, budget: int = INF) -> MoveSplit:
    """Guess ``row`` played at ``pos``, its parts bounded (:func:`split_move`)."""
    r1 = pos.turns - 1
    return split_move(s.codes, row, pos.cols, s.npatterns, s.green, s.guess_of, s.fill,
                      s.moves.cap(r1), r1, s.strict, s.closures, budget)

def search_parts(s: PlayingSearch, pos: Position, row: int, todo: list[tuple[int, np.ndarray, int]],
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
            made = children[i] = s.child(pos, row, code, part)
        return made

    if s.floors and len(todo) > 1 and cut >= INF:  # nothing to cut: the work counted alike
        s.count(sum(len(part) for _, part, _ in todo if len(part) > 2) * len(allowed(pos.rows)))
    elif s.floors and len(todo) > 1:
        rows = allowed(pos.rows)
        floors = pos.floors or FloorRows(s.codes, pos.cols, rows, None)
        for i, (_, part, low) in enumerate(todo):
            if len(part) > 2:
                # hard mode: the first guess's parts over the guesses each allows (deeper,
                # filtering them costs more than the stronger floors save)
                allows = child(i) if s.hard and pos.turns == s.turns else None
                lows[i] = raise_floor(s, part, pos.turns - 1, rows, floors, low, allows)
                rest += lows[i] - low
                if total + rest >= cut:
                    return total + rest
    if s.families is not None:
        for i in reversed(range(len(todo))):  # the smallest parts first: a family is often most of one
            if s.family_dead(todo[i][1], pos.turns - 1, partial(child, i)):
                return INF
    # largest first; where families are cut (hard mode), smallest first: a part
    # with no tree within the cap, often a small one (a family), ends the move cheapest
    order = range(len(todo)) if s.families is None else reversed(range(len(todo)))
    for i in order:
        low = lows[i]
        rest -= low
        total += s.solve(child(i), cut - total - rest)
        if total + rest >= cut:
            return total + rest
    return total + rest

def move_parts(s: PlayingSearch, row: int, pos: Position) -> tuple[int, list[MovePart] | None]:
    """What playing ``row`` at ``pos`` costs besides its parts (a turn for
    every secret, and past the cap the win's lateness), and its parts
    (the win left out), largest first, each with the lower bound
    :meth:`play` gives it and whether that is its exact cost; None when
    the guess is useless here (it leaves the secrets as they were)."""
    move = split(s, row, pos)
    table, secrets = move.table(), move.secrets
    if move.parts == 1 and table.codes[0] != s.green:
        return move.base, None
    opens = set(table.open)
    parts = []
    for i, code in enumerate(table.codes):
        if code != s.green:
            part = secrets[table.starts[i]:table.starts[i + 1]]
            lower = table.bounds[i] if i not in opens else max(table.bounds[i], s.part_floor(part, pos.turns - 1))
            parts.append(MovePart(code, part, lower, i not in opens))
    return move.base, parts

def solve_parts(s: PlayingSearch, pos: Position, row: int, items: list[MovePart], beta: int) -> int:
    """The summed cost of the parts ``items`` of move ``row`` at ``pos``
    if below ``beta``, else a lower bound at least ``beta``."""
    todo = [(p.code, p.cols, p.lower) for p in items if not p.solved]
    return search_parts(s, pos, row, todo, sum(p.lower for p in items if p.solved),
                              sum(low for _, _, low in todo), beta)


def raise_floor(s: PlayingSearch, part: np.ndarray, r: int, rows: np.ndarray, floors: FloorRows, low: int,
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
    s.count(len(part) * len(rows))
    kept = floors.kept(None if child is None else allowed(child.rows))
    floor, useful = s.moves.local_floor(*floors.local(), kept, floors.places(part), r, low)
    if floor <= low:
        return low
    if not useful and s.dead_end is None:
        s.dead_end = describe_dead_end(s.matrix, child or Position(part, r, (), rows))
    if child is not None or not s.hard:  # (hard mode: only under the key of the rows it scanned)
        s.memo.raise_lower(s.memo.key(part, r, () if child is None else child.state), floor)
    return floor

