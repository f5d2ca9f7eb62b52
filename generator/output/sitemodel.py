"""The strategy site's view models: built once from the trees, never changed.

:func:`~generator.output.sitetrees.read_folders` reads every strategy
folder of a trees folder with its index and tree files, and
:func:`~generator.output.sitetrees.sheet_models` makes the printable sheets
of them (:mod:`generator.output.sitetrees`); once the PDFs are
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
from generator.core.catalog_games import site_defaults
from generator.core.rules import GuessRule
from generator.core.strategies import FAMILIES, strategy_info, strategy_order
from generator.core.tree import GameTree, Node
from generator.errors import LingoTreesError, StrategyError
from generator.games.mastermind import variant
from generator.output import paper
from generator.output.cardsfile import CARD_NAMES, CardsEntry
from generator.output.cardsview import CardsView, cards_view
from generator.output.charts import Histogram, histogram
from generator.output.hangmanpage import HangmanPage
from generator.output.i18n import _, number
from generator.output.openersview import OpenersView, TrapRow, openers_view, trap_row
from generator.output.sheets import (
    OpenersCard,
    has_table,
    lookup_url,
    rule_title,
    strategy_short,
    strategy_title,
)
from generator.output.sitenames import (
    card_deck_name,
    card_pdf_name,
    folder_page,
    letter_page,
    pdf_name,
    setup_title,
    short_rule,
    short_setup_title,
    slug,
)
from generator.output.sitetrees import TreeFolder, cut_card, rule_order
from generator.search.ranking import OpenerRanking
from generator.search.traps import Trap

#: how the site names each game family
GAME_TITLES = {"lingo": "LINGO", "wordle": "Wordle", "mastermind": "Mastermind", "hangman": "Hangman"}
#: LINGO set-ups by language, in the catalog's order of languages: the show's own (Dutch) first
LANGUAGE_ORDER = tuple(LANGUAGE_NAMES)


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
    """One strategy folder: ``trees/<setup>/<rule>/<strategy>/`` (a
    Mastermind folder: ``trees/mastermind/<variant>/<strategy>/``, its
    variant in the place of ``rule`` in its URLs and ``rule_title`` the
    variant's title; ``variant`` says which)."""

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
    card_deck: str | None = None  # a TV card's Anki deck
    paper_rows: tuple[PaperRow, ...] = ()
    first: str = ""  # a folder of one tree (Wordle, Mastermind): its first guess
    setup_title: str = ""
    variant: str | None = None  # a Mastermind folder's variant (None: a word game's)

    @property
    def page_title(self) -> str:
        """The title of its page in a browser's tab and bookmarks: the
        strategy first (what tells the tabs apart), then the game and rule."""
        return f"{self.short[:1].upper()}{self.short[1:]} · {short_setup_title(self.setup_title)} · {self.rule_short}"

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
    def card_learn(self) -> str | None:
        """The Learn page of a TV card (``learn.html?card=nl-ij-tv-card``), from the site root."""
        return f"learn.html?card={Path(self.card_deck).stem}" if self.card_deck else None

    @property
    def card_name(self) -> str:
        """``TV card`` (TV rules, the human scheme; ``TV card, the knee``: one cut from it) or ``Openers card``."""
        return self.card.name if self.card is not None and self.card.tv else _("Openers card")


@dataclass(frozen=True)
class BestFirst:
    """A set-up's best first word under one rule, as its page leads with it."""

    rule: str  # the rule's short title: "normal mode", "hard mode"
    word: str
    mean: float  # guesses a game after it, played optimally
    proved: bool  # the best of every allowed first word
    tried: tuple[str, ...]  # the first words whose optimal trees were built
    page: str  # the page of its optimal tree ("" where none was built)


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
    cards: CardsView | None = None  # its TV cards by size and their frontier (trees/cards.json)

    @property
    def rules(self) -> list[str]:
        rules = sorted({f.rule for f in self.folders}, key=rule_order)
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
        return _("codes") if self.family == "mastermind" else _("words")

    def in_rule(self, rule: str) -> tuple[FolderView, ...]:
        return tuple(f for f in self.folders if f.rule == rule)

    @property
    def best_first(self) -> tuple[BestFirst, ...]:
        """Per guess rule, the best first word this site knows (Wordle, where
        a player comes for it): the top of the exact search's ranking where
        there is one, else the best of the optimal trees' first words."""
        out = []
        for rule in self.rules:
            ranked = next((o for o in self.openers if o.optimal and o.rule == rule and o.top), None)
            trees = sorted((f for f in self.in_rule(rule) if f.strategy.startswith("optimal") and f.first),
                           key=lambda f: (f.totals["mean_turns"], f.first))
            if ranked is not None:
                word, mean, proved = ranked.top[0].word, ranked.top[0].mean, ranked.proved
            elif trees:
                word, mean, proved = trees[0].first, trees[0].totals["mean_turns"], False
            else:
                continue
            page = next((f.page for f in trees if f.first == word), "")
            out.append(BestFirst(short_rule(rule_title(rule, self.family)), word, mean, proved,
                                 tuple(f.first for f in trees), page))
        return tuple(out)

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

    def grid(self, rule: str) -> tuple[LetterGridRow, ...]:
        """Every letter of the rule's folders: its words and its row in each
        folder (``None`` where a folder has no tree for it)."""
        folders = self.in_rule(rule)
        rows = {f.strategy: {r.letter: r for r in f.letters} for f in folders}
        letters = sorted({r.letter for f in folders for r in f.letters})
        out = []
        for letter in letters:
            cells = tuple(rows[f.strategy].get(letter) for f in folders)
            out.append(LetterGridRow(letter, max(c.secrets for c in cells if c is not None), cells))
        return tuple(out)


@dataclass(frozen=True)
class LetterGridRow:
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


@dataclass(frozen=True)
class SiteModel:
    setups: tuple[SetupView, ...]
    downloads: tuple[Download, ...]
    folder_downloads: tuple[tuple[FolderView, tuple[Download, ...]], ...]
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


def _at_least(turns: dict[str, int], n: int) -> int:
    return sum(v for k, v in turns.items() if int(k) >= n)


def site_model(folders: list[TreeFolder], cards: dict[tuple[str, str, str], OpenersCard],
               printed: dict[str, int], files: Files, rankings: Sequence[OpenerRanking] = (),
               traps: Sequence[Trap] = (), hangman: HangmanPage | None = None,
               card_entries: Sequence[CardsEntry] = ()) -> SiteModel:
    """The view model of the whole site. ``printed``: the PDFs printed (name ->
    pages; empty when PDFs are skipped); ``files``: the downloads;
    ``rankings``: the openers rankings and ``traps`` the one-letter families,
    each shown on its set-up's page; ``hangman``: the Hangman page
    (:func:`generator.output.hangmanpage.hangman_page`); ``card_entries``:
    the cards by size of the show's set-ups (``cards.json``)."""
    by_setup: dict[str, list[FolderView]] = {}
    for f in folders:
        by_setup.setdefault(f.setup, []).append(_folder_view(f, cards, printed))
    family = {f.setup: f.family for f in folders}
    setups = sorted((_setup_view(sid, family[sid], views) for sid, views in by_setup.items()), key=_setup_order)
    setups = [replace(s, openers=tuple(openers_view(r, s.family) for r in sorted(
        rankings, key=lambda r: (rule_order(r.rule), strategy_order(s.family, r.strategy))) if r.setup == s.id),
        traps=tuple(trap_row(t) for t in traps if t.setup == s.id),
        cards=next((cards_view(e, {f.strategy: (f.page, f.card_pdf, f.card_deck, f.card_learn) for f in s.folders
                                   if f.rule == e.rule and f.strategy in CARD_NAMES})
                    for e in card_entries if e.setup == s.id), None))
        for s in setups]
    views_by_key = {(v.setup, v.rule, v.strategy): v for s in setups for v in s.folders}
    return SiteModel(
        setups=tuple(setups), downloads=files.downloads,
        folder_downloads=tuple((views_by_key[k], d) for k, d in files.by_folder.items() if k in views_by_key),
        rule_titles=_rule_titles(setups), hangman=hangman,
    )


def _rule_titles(setups: Sequence[SetupView]) -> dict[str, str]:
    """Every rule's title as LINGO names it, and by the name in the place
    of the rule in its URLs, each Mastermind variant's title; a set-up's own
    names are in its lookup entry."""
    lingo = {r.value: _(r.label) for r in GuessRule}
    return lingo | {v.rule: v.rule_title for s in setups for v in s.folders if v.rule not in lingo}


def _setup_view(sid: str, family: str, views: list[FolderView]) -> SetupView:
    """A set-up's view: from the catalog for word games, from the variants
    (the folders' variants) for Mastermind."""
    s = catalog_setups().get(sid)
    if s is not None:
        lists = catalog()[0]
        language = lists[s.answers].language if s.answers in lists else ""
        how = lists[s.answers].filter if s.answers in lists else ""
        return SetupView(sid, _(s.title), family, s.answers, s.guesses, tuple(s.game.digraphs), tuple(views),
                         _comparison(views) if s.paper else (), language, s.game.length, answers_filter=how,
                         show=s.show, played=_(s.played) if s.played else "")
    if family == "mastermind":
        variants = dict.fromkeys(v.variant or v.rule for v in views)
        codes = "; ".join(f"{_variant_title(name)}, {_codes(name)}" for name in variants)
        return SetupView(sid, "Mastermind and Bulls and Cows", family, f"every code ({codes})",
                         "every code", (), tuple(views), ())
    return SetupView(sid, sid, family, "(not in the catalog)", "(not in the catalog)", (), tuple(views), ())


def _variant_title(name: str) -> str:
    """A Mastermind variant's title (its name where no variant has it)."""
    try:
        return variant(name).title
    except LingoTreesError:
        return name


def _codes(name: str) -> str:
    """How many codes a Mastermind variant has."""
    try:
        return f"{variant(name).codes} codes"
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
    sheet = has_table(f.family, f.strategy) and not cut_card(f)  # else a letter's page would only point to the lookup
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
    rule_t = _variant_title(f.key.setup) if f.family == "mastermind" else rule_title(f.rule, f.family)
    return FolderView(
        setup=f.setup, rule=f.rule, strategy=f.strategy, title=_(strategy_title(f.family, f.strategy)),
        short=_(strategy_short(f.family, f.strategy)), rule_title=_(rule_t), turns_limit=limit,
        totals=totals, letters=tuple(rows),
        histogram=histogram(_("Turns to find the word: %(strategy)s, %(rule)s") % {
            "strategy": _(strategy_short(f.family, f.strategy)), "rule": short_rule(_(rule_t))},
            [(_("%(n)s words") % {"n": number(totals["secrets"])}, hist)]),
        card=cards.get((f.setup, f.rule, f.strategy)),
        card_pdf=card_pdf if card_pdf in printed else None, card_deck=card_deck_name(f.setup, f.rule, f.strategy),
        paper_rows=paper_rows,
        first=_first_guess(f.trees),
        setup_title=_(setup_title(f.setup)),
        variant=f.variant,
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
            [(f"paper {fig[1]} ({paper.WORDS:,} words)", fig[0]), (f"ours ({f.totals['secrets']:,} words)", ours)],
            width=420))
    return tuple(out)


def lookup_index(model: SiteModel, only: set[str] | None = None) -> dict[str, Any]:
    """What the lookup needs to offer its choices (``assets/lookup-index.json``):
    every set-up, or those of ``only``; and the game a first visit opens (``default``, the
    catalog's ``[site]``: the first of its set-ups the index has)."""
    site = site_defaults()
    return {
        "format": "lingo-trees.lookup-index", "version": 1,
        "default": {"setups": list(site.setups), "rule": site.rule, "strategy": site.strategy},
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
            for s in model.setups if only is None or s.id in only
        },
    }
