"""Strategy trees as plain data.

A **Tree** is either a Word (a leaf: play this word, it is the answer) or a
:class:`Node` (play ``guess``; then follow ``next[pattern]`` for the feedback
received). The all-green pattern never appears in ``next``: playing the
secret ends the game.

A :class:`GameTree` is a whole strategy as published: the game it is for, the
word lists, how it was built (``strategy``), the secrets it must solve, those
it solves only after the last turn (``late``), its statistics and the root.

>>> from generator.core.feedback import feedback
>>> t = Node("stoel", {"G..G.": "schep", "G.Y..": "schop", "GG...": "strik"})
>>> play(t, "schop", feedback)
['stoel', 'schop']
>>> count_nodes(t)
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Union

from generator.core.blocks import StrategyBlock
from generator.core.feedback import Pattern
from generator.core.rules import Game
from generator.core.words import Word


@dataclass
class Node:
    """Play ``guess``; the subtree for each feedback pattern is in ``next``."""

    guess: Word
    next: dict[Pattern, Tree] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"Node({self.guess!r}, {self.next!r})"


Tree = Union[Word, Node]


@dataclass(frozen=True)
class Stats:
    """How a tree does over its secrets."""

    secrets: int
    total_turns: int
    max_turns: int
    turns: dict[int, int]
    # Hangman (mask feedback) only: how many secrets suffer each number of misses
    misses: dict[int, int] | None = None

    @property
    def mean_turns(self) -> float:
        return round(self.total_turns / self.secrets, 4) if self.secrets else 0.0


@dataclass
class GameTree:
    """A published strategy: game, lists, how it was built, and its tree."""

    game: Game
    answers: str
    guesses: str
    secrets: tuple[Word, ...]
    root: Tree
    strategy: StrategyBlock  # how it was built: a record of generator.core.blocks
    late: tuple[Word, ...] = ()
    stats: Stats | None = None
    fingerprint: dict[str, Any] | None = None  # what made it (generator.core.fingerprint)


Feedback = Callable[[Word, Word], Pattern]


def play(tree: Tree, secret: Word, reply: Feedback, limit: int = 100) -> list[Word]:
    """The guesses the tree plays against ``secret``, ending with the secret.

    Raises ``KeyError`` when the tree has no branch for a feedback it gets and
    ``ValueError`` when it ends on a leaf that is not the secret.
    """
    guesses: list[Word] = []
    node = tree
    while len(guesses) < limit:
        if isinstance(node, str):
            guesses.append(node)
            if node != secret:
                raise ValueError(f"leaf {node!r} is not the secret {secret!r}")
            return guesses
        guesses.append(node.guess)
        if node.guess == secret:
            return guesses
        node = node.next[reply(node.guess, secret)]
    raise ValueError(f"no answer for {secret!r} within {limit} guesses")


def stats_of(turns_by_secret: dict[Word, int]) -> Stats:
    hist: dict[int, int] = {}
    for n in turns_by_secret.values():
        hist[n] = hist.get(n, 0) + 1
    return Stats(
        secrets=len(turns_by_secret),
        total_turns=sum(turns_by_secret.values()),
        max_turns=max(turns_by_secret.values(), default=0),
        turns=dict(sorted(hist.items())),
    )


def tree_stats(tree: Tree, secrets: tuple[Word, ...], reply: Feedback) -> Stats:
    """Replay every secret with the game's feedback ``reply`` and count turns
    (the tree must solve them all)."""
    return stats_of({s: len(play(tree, s, reply)) for s in secrets})


def walk(tree: Tree, path: tuple[Pattern, ...] = ()) -> Iterator[tuple[tuple[Pattern, ...], Tree]]:
    """Every (path of patterns, subtree) pair, depth first, patterns in sorted order."""
    yield path, tree
    if isinstance(tree, Node):
        for pattern in sorted(tree.next):
            yield from walk(tree.next[pattern], path + (pattern,))


def count_nodes(tree: Tree) -> int:
    """Number of decision nodes (not leaves)."""
    return sum(1 for _, t in walk(tree) if isinstance(t, Node))


def depth(tree: Tree) -> int:
    """Most guesses along any branch (a leaf counts one)."""
    if isinstance(tree, str):
        return 1
    return 1 + max((depth(t) for t in tree.next.values()), default=0)


def subtree(tree: Tree, path: tuple[Pattern, ...]) -> Tree:
    """The subtree reached by following ``path`` (raises KeyError)."""
    node = tree
    for pattern in path:
        if isinstance(node, str):
            raise KeyError(pattern)
        node = node.next[pattern]
    return node

