"""Mastermind and Bulls and Cows: the same partition game with codes.

A **Code** is a string of ``p`` symbols (``"1122"``): Mastermind uses the
colours ``1..c`` and allows repeats (4 positions of 6 colours: 1296 codes);
Bulls and Cows uses the digits ``0..9`` without repeats (4 of 10: 5040 codes).
Any code of the game may be guessed. The feedback (kind ``pegs``,
:mod:`generator.core.kinds`) is written ``<b>B<w>W``: ``b`` black pegs (right
symbol, right place) and ``w`` white pegs (right symbol elsewhere):

>>> pegs("1122", "1223")
'2B1W'

A peg pattern is coded as ``b * (p + 1) + w`` (the win is ``p * (p + 1)``),
so a :class:`~generator.core.partition.CodedMatrix` of codes feeds the
heuristics, :func:`generator.search.greedy.greedy_tree` and the exact search
unchanged.

Strategies (the ``mastermind`` family of :mod:`generator.core.strategies`):
``knuth`` (Knuth 1976: open 1122, then the guess whose largest part is
smallest, a possible code first, then the smallest code), the greedy
``expected``, ``entropy`` and ``most-parts`` (Irving, Neuwirth, Kooi: each
heuristic also picks the opener), here as :func:`heuristic_tree`; and the exact
``optimal`` (least total guesses, no cap) and ``optimal-5`` (least total
within five guesses), searched by :mod:`generator.runs.mastermind` from every
opener class (:func:`opener_classes`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from generator.core.blocks import StrategyBlock
from generator.core.catalog_games import CODE_TURNS, MAX_CODES, CodeSetup, code_setups
from generator.core.feedback import Pattern
from generator.core.ids import short
from generator.core.jit import kernel, prange
from generator.core.kinds import Code, code_list, code_list_id, codes_of, pegs
from generator.core.partition import CodedMatrix
from generator.core.rules import Game
from generator.core.scoring import Heuristic
from generator.core.tree import GameTree, Tree, play, tree_stats
from generator.errors import RulesError, StrategyError
from generator.search.greedy import greedy_tree

TURNS = CODE_TURNS  # rows on the board where the catalog does not say: a tree that needs more lists the codes in `late`



# --------------------------------------------------------------------------- games


@dataclass(frozen=True)
class Variant:
    """A code game: positions, symbols, whether a code may repeat a symbol, rows on the board."""

    id: str
    title: str
    positions: int
    symbols: str
    repeats: bool
    turns: int = TURNS

    @property
    def codes(self) -> int:
        """How many codes there are (counted, not listed: 8x10 has 10**8)."""
        c, p = len(self.symbols), self.positions
        return c**p if self.repeats else math.perm(c, p)

    @property
    def game(self) -> Game:
        name = "mastermind" if self.repeats else "bulls-and-cows"
        return Game(name, length=self.positions, turns=self.turns, feedback="pegs",
                    symbols=self.symbols, repeats=self.repeats)


_VARIANT = re.compile(r"([0-9]{1,3})x([0-9]{1,3})(-distinct)?")


def _symbols(count: int, repeats: bool) -> str:
    """Colours ``1..c`` with repeats, digits ``0..c-1`` without (and ten colours: the ten digits)."""
    return "0123456789"[:count] if not repeats or count == 10 else "123456789"[:count]


def _of(spec: CodeSetup) -> Variant:
    return Variant(spec.id, spec.title, spec.positions, _symbols(spec.symbols, spec.repeats), spec.repeats, spec.turns)


def variants() -> list[Variant]:
    """The variants of the catalog (``[mastermind.<id>]``), in its order."""
    return [_of(spec) for spec in code_setups().values()]


def variant(name: str) -> Variant:
    """A variant of the catalog by its id or an alias (``4x6``, ``classic``,
    ``bulls-and-cows``), else ``PxC`` (Mastermind: p positions, c colours
    1..c, repeats) or ``PxC-distinct`` (digits 0..c-1, no repeats); a PxC the
    catalog names is its entry.

    >>> variant("4x6").symbols, variant("bulls-and-cows").symbols
    ('123456', '0123456789')
    """
    named = {n: spec for spec in code_setups().values() for n in (spec.id, *spec.aliases)}
    if name in named:
        return _of(named[name])
    m = _VARIANT.fullmatch(name)
    if not m:
        raise RulesError(f"unknown Mastermind variant {short(name)!r} (expected PxC, PxC-distinct "
                         f"or one of the catalog's: {', '.join(sorted(named))})")
    p, c, distinct = int(m[1]), int(m[2]), bool(m[3])
    if not 2 <= p <= 8 or not 2 <= c <= 10:
        raise RulesError(f"variant {short(name)!r}: positions must be 2..8 and colours 2..10")
    if distinct and c < p:
        raise RulesError(f"variant {short(name)!r}: {p} positions without repeats need {p} or more symbols")
    same = next((spec for spec in code_setups().values()
                 if (spec.positions, spec.symbols, spec.repeats) == (p, c, not distinct)), None)
    if same is not None:
        return _of(same)
    v = Variant(name, f"{p} positions, {c} {'digits, no repeats' if distinct else 'colours'}", p,
                _symbols(c, not distinct), not distinct)
    if v.codes > MAX_CODES:
        raise RulesError(f"variant {name!r} has {v.codes} codes: more than this program's {MAX_CODES}")
    return v



# --------------------------------------------------------------------------- the matrix


def peg_labels(positions: int) -> tuple[Pattern, ...]:
    """The pattern of every code ``0 .. (p+1)**2 - 1``."""
    return tuple(f"{k // (positions + 1)}B{k % (positions + 1)}W" for k in range((positions + 1) ** 2))


def win_code(positions: int) -> int:
    return positions * (positions + 1)


@kernel(parallel=True)
def _pegs_kernel(guesses, secrets, ncolours, out):  # type: ignore[no-untyped-def]
    n_guess, p = guesses.shape
    n_secret = secrets.shape[0]
    scount = np.zeros((n_secret, ncolours), np.int8)
    for j in range(n_secret):
        for q in range(p):
            scount[j, secrets[j, q]] += 1
    for i in prange(n_guess):
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


def heuristic_tree(m: CodedMatrix, game: Game, heuristic: str, opener: Code | None = None) -> Tree:
    """The greedy tree of a rule of :data:`RULES` (ties: a possible code
    first, then the smallest code), from ``opener`` if given."""
    score = RULES[heuristic]
    cols = np.arange(len(m.answers), dtype=np.int64)
    if opener is None:
        return greedy_tree(m, cols, score, game)
    if opener not in m.guesses:
        raise StrategyError(f"opener {opener!r} is not a code of this game")
    return greedy_tree(m, cols, score, game, opener=m.guesses.position[opener])


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


def game_tree(v: Variant, root: Tree, strategy: StrategyBlock) -> GameTree:
    """A finished GameTree (stats from a replay of every code)."""
    game = v.game
    secrets = code_list(game).words
    stats = tree_stats(root, secrets, pegs)
    late = tuple(s for s in secrets if len(play(root, s, pegs)) > game.turns)
    return GameTree(game=game, answers=code_list_id(game), guesses=code_list_id(game), secrets=secrets,
                    root=root, strategy=strategy, late=late, stats=stats)
