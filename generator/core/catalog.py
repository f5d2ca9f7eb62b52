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
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from generator.core.ids import check_id
from generator.core.rules import Game, preset
from generator.core.words import Alphabet, WordList, read_wordlist
from generator.errors import CatalogError, StrategyError

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
    """

    id: str
    title: str
    game: Game
    answers: str
    guesses: str
    paper: bool = False


_LIST_KEYS = ("language", "length", "alphabet", "digraphs", "file", "source", "version",
              "licence", "licence_file", "filter")


@cache
def _catalog(path: Path) -> tuple[dict[str, ListSpec], dict[str, Setup]]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogError(f"{path}: no word-list catalog here (set LINGO_TREES_ROOT?)") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path}: not valid TOML ({exc})") from None
    lists: dict[str, ListSpec] = {}
    for list_id, entry in data.get("lists", {}).items():
        _check_catalog_id(path, list_id, "word list")
        missing = [k for k in _LIST_KEYS if k not in entry]
        if missing:
            raise CatalogError(f"{path}: list {list_id!r} lacks {', '.join(missing)}")
        lists[list_id] = ListSpec(
            id=list_id, **{k: entry[k] for k in _LIST_KEYS if k != "digraphs"},
            digraphs=tuple(entry["digraphs"]), helper=bool(entry.get("helper", False)),
        )
    setups: dict[str, Setup] = {}
    for setup_id, entry in data.get("setups", {}).items():
        _check_catalog_id(path, setup_id, "set-up")
        for key in ("answers", "guesses"):
            if entry.get(key) not in lists:
                raise CatalogError(f"{path}: set-up {setup_id!r} names unknown list {entry.get(key)!r}")
        spec = lists[entry["answers"]]
        game = preset(entry["game"])
        game = replace(game, length=spec.length, digraphs=spec.digraphs)
        setups[setup_id] = Setup(setup_id, entry.get("title", setup_id), game,
                                 entry["answers"], entry["guesses"], bool(entry.get("paper", False)))
    return lists, setups


def _check_catalog_id(path: Path, value: str, what: str) -> None:
    try:
        check_id(value, what)
    except CatalogError as exc:
        raise CatalogError(f"{path}: {exc}") from None


def catalog() -> tuple[dict[str, ListSpec], dict[str, Setup]]:
    return _catalog(wordlists_dir() / "catalog.toml")


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
    """The set-up ``setup_id`` (``nl``, ``nl-ij``, ``en``, ``wordle``)."""
    _, setups = catalog()
    if setup_id not in setups:
        raise CatalogError(f"unknown set-up {setup_id!r} (known: {', '.join(setups)})")
    return setups[setup_id]


def helper_lists() -> list[ListSpec]:
    """The lists the site's clue helper offers (``helper = true``), in catalog order."""
    return [spec for spec in catalog()[0].values() if spec.helper]


def setups() -> dict[str, Setup]:
    return catalog()[1]


def setup_letters(setup_id: str) -> list[str]:
    """The start letters of a set-up's answers, in alphabet order, from its
    list alone (no feedback matrix: that takes a while at eight letters)."""
    return load_list(setup(setup_id).answers).first_letters()


def check_setup_letter(setup_id: str, letter: str) -> str:
    """``letter`` if some answer of the set-up begins with it, else a one-line error."""
    letters = setup_letters(setup_id)
    if letter not in letters:
        shown = letter[:10] + ("..." if len(letter) > 10 else "")
        raise StrategyError(f"no answer of set-up {setup_id!r} begins with {shown!r} "
                            f"(start letters: {' '.join(letters)})")
    return letter
