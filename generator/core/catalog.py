"""The word-list catalog (``wordlists/catalog.toml``) and game set-ups.

A **set-up** names a game preset and which shipped list holds its possible
answers and which its allowed guesses, e.g. ``nl``: LINGO with answers
``nl-basis-5`` and guesses ``nl-all-5``. Set-up ids are used by every
command, the tree folders (``trees/<setup>/...``) and the site.

The project root (where ``wordlists/`` and ``trees/`` are) is found from the
environment variable ``LINGO_TREES_ROOT``, else the checkout this package sits
in, else the current directory.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from generator.core.files import FileError, read_limited
from generator.core.ids import LETTER_RULE, check_id, is_letter_id, short
from generator.core.rules import LINGO_RULES, Game, preset
from generator.core.strategies import strategy_info
from generator.core.words import MAX_LENGTH, MIN_LENGTH, Alphabet, WordList, read_wordlist
from generator.errors import CatalogError, RulesError, StrategyError

CHECKOUT = Path(__file__).resolve().parents[2]
"""The checkout this package sits in (an editable install)."""


def project_root() -> Path:
    env = os.environ.get("LINGO_TREES_ROOT")
    if env:
        return Path(env)
    if (CHECKOUT / "wordlists" / "catalog.toml").exists():
        return CHECKOUT
    return Path.cwd()


def wordlists_dir() -> Path:
    """The shipped word lists and their catalog."""
    return project_root() / "wordlists"


def trees_dir() -> Path:
    """The committed trees: what commands read and write by default."""
    return project_root() / "trees"


@dataclass(frozen=True)
class ListSpec:
    """One catalog entry: where a list is and what it is."""

    id: str
    language: str
    length: int
    alphabet: str
    digraphs: tuple[str, ...]
    file: str
    source: str
    version: str
    licence: str
    licence_file: str
    filter: str
    helper: bool = False  # offered by the site's clue helper (every length of 4 to 15 it has)

    @property
    def path(self) -> Path:
        return wordlists_dir() / self.file


@dataclass(frozen=True)
class Setup:
    """A game set-up: a preset and its answers and guesses lists.

    ``paper``: the 1992 LINGO paper's tables are about this set-up's game
    (Dutch, five letters), so reports and pages show them beside ours.
    ``show``: the TV show that plays its words and tiles; the site leads a
    contestant to its TV card (TV rules, the human scheme) first.
    ``played``: where the show plays words of this length (its rounds).
    ``tables``: whether it has tables a player learns (the strategies with a
    table: human, human-lookup, shared); a list of every word, which no
    player learns (ENABLE), has its lookup trees alone.
    """

    id: str
    title: str
    game: Game
    answers: str
    guesses: str
    paper: bool = False
    show: str = ""  # the TV show that plays it ("Dutch LINGO on TV"): its secrets hold no blocked word
    tables: bool = True
    played: str = ""  # where the show plays words of this length
    rules: tuple[str, ...] = ()  # LINGO: the guess rules its trees are built under (empty: every rule)
    tier: str = ""  # Wordle: the name of its secrets' tier (``wordle build --tier``); "": none
    exact: bool = False  # Wordle: the exact search ranks its tier's first words (``wordle openers``)

    def plays(self, rule: str) -> bool:
        """Whether its trees are built under guess rule ``rule``."""
        return not self.rules or rule in self.rules

    def builds(self, rule: str, strategy: str) -> bool:
        """Whether its trees of ``strategy`` under ``rule`` are made at all,
        the one rule ``build`` and ``site`` follow: for a LINGO set-up, a rule
        it plays, a strategy made for that rule, and a table only where it
        has tables (a strategy this program does not know: no)."""
        if self.game.name != "lingo":
            return True
        try:
            info = strategy_info("lingo", strategy)
        except StrategyError:
            return False
        return self.plays(rule) and (not info.rules or rule in info.rules) and (not info.table or self.tables)


_LIST_KEYS = ("language", "length", "alphabet", "digraphs", "file", "source", "version",
              "licence", "licence_file", "filter")
#: a catalog's ``file`` and ``licence_file`` (or ``''``): a relative path inside ``wordlists/``
#: (no ``..``, no name starting with a dot)
FILE_NAME = re.compile(r"(?:[A-Za-z0-9_][A-Za-z0-9._-]{0,99}/){0,3}[A-Za-z0-9_][A-Za-z0-9._-]{0,99}")
MAX_CATALOG_BYTES = 1 << 20
MAX_TURNS = 20
#: how pages name the languages of the shipped lists, in the site's order (another language shows its code)
LANGUAGE_NAMES = {"nl": "Dutch", "en": "English", "fr": "French"}


def _read_catalog(path: Path) -> dict[str, Any]:
    try:
        raw = read_limited(path, MAX_CATALOG_BYTES, "word-list catalog")
    except FileError as exc:
        if not path.exists() and not path.is_symlink():
            raise CatalogError(f"{path}: no word-list catalog here (set LINGO_TREES_ROOT?)") from None
        raise CatalogError(str(exc)) from None
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark (Windows editors) is no character
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise CatalogError(f"{path}:{line}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path}: not valid TOML ({exc})") from None


_KIND_NAMES = {str: "text", int: "a whole number", bool: "true or false", list: "a list", dict: "a table"}
_SETUP_KEYS = ("title", "show", "played", "game", "answers", "guesses", "turns", "paper", "tables", "rules",
               "tier", "exact")


def check_known_keys(path: Path, where: str, entry: dict[str, Any], keys: tuple[str, ...]) -> None:
    """A key the catalog does not know is a typo that would be ignored: an error naming it."""
    unknown = [k for k in entry if k not in keys]
    if unknown:
        raise CatalogError(f"{path}: {where}: unknown key {short(unknown[0])!r} (known: {', '.join(keys)})")


def catalog_table(path: Path, where: str, entry: Any, keys: tuple[str, ...],
                  required: tuple[str, ...] = ()) -> dict[str, Any]:
    """An entry of the catalog checked to be a table of ``keys`` (none
    other: :func:`check_known_keys`) that has every key of ``required``."""
    if not isinstance(entry, dict):
        raise CatalogError(f"{path}: {where} is not a table")
    check_known_keys(path, where, entry, keys)
    missing = [k for k in required if k not in entry]
    if missing:
        raise CatalogError(f"{path}: {where} lacks {', '.join(missing)}")
    return entry


#: the most characters of a text field: a title or a show's name, else a note (a source, a filter)
MAX_TITLE, MAX_NOTE = 120, 600


def catalog_field(path: Path, where: str, entry: dict[str, Any], key: str, kind: type, default: Any = None) -> Any:
    """``entry[key]`` checked to be of ``kind`` and, a text, of at most
    :data:`MAX_TITLE` characters for a title or show (every page shows them),
    else :data:`MAX_NOTE` (a one-line error naming it)."""
    value = entry.get(key, default)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CatalogError(f"{path}: {where}: {key} must be {_KIND_NAMES[kind]}, not {short(repr(value))}")
    most = MAX_TITLE if key in ("title", "show") else MAX_NOTE
    if isinstance(value, str) and len(value) > most:
        raise CatalogError(f"{path}: {where}: {key} is {len(value):,} characters long; at most {most}")
    return value


def _list_spec(path: Path, list_id: str, entry: Any) -> ListSpec:
    where = f"list {list_id!r}"
    entry = catalog_table(path, where, entry, (*_LIST_KEYS, "helper"), _LIST_KEYS)
    fields = {k: catalog_field(path, where, entry, k, str) for k in _LIST_KEYS if k not in ("length", "digraphs")}
    if fields["language"] not in LANGUAGE_NAMES:  # its blocklist and its names go by the tag
        raise CatalogError(f"{path}: {where}: language {short(repr(fields['language']))} is not one of "
                           f"{', '.join(LANGUAGE_NAMES)} (the languages with a blocklist and names)")
    for key in ("file", "licence_file"):
        if not FILE_NAME.fullmatch(fields[key]) and (key == "file" or fields[key]):  # no licence file: ''
            raise CatalogError(f"{path}: {where}: {key} {short(fields[key])!r} is not a path inside "
                               "wordlists/ (names of letters, digits, . _ -, not starting with .)")
    length = catalog_field(path, where, entry, "length", int)
    if length != 0 and not MIN_LENGTH <= length <= MAX_LENGTH:  # 0: words of every length
        raise CatalogError(f"{path}: {where}: length {length} is not 0 (any) or {MIN_LENGTH} to {MAX_LENGTH}")
    digraphs = catalog_field(path, where, entry, "digraphs", list)
    if not all(isinstance(d, str) for d in digraphs):
        raise CatalogError(f"{path}: {where}: digraphs must be a list of texts")
    return ListSpec(id=list_id, length=length, digraphs=tuple(digraphs),
                    helper=catalog_field(path, where, entry, "helper", bool, False), **fields)


def _setup(path: Path, setup_id: str, entry: Any, lists: dict[str, ListSpec]) -> Setup:
    where = f"set-up {setup_id!r}"
    entry = catalog_table(path, where, entry, _SETUP_KEYS)
    for key in ("answers", "guesses"):
        if not isinstance(entry.get(key), str) or entry[key] not in lists:
            raise CatalogError(f"{path}: {where} names unknown list {short(repr(entry.get(key)))}")
    spec = lists[entry["answers"]]
    try:
        game = preset(catalog_field(path, where, entry, "game", str, None))
    except RulesError as exc:
        raise CatalogError(f"{path}: {where}: {exc}") from None
    turns = catalog_field(path, where, entry, "turns", int, game.turns)
    if not 1 <= turns <= MAX_TURNS:
        raise CatalogError(f"{path}: {where}: turns {turns} is not 1 to {MAX_TURNS}")
    game = replace(game, length=spec.length, digraphs=spec.digraphs, turns=turns)
    rules = catalog_field(path, where, entry, "rules", list, [])
    if "rules" in entry and (game.name != "lingo" or not rules or not all(r in LINGO_RULES for r in rules)
                             or len(set(rules)) < len(rules)):  # (each a text before any is hashed)
        raise CatalogError(f"{path}: {where}: rules must be some of {', '.join(LINGO_RULES)}, each once "
                           f"(a LINGO set-up), not {short(repr(rules))}")
    tier, exact = catalog_field(path, where, entry, "tier", str, ""), catalog_field(path, where, entry, "exact", bool, False)
    if ("tier" in entry or exact) and (game.name != "wordle" or not re.fullmatch(r"[a-z][a-z0-9-]{0,19}", tier)):
        raise CatalogError(f"{path}: {where}: tier must be a short name (a-z, 0-9, -) of a Wordle set-up"
                           f"{', which exact needs' if exact else ''}, not {short(repr(tier))}")
    return Setup(setup_id, catalog_field(path, where, entry, "title", str, setup_id), game,
                 entry["answers"], entry["guesses"], catalog_field(path, where, entry, "paper", bool, False),
                 catalog_field(path, where, entry, "show", str, ""), catalog_field(path, where, entry, "tables", bool, True),
                 catalog_field(path, where, entry, "played", str, ""), tuple(rules), tier, exact)


#: the catalog's tables: the lists and set-ups read here, the game families'
#: set-ups and the site's defaults by :mod:`generator.core.catalog_games`
TABLES = ("lists", "setups", "mastermind", "hangman", "site")


@cache
def catalog_tables(path: Path) -> dict[str, dict[str, Any]]:
    """The catalog's tables (:data:`TABLES`, each a table, maybe empty), read once per process."""
    data = _read_catalog(path)
    check_known_keys(path, "the catalog", data, TABLES)
    return {key: catalog_field(path, "the catalog", data, key, dict, {}) for key in TABLES}


def catalog_path() -> Path:
    return wordlists_dir() / "catalog.toml"


@cache
def _catalog(path: Path) -> tuple[dict[str, ListSpec], dict[str, Setup]]:
    tables = catalog_tables(path)
    lists: dict[str, ListSpec] = {}
    for list_id, entry in tables["lists"].items():
        check_catalog_id(path, list_id, "word list")
        lists[list_id] = _list_spec(path, list_id, entry)
    setups: dict[str, Setup] = {}
    for setup_id, entry in tables["setups"].items():
        check_catalog_id(path, setup_id, "set-up")
        setups[setup_id] = _setup(path, setup_id, entry, lists)
        same = [s.id for s in setups.values() if s.tier and s.tier == setups[setup_id].tier and s.id != setup_id]
        if same:
            raise CatalogError(f"{path}: set-up {setup_id!r}: tier {setups[setup_id].tier!r} is set-up "
                               f"{same[0]!r}'s already; each tier names one set-up")
    return lists, setups


#: names the site takes for its own pages and folders: a set-up's page and
#: folder are named by its id, so no set-up may take one of them
SITE_NAMES = frozenset({"404", "assets", "downloads", "hangman", "helper", "index", "lookup", "mastermind",
                        "method", "pdf", "practice", "search", "sitemap", "sw", "trees"})


def check_catalog_id(path: Path, value: str, what: str) -> None:
    try:
        check_id(value, what)
    except CatalogError as exc:
        raise CatalogError(f"{path}: {exc}") from None
    if what == "set-up" and value in SITE_NAMES:
        raise CatalogError(f"{path}: set-up {value!r} has the name of one of the site's own pages "
                           f"({', '.join(sorted(SITE_NAMES))}); choose another id")


def catalog() -> tuple[dict[str, ListSpec], dict[str, Setup]]:
    return _catalog(catalog_path())


def list_spec(list_id: str) -> ListSpec:
    lists, _ = catalog()
    if list_id not in lists:
        raise CatalogError(f"unknown word list {list_id!r} (known: {', '.join(sorted(lists))})")
    return lists[list_id]


@cache
def _load(list_id: str, root: Path) -> WordList:
    spec = list_spec(list_id)
    alphabet = Alphabet(spec.alphabet, spec.digraphs)
    return read_wordlist(spec.path, id=list_id, alphabet=alphabet, length=spec.length,
                         language=spec.language)


def load_list(list_id: str) -> WordList:
    """The shipped word list ``list_id``, validated (cached per process).

    >>> load_list("wordle-answers").words[:3]
    ('cigar', 'rebut', 'sissy')
    """
    return _load(list_id, project_root())


def setup(setup_id: str) -> Setup:
    """The set-up ``setup_id`` (``nl``, ``nl-6``, ``nl-ij``, ``en-common``, ``wordle``, ...)."""
    _, setups = catalog()
    if setup_id not in setups:
        raise CatalogError(f"unknown set-up {setup_id!r} (known: {', '.join(setups)})")
    return setups[setup_id]


def helper_lists() -> list[ListSpec]:
    """The lists the site's clue helper offers (``helper = true``), in catalog order."""
    return [spec for spec in catalog()[0].values() if spec.helper]


def setups() -> dict[str, Setup]:
    return catalog()[1]


def tiers() -> dict[str, str]:
    """Wordle's tiers, each the set-up of its secrets (``tier`` of the catalog), in catalog order.

    >>> tiers()
    {'answers': 'wordle', 'common': 'wordle-common', 'allowed': 'wordle-allowed', 'today': 'wordle-2023'}
    """
    return {s.tier: s.id for s in setups().values() if s.tier}


def exact_tiers() -> tuple[str, ...]:
    """The tiers whose first words the exact search ranks (``exact = true``)."""
    return tuple(s.tier for s in setups().values() if s.tier and s.exact)


def setup_letters(setup_id: str) -> list[str]:
    """The start letters of a set-up's answers, in alphabet order, from its
    list alone (no feedback matrix: that takes a while at eight letters).
    Each is a letter id (a-z, or two such as ij) where the game shows it:
    it names the tree file and the page of its letter."""
    s = setup(setup_id)
    letters = load_list(s.answers).first_letters()
    bad = [x for x in letters if not is_letter_id(x)]
    if bad and s.game.reveals_first_letter:
        raise CatalogError(f"set-up {setup_id!r}: answers begin with {short(bad[0])!r}, which is not a letter "
                           f"id ({LETTER_RULE}): a start letter names a tree file and a page")
    return letters


def check_setup_letter(setup_id: str, letter: str) -> str:
    """``letter`` if some answer of the set-up begins with it, else a one-line error."""
    letters = setup_letters(setup_id)
    if letter not in letters:
        shown = letter[:10] + ("..." if len(letter) > 10 else "")
        raise StrategyError(f"no answer of set-up {setup_id!r} begins with {shown!r} "
                            f"(start letters: {' '.join(letters)})")
    return letter
