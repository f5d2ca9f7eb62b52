"""The tree folders a site publishes, as read: each strategy folder with its
index and trees (:func:`read_folders`), and the printable sheets made of
them (:func:`sheet_models`). :mod:`generator.output.sitemodel` makes the
pages' view models from these.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.blocks import shared_block
from generator.core.catalog import setups as catalog_setups
from generator.core.layout import FolderKey
from generator.core.rules import GuessRule
from generator.core.strategies import family_of, strategy_info, strategy_order
from generator.core.tree import GameTree
from generator.errors import SiteError, StrategyError, TreeFormatError
from generator.output.index import index_data, index_folders
from generator.output.sheets import LetterSheet, OpenersCard, letter_sheet, openers_card
from generator.output.sitenames import setup_title
from generator.output.treefile import read_tree

Key = tuple[str, str, str, str]  # (setup, rule, strategy, letter)


@dataclass(frozen=True)
class TreeFolder:
    """One strategy folder as read: its key, the trees folder it is in, its
    index and its trees by letter."""

    key: FolderKey
    root: Path
    index: dict[str, Any]
    trees: dict[str, GameTree]

    # The site names a folder's pages by its path's three names (its pages and
    # downloads mirror ``trees/``): for Mastermind, ``mastermind``, the
    # variant and the strategy, as its key's family, set-up and strategy.

    @property
    def setup(self) -> str:
        """The folder's first name: a set-up, or ``mastermind``."""
        return self.key.names[0]

    @property
    def rule(self) -> str:
        """The folder's second name, the ``rule`` of its page URLs: a guess
        rule; a Mastermind folder has its variant there (:attr:`variant`)."""
        return self.key.names[1]

    @property
    def variant(self) -> str | None:
        """A Mastermind folder's variant (its key's set-up), else None."""
        return self.key.setup if self.key.family == "mastermind" else None

    @property
    def strategy(self) -> str:
        return self.key.strategy

    @property
    def family(self) -> str:
        """The game family of its trees (``lingo``, ``wordle``, ``mastermind``,
        ``hangman``): Bulls and Cows is a Mastermind variant."""
        return family_of(next(iter(self.trees.values())).game.name)


def rule_order(rule: str) -> tuple[int, str]:
    names = [r.value for r in GuessRule]
    return (names.index(rule) if rule in names else len(names), rule)


def published_folders(trees: Path) -> dict[FolderKey, list[Path]]:
    """The strategy folders under ``trees`` the site publishes, with their
    tree files (:func:`~generator.output.index.index_folders`; Hangman's
    are its page's, :mod:`generator.output.hangmanpage`): a catalog
    set-up's only where a build makes them (:meth:`Setup.builds
    <generator.core.catalog.Setup.builds>`: not a rule its entry no longer
    plays, not a table where it has none)."""
    try:
        folders = index_folders(trees)
    except TreeFormatError as exc:
        raise SiteError(str(exc)) from None
    known = catalog_setups()
    return {key: files for key, files in folders.items()
            if key.setup not in known or known[key.setup].builds(key.rule, key.strategy)}


def read_folders(trees: Path) -> list[TreeFolder]:
    """Every strategy folder under ``trees`` (:mod:`generator.core.layout`)
    that the site publishes (:func:`published_folders`), in site order
    (set-up, rule, strategy), its trees read and its index made from them (an
    ``index.json`` is never trusted: its keys and paths are not followed).
    Folder and file names must be ids."""
    found = []
    for key, files in published_folders(trees).items():
        letters = {path.stem: read_tree(path) for path in files}
        found.append(TreeFolder(key, trees, index_data(key, letters), letters))
    if not found:
        raise SiteError(f"no trees under {trees} (run lingo-trees build first)")

    def order(f: TreeFolder) -> tuple[Any, ...]:
        return (f.setup, rule_order(f.rule), strategy_order(f.family, f.strategy))

    return sorted(found, key=order)


def cut_card(f: TreeFolder) -> bool:
    """Whether a folder holds a card cut from the full one: its letters have
    no sheets (their groups are the full card's, some tried in another
    order) and open the lookup."""
    try:
        return strategy_info(f.family, f.strategy).card
    except StrategyError:
        return False


def sheet_models(folders: list[TreeFolder]) -> tuple[dict[Key, LetterSheet], dict[tuple[str, str, str], OpenersCard]]:
    """Every letter sheet, and the openers card of every folder with openers."""
    sheets: dict[Key, LetterSheet] = {}
    cards: dict[tuple[str, str, str], OpenersCard] = {}
    for f in folders:
        title = setup_title(f.setup)
        shared = None
        for letter, tree in sorted(f.trees.items()):
            if not cut_card(f):
                sheets[(f.setup, f.rule, f.strategy, letter)] = letter_sheet(tree, f.setup, title, f.rule,
                                                                             f.strategy, letter)
            block = shared_block(tree.strategy)
            shared = shared or (block["shared"] if block else None)
        if "words_to_learn" in f.index["totals"]:
            length = next(iter(f.trees.values())).game.length
            cards[(f.setup, f.rule, f.strategy)] = openers_card(f.index, title, shared, length)
    return sheets, cards
