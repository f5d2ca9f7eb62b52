"""Hangman: the partition game with letters.

The secret is a word of a known length; a **move** is a letter not called
before; the feedback (kind ``mask``) is the word with every letter but the one
called as ``_``:

>>> from generator.core.kinds import mask
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

Strategies (the ``hangman`` family of :mod:`generator.core.strategies`), every
tie to the first letter of the alphabet:

``risk``
    the post's risk-minimizing rule (McLoone): the letter in most candidates;
``uncertainty``
    the post's uncertainty-minimizing rule: least expected candidates after
    the call, sum of k^2 / n over the parts;
``optimal``
    fewest words lost for the misses allowed, then fewest misses (a lost word
    counts m + 1): a depth-first search with memoized positions. It tries every
    letter at positions of at most :data:`EVERY_LETTER_BELOW` candidates and
    the best :data:`TOP` letters by both greedy rules above that; at positions of at
    most :data:`LOSS_BELOW` candidates it adds a letter of fewest losses found
    by :class:`LossSearch` (an exact branch-and-bound search on losses alone),
    so there the tree loses no more words than any tree can. Where the tree's
    losses are not proved, the search is **widened**: run again with one more
    letter of each rule, then two, ..., while each wider tree is better and
    the wider searches stay within :data:`WIDEN_POSITIONS` positions together;
    the best tree is kept. Where they are still not proved and the length has
    at most :data:`PROVE_BELOW` words, a loss search covers the start (within
    :data:`PROVE_POSITIONS`); if it finds fewer losses than the tree's, the
    search runs once more trying its letters too, and so loses no more. A
    tree is *exact*
    where no position was limited; its losses are *proved* minimal where the
    loss search covered the start or a proved lower bound equals them (its
    strategy block says which).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from generator.core.blocks import StrategyBlock
from generator.core.feedback import Pattern
from generator.core.kinds import BLANK, Calls, replay_calls
from generator.core.rules import Game
from generator.core.strategies import strategy_info
from generator.core.tree import GameTree, Node, Stats, Tree, stats_of
from generator.core.words import Letter, Word, WordList
from generator.errors import RulesError, StrategyError
from generator.games import hangman_kernels as kernels
from generator.search.exact import INF
from generator.search.memo import new_memo

EVERY_LETTER_BELOW = 8  # optimal: every letter at positions of at most this many candidates
TOP = 1              # optimal: else the best TOP letters of each greedy rule
LOSS_BELOW = 100     # optimal: and at positions of at most this many words, a letter of fewest losses
LOSS_BUDGET = 5_000  # found by a loss search of at most this many new positions
ROOT_BELOW, ROOT_BUDGET = 200, 500_000  # and at the start of at most 200 words, of at most 500,000
LOSS_KEPT = 1 << 30   # bytes of positions a loss search keeps (its memo is emptied past this between searches)
WIDEN_POSITIONS = 1_500_000  # optimal: losses not proved: TOP + 1, + 2, ... within this many positions together
PROVE_BELOW = 1_000  # then, on at most this many words, a loss search at the start
PROVE_POSITIONS = 10_000_000  # of at most this many positions


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
    return max((sum(max(0, f.bit_count() - misses - 1) for f in families_at(words, i))
                for i in range(len(words[0]) if words else 0)), default=0)


def families_at(words: Sequence[Word], i: int) -> list[int]:
    """The families at position ``i``, as bit sets of word indices: words
    alike but at ``i``, whose letter there is nowhere else in them."""
    fam: dict[str, int] = {}
    for j, w in enumerate(words):
        rest = w[:i] + BLANK + w[i + 1:]
        if w[i] not in rest:
            fam[rest] = fam.get(rest, 0) | 1 << j
    return list(fam.values())


class Budget(Exception):
    """A search passed its budget of positions."""


class LossSearch:
    """Fewest words lost, exactly: a branch-and-bound search memoized on
    (candidates, misses to spare), in numba (:mod:`generator.games.hangman_kernels`).

    Exact facts it uses: a position of k <= spare + 1 words loses none (any
    letter that splits does); a letter every candidate has never hurts, so it
    is called at once; a position loses at least the family bound (see
    :func:`family_bound`) and at least the cover bound (along the misses at
    most spare + 1 letters are called and only words with one of them are
    won, besides one word left alone); a letter costs at least the sum of its
    parts' bounds, so it is cut once that reaches the best so far. Letters
    that make the same parts are one move; moves are tried by their largest
    part, then their missed part, then the letter.
    :meth:`best` returns the exact losses; inside, a position searched with a
    ``beta`` gets its exact losses when they are below ``beta``, else a bound
    of at least ``beta``, kept for later searches (up to :data:`LOSS_KEPT`
    bytes reckoned as ``len(words) // 8 + 100`` a position, the size of a
    bit set of the whole list as an earlier pure-Python search kept them:
    past that :meth:`best` starts afresh, exactly where that one did, so the
    trees are the same).
    """

    def __init__(self, w: Words) -> None:
        self.w = w
        self.lex = self.lexicon(w)
        self.memo = new_memo()
        self.st = np.zeros(3, np.int64)  # see hangman_kernels

    @staticmethod
    def lexicon(w: Words) -> tuple[np.ndarray, ...]:
        """The words as the kernels read them (``lex``: see :mod:`generator.games.hangman_kernels`)."""
        n, letters = len(w.words), len(w.letters)
        group = np.empty(w.bits.shape, np.int64)
        groups = np.empty(letters, np.int64)
        for a, row in enumerate(w.bits):
            masks, group[a] = np.unique(row, return_inverse=True)
            groups[a] = len(masks)
        lacks = np.array([(row == 0).any() for row in w.bits], np.bool_)
        fam_of = np.full((w.length, n), -1, np.int64)
        most = 1
        for i in range(w.length):
            fams = [f for f in families_at(w.words, i) if f.bit_count() > 1]
            most = max(most, len(fams))
            for k, f in enumerate(fams):
                while f:
                    fam_of[i, (f & -f).bit_length() - 1] = k
                    f &= f - 1
        keys = np.random.default_rng(20261126).integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        letters_of = np.full((n, w.length), -1, np.int64)
        ranks_of = np.zeros((n, w.length), np.int64)
        for j in range(n):
            has = np.flatnonzero(w.bits[:, j])
            letters_of[j, :len(has)] = has
            ranks_of[j, :len(has)] = group[has, j]
        ranks = int(groups.max())
        return (group, groups, lacks, fam_of, keys, np.zeros(most, np.int64), letters_of, ranks_of,
                np.zeros((letters, ranks), np.int64), np.zeros((letters, ranks), np.uint64),
                np.zeros((letters, ranks), np.int64), np.zeros(letters, np.int64))

    @property
    def nodes(self) -> int:
        """Positions searched so far (every search counted)."""
        return int(self.st[0])

    def kept(self) -> int:
        """Positions whose losses or a bound are kept."""
        return int(self.memo[3][0])

    def bound(self, cols: np.ndarray, spare: int) -> int:
        """Losses at least over ``cols`` (the family and cover bounds)."""
        return int(kernels.bound(np.sort(cols).astype(np.int64), spare, self.lex))

    def best(self, cols: np.ndarray, spare: int, budget: int) -> tuple[int, int] | None:
        """(fewest losses, a letter that reaches them, or -1 when any letter
        that splits does) over ``cols``, or None if the search passes
        ``budget`` new positions."""
        if self.kept() * (len(self.w.words) // 8 + 100) > LOSS_KEPT:
            self.memo = new_memo()
        cols = np.sort(cols).astype(np.int64)
        self.st[1] = self.st[0] + budget
        self.st[2] = 0
        value = kernels.solve(cols, spare, INF, self.lex, self.memo, self.st)
        if self.st[2]:
            return None
        return int(value), int(kernels.letter_of(cols, spare, self.lex, self.memo))

    def letter(self, cols: np.ndarray, spare: int) -> int:
        """A letter of fewest losses over ``cols`` if a search found them
        exactly (-1: none found, or any letter that splits)."""
        return int(kernels.letter_of(np.sort(cols).astype(np.int64), spare, self.lex, self.memo))


# --------------------------------------------------------------------------- trees


def _complete(w: Words, col: int, called: int) -> bool:
    need = 0
    for i in range(len(w.letters)):
        if w.bits[i, col]:
            need |= 1 << i
    return need & ~called == 0


def call_tree(w: Words, rule: str, cols: np.ndarray | None = None, called: int = 0) -> Tree:
    """The tree of a greedy rule over ``cols`` (default every word)."""
    cols = np.arange(len(w.words)) if cols is None else cols
    if len(cols) == 1:
        return w.words[int(cols[0])]
    letter = greedy_letter(w, cols, called, rule)
    return _node(w, letter, cols, called, lambda part, now: call_tree(w, rule, part, now))


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

    def __init__(self, w: Words, misses: int, *, every_letter_below: int = EVERY_LETTER_BELOW, top: int = TOP,
                 loss_below: int = LOSS_BELOW, loss_budget: int = LOSS_BUDGET,
                 max_positions: int | None = None, loss: LossSearch | None = None,
                 guide: LossSearch | None = None) -> None:
        self.w, self.m, self.every_letter_below, self.top = w, misses, every_letter_below, top
        self.loss_below, self.loss_budget = loss_below, loss_budget
        self.loss = LossSearch(w) if loss is None else loss  # a wider search shares the narrower's
        self.guide = guide  # a loss search whose letters of fewest losses are tried too
        self.loss_failed = 0
        self.root_losses: int | None = None  # proved fewest losses of all the words, if found
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
            raise Budget
        best, best_letter = -1, -1
        for letter in self.moves(cols, called, left):
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

    def moves(self, cols: np.ndarray, called: int, left: int) -> list[int]:
        """Letters worth calling: those that split the candidates (the best of
        each greedy rule first); above ``every_letter_below`` candidates only
        the ``top`` best of each rule, and up to ``loss_below`` candidates a letter of
        fewest losses from the loss search (when it finishes within its budget)
        and from the ``guide``'s (where it found them)."""
        hits, parts, squares = part_sizes(self.w, cols)
        useful = [i for i in range(len(self.w.letters)) if parts[i] > 1 and not called >> i & 1]
        by_risk = sorted(useful, key=lambda i: (-hits[i], i))
        by_unc = sorted(useful, key=lambda i: (squares[i], i))
        order: list[int] = []
        for pair in zip(by_risk, by_unc):
            for i in pair:
                if i not in order:
                    order.append(i)
        if len(cols) <= self.every_letter_below:
            return order
        found = None
        root = len(cols) == len(self.w.words)
        if len(cols) <= self.loss_below or root and len(cols) <= ROOT_BELOW:
            found = self.loss.best(cols, left, ROOT_BUDGET if root else self.loss_budget)
            if found is None:
                self.loss_failed += 1
            elif root:
                self.root_losses = found[0]
        if len(order) > 2 * self.top:
            self.limited += 1
            keep = set(by_risk[: self.top]) | set(by_unc[: self.top])
            if found is not None and found[1] >= 0:
                keep.add(found[1])  # so the tree loses no more than the fewest possible here
            if self.guide is not None and (guided := self.guide.letter(cols, left)) >= 0:
                keep.add(guided)  # likewise
            order = [i for i in order if i in keep]
        return order

    def cost(self) -> int:
        """Cost of the tree of :meth:`tree` (``losses * BIG + misses``)."""
        if len(self.w.words) == 1:
            return 0
        return self.memo[(np.arange(len(self.w.words)).tobytes(), self.m)][0]

    def losses(self) -> int:
        """Words lost by the tree of :meth:`tree`."""
        return self.cost() // self.BIG

    def tree(self, cols: np.ndarray | None = None, left: int | None = None, called: int = 0) -> Tree:
        cols = np.arange(len(self.w.words)) if cols is None else cols
        left = self.m if left is None else left
        if len(cols) == 1:
            return self.w.words[int(cols[0])]
        if left < 0:  # lost anyway: finish with the risk rule
            return call_tree(self.w, "risk", cols, called)
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


def results(tree: Tree, secrets: Sequence[Word], misses: int) -> dict[Word, Calls]:
    """How every secret goes through ``tree`` (:func:`generator.core.kinds.replay_calls`)."""
    return {s: replay_calls(tree, s, misses) for s in secrets}


def hangman_stats(res: dict[Word, Calls]) -> Stats:
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
        return call_tree(w, strategy), {}
    if strategy == "optimal":
        return _optimal_root(w, misses, options)
    strategy_info("hangman", strategy)  # an unknown name: its one-line error
    raise StrategyError(f"the Hangman strategy {strategy!r} builds no tree here")


def _optimal_root(w: Words, misses: int, options: dict[str, Any]) -> tuple[Tree, dict[str, Any]]:
    """The optimal tree (see the module's docstring): the search of the best
    letters, widened while its losses are not proved, then, where they are
    still not, a loss search at the start whose letters are tried too."""
    widen = options.pop("widen", WIDEN_POSITIONS)
    prove = options.pop("prove", PROVE_POSITIONS)
    opt = Optimal(w, misses, **options)
    root = opt.tree()
    floor = max(opt.loss.bound(np.arange(len(w.words)), misses), opt.root_losses or 0)

    def proved(o: Optimal) -> bool:  # exact, covered by the loss search, or at the bound
        return o.limited == 0 or o.root_losses is not None or o.losses() == floor

    first_top, first_losses, positions = opt.top, opt.losses(), opt.positions
    opt, root, spent = _widened(w, misses, options, opt, root, proved, widen)
    prover, fewest, guided_positions = None, None, 0
    if not proved(opt) and prove and len(w.words) <= PROVE_BELOW:
        prover = LossSearch(w)  # its own memo: the trees above do not depend on it
        fewest = prover.best(np.arange(len(w.words)), misses, prove)
        if fewest is not None:
            floor = max(floor, fewest[0])
            if opt.losses() > fewest[0]:  # its letters lose fewer: search again trying them too
                guided = Optimal(w, misses, **{**options, "top": opt.top}, loss=opt.loss, guide=prover)
                guided_root = guided.tree()
                guided_positions = guided.positions
                if guided.cost() < opt.cost():
                    opt, root = guided, guided_root
    widened = ("" if opt.top == first_top else
               f"; widened from the best {first_top} (the tree lost {first_losses} words)")
    proof = ("" if prover is None else
             f"; then a loss search at the start (of at most {PROVE_BELOW} words) of at most {prove} positions: "
             + (f"the fewest losses {fewest[0]} in {prover.nodes} positions" if fewest else "gave up")
             + (f"; its letters tried too ({guided_positions} positions)" if guided_positions else ""))
    return root, {
        "complete": opt.limited == 0,
        "losses_proved": proved(opt),
        "losses_at_least": floor,
        "search": _search_note(opt) + widened
        + (f"; widened searches of at most {widen} positions together, {spent} spent" if spent else "") + proof,
        "top": opt.top,
        "positions": positions + spent + guided_positions,
        "loss_positions": opt.loss.nodes + (prover.nodes if prover else 0),
    }


def _widened(w: Words, misses: int, options: dict[str, Any], opt: Optimal, root: Tree,
             proved: Callable[[Optimal], bool], widen: int) -> tuple[Optimal, Tree, int]:
    """The search ``opt`` (its tree ``root``) widened to the best ``top + 1``,
    ``top + 2``... letters while its losses are not proved and a wider one
    costs less, within ``widen`` positions together: (the search, its tree,
    the positions spent)."""
    spent = 0
    while not proved(opt) and spent < widen:
        wider = Optimal(w, misses, **{**options, "top": opt.top + 1}, max_positions=widen - spent,
                        loss=opt.loss)
        try:
            wider_root = wider.tree()
        except Budget:
            return opt, root, widen
        spent += wider.positions
        if wider.cost() >= opt.cost():
            break
        opt, root = wider, wider_root
    return opt, root, spent


def _search_note(opt: Optimal) -> str:
    """How the search ``opt`` chose its letters, and what it left unproved."""
    return (f"every letter that splits the candidates at positions of at most "
            f"{opt.every_letter_below} words; above that the best {opt.top} letters of each greedy "
            f"rule and, at positions of at most {opt.loss_below} words, a letter "
            f"of fewest losses if a loss search of at most {opt.loss_budget} positions finds one "
            f"(at the start of at most {ROOT_BELOW} words, of {ROOT_BUDGET})"
            + ("" if opt.limited == 0 else f" (limited at {opt.limited} positions, the loss search gave up "
                                           f"at {opt.loss_failed}: misses not proved)"))


def hangman_tree(words: WordList, length: int, strategy: str, misses: int, **options: Any) -> GameTree:
    """The Hangman tree of ``strategy`` for the words of ``length`` letters of a list."""
    w = words_of_length(words, length)
    root, extra = build_root(w, strategy, misses, **options)
    res = results(root, w.words, misses)
    block: dict[str, Any] = {"scheme": strategy, "method": strategy_info("hangman", strategy).method, "ties": "the first letter of the alphabet",
             "losses": sum(r.lost for r in res.values()),
             "total_misses": sum(r.misses for r in res.values()), **extra}
    return GameTree(game=hangman_game(length, misses), answers=words.id, guesses=words.id,
                    secrets=w.words, root=root, strategy=cast(StrategyBlock, block),  # checked when written
                    late=tuple(s for s, r in res.items() if r.lost), stats=hangman_stats(res))
