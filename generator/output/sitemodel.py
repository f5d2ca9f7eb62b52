"""The strategy site's view models: built once from the trees, never changed.

:func:`read_folders` reads every strategy folder of a trees folder
(``<setup>/<rule>/<strategy>/``) with its index and tree files;
:func:`sheet_models` makes the printable sheets of them; once the PDFs are
printed (their page counts known) and the trees copied (their sizes known),
:func:`site_model` makes the one frozen :class:`SiteModel` that every page
template formats (the Hangman page's model, made by
:mod:`generator.output.hangmanpage`, is part of it). Nothing here writes a
file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.core.catalog import LANGUAGE_NAMES, catalog
from generator.core.catalog import setups as catalog_setups
from generator.core.rules import GuessRule
from generator.core.strategies import FAMILIES, family_of, strategy_info, strategy_order
from generator.core.tree import GameTree, Node
from generator.errors import LingoTreesError, SiteError, StrategyError, TreeFormatError
from generator.games.mastermind import variant
from generator.output import paper
from generator.output.hangmanpage import HangmanPage
from generator.output.index import index_data, tree_folders
from generator.output.sheets import (
    Histogram,
    LetterSheet,
    OpenersCard,
    has_table,
    histogram,
    letter_sheet,
    lookup_url,
    openers_card,
    rule_title,
    strategy_short,
    strategy_title,
)
from generator.output.treefile import read_tree
from generator.search.ranking import OPTIMAL, OpenerRanking
from generator.search.traps import Trap

Key = tuple[str, str, str, str]  # (setup, rule, strategy, letter)

#: how the site names each game family
GAME_TITLES = {"lingo": "LINGO", "wordle": "Wordle", "mastermind": "Mastermind", "hangman": "Hangman"}
#: LINGO set-ups by language, in the catalog's order of languages: the show's own (Dutch) first
LANGUAGE_ORDER = tuple(LANGUAGE_NAMES)


# -- what is read -------------------------------------------------------------------


@dataclass(frozen=True)
class TreeFolder:
    """One strategy folder as read: its index and its trees by letter."""

    setup: str
    rule: str
    strategy: str
    path: Path
    index: dict[str, Any]
    trees: dict[str, GameTree]

    @property
    def family(self) -> str:
        """The game family of its trees (``lingo``, ``wordle``, ``mastermind``,
        ``hangman``): Bulls and Cows is a Mastermind variant."""
        return family_of(next(iter(self.trees.values())).game.name)


def _rule_order(rule: str) -> tuple[int, str]:
    names = [r.value for r in GuessRule]
    return (names.index(rule) if rule in names else len(names), rule)


def read_folders(trees: Path) -> list[TreeFolder]:
    """Every strategy folder ``<setup>/<rule>/<strategy>/`` under ``trees``
    with tree files, in site order (set-up, rule, strategy), its trees read
    and its index made from them (an ``index.json`` is never trusted: its
    keys and paths are not followed). Folder and file names must be ids."""
    found = []
    try:
        folders = tree_folders(trees)
    except TreeFormatError as exc:
        raise SiteError(str(exc)) from None
    for folder, files in folders.items():
        names = (folder.parent.parent.name, folder.parent.name, folder.name)
        letters = {path.stem: read_tree(path) for path in files}
        found.append(TreeFolder(*names, folder, index_data(*names, letters), letters))
    if not found:
        raise SiteError(f"no trees under {trees} (run lingo-trees build first)")

    def order(f: TreeFolder) -> tuple[Any, ...]:
        return (f.setup, _rule_order(f.rule), strategy_order(f.family, f.strategy))

    return sorted(found, key=order)


def sheet_models(folders: list[TreeFolder]) -> tuple[dict[Key, LetterSheet], dict[tuple[str, str, str], OpenersCard]]:
    """Every letter sheet, and the openers card of every folder with openers."""
    sheets: dict[Key, LetterSheet] = {}
    cards: dict[tuple[str, str, str], OpenersCard] = {}
    for f in folders:
        title = setup_title(f.setup)
        shared = None
        for letter, tree in sorted(f.trees.items()):
            sheets[(f.setup, f.rule, f.strategy, letter)] = letter_sheet(tree, f.setup, title, f.rule,
                                                                         f.strategy, letter)
            shared = shared or tree.strategy.get("shared")
        if "words_to_learn" in f.index["totals"]:
            cards[(f.setup, f.rule, f.strategy)] = openers_card(f.index, title, shared)
    return sheets, cards


def setup_title(setup_id: str) -> str:
    known = catalog_setups()
    return known[setup_id].title if setup_id in known else setup_id


# -- the model ----------------------------------------------------------------------


@dataclass(frozen=True)
class LetterRow:
    letter: str
    secrets: int
    openers: tuple[str, ...]
    k: int | None
    mean_turns: float
    max_turns: int
    at_limit: int  # secrets needing the game's turns or more
    late: int
    page: str  # URL of the letter's sheet, from the site root ('' for an adaptive strategy: the lookup is its sheet)
    lookup: str
    pdf: str | None = None
    pdf_pages: int | None = None


@dataclass(frozen=True)
class SheetMore:
    """The rows of a long letter sheet still to come after a page of them."""

    href: str  # the next page of rows, beside the letter's page
    rows: int  # on that page
    left: int  # on that page and the ones after it
    total: int  # rows of the whole sheet


@dataclass(frozen=True)
class PaperRow:
    letter: str
    ours: tuple[str, ...]
    ours_largest: int
    paper: tuple[str, ...]
    paper_largest: int | str


@dataclass(frozen=True)
class FolderView:
    """One strategy folder: ``trees/<setup>/<rule>/<strategy>/``."""

    setup: str
    rule: str
    strategy: str
    title: str
    short: str
    rule_title: str
    turns_limit: int
    totals: dict[str, Any]
    letters: tuple[LetterRow, ...]
    histogram: Histogram
    card: OpenersCard | None
    card_pdf: str | None = None
    paper_rows: tuple[PaperRow, ...] = ()
    first: str = ""  # a folder of one tree (Wordle, Mastermind): its first guess

    @property
    def anchor(self) -> str:
        return f"{self.rule}-{self.strategy}"

    @property
    def min_turns(self) -> int:
        """The fewest turns any secret takes."""
        return min((int(k) for k, n in self.totals["turns"].items() if n), default=0)

    @property
    def rule_short(self) -> str:
        """``free rule``, ``TV rules``, ``Bulls and Cows``: the title to its first ``:`` or ``(``."""
        return short_rule(self.rule_title)

    @property
    def page(self) -> str:
        """URL of the folder's page, from the site root."""
        return folder_page(self.setup, self.rule, self.strategy)

    @property
    def at_limit(self) -> int:
        return sum(r.at_limit for r in self.letters)

    @property
    def has_openers(self) -> bool:
        return any(r.k is not None for r in self.letters)

    @property
    def card_name(self) -> str:
        """``TV card`` (TV rules, the human scheme) or ``Openers card``: its card's name."""
        return "TV card" if self.card is not None and self.card.tv else "Openers card"


@dataclass(frozen=True)
class SetupView:
    """One set-up: an overview page (``<id>.html``) and a page per folder."""

    id: str
    title: str
    family: str  # lingo, wordle, mastermind, hangman
    answers: str  # what the home page says the secrets and guesses are
    guesses: str
    digraphs: tuple[str, ...]
    folders: tuple[FolderView, ...]
    comparison: tuple[Histogram, ...]
    language: str = ""  # LINGO and Wordle: the answers list's language
    length: int = 0
    openers: tuple[OpenersView, ...] = ()  # the rankings of first words made for it
    traps: tuple[TrapRow, ...] = ()  # its largest one-letter families
    answers_filter: str = ""  # how the answers list was chosen (the catalog's filter)
    show: str = ""  # the TV show that plays it (the catalog's): its TV rules come first
    played: str = ""  # where the show plays words of its length (the catalog's)

    @property
    def rules(self) -> list[str]:
        rules = sorted({f.rule for f in self.folders}, key=_rule_order)
        return sorted(rules, key=lambda r: r != GuessRule.SAME_START.value) if self.show else rules

    @property
    def tv(self) -> FolderView | None:
        """The folder of its TV card: TV rules, the human scheme (a show's set-up)."""
        return next((f for f in self.folders if (f.rule, f.strategy) == ("same-start", "human")), None)

    @property
    def game_title(self) -> str:
        return GAME_TITLES.get(self.family, self.family)

    @property
    def noun(self) -> str:
        """What its secrets are called in a table heading."""
        return "codes" if self.family == "mastermind" else "words"

    def in_rule(self, rule: str) -> tuple[FolderView, ...]:
        return tuple(f for f in self.folders if f.rule == rule)

    def legend(self, rule: str) -> tuple[tuple[str, str], ...]:
        """The (short name, title) of each strategy of a rule, once: a strategy
        played from a fixed opener (``scm-salet``) is described as ``scm``."""
        out: dict[str, str] = {}
        for f in self.in_rule(rule):
            try:
                info = strategy_info(self.family, strategy_info(self.family, f.strategy).base)
            except StrategyError:  # a folder of no registered strategy: as it is
                out.setdefault(f.short, f.title)
                continue
            out.setdefault(info.short, info.title)
        return tuple(out.items())

    def grid(self, rule: str) -> tuple[GridRow, ...]:
        """Every letter of the rule's folders: its words and its row in each
        folder (``None`` where a folder has no tree for it)."""
        folders = self.in_rule(rule)
        rows = {f.strategy: {r.letter: r for r in f.letters} for f in folders}
        letters = sorted({r.letter for f in folders for r in f.letters})
        out = []
        for letter in letters:
            cells = tuple(rows[f.strategy].get(letter) for f in folders)
            out.append(GridRow(letter, max(c.secrets for c in cells if c is not None), cells))
        return tuple(out)


@dataclass(frozen=True)
class OpenerRow:
    """One first word of a ranking, as its table shows it."""

    place: int | None  # None: past the proved part of an optimal ranking (its place is not known)
    word: str
    total: int
    mean: float
    max_turns: int
    late: int
    first_move_place: int


@dataclass(frozen=True)
class OpenersView:
    """A ranking of first words (:mod:`generator.search.ranking`) on its set-up's page."""

    strategy: str  # the strategy's short name
    title: str
    rule_title: str
    built: int  # openers whose trees were built
    shortlist: int
    top: tuple[OpenerRow, ...]
    placed: tuple[OpenerRow, ...]  # the words asked for, below the top
    exact: bool = False  # the optimal tree after each word (the exact search), not greedy play
    weighed: int = 0  # exact: the first words weighed (0: only the built ones)
    first_words: int = 0  # exact: the words allowed first
    bar: int | None = None  # exact: the least lower bound of a word without an exact total
    bar_mean: float = 0.0  # exact: that bound a game
    no_tree: int = 0  # exact: first words after which no tree keeps every secret within the turns
    proved: bool = False  # exact: the `shortlist` best are proved the best of all


#: first words a ranking's table shows
TOP_OPENERS = 20


@dataclass(frozen=True)
class TrapRow:
    """A one-letter family (:mod:`generator.search.traps`) as a set-up's table shows it."""

    pattern: str  # "_atch"
    words: tuple[str, ...]
    one_by_one: int  # worst-case guesses, each a word of the family
    with_probe: str  # worst-case guesses with any allowed word: "3", or "3-4" where not proved
    probe: str  # the first guess of that way


def trap_row(t: Trap) -> TrapRow:
    return TrapRow(t.family.pattern, t.family.words, t.one_by_one.guesses, t.with_probe.span("\u2013"),
                   t.with_probe.first)


def openers_view(r: OpenerRanking, family: str) -> OpenersView:
    bar = r.bar
    rows = [OpenerRow(r.place(x.word), x.word, x.total, r.mean(x), x.max_turns, x.late, x.first_move_place)
            for x in r.scores]
    weighed = len(r.scores) + len(r.bounds) if r.bounds else 0
    return OpenersView(strategy_short(family, r.strategy), strategy_title(family, r.strategy),
                       rule_title(r.rule, family), len(rows), r.shortlist, tuple(rows[:TOP_OPENERS]),
                       tuple(x for x in rows[TOP_OPENERS:] if x.word in r.asked), r.strategy == OPTIMAL,
                       weighed, r.first_words, bar, round(bar / r.secrets, 4) if bar is not None and r.secrets else 0.0,
                       r.no_tree, r.proved_best)


@dataclass(frozen=True)
class GridRow:
    """A letter on a set-up's overview: its row in each strategy of a rule."""

    letter: str
    secrets: int
    cells: tuple[LetterRow | None, ...]


@dataclass(frozen=True)
class Download:
    label: str
    path: str  # URL from the site root
    size: int


@dataclass(frozen=True)
class Files:
    """The downloads, once the trees are copied into the site."""

    downloads: tuple[Download, ...] = ()
    by_folder: dict[tuple[str, str, str], tuple[Download, ...]] = field(default_factory=dict)
    archive: Download | None = None


@dataclass(frozen=True)
class SiteModel:
    setups: tuple[SetupView, ...]
    downloads: tuple[Download, ...]
    folder_downloads: tuple[tuple[FolderView, tuple[Download, ...]], ...]
    archive: Download | None
    rule_titles: dict[str, str]
    hangman: HangmanPage | None = None  # the Hangman page, where there are Hangman trees

    @property
    def show_pages(self) -> dict[str, str]:
        """The page of each TV show (:attr:`shows`): ``dutch-lingo-on-tv.md``."""
        return {show: f"{slug(show)}.md" for show in self.shows}

    @property
    def shows(self) -> dict[str, tuple[SetupView, ...]]:
        """The set-ups of each TV show that have a TV card: five letters, six, seven, ..., then four."""
        out: dict[str, list[SetupView]] = {}
        for s in self.setups:
            if s.show and s.tv is not None:
                out.setdefault(s.show, []).append(s)
        # five letters first (every show's main round), then the longer rounds, then the shorter
        return {show: tuple(sorted(v, key=lambda s: (s.length < 5, s.length))) for show, v in out.items()}


def folder_page(setup: str, rule: str, strategy: str) -> str:
    return f"{setup}/{rule}/{strategy}.html"


def letter_page(setup: str, rule: str, strategy: str, letter: str) -> str:
    return f"{setup}/{rule}/{strategy}/{letter}.html"


def _pdf_words(setup: str, rule: str, strategy: str) -> str:
    """A PDF's name in the words a player reads (``nl-tv-rules-human-scheme``),
    not the rule's and strategy's ids.

    >>> _pdf_words("nl", "same-start", "human-lookup")
    'nl-tv-rules-sheet-at-hand'
    """
    family = family_of(catalog_setups()[setup].game.name) if setup in catalog_setups() else "lingo"
    return f"{setup}-{slug(short_rule(rule_title(rule, family)))}-{slug(strategy_short(family, strategy))}"


def short_rule(title: str) -> str:
    """A rule's title to its first ``:`` or ``(``: ``TV rules``, ``free rule``."""
    return title.split(":")[0].split(" (")[0]


def slug(text: str) -> str:
    """Words as a file name: ``Dutch LINGO on TV`` is ``dutch-lingo-on-tv``."""
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def pdf_name(setup: str, rule: str, strategy: str, letter: str) -> str:
    return f"pdf/{_pdf_words(setup, rule, strategy)}-{letter}.pdf"


def card_pdf_name(setup: str, rule: str, strategy: str) -> str:
    """The PDF of a folder's openers card; the TV card (TV rules, human scheme) is ``<setup>-tv-card.pdf``."""
    if (rule, strategy) == ("same-start", "human"):
        return f"pdf/{setup}-tv-card.pdf"
    return f"pdf/{_pdf_words(setup, rule, strategy)}-openers.pdf"


def _at_least(turns: dict[str, int], n: int) -> int:
    return sum(v for k, v in turns.items() if int(k) >= n)


def site_model(folders: list[TreeFolder], cards: dict[tuple[str, str, str], OpenersCard],
               printed: dict[str, int], files: Files, rankings: Sequence[OpenerRanking] = (),
               traps: Sequence[Trap] = (), hangman: HangmanPage | None = None) -> SiteModel:
    """The view model of the whole site. ``printed``: the PDFs printed (name ->
    pages; empty when PDFs are skipped); ``files``: the downloads;
    ``rankings``: the openers rankings and ``traps`` the one-letter families,
    each shown on its set-up's page; ``hangman``: the Hangman page
    (:func:`generator.output.hangmanpage.hangman_page`)."""
    by_setup: dict[str, list[FolderView]] = {}
    for f in folders:
        by_setup.setdefault(f.setup, []).append(_folder_view(f, cards, printed))
    family = {f.setup: f.family for f in folders}
    setups = sorted((_setup_view(sid, family[sid], views) for sid, views in by_setup.items()), key=_setup_order)
    setups = [replace(s, openers=tuple(openers_view(r, s.family) for r in sorted(
        rankings, key=lambda r: (_rule_order(r.rule), strategy_order(s.family, r.strategy))) if r.setup == s.id),
        traps=tuple(trap_row(t) for t in traps if t.setup == s.id))
        for s in setups]
    views_by_key = {(v.setup, v.rule, v.strategy): v for s in setups for v in s.folders}
    return SiteModel(
        setups=tuple(setups), downloads=files.downloads,
        folder_downloads=tuple((views_by_key[k], d) for k, d in files.by_folder.items() if k in views_by_key),
        archive=files.archive,
        rule_titles=_rule_titles(setups), hangman=hangman,
    )


def _rule_titles(setups: Sequence[SetupView]) -> dict[str, str]:
    """Every rule's title as LINGO names it, and the other games' own rules
    (Mastermind's variants); a set-up's own names are in its lookup entry."""
    lingo = {r.value: r.label for r in GuessRule}
    return lingo | {v.rule: v.rule_title for s in setups for v in s.folders if v.rule not in lingo}


def _setup_view(sid: str, family: str, views: list[FolderView]) -> SetupView:
    """A set-up's view: from the catalog for word games, from the variants
    (the rule folders) for Mastermind."""
    s = catalog_setups().get(sid)
    if s is not None:
        lists = catalog()[0]
        language = lists[s.answers].language if s.answers in lists else ""
        how = lists[s.answers].filter if s.answers in lists else ""
        return SetupView(sid, s.title, family, s.answers, s.guesses, tuple(s.game.digraphs), tuple(views),
                         _comparison(views) if s.paper else (), language, s.game.length, answers_filter=how,
                         show=s.show, played=s.played)
    if family == "mastermind":
        codes = "; ".join(f"{_variant_title(rule)}, {_codes(rule)}" for rule in dict.fromkeys(v.rule for v in views))
        return SetupView(sid, "Mastermind and Bulls and Cows", family, f"every code ({codes})",
                         "every code", (), tuple(views), ())
    return SetupView(sid, sid, family, "(not in the catalog)", "(not in the catalog)", (), tuple(views), ())


def _variant_title(rule: str) -> str:
    """A Mastermind rule folder is a variant: its title."""
    try:
        return variant(rule).title
    except LingoTreesError:
        return rule


def _codes(rule: str) -> str:
    try:
        return f"{variant(rule).codes} codes"
    except LingoTreesError:
        return "?"


def _setup_order(s: SetupView) -> tuple[Any, ...]:
    """Families in the order of :data:`~generator.core.strategies.FAMILIES`;
    LINGO by language, then length, a show's set-up first."""
    family = FAMILIES.index(s.family)
    language = LANGUAGE_ORDER.index(s.language) if s.language in LANGUAGE_ORDER else len(LANGUAGE_ORDER)
    listed = list(catalog_setups())
    return (family, language, s.language, s.length, not s.show, listed.index(s.id) if s.id in listed else len(listed),
            s.id)


def _folder_view(f: TreeFolder, cards: dict[tuple[str, str, str], OpenersCard],
                 printed: dict[str, int]) -> FolderView:
    index = f.index
    limit = max((t.game.turns for t in f.trees.values()), default=5)
    sheet = has_table(f.family, f.strategy)  # else a letter's page would only point to the lookup
    rows = []
    for letter, item in sorted(index["letters"].items()):
        pdf = pdf_name(f.setup, f.rule, f.strategy, letter)
        rows.append(LetterRow(
            letter=letter, secrets=item["secrets"], openers=tuple(item.get("openers", [])),
            k=item.get("k"), mean_turns=item["mean_turns"], max_turns=item["max_turns"],
            at_limit=_at_least(item["turns"], limit), late=len(item.get("late", [])),
            page=letter_page(f.setup, f.rule, f.strategy, letter) if sheet else "",
            lookup=lookup_url(f.setup, f.rule, f.strategy, letter),
            pdf=pdf if pdf in printed else None, pdf_pages=printed.get(pdf),
        ))
    totals = index["totals"]
    hist = {int(k): v for k, v in totals["turns"].items()}
    card_pdf = card_pdf_name(f.setup, f.rule, f.strategy)
    paper_rows: tuple[PaperRow, ...] = ()
    setup = catalog_setups().get(f.setup)
    if setup is not None and setup.paper and f.rule == "free" and f.strategy == "human":
        paper_rows = tuple(
            PaperRow(r.letter, r.openers, index["letters"][r.letter].get("largest_group", 0),
                     tuple(paper.OPENERS.get(r.letter, ())), paper.LARGEST.get(r.letter, "-"))
            for r in rows)
    return FolderView(
        setup=f.setup, rule=f.rule, strategy=f.strategy, title=strategy_title(f.family, f.strategy),
        short=strategy_short(f.family, f.strategy),
        rule_title=_variant_title(f.rule) if f.family == "mastermind" else rule_title(f.rule, f.family), turns_limit=limit,
        totals=totals, letters=tuple(rows),
        histogram=histogram(f"{f.setup}, {f.rule}, {f.strategy}: turns",
                            [(f"ours ({totals['secrets']})", hist)]),
        card=cards.get((f.setup, f.rule, f.strategy)),
        card_pdf=card_pdf if card_pdf in printed else None, paper_rows=paper_rows,
        first=_first_guess(f.trees),
    )


def _first_guess(trees: dict[str, GameTree]) -> str:
    """The opening guess of a folder holding one tree, else ``""``."""
    if len(trees) != 1:
        return ""
    root = next(iter(trees.values())).root
    return root.guess if isinstance(root, Node) else ""


def _comparison(views: list[FolderView]) -> tuple[Histogram, ...]:
    """The paper's Fig. 3 and Fig. 7 beside our free-rule SCM and human trees."""
    out = []
    for f in views:
        if f.rule != "free" or f.strategy not in ("scm", "human"):
            continue
        fig = (paper.FIG3_SCM, "Fig. 3") if f.strategy == "scm" else (paper.FIG7_HUMAN, "Fig. 7")
        ours = {int(k): v for k, v in f.totals["turns"].items()}
        out.append(histogram(
            f"{f.short}: paper's {fig[1]} beside ours",
            [(f"paper {fig[1]} ({paper.WORDS})", fig[0]), (f"ours ({f.totals['secrets']})", ours)],
            width=420))
    return tuple(out)


def lookup_index(model: SiteModel) -> dict[str, Any]:
    """What the lookup needs to offer its choices (``assets/lookup-index.json``)."""
    return {
        "format": "lingo-trees.lookup-index", "version": 1,
        "rule_titles": model.rule_titles,
        "setups": {
            s.id: {
                "title": s.title, "digraphs": list(s.digraphs),
                "rule_titles": {f.rule: f.rule_title for f in s.folders},
                # a game's own names ("optimal" is not the same in every game): short for a picker
                "strategy_titles": {f.strategy: f.title for f in s.folders},
                "strategy_names": {f.strategy: f.short for f in s.folders},
                "rules": {rule: {f.strategy: [r.letter for r in f.letters]
                                 for f in s.folders if f.rule == rule} for rule in s.rules},
            }
            for s in model.setups
        },
    }
