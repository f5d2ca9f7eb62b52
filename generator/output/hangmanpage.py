"""The site's Hangman page: words lost per list, strategy and length, what
is proved, the hardest words, and the lookup that plays the trees.

The Hangman trees are ``trees/hangman/<list>/<misses>/<strategy>/<length>.json``
(:mod:`generator.core.layout`): :func:`hangman_tree_files` finds
them (names checked) and :func:`hangman_page` makes the frozen
:class:`HangmanPage` of them: the site model holds it
(:class:`generator.output.sitemodel.SiteModel`), ``site/hangman.md.j2``
formats it, and the site copies its tree files, which the lookup loads.

Vocabulary: a tree is *built for* ``m`` misses (its ``game.misses``); a word
that takes more misses than are allowed is *lost*. A tree's ``stats.misses``
histogram (misses -> words) gives the words lost at any number allowed. The
greedy rules never look at the misses, so at 9 that is their own figure; an
``optimal`` tree built for 6 and played with 9 allowed is not the optimal
tree for 9 (the page says so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from generator.core.catalog import catalog, load_list
from generator.core.catalog_games import site_defaults
from generator.core.feedback import Pattern
from generator.core.kinds import mask, replay_calls
from generator.core.layout import tree_folders, tree_key, tree_path
from generator.core.strategies import strategy_order
from generator.core.tree import GameTree, Node, Tree
from generator.core.words import Word
from generator.errors import SiteError
from generator.output.helperdata import list_title
from generator.output.sheets import strategy_short, strategy_title
from generator.output.treefile import read_tree

__all__ = ["HangmanPage", "ListView", "hangman_page", "hangman_url", "hardest_words", "lengths_text", "lost_at",
           "masks_of", "hangman_tree_files"]

FAMILY = "hangman"


def usual_misses() -> int:
    """The misses the committed trees are built for, which the page's URLs
    leave out (the catalog's ``[site]`` ``hangman_misses``)."""
    return site_defaults().hangman_misses


SHOWN = (6, 9)  # the page shows the words lost with these misses allowed
HARDEST = 10
SHORTEST = 2  # the hardest words are of this length or more (a one-letter word is any letter)
PAGE = "hangman.html"
INDEX_FORMAT, INDEX_VERSION = "lingo-trees.hangman-index", 1


# -- the model ------------------------------------------------------------------------


@dataclass(frozen=True)
class LengthRow:
    """One tree: the words of one length under one strategy."""

    length: int
    words: int
    lost: tuple[int, ...]  # words lost with each of SHOWN misses allowed
    at_least: int | None  # no strategy loses fewer at the misses the tree is built for (proved)
    proved: bool  # its losses at those misses are proved minimal
    file: str  # the tree file, from the site root
    lookup: str  # the lookup at this length


@dataclass(frozen=True)
class StrategyView:
    """One strategy folder of a list: ``hangman/<list>/<misses>/<strategy>/``."""

    strategy: str
    misses: int  # built for
    title: str
    short: str
    rows: tuple[LengthRow, ...]

    @property
    def label(self) -> str:
        """Its name in a table: the short name, and the misses where not the usual."""
        return self.short if self.misses == usual_misses() else f"{self.short} (built for {self.misses})"

    @property
    def lengths(self) -> tuple[int, ...]:
        return tuple(r.length for r in self.rows)

    @property
    def proved(self) -> str:
        """The lengths whose losses are proved minimal (``2, 9–28``), or ``none``."""
        return lengths_text([r.length for r in self.rows if r.proved]) or "none"


@dataclass(frozen=True)
class Total:
    """A strategy's words and words lost over some of its lengths."""

    view: StrategyView
    lengths: str
    words: int
    lost: tuple[int, ...]
    at_least: int | None  # the sum of the proved lower bounds, where every length has one


@dataclass(frozen=True)
class LengthGridRow:
    """One length of a list: its row in each strategy (None where there is no tree)."""

    length: int
    words: int
    cells: tuple[LengthRow | None, ...]
    at_least: int | None  # the best proved lower bound at usual_misses()
    proved: bool  # some tree's losses at usual_misses() are proved minimal


@dataclass(frozen=True)
class HardWord:
    """A word that takes many misses, and the lookup playing it."""

    word: Word
    length: int
    misses: int
    lookup: str


@dataclass(frozen=True)
class ListView:
    """Every Hangman tree of one word list."""

    id: str
    title: str
    short: str  # for the lookup's picker
    strategies: tuple[StrategyView, ...]
    common: tuple[Total, ...]  # every strategy over the lengths all have (empty with one strategy)
    whole: tuple[Total, ...]  # every strategy over all its lengths
    grid: tuple[LengthGridRow, ...]
    hardest: tuple[HardWord, ...]
    hardest_of: StrategyView  # the strategy whose trees the hardest words come from
    left_out: LengthRow | None = None  # its tree of words shorter than SHORTEST, if any


@dataclass(frozen=True)
class HangmanPage:
    """The Hangman page: every list, the lookup's index and the tree files it loads."""

    lists: tuple[ListView, ...]
    shown: tuple[int, ...]
    index: dict[str, Any]
    files: tuple[tuple[str, Path], ...]  # (path from the site root, the tree file)


# -- reading ------------------------------------------------------------------------


def hangman_tree_files(trees: Path) -> list[Path]:
    """The Hangman tree files under ``trees`` (``hangman/<list>/<misses>/<strategy>/<length>.json``,
    :func:`generator.core.layout.tree_folders`), every name checked: a
    :class:`~generator.errors.LayoutError` names one that is not an id or a
    number. Nothing in a file is read here."""
    if not trees.is_dir():
        return []
    return [path for files in tree_folders(trees, (FAMILY,)).values() for path in files]


def _rel(path: Path, trees: Path) -> str:
    return path.relative_to(trees).as_posix()


def _checked(path: Path, trees: Path) -> GameTree:
    """The tree of ``path``, checked against its folder and against itself."""
    tree = read_tree(path)
    key = tree_key(trees, path)
    where = f"{path}: "
    s = tree.stats
    if tree.game.name != "hangman" or s is None or s.misses is None:
        raise SiteError(where + "not a Hangman tree with its misses counted")
    if tree.answers != key.setup or tree.game.misses != key.misses or str(tree.game.length) != key.part:
        raise SiteError(where + f"its list {tree.answers!r}, misses {tree.game.misses} and length "
                                f"{tree.game.length} do not match its place {_rel(path, trees)}")
    assert key.misses is not None  # a Hangman key has its misses
    lost = lost_at(s.misses, key.misses)
    claimed = tree.strategy.get("losses", lost)
    if not lost == claimed == len(tree.late):
        raise SiteError(where + f"it loses {lost} words (misses counted), its strategy says "
                                f"{claimed} and its late list {len(tree.late)}")
    return tree


def lost_at(misses: dict[int, int], allowed: int) -> int:
    """The words lost with ``allowed`` misses, from a misses histogram.

    >>> lost_at({0: 3, 6: 2, 7: 1, 10: 1}, 6), lost_at({0: 3, 6: 2, 7: 1, 10: 1}, 9)
    (2, 1)
    """
    return sum(n for m, n in misses.items() if m > allowed)


def lengths_text(lengths: Sequence[int]) -> str:
    """Lengths as runs: ``2, 9–28``.

    >>> lengths_text([2, 9, 10, 11, 14])
    '2, 9–11, 14'
    """
    runs: list[list[int]] = []
    for n in sorted(lengths):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


# -- the lookup's URLs and paths ----------------------------------------------------------


def hangman_url(wordlist: str, misses: int, strategy: str, length: int, path: Sequence[Pattern] = ()) -> str:
    """The lookup at a position: ``hangman.html?list=...&length=...&strategy=...&path=m1,m2#lookup``."""
    query = {"list": wordlist, "length": str(length), "strategy": strategy}
    if misses != usual_misses():
        query["misses"] = str(misses)
    if path:
        query["path"] = ",".join(path)
    return f"{PAGE}?{urlencode(query, safe=',_')}#lookup"


def masks_of(tree: Tree, secret: Word) -> tuple[Pattern, ...]:
    """The masks ``secret`` gives along ``tree``, the call that completes it included.

    >>> masks_of(Node("a", {"_a_": Node("b", {"b__": "bad"})}), "bad")
    ('_a_', 'b__')
    """
    out: list[Pattern] = []
    need, called = set(secret), set()
    node = tree
    while isinstance(node, Node):
        called.add(node.guess)
        out.append(mask(secret, node.guess))
        if need <= called:
            break
        node = node.next[out[-1]]
    return tuple(out)


# -- the model ------------------------------------------------------------------------


def _row(tree: GameTree, rel: str, strategy: str) -> LengthRow:
    s, misses = tree.stats, tree.game.misses
    assert s is not None and s.misses is not None and misses is not None
    floor = tree.strategy.get("losses_at_least")
    return LengthRow(
        length=tree.game.length, words=s.secrets, lost=tuple(lost_at(s.misses, m) for m in SHOWN),
        at_least=floor if isinstance(floor, int) else None, proved=bool(tree.strategy.get("losses_proved")),
        file=rel, lookup=hangman_url(tree.answers, misses, strategy, tree.game.length))


def _total(view: StrategyView, lengths: Sequence[int]) -> Total:
    rows = [r for r in view.rows if r.length in lengths]
    floors = [r.at_least for r in rows]
    return Total(view, lengths_text(lengths), sum(r.words for r in rows),
                 tuple(sum(r.lost[i] for r in rows) for i in range(len(SHOWN))),
                 None if None in floors else sum(f for f in floors if f is not None))


def _grid(views: Sequence[StrategyView]) -> tuple[LengthGridRow, ...]:
    rows = [{r.length: r for r in v.rows} for v in views]
    out = []
    for n in sorted({r.length for v in views for r in v.rows}):
        cells = tuple(by.get(n) for by in rows)
        usual = [c for c, v in zip(cells, views) if c is not None and v.misses == usual_misses()]
        floors = [c.at_least for c in usual if c.at_least is not None]
        out.append(LengthGridRow(n, max(c.words for c in cells if c is not None), cells,
                           max(floors) if floors else None, any(c.proved for c in usual)))
    return tuple(out)


def hardest_words(trees: Sequence[GameTree], strategy: str, top: int = HARDEST) -> tuple[HardWord, ...]:
    """The ``top`` words with the most misses in ``trees`` (ties: shorter, then
    alphabetical). Only the trees that can hold one are replayed: the misses
    histograms say how many misses the ``top``-th word has at least."""
    trees = [t for t in trees if t.game.length >= SHORTEST]
    counts: Counter[int] = Counter()
    for t in trees:
        counts.update(_misses(t))
    cut, seen = 0, 0
    for m in sorted(counts, reverse=True):
        seen += counts[m]
        if seen >= top:
            cut = m
            break
    found = []
    for t in trees:
        if max(_misses(t), default=0) < cut:
            continue
        for word in t.secrets:
            n = replay_calls(t.root, word, t.game.misses or 0).misses
            if n >= cut:
                found.append((-n, len(word), word, t))
    found.sort(key=lambda x: x[:3])
    return tuple(HardWord(w, len(w), -n, hangman_url(t.answers, t.game.misses or 0, strategy, len(w),
                                                    masks_of(t.root, w)))
                 for n, _, w, t in found[:top])


def _misses(tree: GameTree) -> dict[int, int]:
    return tree.stats.misses or {} if tree.stats else {}


def _list_titles(wordlist: str) -> tuple[str, str]:
    """A list's title and short title in plain words, without its id (which
    stays in URLs): ``English, every ENABLE word (ENABLE enable1.txt)``, ``English, every ENABLE word``."""
    spec = catalog()[0].get(wordlist)
    if spec is None:
        return wordlist, wordlist
    short = list_title(spec, len(load_list(wordlist).words))
    return f"{short} ({spec.source})", short


def _list_view(wordlist: str, folders: dict[tuple[int, str], dict[int, tuple[str, GameTree]]]) -> ListView:
    """One list's view from its folders: (misses, strategy) -> length -> (file, tree)."""
    order = sorted(folders, key=lambda k: (k[0] != usual_misses(), k[0], strategy_order(FAMILY, k[1])))
    views = tuple(StrategyView(strategy, misses, strategy_title(FAMILY, strategy), strategy_short(FAMILY, strategy),
                               tuple(_row(tree, rel, strategy) for _, (rel, tree) in sorted(folders[misses, strategy].items())))
                  for misses, strategy in order)
    common = sorted(set.intersection(*(set(v.lengths) for v in views)))
    widest = max(views, key=lambda v: (v.misses == usual_misses(), sum(r.words for r in v.rows),
                                       v.strategy == "optimal"))
    trees = [tree for _, tree in folders[widest.misses, widest.strategy].values()]
    title, short_title = _list_titles(wordlist)
    return ListView(
        id=wordlist, title=title, short=short_title, strategies=views,
        common=tuple(_total(v, common) for v in views) if len(views) > 1 and common else (),
        whole=tuple(_total(v, v.lengths) for v in views), grid=_grid(views),
        hardest=hardest_words(trees, widest.strategy), hardest_of=widest,
        left_out=next((r for r in widest.rows if r.length < SHORTEST), None))


def hangman_index(lists: Sequence[ListView]) -> dict[str, Any]:
    """What the lookup offers (the page holds it as JSON): lists, and per list
    the strategy folders with their lengths, in the page's order."""
    return {
        "format": INDEX_FORMAT, "version": INDEX_VERSION, "default_misses": usual_misses(),
        "default_strategy": site_defaults().hangman_strategy,
        "also": max(SHOWN),
        "lists": [{"id": v.id, "title": v.title, "short": v.short,
                   "folders": [{"misses": s.misses, "strategy": s.strategy, "title": s.title, "short": s.short,
                                "lengths": list(s.lengths), "words": [r.words for r in s.rows]}
                               for s in v.strategies]}
                  for v in lists],
    }


def hangman_page(trees: Path) -> HangmanPage | None:
    """The page of the Hangman trees under ``trees`` (None when there are none)."""
    by_list: dict[str, dict[tuple[int, str], dict[int, tuple[str, GameTree]]]] = {}
    files = []
    for path in hangman_tree_files(trees):
        key = tree_key(trees, path)
        rel = tree_path(Path("trees"), key).as_posix()  # in the site, laid out as the repository
        tree = _checked(path, trees)
        folder = by_list.setdefault(key.setup, {})
        folder.setdefault((tree.game.misses or 0, key.strategy), {})[tree.game.length] = (rel, tree)
        files.append((rel, path))
    if not files:
        return None
    lists = tuple(_list_view(wordlist, folders) for wordlist, folders in sorted(by_list.items()))
    return HangmanPage(lists, SHOWN, hangman_index(lists), tuple(files))
