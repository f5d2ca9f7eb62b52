"""Mastermind and Bulls and Cows: the same partition game with codes.

A **Code** is a string of ``p`` symbols (``"1122"``): Mastermind uses the
colours ``1..c`` and allows repeats (4 positions of 6 colours: 1296 codes);
Bulls and Cows uses the digits ``0..9`` without repeats (4 of 10: 5040 codes).
Any code of the game may be guessed. The feedback (kind ``pegs``) is written
``<b>B<w>W``: ``b`` black pegs (right symbol, right place) and ``w`` white pegs
(right symbol elsewhere, each secret symbol matched once):

>>> pegs("1122", "1223")
'2B1W'
>>> pegs("1234", "4321"), pegs("1111", "1122")
('0B4W', '2B0W')

A peg pattern is coded as ``b * (p + 1) + w`` (the win is ``p * (p + 1)``),
so a :class:`~generator.core.partition.CodedMatrix` of codes feeds the heuristics,
:func:`generator.search.greedy.build_greedy` and the exact search
(:class:`generator.search.exact.Search`) unchanged.

Strategies (:data:`STRATEGIES`): ``knuth`` (Knuth 1976: open 1122, then the
guess whose largest part is smallest, a possible code first, then the
smallest code), the greedy ``expected``, ``entropy`` and ``most-parts``
(Irving, Neuwirth, Kooi: each heuristic also picks the opener), and the exact
``optimal`` (least total guesses, no cap) and ``optimal-5`` (least total
within five guesses).
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from generator.errors import RulesError, StrategyError
from generator.core.feedback import Pattern
from generator.search.greedy import build_greedy
from generator.core.partition import CodedMatrix
from generator.core.rules import Game
from generator.core.scoring import Heuristic
from generator.core.tree import GameTree, Node, Tree, tree_stats
from generator.core.words import Alphabet, WordList

Code = str

TURNS = 10  # rows on the board: a tree that needs more lists the codes in `late`
PEGS = re.compile(r"([0-9]+)B([0-9]+)W")


# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class Variant:
    """A code game: positions, symbols and whether a code may repeat a symbol."""

    id: str
    title: str
    positions: int
    symbols: str
    repeats: bool

    @property
    def colours(self) -> int:
        return len(self.symbols)

    @property
    def game(self) -> Game:
        name = "mastermind" if self.repeats else "bulls-and-cows"
        return Game(name, length=self.positions, turns=TURNS, feedback="pegs",
                    symbols=self.symbols, repeats=self.repeats)


PRESETS = {
    "4x6": "Mastermind (4 positions, 6 colours, repeats allowed)",
    "bulls-and-cows": "Bulls and Cows (4 digits of 10, no repeats)",
}
_ALIASES = {"mastermind": "4x6", "classic": "4x6", "bulls-and-cows": "4x10-distinct"}
_VARIANT = re.compile(r"([0-9]+)x([0-9]+)(-distinct)?")


def variant(name: str) -> Variant:
    """The variant ``PxC`` (Mastermind: p positions, c colours 1..c, repeats),
    ``PxC-distinct`` (digits 0..c-1, no repeats), or a preset name.

    >>> variant("4x6").symbols, variant("bulls-and-cows").symbols
    ('123456', '0123456789')
    """
    spec = _ALIASES.get(name, name)
    m = _VARIANT.fullmatch(spec)
    if not m:
        raise RulesError(f"unknown Mastermind variant {name!r} (expected PxC, PxC-distinct "
                         f"or one of: {', '.join(sorted(_ALIASES))})")
    p, c, distinct = int(m[1]), int(m[2]), bool(m[3])
    if not 2 <= p <= 8 or not 2 <= c <= 10:
        raise RulesError(f"variant {name!r}: positions must be 2..8 and colours 2..10")
    if distinct and c < p:
        raise RulesError(f"variant {name!r}: {p} positions without repeats need {p} or more symbols")
    symbols = "0123456789"[:c] if distinct or c == 10 else "123456789"[:c]
    vid = "bulls-and-cows" if spec == "4x10-distinct" else spec
    title = PRESETS.get(vid, f"{p} positions, {c} {'digits, no repeats' if distinct else 'colours'}")
    n = len(codes_of(p, symbols, not distinct))
    if n > 20000:
        raise RulesError(f"variant {name!r} has {n} codes: more than this program's 20000")
    return Variant(vid, title, p, symbols, not distinct)


def game_variant(game: Game) -> Variant:
    """The variant a pegs game describes."""
    if game.feedback != "pegs":
        raise RulesError(f"game {game.name!r} has {game.feedback} feedback, not pegs")
    c, p = len(game.symbols), game.length
    spec = f"{p}x{c}" + ("" if game.repeats else "-distinct")
    v = variant(spec)
    if v.symbols != game.symbols:
        raise RulesError(f"game symbols {game.symbols!r} are not those of {spec} ({v.symbols!r})")
    return v


def codes_of(positions: int, symbols: str, repeats: bool) -> tuple[Code, ...]:
    """Every code, in symbol order (so the smallest code comes first)."""
    if repeats:
        return tuple("".join(t) for t in itertools.product(symbols, repeat=positions))
    return tuple("".join(t) for t in itertools.permutations(symbols, positions))


def list_id(game: Game) -> str:
    """The id of the code list of a pegs game (``codes-4x6``, ``codes-4x10-distinct``):
    the tree file's ``wordlists`` entries."""
    return f"codes-{game.length}x{len(game.symbols)}" + ("" if game.repeats else "-distinct")


def code_list(game: Game) -> WordList:
    """Every code of a pegs game as a WordList (the answers and the guesses)."""
    words = codes_of(game.length, game.symbols, game.repeats)
    return WordList(list_id(game), words, Alphabet(game.symbols), game.length)


# --------------------------------------------------------------------------- feedback


def pegs(guess: Sequence[str], secret: Sequence[str]) -> Pattern:
    """The peg pattern of ``guess`` against ``secret`` (the reference definition)."""
    if len(guess) != len(secret):
        raise RulesError(f"codes {guess!r} and {secret!r} differ in length")
    black = sum(g == s for g, s in zip(guess, secret))
    common = sum(min(guess.count(c), secret.count(c)) for c in set(guess))
    return f"{black}B{common - black}W"


def peg_code(pattern: Pattern, positions: int) -> int:
    """``b * (p + 1) + w`` of a pattern such as ``2B1W``."""
    m = PEGS.fullmatch(pattern)
    if not m or int(m[1]) + int(m[2]) > positions:
        raise RulesError(f"{pattern!r} is not a peg pattern of {positions} positions")
    return int(m[1]) * (positions + 1) + int(m[2])


def peg_labels(positions: int) -> tuple[Pattern, ...]:
    """The pattern of every code ``0 .. (p+1)**2 - 1``."""
    return tuple(f"{k // (positions + 1)}B{k % (positions + 1)}W" for k in range((positions + 1) ** 2))


def win_code(positions: int) -> int:
    return positions * (positions + 1)


@numba.njit(cache=True, parallel=True, nogil=True)
def _pegs_kernel(guesses, secrets, ncolours, out):  # type: ignore[no-untyped-def]
    n_guess, p = guesses.shape
    n_secret = secrets.shape[0]
    scount = np.zeros((n_secret, ncolours), np.int8)
    for j in range(n_secret):
        for q in range(p):
            scount[j, secrets[j, q]] += 1
    for i in numba.prange(n_guess):
        g = guesses[i]
        gcount = np.zeros(ncolours, np.int8)
        for q in range(p):
            gcount[g[q]] += 1
        for j in range(n_secret):
            black = 0
            for q in range(p):
                if g[q] == secrets[j, q]:
                    black += 1
            common = 0
            for c in range(ncolours):
                a, b = gcount[c], scount[j, c]
                common += a if a < b else b
            out[i, j] = black * (p + 1) + common - black


def pegs_matrix(guesses: np.ndarray, secrets: np.ndarray, ncolours: int) -> np.ndarray:
    """Peg codes of every guess against every secret (``(n, p)`` symbol indices)."""
    guesses = np.ascontiguousarray(guesses, dtype=np.uint8)
    secrets = np.ascontiguousarray(secrets, dtype=np.uint8)
    out = np.empty((guesses.shape[0], secrets.shape[0]), np.uint8)
    if out.size:
        _pegs_kernel(guesses, secrets, ncolours, out)
    return out


def matrix(game: Game) -> CodedMatrix:
    """The feedback matrix of a pegs game: every code against every code."""
    codes = code_list(game)
    m = pegs_matrix(codes.codes, codes.codes, len(game.symbols))
    return CodedMatrix.from_codes(codes, codes, m, peg_labels(game.length), win_code(game.length))


# --------------------------------------------------------------------------- strategies


STRATEGIES = {
    "knuth": "Knuth 1976: open 1122, then the largest part smallest, a possible code first, "
             "then the smallest code",
    "expected": "greedy: least expected part size (Irving)",
    "entropy": "greedy: most entropy (Neuwirth)",
    "most-parts": "greedy: most parts (Kooi 2005)",
    "optimal": "exact: least total guesses, no cap (branch and bound)",
    "optimal-5": "exact: least total guesses, every code within 5 guesses (branch and bound)",
}

# What the literature reports for 4x6 (total guesses over the 1296 codes, worst case).
PUBLISHED = {
    "knuth": "Knuth 1976: total 5801 (mean 4.476), worst case 5",
    "expected": "Irving 1978: mean 4.369 (with look-ahead); Kooi 2005 table, greedy from 1123: "
                "total 5696 (4.395), worst case 6",
    "entropy": "Neuwirth 1982: mean 4.364 (with look-ahead); Kooi 2005 table, greedy from 1234: "
               "total 5722 (4.415), worst case 6",
    "most-parts": "Kooi 2005: total 5668 (4.373), worst case 6",
    "optimal": "Koyama & Lai 1993: total 5625 (4.340), worst case 6",
    "optimal-5": "Koyama & Lai 1993: total 5626 (4.341) with worst case 5",
}


def knuth_opener(game: Game) -> Code | None:
    """Knuth's first guess generalized: the first half of the positions the
    first symbol, the rest the second (``1122`` for 4x6); None without repeats
    (the rule then picks the opener too)."""
    if not game.repeats:
        return None
    half = game.length // 2
    return game.symbols[0] * half + game.symbols[1] * (game.length - half)


def _reply(game: Game) -> Any:
    return pegs


# The published rules compare one figure of the partition, then prefer a
# possible code, then the smallest code (with these keys the Kooi 2005 totals
# are reproduced exactly; the project's heuristics of the same names add the
# largest part as a second key, which changes a few ties).
RULES: dict[str, Heuristic] = {
    "minimax": lambda s: (s.largest,),
    "expected": lambda s: (s.squares,),
    "entropy": lambda s: (np.round(s.klogk, 9),),
    "most-parts": lambda s: (-s.parts,),
}


def greedy_tree(m: CodedMatrix, game: Game, heuristic: str, opener: Code | None = None) -> Tree:
    """The greedy tree of a rule of :data:`RULES` (ties: a possible code
    first, then the smallest code), from ``opener`` if given."""
    score = RULES[heuristic]
    cols = np.arange(len(m.answers), dtype=np.int64)
    if opener is None:
        return build_greedy(m, cols, score, game)
    if opener not in m.guesses:
        raise StrategyError(f"opener {opener!r} is not a code of this game")
    row = m.guesses.position[opener]
    node = Node(opener)
    for code, part in m.split(row, cols).items():
        if code != m.green:
            node.next[m.pattern(code)] = build_greedy(m, part, score, game)
    return node


@dataclass(frozen=True)
class PartJob:
    """One part after a fixed opener, for :func:`generator.runs.jobs.run_jobs`
    (``beta``: only a cost below it is wanted)."""

    variant: str
    opener: Code
    code: int
    turns: int
    top: int | None
    beta: int | None = None


def _solve_part(job: PartJob) -> tuple[int, int, Tree | None, int]:
    from generator.search.exact import INF, Search

    v = variant(job.variant)
    m = matrix(v.game)
    row = m.guesses.position[job.opener]
    part = m.split(row, np.arange(len(m.answers), dtype=np.int64))[job.code]
    s = Search(m, turns=job.turns, top=job.top)
    beta = INF if job.beta is None else job.beta
    cost = s.solve_root(part, beta=beta)
    if cost >= beta:
        return job.code, cost, None, s.counters.positions
    return job.code, cost, s.tree(), s.counters.positions


@dataclass
class ExactRun:
    """An exact search after one opener: its tree, total and effort. A run
    told to beat ``beta`` that cannot has no tree and ``total`` a lower bound
    (``pruned``)."""

    opener: Code
    total: int
    tree: Tree | None
    positions: int
    seconds: float
    pruned: bool = False


def exact_tree(v: Variant, opener: Code, cap: int | None, *, top: int | None = None,
               workers: int | None = None, beta: int | None = None,
               progress: Callable[[str], None] | None = None) -> ExactRun:
    """The least-total tree that opens with ``opener`` (every secret within
    ``cap`` guesses; None: the board's turns), one job per part of the opener.

    With ``beta`` only a total below it is wanted: each part's search is cut
    at ``beta`` less the opener's turn and the other parts' lower bounds, and
    a part that reaches its cut proves the opener cannot get below ``beta``."""
    from generator.search.exact import INF
    from generator.runs.jobs import run_jobs

    game = v.game
    m = matrix(game)
    if opener not in m.guesses:
        raise StrategyError(f"opener {opener!r} is not a code of {v.id}")
    turns = cap or game.turns
    row = m.guesses.position[opener]
    parts = m.split(row, np.arange(len(m.answers), dtype=np.int64))
    floors: dict[int, int] = {}
    if beta is not None:
        floors = _part_floors(m, parts, turns)
        floor = len(m.answers) + sum(floors.values())
        if floor >= INF:  # a part too large for the turns left
            return ExactRun(opener, INF, None, 0, 0.0)
        if floor >= beta:
            return ExactRun(opener, floor, None, 0, 0.0, pruned=True)
    spare = (beta - len(m.answers) - sum(floors.values())) if beta is not None else None
    jobs = [PartJob(v.id, opener, code, turns - 1, top,
                    None if spare is None else spare + floors[code])
            for code in parts if code != m.green]
    jobs.sort(key=lambda j: -len(parts[j.code]))
    start = time.perf_counter()
    node = Node(opener)
    total = len(m.answers)
    positions = 0
    feasible, pruned, any_inf = True, False, False
    for done, (_, (code, cost, sub, n)) in enumerate(run_jobs(_solve_part, jobs, workers), 1):
        positions += n
        if progress:
            value = "-" if cost >= INF else f">= {cost}" if sub is None else str(cost)
            progress(f"  opener {opener}, part {done}/{len(jobs)} {m.pattern(code)} "
                     f"({len(parts[code])} codes): {value} ({time.perf_counter() - start:.0f} s)")
        any_inf = any_inf or cost >= INF
        if cost >= INF or sub is None:
            feasible = False
            pruned = pruned or cost < INF
            total += cost if cost < INF else 0
            continue
        total += cost
        node.next[m.pattern(code)] = sub
    node.next = dict(sorted(node.next.items()))
    secs = time.perf_counter() - start
    if pruned and beta is not None and not any_inf:
        return ExactRun(opener, max(total, beta), None, positions, secs, pruned=True)
    return ExactRun(opener, total if feasible else INF, node if feasible else None, positions, secs)


def _part_floors(m: CodedMatrix, parts: dict[int, np.ndarray], turns: int) -> dict[int, int]:
    """The search's lower bound of every part an opener leaves (all-green excluded),
    with ``turns - 1`` guesses left for each."""
    from generator.search.exact import Search

    probe = Search(m, turns=turns)
    return {code: probe._part_floor(p, turns - 1) for code, p in parts.items() if code != m.green}


def opener_floor(v: Variant, opener: Code, cap: int | None) -> int:
    """A lower bound of any tree's total after ``opener`` (the opener's turn
    plus the fill bound of each part it leaves)."""
    from generator.search.exact import INF

    m = matrix(v.game)
    parts = m.split(m.guesses.position[opener], np.arange(len(m.answers), dtype=np.int64))
    return min(len(m.answers) + sum(_part_floors(m, parts, cap or v.game.turns).values()), INF)


def opener_classes(game: Game) -> list[Code]:
    """One code of every class of codes under permuting positions and symbols
    (for 4x6: 1111 1112 1122 1123 1234): the only first guesses an exact search
    needs to try, since those permutations map the game onto itself."""
    seen: dict[tuple[int, ...], Code] = {}
    for code in codes_of(game.length, game.symbols, game.repeats):
        shape = tuple(sorted((code.count(c) for c in set(code)), reverse=True))
        seen.setdefault(shape, code)
    return list(seen.values())


# --------------------------------------------------------------------------- trees


def game_tree(v: Variant, root: Tree, strategy: dict[str, Any]) -> GameTree:
    """A finished GameTree (stats from a replay of every code)."""
    game = v.game
    secrets = code_list(game).words
    stats = tree_stats(root, secrets, pegs)
    late = tuple(s for s in secrets if _turns(root, s) > game.turns)
    return GameTree(game=game, answers=list_id(game), guesses=list_id(game), secrets=secrets,
                    root=root, strategy=strategy, late=late, stats=stats)


def _turns(root: Tree, secret: Code) -> int:
    from generator.core.tree import play

    return len(play(root, secret, pegs))


def build(v: Variant, strategy: str, *, workers: int | None = None,
          top: int | None = None, opener: Code | None = None,
          progress: Callable[[str], None] | None = None) -> tuple[GameTree, dict[str, Any]]:
    """The tree of ``strategy`` for variant ``v``, and figures about the build
    (``seconds``; for the exact strategies ``positions`` and every opener's total).

    The exact strategies search every opener class (:func:`opener_classes`),
    each part of an opener a job of :func:`generator.runs.jobs.run_jobs`; with
    ``top`` each position tries only the best ``top`` moves (not proved);
    with ``opener`` only that first guess is searched (proved after it).
    """
    if strategy not in STRATEGIES:
        raise StrategyError(f"unknown strategy {strategy!r} (expected one of: {', '.join(STRATEGIES)})")
    game = v.game
    start = time.perf_counter()
    figures: dict[str, Any] = {}
    block: dict[str, Any] = {"scheme": strategy, "rule": STRATEGIES[strategy]}
    if strategy in ("optimal", "optimal-5"):
        from generator.search.exact import INF

        cap = 5 if strategy == "optimal-5" else None
        if opener is not None and opener not in matrix(game).guesses:
            raise StrategyError(f"opener {opener!r} is not a code of {v.id}")
        openers = [opener] if opener else opener_classes(game)
        # the opener with the least lower bound first; the others need only be
        # searched for a total at most the best one's (ties go to the smaller code)
        openers.sort(key=lambda o: (opener_floor(v, o, cap), o))
        runs: list[ExactRun] = []
        for o in openers:
            done = [r for r in runs if r.tree is not None]
            beta = min(r.total for r in done) + 1 if done else None
            runs.append(exact_tree(v, o, cap, top=top, workers=workers, beta=beta, progress=progress))
            if progress:
                r = runs[-1]
                progress(f"{strategy}: opener {o}: " + (f"at least {r.total}, cut" if r.pruned else
                                                        "no tree within the cap" if r.total >= INF else
                                                        f"total {r.total}") + f" ({r.seconds:.0f} s)")
        best = min((r for r in runs if not r.pruned), key=lambda r: (r.total, r.opener))
        if best.tree is None:
            raise StrategyError(f"no tree solves every code of {v.id} within {cap} guesses")
        root = best.tree
        block.update({
            "objective": "least total guesses" + (f", every code within {cap}" if cap else ""),
            "cap": cap,
            "openers_searched": {r.opener: (r.total if r.total < INF and not r.pruned else None)
                                 for r in sorted(runs, key=lambda r: r.opener)},
            "openers_at_least": {r.opener: r.total for r in sorted(runs, key=lambda r: r.opener) if r.pruned},
            "opener": best.opener,
            "opener_fixed": opener is not None,
            "moves": "every move (guesses making the same partition count once)" if top is None
                     else f"the best {top} moves at each position by the lower bound, then entropy (limited: not proved)",
            "proved_minimal": top is None and opener is None,
            "proof": ("not proved: limited moves" if top is not None else
                      f"proved after the opener {opener} only" if opener else
                      "every opener class under permutations of positions and symbols, every move "
                      "after it, except openers whose lower bound reached the best total "
                      "(openers_at_least)"),
        })
        figures["positions"] = sum(r.positions for r in runs)
        figures["openers"] = {r.opener: (r.total, round(r.seconds, 1)) for r in runs}
    else:
        heuristic = "minimax" if strategy == "knuth" else strategy
        opener = knuth_opener(game) if strategy == "knuth" else None
        m = matrix(game)
        root = greedy_tree(m, game, heuristic, opener)
        block.update({"heuristic": heuristic, "opener": root.guess if isinstance(root, Node) else root,
                      "tie_breaks": "a possible code first, then the smallest code"})
    if v.id == "4x6":
        block["published"] = PUBLISHED[strategy]
    tree = game_tree(v, root, block)
    figures["seconds"] = time.perf_counter() - start
    return tree, figures
