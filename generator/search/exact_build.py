"""The tree a solved exact search found (:class:`~generator.search.exact.Search`).

The search keeps each solved position's cost and best guess in its memo;
the tree is read back from there, from the root down. A position the
search settled without storing it (a part of one or two secrets, a bound
that was the cost) is searched again, which is cheap; one a closed form
settled gets the move the full search would have kept (:func:`choose`).
"""

from __future__ import annotations

from generator.core.tree import Node, Tree
from generator.search.cost import INF
from generator.search.exact_play import PlayingSearch, play
from generator.search.exact_rules import ExactError, Position, allowed


def build(s: PlayingSearch, pos: Position) -> Tree:
    """The best tree of a position ``s`` has solved."""
    m = s.matrix
    cols = pos.cols
    n = len(cols)
    if n == 1:
        return m.answer_word(int(cols[0]))
    if n == 2 and s.guessable[cols].all():
        a, b = (int(c) for c in cols)
        return Node(m.answer_word(a), {m.pattern(int(m.codes[m.answer_as_guess[a], b])): m.answer_word(b)})
    key = s.memo.key(pos.cols, pos.turns, pos.state)
    hit = s.memo.solved.get(key)
    if hit is None:
        # solved by the exact bound without storing: search it again (cheap)
        s.solve(pos, INF)
        hit = s.memo.solved.get(key)
        if hit is None:
            raise ExactError(f"internal: position of {n} secrets has no solution stored")
    if hit[1] < 0 and hit[0] < INF:  # a closed form: which move the search keeps
        hit = s.memo.solved[key] = (hit[0], choose(s, pos, hit[0]))
    if hit[1] < 0:
        raise ExactError(f"internal: position of {n} secrets has no solution stored")
    return build_move(s, hit[1], pos)


def build_move(s: PlayingSearch, row: int, pos: Position) -> Tree:
    """The best tree of a position ``s`` has solved, once it plays ``row`` there."""
    m = s.matrix
    node = Node(m.guess_word(row))
    for code, part in m.split(row, pos.cols).items():
        if code != m.green:
            node.next[m.pattern(code)] = build(s, s.child(pos, row, code, part))
    return node


def choose(s: PlayingSearch, pos: Position, target: int) -> int:
    """The first move in search order whose cost is ``target`` (the
    position's exact cost): the move the full search keeps."""
    moves = s.moves.scan(pos.cols, pos.turns, allowed(pos.rows), target + 1)
    below = Position(pos.cols, pos.turns, pos.state, moves.below)
    for row, lb, solved in zip(moves.rows.tolist(), moves.bounds.tolist(), moves.solved.tolist()):
        if lb > target:
            break
        if (lb if solved else play(s, row, below, target + 1)) == target:
            return int(row)
    raise ExactError(f"internal: no move of a position of {len(pos.cols)} secrets costs {target}")
