"""Hangman: the partition game with letters.

The secret is a word of a known length; a **move** is a letter not called
before; the feedback (kind ``mask``) is the word with every letter but the one
called as ``_``:

>>> mask("banana", "a"), mask("banana", "z")
('_a_a_a', '______')

A letter the word lacks is a **miss**; a game with ``m`` misses allowed is lost
on miss ``m + 1``. In a tree a node calls a letter and branches on its mask; a
leaf is the word once it is the only one possible (the player then calls its
letters not yet called, all hits). A call that completes the word ends the
game, so it has no branch (as the all-green pattern has none in LINGO). A
secret's **turns** are all its calls, those after the leaf included; its
**misses** are counted until it is solved; the words lost are the tree's
``late`` list.

Strategies (:data:`STRATEGIES`), every tie to the first letter of the alphabet:

``risk``
    the post's risk-minimizing rule (McLoone): the letter in most candidates;
``uncertainty``
    the post's uncertainty-minimizing rule: least expected candidates after
    the call, sum of k^2 / n over the parts;
``optimal``
    fewest words lost for the misses allowed, then fewest misses (a lost word
    counts m + 1): a depth-first search with memoized positions. It tries every
    letter at positions of at most :data:`EXACT_BELOW` candidates and the best
    :data:`TOP` letters by both greedy rules above that, so a tree is *exact*
    only where no position was limited (its strategy block says which).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from generator.errors import RulesError, StrategyError
from generator.feedback import Pattern
from generator.rules import Game
from generator.tree import GameTree, Node, Stats, Tree, stats_of
from generator.words import Letter, Word, WordList

BLANK = "_"
EXACT_BELOW = 8      # optimal: every letter at positions of at most this many candidates
TOP = 1              # optimal: else the best TOP letters of each greedy rule
STRATEGIES = {
    "risk": "the letter in most candidates (McLoone; the post's risk-minimizing rule)",
    "uncertainty": "least expected candidates after the call (the post's uncertainty-minimizing rule)",
    "optimal": "fewest words lost, then fewest misses (depth-first search, memoized)",
}


def mask(word: Word, letter: Letter) -> Pattern:
    """The feedback of calling ``letter`` when the secret is ``word``."""
    return "".join(c if c == letter else BLANK for c in word)


def hangman_game(length: int, misses: int) -> Game:
    """The Hangman game of words of ``length`` letters with ``misses`` allowed:
    ``turns`` is the most calls a won game can take (every letter a hit, plus the misses)."""
    return Game("hangman", length=length, turns=length + misses, feedback="mask", misses=misses)


# --------------------------------------------------------------------------- positions


@dataclass
class Words:
    """The words of one length, with the positions of every letter as bit masks."""

    words: tuple[Word, ...]
    letters: tuple[Letter, ...]
    bits: np.ndarray = field(repr=False)  # (letters, words) int64: bit i set where letter at i

    @classmethod
    def of(cls, words: Sequence[Word], alphabet: Sequence[Letter]) -> Words:
        words = tuple(words)
        if not words:
            raise StrategyError("no words of that length")
        length = len(words[0])
        if length > 62 or any(len(w) != length for w in words):
            raise StrategyError("Hangman words must all have one length of at most 62")
        letters = tuple(alphabet)
        index = {c: i for i, c in enumerate(letters)}
        bits = np.zeros((len(letters), len(words)), np.int64)
        for j, w in enumerate(words):
            for i, c in enumerate(w):
                if c not in index:
                    raise StrategyError(f"{w!r}: {c!r} is not a letter of the alphabet")
                bits[index[c], j] |= 1 << i
        return cls(words, letters, bits)

    @property
    def length(self) -> int:
        return len(self.words[0])

    def pattern(self, letter: int, bit: int) -> Pattern:
        c = self.letters[letter]
        return "".join(c if bit >> i & 1 else BLANK for i in range(self.length))


def part_sizes(w: Words, cols: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every letter over candidates ``cols``: words that have it, number of
    parts, and the sum of squared part sizes."""
    sub = w.bits[:, cols]
    n = len(cols)
    hits = np.count_nonzero(sub, axis=1)
    s = np.sort(sub, axis=1)
    new = np.ones_like(s, dtype=bool)
    new[:, 1:] = s[:, 1:] != s[:, :-1]
    parts = new.sum(axis=1)
    # run lengths per row: positions where a run starts, then their differences
    flat = np.flatnonzero(new.ravel())
    ends = np.append(flat[1:], new.size)
    row_of = flat // n
    ends = np.minimum(ends, (row_of + 1) * n)
    squares = np.bincount(row_of, weights=(ends - flat) ** 2, minlength=len(w.letters))
    return hits, parts, squares.astype(np.int64)


def split(w: Words, letter: int, cols: np.ndarray) -> dict[int, np.ndarray]:
    """The parts of ``cols`` by the mask of ``letter``: bit mask -> columns, masks ascending."""
    keys = w.bits[letter, cols]
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    bounds = np.flatnonzero(np.diff(sk)) + 1
    return {int(sk[c[0]]): cols[order][c] for c in np.split(np.arange(len(cols)), bounds) if len(c)}


def greedy_letter(w: Words, cols: np.ndarray, called: int, rule: str) -> int:
    """The letter a greedy rule calls (``called``: bit set of letters called)."""
    hits, parts, squares = part_sizes(w, cols)
    free = np.array([not called >> i & 1 for i in range(len(w.letters))])
    if rule == "risk":
        keys = np.where(free, -hits, 1)
    elif rule == "uncertainty":
        keys = np.where(free, squares, np.iinfo(np.int64).max)
    else:
        raise StrategyError(f"unknown Hangman rule {rule!r}")
    return int(np.argmin(keys))  # the first letter among equals


def family_bound(words: Sequence[Word], misses: int) -> int:
    """Words any strategy loses with ``misses`` allowed, at least (see the
    module docstring): the best position's sum over its families.

    >>> family_bound(["bight", "fight", "light", "might", "night", "right", "tight"], 2)
    3
    """
    best = 0
    for i in range(len(words[0]) if words else 0):
        sizes: dict[str, int] = {}
        for w in words:
            rest = w[:i] + BLANK + w[i + 1:]
            if w[i] not in rest:
                sizes[rest] = sizes.get(rest, 0) + 1
        best = max(best, sum(max(0, k - misses - 1) for k in sizes.values()))
    return best


# --------------------------------------------------------------------------- trees


def _complete(w: Words, col: int, called: int) -> bool:
    need = 0
    for i in range(len(w.letters)):
        if w.bits[i, col]:
            need |= 1 << i
    return need & ~called == 0


def greedy_tree(w: Words, rule: str, cols: np.ndarray | None = None, called: int = 0) -> Tree:
    """The tree of a greedy rule over ``cols`` (default every word)."""
    cols = np.arange(len(w.words)) if cols is None else cols
    if len(cols) == 1:
        return w.words[int(cols[0])]
    letter = greedy_letter(w, cols, called, rule)
    return _node(w, letter, cols, called, lambda part, now: greedy_tree(w, rule, part, now))


def _node(w: Words, letter: int, cols: np.ndarray, called: int, grow: Any) -> Node:
    node = Node(w.letters[letter])
    now = called | 1 << letter
    for bit, part in split(w, letter, cols).items():
        if len(part) == 1 and _complete(w, int(part[0]), now):
            continue  # the call completes the word: the game is won, no branch
        node.next[w.pattern(letter, bit)] = grow(part, now)
    return node


class Optimal:
    """Fewest losses, then fewest misses, with ``misses`` allowed (see the module
    docstring for where the search is limited). Costs are
    ``losses * BIG + misses`` (a lost word counts ``misses + 1``)."""

    BIG = 1 << 32

    def __init__(self, w: Words, misses: int, *, exact_below: int = EXACT_BELOW, top: int = TOP,
                 max_positions: int | None = None) -> None:
        self.w, self.m, self.exact_below, self.top = w, misses, exact_below, top
        self.memo: dict[tuple[bytes, int], tuple[int, int]] = {}
        self.positions = 0
        self.limited = 0
        self.max_positions = max_positions

    def lost(self, n: int) -> int:
        return n * (self.BIG + self.m + 1)

    def solve(self, cols: np.ndarray, left: int, called: int) -> int:
        """Cost of the best play over ``cols`` with ``left`` misses to spare."""
        n = len(cols)
        if n == 1:
            return 0
        if left < 0:
            return self.lost(n)
        key = (cols.tobytes(), left)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        self.positions += 1
        if self.max_positions is not None and self.positions > self.max_positions:
            raise StrategyError(f"the optimal Hangman search passed {self.max_positions} positions")
        best, best_letter = -1, -1
        for letter in self.moves(cols, called):
            cost = 0
            for bit, part in split(self.w, letter, cols).items():
                if bit == 0:
                    cost += len(part) + (self.solve(part, left - 1, called | 1 << letter) if left > 0
                                         else self.lost(len(part)) - len(part))
                else:
                    cost += self.solve(part, left, called | 1 << letter)
                if best >= 0 and cost >= best:
                    break
            if best < 0 or cost < best:
                best, best_letter = cost, letter
                if best == 0:
                    break
        self.memo[key] = (best, best_letter)
        return best

    def moves(self, cols: np.ndarray, called: int) -> list[int]:
        """Letters worth calling: those that split the candidates (the best of
        each greedy rule first); above ``exact_below`` candidates only the ``top``
        best of each rule."""
        hits, parts, squares = part_sizes(self.w, cols)
        useful = [i for i in range(len(self.w.letters)) if parts[i] > 1 and not called >> i & 1]
        by_risk = sorted(useful, key=lambda i: (-hits[i], i))
        by_unc = sorted(useful, key=lambda i: (squares[i], i))
        order: list[int] = []
        for pair in zip(by_risk, by_unc):
            for i in pair:
                if i not in order:
                    order.append(i)
        if len(cols) > self.exact_below and len(order) > 2 * self.top:
            self.limited += 1
            keep = set(by_risk[: self.top]) | set(by_unc[: self.top])
            order = [i for i in order if i in keep]
        return order

    def tree(self, cols: np.ndarray | None = None, left: int | None = None, called: int = 0) -> Tree:
        cols = np.arange(len(self.w.words)) if cols is None else cols
        left = self.m if left is None else left
        if len(cols) == 1:
            return self.w.words[int(cols[0])]
        if left < 0:  # lost anyway: finish with the risk rule
            return greedy_tree(self.w, "risk", cols, called)
        self.solve(cols, left, called)
        letter = self.memo[(cols.tobytes(), left)][1]
        node = Node(self.w.letters[letter])
        now = called | 1 << letter
        for bit, part in split(self.w, letter, cols).items():
            if len(part) == 1 and _complete(self.w, int(part[0]), now):
                continue
            node.next[self.w.pattern(letter, bit)] = self.tree(part, left - (bit == 0), now)
        return node


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class Result:
    """How a secret went: calls in all, misses, lost."""

    turns: int
    misses: int
    lost: bool


def replay(tree: Tree, secret: Word, misses: int) -> Result:
    """Play ``secret`` through a tree (raises KeyError for a missing branch,
    ValueError for a wrong leaf or a letter called twice)."""
    called: set[str] = set()
    miss = 0
    node = tree
    need = set(secret)
    while True:
        if isinstance(node, str):
            if node != secret:
                raise ValueError(f"leaf {node!r} is not the secret {secret!r}")
            return Result(len(called) + len(need - called), miss, miss > misses)
        letter = node.guess
        if letter in called:
            raise ValueError(f"{letter!r} is called twice")
        called.add(letter)
        if letter not in need:
            miss += 1
        if need <= called:
            return Result(len(called), miss, miss > misses)
        node = node.next[mask(secret, letter)]


def results(tree: Tree, secrets: Sequence[Word], misses: int) -> dict[Word, Result]:
    return {s: replay(tree, s, misses) for s in secrets}


def hangman_stats(res: dict[Word, Result]) -> Stats:
    base = stats_of({s: r.turns for s, r in res.items()})
    hist: dict[int, int] = {}
    for r in res.values():
        hist[r.misses] = hist.get(r.misses, 0) + 1
    return Stats(base.secrets, base.total_turns, base.max_turns, base.turns, dict(sorted(hist.items())))


# --------------------------------------------------------------------------- building


def words_of_length(words: WordList, length: int) -> Words:
    sub = words.with_length(length) if words.length == 0 else words
    if sub.length != length:
        raise RulesError(f"word list {words.id!r} has words of {words.length} letters, not {length}")
    if any(len(x) != length for x in sub.words):
        raise RulesError(f"word list {words.id!r}: Hangman does not support digraphs")
    return Words.of(sub.words, words.alphabet.letters)


def build_root(w: Words, strategy: str, misses: int, **options: Any) -> tuple[Tree, dict[str, Any]]:
    """The tree of ``strategy`` and what its strategy block says about the search."""
    if strategy in ("risk", "uncertainty"):
        return greedy_tree(w, strategy), {}
    if strategy == "optimal":
        opt = Optimal(w, misses, **options)
        root = opt.tree()
        exact = opt.limited == 0
        return root, {
            "exact": exact,
            "losses_at_least": family_bound(w.words, misses),
            "search": (f"every letter that splits the candidates at positions of at most "
                       f"{opt.exact_below} words; above that the best {opt.top} letters of each greedy "
                       "rule" + ("" if exact else f" (limited at {opt.limited} positions: not proved)")),
            "positions": opt.positions,
        }
    raise StrategyError(f"unknown Hangman strategy {strategy!r} (expected one of: {', '.join(STRATEGIES)})")


def build(words: WordList, length: int, strategy: str, misses: int, **options: Any) -> GameTree:
    """The Hangman tree of ``strategy`` for the words of ``length`` letters of a list."""
    w = words_of_length(words, length)
    root, extra = build_root(w, strategy, misses, **options)
    res = results(root, w.words, misses)
    block = {"scheme": strategy, "rule": STRATEGIES[strategy], "ties": "the first letter of the alphabet",
             "losses": sum(r.lost for r in res.values()),
             "total_misses": sum(r.misses for r in res.values()), **extra}
    return GameTree(game=hangman_game(length, misses), answers=words.id, guesses=words.id,
                    secrets=w.words, root=root, strategy=block,
                    late=tuple(s for s, r in res.items() if r.lost), stats=hangman_stats(res))


@dataclass
class Evaluation:
    """Every word of a list played by one strategy, for several misses allowed."""

    strategy: str
    misses: tuple[int, ...]
    words: int = 0
    losses: dict[int, int] = field(default_factory=dict)       # misses allowed -> words lost
    total_misses: dict[int, int] = field(default_factory=dict)
    hardest: list[tuple[int, Word]] = field(default_factory=list)  # (misses, word), most first
    seconds: float = 0.0
    limited: bool = False


def evaluate(words: WordList, strategy: str, misses: Sequence[int], *,
             lengths: Sequence[int] | None = None, hardest: int = 10, **options: Any) -> Evaluation:
    """Play every word (of ``lengths``, default every length) and count, for
    each number of misses allowed, the words lost (more misses than allowed),
    and list the hardest words (most misses; with several ``misses`` values, as
    played for the first). The greedy rules do not depend on the misses
    allowed, so one tree per length serves them all; ``optimal`` builds one
    per length and value."""
    start = time.perf_counter()
    misses = tuple(misses)
    ev = Evaluation(strategy, misses, losses={m: 0 for m in misses},
                    total_misses={m: 0 for m in misses})
    by_len = sorted({len(x) for x in words.words}) if lengths is None else list(lengths)
    worst: list[tuple[int, Word]] = []
    for n in by_len:
        w = words_of_length(words, n)
        plans = [(misses[0], misses)] if strategy != "optimal" else [(m, (m,)) for m in misses]
        for build_m, counted in plans:
            root, extra = build_root(w, strategy, build_m, **options)
            if extra and not extra.get("exact", True):
                ev.limited = True
            res = results(root, w.words, build_m)
            for m in counted:
                ev.losses[m] += sum(r.misses > m for r in res.values())
                ev.total_misses[m] += sum(r.misses for r in res.values())
            if build_m == misses[0]:
                ev.words += len(res)
                worst.extend((-r.misses, s) for s, r in res.items())
    worst.sort()
    ev.hardest = [(-k, s) for k, s in worst[:hardest]]
    ev.seconds = time.perf_counter() - start
    return ev
