"""Printable cheat sheets: view models, the template environment, PDFs.

Rendering follows coverage.py's HTML report: the data of a sheet is first
prepared as plain, typed **view models** (dataclasses built from a tree file
or an index); the Jinja2 templates in ``generator/output/templates/`` only format
them. One function, :func:`environment`, builds the template environment
(autoescape on, so a word holding ``<``, ``&`` or quotes is shown, never
interpreted; and every value a page prints is text to Markdown too, see
:func:`as_text`) and its filters.

Two kinds of sheet:

* a **letter sheet** (:class:`LetterSheet`): for one set-up, rule, strategy
  and start letter, the openers, then every feedback combination of the
  openers that can occur with its candidates in playing order (and the
  exception move where there is one). Feedback is drawn as coloured tiles
  that also carry the mark ``G`` / ``Y`` / ``·``, so a sheet prints in black
  and white and reads for colour-blind players;
* an **openers card** (:class:`OpenersCard`): for one set-up, rule and
  strategy, one A4 page with the openers of every letter, the largest group
  left and the exceptions (the paper's Figs. 4-6 for all letters at once).

Trees of the adaptive strategies (``scm``, ``optimal``) have no group table:
their sheet is the lookup only.

The PDFs are printed from :func:`render_print`'s documents by
:mod:`generator.output.pdf`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from generator.core.blocks import SharedOpeners
from generator.core.feedback import Pattern
from generator.core.rules import rule_label
from generator.core.strategies import family_of, strategy_info
from generator.core.tree import GameTree
from generator.core.words import Letter, Letters, Word
from generator.errors import RulesError, StrategyError
from generator.output.cardsview import CARD_TITLES, CardChoice
from generator.output.i18n import _, decimal, gettext, language, link, ngettext, percent, term
from generator.output.tiles import FeedbackTiles, WordTiles, feedback_tiles, word_tiles

#: the version of the sheet layout; bump when a printed sheet changes meaning
SHEET_VERSION = 1

TWO_COLUMN_TILES = 15  # a sheet's groups in two columns up to this many opener tiles


def rule_title(rule: str, family: str = "lingo") -> str:
    """The title of a guess rule in ``family``'s games (:func:`rule_label`), or the name itself."""
    try:
        return rule_label(rule, family)
    except RulesError:
        return rule


def strategy_title(family: str, strategy: str) -> str:
    """The registry's title of a strategy, or the name itself."""
    try:
        return strategy_info(family, strategy).title
    except StrategyError:
        return strategy


def strategy_short(family: str, strategy: str) -> str:
    """The registry's short name of a strategy (for a table cell), or the name itself."""
    try:
        return strategy_info(family, strategy).short
    except StrategyError:
        return strategy


def has_table(family: str, scheme: object) -> bool:
    """Whether trees of this scheme have openers and groups (a sheet with a table)."""
    try:
        return isinstance(scheme, str) and strategy_info(family, scheme).table
    except StrategyError:
        return False


# -- view models ----------------------------------------------------------------


@dataclass
class ExceptionPart:
    """After an exception move: one of its feedbacks and what to play then."""

    feedback: FeedbackTiles
    words: list[Word]
    exception: WordTiles | None = None
    parts: list[ExceptionPart] = field(default_factory=list)
    late: list[Word] = field(default_factory=list)


@dataclass
class GroupRow:
    """One feedback combination of the openers and its candidates."""

    feedback: list[FeedbackTiles]  # one per opener
    words: list[Word]  # playing order
    exception: WordTiles | None = None
    parts: list[ExceptionPart] = field(default_factory=list)
    late: list[Word] = field(default_factory=list)


@dataclass
class LetterSheet:
    """Everything printed on one letter's sheet."""

    setup: str
    setup_title: str
    rule: str
    strategy: str
    letter: Letter
    secrets: int
    mean_turns: float
    max_turns: int
    turns: dict[int, int]
    openers: list[WordTiles]
    groups: list[GroupRow]
    late: list[Word]
    opener_secrets: list[Word]  # openers that are themselves possible answers
    has_table: bool
    lookup: str  # the lookup URL (relative to the site root)
    rule_title: str
    strategy_title: str
    tiles: int  # tiles in a word of the game (the width of every strip)

    @property
    def title(self) -> str:
        return _("%(setup)s, letter %(letter)s") % {"setup": _(self.setup_title), "letter": self.letter.upper()}

    @property
    def largest_group(self) -> int:
        return max((len(g.words) for g in self.groups), default=0)

    @property
    def row_tiles(self) -> int:
        """Tiles of the openers' feedback on a row of the table."""
        return sum(len(w.tiles) for w in self.openers)

    @property
    def columns(self) -> int:
        """Columns of the groups table on a printed page: two while the
        openers' feedback fits half an A4 width (three five-letter words),
        else one (the screen fits as many as its width takes)."""
        return 2 if self.row_tiles <= TWO_COLUMN_TILES else 1


#: a TV card names a letter's late words where it has at most this many
LATE_NAMED = 3


@dataclass(frozen=True)
class CardException:
    """An exception move: after this feedback of the openers, play ``word``."""

    feedback: tuple[Pattern, ...]
    word: Word


@dataclass
class CardRow:
    letter: Letter
    secrets: int
    openers: list[Word]
    largest_group: int
    exceptions: list[CardException]
    mean_turns: float
    max_turns: int
    late: int  # the tree's secrets past the last turn; a card cut from the full one: those it counts late
    proved_minimal: bool
    uncommon: list[Word] = field(default_factory=list)  # words to say that are outside common use
    late_words: list[Word] = field(default_factory=list)  # the late words, where the card names them (a few)
    words: list[Word] = field(default_factory=list)  # a letter without openers: the words to try

    def played_before(self, e: CardException) -> list[tuple[Word, Pattern]]:
        """The words played before exception move ``e``, each with the
        feedback it got: the openers, then the moves before it.

        >>> row = CardRow("k", 9, ["klopt", "kunde"], 4, [CardException(("G....", "G...."), "kraak"),
        ...               CardException(("G....", "G....", "G.YY."), "kassa")], 3.7, 5, 0, True)
        >>> row.played_before(row.exceptions[1])
        [('klopt', 'G....'), ('kunde', 'G....'), ('kraak', 'G.YY.')]
        """
        moves = {x.feedback: x.word for x in self.exceptions}
        words = self.openers + [moves[e.feedback[:i]] for i in range(len(self.openers), len(e.feedback))]
        return list(zip(words, e.feedback))


@dataclass
class OpenersCard:
    """One page: the openers of every letter for a set-up, rule and strategy.
    Under TV rules the human scheme's card is the **TV card**: what a
    contestant learns, every letter's openers and exception moves, with a
    legend of the feedback."""

    setup: str
    setup_title: str
    rule: str
    strategy: str
    rows: list[CardRow]
    words_to_learn: int
    opening_words: int
    exception_moves: int
    shared_openers: list[Word]
    probes: list[Word]
    distinct_words: int | None
    rule_title: str
    strategy_title: str

    cost: CardChoice | None = None  # a TV card's cost and what it buys (its ``line`` and ``weighted_line``)
    length: int = 5  # letters (tiles) of its words: the legend's example patterns are as long

    @property
    def examples(self) -> tuple[str, str, str]:
        """Feedback patterns of the card's length for its legend: ``G.Y..``, ``G....``, ``G.YY.``."""
        n = max(self.length, 4)
        return "G.Y" + "." * (n - 3), "G" + "." * (n - 1), "G.YY" + "." * (n - 4)

    @property
    def has_late(self) -> bool:
        return any(r.late for r in self.rows)

    @property
    def tv(self) -> bool:
        """Whether this is a TV card (TV rules, the human scheme: the full card or one cut from it)."""
        return self.rule == "same-start" and self.strategy in CARD_TITLES

    @property
    def name(self) -> str:
        """What the card is called on pages and in its PDF's title."""
        if not self.tv:
            return _("openers card")
        return _("TV card") if self.strategy == "human" else _("TV card, %(cut)s") % {"cut": _(CARD_TITLES[self.strategy])}

    @property
    def proved_letters(self) -> int:
        return sum(r.proved_minimal for r in self.rows)

    @property
    def uncommon(self) -> bool:
        """Whether some word it names is outside common use (marked on the card)."""
        return any(r.uncommon for r in self.rows)


# -- building view models ---------------------------------------------------------


def lookup_url(setup: str, rule: str, strategy: str, letter: str, path: Sequence[Pattern] = ()) -> str:
    """The URL of a lookup position, relative to the site root.

    >>> lookup_url("nl", "free", "human", "c", ["....G", "G.Y.."])
    'lookup.html?setup=nl&rule=free&strategy=human&letter=c&path=....G,G.Y..'
    """
    url = f"lookup.html?setup={setup}&rule={rule}&strategy={strategy}&letter={letter}"
    return url + (f"&path={','.join(path)}" if path else "")


def tree_alphabet(tree: GameTree) -> Letters:
    """How to split the words of ``tree`` into letters (its game's digraphs)."""
    return Letters(tuple(tree.game.digraphs))


def _part(data: dict[str, Any], exception: Word | None, alphabet: Letters) -> ExceptionPart:
    pattern = data["feedback"]
    assert exception is not None
    return ExceptionPart(
        feedback=feedback_tiles(exception, pattern, alphabet),
        words=list(data.get("words", [])),
        exception=word_tiles(data["exception"], alphabet) if data.get("exception") else None,
        parts=[_part(p, data.get("exception"), alphabet) for p in data.get("parts", [])],
        late=list(data.get("late", [])),
    )


def letter_sheet(tree: GameTree, setup: str, setup_title: str, rule: str, strategy: str,
                 letter: Letter) -> LetterSheet:
    """The view model of one letter's sheet, from its tree."""
    alphabet = tree_alphabet(tree)
    st: Mapping[str, Any] = tree.strategy
    family = family_of(tree.game.name)
    table = has_table(family, st.get("scheme")) and "groups" in st
    openers: list[Word] = list(st.get("openers", [])) if table else []
    groups = []
    for g in st.get("groups", []) if table else []:
        groups.append(GroupRow(
            feedback=[feedback_tiles(w, p, alphabet) for w, p in zip(openers, g["feedback"])],
            words=list(g.get("words", [])),
            exception=word_tiles(g["exception"], alphabet) if g.get("exception") else None,
            parts=[_part(p, g.get("exception"), alphabet) for p in g.get("parts", [])],
            late=list(g.get("late", [])),
        ))
    stats = tree.stats
    assert stats is not None, "a tree read from a file has its stats"
    secret_set = set(tree.secrets)
    return LetterSheet(
        setup=setup, setup_title=setup_title, rule=rule, strategy=strategy, letter=letter,
        secrets=stats.secrets, mean_turns=stats.mean_turns, max_turns=stats.max_turns,
        turns=dict(sorted(stats.turns.items())),
        openers=[word_tiles(w, alphabet) for w in openers],
        groups=groups, late=list(tree.late),
        opener_secrets=[w for w in openers if w in secret_set],
        has_table=table, lookup=lookup_url(setup, rule, strategy, letter),
        rule_title=rule_title(rule, family), strategy_title=strategy_title(family, strategy),
        tiles=tree.game.length,
    )


def openers_card(index: dict[str, Any], setup_title: str, shared: SharedOpeners | None = None,
                 length: int = 5) -> OpenersCard:
    """The view model of an openers card, from a strategy folder's ``index.json``
    (``length``: the letters of its words)."""
    rows = []
    for letter, item in sorted(index["letters"].items()):
        late = item.get("sure_late", item.get("late", []))
        rows.append(CardRow(
            letter=letter, secrets=item["secrets"], openers=list(item.get("openers", [])),
            largest_group=item.get("largest_group", 0),
            exceptions=[CardException(tuple(e["feedback"]), e["word"]) for e in item.get("exceptions", [])],
            mean_turns=item["mean_turns"], max_turns=item["max_turns"], late=len(late),
            proved_minimal=bool(item.get("proved_minimal")), uncommon=list(item.get("uncommon", [])),
            late_words=list(late) if len(late) <= LATE_NAMED else [], words=list(item.get("try", [])),
        ))
    totals = index["totals"]
    return OpenersCard(
        setup=index["setup"], setup_title=setup_title, rule=index["rule"], strategy=index["strategy"],
        rows=rows, words_to_learn=totals.get("words_to_learn", 0),
        opening_words=totals.get("openers", 0), exception_moves=totals.get("exceptions", 0),
        shared_openers=list(shared["openers"]) if shared else [], probes=list(shared["probes"]) if shared else [],
        distinct_words=totals.get("distinct_words"),
        rule_title=rule_title(index["rule"]), strategy_title=strategy_title("lingo", index["strategy"]),
        length=length,
    )


# -- templates --------------------------------------------------------------------


def package_dir(name: str) -> Path:
    """A data folder of the package: ``templates`` or ``static``."""
    return Path(__file__).resolve().parent / name


_HEADING = str.maketrans({"<": "‹", ">": "›", "&": "+", '"': "”", "'": "’", "`": "’"})


#: what HTML and Markdown (with its extensions attr_list, tables) read as
#: syntax (no link or image without brackets), written as character
#: references, which both show as the character; a line break is a space
#: (a value is one line)
_TEXT = str.maketrans({**{c: f"&#{ord(c)};" for c in "\\`*_{}[]|#\"'"},
                       "&": "&amp;", "<": "&lt;", ">": "&gt;", "\n": " ", "\r": " "})


@jinja2.pass_context
def as_text(context: jinja2.runtime.Context, value: Any) -> Any:
    """Every value a template prints (Jinja's ``finalize``) is text, to HTML
    and to Markdown alike: a catalog title such as ``[x](javascript:...)``
    or ``{ onclick=... }`` must not become a link or an attribute when the
    site's pages go through Markdown. Markup (a macro's HTML, ``tojson``)
    is already safe and passes; so do the scripts (``*.js.j2``).

    >>> environment().from_string("{{ t }}").render(t="[x](javascript:alert(1)) <b>")
    '&#91;x&#93;(javascript:alert(1)) &lt;b&gt;'
    """
    if not isinstance(value, str) or isinstance(value, Markup) or (context.name or "").endswith(".js.j2"):
        return value
    return Markup(value.translate(_TEXT))


@jinja2.pass_context
def _page_gettext(context: jinja2.runtime.Context, message: str, **values: Any) -> Markup:
    """``_("... %(name)s ...", name=value)`` in a template: the message in the
    page's language, trusted markup, with each value made text as every
    value a template prints is (:func:`as_text`)."""
    return Markup(gettext(message)) % {k: as_text(context, v) for k, v in values.items()}


@jinja2.pass_context
def _page_ngettext(context: jinja2.runtime.Context, singular: str, plural: str, num: int, **values: Any) -> Markup:
    """``ngettext(one, many, n, ...)``: the form for ``n``, which is ``%(num)d`` in it."""
    return Markup(ngettext(singular, plural, num)) % {"num": num, **{k: as_text(context, v) for k, v in values.items()}}


def heading_text(value: str) -> str:
    """Text safe for a Markdown heading or a nav title: MkDocs takes page
    titles from them and its theme writes them into ``<title>`` and the nav
    *unescaped* (after ``striptags``, which undoes entities), so characters
    that could make markup are replaced by look-alikes there. The exact words
    are always shown, escaped, in the page body.

    >>> heading_text("a<b> & 'c'")
    'a‹b› + ’c’'
    """
    return str(value).translate(_HEADING)


def _pct(value: float) -> str:
    return percent(value)


def _turns(value: float) -> str:
    return decimal(value, 3)


def _counted(n: int, noun: str) -> str:
    """``n`` and the noun, plural but for one: ``3|counted("word")`` is '3 words', ``1|counted("turn")`` '1 turn'."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


class Once:
    """``once(macro, value, *args)`` in a template: the markup the macro
    makes of a view model ``value`` (hashable, such as a feedback's tiles),
    made the first time and then reused. The site's sheets show the same
    feedback hundreds of thousands of times; the macro stays the only place
    that formats it (as coverage.py keeps each source line's HTML ready)."""

    def __init__(self, size: int = 1 << 16) -> None:
        self.size = size
        self._made: dict[tuple[Any, ...], Markup] = {}

    def __call__(self, macro: Any, value: Any, *args: Any) -> Markup:
        key = (macro.name, language(), value, *args)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= self.size:
                self._made.clear()
            made = self._made[key] = Markup(macro(value, *args))
        return made


@functools.cache
def environment() -> jinja2.Environment:
    """The one Jinja2 environment of the package: templates from
    ``generator/output/templates``, autoescape on for every template (also the
    Markdown pages, whose data is put in HTML), strict undefined names."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(package_dir("templates"))),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=as_text,
    )
    env.globals["_"] = env.globals["gettext"] = _page_gettext
    env.globals["ngettext"] = _page_ngettext
    env.globals["term"] = term  # a word of the catalog or registries (data): translated, never %-formatted
    env.globals["link"] = link
    env.globals["page_language"] = language
    env.filters["pct"] = _pct
    env.filters["heading"] = heading_text
    env.filters["turns"] = _turns
    env.filters["counted"] = _counted
    env.filters["tojson_attr"] = lambda v: json.dumps(v, ensure_ascii=False)
    env.globals["SHEET_VERSION"] = SHEET_VERSION
    env.globals["once"] = Once()
    env.globals["sheet_rows"] = sheet_rows
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)


def sheet_rows(sheet: LetterSheet) -> list[Markup]:
    """The rows of a letter sheet's table, each formatted once (the
    ``group_row`` macro): its template takes them, and the site splits a
    long sheet into pages by their bytes."""
    row = environment().get_template("macros.html.j2").module.group_row  # type: ignore[attr-defined]
    return [row(sheet, g) for g in sheet.groups]


def render_print(sheets: Sequence[LetterSheet] = (), cards: Sequence[OpenersCard] = (), *,
                 title: str, css: str = "sheet.css", inline: bool = False) -> str:
    """A standalone printable HTML document (A4) of cards and letter sheets,
    one page break between them; ``css`` is the stylesheet's URL, or with
    ``inline`` the stylesheet is inside (a document that fetches nothing)."""
    style = Markup(sheet_css()) if inline else None  # our own file: no "</style" in it (tested)
    return render("print.html.j2", sheets=sheets, cards=cards, title=title, css=css, style=style)


@functools.cache
def sheet_css() -> str:
    return (package_dir("static") / "sheet.css").read_text(encoding="utf-8")
