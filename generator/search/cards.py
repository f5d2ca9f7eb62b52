"""Cards by size: the words to learn against the secrets reached in time.

A human scheme (:mod:`generator.search.human`) asks a contestant to learn
the **lines** of a card: per start letter its openers, then an **exception
move** for each group too large for the turns left. The full card learns
them all; a smaller card leaves some out. A group whose exception move is
not learnt is played by **trying the words that fit, most common first**
(the group's words listed by how common they are, the first one still
possible). A card counts a word as **in time** only where it is sure to be:
with ``t`` turns left, the first ``t`` words of the list (one a turn,
whatever the feedback); the rarer ones it counts as **late**, past the last
turn, although feedback that rules out a word brings the later ones sooner
(the tree file, which replays that play, may reach more in time). This is
the full card's own assumption: a group no larger than the turns left is
safe in any order of trying.

For one letter, the **options** a card can hold are

* the full card's openers with any set of its exception moves in which a
  move inside a group comes with the move that leads to it (a small
  knapsack over each group's moves, :func:`card_options`);
* other openers, with no exception move at all (the best single openers
  and the hill climbs' pairs and triples of :mod:`generator.search.openers`):
  a card of openers alone may want other openers than the full card's.

A letter's **frontier** keeps, for each number of words to learn, the option
that leaves the least late **weight**: each secret weighs by how common it
is (``10^zipf``, its occurrences per billion words, at least 1), since a
show draws common words more often; or, by count, the fewest late secrets.
:func:`combine` joins the letters' frontiers exactly by dynamic programming.

Only one point of a letter's frontier is **proved** minimal: the full card,
where its search proved that no scheme needs fewer words with every secret
in time. The other points are the best options found, not proved.

>>> from generator.core.feedback import feedback
>>> plan = try_plan(["stoel", "schep", "schop", "strik"], 3, 5, feedback)
>>> plan.late, plan.total  # the feedback of stoel tells the other three apart
([], 19)
>>> sure_late(["stoel", "schep", "schop", "strik"], 3, 5)  # what a card counts on: two turns, two words
['schop', 'strik']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from generator.core.blocks import CardBlock
from generator.core.feedback import Pattern
from generator.core.partition import Matrix
from generator.core.tree import Node, Tree
from generator.core.words import Word
from generator.search.human import Group, GroupPlan, Scheme, SchemeKind, split_by_openers
from generator.search.openers import hill_climb, single_scan

#: the hill climbs' restarts and seed, and the best single openers tried, for a card of openers alone
RESTARTS = 24
SEED = 1
SINGLES = 24
#: the knee: the smallest card whose secrets reached in time weigh at least this share of all
KNEE = 0.99

Path = tuple[Pattern, ...]  # the feedback of the openers, then of the exception moves before
Reply = Callable[[Word, Word], Pattern]


# -- playing a group: trying its words in order -----------------------------------------


def try_plan(order: Sequence[Word], used: int, turns: int, reply: Reply) -> GroupPlan:
    """The plan that tries the words of ``order`` after ``used`` turns: the
    first word still possible each time, so the tree is the list's own."""
    turn_of: dict[Word, int] = {}

    def tries(words: list[Word], turn: int) -> Tree:
        first = words[0]
        turn_of[first] = turn
        if len(words) == 1:
            return first
        node = Node(first)
        parts: dict[Pattern, list[Word]] = {}
        for w in words[1:]:
            parts.setdefault(reply(first, w), []).append(w)
        for pattern, part in parts.items():
            node.next[pattern] = tries(part, turn + 1)
        return node

    tree = tries(list(order), used + 1)
    late = sorted(w for w, t in turn_of.items() if t > turns)
    return GroupPlan(list(order), tree, sum(turn_of.values()), late)


def card_plan(node: Mapping[str, Any], path: Path, used: int, turns: int, kept: frozenset[Path],
              reply: Reply, weight: dict[Word, int]) -> GroupPlan:
    """The plan of one group of a card (``node``: a group or part of the
    card's strategy block) with the exception moves at the paths ``kept``
    learnt: a move left out leaves its words tried most common first."""
    exception = node.get("exception")
    if exception is None:
        return try_plan(node["words"], used, turns, reply)
    if path not in kept:
        return try_plan(most_common_first(node["words"], weight), used, turns, reply)
    tree = Node(exception)
    words, total, late = [], 0, []
    if exception in node["words"]:
        words.append(exception)
        total += used + 1
    parts = []
    for part in node["parts"]:
        sub = card_plan(part, path + (part["feedback"],), used + 1, turns, kept, reply, weight)
        tree.next[part["feedback"]] = sub.tree
        parts.append((part["feedback"], sub))
        total += sub.total
        late += sub.late
    words += [w for _, sub in parts for w in sub.words]
    return GroupPlan(words, tree, total, sorted(late), exception, parts)


def sure_late(order: Sequence[Word], used: int, turns: int) -> list[Word]:
    """The words of ``order``, tried one a turn after ``used`` turns, that a
    card counts as late: all but the first ``turns - used``."""
    return list(order[max(turns - used, 0):])


def most_common_first(words: Iterable[Word], weight: dict[Word, int]) -> list[Word]:
    """The words by weight, heaviest first (equal weights alphabetically)."""
    return sorted(words, key=lambda w: (-weight[w], w))


# -- a letter's options -------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One plan a card can hold for a letter: its openers and the exception
    moves learnt (the paths of the full card's moves), what it costs and
    what it leaves late."""

    openers: tuple[Word, ...]
    kept: frozenset[Path]
    words: int  # words to learn: openers and exception moves
    late: tuple[Word, ...]  # sorted
    weight: int  # the late secrets' weight
    proved: bool = False  # no option with fewer words leaves as few late (the full card, proved)

    def key(self, weighted: bool) -> tuple[Any, ...]:
        """Smaller is better: the late weight (or count), then the other, then
        proved (the full card, where another option is as good), then the openers."""
        first, second = (self.weight, len(self.late)) if weighted else (len(self.late), self.weight)
        return (first, second, not self.proved, self.openers, sorted(self.kept))


@dataclass
class _Partial:
    """A group's moves learnt at one cost: the late secrets and the paths kept."""

    weight: int
    late: tuple[Word, ...]
    kept: frozenset[Path]

    def key(self, weighted: bool) -> tuple[Any, ...]:
        first, second = (self.weight, len(self.late)) if weighted else (len(self.late), self.weight)
        return (first, second, sorted(self.kept))


def _plus(a: _Partial, b: _Partial) -> _Partial:
    return _Partial(a.weight + b.weight, tuple(sorted(a.late + b.late)), a.kept | b.kept)


def _knapsack(parts: Sequence[dict[int, _Partial]], weighted: bool) -> dict[int, _Partial]:
    """The best of each total cost over one choice from each of ``parts``."""
    best: dict[int, _Partial] = {0: _Partial(0, (), frozenset())}
    for options in parts:
        new: dict[int, _Partial] = {}
        for c1, a in best.items():
            for c2, b in options.items():
                x = _plus(a, b)
                old = new.get(c1 + c2)
                if old is None or x.key(weighted) < old.key(weighted):
                    new[c1 + c2] = x
        best = new
    return best


def _node_options(node: Mapping[str, Any], path: Path, used: int, turns: int, weight: dict[Word, int],
                  weighted: bool) -> dict[int, _Partial]:
    """For each number of moves learnt in this group (or part), the best."""
    def late(words: Sequence[Word]) -> _Partial:
        ordered = tuple(sorted(words))
        return _Partial(sum(weight[w] for w in ordered), ordered, frozenset())

    exception = node.get("exception")
    if exception is None:  # small enough, or late in the full card too (no move plays it in time)
        return {0: late(node.get("late", []))}
    below = [_node_options(part, path + (part["feedback"],), used + 1, turns, weight, weighted)
             for part in node["parts"]]
    out = {0: late(sure_late(most_common_first(node["words"], weight), used, turns))}
    for cost, p in _knapsack(below, weighted).items():
        learnt = _Partial(p.weight, p.late, p.kept | {path})
        if cost + 1 not in out or learnt.key(weighted) < out[cost + 1].key(weighted):
            out[cost + 1] = learnt
    return out


def card_options(card: CardBlock, turns: int, weight: dict[Word, int], weighted: bool,
                 proved: bool) -> dict[int, Option]:
    """The options of a letter's full card (its ``strategy`` block): for each
    number of words to learn, the best set of its exception moves; the full
    card itself is ``proved`` as its search says."""
    openers = tuple(card["openers"])
    k = len(openers)
    per_group = [_node_options(g, tuple(g["feedback"]), k, turns, weight, weighted) for g in card["groups"]]
    every = frozenset(tuple(e["feedback"]) for e in card["exceptions"])
    out = {}
    for cost, p in _knapsack(per_group, weighted).items():
        out[k + cost] = Option(openers, p.kept, k + cost, p.late, p.weight, proved and p.kept == every)
    return out


def openers_options(matrix: Matrix, cols: np.ndarray, rows: np.ndarray, turns: int, max_k: int,
                    weight: dict[Word, int]) -> list[Option]:
    """Openers with no exception move, one option each: the :data:`SINGLES`
    single openers with the fewest groups too large, and the best sets of
    hill climbs (:data:`RESTARTS` restarts, seed :data:`SEED`) of pairs and
    triples (``rows``: the words a player may say, in common use)."""
    sets: list[tuple[int, ...]] = [s.rows for s in single_scan(matrix, cols, rows, turns - 1)[:SINGLES]]
    for k in range(2, max_k + 1):
        sets += [s.rows for s in hill_climb(matrix, cols, rows, k, turns - k, restarts=RESTARTS, seed=SEED, keep=8)]
    out = []
    for s in sets:
        _, groups = split_by_openers(matrix, s, cols)
        late: list[Word] = []
        for _, members in groups:
            late += sure_late(most_common_first((matrix.answer_word(int(c)) for c in members), weight), len(s), turns)
        out.append(Option(tuple(matrix.guess_word(r) for r in s), frozenset(), len(s), tuple(sorted(late)),
                          sum(weight[w] for w in late)))
    return out


def frontier(options: Iterable[Option], weighted: bool) -> dict[int, Option]:
    """A letter's frontier: for each number of words, the best option of
    any, kept only where it leaves less than every option of fewer words."""
    best: dict[int, Option] = {}
    for option in options:
        if option.words not in best or option.key(weighted) < best[option.words].key(weighted):
            best[option.words] = option
    out: dict[int, Option] = {}
    for words in sorted(best):
        if not out or best[words].key(weighted)[:2] < out[max(out)].key(weighted)[:2]:
            out[words] = best[words]
    return out


# -- the set-up: letters joined -------------------------------------------------------


@dataclass(frozen=True)
class Point:
    """One card of a set-up: the option of each letter, what it costs and leaves."""

    choice: dict[str, Option] = field(hash=False)
    words: int = 0
    late: int = 0
    weight: int = 0

    @property
    def proved(self) -> bool:
        """Every letter's option is proved (so this point is)."""
        return all(o.proved for o in self.choice.values())


def combine(letters: dict[str, dict[int, Option]], weighted: bool) -> list[Point]:
    """The set-up's frontier: for each number of words to learn, the fewest
    late (by weight, or by count) over one option per letter, exactly (a
    knapsack over the letters); fewer words first, each point leaving less
    than the one before."""
    best: dict[int, tuple[tuple[int, int], dict[str, Option]]] = {0: ((0, 0), {})}
    for letter in sorted(letters):
        new: dict[int, tuple[tuple[int, int], dict[str, Option]]] = {}
        for w1, (k1, choice) in best.items():
            for w2, option in letters[letter].items():
                k2 = option.key(weighted)[:2]
                key = (k1[0] + k2[0], k1[1] + k2[1])
                if w1 + w2 not in new or key < new[w1 + w2][0]:
                    new[w1 + w2] = (key, {**choice, letter: option})
        best = new
    points: list[Point] = []
    for words in sorted(best):
        key, choice = best[words]
        if points and key >= _key(points[-1], weighted):
            continue
        points.append(Point(choice, words, sum(len(o.late) for o in choice.values()),
                            sum(o.weight for o in choice.values())))
    return points


def _key(p: Point, weighted: bool) -> tuple[int, int]:
    return (p.weight, p.late) if weighted else (p.late, p.weight)


def knee(points: Sequence[Point], total_weight: int, share: float = KNEE) -> Point:
    """The first point (fewest words) whose secrets in time weigh at least
    ``share`` of ``total_weight``; the last point where none does."""
    for p in points:
        if (total_weight - p.weight) >= share * total_weight:
            return p
    return points[-1]


# -- a card's scheme -------------------------------------------------------------------


def option_scheme(option: Option, matrix: Matrix, cols: np.ndarray, turns: int, card: CardBlock,
                  reply: Reply, weight: dict[Word, int]) -> Scheme:
    """The human scheme of one letter's ``option``: its openers, the full
    card's exception moves it keeps, every other group tried most common first."""
    rows = tuple(matrix.guesses.position[w] for w in option.openers)
    wins, groups = split_by_openers(matrix, rows, cols)
    k = len(rows)
    by_feedback = {tuple(g["feedback"]): g for g in card["groups"]} if option.openers == tuple(card["openers"]) else {}
    planned = []
    for feedback, members in groups:
        node = by_feedback.get(feedback)
        if node is None:
            words = most_common_first((matrix.answer_word(int(c)) for c in members), weight)
            plan = try_plan(words, k, turns, reply)
        else:
            plan = card_plan(node, feedback, k, turns, option.kept, reply, weight)
        planned.append(Group(feedback, plan))
    return Scheme(list(option.openers), planned, wins, turns, SchemeKind.MEMORIZE)
