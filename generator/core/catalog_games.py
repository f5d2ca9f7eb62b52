"""The catalog's other families and the site's defaults (``wordlists/catalog.toml``).

:mod:`generator.core.catalog` reads the word lists and the set-ups of the
word games (LINGO and Wordle, whose tiers are a field of their set-ups);
this module reads the rest of the same file:

* ``[mastermind.<id>]``: a code game (:class:`CodeSetup`), its trees in
  ``trees/mastermind/<id>/``; ``lingo-trees mastermind build`` builds every one;
* ``[hangman.<list id>]``: a word list Hangman plays (:class:`HangmanSetup`),
  its trees in ``trees/hangman/<list>/<misses>/``; ``lingo-trees hangman
  build`` builds every one;
* ``[site]``: what a first visit of the site sees (:class:`SiteDefaults`);
  the pages read it from the JSON the site writes beside them.

Adding a set-up of any family is one entry in the catalog (and, for a word
game, its list): no code names one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator.core.catalog import (
    MAX_TURNS,
    catalog,
    catalog_field,
    catalog_path,
    catalog_table,
    catalog_tables,
    check_catalog_id,
    check_known_keys,
)
from generator.core.ids import is_id, short
from generator.core.rules import LINGO_RULES
from generator.core.strategies import strategy_names
from generator.errors import CatalogError

#: the most codes a Mastermind variant may have (the matrix is codes x codes)
MAX_CODES = 20000
#: the rows of a Mastermind board where the catalog does not say
CODE_TURNS = 10
#: the misses a Hangman tree is built for where the catalog does not say
MISSES = 6


@dataclass(frozen=True)
class CodeSetup:
    """``[mastermind.<id>]``: ``positions`` of ``symbols`` colours (1..c) with
    repeats, or digits (0..c-1) without; ``turns`` rows on the board;
    ``strategies`` the ones ``mastermind build`` makes of it by default
    (empty: the family's default ones); ``aliases`` other names the
    commands take for it (``classic``)."""

    id: str
    title: str
    positions: int
    symbols: int
    repeats: bool
    turns: int = CODE_TURNS
    strategies: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def codes(self) -> int:
        c, p = self.symbols, self.positions
        return c**p if self.repeats else math.perm(c, p)


@dataclass(frozen=True)
class HangmanSetup:
    """``[hangman.<list id>]``: the list Hangman plays, the misses its trees
    are built for, the strategies ``hangman build`` makes (empty: every one)
    and per strategy the word lengths (a strategy not named: every length
    of the list)."""

    id: str
    misses: int = MISSES
    strategies: tuple[str, ...] = ()
    lengths: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (strategy, its lengths)

    def lengths_of(self, strategy: str) -> tuple[int, ...] | None:
        """The lengths built of ``strategy`` (None: every length)."""
        return dict(self.lengths).get(strategy)


@dataclass(frozen=True)
class SiteDefaults:
    """``[site]``: what a first visit sees (these defaults where the table or a key is missing).

    ``setups``: the set-up the lookup and practice pages open on, the first
    of these the site has (else the first it has); ``rule`` and ``strategy``:
    the rule and the lookup's strategy they open on where the set-up has
    trees of them; ``practice``: the LINGO strategies the practice page's
    summary walks after a game, in order; ``wordle``: the Wordle set-ups the
    practice page plays, in its picker's order; ``wordle_practice``: the
    Wordle tree folders its summary walks; ``hangman_strategy`` and
    ``hangman_misses``: the Hangman lookup's first strategy, and the misses
    its URLs leave out."""

    setups: tuple[str, ...] = ()
    rule: str = "same-start"
    strategy: str = "human"
    practice: tuple[str, ...] = ("human", "optimal")
    wordle: tuple[str, ...] = ()
    wordle_practice: tuple[str, ...] = ()
    hangman_strategy: str = "optimal"
    hangman_misses: int = MISSES


_CODE_KEYS = ("title", "positions", "symbols", "repeats", "turns", "strategies", "aliases")
_HANGMAN_KEYS = ("misses", "strategies", "lengths")
_SITE_KEYS = ("setups", "rule", "strategy", "practice", "wordle", "wordle_practice", "hangman_strategy",
              "hangman_misses")


def _texts(path: Path, where: str, entry: dict[str, Any], key: str, allowed: list[str] | None = None,
           default: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``entry[key]``: a list of texts, each once (and each of ``allowed``, if given)."""
    values = catalog_field(path, where, entry, key, list, list(default))
    bad = next((v for v in values if not isinstance(v, str) or not is_id(v) or (allowed is not None and v not in allowed)),
               None)
    if bad is not None or len(set(map(str, values))) < len(values):
        known = f"some of {', '.join(allowed)}" if allowed is not None else "ids"
        raise CatalogError(f"{path}: {where}: {key} must be {known}, each once, not {short(repr(values))}")
    return tuple(values)


def _one(path: Path, where: str, entry: dict[str, Any], key: str, allowed: list[str], default: str) -> str:
    """``entry[key]``: a text, one of ``allowed``."""
    value: str = catalog_field(path, where, entry, key, str, default)
    if value not in allowed:
        raise CatalogError(f"{path}: {where}: {key} must be one of {', '.join(allowed)}, not {short(repr(value))}")
    return value


def _whole(path: Path, where: str, entry: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    value: int = catalog_field(path, where, entry, key, int, default)
    if not low <= value <= high:
        raise CatalogError(f"{path}: {where}: {key} {value} is not {low} to {high}")
    return value


def _code_setup(path: Path, vid: str, entry: Any) -> CodeSetup:
    where = f"Mastermind variant {vid!r}"
    entry = catalog_table(path, where, entry, _CODE_KEYS, ("positions", "symbols", "repeats"))
    p = _whole(path, where, entry, "positions", 2, 8, 0)
    c = _whole(path, where, entry, "symbols", 2, 10, 0)
    repeats: bool = catalog_field(path, where, entry, "repeats", bool)
    if not repeats and c < p:
        raise CatalogError(f"{path}: {where}: {p} positions without repeats need {p} or more symbols")
    spelled = f"{p}x{c}" + ("" if repeats else "-distinct")
    if "x" in vid and vid[0].isdigit() and vid != spelled:  # an id of the form PxC says what it is
        raise CatalogError(f"{path}: {where}: an id of the form PxC must be the variant's own ({spelled})")
    v = CodeSetup(vid, catalog_field(path, where, entry, "title", str, spelled), p, c, repeats,
                  _whole(path, where, entry, "turns", 1, MAX_TURNS, CODE_TURNS),
                  _texts(path, where, entry, "strategies", strategy_names("mastermind")),
                  _texts(path, where, entry, "aliases"))
    if v.codes > MAX_CODES:
        raise CatalogError(f"{path}: {where} has {v.codes} codes: more than this program's {MAX_CODES}")
    return v


def _hangman_setup(path: Path, list_id: str, entry: Any) -> HangmanSetup:
    where = f"Hangman list {list_id!r}"
    entry = catalog_table(path, where, entry, _HANGMAN_KEYS)
    if list_id not in catalog()[0]:
        raise CatalogError(f"{path}: {where} names unknown list {short(repr(list_id))} (a [lists.<id>] entry)")
    by_strategy = catalog_field(path, where, entry, "lengths", dict, {})
    lengths = []
    for name, values in by_strategy.items():
        if name not in strategy_names("hangman") or not isinstance(values, list) or not values or not all(
                isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 63 for n in values) \
                or len(set(values)) < len(values):
            raise CatalogError(f"{path}: {where}: lengths must name strategies of "
                               f"{', '.join(strategy_names('hangman'))}, each with word lengths 1 to 63, "
                               f"each once, not {short(repr(name))} = {short(repr(values))}")
        lengths.append((name, tuple(values)))
    return HangmanSetup(list_id, _whole(path, where, entry, "misses", 0, 25, MISSES),
                        _texts(path, where, entry, "strategies", strategy_names("hangman")), tuple(lengths))


def _site(path: Path, entry: dict[str, Any]) -> SiteDefaults:
    where, d = "site", SiteDefaults()
    check_known_keys(path, where, entry, _SITE_KEYS)
    known = catalog()[1]
    setups = _texts(path, where, entry, "setups", list(known), d.setups)
    wordle = _texts(path, where, entry, "wordle", [s for s in known if known[s].game.name == "wordle"], d.wordle)
    rule = _one(path, where, entry, "rule", list(LINGO_RULES), d.rule)
    strategy = _one(path, where, entry, "strategy", strategy_names("lingo"), d.strategy)
    hangman = _one(path, where, entry, "hangman_strategy", strategy_names("hangman"), d.hangman_strategy)
    return SiteDefaults(setups, rule, strategy, _texts(path, where, entry, "practice", strategy_names("lingo"), d.practice),
                        wordle, _texts(path, where, entry, "wordle_practice", None, d.wordle_practice), hangman,
                        _whole(path, where, entry, "hangman_misses", 0, 25, d.hangman_misses))


@cache
def _games(path: Path) -> tuple[dict[str, CodeSetup], dict[str, HangmanSetup], SiteDefaults]:
    tables = catalog_tables(path)
    codes: dict[str, CodeSetup] = {}
    for vid, entry in tables["mastermind"].items():
        check_catalog_id(path, vid, "Mastermind variant")
        codes[vid] = _code_setup(path, vid, entry)
    names = [n for v in codes.values() for n in (v.id, *v.aliases)]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise CatalogError(f"{path}: Mastermind variant name {twice!r} is given twice (ids and aliases)")
    hangman = {list_id: _hangman_setup(path, list_id, entry) for list_id, entry in tables["hangman"].items()}
    return codes, hangman, _site(path, tables["site"])


def code_setups() -> dict[str, CodeSetup]:
    """The Mastermind variants of the catalog, in its order."""
    return _games(catalog_path())[0]


def hangman_setups() -> dict[str, HangmanSetup]:
    """The lists Hangman plays (``[hangman.<list>]``), in catalog order."""
    return _games(catalog_path())[1]


def site_defaults() -> SiteDefaults:
    """The site's defaults (``[site]``).

    >>> site_defaults().setups
    ('nl-ij', 'nl')
    """
    return _games(catalog_path())[2]
