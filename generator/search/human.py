"""The human-playable scheme of the 1992 LINGO paper (section 4), and better.

For one start letter the player memorizes ``k`` **openers** and plays them
whatever the feedback (the game stops early only if an opener is the secret).
The openers' feedback puts the secret in a **group**. Then:

* ``human`` (memorize): every group holds at most ``turns - k`` words, so the
  player simply tries them; a larger group is an **exception**, for which the
  sheet names one extra word to play first (the paper's kogen/koven/kozen ->
  gazon), after which every part is small enough to try. The generator
  minimizes the words to learn (openers + exception moves), then the number
  of exceptions, then the total number of turns.
* ``human-lookup``: the player keeps the sheet at hand; fewer openers, larger
  groups, whose words are played in the sheet's order, skipping any word
  that earlier feedback has ruled out (a group that no order plays in time
  gets an exception move, as in the memorized scheme).

Either way the words of a group are listed in the order that is fastest on
average: the list is the preorder of the best tree that only plays words
still possible (:meth:`GroupOrderer.order`), so "play the first listed word still
possible" is exactly that tree, and every word is reached in time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, cast

import numpy as np

from generator.core.blocks import CardBlock
from generator.core.feedback import Pattern
from generator.core.partition import Matrix
from generator.core.scoring import rank, scm
from generator.core.tree import Node, Tree
from generator.core.words import Word
from generator.errors import StrategyError
from generator.search.learn import INF, Costs, Fewest, fewest_words
from generator.search.openers import group_scan, hill_climb, single_scan

#: the stages of the search, each with more words than the one before: their names in a scheme's notes
STAGE_NAMES = ("words in common use", "every word", "every word, secrets past the turns allowed")
CHAINS = 4  # hints: chains of openers from the best single openers by the sum of squared group sizes
MIN_TRIES = 2  # turns a player keeps to try the words left: at most turns - 2 openers
BRANCH = 6  # candidates tried per position when a group is too large for exhaustive ordering
EXHAUSTIVE_MOST = 9  # groups up to this size are ordered by exhaustive search


class SchemeKind(str, Enum):
    """How the player uses the scheme (its value is the strategy's name)."""

    MEMORIZE = "human"        # learn the openers and exception moves
    LOOKUP = "human-lookup"   # the sheet at hand: fewer openers, groups in the sheet's order
    SHARED = "shared"         # openers shared by every letter, probe words for large groups

    def __str__(self) -> str:
        return self.value


# -- ordering a group: the best tree that plays only candidates ----------------


@dataclass(frozen=True)
class Ordered:
    """A candidate-only tree over a group: its turns relative to its start."""

    tree: Tree
    total: int  # sum over the group's words of turns within this tree
    depth: int  # most turns within this tree

    def words(self) -> list[Word]:
        """The playing order: the tree's preorder (first word still possible)."""
        out: list[Word] = []

        def visit(t: Tree) -> None:
            if isinstance(t, str):
                out.append(t)
                return
            out.append(t.guess)
            for p in sorted(t.next, key=lambda p: _order_key(t.next[p])):
                visit(t.next[p])

        visit(self.tree)
        return out


def _order_key(t: Tree) -> str:
    return t if isinstance(t, str) else t.guess


class GroupOrderer:
    """Finds :class:`Ordered` trees, with a memo shared across groups."""

    def __init__(self, matrix: Matrix) -> None:
        self.matrix = matrix
        self.memo: dict[tuple[tuple[int, ...], int], Ordered] = {}

    def order(self, cols: np.ndarray, limit: int) -> Ordered:
        """The candidate-only tree over ``cols`` with the fewest total turns
        among those of depth <= ``limit`` (or the shallowest if none is)."""
        key = (tuple(int(c) for c in sorted(cols)), limit)
        hit = self.memo.get(key)
        if hit is None:
            hit = self._solve(np.array(key[0], dtype=np.int64), limit)
            self.memo[key] = hit
        return hit

    def _solve(self, cols: np.ndarray, limit: int) -> Ordered:
        m = self.matrix
        if len(cols) == 1:
            return Ordered(m.answer_word(int(cols[0])), 1, 1)
        rows = m.answer_as_guess[cols]
        if len(cols) > EXHAUSTIVE_MOST:
            stats = m.stats(rows, cols)
            rows = rows[rank(stats, scm, rows)[:BRANCH]]
        best: tuple[tuple[int, int, int, str], Ordered] | None = None
        for row in rows:
            word = m.guess_word(int(row))
            node = Node(word)
            total = len(cols)
            depth = 1
            for code, part in m.split(int(row), cols).items():
                if code == m.green:
                    continue
                sub = self.order(part, limit - 1)
                node.next[m.pattern(code)] = sub.tree
                total += sub.total
                depth = max(depth, 1 + sub.depth)
            key = (max(0, depth - limit), total, depth, word)
            if best is None or key < best[0]:
                best = (key, Ordered(node, total, depth))
        assert best is not None
        return best[1]


# -- a scheme: openers, groups, exceptions ---------------------------------------


@dataclass
class GroupPlan:
    """How to play a set of secrets once the openers (and any exception
    moves before) are played: either try ``words`` in order, or play the
    ``exception`` word first and then follow the plan of each feedback part."""

    words: list[Word]  # every secret of this plan, in playing order
    tree: Tree
    total: int  # turns over these secrets, counted from the first turn of the game
    late: list[Word] = field(default_factory=list)
    exception: Word | None = None
    parts: list[tuple[Pattern, GroupPlan]] = field(default_factory=list)

    @property
    def exceptions(self) -> int:
        return (1 if self.exception else 0) + sum(p.exceptions for _, p in self.parts)

    def data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"words": self.words}
        if self.exception:
            out["exception"] = self.exception
            out["parts"] = [dict(feedback=p, **plan.data()) for p, plan in self.parts]
        if self.late:
            out["late"] = self.late
        return out

    def exception_moves(self, path: tuple[Pattern, ...]) -> list[dict[str, Any]]:
        out = []
        if self.exception:
            out.append({"feedback": list(path), "word": self.exception})
            for p, plan in self.parts:
                out += plan.exception_moves(path + (p,))
        return out


@dataclass
class Group:
    """The secrets that give the openers one combination of feedback."""

    feedback: tuple[Pattern, ...]
    plan: GroupPlan

    @property
    def words(self) -> list[Word]:
        return self.plan.words


@dataclass
class Scheme:
    """A complete human scheme for one start letter."""

    openers: list[Word]
    groups: list[Group]
    opener_wins: dict[Word, tuple[int, tuple[Pattern, ...]]]  # secrets that are openers: turn, path
    turns: int
    kind: SchemeKind = SchemeKind.MEMORIZE
    proved: bool = False
    lower_bound: int = 0
    notes: list[str] = field(default_factory=list)
    shared: dict[str, Any] | None = None
    uncommon: list[Word] = field(default_factory=list)  # words it asks to say that are outside common use

    @property
    def k(self) -> int:
        return len(self.openers)

    @property
    def exceptions(self) -> int:
        return sum(g.plan.exceptions for g in self.groups)

    @property
    def words_to_learn(self) -> int:
        return self.k + self.exceptions

    @property
    def late(self) -> list[Word]:
        return sorted(w for g in self.groups for w in g.plan.late)

    @property
    def total_turns(self) -> int:
        return sum(g.plan.total for g in self.groups) + sum(t for t, _ in self.opener_wins.values())

    @property
    def largest_group(self) -> int:
        return max((len(g.words) for g in self.groups), default=0)

    def key(self) -> tuple[int, int, int, int]:
        """Smaller is better: late words, words to learn, exceptions, turns."""
        if self.kind is SchemeKind.LOOKUP:
            return (len(self.late), self.k, 0, self.total_turns)
        return (len(self.late), self.words_to_learn, self.exceptions, self.total_turns)

    def tree(self) -> Tree:
        """The complete strategy tree of this scheme."""
        if not self.openers:
            assert len(self.groups) == 1
            return self.groups[0].plan.tree
        root = Node(self.openers[0])
        for turn, path in self.opener_wins.values():  # the path to an opener that wins
            node = root
            for i, pattern in enumerate(path):
                child = node.next.get(pattern)
                if child is None:
                    child = node.next[pattern] = Node(self.openers[i + 1])
                assert isinstance(child, Node)
                node = child
        for g in self.groups:
            node = root
            for i, pattern in enumerate(g.feedback):
                if i + 1 == len(g.feedback):
                    assert pattern not in node.next
                    node.next[pattern] = g.plan.tree
                else:
                    child = node.next.get(pattern)
                    if child is None:
                        child = node.next[pattern] = Node(self.openers[i + 1])
                    assert isinstance(child, Node)
                    node = child
        return root

    def strategy_data(self) -> CardBlock:
        """The ``strategy`` block of the tree file: enough for a cheat sheet."""
        ordered = sorted(self.groups, key=lambda g: g.feedback)
        groups = [dict(feedback=list(g.feedback), **g.plan.data()) for g in ordered]
        return cast(CardBlock, {  # its shape is checked when the tree is written
            "scheme": self.kind.value,
            "openers": self.openers,
            "k": self.k,
            "words_to_learn": self.k if self.kind is SchemeKind.LOOKUP else self.words_to_learn,
            "exceptions": [e for g in ordered for e in g.plan.exception_moves(g.feedback)],
            "largest_group": self.largest_group,
            "proved_minimal": self.proved,
            "lower_bound": self.lower_bound,
            "search": "; ".join(self.notes),
            "groups": groups,
            **({"shared": self.shared} if self.shared else {}),
            **({"uncommon": self.uncommon} if self.uncommon else {}),
        })


def split_by_openers(matrix: Matrix, openers: tuple[int, ...], cols: np.ndarray
                     ) -> tuple[dict[Word, tuple[int, tuple[Pattern, ...]]], list[tuple[tuple[Pattern, ...], np.ndarray]]]:
    """What the openers (guess rows), played whatever the feedback, make of
    the secrets ``cols``: (the secrets that are openers, each with its turn
    and the feedback before it; the groups, each the feedback of every
    opener and its secrets, in the order of the feedback's codes)."""
    m = matrix
    wins: dict[Word, tuple[int, tuple[Pattern, ...]]] = {}
    keys = np.zeros(len(cols), dtype=np.int64)
    alive = np.ones(len(cols), dtype=bool)
    for i, r in enumerate(openers):
        codes = m.codes[r, cols].astype(np.int64)
        hit = alive & (codes == m.green)
        for j in np.flatnonzero(hit):
            path = tuple(m.pattern(int(m.codes[o, cols[j]])) for o in openers[:i])
            wins[m.answer_word(int(cols[j]))] = (i + 1, path)
        alive &= ~hit
        keys = keys * m.npatterns + codes
    groups = []
    rest = cols[alive]
    rest_keys = keys[alive]
    for key in np.unique(rest_keys):
        feedback = []
        kk = int(key)
        for _ in openers:
            kk, c = divmod(kk, m.npatterns)
            feedback.append(m.pattern(c))
        groups.append((tuple(reversed(feedback)), rest[rest_keys == key]))
    return wins, groups


class SchemeBuilder:
    """Evaluates opener sets for one letter and searches for the best scheme."""

    def __init__(self, matrix: Matrix, cols: np.ndarray, rows: np.ndarray, turns: int,
                 kind: SchemeKind = SchemeKind.MEMORIZE, *, uncommon: np.ndarray | None = None,
                 seed: int = 1, restarts: int = 24,
                 probes: dict[tuple[Pattern, ...], int] | None = None, max_k: int = 3) -> None:
        self.matrix = matrix
        self.cols = np.asarray(cols, dtype=np.int64)
        self.rows = np.asarray(rows, dtype=np.int64)
        # the words a player is asked to say: common ones first (those of ``rows``
        # at the positions ``uncommon`` are outside common use)
        self.uncommon = np.zeros(0, np.int64) if uncommon is None else np.asarray(uncommon, dtype=np.int64)
        self.turns = turns
        self.kind = kind
        self.seed = seed
        self.restarts = restarts
        self.orderer = GroupOrderer(matrix)
        self.probes = probes or {}  # feedback of the openers -> exception row to use
        self.max_k = max_k  # most openers tried
        self.costs: Costs | None = None  # the memorized scheme's exact exception moves, once searched

    # -- evaluation --

    def scheme_for(self, openers: tuple[int, ...]) -> Scheme:
        """The scheme of these openers (guess rows), groups planned."""
        k = len(openers)
        wins, split = split_by_openers(self.matrix, openers, self.cols)
        groups = [self._group(feedback, members, k, self.turns - k) for feedback, members in split]
        return Scheme([self.matrix.guess_word(r) for r in openers], groups, wins, self.turns, self.kind)

    def _group(self, feedback: tuple[Pattern, ...], members: np.ndarray, k: int, left: int) -> Group:
        if feedback in self.probes and len(members) > left:
            return Group(feedback, self._exception(members, k, [self.probes[feedback]]))
        return Group(feedback, self._plan(members, k))

    def _plan(self, members: np.ndarray, used: int) -> GroupPlan:
        """GroupPlan for ``members`` with ``used`` turns already played."""
        left = self.turns - used
        n = len(members)
        if self.costs is not None and n > left:
            return self._exact_plan(members, used)
        if self.kind is SchemeKind.LOOKUP or n <= left or left <= 1:
            o = self.orderer.order(members, max(left, 1))
            if o.depth <= left or left <= 1 or n <= left:
                late = self._late(o.tree, used) if o.depth > left else []
                return GroupPlan(o.words(), o.tree, o.total + used * n, late)
            # a lookup group that no sheet order plays in time: an exception
            # move first, as in the memorized scheme
        return self._exception(members, used)

    def _exception(self, members: np.ndarray, used: int, only: list[int] | None = None) -> GroupPlan:
        """An oversized set: one extra word, then a plan for every part.
        ``only`` names the exception rows to consider (default: the 12 best by
        SCM of the words in common use, and of all words where those leave a
        secret late)."""
        if only is not None:
            return self._exception_of(members, used, np.asarray(only, dtype=np.int64))
        common = self._common_rows()
        plan = self._exception_of(members, used, common)
        if plan.late and len(common) < len(self.rows):
            wider = self._exception_of(members, used, self.rows)
            if len(wider.late) < len(plan.late):
                return wider
        return plan

    def _common_rows(self) -> np.ndarray:
        """The rows of words in common use (all rows where there are none)."""
        common = np.delete(self.rows, self.uncommon)
        return common if len(common) else self.rows

    def _exception_of(self, members: np.ndarray, used: int, rows: np.ndarray) -> GroupPlan:
        """:meth:`_exception` among the words ``rows``."""
        m = self.matrix
        stats = m.stats(rows, members)
        order = rank(stats, scm, rows)
        # words that leave every part small enough need no further exception:
        # the best 12 of those; where there are none, the best 3 of all
        enough = order[stats.largest[order] <= max(self.turns - used - 1, 1)]
        choices = enough[:12] if len(enough) else order[:3]
        best: tuple[tuple[int, int, int, str], GroupPlan] | None = None
        for i in choices:
            row = int(rows[int(i)])
            if stats.largest[int(i)] == len(members) and not stats.wins[int(i)]:
                continue  # splits nothing
            result = self._after(members, used, row)
            key = (len(result.late), result.exceptions, result.total, result.exception or "")
            if best is None or key < best[0]:
                best = (key, result)
        if best is None:  # nothing splits the set: try its words in order
            o = self.orderer.order(members, self.turns - used)
            return GroupPlan(o.words(), o.tree, o.total + used * len(members), self._late(o.tree, used))
        return best[1]

    def _exact_plan(self, members: np.ndarray, used: int) -> GroupPlan:
        """The plan of a group too large for the turns left, with the fewest
        exception moves (:meth:`generator.search.learn.Costs.exceptions`)."""
        costs = self.costs
        assert costs is not None
        left = self.turns - used
        _, move = costs.exceptions(np.searchsorted(costs.cols, members), left)
        if move < 0:  # no move plays it in time: try its words, the last ones late
            o = self.orderer.order(members, max(left, 1))
            return GroupPlan(o.words(), o.tree, o.total + used * len(members), self._late(o.tree, used))
        return self._after(members, used, int(costs.rows[move]))

    def _after(self, members: np.ndarray, used: int, row: int) -> GroupPlan:
        """The plan of ``members`` with exception move ``row`` first, then a plan for every part."""
        m = self.matrix
        word = m.guess_word(row)
        node = Node(word)
        total = 0
        parts: list[tuple[Pattern, GroupPlan]] = []
        words: list[Word] = []
        for code, part in m.split(row, members).items():
            if code == m.green:
                words.append(word)
                total += used + 1
                continue
            plan = self._plan(part, used + 1)
            node.next[m.pattern(code)] = plan.tree
            parts.append((m.pattern(code), plan))
            total += plan.total
        words += [w for _, plan in parts for w in plan.words]
        late = sorted(w for _, plan in parts for w in plan.late)
        return GroupPlan(words, node, total, late, word, parts)

    def _late(self, tree: Tree, before: int) -> list[Word]:
        """Words of ``tree`` (which starts at turn before+1) solved after the last turn."""
        out: list[Word] = []

        def visit(t: Tree, turn: int) -> None:
            word = t if isinstance(t, str) else t.guess
            if turn > self.turns:
                out.append(word)
            if isinstance(t, Node):
                for sub in t.next.values():
                    visit(sub, turn + 1)

        visit(tree, before + 1)
        # a node's guess is a secret only where it is a candidate; keep real secrets
        secrets = {self.matrix.answer_word(int(c)) for c in self.cols}
        return sorted(w for w in out if w in secrets)

    # -- search --

    def search(self) -> Scheme:
        """The best scheme found, with whether its minimality is proved."""
        scheme = self._search_lookup() if self.kind is SchemeKind.LOOKUP else self._search_human()
        return self.mark_uncommon(scheme)

    def mark_uncommon(self, scheme: Scheme) -> Scheme:
        """``scheme`` with the words it asks to say that are outside common use named."""
        rare = {self.matrix.guess_word(int(r)) for r in self.rows[self.uncommon]}
        said = [*scheme.openers, *(e["word"] for g in scheme.groups for e in g.plan.exception_moves(g.feedback))]
        scheme.uncommon = sorted(rare.intersection(said))
        return scheme

    def _best(self, openers: list[tuple[int, ...]], best: Scheme | None) -> Scheme:
        for o in openers:
            s = self.scheme_for(o)
            if best is None or s.key() < best.key():
                best = s
        if best is None:
            raise StrategyError("no openers to evaluate")
        return best

    def _fewest(self) -> tuple[Fewest, Costs]:
        """The fewest words to learn (:func:`generator.search.learn.fewest_words`),
        every secret in time: with words in common use alone; where they
        cannot, with the fewest words outside it; where no words can, with the
        fewest secrets past the turns."""
        m, cols, T = self.matrix, self.cols, self.turns
        common = np.setdiff1d(np.arange(len(self.rows)), self.uncommon)
        stages: list[tuple[np.ndarray, np.ndarray | None, bool]] = []
        if len(self.uncommon) and len(common):
            stages.append((self.rows[common], None, False))
        stages += [(self.rows, self.uncommon, False), (self.rows, self.uncommon, True)]
        given_up: list[str] = []  # the stages before, where the search stopped without an answer
        for (rows, uncommon, allow_late), name in zip(stages, STAGE_NAMES[-len(stages):]):
            costs = Costs(m, cols, rows, T, uncommon, allow_late)
            found = fewest_words(costs, self.max_k, self._hints(rows))
            if found.cost < INF:
                break
            if costs.spent:
                given_up.append(f"{name}: not settled ({found.notes[-1]})")
        found.notes[:0] = given_up
        return found, costs

    def _hints(self, rows: np.ndarray) -> list[tuple[int, ...]]:
        """Sets of two and more openers (positions in ``rows``): a first bound
        for the exact search, and the sets it cannot scan where there are too
        many. Those that leave few groups too large, by hill climbing; and,
        where every group is too large for that to tell sets apart (many
        secrets), each of the :data:`CHAINS` best single openers by the sum of
        squared group sizes, followed by the word that leaves that sum least,
        and again."""
        out = []
        top = min(self.max_k, self.turns - 1)
        for k in range(2, top + 1):
            for x in hill_climb(self.matrix, self.cols, rows, k, self.turns - k, restarts=self.restarts,
                                seed=self.seed, keep=4, enough=4):
                if len(set(x.rows)) == k:
                    out.append(tuple(int(i) for i in np.searchsorted(rows, x.rows)))
        if top >= 2:
            _, _, squares = group_scan(self.matrix, (), self.cols, rows, self.turns)
            for first in np.lexsort((rows, squares))[:CHAINS]:
                chain: tuple[int, ...] = (int(rows[first]),)
                while len(chain) < top:
                    _, _, squares = group_scan(self.matrix, chain, self.cols, rows, self.turns)
                    chain += (int(rows[np.lexsort((rows, squares))[0]]),)
                    if len(set(chain)) == len(chain):
                        out.append(tuple(int(i) for i in np.searchsorted(rows, chain)))
        return out

    def _search_human(self) -> Scheme:
        n, T = len(self.cols), self.turns
        if n <= T:
            s = self.scheme_for(())
            s.proved, s.lower_bound = True, 0
            s.notes = ["no opener needed: at most as many words as turns"]
            return s
        found, self.costs = self._fewest()
        best = self.scheme_for(tuple(int(self.costs.rows[r]) for r in found.openers))
        if best.words_to_learn != found.words or len(best.late) != found.late:
            raise StrategyError(f"the scheme of {' '.join(best.openers)} has {best.words_to_learn} words and "
                                f"{len(best.late)} late, its search {found.words} and {found.late}")
        best.lower_bound = found.lower_bound
        best.proved = found.proved
        best.notes = found.notes
        return best

    def _search_lookup(self) -> Scheme:
        """Fewest openers whose groups can all be played in sheet order in time;
        then fewest total turns."""
        T = self.turns
        notes = []
        rows = self._common_rows()  # openers in common use
        singles = single_scan(self.matrix, self.cols, rows, T - 1)
        singles.sort(key=lambda x: (x.squares, x.rows))
        best = self._best([x.rows for x in singles[:24]], None)
        assert best is not None
        notes.append("k=1: the 24 openers in common use with the smallest sum of squared group sizes")
        k = 2
        while best.late and k <= min(T - 1, self.max_k):
            found = hill_climb(self.matrix, self.cols, rows, k, T - k,
                               restarts=self.restarts, seed=self.seed, keep=12, enough=4)
            best = self._best([x.rows for x in found], best)
            notes.append(f"k={k}: hill climbing, {self.restarts} random restarts, seed {self.seed}")
            k += 1
        best.lower_bound = 1 if len(self.cols) > T else 0
        best.proved = not best.late and best.k <= best.lower_bound
        best.notes = notes
        return best


def best_scheme(matrix: Matrix, cols: np.ndarray, rows: np.ndarray, turns: int,
                kind: SchemeKind = SchemeKind.MEMORIZE, seed: int = 1, max_k: int = 3,
                uncommon: np.ndarray | None = None) -> Scheme:
    """Search the best human scheme for the secrets ``cols``.

    Parameters
    ----------
    matrix
        the set-up's feedback matrix.
    cols
        the secrets (answer indices) of one start letter.
    rows
        the guesses a player may be asked to say (openers, exception moves).
    turns
        turns in the game (5 for LINGO).
    kind
        :attr:`SchemeKind.MEMORIZE` or :attr:`SchemeKind.LOOKUP`.
    seed
        seed of the random restarts of hill climbing (the sheet at hand).
    max_k
        the most openers (the player keeps ``turns - max_k`` turns to try
        the words left).
    uncommon
        the positions in ``rows`` of words outside common use: a scheme
        takes them only where the others cannot play every secret in time.
    """
    return SchemeBuilder(matrix, cols, rows, turns, kind, uncommon=uncommon, seed=seed, max_k=max_k).search()

