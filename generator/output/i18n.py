"""The players' languages: the site speaks English to everyone, Dutch to
the players of the Dutch set-ups and French to those of the French ones.

Messages are gettext catalogues, one per language
(``generator/output/locale/<lang>.po``), read with Babel and compiled in
memory. The English text is the message id, so English needs no catalogue.
Every message comes from one of three places (:func:`extract`): the Jinja
templates and Python (``_()``, ``ngettext()``, ``N_()``), the browser code
(``t()`` and ``tn()`` of ``static/i18n.js``) and the catalog's words for
the LINGO set-ups and their shows (:func:`data_messages`). The page being
written sets the language (:func:`speaking`); templates and the few
Python view strings ask :func:`gettext`. The browser code gets the messages
of its files as a JSON object in each page (:func:`js_messages`).

Update the catalogues after changing a message::

    python -m generator.output.i18n

adds each new message (with an empty translation, which the tests reject),
drops the ones no longer used and keeps every translation.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.numbers import format_decimal, format_percent

from generator.core.catalog import catalog
from generator.core.rules import GuessRule, rule_label
from generator.core.strategies import family_of, strategies

#: the languages of the pages: English for all, Dutch and French for their set-ups' players
LANGUAGES = ("en", "nl", "fr")
#: the language each one's name is written in, for the switch in the header
LANGUAGE_SELF_NAMES = {"en": "English", "nl": "Nederlands", "fr": "Français"}

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
_HERE = Path(__file__).resolve().parent

_current: ContextVar[str] = ContextVar("language", default="en")
_pages: ContextVar[frozenset[str]] = ContextVar("pages", default=frozenset())


def page_language(setup_language: str) -> str:
    """The language of a set-up's own pages: Dutch for a Dutch set-up,
    French for a French one, else English."""
    return setup_language if setup_language in LANGUAGES else "en"


def language() -> str:
    """The language of the page being written."""
    return _current.get()


@contextmanager
def speaking(lang: str, pages: frozenset[str] = frozenset()) -> Iterator[None]:
    """Write in ``lang`` inside the ``with`` block; ``pages``: the site's
    pages that ``lang`` has (paths from the site's root, ``practice.html``),
    which its pages link in ``lang`` (:func:`link`)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no such language: {lang!r} (one of {', '.join(LANGUAGES)})")
    token, token_pages = _current.set(lang), _pages.set(pages)
    try:
        yield
    finally:
        _current.reset(token)
        _pages.reset(token_pages)


def link(path: str, root: str = "") -> str:
    """The address of the site's page or file ``path`` (from the site's
    root, as ``nl-ij.html#k`` or ``practice.html?setup=nl``) from a page
    ``root`` below the root of its language: the page in the language of
    the page being written where that language has it, else the English
    one (Dutch and French pages are in ``nl/`` and ``fr/``).

    >>> with speaking("nl", frozenset({"practice.html"})):
    ...     link("practice.html?setup=nl-ij", "../"), link("nl-ij.html", "../")
    ('../practice.html?setup=nl-ij', '../../nl-ij.html')
    """
    if language() == "en" or path.split("#")[0].split("?")[0] in _pages.get():
        return root + path
    return root + "../" + path


@functools.cache
def catalogue(lang: str) -> Catalog:
    """The message catalogue of ``lang`` (``locale/<lang>.po``)."""
    with open(LOCALE_DIR / f"{lang}.po", "rb") as f:
        return read_po(f, locale=lang)


@functools.cache
def _translations(lang: str) -> _gettext.NullTranslations:
    if lang == "en":
        return _gettext.NullTranslations()
    buf = io.BytesIO()
    write_mo(buf, catalogue(lang))  # fuzzy translations left out: English shows instead, and the tests fail
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def gettext(message: str) -> str:
    """``message`` in the language of the page being written."""
    return _translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` things, in the page's language."""
    return _translations(language()).ngettext(singular, plural, n)


_ = gettext


def term(text: str) -> str:
    """A word of the data (a catalog title, a theme setting) in the page's
    language: its message is marked where the data is (:func:`N_`,
    :func:`data_messages`), so this call is not extracted."""
    return gettext(text)


def N_(message: str) -> str:
    """Marks a message to translate where it is defined (a table of names); :func:`gettext` translates it where shown."""
    return message


def number(value: int) -> str:
    """A count as the page's language writes it: ``4,673``, ``4.673``, ``4 673``."""
    return format_decimal(value, "#,##0", locale=language())


def percent(value: float, digits: int = 1) -> str:
    """A share as the page's language writes it: ``12.3%``, ``12,3%``, ``12,3 %``."""
    return format_percent(value, "#,##0." + "0" * digits + "%", locale=language())


def decimal(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals as the page's language writes it: ``4.107``, ``4,107``.

    >>> with speaking("fr"):
    ...     decimal(4.1072, 3)
    '4,107'
    """
    return format_decimal(value, "0." + "0" * digits if digits else "0", locale=language())


def js_messages(lang: str) -> dict[str, str | list[str]]:
    """What the browser code of a page in ``lang`` shows, by English text:
    the translations of the messages found in ``static/*.js``, a plural
    message as its list of forms (``static/i18n.js`` reads it)."""
    if lang == "en":
        return {}
    out: dict[str, str | list[str]] = {}
    for m in catalogue(lang):
        if not m.id or m.fuzzy or not any(path.startswith("static/") for path, _line in m.locations):
            continue
        if isinstance(m.id, tuple):
            forms = [str(f) for f in m.string] if isinstance(m.string, tuple) else []
            if forms and all(forms):
                out[str(m.id[0])] = forms
        elif m.string:
            out[str(m.id)] = str(m.string)
    return dict(sorted(out.items()))


# -- the messages and their catalogues --------------------------------------------

#: Babel's extraction: templates, browser code
#: Babel's extraction: templates and Python (_, N_, ngettext), the browser code (t, tn of static/i18n.js)
_SOURCES = [([("templates/**.j2", "jinja2"), ("**.py", "python")],
             {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}),
            ([("static/**.js", "javascript")], {"t": None, "tn": (1, 2)})]
_OPTIONS = {"templates/**.j2": {"trim_blocks": "true", "lstrip_blocks": "true"}}


def data_messages() -> list[tuple[str, str]]:
    """The words of the catalog and registries that pages show, with where
    they come from: each LINGO set-up's title, show and where it is played,
    and the names of the rules and strategies."""
    out: list[tuple[str, str]] = []
    for sid, setup in sorted(catalog()[1].items()):
        if family_of(setup.game.name) != "lingo":
            continue
        for name in ("title", "show", "played"):
            value = getattr(setup, name, None)
            if value:
                out.append((value, f"wordlists/catalog.toml:setups.{sid}.{name}"))
    out += [(rule_label(rule), f"rules:lingo.{rule.value}") for rule in GuessRule]
    for info in strategies("lingo"):
        out += [(info.title, f"strategies:lingo.{info.name}.title"),
                (info.short, f"strategies:lingo.{info.name}.short")]
    return out


def extract() -> Catalog:
    """Every message of the pages and the browser code, English (the template of the catalogues)."""
    pot = Catalog(project="lingo-trees", fuzzy=False)
    for methods, keywords in _SOURCES:
        for filename, lineno, message, comments, _context in extract_from_dir(
                str(_HERE), methods, _OPTIONS, keywords, comment_tags=("TRANSLATORS:",)):
            pot.add(message, locations=[(filename, lineno)], auto_comments=comments)
    for message, where in data_messages():
        pot.add(message, locations=[(where, 0)])
    return pot


def update(lang: str) -> tuple[int, int]:
    """Bring ``locale/<lang>.po`` up to the messages now used; returns
    (messages, still untranslated)."""
    path = LOCALE_DIR / f"{lang}.po"
    if path.exists():
        with open(path, "rb") as f:
            po = read_po(f, locale=lang)
    else:
        po = Catalog(locale=lang, project="lingo-trees", fuzzy=False)
    po.update(extract(), no_fuzzy_matching=True)
    po.obsolete.clear()
    # a header of no dates or names: the file changes only where a message does
    po.header_comment = f"# The lingo-trees site in {LANGUAGE_SELF_NAMES[lang]} (python -m generator.output.i18n)."
    po.project, po.version, po.msgid_bugs_address = "lingo-trees", "1", ""
    po.creation_date = po.revision_date = datetime(2026, 1, 1, tzinfo=timezone.utc)
    po.last_translator, po.language_team = "lingo-trees", LANGUAGE_SELF_NAMES[lang]
    buf = io.BytesIO()
    write_po(buf, po, width=100, omit_header=False, sort_output=False, include_previous=False, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())
    catalogue.cache_clear()
    _translations.cache_clear()
    return len(po), sum(1 for m in po if m.id and not _translated(m))


def _translated(m: Any) -> bool:
    if m.fuzzy:
        return False
    return all(m.string) if isinstance(m.string, tuple) else bool(m.string)


def untranslated(lang: str) -> list[str]:
    """The messages of ``lang``'s catalogue with no translation (or a fuzzy one)."""
    return [m.id if isinstance(m.id, str) else m.id[0] for m in catalogue(lang) if m.id and not _translated(m)]


def main() -> None:
    for lang in LANGUAGES[1:]:
        n, missing = update(lang)
        print(f"locale/{lang}.po: {n} messages, {missing} without a translation", file=sys.stderr)


if __name__ == "__main__":
    main()
