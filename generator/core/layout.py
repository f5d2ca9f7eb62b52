"""Where the tree files are: one layout for every game family.

A tree file is named by a :class:`TreeKey`: its game **family** (``lingo``,
``wordle``, ``mastermind``, ``hangman``), its **set-up** (a catalog set-up,
a Mastermind variant, a Hangman word list), its guess **rule**, its
**strategy**, its **part** (a start letter, ``all`` for the one tree of a game
that reveals no letter, a word length for Hangman) and, for Hangman alone, the
**misses** a player may make. A strategy folder is named by a
:class:`FolderKey`: the same without the part. The shapes, under a trees
folder (``trees/``)::

    lingo       <setup>/<rule>/<strategy>/<letter>.json   (all.json: no letter shown)
    wordle      <setup>/<rule>/<strategy>/all.json
    mastermind  mastermind/<variant>/<strategy>/all.json  (rule: free)
    hangman     hangman/<list>/<misses>/<strategy>/<length>.json  (rule: free)

A word means one thing: a Mastermind variant is its key's set-up, never its
rule (Mastermind's rule is ``free``, as its trees' ``game.guess_rule``).
LINGO and Wordle share a shape: a path's family is its set-up's in the
catalog (a set-up the catalog does not know is LINGO's, as in
:func:`~generator.core.strategies.family_of`).

:func:`tree_path` and :func:`tree_key` are a pair, as are :func:`folder_path`
and :func:`folder_key`; :func:`tree_folders` lists every folder of a trees
folder with its tree files, and :func:`folder_trees` the tree files of one.
A path that fits no shape is a :class:`~generator.errors.LayoutError`
naming the part that does not fit.

>>> root = Path("trees")
>>> keys = [TreeKey("lingo", "nl", "same-start", "human", "ij"),
...         TreeKey("wordle", "wordle", "hard", "entropy", "all"),
...         TreeKey.mastermind("bulls-and-cows", "knuth"),
...         TreeKey.hangman("nl-basis", 6, "optimal", 7)]
>>> for key in keys:
...     path = tree_path(root, key)
...     print(path.as_posix(), tree_key(root, path) == key)
trees/nl/same-start/human/ij.json True
trees/wordle/hard/entropy/all.json True
trees/mastermind/bulls-and-cows/knuth/all.json True
trees/hangman/nl-basis/6/optimal/7.json True
>>> tree_key(root, Path("trees/mastermind/4x6/knuth/all.json"))
TreeKey(family='mastermind', setup='4x6', rule='free', strategy='knuth', part='all', misses=None)
>>> folder_key(root, Path("trees/hangman/nl-basis/6/optimal")).names
('hangman', 'nl-basis', '6', 'optimal')
>>> tree_key(root, Path("trees/nl/free/human/a/b.json"))
Traceback (most recent call last):
...
generator.errors.LayoutError: trees/nl/free/human/a/b.json: fits no tree file's place (<setup>/<rule>/<strategy>/<letter>.json, mastermind/<variant>/<strategy>/all.json, hangman/<list>/<misses>/<strategy>/<length>.json)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.core.catalog import setups
from generator.core.ids import ID_RULE, is_id, is_letter_id, short
from generator.core.strategies import FAMILIES, family_of
from generator.errors import LayoutError

Family = str  # one of FAMILIES
PartName = str  # a letter id, "all" or a word length: a tree file's name without ".json"

ALL = "all"  # the part of the one tree of a game that reveals no letter
FREE = "free"  # the rule of every Mastermind and Hangman tree
INDEX = "index.json"  # a strategy folder's index: not a tree
#: the families whose folders sit one level below a folder of their own name
OWN_FOLDER = ("mastermind", "hangman")
SHAPES = ("<setup>/<rule>/<strategy>/<letter>.json, mastermind/<variant>/<strategy>/all.json, "
          "hangman/<list>/<misses>/<strategy>/<length>.json")
FOLDER_SHAPES = "<setup>/<rule>/<strategy>, mastermind/<variant>/<strategy>, hangman/<list>/<misses>/<strategy>"
_LENGTH = re.compile(r"[1-9][0-9]?")
_NUMBER = re.compile(r"0|[1-9][0-9]?")


def _check_names(family: Family, setup: str, rule: str, strategy: str, misses: int | None, where: str) -> None:
    """A :class:`LayoutError` (its message led by ``where``) for a folder key no folder can have."""
    if family not in FAMILIES:
        raise LayoutError(f"{where}{short(family)!r} is not a game family ({', '.join(FAMILIES)})")
    setup_word = {"mastermind": "variant", "hangman": "word list"}.get(family, "set-up")
    for name, what in ((setup, setup_word), (rule, "rule"), (strategy, "strategy")):
        if not isinstance(name, str) or not is_id(name):
            raise LayoutError(f"{where}the {what} folder {short(str(name))!r} is not an id ({ID_RULE})")
    if family in OWN_FOLDER:
        if rule != FREE:
            variant = " (a Mastermind variant is its set-up)" if family == "mastermind" else ""
            raise LayoutError(f"{where}a {family} tree's rule is {FREE}, not {rule!r}{variant}")
    elif setup in OWN_FOLDER:
        raise LayoutError(f"{where}a {family} set-up cannot be named {setup!r}: that folder holds {setup} trees")
    if (family == "hangman") != (misses is not None):
        raise LayoutError(f"{where}misses are a Hangman folder's, and every Hangman folder has them")
    if misses is not None and not (isinstance(misses, int) and 0 <= misses <= 99):
        raise LayoutError(f"{where}the misses {misses!r} are not a number of 0 to 99")


def _check_part(family: Family, part: PartName, where: str) -> None:
    """A :class:`LayoutError` for a part no tree file of ``family`` is named by."""
    if family == "hangman":
        if not _LENGTH.fullmatch(part):
            raise LayoutError(f"{where}{short(part + '.json')!r} is not a Hangman tree name (a word length)")
    elif not (part == ALL or (family == "lingo" and is_letter_id(part))):
        named = "a letter id or all" if family == "lingo" else "all"
        raise LayoutError(f"{where}{short(part + '.json')!r} is not a tree file name (a {family} tree's: {named})")


@dataclass(frozen=True)
class FolderKey:
    """A strategy folder: what its trees are, not where (:func:`folder_path`)."""

    family: Family
    setup: str
    rule: str
    strategy: str
    misses: int | None = None

    def __post_init__(self) -> None:
        _check_names(self.family, self.setup, self.rule, self.strategy, self.misses, "")

    @classmethod
    def mastermind(cls, variant: str, strategy: str) -> FolderKey:
        return cls("mastermind", variant, FREE, strategy)

    @classmethod
    def hangman(cls, wordlist: str, misses: int, strategy: str) -> FolderKey:
        return cls("hangman", wordlist, FREE, strategy, misses)

    @property
    def names(self) -> tuple[str, ...]:
        """The folder's names below a trees folder, outermost first.

        >>> FolderKey.mastermind("4x6", "knuth").names
        ('mastermind', '4x6', 'knuth')
        """
        if self.family == "hangman":
            return (self.family, self.setup, str(self.misses), self.strategy)
        if self.family == "mastermind":
            return (self.family, self.setup, self.strategy)
        return (self.setup, self.rule, self.strategy)

    def tree(self, part: PartName) -> TreeKey:
        """The key of its tree ``part`` (a letter, ``all`` or a length)."""
        return TreeKey(self.family, self.setup, self.rule, self.strategy, part, self.misses)


@dataclass(frozen=True)
class TreeKey:
    """A tree file: what its tree is, not where (:func:`tree_path`)."""

    family: Family
    setup: str
    rule: str
    strategy: str
    part: PartName
    misses: int | None = None

    def __post_init__(self) -> None:
        _check_names(self.family, self.setup, self.rule, self.strategy, self.misses, "")
        _check_part(self.family, self.part, "")

    @classmethod
    def mastermind(cls, variant: str, strategy: str) -> TreeKey:
        return FolderKey.mastermind(variant, strategy).tree(ALL)

    @classmethod
    def hangman(cls, wordlist: str, misses: int, strategy: str, length: int) -> TreeKey:
        return FolderKey.hangman(wordlist, misses, strategy).tree(str(length))

    @property
    def folder(self) -> FolderKey:
        return FolderKey(self.family, self.setup, self.rule, self.strategy, self.misses)


def folder_path(root: Path, key: FolderKey) -> Path:
    """Where the strategy folder ``key`` is under the trees folder ``root``."""
    return root.joinpath(*key.names)


def tree_path(root: Path, key: TreeKey) -> Path:
    """Where the tree file ``key`` is under the trees folder ``root``.

    >>> tree_path(Path("trees"), TreeKey("lingo", "nl", "free", "scm", "a")).as_posix()
    'trees/nl/free/scm/a.json'
    """
    return folder_path(root, key.folder) / f"{key.part}.json"


def word_family(setup_id: str) -> Family:
    """The family of a set-up of words (LINGO or Wordle: one shape), by the catalog.

    >>> word_family("wordle-2023"), word_family("nl-ij"), word_family("not-in-the-catalog")
    ('wordle', 'lingo', 'lingo')
    """
    known = setups().get(setup_id)
    return family_of(known.game.name) if known is not None else "lingo"


def _names(root: Path, path: Path) -> tuple[str, ...]:
    try:
        return path.relative_to(root).parts
    except ValueError:
        raise LayoutError(f"{path}: not under the trees folder {root}") from None


def folder_key(root: Path, path: Path) -> FolderKey:
    """The key of the strategy folder at ``path`` under ``root``: a
    :class:`LayoutError` where the path fits no folder's shape or a name in
    it is not an id (a number, for Hangman's misses)."""
    names = _names(root, path)
    where = f"{path}: "
    if len(names) == 4 and names[0] == "hangman":
        if not _NUMBER.fullmatch(names[2]):
            raise LayoutError(f"{where}the misses folder {short(names[2])!r} is not a number")
        _check_names("hangman", names[1], FREE, names[3], int(names[2]), where)
        return FolderKey.hangman(names[1], int(names[2]), names[3])
    if len(names) == 3 and names[0] == "mastermind":
        _check_names("mastermind", names[1], FREE, names[2], None, where)
        return FolderKey.mastermind(names[1], names[2])
    if len(names) == 3 and names[0] not in OWN_FOLDER:
        _check_names("lingo", *names, None, where)  # ids first: the catalog is asked only of an id
        return FolderKey(word_family(names[0]), *names)
    raise LayoutError(f"{where}fits no strategy folder's place ({FOLDER_SHAPES})")


def tree_key(root: Path, path: Path) -> TreeKey:
    """The key of the tree file at ``path`` under ``root``: a :class:`LayoutError`
    where the path fits no shape (:func:`folder_key`) or its file name is no
    tree's of its family. Nothing in the file is read."""
    names = _names(root, path)
    if path.suffix != ".json" or not (len(names) == 5 and names[0] == "hangman"
                                      or len(names) == 4 and names[0] != "hangman"):
        raise LayoutError(f"{path}: fits no tree file's place ({SHAPES})")
    folder = folder_key(root, path.parent)
    _check_part(folder.family, path.stem, f"{path.parent}: ")
    return folder.tree(path.stem)


def _glob(family_folder: Path, depth: int) -> Iterable[Path]:
    return family_folder.glob("/".join(["*"] * depth) + ".json")


def tree_folders(root: Path, families: Iterable[Family] = FAMILIES) -> dict[FolderKey, list[Path]]:
    """Every strategy folder of ``families`` under the trees folder ``root``
    with its tree files (``index.json`` left out), in path order, every name
    checked (:func:`tree_key`); a :class:`LayoutError` where ``root`` is no
    folder. Nothing in a file is read; a JSON file at no tree's depth (the
    top folder's ``index.json``, ``openers.json``) is not a tree."""
    if not root.is_dir():
        raise LayoutError(f"no trees under {root} (no such folder; run lingo-trees build first)")
    wanted = set(families)
    paths: list[Path] = []
    for top in sorted(p for p in root.iterdir() if p.is_dir()):
        family = top.name if top.name in OWN_FOLDER else None
        if (family is None and not wanted & {"lingo", "wordle"}) or (family is not None and family not in wanted):
            continue
        paths += [p for p in _glob(top, 4 if family == "hangman" else 3) if p.name != INDEX]
    out: dict[FolderKey, list[Path]] = {}
    for path in sorted(paths):
        key = tree_key(root, path)
        if key.family in wanted:
            out.setdefault(key.folder, []).append(path)
    return out


def folder_trees(root: Path, key: FolderKey) -> list[Path]:
    """The tree files of the strategy folder ``key`` under ``root``, in name
    order (none where it does not exist), every name checked."""
    folder = folder_path(root, key)
    found = sorted(p for p in folder.glob("*.json") if p.name != INDEX)
    for path in found:
        _check_part(key.family, path.stem, f"{folder}: ")
    return found
